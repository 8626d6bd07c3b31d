"""The REST API: a Flask app over the game service (see the README for the routes it serves)."""

"""The REST API over the game service (Flask). It holds no rules: every route calls ``domain.service``."""

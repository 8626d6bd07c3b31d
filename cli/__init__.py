"""The ``ludolog`` command line: thin click commands over the game service."""

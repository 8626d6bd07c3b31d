"""Replays over the game service: rebuilding games at any step, stepping through them, audits, exports."""

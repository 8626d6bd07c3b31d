"""Replays: rebuilding games at any step, stepping through them, audits and exports."""

"""The public server: per-visitor limits (limits.py), the ASGI door in front of Gradio (door.py), who trained
which run (runs.py), the Space's environment (hosting.py) and the JSON routes beside the app (routes.py)."""

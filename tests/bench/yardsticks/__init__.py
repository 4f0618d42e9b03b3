"""Yardstick players for the arena: plain players written from each game's rules, none of our levels.

Each ``GAME.py`` here exposes ``PLAYERS: dict[str, Callable[[], Bot]]``; the arena names them ``yard:NAME``.
"""

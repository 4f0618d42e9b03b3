"""Frozen copies of earlier top-level bots, kept as fixed yardsticks for the arena (``frozen:NAME``).

Each ``GAME_*.py`` is a verbatim copy of a bot as it stood when it was frozen (helpers included, imports
pointed at the copies), so later changes to ``logic/`` cannot move the yardstick. Do not "fix" them.
"""

"""``GET /api/v1/nights/<CODE>``: a game night as JSON, for automation and scripts (the standings, the tables and
their state, the matches). No token: what it tells is what the night's page shows anyone with its link, player ids
left out. ``?computers=0|1`` lists computer players in the standings or not (default: as the host set it)."""

from __future__ import annotations

from fastapi.responses import JSONResponse
from nicegui import app

from ui.pages.night_data import NIGHT_CODE_RE, night_json
from ui.server.runtime import runtime


def register() -> None:
    @app.get("/api/v1/nights/{code}", include_in_schema=False)
    def night_api(code: str, computers: str | None = None) -> JSONResponse:
        clean = (code or "").strip().upper()
        if not NIGHT_CODE_RE.match(clean):
            return JSONResponse({"detail": "A night's code is 4 to 12 letters and digits."}, status_code=400)
        if computers not in (None, "0", "1", "true", "false"):
            return JSONResponse({"detail": "computers is 1 (list computer players) or 0."}, status_code=400)
        hub = runtime().hub
        night = hub.nights.get(clean)
        if night is None:
            return JSONResponse({"detail": f"No game night with code {clean}."}, status_code=404)
        show = None if computers is None else computers in ("1", "true")
        return JSONResponse(night_json(night, hub.registry, show))

"""``GET /api/v1/nights/<CODE>``: a game night as JSON, for automation and scripts (the standings, the tables and
their state, the matches). No token: what it tells is what the night's page shows anyone with its link, player ids
left out. ``?computers=0|1`` lists computer players in the standings or not (default: as the host set it)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.responses import JSONResponse, Response
from nicegui import app

from logic.night import Night, standings
from ui.components.night_png import NightRow, render_night
from ui.i18n import _, ngettext
from ui.i18n.viewer import date, speaking
from ui.pages.night_data import NIGHT_CODE_RE, held_of, night_json, night_points
from ui.server.runtime import runtime


def night_image(night: Night, held: frozenset[str]) -> bytes:
    """The night's standings as a PNG (in the language being spoken), without the matches ``held`` back."""
    rows = [NightRow(s.rank, _("{name} (computer)", name=s.name) if s.computer else s.name, night_points(s.average),
                     s.matches, s.wins) for s in standings(night, held=held)]
    when = date(datetime.fromtimestamp(night.created_at, UTC))
    count = len([m for m in night.counted() if m.code not in held])
    sub = ngettext("{date} · {n} match played", "{date} · {n} matches played", count, date=when)
    return render_night(night.name, sub, rows)


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
        return JSONResponse(night_json(night, hub.registry, show, runtime().duplicates()))

    @app.get("/share/night/{code}.png", include_in_schema=False)  # an image, like a game's scorecard
    def night_png(code: str, download: int = 0, lang: str = "") -> Response:  # lang: the sharing page's language
        night = runtime().hub.nights.get(code) if NIGHT_CODE_RE.match((code or "").strip().upper()) else None
        if night is None:
            with speaking(lang):
                text = _("No game night with code {code}.", code=(code or "?")[:12].upper())
            return Response(text, status_code=404, media_type="text/plain; charset=utf-8")
        headers = {"Cache-Control": "no-cache"}
        if download:
            headers["Content-Disposition"] = f'attachment; filename="cardnight-night-{night.code}.png"'
        with speaking(lang):
            png = night_image(night, held_of(night, runtime().hub.registry, runtime().duplicates()))
        return Response(png, media_type="image/png", headers=headers)

"""Files drawn by the app: card faces (``/cards/…``, ui/components/card_faces.py) and shared scorecards
(``/share/<CODE>.png``, ui/components/share.py)."""

from __future__ import annotations

from fastapi import Response
from nicegui import app

from logic.cards import SUITS, is_joker
from ui.components.card_faces import CACHE_SECONDS, face_svg, faces_css
from ui.components.scorecard_png import render_scorecard
from ui.i18n import _
from ui.i18n.viewer import speaking
from ui.server.runtime import runtime


def register() -> None:
    register_card_faces()
    register_scorecards()


def register_card_faces() -> None:
    """Serve the faces and their stylesheet (cached by browsers for a day)."""
    from fastapi import HTTPException
    from fastapi.responses import Response
    from nicegui import app

    headers = {"Cache-Control": f"public, max-age={CACHE_SECONDS}"}

    def svg_response(code: str, four: bool) -> Response:
        name = code.removesuffix(".svg")
        try:
            if not name or (name[-1].upper() not in SUITS and not is_joker(name.upper())):
                raise ValueError(name)
            body = face_svg(name.upper(), four)
        except ValueError:
            raise HTTPException(status_code=404, detail="No such card") from None
        return Response(body, media_type="image/svg+xml", headers=headers)

    @app.get("/cards/faces.css", include_in_schema=False)
    def faces_stylesheet() -> Response:
        return Response(faces_css(), media_type="text/css", headers=headers)

    @app.get("/cards/4/{code}", include_in_schema=False)
    def four_colour_face(code: str) -> Response:
        return svg_response(code, True)

    @app.get("/cards/{code}", include_in_schema=False)
    def face(code: str) -> Response:
        return svg_response(code, False)


def register_scorecards() -> None:
    @app.get("/share/{code}.png", include_in_schema=False)  # an image, not part of the seat API docs
    def scorecard(code: str, download: int = 0, lang: str = "") -> Response:  # lang: the sharing page's language
        finished = runtime().finished
        record = finished.find(code)
        # duplicate deals: not while the other tables still play them (the image names no viewer: it waits for all)
        if record is None or runtime().duplicates().group_still_playing(record.code):
            with speaking(lang):
                text = _("No finished game with that code.")
            return Response(text, status_code=404, media_type="text/plain; charset=utf-8")
        headers = {"Cache-Control": "public, max-age=86400"}
        if download:
            headers["Content-Disposition"] = f'attachment; filename="cardnight-{record.code}.png"'
        with speaking(lang):
            png = render_scorecard(record, finished.start(record))
        return Response(png, media_type="image/png", headers=headers)

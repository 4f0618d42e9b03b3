"""The seat API's description (``/openapi.json``) and its two readers, Swagger UI (``/docs``) and ReDoc
(``/redoc``), served by Card Night itself.

FastAPI's own ``/docs`` and ``/redoc`` pages load their scripts from a CDN, so on a home network without internet
they stay blank. Here both pages load the same viewers from the ``fastapi-offline`` package instead (pinned in
pyproject.toml; it ships Swagger UI's and ReDoc's built files). Neither page loads anything from another host: no
web fonts, no validator badge, and a Content-Security-Policy keeps the browser from fetching the one picture ReDoc
would (its maker's logo). main.py therefore leaves FastAPI's own documentation switched off.

The description lists the seat API (``/api/v1/``) only, not the app's pages, static files or host console.
"""

from __future__ import annotations

import importlib.resources
from typing import Any
from urllib.parse import quote

TITLE = "Card Night seat API"
VERSION = "1"
DESCRIPTION = (
    "A program can play one seat at a table. The host gives it a token in the lobby (or a practice link with "
    "`program=1` does); every call sends it as `Authorization: Bearer <token>`. The program reads its seat's view, "
    "asks for the legal actions, sends one of them, and waits for the next change on `/events`."
)
API_PREFIX = "/api/v1/"  # the seat API's routes (ui/seat_api/routes.py)
OPENAPI_URL = "/openapi.json"
DOCS_URL = "/docs"
REDOC_URL = "/redoc"
STATIC_URL = "/api-docs/static"  # swagger-ui-bundle.js, swagger-ui.css, redoc.standalone.js from the package
# the tab's icon is the app's own card (an inline SVG: nothing to fetch)
FAVICON = "data:image/svg+xml," + quote(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">🂡</text></svg>')
# pictures, fonts and requests of both viewers: this server only (scripts and styles come from it anyway)
POLICY = "img-src 'self' data:; font-src 'self' data:; connect-src 'self'"
SWAGGER_PARAMETERS = {
    "validatorUrl": None,  # Swagger UI would otherwise send the description to an online validator for a badge
    "persistAuthorization": True,  # a pasted token stays while the page is reloaded
}


def static_dir() -> str:
    """The folder of the viewers' files inside the installed fastapi-offline package."""
    return str(importlib.resources.files("fastapi_offline") / "static")


def register() -> None:
    from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
    from fastapi.openapi.utils import get_openapi
    from fastapi.responses import HTMLResponse, JSONResponse
    from nicegui import app

    app.title, app.version, app.description = TITLE, VERSION, DESCRIPTION
    app.openapi_url = OPENAPI_URL
    app.add_static_files(STATIC_URL, static_dir())

    made: list[dict[str, Any]] = []

    def seat_api_schema() -> dict[str, Any]:
        if not made:  # on first use: every route exists by then
            schema = get_openapi(title=TITLE, version=VERSION, description=DESCRIPTION, routes=app.routes)
            schema["paths"] = {path: item for path, item in schema["paths"].items() if path.startswith(API_PREFIX)}
            made.append(schema)
        return made[0]

    @app.get(OPENAPI_URL, include_in_schema=False)
    def openapi() -> JSONResponse:
        return JSONResponse(seat_api_schema())

    def offline(page: HTMLResponse) -> HTMLResponse:
        page.headers["Content-Security-Policy"] = POLICY
        return page

    @app.get(DOCS_URL, include_in_schema=False)
    def swagger_ui() -> HTMLResponse:
        return offline(get_swagger_ui_html(
            openapi_url=OPENAPI_URL, title=f"{TITLE} (Swagger UI)", swagger_js_url=f"{STATIC_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{STATIC_URL}/swagger-ui.css", swagger_favicon_url=FAVICON, oauth2_redirect_url=None,
            swagger_ui_parameters=SWAGGER_PARAMETERS))

    @app.get(REDOC_URL, include_in_schema=False)
    def redoc() -> HTMLResponse:
        return offline(get_redoc_html(
            openapi_url=OPENAPI_URL, title=f"{TITLE} (ReDoc)", redoc_js_url=f"{STATIC_URL}/redoc.standalone.js",
            redoc_favicon_url=FAVICON, with_google_fonts=False))

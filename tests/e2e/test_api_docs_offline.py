"""The seat API's documentation pages work on a home network without internet: with every request to another host
refused, `/docs` (Swagger UI) and `/redoc` (ReDoc) still draw the seat API's operations, from files the server
itself serves, and neither page even tries to reach another host."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import Server

OPERATIONS = ("/api/v1/tables/{code}", "/api/v1/tables/{code}/legal", "/api/v1/tables/{code}/actions",
              "/api/v1/tables/{code}/events")
SUMMARIES = ("The seat's view of the table", "The seat's legal actions now", "Make one move; answers the new view",
             "Wait (long poll) until the table is past")


def only_the_server(page: Page, server: Server) -> list[str]:
    """Refuse every request that is not to the server; the list collects what was refused."""
    refused: list[str] = []

    def handle(route: Route) -> None:
        if route.request.url.startswith(server.url + "/"):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    page.route("**/*", handle)
    return refused


def test_swagger_ui_and_redoc_draw_the_seat_api_offline(page: Page, server: Server) -> None:
    refused = only_the_server(page, server)
    page.set_viewport_size({"width": 1280, "height": 800})

    page.goto(f"{server.url}/docs")
    expect(page.get_by_role("heading", name="Card Night seat API")).to_be_visible()
    for path in OPERATIONS:  # each operation's row, with its method and path
        expect(page.locator(f".opblock-summary-path[data-path='{path}']")).to_be_visible()
    page.locator(".opblock-summary-path[data-path='/api/v1/tables/{code}/actions']").click()  # opens it
    expect(page.get_by_text("one action, exactly as listed by")).to_be_visible()

    page.goto(f"{server.url}/redoc")
    expect(page.get_by_role("heading", name="Card Night seat API")).to_be_visible()
    for summary in SUMMARIES:  # a section per operation, each with its method and path beside it
        expect(page.get_by_role("heading", name=re.compile(re.escape(summary)))).to_be_visible()
    for path in OPERATIONS:
        expect(page.get_by_text(path, exact=True).first).to_be_attached()
    expect(page.get_by_text("/api/v1/tables/{code}", exact=True).first).to_be_visible()
    page.get_by_role("menuitem", name="Seat API").click()  # the side menu opens on the operations
    expect(page.get_by_role("menuitem", name=re.compile("Make one move"))).to_be_visible()

    assert refused == [], f"the pages asked other hosts for {refused}"

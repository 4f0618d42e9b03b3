"""What a person does before a page's socket is up reaches the server in the order it was done
(ui/nicegui_internals/islands.js). NiceGUI 3.18 holds each early event in a timer of its own, so a code typed and
its button pressed a few milliseconds later could reach the server button first: the link page then said "Type the
code" about a box that was full (a fresh-clone CI run met it once).

The test holds the page's socket (Playwright's WebSocket route: nothing the page sends reaches the server) while it
types a code and presses the button 8 ms later, then lets everything through at once. Without the fix the press
overtakes the typing in about eight tries out of ten; four pages in a row all read the code here.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, WebSocketRoute, expect

from tests.e2e.conftest import Server, shared_server_fixture

server = shared_server_fixture()

TYPE_THEN_PRESS = """
async () => {
  const field = document.querySelector("[data-testid=link-code-input]");
  const box = field.matches("input") ? field : field.querySelector("input");
  box.value = "ABCD-EFGH";
  box.dispatchEvent(new Event("input", { bubbles: true }));
  await new Promise((done) => setTimeout(done, 8));
  document.querySelector("[data-testid=btn-link-use]").click();
  return window.did_handshake;
}
"""


class HeldSocket:
    """The page's socket to NiceGUI, with what the page sends held back until :meth:`release`."""

    def __init__(self) -> None:
        self.held: list[str | bytes] = []
        self.route: WebSocketRoute | None = None
        self.released = False

    def __call__(self, route: WebSocketRoute) -> None:
        self.route = route
        upstream = route.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if self.released:
                upstream.send(message)
            else:
                self.held.append(message)

        route.on_message(from_page)
        self.upstream = upstream

    def release(self) -> None:
        self.released = True
        for message in self.held:
            self.upstream.send(message)
        self.held.clear()


def test_a_code_typed_and_sent_before_the_socket_is_up_arrives_in_order(browser: Browser, server: Server) -> None:
    for _ in range(4):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        socket = HeldSocket()
        page.route_web_socket(re.compile(r"/_nicegui_ws/"), socket)
        page.goto(server.url + "/link")
        expect(page.locator("[data-testid=btn-link-use]")).to_be_visible()
        assert page.evaluate(TYPE_THEN_PRESS) is False  # both happened before the handshake
        assert socket.route is not None
        page.wait_for_timeout(30)  # the page's early events wait (NiceGUI looks again every 10 ms)
        socket.release()
        # the server read the typed code (a made-up one), not an empty box
        expect(page.locator("[data-testid=link-message]")).to_contain_text("not valid")
        context.close()

"""Finding elements by their tester-contract ``data-testid`` in NiceGUI `user` tests."""

from __future__ import annotations

import asyncio
import re
from html.parser import HTMLParser

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from logic.table import Table, lobby, turns
from ui.server.runtime import runtime


def with_testid(user: User, testid: str) -> list[ui.element]:
    with user:
        return [e for e in user.current_layout.descendants() if e.props.get("data-testid") == testid]


def in_markup(user: User, testid: str) -> list[ui.element]:
    """Elements drawn as HTML (``ui.html``: a part of the page built as one element, issue 50) whose markup holds an
    element with this data-testid."""
    found = re.compile(rf"""data-testid=(["']?){re.escape(testid)}\1[\s>]""")
    with user:
        return [e for e in user.current_layout.descendants() if found.search(str(e.props.get("innerHTML") or ""))]


def card_codes(el: ui.element) -> list[str]:
    """The ``data-card`` codes drawn in ``el``, in order: its elements' and those in its HTML."""
    codes = [d.props["data-card"] for d in el.descendants() if "data-card" in d.props]
    return codes + re.findall(r"""data-card=["']?([^"' >]+)""", str(el.props.get("innerHTML") or ""))


class _TestidTexts(HTMLParser):
    """The words of each element with a given data-testid in a piece of HTML (no nesting inside them)."""

    def __init__(self, testid: str) -> None:
        super().__init__()
        self.testid, self.open, self.texts = testid, False, []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if dict(attrs).get("data-testid") == self.testid:
            self.open = True
            self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        self.open = False

    def handle_data(self, data: str) -> None:
        if self.open:
            self.texts[-1] += data


def texts_with_testid(box: ui.element, testid: str) -> list[str]:
    """The words of the elements with this data-testid inside ``box``: drawn as elements or in a ``ui.html``."""
    texts = [str(getattr(e, "text", "")) for e in box.descendants() if e.props.get("data-testid") == testid]
    for e in box.descendants():
        markup = e.props.get("innerHTML")
        if markup and testid in str(markup):
            parser = _TestidTexts(testid)
            parser.feed(str(markup))
            texts += parser.texts
    return texts


async def find(user: User, testid: str, timeout: float = 3.0) -> UserInteraction:
    """Wait until an element with this data-testid exists (pages refresh in background tasks)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = with_testid(user, testid)
        if found:
            return UserInteraction(user, set(found), None)
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"no element with data-testid={testid!r}")
        await asyncio.sleep(0.05)


async def table_attr(user: User, name: str, expect: str | None = None, timeout: float = 3.0) -> str:
    """Read an attribute of the table root, optionally waiting until it has the expected value."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        roots = with_testid(user, "table")
        value = str(roots[0].props.get(name, "")) if roots else ""
        if expect is None or value == expect:
            return value
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"table {name} is {value!r}, expected {expect!r}")
        await asyncio.sleep(0.05)


async def eventually(check, timeout: float = 3.0) -> None:  # noqa: ANN001
    """Poll until ``check()`` is true (pages update in background tasks)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.05)


async def open_with_status(user: User, path: str, status: int) -> None:
    """Open a page that answers with an HTTP status other than 200 (404, 400, 429: ui/shell/http_status.py) as a
    browser does: check the real status, then show the page (``User.open`` itself only opens 200 answers)."""
    real_get = user.http_client.get
    seen: list[int] = []

    async def get(url, **kwargs):  # noqa: ANN001, ANN003, ANN202
        response = await real_get(url, **kwargs)
        seen.append(response.status_code)
        response.status_code = 200  # checked below
        return response

    user.http_client.get = get
    try:
        await user.open(path)
    finally:
        del user.http_client.get
    assert seen == [status], f"{path} answered {seen}, expected {status}"


def as_remote_device(user: User, address: str = "192.0.2.7") -> None:
    """Make a simulated browser another device on the network: its connection comes from ``address`` (the peer in
    the ASGI scope), not from loopback. No packet leaves this machine."""
    import httpx
    from nicegui import core

    user.http_client = httpx.AsyncClient(transport=httpx.ASGITransport(core.app, client=(address, 50123)),
                                         base_url="http://test")


async def open_in_play(code: str, *users: User) -> None:
    """Each user opens table ``code`` and sees it in play."""
    for user in users:
        await user.open(f"/table/{code}")
    for user in users:
        await table_attr(user, "data-phase", "play")


def act(t: Table, pid: str, action: object) -> None:
    """``pid``'s move at ``t`` through the hub, as a page's tap makes it."""
    runtime().hub.run(t, lambda tb, now: turns.act(tb, pid, action, now))


FRIENDS = (("p-ann", "Ann"), ("p-bea", "Bea"), ("p-cy", "Cy"), ("p-dee", "Dee"))


def four_friends_playing_president(seed: int) -> Table:
    """A friends table of President with four people (``FRIENDS``' ids, Ann the host), started, no turn timer."""
    hub = runtime().hub
    t = hub.create("president", FRIENDS[0][0], FRIENDS[0][1], "🦊", options={"players": 4}, practice=False, seed=seed)
    t.settings.turn_seconds = 0

    def fill(tb: Table, now: float) -> None:
        for pid, name in FRIENDS[1:]:
            lobby.join(tb, pid, name, "🐻", now)
        lobby.start(tb, tb.host_id, now)

    hub.run(t, fill)
    return t

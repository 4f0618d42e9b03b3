"""A guest who opens a friends table's link sees a lobby that leads with taking a seat; the table's QR code and link
are the host's to share, folded away for a guest (NiceGUI `user` fixture)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from tests.ui.helpers import eventually, find, with_testid
from tests.ui.test_lobby_user import host_friends_table


def order(user: User, testids: list[str]) -> list[str]:
    """The given testids in the order the page shows them."""
    with user:
        seen = [str(e.props.get("data-testid")) for e in user.current_layout.descendants()]
    return [t for t in seen if t in testids]


async def test_a_guest_lobby_leads_with_take_a_seat(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    code = await host_friends_table(host)
    # the host: the code, the QR code and the link in view, no join form
    assert with_testid(host, "invite-qr") and not with_testid(host, "take-seat")
    assert not with_testid(host, "guest-invite")

    await guest.open(f"/table/{code}")
    await find(guest, "take-seat")
    shown = order(guest, ["take-seat", "btn-join", "guest-invite", "join-code", "invite-more", "invite-qr"])
    assert shown[:2] == ["take-seat", "btn-join"], shown  # taking a seat comes first
    assert shown.index("invite-qr") > shown.index("invite-more")  # the QR code is inside the folded part
    assert with_testid(guest, "invite-more")[0].props.get("model-value") is False  # folded
    (await find(guest, "btn-join")).click()
    await eventually(lambda: not with_testid(guest, "take-seat"))  # seated: the form goes
    assert with_testid(guest, "join-code")  # the code stays in one line, to tell others


async def test_only_the_host_gets_the_options_help_tooltips(create_user: Callable[[], User]) -> None:
    """A tooltip never shows on a disabled select, and a guest's option selects stay disabled: the guest's page gets
    none of them to mount (issue 50); the host's selects keep their help."""
    from nicegui import ui

    host, guest = create_user(), create_user()
    code = await host_friends_table(host)
    await guest.open(f"/table/{code}")
    await find(guest, "take-seat")

    def tips(user: User) -> list[str]:
        with user:
            every = list(user.current_layout.descendants())
            targets = {str(e.props.get("target")) for e in every if isinstance(e, ui.tooltip)}
            return [str(e.props.get("data-testid")) for e in every
                    if str(e.props.get("data-testid", "")).startswith("opt-") and f"#c{e.id}" in targets]

    assert "opt-hands" in tips(host), tips(host)
    assert with_testid(guest, "opt-hands") and tips(guest) == []

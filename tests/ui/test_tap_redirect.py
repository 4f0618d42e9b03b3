"""A tap on an element that a region redraw has just replaced reaches the replacement (ui/nicegui_internals/redirects.py
``Replacements``, noted by ui/components/region.py). Fails if NiceGUI changes how it keeps listeners."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui
from nicegui.testing import User

from ui.components.region import Region
from ui.nicegui_internals import REPLACEMENTS, listener_types


async def region_page(user: User, path: str, draw: Callable[[], None]) -> Region:
    """A page at ``path`` holding one Region that draws with ``draw``, opened by ``user``."""
    regions: list[Region] = []

    @ui.page(path)
    def page() -> None:
        regions.append(Region(draw, name="test"))
        regions[0].update(force=True)

    await user.open(path)
    return regions[0]


async def test_an_event_for_a_replaced_button_runs_the_new_buttons_handler(user: User) -> None:
    clicks: list[int] = []
    drawn = [0]

    def draw() -> None:
        drawn[0] += 1
        n = drawn[0]
        # a drawing whose shape changes each time (a <section>, then a <div>): its elements are made anew, not kept
        # in place (ui/components/morph.py)
        with ui.element("section" if n % 2 else "div"):
            ui.button(f"Play {n}", on_click=lambda: clicks.append(n)).props("data-testid=btn-play")
            ui.button("Twin", on_click=lambda: clicks.append(-1)).props("data-testid=twin")
            ui.button("Twin", on_click=lambda: clicks.append(-2)).props("data-testid=twin")

    region = await region_page(user, "/redirect-test", draw)
    old = next(el for el in region.box.descendants() if el.props.get("data-testid") == "btn-play")
    twin = next(el for el in region.box.descendants() if el.props.get("data-testid") == "twin")
    client = old.client
    msg = {"id": old.id, "listener_id": listener_types(old)[0][0], "args": []}
    twin_msg = {"id": twin.id, "listener_id": listener_types(twin)[0][0], "args": []}

    region.refresh()  # another seat's move: the button is made again under a new id
    assert old.id not in client.elements

    redirected = REPLACEMENTS.redirect(client, msg)
    assert redirected is not None
    client.handle_event(redirected)
    assert clicks == [2]  # the replacement's own handler ran
    assert REPLACEMENTS.redirect(client, twin_msg) is None  # two controls of the same name: no guessing

    region.refresh()  # replaced again before the tap arrived: it follows to the newest
    again = REPLACEMENTS.redirect(client, msg)
    assert again is not None
    client.handle_event(again)
    assert clicks == [2, 3]
    assert REPLACEMENTS.redirect(client, {**msg, "listener_id": "forged"}) is None


def test_two_cards_of_one_name_are_told_apart_by_where_they_lie() -> None:
    """Two 7s in a Stockpile hand: each old card's tap goes to the 7 in its own slot; a card whose slot moved goes to
    the one card of its name, when there is only one; two of a name whose slots both moved go nowhere (not a guess)."""
    from types import SimpleNamespace

    from ui.components.region import replacements

    def el(n: int) -> SimpleNamespace:
        return SimpleNamespace(id=n)

    def key(card: str, place: str) -> tuple[str, ...]:
        return ("", card, "", "", place)

    old7a, old7b, old9, new7a, new7b, new9 = el(1), el(2), el(3), el(11), el(12), el(13)
    before = {key("7", "hand:0"): old7a, key("7", "hand:1"): old7b, key("9", "hand:2"): old9}
    after = {key("7", "hand:0"): new7a, key("7", "hand:1"): new7b, key("9", "hand:1x"): new9}
    found = replacements(before, after)  # type: ignore[arg-type]
    assert found == {1: new7a, 2: new7b, 3: new9}
    moved = {key("7", "hand:3"): new7a, key("7", "hand:4"): new7b}
    assert replacements(before, moved) == {}  # type: ignore[arg-type]


async def test_a_pile_whose_drop_list_changed_is_still_found_and_twin_buttons_by_their_set(user: User) -> None:
    """A discard pile takes the hand's sources (``data-drop``); playing a card shrinks the hand and the list, and a
    tap on the pile drawn before must still reach it. Two Beanie buttons of one testid differ by ``data-set-id``."""
    from ui.components.region import replacements, tappable

    hand = [5]

    def draw() -> None:
        pile = ui.element("div").props("data-testid=discard-2-0")
        pile.props["data-drop"] = " ".join(f"hand:{i}" for i in range(hand[0]))
        pile.on("click", lambda: None)
        for set_id in (1, 2):
            ui.button("★", on_click=lambda: None).props(f"data-testid=btn-star data-set-id={set_id}")

    region = await region_page(user, "/drop-list-test", draw)
    box = region.box
    before = tappable(box)
    assert len(before) == 3  # the pile and both stars, each by its own name
    hand[0] = 4  # a card played: the pile now takes one source fewer
    region.refresh()
    found = replacements(before, tappable(box))
    assert len(found) == 3
    for old in before.values():
        assert found[old.id].props.get("data-testid") == old.props.get("data-testid")
        assert found[old.id].props.get("data-set-id") == old.props.get("data-set-id")
        assert found[old.id].id == old.id  # kept in place by the redraw: a tap on it reaches it as it is


def test_a_tap_that_arrives_after_the_hand_ended_picks_nothing() -> None:
    """The hand ends (someone went out) and the page lets go of the pick; a tap on that card sent just before the
    end arrives after it: it must not pick the card again in the finished hand (the lost-tap benchmark saw it)."""
    from types import SimpleNamespace

    from ui.table.hand import HandBar

    view = {"phase": "play", "round_label": "Hand 1", "hand": ["QS", "3H"]}
    ctx = SimpleNamespace(view=view, table=SimpleNamespace(game_key="rummy"), pref=lambda _key, default: default)
    bar = HandBar(ctx, None)  # type: ignore[arg-type]
    bar.toggle_select("QS")
    assert bar.selected == ["QS"]
    view["phase"] = "hand-over"
    bar.selected.clear()  # what the page does when it sees the hand end
    bar.toggle_select("QS")
    assert bar.selected == []
    view["phase"] = "play"
    bar.toggle_select("QS")
    assert bar.selected == ["QS"]


async def test_a_button_gone_for_one_redraw_and_drawn_again_gets_the_tap(user: User) -> None:
    """The table passed through a state without the button (one redraw took it away, the next drew it again) while
    the tap was on its way: the tap reaches the button drawn again. After ``ORPHAN_SECONDS`` it goes nowhere."""
    from ui import nicegui_internals

    clicks: list[int] = []
    shown = [True]
    drawn = [0]

    def draw() -> None:
        drawn[0] += 1
        n = drawn[0]
        if shown[0]:
            ui.button("Done", on_click=lambda: clicks.append(n)).props("data-testid=btn-commit")
        ui.button("Undo", on_click=lambda: clicks.append(-n)).props("data-testid=btn-undo")

    region = await region_page(user, "/orphan-test", draw)

    def tap_on_done() -> dict:
        done = next(el for el in region.box.descendants() if el.props.get("data-testid") == "btn-commit")
        return {"id": done.id, "listener_id": listener_types(done)[0][0], "args": []}

    msg = tap_on_done()
    client = region.box.client
    shown[0] = False
    region.refresh()  # the button goes away for a moment
    assert REPLACEMENTS.redirect(client, msg) is None  # (a tap arriving now has nothing to reach)
    shown[0] = True
    region.refresh()  # and is drawn again before the tap arrives
    redirected = REPLACEMENTS.redirect(client, msg)
    assert redirected is not None
    client.handle_event(redirected)
    assert clicks == [3]

    stale = tap_on_done()
    shown[0] = False
    region.refresh()
    REPLACEMENTS._orphans[client] = {  # noqa: SLF001 (the button went away longer ago than the window)
        old_id: (name, listeners, when - nicegui_internals.ORPHAN_SECONDS - 1)
        for old_id, (name, listeners, when) in REPLACEMENTS._orphans[client].items()}  # noqa: SLF001
    shown[0] = True
    region.refresh()
    assert REPLACEMENTS.redirect(client, stale) is None

"""President house rules on the page (NiceGUI `user` test): the suit-lock chip shows the locked suits, and the
jack-back chip replaces the revolution chip while jack-back has flipped the order."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.helpers import eventually, in_markup, table_attr
from ui.server.runtime import runtime

# seed 3: the computer players lock the first trick to diamonds before the person's first turn
LOCKED = "/new/president?players=4&bots=3&seed=3&speed=0&suit_lock=true&eight_cut=true&jack_back=true"


async def test_suit_lock_and_jack_back_chips(user: User) -> None:
    await user.open("/")
    await user.open(LOCKED)
    assert await table_attr(user, "data-turn", "0", timeout=10) == "0"
    code = next(iter(runtime().hub.registry.tables))
    table = runtime().hub.registry.get(code)
    assert table is not None and table.state.lock
    await eventually(lambda: bool(in_markup(user, "suit-lock")))
    await user.should_see("Suits locked: \u2666")
    assert not in_markup(user, "jack-back")
    # jack-back in effect (as after a Jack): its chip replaces the revolution chip, and it names the order
    def flip(t, _now):  # noqa: ANN001, ANN202 - a Change for Hub.run
        t.state.jback, t.state.rev = True, True
        t.touch()

    runtime().hub.run(table, flip)
    await eventually(lambda: bool(in_markup(user, "jack-back")))
    await user.should_see("Jack-back: 3 is high, 2 is low until the trick ends")
    assert not in_markup(user, "revolution")

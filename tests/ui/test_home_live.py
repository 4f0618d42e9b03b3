"""Home's live tables: each open table says only the rules that differ from the game's standard, in the viewer's
words ("Race to: 500"), never every option by its program name ("wrap around Off, top card only Off, ...")."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from tests.ui.helpers import find, table_attr, with_testid
from ui.server.runtime import runtime


async def friends_table(user: User, query: str) -> str:
    await user.open(f"/new/rummy?{query}")
    await table_attr(user, "data-phase", "lobby")
    return next(t.code for t in runtime().hub.registry.live_tables())


async def test_live_tables_list_only_the_rules_off_the_standard(create_user: Callable[[], User]) -> None:
    host, visitor = create_user(), create_user()
    code = await friends_table(host, "friends=1&target=500&wrap_around=true")
    await visitor.open("/")
    await find(visitor, f"live-{code}")
    line = with_testid(visitor, f"live-rules-{code}")
    assert len(line) == 1
    text = line[0].text
    assert "Race to: 500" in text and "K-A-2 wraps: On" in text, text
    assert "top card" not in text.lower() and "_" not in text and "Off" not in text, text


async def test_a_standard_table_has_no_rules_line(create_user: Callable[[], User]) -> None:
    host, visitor = create_user(), create_user()
    code = await friends_table(host, "friends=1")
    await visitor.open("/")
    await find(visitor, f"live-{code}")
    assert not with_testid(visitor, f"live-rules-{code}")

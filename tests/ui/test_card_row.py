"""CardRow keeps a hand in step with a list by changing only what changed (in place: cheap, and no tap lost)."""

from __future__ import annotations

import pytest
from nicegui import ui
from nicegui.testing import User

from ui.components.card_row import CardLook, CardRow


def shown(row: CardRow) -> list[tuple[str, bool, str | None]]:
    """What the page holds: code, selected class and aria-pressed, in page order."""
    out = []
    for el in row.container.default_slot.children:
        out.append((el.props["data-card"], "selected" in el.classes, el.props.get("aria-pressed")))
    return out


async def test_sync_adds_removes_restyles_and_reorders_in_place(user: User) -> None:
    rows: list[CardRow] = []

    @ui.page("/card-row-test")
    def page() -> None:
        rows.append(CardRow(ui.element("div")))

    await user.open("/card-row-test")
    row = rows[0]
    row.sync([(c, CardLook(clickable=True)) for c in ("3S", "4H", "QD")])
    assert shown(row) == [("3S", False, None), ("4H", False, None), ("QD", False, None)]
    ids = {code: row.cards[code].id for code in ("3S", "4H", "QD")}

    row.sync([("3S", CardLook(clickable=True)), ("4H", CardLook(selected=True, clickable=True)),
              ("QD", CardLook(clickable=True))])
    assert shown(row) == [("3S", False, None), ("4H", True, "true"), ("QD", False, None)]
    assert {code: el.id for code, el in row.cards.items()} == ids  # restyled, not made again

    row.sync([("QD", CardLook(disabled=True)), ("3S", CardLook(clickable=True)), ("2C", CardLook(clickable=True))])
    assert shown(row) == [("QD", False, None), ("3S", False, None), ("2C", False, None)]
    assert row.cards["QD"].id == ids["QD"] and row.cards["3S"].id == ids["3S"]
    assert "disabled" in row.cards["QD"].classes and "clickable" not in row.cards["QD"].classes
    assert row.cards["QD"].props["role"] == "img"
    assert "4H" not in row.cards and len(row.container.default_slot.children) == 3


async def test_sync_refuses_a_code_twice(user: User) -> None:
    rows: list[CardRow] = []

    @ui.page("/card-row-twice")
    def page() -> None:
        rows.append(CardRow(ui.element("div")))

    await user.open("/card-row-twice")
    with pytest.raises(ValueError, match="unique"):
        rows[0].sync([("3S", CardLook()), ("3S", CardLook())])

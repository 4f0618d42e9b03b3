"""Saved rule cards: kept with their maker, listed per game, found by id, survive a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.president.actions import PresidentConfig
from logic.rule_cards import CardError, parse_card_file
from storage import rule_cards as store_module
from storage.rule_cards import RuleCardStore


def test_save_list_get_delete(tmp_path: Path) -> None:
    store = RuleCardStore(tmp_path, fsync=False)
    card = store.save("p1", "president", "Grandma's President", {"revolution": True}, now=1.0)
    store.save("p1", "rummy", "Quick rummy", {"target": 100}, now=2.0)
    store.save("p2", "president", "Other", {}, now=3.0)
    assert card.id.startswith("my-") and card.name.english() == "Grandma's President"
    assert [c.name.english() for c in store.mine("p1", "president")] == ["Grandma's President"]
    assert [c.game for c in store.mine("p1")] == ["president", "rummy"]
    again = RuleCardStore(tmp_path, fsync=False)  # a restart reads the same file
    found = again.get(card.id)
    assert found is not None and dict(found.options) == {"revolution": True} and again.owner_of(card.id) == "p1"
    assert again.get("my-nothing") is None and again.get("president-daifugo") is None
    assert not again.delete("p2", card.id)  # only its maker removes it
    assert again.delete("p1", card.id) and again.get(card.id) is None
    assert (tmp_path / "rule_cards.json").exists()


def test_bad_import_changes_nothing(tmp_path: Path) -> None:
    store = RuleCardStore(tmp_path, fsync=False)
    store.save("p1", "president", "Mine", {"revolution": True}, now=1.0)
    before = (tmp_path / "rule_cards.json").read_bytes()
    for raw in (b"not json", b'{"format": "cardnight-rule-card", "version": 1, "game": "president", "name": "X", '
                             b'"options": {"jokers_everywhere": true}}'):
        with pytest.raises(CardError):
            name, options = parse_card_file(raw, "president", PresidentConfig)
            store.save("p1", "president", name, options, now=2.0)
    assert (tmp_path / "rule_cards.json").read_bytes() == before
    assert len(store.mine("p1")) == 1


def test_a_player_keeps_a_bounded_number(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_PER_PLAYER", 2)
    store = RuleCardStore(tmp_path, fsync=False)
    store.save("p1", "president", "A", {}, now=1.0)
    store.save("p1", "president", "B", {}, now=2.0)
    with pytest.raises(store_module.CardLimit):
        store.save("p1", "president", "C", {}, now=3.0)
    store.save("p2", "president", "C", {}, now=3.0)

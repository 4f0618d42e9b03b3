"""The matcher that holds the page walks to the tester contract (tests/e2e/contract_ids.py) reads the contract's ways
of writing an id, and flags an id it does not name."""

from __future__ import annotations

from tests.e2e.contract_ids import undocumented


def test_ids_and_patterns_of_the_contract_are_named() -> None:
    assert undocumented([
        "table", "hand", "btn-start",  # as code, and as `data-testid="hand"`
        "seat-3", "seat-5-cards", "btn-add-bot-2",  # N, and seat-0 … seat-5
        "resume-AB12CD", "opt-revolution", "my-grandmas-rules",  # <CODE>, <option>, my-…
        "discard-1-3", "stat-rummy-streak", "stockpile-board",  # discard-S-N, a|b|c, `data-testid=…`
    ]) == []


def test_an_id_the_contract_does_not_name_is_flagged() -> None:
    assert undocumented(["btn-start", "btn-nobody-wrote-this", "seat-x", "", "table-extra"]) == [
        "btn-nobody-wrote-this", "seat-x", "table-extra"]

"""Rule cards: a named set of a game's options (its house rules), shipped with Card Night or saved by a host.

A card holds only the options that differ from the game's defaults, so a card made today still means the same
table after a new switch is added (the new switch stays at its default, off). Each game ships its well-known cards
in ``logic/<game>/rule_cards.py`` as ``RULE_CARDS``; :func:`shipped_cards` gathers them. Names and the line on where
a card is played are messages, rendered in each viewer's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from logic.messages import Message

OptionValue = str | int | bool


@dataclass(frozen=True, slots=True)
class RuleCard:
    """``options`` maps option names of the game's ``Config`` to values differing from its defaults."""

    id: str  # stable, URL-safe: "president-daifugo"; saved cards get a generated id
    game: str  # the game's key: "president"
    name: Message
    where: Message | None = None  # one sentence: where and by whom this set of rules is played
    options: Mapping[str, OptionValue] = field(default_factory=dict)

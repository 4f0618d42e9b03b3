"""Beanie's shipped rule cards (issue 52): well-known sets of its house rules."""

from __future__ import annotations

from logic.messages import t_msg
from logic.rule_cards import RuleCard

RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard(
        "beanie-five-crowns-ending", "beanie", t_msg("Five Crowns ending"),
        t_msg("As in Five Crowns, played across North America: when someone goes out, everyone else has one "
              "last turn before the round is scored."),
        {"last_turns": True}),
    RuleCard(
        "beanie-five-crowns", "beanie", t_msg("Five Crowns, jokers and all"),
        t_msg("Closer still to Five Crowns: jokers are wild in every round beside the round's wild rank, and "
              "everyone has one last turn after someone goes out."),
        {"last_turns": True, "jokers": True}),
)

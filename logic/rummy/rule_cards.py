"""Rummy's shipped rule cards (issue 52): well-known sets of its house rules."""

from __future__ import annotations

from logic.messages import t_msg
from logic.rule_cards import RuleCard

RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard(
        "rummy-top-card-table", "rummy", t_msg("Gin-style table: top card only"),
        t_msg("For players who know Gin or basic Rummy, where only the top discard may be picked up: "
              "no digging into the pile."),
        {"top_card_only": True}),
    RuleCard(
        "rummy-easy-going", "rummy", t_msg("Easy-going 500 Rum"),
        t_msg("A relaxed family version of 500 Rum: a card dug from the pile may be kept for later, and you may "
              "go out by melding your last cards."),
        {"keep_dug_card": True, "no_final_discard": True}),
)

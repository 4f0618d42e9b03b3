"""Stockpile's shipped rule cards (issue 52): well-known sets of its house rules."""

from __future__ import annotations

from logic.messages import t_msg
from logic.rule_cards import RuleCard

RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard(
        "stockpile-wilds-in-play", "stockpile", t_msg("Wilds stay in play"),
        t_msg("A common kitchen-table rule in Skip-Bo-style games: a wild is never buried on a discard pile, "
              "so every wild ends up on a building pile."),
        {"no_wild_on_own_discards": True}),
    RuleCard(
        "stockpile-own-piles", "stockpile", t_msg("Partners, each on their own"),
        t_msg("A stricter team game played by some families: four players in two teams, each partner clearing "
              "only their own stock and discard piles."),
        {"players": 4, "partners": True, "no_partner_piles": True}),
)

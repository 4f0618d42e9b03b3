"""President's well-known sets of house rules (issue 52), as rule cards the lobby offers."""

from __future__ import annotations

from logic.messages import t_msg
from logic.rule_cards import RuleCard

RULE_CARDS: tuple[RuleCard, ...] = (
    RuleCard(
        "president-daifugo",
        "president",
        t_msg("Daifugō"),
        t_msg("Japan's \"Grand Millionaire\", played in schools and among friends: jokers, revolutions, 8-cuts, "
              "Jack-back, suit lock, runs, the Millionaire's downfall and no going out on a top card."),
        {"revolution": True, "eight_cut": True, "jack_back": True, "suit_lock": True, "runs": True, "downfall": True,
         "no_top_finish": True, "jokers": True},
    ),
    RuleCard(
        "president-scum",
        "president",
        t_msg("Scum / Asshole"),
        t_msg("The North American college and family game: 2s and a completed four clear the pile, and matching "
              "the card on top skips the next player."),
        {"twos_clear": True, "four_burn": True, "same_rank_skip": True},
    ),
)

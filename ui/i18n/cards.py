"""A card's spoken name in the viewer's language ("Queen of spades", "Pik-Dame", "dame de pique", "スペードのクイーン"):
the names a home player uses, for screen readers and anywhere a card is named in words."""

from __future__ import annotations

from logic.cards import Card
from ui.i18n.viewer import pgettext


def card_name(card: Card) -> str:
    ranks = {11: pgettext("card rank", "Jack"), 12: pgettext("card rank", "Queen"), 13: pgettext("card rank", "King"),
             14: pgettext("card rank", "Ace")}
    suits = {"S": pgettext("card suit", "spades"), "H": pgettext("card suit", "hearts"),
             "D": pgettext("card suit", "diamonds"), "C": pgettext("card suit", "clubs")}
    return pgettext("card name", "{rank} of {suit}", rank=ranks.get(card.rank, str(card.rank)), suit=suits[card.suit])

"""Finding a rule card for a link (``/new/<game>?card=<id>``, ``/rules/<game>?card=<id>``) and a table's rules by
its code: shipped cards first, then the ones people saved (storage/rule_cards.py)."""

from __future__ import annotations

from typing import Any

from logic.game import AnyGame
from logic.messages import t_msg
from logic.registry import all_games, get_game
from logic.rule_cards import CardError, RuleCard, card_table_options, check_options, find_shipped
from storage.rule_cards import RuleCardStore
from ui.i18n.names import game_name

CARD_ID_MAX = 64


def find_card(card_id: str, store: RuleCardStore) -> RuleCard | None:
    if not card_id or len(card_id) > CARD_ID_MAX:
        return None
    shipped = find_shipped(card_id, [g.key for g in all_games()])
    if shipped is not None:
        return shipped
    return store.get(card_id)


def card_for_game(game_key: str, card_id: str, store: RuleCardStore) -> RuleCard:
    """The card ``card_id`` for a new table or rules page of ``game_key``; a CardError (with a message for the
    person) when there is no such card, it is another game's, or its options no longer fit the game."""
    card = find_card(card_id, store)
    if card is None:
        raise CardError(t_msg("There is no rule card {id} on this server.", id=card_id[:CARD_ID_MAX]))
    game = get_game(game_key)
    if card.game != game_key:
        raise CardError(t_msg("The rule card {id} is for {other}, not {game}.", id=card_id,
                              other=game_name(card.game), game=game_name(game_key)))
    check_options(game.config_model, card.options, game.table_defaults)
    return card


def card_options(game: AnyGame, card: RuleCard) -> dict[str, Any]:
    """Every rule option of a new table with ``card``'s rules."""
    return card_table_options(game.config_model, card, game.table_defaults)

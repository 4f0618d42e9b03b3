"""Names shown for things the code knows by key: the games (as people in each country call them) and the computer
players' levels. Keys and URLs (``/new/president``) never change with the language."""

from __future__ import annotations

from ui.i18n.viewer import pgettext


def game_names() -> dict[str, str]:
    """Game key -> its name in the viewer's language: each catalogue holds the name its home players know (the rules
    page says why)."""
    return {
        "president": pgettext("game name", "President"),
        "rummy": pgettext("game name", "Rummy"),
        "beanie": pgettext("game name", "Beanie"),
        "stockpile": pgettext("game name", "Stockpile"),
    }


def game_name(key: str) -> str:
    """The game's name in the viewer's language (a game we do not know by its key, title-cased)."""
    return game_names().get(key) or key.replace("_", " ").title()


def level_names() -> dict[str, str]:
    return {
        "beginner": pgettext("computer level", "Beginner"), "normal": pgettext("computer level", "Normal"),
        "expert": pgettext("computer level", "Expert"), "easy": pgettext("computer level", "Easy"),
        "medium": pgettext("computer level", "Medium"), "hard": pgettext("computer level", "Hard"),
    }


def level_name(level: str) -> str:
    """A computer player's level ("expert") as the viewer reads it ("Experte")."""
    return level_names().get(level) or level.replace("_", " ").capitalize()


def sort_name(label: str) -> str:
    """A hand's sort order as the games name it (ui/games/*/screen.py ``sort_modes``) in the viewer's language;
    symbols ("A→K", "♠♥♦♣") as they are."""
    names = {
        "Deal": pgettext("sort order", "Deal"), "By suit": pgettext("sort order", "By suit"),
        "By rank": pgettext("sort order", "By rank"), "Low → high": pgettext("sort order", "Low → high"),
        "My order": pgettext("sort order", "My order"), "As drawn": pgettext("sort order", "As drawn"),
    }
    return names.get(label, label)


def game_name_note(key: str) -> str:
    """Why the game has the name it has in the viewer's language (the rules page): each catalogue says why its
    language chose the name it did. Empty for a game named alike everywhere."""
    if key == "president":
        return pgettext("game name note", "**Names.** This game has a name in every country: President in English, "
                        "Arschloch or Präsident in German, Président or Trou du cul in French, Culo or Presidente in "
                        "Spanish, Presidente in Portuguese and Italian, Prezydent in Polish, 大富豪 (Daifugō) in "
                        "Japanese. Card Night calls it by the name a family plays it under at home, without the "
                        "swear words; the address (/rules/president) is the same in every language.")
    if key == "rummy":
        return pgettext("game name note", "**Names.** Rummy is Rommé in German, Rami in French, Ramino in Italian, "
                        "Remik in Polish and ラミー in Japanese; Card Night uses the name people know at home.")
    return ""


def item_name(item_id: str, english: str) -> str:
    """A card back's or table colour's name (storage/profiles.py ``SHOP``) in the viewer's language."""
    names = {
        "back-blue": pgettext("colour", "Blue"), "back-red": pgettext("colour", "Red"),
        "back-green": pgettext("colour", "Green"), "back-purple": pgettext("colour", "Purple"),
        "back-black": pgettext("colour", "Black"), "back-gold": pgettext("colour", "Gold"),
        "back-teal": pgettext("colour", "Teal"), "back-rose": pgettext("colour", "Rose"),
        "back-midnight": pgettext("colour", "Midnight"), "table-green": pgettext("colour", "Classic green"),
        "table-blue": pgettext("colour", "Ocean blue"), "table-wine": pgettext("colour", "Burgundy"),
        "table-slate": pgettext("colour", "Slate"), "table-plum": pgettext("colour", "Plum"),
    }
    return names.get(item_id, english)

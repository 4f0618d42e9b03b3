"""Card words in sentences, grammatical for every value (issue 51): every catalogue message that names a rank or a
President play in words is rendered with every rank and play it can take, in each language
(tests/ui/card_word_renderings.py), and read for the mistakes a native player would stumble on — each pattern below
is one that was there, and was fixed by saying the sentence another way.

Polish declines a noun after a verb or a preposition ("zagrywając parę", "wyjście z pary"), so a play ("para dam",
in the nominative) stands where the nominative is right: a subject, after a colon, after "niż", in parentheses; a
single card is its rank alone ("Ania zagrywa: Król", never "pojedyncza karta Król"). German wants the dative after
"mit" and a plural verb after "drei 9er"; French elides "de" before "As"; Spanish, Portuguese and Italian put a
gendered article or ending on a rank ("las Reinas", "suas Damas", "le Donne"), so a rank stands without one; and a
card's face ("Q♥") has no gender of its own, so French, Spanish, Italian and Portuguese name it "la carte Q♥", German
without an article."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from logic.president.words import rank_msg
from tests.ui.card_word_renderings import renderings
from ui.i18n.catalogs import po_path
from ui.i18n.languages import TRANSLATED
from ui.i18n.render import render

PLAY = r"(para|trójka|kareta|pojedyncza karta|sekwens)"  # a Polish play in the nominative
FACE = r"(10|[2-9JQKA])[♠♥♦♣]"  # a card's face: "Q♥" is a Queen, "K♥" a King (no one article fits both)
BAD: dict[str, list[re.Pattern[str]]] = {
    "pl": [re.compile(p) for p in (
        r"\bkart[aęy] (Walet|Dama|Król|As)\b",  # "pojedyncza karta Król": the rank is the card ("Król")
        rf"\b(Zagrywając|przebije|przebija|przebić|z) {PLAY}\b",  # the nominative after a verb or "z"
        r"^(Para|Trójka|Kareta) \w+ trudniej przebić",  # "Para dam trudniej przebić": the object in the nominative
        r"\bnie przebija (Walety|Damy|Króle|Asy|\d+)\b",  # a negated verb wants the genitive
        r"\bOdrzucenie dzik\w+ kart\w+",  # "Odrzucenie dziką kartę": a noun wants the genitive
        r"\bzamiast (Walet|Dama|Król|As)\b",  # "zamiast" wants the genitive: "jako Król kier"
    )],
    "de": [re.compile(p) for p in (
        r"\b[Mm]it (ein|drei|vier) ",  # "mit ein Paar": the dative ("mit einem Paar")
        r"\beine einzelne (Bube|König|Ass)\b",
        r"^(Drei|Vier) [^\s:–]+ (ist|geht|reicht)\b",  # "Drei 9er ist": a plural subject
        r"\baus (\d+er|Könige|Asse)\b",  # "Satz aus Könige": the dative ("aus Königen")
        rf"\b([Dd]ie|zur) {FACE}",  # "die K♥" (der König): the face without an article
    )],
    "fr": [re.compile(p) for p in (
        r"\bde As\b",  # "une paire d'As"
        r"\bun (Dame|Q) seul\b",
        r"^(Trois|Quatre) [^\s:]+ (est|part|suffit|coûte)\b",
        r"^Une \S+ .* est plus dur\b",
        rf"\b([Ll]e|au|jusqu'au) {FACE}",  # "le Q♥" (la dame): "la carte Q♥"
        r"\b([Dd]éfausser|jouer|garde) (joker|\d+)\b",  # "défausser le joker", "le 5"
        r"\bremplace (Valet|Dame|Roi|As)\b",  # "qui remplace le Roi": "valant Roi de cœur"
    )],
    "es": [re.compile(p) for p in (
        r"\blos (Jotas|Reinas)\b",  # "las Reinas"
        r"\bun (Jota|Reina|J|Q) suelto\b",
        r"^(Tres|Cuatro) [^\s:]+ (es|sale|basta)\b",
        r"^Una \S+ .*\bsale entero\b",
        rf"\b[Ee]l {FACE}",  # "el Q♥" (la reina): "la carta Q♥"
        r"\b([Dd]escartar|jugar|guarda) (comodín|\d+)\b",  # "descartar el comodín", "el 5"
    )],
    "pt_BR": [re.compile(p) for p in (
        r"\b(seus|os) Damas\b",  # "suas Damas"
        r"\bum (Dama|Q) sozinho\b",
        r"^(Três|Quatro) [^\s:]+ (é|sai|resolve)\b",
        r"^Uma \S+ .*\bsai inteiro\b",
        rf"\b([Oo]|no) {FACE}",  # "o Q♥" (a dama): "a carta Q♥"
        r"\b([Dd]escartar|jogar|guarda) (curinga|\d+)\b",  # "descartar o curinga", "o 5"
    )],
    "it": [re.compile(p) for p in (
        r"\bi (Assi|Donne)\b",  # "gli Assi", "le Donne"
        r"\bi tuoi Donne\b",
        r"\bun (Donna|Q) singolo\b",
        r"^(Tre|Quattro) [^\s:]+ (è|esce|basta)\b",
        r"^Una \S+ .*\besce intero\b",
        rf"\b([Ii]l|al|sul) {FACE}",  # "il Q♥" (la donna): "la carta Q♥"
        r"\b(il (8|11)|[Ss]cartare jolly|giocare jolly|tiene jolly)\b",  # "la carta 8" (not "il 8"), "la carta jolly"
    )],
    "ja": [],
}


@cache
def rendered(code: str) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(set(renderings(code))))


@pytest.mark.parametrize("code", TRANSLATED)
def test_card_words_read_right_with_every_rank(code: str) -> None:
    texts = rendered(code)
    assert len(texts) > 300, len(texts)  # every rank and play of some fifty messages
    wrong = [f"{msgid!r}: {text}" for msgid, text in texts for bad in BAD[code] if bad.search(text)]
    assert not wrong, "\n".join(wrong[:40])


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_sentence_that_begins_with_a_capital_still_does(code: str) -> None:
    """A play at the start of a sentence comes capitalised ("A pair of 9s …"); a translation that moves it to the
    middle, or puts a lowercase word first, still begins with a capital (Japanese has no capitals)."""
    english = {msgid for msgid, text in rendered("en") if text[:1].isupper()}
    wrong = [f"{msgid!r}: {text}" for msgid, text in rendered(code)
             if msgid in english and text[:1].isalpha() and text[:1].islower()]
    assert not wrong, "\n".join(wrong[:40])


def test_the_patterns_catch_what_was_there() -> None:
    """Each pattern finds the wording it was written for (a pattern that can never match would pass anything)."""
    before = {"pl": ["Wybierz karty, które przebiją pojedynczą kartę Król", "Zagrywając para dam, od razu kończysz.",
                     "Para dam trudniej przebić niż Król: częściej bierze lewę i wyjście.",
                     "Ta sama wartość nie przebija Króle: zagraj wyżej albo spasuj",
                     "Odrzucenie dziką kartę zachowuje 7.", "As karo, zamiast Król kier"],
              "de": ["Mit ein Paar Damen bist du sofort draußen.", "Wähle Karten, die eine einzelne König schlagen",
                     "Drei 9er ist der billigere Zug", "Satz aus Könige", "Du hast die K♥ nicht auf der Hand."],
              "fr": ["une paire de As", "Choisis des cartes qui battent un Dame seul", "Trois 9 suffit",
                     "Une paire de Dames est plus dur à battre", "Tu n'as pas le Q♦ en main.",
                     "défausser joker sur la pile 2", "Dame de pique, qui remplace Roi de cœur"],
              "es": ["Ronda 3: los Reinas son comodines.", "un Reina suelto", "Tres 9 basta", "Una pareja sale entero",
                     "No tienes el Q♦ en la mano.", "descartar comodín en la pila 2"],
              "pt_BR": ["Passar guarda seus Damas", "um Dama sozinho", "Três 9 é a jogada", "Uma carta só sai inteiro",
                        "Você não tem o Q♦ na mão.", "descartar curinga na pilha 2"],
              "ja": [],
              "it": ["i Assi sono jolly", "tiene i tuoi Donne", "un Donna singolo", "Tre 9 basta",
                     "Una coppia esce intero", "Non hai il Q♦ in mano.",
                     "scartare il 8 sulla pila 2"]}
    for code, patterns in BAD.items():
        for bad in patterns:
            assert any(bad.search(text) for text in before[code]), (code, bad.pattern)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_japanese_counts_cards_with_its_counter(count: int) -> None:
    """A set of cards in Japanese: 枚 for cards (1枚, 3枚, 4枚), ペア for a pair, after the rank, as players say."""
    for r in range(13):
        text = render(rank_msg(r, count), "ja")
        assert text.endswith({1: "1枚", 2: "のペア", 3: "3枚", 4: "4枚"}[count]), text


def test_japanese_counts_every_number_of_cards_with_its_counter() -> None:
    """Every Japanese text that counts cards ("{n} cards", "{k} cards") counts them with 枚."""
    with po_path("ja").open("rb") as f:
        catalogue = read_po(f)
    counted = [m for m in catalogue if m.id and re.search(r"\{(n|k|count)\} cards?\b",
                                                            m.id if isinstance(m.id, str) else m.id[-1])]
    assert len(counted) > 10
    wrong = [m.id for m in counted if "枚" not in (m.string if isinstance(m.string, str) else m.string[0])]
    assert not wrong, wrong

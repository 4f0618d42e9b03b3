"""Choosing a language: the Accept-Language header weighed as HTTP says, our codes found from what browsers send,
and a message rendered with each language's catalogue, numbers and plural rules."""

from __future__ import annotations

from datetime import datetime

from logic.messages import Message, t_msg, t_nmsg, t_pmsg
from ui.i18n.catalogs import pseudo
from ui.i18n.languages import FOLLOWED, LANGUAGES, PSEUDO, known
from ui.i18n.negotiate import negotiate, parse_accept_language
from ui.i18n.render import date_text, number, render


def test_accept_language_by_weight_then_order() -> None:
    assert parse_accept_language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == ["fr-CH", "fr", "en", "de"]
    assert parse_accept_language("de;q=0.5, ja") == ["ja", "de"]
    assert parse_accept_language("pl;q=0, it") == ["it"]
    assert parse_accept_language("x;q=oops, es") == ["es"]


def test_negotiation_finds_ours_or_english() -> None:
    every = frozenset(LANGUAGES)
    assert negotiate("de-DE,de;q=0.9,en;q=0.8", every) == "de"
    assert negotiate("pt-BR", every) == "pt_BR" and negotiate("pt-PT,pt;q=0.9", every) == "pt_BR"
    assert negotiate("ja-JP", every) == "ja"
    assert negotiate("nl-NL, sv", every) == "en"
    assert negotiate("en-XA", every) == "en"  # the pseudo-language only by ?lang=
    assert negotiate(None, every) == "en" and negotiate("", every) == "en"
    assert negotiate("de," * 100_000, every) == "de"  # a huge header is cut before it is read


def test_a_partly_translated_language_is_not_chosen_by_the_header_alone() -> None:
    assert negotiate("fr, de", frozenset({"en", "de"})) == "de"
    assert negotiate("fr", frozenset({"en", "de"})) == "en"


def test_the_browser_is_followed_in_every_language() -> None:
    """Every language is complete (tests/ui/test_catalogues.py), so a browser's own settings choose any of them."""
    assert FOLLOWED == frozenset(LANGUAGES)
    assert negotiate("de") == "de" and negotiate("ja") == "ja" and negotiate("pt-BR") == "pt_BR"
    assert negotiate("fr-CA") == "fr" and negotiate("es-MX,es;q=0.9,en;q=0.5") == "es"
    assert negotiate("it-IT, pl;q=0.8") == "it" and negotiate("pl-PL") == "pl"
    assert negotiate("nl-NL, pl;q=0.3") == "pl" and negotiate("nl-NL") == "en"
    assert negotiate("en-XA") == "en"


def test_known_codes() -> None:
    assert known("de-AT") == "de" and known("PT-br") == "pt_BR" and known("en-XA") == PSEUDO
    assert known("klingon") is None


def test_render_in_each_language() -> None:
    assert render(t_msg("Rules"), "de") == "Regeln"
    assert render(t_msg("Rules"), "ja") == "ルール"
    assert render(t_msg("Rules"), "en") == "Rules"
    assert render(t_msg("Not in any catalogue {x}", x=1234), "de") == "Not in any catalogue 1.234"  # German digits
    assert render(t_nmsg("{n} card", "{n} cards", n=2), PSEUDO) == "[{n} çàrds]".replace("{n}", "2")
    assert pseudo("Take {count} cards") == "[Tàké {count} çàrds]"


def test_plural_forms_by_each_languages_rules() -> None:
    """CLDR's plural rules: Polish has three forms (1 kartę, 2-4 and 22-24 karty, 5-21 and 25 kart), Japanese one."""
    def give(n: int, code: str) -> str:
        return render(t_nmsg("Give back exactly {n} card", "Give back exactly {n} cards", n=n), code)

    assert [give(n, "pl").rsplit(" ", 1)[1] for n in (1, 2, 4, 5, 21, 22, 25)] == [
        "kartę", "karty", "karty", "kart", "kart", "karty", "kart"]
    assert give(1, "de") == "Gib genau 1 Karte zurück" and give(2, "de") == "Gib genau 2 Karten zurück"
    assert give(1, "ja").replace("1", "2") == give(2, "ja")


def test_one_english_word_two_meanings() -> None:
    """pgettext: "Draw" the button is not "Draw" the pile, "passed" in the log is not "passed" under a seat."""
    assert render(t_pmsg("action", "Draw"), "de") == "Ziehen" and render(t_pmsg("pile", "Draw"), "de") == "Talon"
    assert render(t_msg("passed"), "de") == "passte" and render(t_pmsg("seat status", "passed"), "de") == "gepasst"


def test_dates_and_numbers_as_each_language_writes_them() -> None:
    day = datetime(2026, 12, 5, 18, 30)
    assert [date_text(day, code) for code in ("de", "fr", "pl", "ja")] == [
        "05.12.2026", "5 déc. 2026", "5 gru 2026", "2026/12/05"]
    assert date_text(day, "de", with_time=True) == "05.12.26, 18:30"
    assert [number(1234.5, code) for code in ("en", "de", "fr", "ja")] == ["1,234.5", "1.234,5", "1\u202f234,5",
                                                                           "1,234.5"]


def test_a_redraw_speaks_its_pages_language_and_what_it_schedules_does_not_inherit_it() -> None:
    """A table page's redraw finds its language once (ui/table/page.py): texts made inside speak it without a page
    around them, and a redraw of another page scheduled from inside (as a move schedules every page's) speaks its
    own page's language, not this one's."""
    import asyncio

    from ui.i18n.viewer import _, drawing_in, speaking, viewer_language

    async def redraws() -> tuple[str, str, str]:
        heard: list[str] = []
        with drawing_in("de"):
            inside = _("Rules")
            asyncio.get_running_loop().call_soon(lambda: heard.append(viewer_language()))
            with speaking("fr"):  # an explicit language still wins (a scorecard drawn for its address)
                explicit = viewer_language()
        await asyncio.sleep(0)
        return inside, explicit, heard[0]

    inside, explicit, scheduled = asyncio.run(redraws())
    assert inside == render(Message("Rules"), "de") == "Regeln"
    assert explicit == "fr"
    assert scheduled == "en"  # (outside any page: English) — not the German of the redraw that scheduled it
    assert viewer_language() == "en"

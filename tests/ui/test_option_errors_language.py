"""A game option a link or a lobby cannot have is refused in the viewer's language (issue 51): the config's reasons
are messages (logic/option_errors.py), rendered on the ``/new`` link's error page per viewer — a browser's ``?lang=``
and a script's ``Accept-Language`` alike — and in the lobby's notice; the English stays for logs and the seat API."""

from __future__ import annotations

import json

from nicegui.testing import User

from logic.messages import t_msg, t_pmsg, verbatim
from tests.ui.helpers import open_with_status, with_testid
from ui.i18n.render import render

WHOLE = t_msg("{option} must be a whole number", option=verbatim("target"))
TARGET = t_msg("The target score must be 100, 200, 300 or 500 (or 0 for no limit)")


def error_text(user: User) -> str:
    with user:
        return str(getattr(with_testid(user, "error")[0], "text", ""))


async def test_a_refused_option_in_a_link_reads_in_german(user: User) -> None:
    await open_with_status(user, "/new/rummy?target=abc&lang=de", 400)
    assert error_text(user) == render(WHOLE, "de") == "target muss eine ganze Zahl sein"
    await open_with_status(user, "/new/rummy?target=42", 400)  # (the browser keeps German)
    assert error_text(user) == render(TARGET, "de") != TARGET.english()
    await open_with_status(user, "/new/president?players=3&hands=3", 400)  # two reasons, each in German
    both = t_pmsg("reasons", "{first}; {second}", first=t_msg("President is played by 4 or 5 players"),
                  second=t_msg("A match is 4 or 8 hands"))
    assert error_text(user) == render(both, "de")
    assert "Präsident" in error_text(user) and "hands" not in error_text(user)
    await open_with_status(user, "/new/stockpile?players=7&lang=ja", 400)
    assert error_text(user) == render(t_msg("Stockpile is for 2 to 6 players, not {n}", n=7), "ja")


async def test_a_script_asking_in_german_is_answered_in_german(user: User) -> None:
    response = await user.http_client.get("/new/beanie?rounds=0", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert response.status_code == 400
    german = render(t_msg("rounds must be between 1 and 13"), "de")
    assert german != "rounds must be between 1 and 13"
    assert german in response.text or json.dumps(german)[1:-1] in response.text, response.text[-3000:]
    english = await user.http_client.get("/new/beanie?rounds=0", headers={"Accept-Language": "en"})
    assert english.status_code == 400 and "rounds must be between 1 and 13" in english.text

"""The seat API against the real server: a token acts for its one seat at its one table and sees only
that seat's view; bad calls (no token, wrong token, other table, illegal move, not JSON, not an action, a huge
body, a flood) each get their status and change nothing; a program seat and its token survive a restart.

Tables come from practice links with ``program=1`` (the token is read from the page that made the table, as a
tester would). With the server's ``--seed 1000`` the Rummy table (the first one) has the program seat to move
first, so its moves can be tried at once.
"""

from __future__ import annotations

import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from fastapi.encoders import jsonable_encoder
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import saved_record
from tests.e2e.seat_api_support import Api, open_practice, other_hands, saved_table, strings_in

pytestmark = pytest.mark.e2e


def unchanged(server: Server, code: str, api: Api, before: dict) -> None:
    """Nothing moved: the same version and action log in the saved file and through the API."""
    record = saved_record(server, code)
    assert (record["version"], len(record["log"])) == (before["version"], len(before["log"]))
    assert api.view()["version"] == before["version"]


def test_a_token_plays_only_its_seat_and_bad_calls_change_nothing(browser: Browser, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    rummy, token = open_practice(page, server, "rummy?program=1&speed=0")  # seed 1000: the program starts
    beanie, other_token = open_practice(page, server, "beanie?program=1&rounds=1&speed=0")
    api, other = Api(server, rummy, token), Api(server, beanie, other_token)

    # --- its view: exactly the game's view for seat 1, no card of the other seat's hand
    answer = api.view()
    assert (answer["seat"], answer["game"], answer["status"], answer["your_turn"]) == (1, "rummy", "playing", True)
    assert [s["kind"] for s in answer["seats"]] == ["person", "program"]
    table = saved_table(server, rummy)
    assert answer["view"] == jsonable_encoder(table.game.view(table.state, 1))
    hidden = other_hands(table, 1)
    assert hidden and not hidden & strings_in(answer)
    beanie_view = other.view()
    beanie_table = saved_table(server, beanie)
    assert beanie_view["view"] == jsonable_encoder(beanie_table.game.view(beanie_table.state, 1))
    assert not other_hands(beanie_table, 1) & strings_in(beanie_view)

    # --- who may call: no token 401, a wrong one 403, another table's 403, an unknown table 404
    before = saved_record(server, rummy)
    legal = api.get("/legal").json()
    assert legal and all(isinstance(a, dict) and "kind" in a for a in legal)
    nobody, stranger = Api(server, rummy, None), Api(server, rummy, "not-a-token-" + "x" * 30)
    assert nobody.get().status_code == 401 and nobody.get().headers["WWW-Authenticate"] == "Bearer"
    for client in (stranger, Api(server, rummy, other_token)):  # a made-up token; the Beanie table's token
        for response in (client.get(), client.get("/legal"), client.get("/events?after=-1"), client.post(legal[0])):
            assert response.status_code == 403, response.text
            assert response.json()["detail"]
    assert api.get(code=beanie).status_code == 403 and api.post(legal[0], code=beanie).status_code == 403
    assert api.get(code="ZZZZZZ").status_code == 404
    unchanged(server, rummy, api, before)

    # --- bad moves: 409 with the rules' reason, 400 for what is not an action, 413 for a huge body
    card = answer["view"]["hand"][0]
    refused = api.post({"kind": "discard", "card": card})  # it must draw first
    assert refused.status_code == 409 and refused.json()["detail"]
    turn = other.post(other.get("/legal").json() or {"kind": "draw"})  # Beanie: the person moves first
    assert turn.status_code == 409 and "not your turn" in turn.json()["detail"]
    for raw in (b"{not json", b"[1, 2]", b'{"kind": "fly"}', b'{"kind": "discard"}', "\u00e9".encode("latin-1")):
        bad = api.post(None, raw=raw)
        assert bad.status_code == 400 and bad.json()["detail"], raw
    huge = api.post(None, raw=b'{"kind": "draw", "pad": "' + b"x" * 100_000 + b'"}')
    assert huge.status_code == 413 and "too large" in huge.json()["detail"]
    unchanged(server, rummy, api, before)

    # --- a legal move goes through the table like a click: saved before the answer
    moved = api.post(legal[0])
    assert moved.status_code == 200, moved.text
    assert moved.json()["version"] > before["version"]
    record = saved_record(server, rummy)
    assert record["version"] >= moved.json()["version"] and record["log"][-1] == [1, legal[0]]

    # --- events: a long poll answers as soon as the table changes (here: the person says something in chat)
    version = api.view()["version"]
    woke: dict = {}
    waiter = threading.Thread(target=lambda: woke.update(api.get(f"/events?after={version}").json()))
    waiter.start()
    page.goto(f"{server.url}/table/{rummy}")
    page.click("[data-testid=btn-chat]")
    page.fill("[data-testid=chat-input]", "hello program")
    page.click("[data-testid=chat-send]")
    waiter.join(20)
    assert not waiter.is_alive() and woke["version"] > version
    quiet = api.get(f"/events?after={woke['version'] + 5}&wait=0.5")  # nothing new: the same view after the wait
    assert quiet.status_code == 200 and quiet.json()["version"] == woke["version"]

    # --- a flood: 429 with Retry-After, and nothing changes
    before = saved_record(server, rummy)
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: api.get("/legal"), range(400)))
    limited = [a for a in answers if a.status_code == 429]
    assert limited and all(int(a.headers["Retry-After"]) >= 1 and a.json()["detail"] for a in limited)
    assert {a.status_code for a in answers} <= {200, 429}
    assert saved_record(server, rummy)["version"] == before["version"]

    # --- the documentation page and the OpenAPI description are served
    docs = httpx.get(f"{server.url}/docs")
    spec = httpx.get(f"{server.url}/openapi.json").json()
    assert docs.status_code == 200 and "/api/v1/tables/{code}/actions" in spec["paths"]

    # --- in a friends lobby: the token is shown once, to the host only, and freeing the seat ends it
    host = browser.new_page(viewport={"width": 1280, "height": 800})
    host.goto(server.url)
    host.click("[data-testid=friends-rummy]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    lobby = host.locator("[data-testid=join-code]").inner_text().strip()
    host.click("[data-testid=btn-add-program-1]")
    lobby_token = host.input_value("[data-testid=program-token-1]")
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.click("[data-testid=btn-copy-token-1]")
    expect(host.get_by_text("Token copied.")).to_be_visible()
    assert host.evaluate("navigator.clipboard.readText()") == lobby_token
    host.click("[data-testid=btn-copy-curl-1]")
    expect(host.get_by_text("Command copied.")).to_be_visible()
    assert host.evaluate("navigator.clipboard.readText()") == host.input_value("[data-testid=program-curl-1]")
    program = Api(server, lobby, lobby_token)
    assert (program.view()["status"], program.view()["phase"], program.get("/legal").json()) == ("lobby", "lobby", [])
    guest = browser.new_context().new_page()
    guest.goto(f"{server.url}/table/{lobby}")
    expect(guest.locator("[data-testid=seat-1]")).to_contain_text("Program 2")
    assert lobby_token not in guest.content() and guest.locator("[data-testid=program-token-1]").count() == 0
    expect(guest.locator("[data-testid=program-note-1]")).to_be_visible()
    host.reload()
    expect(host.locator("[data-testid=program-note-1]")).to_contain_text("shown once")
    assert lobby_token not in host.content()  # shown once: not after a reload
    # right after the reload (the host's page goes and comes back: presence changes), one click frees the seat
    host.click("[data-testid=btn-remove-1]")
    expect(host.locator("[data-testid=btn-add-program-1]")).to_be_visible()
    assert program.get().status_code == 403
    assert lobby_token not in json.dumps(saved_record(server, lobby))  # only its hash was ever saved

    # --- after a restart the same token still plays the same seat
    server.stop()
    server.start()
    again = Api(server, rummy, token)
    after = again.view()
    assert after["version"] == saved_record(server, rummy)["version"] and after["seat"] == 1
    assert again.get("/legal").status_code == 200

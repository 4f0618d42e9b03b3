"""A Card Night program seat that plays any of the games by picking a random legal action.

    python examples/random_bot.py http://192.168.1.20:8080 ABC123 <token>   (or the token in CARDNIGHT_TOKEN)

Standard library only. It waits for its turn with the long-poll ``/events`` endpoint, so it costs nothing
while others think, and stops when the table ends.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
import urllib.error
import urllib.request


class TableEnded(Exception):
    pass


class Refused(Exception):
    pass


def call(base: str, code: str, token: str, path: str, body: object = None) -> object:
    """One API call; answers the JSON and waits when rate limited. Any other error ends the bot."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}/api/v1/tables/{code}{path}", data=data, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    for _ in range(20):
        try:
            with urllib.request.urlopen(request, timeout=40) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as err:
            if err.code == 429:
                time.sleep(float(err.headers.get("Retry-After", "1")))
                continue
            if err.code in (409, 410):  # 409: the rules refuse the move; 410: the table has ended
                problem = json.load(err)
                raise (Refused if err.code == 409 else TableEnded)(problem.get("status") or problem["detail"]) from None
            raise SystemExit(f"{err.code}: {err.read().decode(errors='replace')}") from None
    raise SystemExit("still rate limited after 20 tries")


def play(base: str, code: str, token: str, rng: random.Random) -> dict:
    """Play until the game is over; answers the last view seen."""
    view = call(base, code, token, "/events?after=-1")  # answers at once: the current view
    moves = 0
    try:
        while view["status"] in ("lobby", "playing"):
            legal = call(base, code, token, "/legal") if view["your_turn"] else []
            if not legal:  # not our turn: wait until the table changes (at most 25 s, then ask again)
                view = call(base, code, token, f"/events?after={view['version']}")
                continue
            try:
                view = call(base, code, token, "/actions", rng.choice(legal))
                moves += 1
            except Refused as refused:  # e.g. the turn timer moved for us meanwhile: look again
                print(f"refused: {refused}", file=sys.stderr)
                view = call(base, code, token, "/events?after=-1")
    except TableEnded as ended:  # the game ended while we were not waiting on /events
        view["status"] = str(ended)
    print(f"{moves} moves; status {view['status']}; outcome {json.dumps(view.get('outcome'))}")
    return view


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    token = sys.argv[3] if len(sys.argv) > 3 else os.environ.get("CARDNIGHT_TOKEN", "")
    play(sys.argv[1].rstrip("/"), sys.argv[2].upper(), token, random.Random(os.environ.get("BOT_SEED")))

"""How the table's messages name seats: "Seat 2" becomes that player's name, or "You" on seat 2's own page.

The rules layer writes "Seat N" (it knows no names); every page, replay and still table words it for its viewer here.
"""

from __future__ import annotations

import re

SEAT_RE = re.compile(r"\b(Seat|seat|Player|player) (\d)\b")
# "Seat 2 leads" becomes "You lead" on seat 2's own page: the verbs the rules' messages put after a seat
YOU_VERBS = {"has": "have", "is": "are", "was": "were", "leads": "lead", "starts": "start", "stands": "stand",
             "proposes": "propose", "holds": "hold", "agrees": "agree", "wins": "win", "takes": "take",
             "plays": "play", "passes": "pass", "draws": "draw", "goes": "go", "gets": "get", "needs": "need",
             "must": "must", "scores": "score", "keeps": "keep", "gives": "give", "makes": "make"}
YOU_VERB_RE = re.compile(r"\b(You) (" + "|".join(YOU_VERBS) + r")\b")
YOU_AND_VERB_RE = re.compile(r"(\bYou\b[^.;!?]*? and) (" + "|".join(YOU_VERBS) + r")\b")  # "You hold 3♣ and lead"


def with_names(text: str, names: list[str], viewer: int | None) -> str:
    """``text`` with "Seat N" replaced by that seat's name, or by "You" (and the verb after it) for ``viewer``."""

    def name(match: re.Match[str]) -> str:
        i = int(match.group(2)) - 1
        if not 0 <= i < len(names):
            return match.group(0)
        return "You" if i == viewer else names[i]

    def agree(match: re.Match[str]) -> str:
        return f"{match.group(1)} {YOU_VERBS[match.group(2)]}"

    return YOU_AND_VERB_RE.sub(agree, YOU_VERB_RE.sub(agree, SEAT_RE.sub(name, text)))

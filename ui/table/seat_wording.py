"""How the table's messages name seats: "Seat 2" becomes that player's name, or "You" on seat 2's own page.

The rules layer writes "Seat N" (it knows no names); every page, replay and still table words it for its viewer here.
A line the rules layer said as a message (:class:`logic.messages.Said`) is rendered in the viewer's language, its
seats (:func:`logic.messages.seat_msg`) replaced by the players' names. In English the viewer's own seat reads "You"
(with the verb after it agreeing); in the other languages it is the viewer's own name, which every sentence's
grammar takes as it is.
"""

from __future__ import annotations

import re

from logic.messages import Message, Said, seat_of, verbatim
from ui.i18n.languages import DEFAULT
from ui.i18n.render import render
from ui.i18n.viewer import viewer_language

SEAT_RE = re.compile(r"\b(Seat|seat|Player|player) (\d)\b")
# "Seat 2 leads" becomes "You lead" on seat 2's own page: the verbs the rules' messages put after a seat
YOU_VERBS = {"has": "have", "is": "are", "was": "were", "leads": "lead", "starts": "start", "stands": "stand",
             "proposes": "propose", "holds": "hold", "agrees": "agree", "wins": "win", "takes": "take",
             "plays": "play", "passes": "pass", "draws": "draw", "goes": "go", "gets": "get", "needs": "need",
             "must": "must", "scores": "score", "keeps": "keep", "gives": "give", "makes": "make"}
YOU_VERB_RE = re.compile(r"\b(You(?: \([^)]*\))?) (" + "|".join(YOU_VERBS) + r")\b")  # "You (Beggar) lead"
YOU_AND_VERB_RE = re.compile(r"(\bYou\b[^.;!?]*? and) (" + "|".join(YOU_VERBS) + r")\b")  # "You hold 3♣ and lead"
# "You" inside a sentence is written "you" ("everyone has passed, you lead"); after a colon it starts a clause
YOU_INSIDE_RE = re.compile(r"(?<=[^\s.!?:]) You\b")


def with_names(text: str, names: list[str], viewer: int | None) -> str:
    """``text`` with "Seat N" replaced by that seat's name, or by "You" (and the verb after it) for ``viewer``;
    a :class:`Said` line in the viewer's language."""
    if isinstance(text, Said):
        code = viewer_language()
        if code != DEFAULT:
            return render(named(text.message, names), code)
        text = str(text)

    def name(match: re.Match[str]) -> str:
        i = int(match.group(2)) - 1
        if not 0 <= i < len(names):
            return match.group(0)
        return "You" if i == viewer else names[i]

    def agree(match: re.Match[str]) -> str:
        return f"{match.group(1)} {YOU_VERBS[match.group(2)]}"

    text = YOU_AND_VERB_RE.sub(agree, YOU_VERB_RE.sub(agree, SEAT_RE.sub(name, text)))
    return YOU_INSIDE_RE.sub(" you", text)


def named(message: Message, names: list[str]) -> Message:
    """``message`` with every seat in it (at any depth) replaced by the player's name."""
    if not message.params:
        return message
    params = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            seat = seat_of(value)
            value = verbatim(names[seat]) if seat is not None and 0 <= seat < len(names) else named(value, names)
        params[key] = value
    return Message(message.text, params, message.plural, message.count, message.context)


def in_language(text: str) -> str:
    """A line from the rules layer (a round label, a column's title) in the viewer's language: a :class:`Said`
    line rendered, any other text as it is."""
    return render(text.message, viewer_language()) if isinstance(text, Said) else text

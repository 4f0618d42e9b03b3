"""Which of our languages a browser asks for: the ``Accept-Language`` header, weighted as HTTP says."""

from __future__ import annotations

from ui.i18n.languages import DEFAULT, FOLLOWED, PSEUDO, known

MAX_HEADER = 1_000  # a longer header is cut before it is read (no visitor can make this slow)
MAX_ENTRIES = 30


def parse_accept_language(header: str) -> list[str]:
    """The header's language tags, most wanted first (``q=0`` dropped; equal weights keep their order)."""
    entries: list[tuple[float, int, str]] = []
    for i, part in enumerate(header[:MAX_HEADER].split(",")[:MAX_ENTRIES]):
        tag, _, rest = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        weight = 1.0
        rest = rest.strip()
        if rest.startswith("q="):
            try:
                weight = float(rest[2:])
            except ValueError:
                continue
        if weight > 0:
            entries.append((-weight, i, tag))
    return [tag for _, _, tag in sorted(entries)]


def negotiate(header: str | None, followed: frozenset[str] = FOLLOWED) -> str:
    """Our language for an ``Accept-Language`` header among ``followed`` (English when none of them is asked for).
    The pseudo-language is never chosen by a header, only by ``?lang=en-XA``."""
    for tag in parse_accept_language(header or ""):
        code = known(tag)
        if code is not None and code != PSEUDO and code in followed:
            return code
    return DEFAULT

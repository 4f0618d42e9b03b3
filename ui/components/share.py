"""Sharing a finished game, for every game alike: a text summary (native share sheet on phones, clipboard
where the browser allows it, otherwise selected text to copy) and the round-by-round scorecard as PNG
(``/share/<CODE>.png``: downloaded on a computer, shared on a phone).
"""

from __future__ import annotations

import json
from typing import Any

from nicegui import ui

from storage.archive import FinishedGame
from ui.components.dialog import named_dialog
from ui.components.points import fewest_wins, lower_wins, score_texts
from ui.components.scorecard_png import game_title, round_scores, when_text
from ui.i18n import _, ngettext
from ui.i18n.viewer import viewer_language


def share_text(record: FinishedGame, start: dict[str, Any] | None = None) -> str:
    """A plain-text summary anyone can paste into a chat (``start``: the position the game began from, if not a
    new deal)."""
    players = record.players
    scores, places = record.scores, record.places
    winners = [players[w].name for w in record.winners if w < len(players)]
    lines = [f"Card Night · {game_title(record.game)} · {when_text(record.finished_at)}"]
    if len(winners) == 1:
        lines.append(_("🏆 {name} wins!", name=winners[0]))
    elif winners:
        lines.append(_("🏆 {names} and {last} share the win!", names=", ".join(winners[:-1]), last=winners[-1]))
    lower = lower_wins(record.game)
    if lower:  # Beanie's penalty points
        lines.append(fewest_wins())
    points = score_texts(scores, lower)
    for seat in sorted(range(len(players)), key=lambda s: (places[s] if s < len(places) else 99, s)):
        p = players[seat]
        place = places[seat] if seat < len(places) else "?"
        score = points[seat] if seat < len(points) else "?"
        who = f"{p.name} {p.emoji}".strip()
        who = _("{name} (computer)", name=who) if p.bot else who
        lines.append(f"{place}. {who} — {score}")
    rounds = len(round_scores(record, start))
    if rounds > 1:
        lines.append(ngettext("{n} round", "{n} rounds", rounds))
    return "\n".join(lines)


def _copy_js(area_id: str, status_id: str) -> str:
    """Click handler, run in the browser (keeps the tap's user activation for the share sheet)."""
    shared, copied = json.dumps(_("Shared.")), json.dumps(_("Copied to the clipboard."))
    select = json.dumps(_("The text is selected: copy it with Ctrl+C (or Copy on your phone)."))
    return f"""async () => {{
  const el = document.getElementById('{area_id}'), status = document.getElementById('{status_id}');
  const area = el && (el.tagName === 'TEXTAREA' ? el : el.querySelector('textarea'));
  const text = area ? area.value : '';
  const say = (msg) => {{ if (status) status.textContent = msg; }};
  if (navigator.share && window.matchMedia('(pointer: coarse)').matches) {{
    try {{ await navigator.share({{text}}); say({shared}); return; }}
    catch (e) {{ if (e && e.name === 'AbortError') return; }}
  }}
  if (navigator.clipboard && window.isSecureContext) {{
    try {{ await navigator.clipboard.writeText(text); say({copied}); return; }} catch (e) {{}}
  }}
  let ok = false;
  if (area) {{ area.focus(); area.select(); try {{ ok = document.execCommand('copy'); }} catch (e) {{}} }}
  say(ok ? {copied} : {select});
}}"""


def copy_script(area_id: str, status_id: str) -> str:
    """The browser-side "Copy / share" of a text area (share sheet, clipboard or selected text), for other share
    dialogs (a game night's summary)."""
    return _copy_js(area_id, status_id)


def _png_js(code: str) -> str:
    """The image in the page's language (``?lang=``)."""
    url, name = json.dumps(f"/share/{code}.png?lang={viewer_language()}"), json.dumps(f"cardnight-{code}.png")
    return f"""async () => {{
  const url = {url}, name = {name};
  if (navigator.canShare && window.matchMedia('(pointer: coarse)').matches) {{
    try {{
      const blob = await (await fetch(url)).blob();
      const file = new File([blob], name, {{type: 'image/png'}});
      if (navigator.canShare({{files: [file]}})) {{
        await navigator.share({{files: [file], title: 'Card Night'}}); return;
      }}
    }} catch (e) {{ if (e && e.name === 'AbortError') return; }}
  }}
  const a = document.createElement('a');
  a.href = url + '&download=1'; a.download = name; document.body.appendChild(a); a.click(); a.remove();
}}"""


def open_text_dialog(record: FinishedGame, start: dict[str, Any] | None = None) -> None:
    with named_dialog(_("Share the result")) as dialog, ui.card().classes("w-96 max-w-full").props(
            "data-testid=share-dialog"):
        ui.label(_("Share the result")).classes("text-lg font-bold")
        area = ui.textarea(value=share_text(record, start)).props(
            "readonly outlined autogrow data-testid=share-text").classes("w-full font-mono text-sm")
        status = ui.label("").classes("text-sm text-grey-8").props("data-testid=share-status")
        with ui.row().classes("w-full justify-end gap-2"):
            ui.button(_("Close"), on_click=dialog.close).props("flat")
            ui.button(_("Copy / share"), icon="content_copy").props("color=primary data-testid=btn-share-copy").on(
                "click", js_handler=_copy_js(f"c{area.id}", f"c{status.id}"))
    dialog.open()


def share_buttons(record: FinishedGame, start: dict[str, Any] | None = None) -> None:
    """"Share result" and "Scorecard image" for finished game ``record`` (``start``: see :func:`share_text`)."""
    ui.button(_("Share result"), icon="share", on_click=lambda: open_text_dialog(record, start)).props(
        "outline no-caps data-testid=btn-share-text")
    ui.button(_("Scorecard image"), icon="image").props("outline no-caps data-testid=btn-share-png").on(
        "click", js_handler=_png_js(record.code))

"""Who is this browser? A random player id kept in ``app.storage.user`` plus a chosen name and emoji."""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass
from typing import Any

from nicegui import app, context, ui

from logic.table import EMOJI_CHOICES, clean_name
from ui.components.tap import TAP_KEYS_JS
from ui.nicegui_internals import session_store

FIRST_NAMES = ("Sam", "Alex", "Robin", "Charlie", "Jamie", "Kai", "Noor", "Rene", "Sasha", "Toni")


@dataclass
class Me:
    player_id: str
    name: str
    emoji: str


def user_store() -> Any:
    """``app.storage.user`` of the browser whose page we are drawing.

    Pages also redraw in background tasks (another player's move), where NiceGUI has no request context;
    there we find the same storage through the page's client and its session id.
    """
    # The page's own client first: an event handler sets the request context of the browser that acted, and
    # a redraw it triggers on *another* player's page would otherwise read the acting browser's storage.
    try:
        request = context.client.request
        found = session_store(request.session.get("id")) if request is not None else None
        if found is not None:
            return found
    except (RuntimeError, AssertionError, AttributeError):
        pass
    return app.storage.user


def me() -> Me:
    store = user_store()
    if "player_id" not in store:
        store["player_id"] = uuid.uuid4().hex
    if not store.get("name"):
        store["name"] = f"{random.choice(FIRST_NAMES)} {random.randint(10, 99)}"
    if not store.get("emoji"):
        store["emoji"] = random.choice(EMOJI_CHOICES)
    return Me(store["player_id"], store["name"], store["emoji"])


def set_profile(name: str | None = None, emoji: str | None = None) -> Me:
    store = user_store()
    if name is not None:
        store["name"] = clean_name(name)
    if emoji is not None and emoji in EMOJI_CHOICES:
        store["emoji"] = emoji
    who = me()
    show_profile(who)
    return who


PROFILE_TESTID = "nav-profile"  # the header's button with the person's emoji and name (ui/shell/frame.py)


def profile_label(who: Me) -> str:
    return f"{who.emoji} {who.name}"


def show_profile(who: Me) -> None:
    """The header of every open page of this browser shows the name and emoji just chosen (a guest who joins a
    lobby under a new name sees it at once, not after the next page load)."""
    for client in browser_clients():
        for element in list(client.elements.values()):
            if element.props.get("data-testid") == PROFILE_TESTID and isinstance(element, ui.button):
                element.set_text(profile_label(who))


def pref(key: str, default: object) -> object:
    return user_store().get("prefs", {}).get(key, default)


def set_pref(key: str, value: object) -> None:
    store = user_store()
    prefs = dict(store.get("prefs", {}))
    prefs[key] = value
    store["prefs"] = prefs
    broadcast_prefs(key)


# ---- settings applied live in every open tab of this browser ---------------------------------------
PREF_DEFAULTS: dict[str, object] = {
    "four_colour": False, "animations": True, "distraction_free": False, "show_buttons": True, "sounds": True,
    "chat_opens": False, "card_back": "#2b4c9b", "table_colour": "#1f5f45,#174a36",
    "alert_title": True, "alert_favicon": True, "alert_vibrate": True,  # turn alerts (assets/alerts.js)
}
CLIENT_KEYS = ("four_colour", "animations", "sounds", "card_back", "table_colour", "alert_title", "alert_favicon",
               "alert_vibrate")
RELOAD_KEYS = ("distraction_free", "show_buttons")  # drawn on the server: open tables redraw

# cnPrefs applies what CSS can show; cnSound plays short sounds, only after the first tap or key on the page
CLIENT_JS = """<style>.pcard.back{--back:var(--pref-back,#2b4c9b)!important}</style>
<script>
window.cnSound = window.cnSound || {enabled: true, unlocked: false, ctx: null, buffers: {}, played: [], idle: null,
  playing: 0,
  unlock() {  // browsers let a page make sounds only after a tap or key: the audio context starts in that event
    this.unlocked = true;
    try {  // 'playback': larger audio buffers, far fewer wake-ups; a game cue does not need low latency
      this.ctx = this.ctx || new (window.AudioContext || window.webkitAudioContext)({latencyHint: 'playback'});
      this.ctx.resume();
    }
    catch (e) { this.ctx = null; }
    this.rest();
  },
  rest() {  // a running audio context keeps the device busy: it rests when the table has been quiet a while
    clearTimeout(this.idle);
    this.idle = setTimeout(() => { if (!this.playing && this.ctx) this.ctx.suspend().catch(() => {}); }, 3000);
  },
  play(name) {  // Web Audio: decoded once, then each sound is a cheap buffer source (an <audio> per sound cost more)
    if (!this.enabled || !this.unlocked || !this.ctx) return false;
    const ctx = this.ctx;
    const buf = this.buffers[name] || (this.buffers[name] = fetch('/assets/sounds/' + name + '.wav')
      .then(r => r.arrayBuffer()).then(b => ctx.decodeAudioData(b)));
    clearTimeout(this.idle);
    Promise.all([buf, ctx.resume()]).then(([b]) => {
      const s = ctx.createBufferSource(); s.buffer = b; s.connect(ctx.destination);
      this.playing++; s.onended = () => { this.playing--; this.rest(); }; s.start();
    }).catch(() => this.rest());
    this.played.push(name); return true;
  }};
""" + TAP_KEYS_JS + """
new MutationObserver(ms => ms.forEach(m => {  // a table asks for a sound with data-sound="<name> <count>"
  const v = m.target.getAttribute('data-sound'); if (v) window.cnSound.play(v.split(' ')[0]);
})).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-sound']});
['pointerdown', 'keydown', 'touchstart', 'touchend', 'click'].forEach(ev => document.addEventListener(ev,
  () => window.cnSound.unlock(), {once: true, capture: true}));
window.cnPrefs = window.cnPrefs || {current: {},
  apply(p) {
    Object.assign(this.current, p);
    const c = this.current, root = document.documentElement;
    if (c.card_back) root.style.setProperty('--pref-back', c.card_back);
    if (c.table_colour) { const [l, d] = c.table_colour.split(',');
      root.style.setProperty('--felt', l); root.style.setProperty('--felt-dark', d || l); }
    window.cnSound.enabled = c.sounds !== false;
    const body = () => { document.body.classList.toggle('four-colour', !!c.four_colour);
      document.body.classList.toggle('no-motion', c.animations === false); };
    if (document.body) body(); else document.addEventListener('DOMContentLoaded', body);
  }};
</script>"""


def prefs() -> dict[str, object]:
    """Every preference of this browser, defaults filled in."""
    return {**PREF_DEFAULTS, **user_store().get("prefs", {})}


def prefs_js(values: dict[str, object] | None = None) -> str:
    values = prefs() if values is None else values
    return f"window.cnPrefs && window.cnPrefs.apply({json.dumps({k: values.get(k) for k in CLIENT_KEYS})})"


def client_head() -> str:
    """Head HTML for a page: the prefs/sound helpers and this browser's current prefs."""
    return CLIENT_JS + f"<script>{prefs_js()}</script>"


def _session_id(client: Any) -> str | None:
    try:
        return client.request.session.get("id") if client.request is not None else None
    except (AssertionError, AttributeError, KeyError, RuntimeError):
        return None


def browser_clients() -> list[Any]:
    """Every open page of the browser we are serving now (tabs share ``app.storage.user``)."""
    from nicegui import Client

    try:
        sid = _session_id(context.client)
    except RuntimeError:
        return []
    if sid is None:
        return []
    return [c for c in list(Client.instances.values()) if not c.is_deleted and _session_id(c) == sid]


def broadcast_prefs(key: str) -> None:
    """Apply a changed preference in every open tab of this browser; tables redraw for server-drawn ones."""
    try:
        here = context.client
    except RuntimeError:
        return
    js = prefs_js()
    for client in browser_clients():
        try:
            if key in CLIENT_KEYS:
                client.run_javascript(js)
            elif key in RELOAD_KEYS and client is not here and client.request.url.path.startswith("/table/"):
                client.run_javascript("location.reload()")
        except Exception:  # a tab that is closing must not stop the others
            continue


def become(player_id: str, name: str | None, emoji: str | None) -> Me:
    """Make this browser the given player (after linking with a code from another device)."""
    store = user_store()
    store["player_id"] = player_id
    if name:
        store["name"] = clean_name(name)
    if emoji:
        store["emoji"] = emoji
    return me()

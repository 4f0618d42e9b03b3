// Card Night: a tap belongs to what the finger (or the mouse) pressed.
//
// While other seats play, a table redraws many times a minute. A redraw that lands between the press and the release
// of a tap can move the pressed card (its node taken out and put back, or another card now under the finger). The
// browser then sends the click to the element holding both ends of the tap (the hand, which does nothing with it)
// or, when the pressed node was moved, no click at all: the tap was lost. Here a tap (short, without a slide) whose
// release finds the pressed card or button moved or no longer under it is given to that card or button (or, when
// the redraw replaced it, to the one now standing for it: the same data-source, data-testid or data-card), once:
// a click the browser still sends for that tap is dropped. Taps that end where they began are left to the browser,
// whose click must still reach the card pressed: a phone aims its click again once the finger has lifted, and a
// redraw in that moment can put another card there; such a click goes to the card pressed instead.
// A card still travelling from another place to where it lands (assets/motion.js, 200 ms: from the stock, a pile,
// another seat) can pass over a pile or another card as it is tapped: the tap belongs to what lies under the finger
// on the table as drawn, not to the card in flight (when nothing tappable lies under it, the card keeps the tap).
// tests/e2e/test_press_target.py checks each case.
(() => {
  const TAPPABLE = "[data-card], [data-source], button, .q-btn, [role=button]";
  const MAX_MS = 800; // longer is a press-and-hold, not a tap
  const SLOP = 10; // px a finger may wobble within a tap
  const CLICK_WAIT_MS = 400; // how long after the release a browser's own click for the tap may still come
  let press = null; // {el, x, y, t, names, parent, next, through: pressed through a card in flight}
  let given = null; // {el, until, done, p?}: a tap handed to its card (the browser's click for it is dropped), or,
  // with p, left to the browser while its click is watched

  // a card in flight from another place: it, or a box it sits in, runs a travelling animation of motion.js (a card
  // closing up within its own row is not: a tap on it is meant for it)
  const flying = (el) => {
    for (let n = el; n && n.getAnimations; n = n.parentElement) {
      if (n.getAnimations().some((a) => a.id === "cn-motion" && a.cnTravel && a.playState === "running")) return true;
    }
    return false;
  };

  // what a press at (x, y) is for: the tappable element under it, looking through cards in flight
  function pressed(target, x, y) {
    const el = target.closest ? target.closest(TAPPABLE) : null;
    if (!el || !flying(el)) return el;
    for (const n of document.elementsFromPoint(x, y)) {
      const below = n.closest(TAPPABLE);
      if (below && !flying(below)) return below;
    }
    return el;
  }

  const names = (el) => ["data-source", "data-testid", "data-card"]
    .filter((a) => el.hasAttribute(a)).map((a) => [a, el.getAttribute(a)]);

  function standing(p) {
    if (p.el.isConnected) return p.el;
    for (const [attr, value] of p.names) {
      const found = document.querySelectorAll(`[${attr}="${CSS.escape(value)}"]`);
      if (found.length === 1) return found[0];
    }
    return null;
  }

  document.addEventListener("pointerdown", (e) => {
    given = null; // a new tap: whatever the browser still had to say of the last one has been said
    const el = e.isPrimary ? pressed(e.target, e.clientX, e.clientY) : null;
    press = el ? { el, x: e.clientX, y: e.clientY, t: performance.now(), names: names(el),
                   parent: el.parentNode, next: el.nextSibling, through: !el.contains(e.target) } : null;
  }, true);

  document.addEventListener("pointerup", (e) => {
    const p = press;
    press = null;
    if (!p || !e.isPrimary || performance.now() - p.t > MAX_MS) return;
    if (Math.abs(e.clientX - p.x) > SLOP || Math.abs(e.clientY - p.y) > SLOP) return; // a slide, not a tap
    const moved = !p.el.isConnected || p.el.parentNode !== p.parent || p.el.nextSibling !== p.next;
    const under = e.target instanceof Node && p.el.contains(e.target);
    if (under && !moved && !p.through) { // the browser clicks it as usual, unless a redraw comes before its click:
      given = { el: p.el, p, until: performance.now() + CLICK_WAIT_MS, done: false }; // (a phone's click is
      return; // aimed again after the finger lifts: at whatever a redraw has put there meanwhile)
    }
    const el = standing(p);
    if (!el || el.disabled || el.getAttribute("aria-disabled") === "true") return;
    const tap = { el, until: performance.now() + CLICK_WAIT_MS, done: false };
    given = tap;
    setTimeout(() => { // no click of the browser's came with the release: the card gets its tap now
      if (!tap.done) { tap.done = true; el.click(); }
    }, 0);
  }, true);

  document.addEventListener("click", (e) => {
    const tap = given;
    if (!tap || !e.isTrusted) return;
    if (performance.now() > tap.until) { given = null; return; }
    if (!tap.done && e.target instanceof Node && tap.el.contains(e.target)) { // it came
      tap.done = true;
      if (tap.p) given = null; // (left to the browser: nothing of it is left to drop)
      return;
    }
    e.stopPropagation(); // the browser's click for a tap already given (or given now, below), on the wrong element
    e.preventDefault();
    if (!tap.done) { tap.done = true; (tap.el.isConnected || !tap.p ? tap.el : standing(tap.p) || tap.el).click(); }
  }, true);
})();

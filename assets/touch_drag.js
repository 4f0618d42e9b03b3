// Card Night: drag and drop with a finger (or a pen), wherever a mouse can drag today (Rummy, Stockpile).
//
// Touch screens send pointer events, not HTML drag events. A press on a draggable element ([draggable=true]
// with data-source) that moves more than a few pixels becomes a drag: this file sends the page's own drag
// handlers the drag events a mouse would cause (dragstart on the card, dragover / dragleave on what is under
// the finger, drop and dragend when it lifts), with one DataTransfer, so the same piles accept the same cards
// and light up the same way. A copy of the card follows the finger. A press that does not move stays a tap.
(() => {
  const SLOP = 8; // px a finger may wobble before a press counts as a drag
  let press = null; // {id, el, x, y, dt, dragging, over, accepted, ghost, dx, dy}

  const fire = (el, type, dt, x, y) => el.dispatchEvent(new DragEvent(type, {
    bubbles: true, cancelable: true, composed: true, dataTransfer: dt, clientX: x, clientY: y }));

  function under(x, y) {
    const el = document.elementFromPoint(x, y);
    return el && el !== press.ghost ? el : null;
  }

  function start(x, y) {
    press.dragging = true;
    press.dt = new DataTransfer();
    fire(press.el, "dragstart", press.dt, x, y);
    const r = press.el.getBoundingClientRect();
    const g = press.el.cloneNode(true);
    g.style.backgroundImage = getComputedStyle(press.el).backgroundImage; // a face drawn from data-card stays
    for (const n of [g, ...g.querySelectorAll("*")]) {
      for (const a of ["id", "data-card", "data-testid", "data-source", "data-drop", "tabindex", "role", "aria-label"]) {
        n.removeAttribute(a);
      }
    }
    g.setAttribute("aria-hidden", "true");
    g.classList.add("cn-drag-ghost");
    Object.assign(g.style, { position: "fixed", left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`,
                             height: `${r.height}px`, margin: "0", zIndex: "70", pointerEvents: "none" });
    press.dx = press.x - r.left;
    press.dy = press.y - r.top;
    press.ghost = g;
    document.body.appendChild(g);
  }

  function move(x, y) {
    press.ghost.style.translate = `${x - press.x}px ${y - press.y - 24}px`; // lifted above the finger
    const el = under(x, y);
    if (el !== press.over && press.over) fire(press.over, "dragleave", press.dt, x, y);
    press.over = el;
    press.accepted = el ? !fire(el, "dragover", press.dt, x, y) : false; // a handler that takes it prevents default
  }

  function finish(x, y, cancelled) {
    const p = press;
    press = null;
    if (!p.dragging) return;
    if (!cancelled && p.over && p.accepted) fire(p.over, "drop", p.dt, x, y);
    else if (p.over) fire(p.over, "dragleave", p.dt, x, y);
    fire(p.el, "dragend", p.dt, x, y);
    p.ghost.remove();
    // the click that may follow the lift is not a tap
    const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
    document.addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => document.removeEventListener("click", swallow, { capture: true }), 400);
  }

  document.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" || press) return; // a mouse drags with the browser's own drag and drop
    const el = e.target.closest && e.target.closest("[draggable=true][data-source]");
    if (!el) return;
    press = { id: e.pointerId, el, x: e.clientX, y: e.clientY, dragging: false, over: null, accepted: false };
  }, { capture: true });
  document.addEventListener("pointermove", (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!press.dragging) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < SLOP) return;
      start(e.clientX, e.clientY);
    }
    e.preventDefault();
    move(e.clientX, e.clientY);
  }, { capture: true, passive: false });
  document.addEventListener("pointerup", (e) => {
    if (press && e.pointerId === press.id) finish(e.clientX, e.clientY, false);
  }, { capture: true });
  document.addEventListener("pointercancel", (e) => {
    if (press && e.pointerId === press.id) finish(e.clientX, e.clientY, true);
  }, { capture: true });
})();

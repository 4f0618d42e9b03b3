// Card Night: cards travel from where they were to where they land (FLIP).
//
// Just before the browser applies a change from the server (assets/islands.js calls cnMotion.before), every card
// on the table ([data-card]) is measured; right after the change is drawn (the next animation frame, before it is
// painted) each card is matched with where it was and animated from there: the same element that moved (a hand
// closing up), or a new element with the same card code where an old one went away (hand -> trick, discard pile
// -> hand, stock -> building pile). A card that comes from nowhere on this page came from the seat that moved
// (its badge, seat-N) or from the stock; a card that went nowhere goes to that seat's badge or fades out; another
// seat's draw from the stock flies to its badge face down. A card that kept its place in what holds it (the hand,
// the trick, a pile) while that moved as a whole (a line above it grew) did not travel: it is not animated. Only
// transform-type properties and opacity animate (the compositor does the work), 200 ms. The change itself is never held back: the page (and every tester
// attribute) already shows the new state when the animation starts. Off when the browser asks for reduced motion
// or the player turned animations off (body.no-motion, the "Animations" setting on /profile).
(() => {
  const DURATION = 200;
  const ID = "cn-motion"; // every animation started here carries this id (document.getAnimations() lists them)
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  let old = null; // the snapshot taken before the change now being drawn

  const off = () => reduced.matches || document.body.classList.contains("no-motion") || document.hidden;
  // the table page, or the TV's view of a table (/tv/<CODE>: no hand, the same seats, piles and trick)
  const table = () => document.querySelector("[data-testid=table], [data-testid=tv]");
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return r.width ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
  };
  // what holds a card: the nearest named box around it (the hand, the trick, a pile, a meld)
  const holder = (el) => (el.parentElement ? el.parentElement.closest("[data-testid]") : null);
  const near = (a, b) => Math.abs(a) < 1 && Math.abs(b) < 1;
  const number = (el) => parseInt((el.textContent || "").replace(/[^0-9]/g, ""), 10) || 0;
  const STOCKS = "[data-testid=pile-stock], [data-testid=draw-pile]";

  function snapshot() {
    const t = table();
    if (!t) return null;
    const cards = [];
    const holders = new Map(); // holder element -> its box
    for (const el of t.querySelectorAll("[data-card]")) {
      const r = box(el);
      if (!r) continue;
      const h = holder(el);
      if (h && !holders.has(h)) holders.set(h, box(h));
      cards.push({ el, code: el.dataset.card, r, mine: !!el.closest("[data-testid=hand]"), holder: h });
    }
    const counts = {};
    for (const el of t.querySelectorAll("[data-testid^=seat-][data-testid$=-cards]")) counts[el.dataset.testid] = number(el);
    const stock = t.querySelector(STOCKS);
    return { cards, holders, counts, turn: t.dataset.turn || "", seat: t.dataset.seat || "",
             stock: stock && box(stock), table: box(t), scroll: window.scrollY };
  }

  function animate(el, frames, extra) {
    const a = el.animate(frames, { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)", ...extra });
    a.id = ID;
    window.cnMotion.started += 1;
    return a;
  }

  // from: a box the card should seem to come from; to: where it is now; travel: it comes from another place (the
  // stock, a pile, another seat: its animation is marked, and a tap on what it crosses on its way goes there, see
  // assets/press_target.js), not from its own spot in the same row (a hand closing up)
  function flip(el, from, to, fade, travel) {
    const dx = from.x + from.w / 2 - (to.x + to.w / 2);
    const dy = from.y + from.h / 2 - (to.y + to.h / 2);
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(from.w - to.w) < 1) return;
    const sx = Math.max(0.2, Math.min(3, from.w / to.w));
    const sy = Math.max(0.2, Math.min(3, from.h / to.h));
    const a = animate(el, [{ translate: `${dx}px ${dy}px`, scale: `${sx} ${sy}`, opacity: fade ? 0.4 : 1 },
                           { translate: "0 0", scale: "1", opacity: 1 }]);
    a.cnTravel = !!travel;
  }

  // a stand-in that travels where no element of the page goes (to another seat's badge, or away)
  function ghost(from, to, source, code) {
    const g = source ? source.cloneNode(true) : document.createElement("div");
    if (!source) g.className = "pcard back";
    if (source && g.classList.contains("face")) g.style.backgroundImage = face(code); // its data-card goes below
    for (const n of [g, ...g.querySelectorAll("*")]) {
      for (const a of ["id", "data-card", "data-testid", "data-source", "data-drop", "tabindex", "role", "aria-label"]) {
        n.removeAttribute(a);
      }
    }
    g.setAttribute("aria-hidden", "true");
    g.classList.remove("selected");
    Object.assign(g.style, { position: "fixed", left: `${from.x}px`, top: `${from.y}px`, width: `${from.w}px`,
                             height: `${from.h}px`, margin: "0", zIndex: "60", pointerEvents: "none" });
    document.body.appendChild(g);
    const end = to
      ? { translate: `${to.x + to.w / 2 - (from.x + from.w / 2)}px ${to.y + to.h / 2 - (from.y + from.h / 2)}px`,
          scale: "0.5", opacity: 0.2 }
      : { translate: "0 -12px", scale: "0.85", opacity: 0 };
    const a = animate(g, [{ translate: "0 0", scale: "1", opacity: 1 }, end], { fill: "forwards" });
    const done = () => g.remove();
    a.onfinish = done;
    a.oncancel = done;
  }

  // a card's face (/cards/faces.css draws it from data-card, which a stand-in does not carry), at the very address
  // the stylesheet gives it (its version included, the four-colour deck's own diamonds and clubs only), so the stand-in
  // shows the image the page has already loaded, not a blank card while another copy is fetched
  let version = null;
  const face = (code) => {
    if (version === null) {
      const link = document.querySelector('link[href*="/cards/faces.css"]');
      version = (link && new URL(link.href, location.href).searchParams.get("v")) || "";
    }
    const four = document.body.classList.contains("four-colour") && /[DC]$/.test(code);
    return `url(/cards/${four ? "4/" : ""}${code}.svg${version ? `?v=${version}` : ""})`;
  };

  function badge(seat) {
    const el = seat === "" ? null : document.querySelector(`[data-testid=seat-${seat}]`);
    return el && box(el);
  }

  // Every box is read first, then every animation is started: an animation started between two reads would make
  // the second read recalculate the page's styles (and its layout) again, once per card.
  function play(before) {
    const t = table();
    if (!t || off()) return;
    const scrolled = window.scrollY - before.scroll; // boxes are measured in the window: the page may have scrolled
    if (scrolled) {
      for (const b of [...before.cards.map((c) => c.r), ...before.holders.values(), before.stock, before.table]) {
        if (b) b.y -= scrolled;
      }
    }
    // --- reads
    const now = [...t.querySelectorAll("[data-card]")].map((el) => ({ el, to: box(el) }));
    const present = new Set(now.map((n) => n.el));
    const known = new Map(before.cards.map((c) => [c.el, c]));
    const gone = new Map(); // code -> cards that left the page
    for (const c of before.cards) {
      if (!present.has(c.el)) {
        if (!gone.has(c.code)) gone.set(c.code, []);
        gone.get(c.code).push(c);
      }
    }
    const movers = before.turn.split(",").filter((s) => s !== "" && s !== before.seat);
    const badges = {};
    const badgeOf = (seat) => (seat in badges ? badges[seat] : (badges[seat] = badge(seat)));
    const mover = movers.length === 1 ? badgeOf(movers[0]) : null;
    const centre = before.table && { x: before.table.x + before.table.w / 2 - 30, y: before.table.y + before.table.h / 3,
                                     w: 60, h: 86 };
    const holdersNow = new Map();
    const holderNow = (h) => (holdersNow.has(h) ? holdersNow.get(h) : holdersNow.set(h, box(h)).get(h));
    const flips = [];
    for (const { el, to } of now) {
      if (!to) continue;
      const was = known.get(el);
      if (was) {
        // a card that kept its place in what holds it, which moved as a whole (a line above it grew, a chip came):
        // the layout shifted, no card travelled; animating it would cost a page Chromium's frames for nothing seen
        // as a move (issue 50). A card that moved within its holder (a hand closing up, a trick's plays) travels.
        const h = was.holder, hb = h && h === holder(el) ? before.holders.get(h) : null, hn = hb && holderNow(h);
        if (hn && near(to.w - was.r.w, to.h - was.r.h)
            && near(to.x - was.r.x - (hn.x - hb.x), to.y - was.r.y - (hn.y - hb.y))) continue;
        flips.push([el, was.r, to, false, false]);
        continue;
      }
      const same = gone.get(el.dataset.card);
      const mine = !!el.closest("[data-testid=hand]");
      if (same && same.length) {
        const prev = same.shift();
        flips.push([el, prev.r, to, false, !(prev.mine && mine)]); // (drawn again within the hand: it only closes up)
        continue;
      }
      const from = mine ? before.stock || centre : mover || before.stock;
      if (from) flips.push([el, from, to, true, true]);
    }
    // cards that went where this page shows no card: to the seat that moved (it took them), else away (cleared)
    const took = {};
    for (const [key, n] of Object.entries(before.counts)) {
      const el = t.querySelector(`[data-testid=${key}]`);
      if (el && number(el) > n) took[key.split("-")[1]] = number(el) - n;
    }
    const ghosts = [];
    let flown = 0;
    for (const list of gone.values()) {
      for (const c of list) {
        if (flown++ > 12) break;
        const taker = movers.find((s) => took[s]);
        ghosts.push([c.r, taker ? badgeOf(taker) : null, c.el, c.code]);
        if (taker) took[taker] -= 1;
      }
    }
    // another seat's draw from the stock: face down, from the stock to its badge
    if (before.stock) {
      for (const [seat, n] of Object.entries(took)) {
        if (seat === before.seat || n <= 0 || n > 3) continue;
        const to = badgeOf(seat);
        if (to) ghosts.push([before.stock, to, null, null]);
      }
    }
    // --- writes
    for (const f of flips) flip(...f);
    for (const g of ghosts) ghost(...g);
  }

  window.cnMotion = {
    started: 0,
    // called by assets/islands.js just before a change from the server is drawn
    before() {
      if (old !== null || off() || !table()) return;
      old = snapshot();
      requestAnimationFrame(() => {
        const b = old;
        old = null;
        if (b) play(b);
      });
    },
  };
})();

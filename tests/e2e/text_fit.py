"""Does every text fit its box, in any language? (issue 51: German's long words, Japanese line breaks)

:func:`text_problems` reads the page as it is and names every text a person cannot read whole:

- the page scrolls sideways, or (on a phone) is laid out wider than the screen, or the table's middle (which
  scrolls up and down only) holds something wider than itself;
- a text sticks out of the screen at the left or right (one wholly off it, a closed drawer's, is not shown; one in a
  box that scrolls sideways is a swipe away);
- a text is wider (or taller) than a box that clips it — its own box, or any box around it that hides what
  overflows (a button, a chip, a card with ``overflow: hidden``) — unless that box ends it with "…" on purpose
  (``text-overflow: ellipsis``, ``-webkit-line-clamp``) or scrolls (``overflow: auto``: the rest is a swipe away).

A card's face, a menu, a tooltip and what is hidden are not read. Used by tests/e2e/test_layout_languages.py (each
screen kind in each language, in the suite) and tests/bench/layout_languages_walk.py (every screen of every game in
every language at both sizes, listing rather than failing).
"""

from __future__ import annotations

from playwright.sync_api import Page

TEXT_FIT_JS = """(rootSel) => {
  const out = [], W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1)
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
  // a phone widens its layout to a page wider than its screen (and shrinks it to fit): as bad as scrolling
  if (screen.width && W > screen.width + 1) out.push(`the page is wider than the screen: ${W} > ${screen.width}`);
  // the table's middle scrolls up and down and hides what is wider than the screen: a pile or a frame cut at a side
  const middle = document.querySelector('.cn-scroll');
  if (middle && middle.scrollWidth > middle.clientWidth + 2)
    out.push(`the middle is cut at a side: ${middle.scrollWidth} > ${middle.clientWidth}`);
  const root = document.querySelector(rootSel) || document.body;
  const hidden = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden' || cs.opacity === '0') return true;
    }
    return false;
  };
  const meant = (cs) => cs.textOverflow === 'ellipsis' || (cs.webkitLineClamp && cs.webkitLineClamp !== 'none');
  const clips = (v) => v === 'hidden' || v === 'clip';
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!own || el.closest('[data-card], .q-menu, .q-tooltip, svg, .q-notification')) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1 || hidden(el)) continue;  // (a heading for screen readers only: 1x1 px)
    const text = (el.innerText || own).replace(/\\s+/g, ' ').trim().slice(0, 50);
    const cs = getComputedStyle(el);
    const parked = r.right <= 0 || r.left >= W;  // wholly off the screen: a closed drawer, a carousel's next page
    let scroller = false;  // in a box that scrolls sideways: the rest is a swipe away
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) { scroller = true; break; }
    if (parked) continue;
    if (!scroller && (r.right > W + 1 || r.left < -1)) { out.push(`off the screen: "${text}"`); continue; }
    if (!meant(cs) && clips(cs.overflowX) && el.scrollWidth > el.clientWidth + 2)
      { out.push(`cut off: "${text}" (${el.scrollWidth} > ${el.clientWidth} px)`); continue; }
    if (!meant(cs) && clips(cs.overflowY) && el.scrollHeight > el.clientHeight + 2)
      { out.push(`cut off below: "${text}" (${el.scrollHeight} > ${el.clientHeight} px)`); continue; }
    // a box around it that clips: the text's own extent must lie inside that box
    const range = document.createRange();
    range.selectNodeContents(el);
    const t = range.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (meant(as)) break;
      // each direction on its own: the table's middle scrolls up and down but clips what sticks out sideways
      const b = a.getBoundingClientRect();
      const wide = clips(as.overflowX) && (t.left < b.left - 2 || t.right > b.right + 2);
      const tall = clips(as.overflowY) && (t.top < b.top - 2 || t.bottom > b.bottom + 2);
      if (wide || tall) {
        out.push(`cut off by its box: "${text}" (${Math.round(t.width)}x${Math.round(t.height)} in ` +
                 `${Math.round(b.width)}x${Math.round(b.height)} px)`);
        break;
      }
      const scrolls = ['auto', 'scroll'].includes(as.overflowX) || ['auto', 'scroll'].includes(as.overflowY);
      if (scrolls) break;  // the rest is a swipe away
    }
  }
  return [...new Set(out)];
}"""


def text_problems(page: Page, root: str = "[data-testid=table]") -> list[str]:
    """What text inside ``root`` (the page, when there is no such element) a person cannot read whole."""
    problems: list[str] = page.evaluate(TEXT_FIT_JS, root)
    return problems

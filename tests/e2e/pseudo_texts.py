"""What a person reads or hears on a page, for the pseudo-language walks (the suite's test and the bench).

A toast is gone a few seconds after it shows, so a page that may show one gets :data:`TOASTS_JS` as an init script
(``context.add_init_script``): it keeps the text of every notification the page showed, which :data:`TEXTS_JS` reads
with the rest."""

from __future__ import annotations

import re

WORD = re.compile(r"[^\W\d_]+")  # a word; English when it is 3+ plain ASCII letters (the pseudo-language accents)
BRACKETED = re.compile(r"\[[^\[\]]*\]")
TEXTS_JS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, text = node.textContent.trim(), el = node.parentElement;
    if (!text || !el || el.closest('script,style,noscript,[aria-hidden=true]')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || !el.getClientRects().length) continue;
    out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) { const v = el.getAttribute(a); if (v) out.push(v); }
  out.push(document.title, ...(window.__cnToasts || []));
  return out;
}"""
# every toast's text, as it shows (Quasar's notifications; a page's own list, gone with the page)
TOASTS_JS = """(() => {
  const seen = window.__cnToasts = [];
  const textOf = (el) => {  // (an icon's ligature, "warning", is not read: it is aria-hidden)
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), parts = [];
    while (walker.nextNode())
      if (!walker.currentNode.parentElement.closest('[aria-hidden=true]')) parts.push(walker.currentNode.textContent);
    return parts.join(' ').trim();
  };
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('.q-notification')) {
      const text = textOf(el);
      if (text && !seen.includes(text)) seen.push(text);
    }
  }).observe(document, {childList: true, subtree: true, characterData: true});
})();"""

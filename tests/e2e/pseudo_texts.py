"""What a person reads or hears on a page, for the pseudo-language walks (the suite's test and the bench)."""

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
  out.push(document.title);
  return out;
}"""

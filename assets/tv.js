// The TV's play as large as the screen allows (ui/pages/tv.py, assets/tv.css). Every card on the TV takes its
// height from --tv-card; after each change of the play this tries the largest size first and steps down until
// the play fits its box without scrolling, never below 11.2vh (121 px at 1080p): a crowded Rummy or Beanie table
// gets smaller cards, a President trick the biggest.
// The seats' names likewise: a name too long for its badge beside the score steps down from its size to 2.8vh (30 px
// at 1080p: still over the 28 px every word on the TV keeps) and, only if it still does not fit, takes two lines
// (tv-name-wrap) rather than being cut after a few letters.
(() => {
  const SIZES = [24, 22, 20, 18.5, 17, 16, 15.2, 14, 13, 12, 11.2];  // vh, largest first
  const NAME_SIZES = [3.4, 3.2, 3.0, 2.8];  // vh, largest first; each tried only below the name's own size
  const wide = (el) => el.scrollWidth <= el.clientWidth + 1;
  // the box, and every pile in it as wide as its cards: a Stockpile panel squeezes its discard piles together
  // rather than overflow the box
  const fits = (box) => box.scrollHeight <= box.clientHeight + 1 && wide(box)
    && [...box.querySelectorAll('.panel-piles .discard-pile')].every(wide);

  function fitCards(box) {
    const root = document.documentElement.style;
    for (const vh of SIZES) {
      root.setProperty('--tv-card', vh + 'vh');
      if (fits(box)) break;
    }
    box.dataset.cardSize = root.getPropertyValue('--tv-card');  // data-card-size: data-card names cards only
  }

  const whole = (el) => el.scrollWidth <= el.clientWidth;  // a name: not a pixel over (that shows "…")

  function fitNames(tv) {
    for (const name of tv.querySelectorAll('.tv-seats .seat-badge .font-bold')) {
      name.style.removeProperty('font-size');
      name.classList.remove('tv-name-wrap');
      if (whole(name)) continue;
      const own = parseFloat(getComputedStyle(name).fontSize) * 100 / innerHeight;
      for (const vh of NAME_SIZES.filter((v) => v < own - 0.01)) {
        name.style.setProperty('font-size', vh + 'vh', 'important');
        if (whole(name)) break;
      }
      if (!whole(name)) name.classList.add('tv-name-wrap');
    }
  }

  // a change touches the part ``within`` selects (a node in it changed, or one holding it came)
  const touches = (records, within) => records.some((r) => {
    const at = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    return at?.closest(within) || [...r.addedNodes].some((n) => n.nodeType === 1
      && (n.matches(within) || n.querySelector(within)));
  });

  // fit(element) on the next frame after every change inside the element (once it exists) — only the changes that
  // touch ``within``, when given — and every resize
  function keepFitting(selector, fit, within) {
    const element = document.querySelector(selector);
    if (!element) { setTimeout(() => keepFitting(selector, fit), 100); return; }
    let queued = false;
    const later = () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(() => {  // the element as it stands now (a redraw may have replaced it)
          queued = false;
          const current = document.querySelector(selector);
          if (current) fit(current);
        });
      }
    };
    new MutationObserver((records) => { if (!within || touches(records, within)) later(); })
      .observe(element, {childList: true, subtree: true, characterData: true});
    addEventListener('resize', later);
    document.fonts?.addEventListener('loadingdone', later);  // an emoji or a face font that came late
    later();
  }

  keepFitting('.tv-main', fitCards);
  keepFitting('.cn-tv', fitNames, '.tv-seats');  // the names again only when the seats change, not every card
})();

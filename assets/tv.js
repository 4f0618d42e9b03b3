// The TV's play as large as the screen allows (ui/pages/tv.py, assets/tv.css). Every card on the TV takes its
// height from --tv-card; after each change of the play this tries the largest size first and steps down until
// the play fits its box without scrolling, never below 11.2vh (121 px at 1080p): a crowded Rummy or Beanie table
// gets smaller cards, a President trick the biggest.
// The seats' names likewise: a name too long for its badge beside the score steps down from its size to 2.8vh (30 px
// at 1080p: still over the 28 px every word on the TV keeps) and, only if it still does not fit, takes two lines
// (tv-name-wrap) rather than being cut after a few letters.
(() => {
  const NAME_SIZES = [3.4, 3.2, 3.0, 2.8];  // vh, largest first; each tried only below the name's own size
  const overflows = (el) => el.scrollWidth > el.clientWidth + 1;
  function fitNames() {
    for (const name of document.querySelectorAll('.tv-seats .seat-badge .font-bold')) {
      name.style.removeProperty('font-size');
      name.classList.remove('tv-name-wrap');
      if (!overflows(name)) continue;
      const own = parseFloat(getComputedStyle(name).fontSize) * 100 / innerHeight;
      for (const vh of NAME_SIZES.filter((v) => v < own - 0.01)) {
        name.style.setProperty('font-size', vh + 'vh', 'important');
        if (!overflows(name)) break;
      }
      if (overflows(name)) name.classList.add('tv-name-wrap');
    }
  }
  let namesQueued = false;
  function namesLater() {
    if (!namesQueued) { namesQueued = true; requestAnimationFrame(() => { namesQueued = false; fitNames(); }); }
  }
  function watchNames() {
    const tv = document.querySelector('.cn-tv');
    if (!tv) { setTimeout(watchNames, 100); return; }
    new MutationObserver(namesLater).observe(tv, {childList: true, subtree: true, characterData: true});
    addEventListener('resize', namesLater);
    namesLater();
  }
  watchNames();
})();
(() => {
  const SIZES = [24, 22, 20, 18.5, 17, 16, 15.2, 14, 13, 12, 11.2];  // vh, largest first
  let queued = false;
  const wide = (el) => el.scrollWidth <= el.clientWidth + 1;
  // the box, and every pile in it as wide as its cards: a Stockpile panel squeezes its discard piles together
  // rather than overflow the box
  const fits = (box) => box.scrollHeight <= box.clientHeight + 1 && wide(box)
    && [...box.querySelectorAll('.panel-piles .discard-pile')].every(wide);
  function fit() {
    queued = false;
    const box = document.querySelector('.tv-main');
    if (!box) return;
    const root = document.documentElement.style;
    for (const vh of SIZES) {
      root.setProperty('--tv-card', vh + 'vh');
      if (fits(box)) break;
    }
    box.dataset.cardSize = root.getPropertyValue('--tv-card');  // data-card-size: data-card names cards only
  }
  function later() {
    if (!queued) { queued = true; requestAnimationFrame(fit); }
  }
  function watch() {
    const box = document.querySelector('.tv-main');
    if (!box) { setTimeout(watch, 100); return; }
    new MutationObserver(later).observe(box, {childList: true, subtree: true, characterData: true});
    addEventListener('resize', later);
    later();
  }
  watch();
})();

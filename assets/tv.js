// The TV's play as large as the screen allows (ui/pages/tv.py, assets/tv.css). Every card on the TV takes its
// height from --tv-card; after each change of the play this tries the largest size first and steps down until
// the play fits its box without scrolling, never below 11.2vh (121 px at 1080p): a crowded Rummy or Beanie table
// gets smaller cards, a President trick the biggest.
(() => {
  const SIZES = [24, 22, 20, 18.5, 17, 16, 15.2, 14, 13, 12, 11.2];  // vh, largest first
  let queued = false;
  const fits = (box) => box.scrollHeight <= box.clientHeight + 1 && box.scrollWidth <= box.clientWidth + 1;
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

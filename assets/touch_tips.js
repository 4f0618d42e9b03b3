// A tooltip opened by a tap closes by itself. Where the browser does not say "phone" (tablets and touch laptops, a
// phone asking for the desktop site) Quasar opens a tooltip on the mouseenter that a tap imitates, and since no
// mouseleave ever follows, the tip stayed up over the table until the next tap elsewhere. A moment after a finger
// lifts, the tapped element and those around it get the mouseleave Quasar waits for.
(() => {
  const SHOWN_MS = 1500;  // long enough to read a short reason ("Select cards to play")
  document.addEventListener('touchend', (event) => {
    const start = event.target;
    setTimeout(() => {
      for (let el = start; el && el.nodeType === 1; el = el.parentNode) {
        el.dispatchEvent(new MouseEvent('mouseleave', {bubbles: false}));
      }
    }, SHOWN_MS);
  }, {passive: true, capture: true});
})();

// Card Night: alerts that reach a pocket. When the table page says something waits for this player (data-alert on
// [data-testid=table]: "turn:<n>", new for each turn; "start" for a host whose lobby is full; "choice:<seats>" for a
// host asked what happens to a seat) and the page is hidden or not focused, the tab title starts with "● …", the favicon gets a dot and the
// phone vibrates once, each as the player's settings allow (window.cnPrefs: alert_title, alert_favicon,
// alert_vibrate); the turn sound plays as before (data-sound). All of it stops the moment the page is looked at or
// the alert ends.
(() => {
  // in the page's language: frame() sets window.cnAlertWords (ui/shell/frame.py); English if it has not
  const WORDS = Object.assign({ turn: "● Your turn", start: "● Ready to start", choice: "● Your choice" },
                              window.cnAlertWords || {});
  let baseTitle = null, baseIcon = null, dotIcon = null, active = "";
  const pref = (key) => !window.cnPrefs || window.cnPrefs.current[key] !== false;
  const looking = () => document.visibilityState === "visible" && document.hasFocus();
  const iconLink = () => document.querySelector("link[rel~='icon']");

  const drawDot = (href) => new Promise((resolve) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement("canvas");
      c.width = c.height = 64;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0, 64, 64);
      g.fillStyle = "#e53935"; g.strokeStyle = "#fff"; g.lineWidth = 5;
      g.beginPath(); g.arc(46, 18, 15, 0, 2 * Math.PI); g.fill(); g.stroke();
      resolve(c.toDataURL("image/png"));
    };
    img.onerror = () => resolve(null);
    img.src = href;
  });

  const start = async (value) => {
    const kind = value.split(":")[0];
    active = kind;
    document.documentElement.dataset.alerting = kind;
    if (pref("alert_title")) {
      if (baseTitle === null) baseTitle = document.title;
      document.title = `${WORDS[kind] || "●"} — ${baseTitle}`;
    }
    const link = iconLink();
    if (pref("alert_favicon") && link) {
      if (baseIcon === null) baseIcon = link.href;
      dotIcon = dotIcon || await drawDot(baseIcon);
      if (dotIcon && active) link.href = dotIcon;
    }
    if (pref("alert_vibrate") && navigator.vibrate) {
      try { navigator.vibrate([180, 90, 180]); } catch (e) { /* not allowed here */ }
    }
  };

  const stop = () => {
    if (!active) return;
    active = "";
    delete document.documentElement.dataset.alerting;
    if (baseTitle !== null) { document.title = baseTitle; baseTitle = null; }
    const link = iconLink();
    if (link && baseIcon !== null) { link.href = baseIcon; baseIcon = null; }
  };

  let shown = "";
  const check = () => {
    const table = document.querySelector("[data-testid=table]");
    const value = table ? table.getAttribute("data-alert") || "" : "";
    if (!value || looking()) { stop(); shown = value; return; }
    if (value !== shown) { shown = value; start(value); }  // a new alert: once, not on every change of the page
  };
  const watch = () => {
    if (!document.body) return void setTimeout(watch, 50);
    new MutationObserver(check).observe(document.body, { subtree: true, attributes: true,
                                                         attributeFilter: ["data-alert"] });
    check();
  };
  document.addEventListener("visibilitychange", check);
  window.addEventListener("focus", check);
  window.addEventListener("blur", check);
  watch();
})();

// Card Night: parts of a page that re-render on their own ("islands").
//
// NiceGUI draws a whole page with one Vue render function, so a change to any element (a card count, the
// table's data-version) makes the browser rebuild and compare the virtual DOM of nearly the whole page. An
// element with the attribute data-island (every Region box, ui/components/region.py) is drawn by a small
// component of its own instead: a change inside it re-renders only it, and a change around it leaves it alone.
// Relies on nicegui.js's global renderRecursively(elements, id, ...) (NiceGUI 3.18); tests/e2e/test_islands.py
// fails if an upgrade changes that.
(() => {
  const renderElement = window.renderRecursively;
  if (typeof renderElement !== "function") return; // not a NiceGUI page

  const Island = {
    name: "CnIsland",
    props: { elements: Object, eid: String, context: Object, more: Array },
    render() {
      // element refs ("r" + id) belong to the app, where NiceGUI's getElement() looks for them
      const app = Vue.getCurrentInstance().root;
      return Vue.withCtx(() => renderElement(this.elements, this.eid, this.context, ...(this.more || [])), app)();
    },
  };

  window.renderRecursively = function (elements, id, ...rest) {
    // read without tracking: the caller must not re-render when only the island's own element changes
    const raw = Vue.toRaw(elements)[id];
    if (raw === undefined || raw.props === undefined || !("data-island" in raw.props)) {
      return renderElement(elements, id, ...rest);
    }
    // plain props, equal from one render of the caller to the next (a new array would re-render it each time)
    const [context, ...more] = rest;
    return Vue.h(Island, { key: "island" + id, elements, eid: String(id), context, more: more.length ? more : null });
  };

  // Motion (assets/motion.js) measures the cards just before a change from the server is drawn. NiceGUI 3.18
  // applies an "update" message to its element store at once and draws it in Vue's next flush (a microtask), so
  // a listener on the same socket event still sees the old page.
  const hookUpdates = () => {
    if (!window.socket) return void setTimeout(hookUpdates, 50);
    window.socket.on("update", () => window.cnMotion && window.cnMotion.before());
  };
  hookUpdates();
})();

// Card Night: the "Reconnecting…" banner, so a player whose connection drops knows it. NiceGUI shows its own popup (#popup, index.html of NiceGUI
// 3.18) by setting aria-hidden="false" when the socket drops and "true" once it is back; we follow that attribute
// and say it in our words, visible to tests (data-testid="reconnecting"). When the server restarted, NiceGUI
// reloads the page by itself once it answers again. If nothing comes back for LOST_AFTER_MS, the banner says so
// and offers a reload. tests/e2e/test_presence.py fails if an upgrade changes the popup.
(() => {
  const popup = document.getElementById("popup");
  if (!popup || !document.body) return;
  const SHOW_AFTER_MS = 600; // a blip of the network is not worth a banner
  const LOST_AFTER_MS = 30000;
  const bar = document.createElement("div");
  bar.className = "cn-reconnecting";
  bar.hidden = true;
  bar.setAttribute("role", "status");
  bar.setAttribute("aria-live", "assertive");
  bar.dataset.testid = "reconnecting";
  const text = document.createElement("span");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.textContent = "Reload";
  reload.dataset.testid = "btn-reload";
  reload.hidden = true;
  reload.addEventListener("click", () => window.location.reload());
  bar.append(text, reload);
  document.body.appendChild(bar);
  document.body.classList.add("cn-own-popup");
  let showTimer = null;
  let lostTimer = null;
  const down = () => {
    if (showTimer !== null) return;
    showTimer = setTimeout(() => {
      text.textContent = "Reconnecting… your seat is kept.";
      bar.classList.remove("lost");
      reload.hidden = true;
      bar.hidden = false;
    }, SHOW_AFTER_MS);
    lostTimer = setTimeout(() => {
      text.textContent = "Can't reach the table. Check the Wi-Fi, then reload.";
      bar.classList.add("lost");
      reload.hidden = false;
    }, LOST_AFTER_MS);
  };
  const up = () => {
    clearTimeout(showTimer);
    clearTimeout(lostTimer);
    showTimer = lostTimer = null;
    bar.hidden = true;
  };
  const follow = () => (popup.getAttribute("aria-hidden") === "false" ? down() : up());
  new MutationObserver(follow).observe(popup, { attributes: true, attributeFilter: ["aria-hidden"] });
  follow();
})();

// Card Night: a page with a table ([class=cn-table] in the page: a table, a replay, a problem report) marks its body
// with the class cn-table-page (and cn-no-header without the header), which assets/cardnight.css's layout rules for
// such pages hang on. A selector body:has(.cn-table) said the same, but made the browser check again, at every change
// anywhere inside the table (a card played, a badge's count), whether the page still has one: a fifth of its style
// work per move (issue 50).
// The table is in the page's first drawing (the lobby is the same page), so it is looked for once, when the app
// has mounted.
(() => {
  const app = document.getElementById("app");
  if (!app || !document.body) return;
  const mark = () => {
    document.body.classList.toggle("cn-table-page", !!app.querySelector(".q-page .cn-table"));
    // (a table without the header, "distraction-free": a page reloads when that setting changes)
    document.body.classList.toggle("cn-no-header", !app.querySelector("[data-testid=header]"));
  };
  if (app.firstElementChild) return void mark();
  const obs = new MutationObserver(() => {
    if (!app.firstElementChild) return;
    obs.disconnect();
    mark();
  });
  obs.observe(app, { childList: true });
})();

// Card Night: what a person does before the page's socket is up reaches the server in the order it was done.
// NiceGUI 3.18 holds each event from before its handshake in a timer of its own that looks again every 10 ms
// (nicegui.js: `setTimeout(delayed_emitter, 10)` until `window.did_handshake`), so a code typed and its button
// pressed in the first moments of a page could arrive button first: the server saw an empty box. Here those timers
// wait in one queue instead, sent in order the moment the handshake is done. tests/e2e/test_early_events.py fails
// if an upgrade changes either name.
(() => {
  if (typeof window.renderRecursively !== "function") return; // not a NiceGUI page
  const waiting = [];
  let handshakeDone = window.did_handshake === true;
  const setTimer = window.setTimeout;
  window.setTimeout = function (callback, ...rest) {
    if (!handshakeDone && typeof callback === "function" && callback.name === "delayed_emitter") {
      waiting.push(callback);
      return 0;
    }
    return setTimer.call(window, callback, ...rest);
  };
  Object.defineProperty(window, "did_handshake", {
    configurable: true,
    get: () => handshakeDone,
    set: (value) => {
      handshakeDone = value === true;
      while (handshakeDone && waiting.length) waiting.shift()(); // each one sends now that the handshake is done
    },
  });
})();

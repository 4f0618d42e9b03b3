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

// Card Night: a part of the page drawn from HTML (ui/components/markup.py). On a change it is not replaced: the new
// HTML is morphed into what is there, keeping every element that stays (a card already in the trick keeps its node,
// so motion.js sees it kept its place and the browser redraws only what changed). Children are matched by
// data-card or data-key where they have one, else by position and tag.
const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-card") || n.getAttribute("data-key") : null);

function morphAttributes(old, now) {
  for (const a of [...old.attributes]) if (!now.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of now.attributes) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
}

function morphChildren(parent, source) {
  const olds = [...parent.childNodes];
  const keyed = new Map();
  for (const o of olds) {
    const k = keyOf(o);
    if (k !== null) keyed.set(k, o);
  }
  const used = new Set();
  const news = [...source.childNodes];
  news.forEach((n, i) => {
    const k = keyOf(n);
    let o = k !== null ? keyed.get(k) : olds[i];
    if (o && (used.has(o) || o.nodeType !== n.nodeType || o.nodeName !== n.nodeName || (k === null && keyOf(o) !== null))) {
      o = undefined;
    }
    if (o === undefined) {
      o = n; // the new node itself moves in
    } else if (o.nodeType === 1) {
      morphAttributes(o, n);
      morphChildren(o, n);
    } else if (o.nodeValue !== n.nodeValue) {
      o.nodeValue = n.nodeValue;
    }
    used.add(o);
    if (parent.childNodes[i] !== o) parent.insertBefore(o, parent.childNodes[i] || null);
  });
  for (const o of olds) if (!used.has(o)) o.remove();
}

export default {
  template: `<component :is="tag"></component>`,
  props: { innerHTML: String, tag: String },
  mounted() {
    this.$el.innerHTML = this.innerHTML;
    this.shown = this.innerHTML;
  },
  updated() {
    if (this.innerHTML === this.shown) return;
    this.shown = this.innerHTML;
    const t = document.createElement("template");
    t.innerHTML = this.innerHTML;
    morphChildren(this.$el, t.content);
  },
};

// The board's small drawing helpers (see board.js, which follows this file in one module: the
// kernel joins the two, mainmerah.table.board.board_js). They change the DOM only where a value
// changed, so a redraw re-creates no element and nothing flickers.

const BUTTON = "jupyter-widgets jupyter-button widget-button";

function make(tag, cls, parent) {
  const el = document.createElement(tag);
  if (cls) { el.className = cls; }
  if (parent) { parent.appendChild(el); }
  return el;
}

// Only touch the DOM where a value really changed: a redraw sends whole parts, and most of a
// part is as it was (a pile gains two cards, a count goes down by one). The new HTML is laid
// over the old node by node, so unchanged cards keep their elements and are not painted again.
function setHTML(el, html) {
  if (el.__mmHTML === html) { return; }
  el.__mmHTML = html;
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  morph(el, fresh.content);
}
function morph(into, from) {
  const want = Array.from(from.childNodes);
  const have = into.childNodes;
  want.forEach((node, i) => {
    const old = have[i];
    if (!old) {
      into.appendChild(node);
    } else if (old.nodeType !== node.nodeType || old.nodeName !== node.nodeName) {
      into.replaceChild(node, old);
    } else if (node.nodeType !== 1) {
      if (old.nodeValue !== node.nodeValue) { old.nodeValue = node.nodeValue; }
    } else {
      for (const a of Array.from(old.attributes)) { if (!node.hasAttribute(a.name)) { old.removeAttribute(a.name); } }
      for (const a of Array.from(node.attributes)) {
        if (old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); }
      }
      morph(old, node);
    }
  });
  while (have.length > want.length) { into.removeChild(into.lastChild); }
}
function setClass(el, cls) {
  if (el.className !== cls) { el.className = cls; }
}
function setAttr(el, name, value) {
  if (value === null || value === undefined || value === "") {
    if (el.hasAttribute(name)) { el.removeAttribute(name); }
  } else if (el.getAttribute(name) !== value) { el.setAttribute(name, value); }
}
function setText(el, text) {
  if (el.textContent !== text) { el.textContent = text; }
}
// A list of n lines, item(i) = [classes, text]; lines before ``from`` are known to be as they were.
function drawList(list, n, item, from) {
  const lis = list.children;
  while (lis.length > n) { list.lastChild.remove(); }
  for (let i = from; i < n; i++) {
    const [cls, text] = item(i);
    const li = lis[i] || make("li", "", list);
    setClass(li, cls);
    setText(li, text);
  }
}
function show(el, on) {
  const hidden = el.classList.contains("mm-hidden");
  if (hidden === !!on) { el.classList.toggle("mm-hidden", !on); }
}

// A row of cards is one tab stop (a roving tabindex): Tab reaches the row's current card, the arrow
// keys (and Home, End) move within the row, Enter or Space clicks as a mouse does. The current card
// is the one last focused while it is still there, else the one to choose now, the selected, the first.
const CARD_KEYS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
function roveCards(row, cards) {
  if (!row.__mmRove) {
    row.__mmRove = true;
    row.addEventListener("focusin", (e) => {
      if (e.target.classList && e.target.classList.contains("mm-card")) { row.__mmCurrent = e.target; roveCards(row); }
    });
    row.addEventListener("keydown", (e) => {
      const step = CARD_KEYS[e.key];
      if (step === undefined || e.altKey || e.ctrlKey || e.metaKey) { return; }
      const list = row.__mmCards();
      const at = list.indexOf(document.activeElement);
      if (!list.length || at < 0) { return; }
      e.preventDefault();
      const to = step === -Infinity ? 0 : step === Infinity ? list.length - 1
        : Math.max(0, Math.min(list.length - 1, at + step));
      list[to].focus();
    });
  }
  if (cards) { row.__mmCards = cards; }
  const list = row.__mmCards();
  let current = list.includes(row.__mmCurrent) ? row.__mmCurrent : null;
  current = current || list.find((b) => b.classList.contains("mm-choice")) ||
    list.find((b) => b.classList.contains("mm-selected")) || list[0] || null;
  row.__mmCurrent = current;
  for (const b of list) {
    const want = b === current ? 0 : -1;
    if (b.tabIndex !== want) { b.tabIndex = want; }
  }
}
function shownCards(row) {
  return () => Array.from(row.querySelectorAll("button.mm-card")).filter((b) => !b.classList.contains("mm-empty"));
}

// Small cards (piles, hands, the stock) come as codes ("10H", "?" face down), their spoken names
// once per language: a step that adds a pair to a pile adds two elements and touches no other.
function drawFan(fan, codes, size, names) {
  const list = codes ? codes.split(" ") : [];
  const kids = fan.children;
  list.forEach((code, i) => {
    const s = kids[i] || make("span", "", fan);
    const key = code + "|" + names.version;
    if (s.__mmKey === key) { return; }
    s.__mmKey = key;
    if (code === "?") {  // a back says nothing: its row is named as a whole
      s.className = `mm-mini mm-mini-${size} mm-back`;
      s.removeAttribute("role");
      s.removeAttribute("aria-label");
    } else {
      s.className = `mm-mini mm-mini-${size} mm-c-${code}`;
      s.setAttribute("role", "img");
      s.setAttribute("aria-label", names.map[code] || code);
    }
  });
  while (kids.length > list.length) { fan.lastChild.remove(); }
}

// A capture pile: its score, its pairs, the cards fanned.
function makePile(parent) {
  const box = make("div", "mm-pilebox", parent);
  return { score: make("span", "mm-score", box), count: make("span", "mm-sub", box),
    fan: make("span", "mm-fan mm-tight", box), none: make("span", "mm-none", box) };
}
function drawPile(pile, p, names) {
  p = p || {};
  setText(pile.score, p.score || "");
  setText(pile.count, p.count || "");
  drawFan(pile.fan, p.cards, "s", names);
  const n = String(p.cards ? p.cards.split(" ").length : 0);  // the sheet closes the cards up to fit
  if (pile.fan.style.getPropertyValue("--mm-n") !== n) { pile.fan.style.setProperty("--mm-n", n); }
  show(pile.fan, p.cards);
  setText(pile.none, p.empty || "");
  show(pile.none, !p.cards);
}

// Piles side by side (In The Red's stacks): a name and a tag, the top card as a button, the cards under it.
function drawStacks(box, list, kind, send, names) {
  while (box.children.length > list.length) { box.lastChild.remove(); }
  list.forEach((st, i) => {
    let el = box.children[i];
    if (!el) {
      el = make("div", "", box);
      const head = make("div", "mm-stack-head", el);
      make("span", "mm-name", head);
      make("span", "mm-stack-tag", head);
      const top = make("button", BUTTON, el);
      top.type = "button";
      top.addEventListener("click", () => send({ k: kind, slot: i }));
      make("span", "mm-fan mm-tight mm-stack-under", el);
      make("span", "mm-sub", el);
    }
    const [head, top, under, count] = el.children;
    setClass(el, st.cls);
    setText(head.children[0], st.name);
    // The tag's line and the cards-under row keep their room when empty: a stack never grows under the pointer.
    setText(head.children[1], st.tag || "\u00a0");
    setClass(head.children[1], st.tag ? "mm-stack-tag" : "mm-stack-tag mm-untagged");
    const [cls, text, name] = st.top;
    setClass(top, `${BUTTON} ${cls}`);
    setText(top, text);
    setAttr(top, "title", st.all);
    // Named here (whose stack, its top card), not by the page's card labeller (a11y.js), which skips marked buttons.
    top.__mmKey = `${cls}\n${text}\n${name}`;
    setAttr(top, "aria-label", st.label || `${st.name}: ${text}, ${name}${st.tag ? ", " + st.tag : ""}`);
    drawFan(under, st.under, "xs", names);
    show(under, true);
    setText(count, st.count || "");
  });
  roveCards(box, shownCards(box));
}

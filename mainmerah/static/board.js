// The table's board, drawn in the page from one widget model (mainmerah.widgets.board.BoardView).
// The kernel decides everything and sends, per redraw, one message with the parts that changed;
// this script only draws them, keeping every element it made (a card keeps its button, so nothing
// flickers and focus stays put). A click says which slot or button was clicked, never which card:
// the kernel looks that up in its own state. Nothing here is trusted by the kernel.

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
  show(pile.fan, p.cards);
  setText(pile.none, p.empty || "");
  show(pile.none, !p.cards);
}

export default {
  render({ model, el }) {
    const send = (msg) => model.send(msg);
    const names = { map: {}, version: 0 };
    el.classList.add("mm-view");

    const header = make("div", "mm-header", make("div", "mm-header-box", el));
    const title = make("span", "mm-title", header);
    make("span", "mm-logo", title);
    title.append("Main Merah");
    const info = make("span", "mm-info", header);
    const links = make("span", "mm-links", header);
    const status = make("span", "mm-status", header);
    status.setAttribute("role", "status");
    const board = make("div", "mm-board", el);
    const opps = make("div", "mm-opps", board);
    const middle = make("div", "mm-middle", board);
    const stockBox = make("div", "mm-stockbox", middle);
    const stock = make("div", "mm-stock", stockBox);
    const stockTitle = make("div", "mm-row-label", stock);
    const stockBacks = make("span", "mm-backs", stock);
    const stockBack = make("span", "mm-mini mm-mini-m mm-back", stockBacks);
    stockBack.setAttribute("role", "img");
    const stockCount = make("b", "", stockBacks);
    const stockEmpty = make("span", "mm-sub", stock);
    const right = make("div", "mm-tablecol", middle);
    const tableLabel = make("div", "mm-row-label", right);
    const tableCards = make("div", "mm-tablecards", right);
    const action = make("div", "mm-action", right);
    const actionRows = [];
    const over = make("div", "mm-gameover mm-hidden", board);
    const overBody = make("div", "mm-gameover-body", over);
    const overButtons = make("div", "mm-actions", over);
    const you = make("div", "mm-you", board);
    const youHead = make("div", "mm-you-head", you);
    const youName = make("span", "mm-name", make("div", "mm-opp-head", youHead));
    const youPile = makePile(youHead);
    const youHandLabel = make("div", "mm-row-label", youHead);
    const hand = make("div", "mm-hand", you);
    const prompt = make("div", "mm-prompt", board);
    const actions = make("div", "mm-actions", board);
    const panel = make("div", "mm-panel", el);
    const latestHead = make("div", "mm-h", panel);
    const latest = make("ul", "", make("div", "mm-latest", panel));
    const logHead = make("div", "mm-h", panel);
    const log = make("div", "mm-log", panel);
    log.tabIndex = 0;  // it scrolls: keyboard users must reach it
    const logList = make("ol", "", log);

    // Buttons by name, made once in the order the kernel lists them.
    const buttons = new Map();
    function button(name, parent) {
      let b = buttons.get(name);
      if (!b) {
        b = make("button", "", parent);
        b.type = "button";
        b.addEventListener("click", () => send({ k: "button", name }));
        buttons.set(name, b);
      }
      return b;
    }
    function drawButtons(list, parent) {
      for (const [name, text, disabled, hidden, tip] of list || []) {
        const b = button(name, parent);
        setClass(b, `${BUTTON} mm-${name}${hidden ? " mm-hidden" : ""}`);
        setText(b, text);
        setAttr(b, "title", tip || text);
        if (b.disabled !== !!disabled) { b.disabled = !!disabled; }
      }
    }

    // The typed-card box: Enter (or leaving the box) sends it; the kernel parses and checks it.
    const entryBox = make("label", "mm-entry widget-text", actions);
    const entryName = make("span", "mm-sr-only", entryBox);
    const entry = make("input", "widget-input", entryBox);
    entry.type = "text";
    entry.autocomplete = "off";
    entry.spellcheck = false;
    function submitEntry() {
      const text = entry.value.trim();
      entry.value = "";
      if (text) { send({ k: "enter", text }); }
    }
    entry.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); submitEntry(); } });
    entry.addEventListener("change", submitEntry);

    // A row of card buttons: slot i is always the i-th button; the kernel says what each shows.
    function drawCards(row, slots, kind) {
      slots = slots || [];
      while (row.children.length < slots.length) {
        const b = make("button", BUTTON, row);
        b.type = "button";
        const slot = row.children.length - 1;
        b.addEventListener("click", () => send({ k: kind, slot }));
      }
      while (row.children.length > slots.length) { row.lastChild.remove(); }
      slots.forEach(([cls, text, name], i) => {
        const b = row.children[i];
        const key = `${cls}\n${text}\n${name}`;
        if (b.__mmKey === key) { return; }  // most places are as they were
        b.__mmKey = key;
        setClass(b, `${BUTTON} ${cls}`);
        setText(b, text);
        setAttr(b, "title", name);
        // Its spoken name starts with what its face shows, so a speech-input user can say it.
        setAttr(b, "aria-label", name ? (text && text !== "?" ? `${text}, ${name}` : name) : "");
      });
    }

    function drawOpps() {
      const list = model.get("opps") || [];
      while (opps.children.length > list.length) { opps.lastChild.remove(); }
      list.forEach((o, i) => {
        let box = opps.children[i];
        if (!box) {
          box = make("div", "", opps);
          const head = make("div", "mm-opp-head", box);
          make("div", "mm-name", head);
          const level = make("label", "mm-level", head);
          make("span", "mm-sr-only", level);
          const select = make("select", "", level);
          select.addEventListener("change", () => send({ k: "level", seat: box.__mmSeat, value: select.value }));
          const body = make("div", "mm-opp-body", box);
          const hand = make("div", "mm-opp-hand", body);
          const backs = make("span", "mm-handbacks", hand);
          backs.setAttribute("role", "img");
          box.__mm = {
            backs, backFan: make("span", "mm-fan mm-tight", backs), backLabel: make("span", "mm-sub", backs),
            open: make("span", "mm-fan", hand), none: make("span", "mm-none", hand),
            pile: makePile(make("div", "mm-pile", body)),
          };
        }
        box.__mmSeat = o.seat;
        setClass(box, o.cls);
        const [name, level] = box.children[0].children;
        const [levelName, select] = level.children;
        setHTML(name, o.name);
        const parts = box.__mm;
        const h = o.hand || {};
        const open = !h.backs;  // face up (an open hand), or the backs and their number
        show(parts.backs, !open);
        setAttr(parts.backs, "aria-label", h.label);
        drawFan(parts.backFan, open ? "" : Array(h.backs).fill("?").join(" "), "xs", names);
        setText(parts.backLabel, h.label || "");
        show(parts.open, open && h.cards);
        drawFan(parts.open, open ? h.cards : "", "s", names);
        show(parts.none, open && !h.cards);
        setText(parts.none, h.empty || "");
        drawPile(parts.pile, o.pile, names);
        setClass(level, o.levels.length ? "mm-level" : "mm-level mm-hidden");
        setText(levelName, o.label);
        const key = JSON.stringify(o.levels);
        if (select.__mmKey !== key) {
          select.__mmKey = key;
          select.replaceChildren(...o.levels.map(([label, value]) => {
            const opt = document.createElement("option");
            opt.value = value;
            opt.textContent = label;
            return opt;
          }));
        }
        if (select.value !== o.level) { select.value = o.level; }
      });
    }

    // The story: settled lines (sent again only when they grow by a block) and the recent ones;
    // the lines from number ``fresh`` on are the step just shown.
    let marked = 0;
    function drawLog(all) {
      const head = model.get("log") || [];
      const tail = model.get("log_tail") || [];
      const fresh = (model.get("panel") || {}).fresh || 0;
      drawList(logList, head.length + tail.length, (i) => {
        const [cls, text] = i < head.length ? head[i] : tail[i - head.length];
        return [i >= fresh ? `mm-new-ev ${cls}` : cls, text];
      }, all ? 0 : Math.min(head.length, marked, fresh));
      marked = fresh;
    }

    function drawStock() {
      const st = model.get("stock") || {};
      setText(stockTitle, st.title || "");
      show(stockBacks, st.n);
      setAttr(stockBack, "aria-label", st.label);
      setText(stockCount, String(st.n || 0));
      show(stockEmpty, !st.n);
      setText(stockEmpty, st.empty || "");
    }

    function drawYou() {
      const y = model.get("you");
      setClass(you, y.cls);
      setText(youName, y.name || "");
      drawPile(youPile, y.pile, names);
      setText(youHandLabel, y.hand_label || "");
      show(youHandLabel, y.hand_label);
      setClass(hand, y.hand_cls);
    }

    function drawHeader() {
      const h = model.get("header") || {};
      setText(info, h.info || "");
      const want = h.links || [];
      while (links.children.length > want.length) { links.lastChild.remove(); }
      want.forEach(([href, text], i) => {
        const a = links.children[i] || make("a", "", links);
        setAttr(a, "href", href);
        setText(a, text);
      });
      show(links, want.length);
      setClass(status, h.cls ? `mm-status ${h.cls}` : "mm-status");
      setText(status, h.status || "");
      setAttr(header, "data-decisions", String(h.decisions ?? ""));
      setAttr(header, "data-step", String(h.step ?? ""));
    }

    // The step just shown: per settled card, the card, an arrow and what it took, and the words.
    function drawAction() {
      const rows = model.get("action") || [];
      rows.forEach(([kind, card, arrow, taken, text], i) => {
        let r = actionRows[i];
        if (!r) {
          const box = make("div", "mm-air", action);
          r = actionRows[i] = { box, card: make("span", "mm-fan", box), arrow: make("span", "mm-arrow", box),
            taken: make("span", "mm-fan", box), text: make("span", "", box) };
        }
        setClass(r.box, `mm-air mm-air-${kind}`);
        show(r.box, true);
        drawFan(r.card, card, "m", names);
        show(r.card, card);
        setText(r.arrow, arrow);
        show(r.arrow, arrow);
        drawFan(r.taken, taken, "m", names);
        show(r.taken, taken);
        setText(r.text, text);
      });
      actionRows.slice(rows.length).forEach((r) => show(r.box, false));
    }

    function drawLatest(items) {
      drawList(latest, items.length, (i) => items[i], 0);
    }

    const draw = {
      names: () => {
        names.map = model.get("names") || {};
        names.version += 1;
        drawOpps();  // the small cards say their names in the new language
        drawYou();
        drawAction();
      },
      header: drawHeader,
      board_cls: () => setClass(board, model.get("board_cls")),
      opps: drawOpps,
      stock: drawStock,
      table_label: () => setHTML(tableLabel, model.get("table_label")),
      table: () => drawCards(tableCards, model.get("table"), "table"),
      action: drawAction,
      gameover: () => {
        const g = model.get("gameover");
        setClass(over, g.html ? "mm-gameover" : "mm-gameover mm-hidden");
        setHTML(overBody, g.html);
        drawButtons(g.buttons, overButtons);
      },
      you: drawYou,
      hand: () => drawCards(hand, model.get("hand"), "hand"),
      prompt: () => {
        const p = model.get("prompt");
        setClass(prompt, p.cls);
        setHTML(prompt, p.html);
      },
      buttons: () => {
        drawButtons(model.get("buttons"), actions);
        if (actions.lastChild !== entryBox) { actions.appendChild(entryBox); }  // the typed-card box stays last
      },
      entry: () => {
        const e = model.get("entry");
        setClass(entryBox, e.hidden ? "mm-entry widget-text mm-hidden" : "mm-entry widget-text");
        setText(entryName, e.label);
        setAttr(entry, "placeholder", e.placeholder);
        setAttr(entry, "aria-label", e.label);
      },
      panel: () => {
        const p = model.get("panel");
        setText(latestHead, p.heading);
        setText(logHead, p.log_heading);
        setAttr(log, "aria-label", p.log_heading);
        drawLatest(p.latest || []);
        drawLog(false);  // the new lines' mark moves on
      },
      log: () => drawLog(true),
      log_tail: () => drawLog(false),
    };
    const handlers = [];
    for (const [name, fn] of Object.entries(draw)) {
      fn();
      const on = () => fn();
      model.on(`change:${name}`, on);
      handlers.push([`change:${name}`, on]);
    }
    return () => { for (const [ev, fn] of handlers) { model.off(ev, fn); } };
  },
};

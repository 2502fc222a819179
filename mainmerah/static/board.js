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

export default {
  render({ model, el }) {
    const send = (msg) => model.send(msg);
    el.classList.add("mm-view");

    const header = make("div", "mm-header-box", el);
    const board = make("div", "mm-board", el);
    const opps = make("div", "mm-opps", board);
    const middle = make("div", "mm-middle", board);
    const stock = make("div", "mm-stockbox", middle);
    const right = make("div", "mm-tablecol", middle);
    const tableLabel = make("div", "mm-row-label", right);
    const tableCards = make("div", "mm-tablecards", right);
    const action = make("div", "mm-action", right);
    const over = make("div", "mm-gameover mm-hidden", board);
    const overBody = make("div", "mm-gameover-body", over);
    const overButtons = make("div", "mm-actions", over);
    const you = make("div", "mm-you", board);
    const youHead = make("div", "mm-you-head", you);
    const hand = make("div", "mm-hand", you);
    const prompt = make("div", "mm-prompt", board);
    const actions = make("div", "mm-actions", board);
    const panel = make("div", "mm-panel", el);
    const latestHead = make("div", "mm-h", panel);
    const latest = make("div", "mm-latest", panel);
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
          make("div", "mm-opp-body", box);
        }
        box.__mmSeat = o.seat;
        setClass(box, o.cls);
        const [head, body] = box.children;
        const [name, level] = head.children;
        const [levelName, select] = level.children;
        setHTML(name, o.name);
        setHTML(body, o.body);
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

    function drawLog() {
      const items = model.get("log") || [];
      const lis = logList.children;
      while (lis.length > items.length) { logList.lastChild.remove(); }
      items.forEach(([cls, text], i) => {
        const li = lis[i] || make("li", "", logList);
        setClass(li, cls);
        setText(li, text);
      });
    }

    const draw = {
      header: () => setHTML(header, model.get("header")),
      board_cls: () => setClass(board, model.get("board_cls")),
      opps: drawOpps,
      stock: () => setHTML(stock, model.get("stock")),
      table_label: () => setHTML(tableLabel, model.get("table_label")),
      table: () => drawCards(tableCards, model.get("table"), "table"),
      action: () => setHTML(action, model.get("action")),
      gameover: () => {
        const g = model.get("gameover");
        setClass(over, g.html ? "mm-gameover" : "mm-gameover mm-hidden");
        setHTML(overBody, g.html);
        drawButtons(g.buttons, overButtons);
      },
      you: () => {
        const y = model.get("you");
        setClass(you, y.cls);
        setHTML(youHead, y.head);
        setClass(hand, y.hand_cls);
      },
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
        setHTML(latest, p.latest);
      },
      log: drawLog,
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

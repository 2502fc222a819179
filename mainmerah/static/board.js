// The table's board, drawn in the page from one widget model (mainmerah.table.board.BoardView).
// The kernel decides everything and sends, per redraw, one message with the parts that changed;
// this script only draws them, keeping every element it made (a card keeps its button, so nothing
// flickers and focus stays put). A click says which slot or button was clicked, never which card:
// the kernel looks that up in its own state. Nothing here is trusted by the kernel.
// Which zones the board has and where (seats, a stock, rows of slots, a trick area, your seat and
// hand, the prompt, the buttons) comes from the game's presenter as data: the ``zones`` trait.
// Its helpers (make, setHTML, drawFan, makePile...) are in board_parts.js, joined before this file.

// The zones every board has: placed where the layout lists them, else after the game's own zones.
const FIXED = ["gameover", "you", "prompt", "actions"];
// Every trait of the model: a change of one redraws the zones bound to it.
const TRAITS = ["names", "header", "board_cls", "opps", "level_note", "stock", "table_label", "table", "rows", "action",
  "gameover", "you", "hand", "prompt", "buttons", "entry", "panel", "log", "log_tail", "passing"];

export default {
  render({ model, el }) {
    const send = (msg) => model.send(msg);
    const names = { map: {}, version: 0 };
    el.classList.add("mm-view");

    const header = make("div", "mm-header", make("div", "mm-header-box", el));
    const title = make("span", "mm-title", header);
    make("span", "mm-logo", title);
    const titleText = make("span", "mm-title-text", title);
    const info = make("span", "mm-info", header);
    const links = make("span", "mm-links", header);
    const status = make("span", "mm-status", header);
    status.setAttribute("role", "status");
    const board = make("div", "mm-board", el);
    const panel = make("div", "mm-panel", el);
    const latestHead = make("div", "mm-h", panel);
    const latest = make("ul", "", make("div", "mm-latest", panel));
    const logHead = make("div", "mm-h", panel);
    const log = make("div", "mm-log", panel);
    log.tabIndex = 0;  // it scrolls: keyboard users must reach it
    const logList = make("ol", "", log);
    // The log follows its newest line until the reader scrolls up (and again once they scroll back down);
    // decided by the reader's scrolling, not measured at each draw, where the story above it may have grown.
    let pinned = true;
    log.addEventListener("scroll", () => { pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 24; });
    const toEnd = () => { if (pinned && log.scrollHeight > log.clientHeight) { log.scrollTop = log.scrollHeight; } };
    if (typeof ResizeObserver !== "undefined") { new ResizeObserver(toEnd).observe(log); }

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
      for (const [name, text, disabled, hidden, tip, reserve] of list || []) {
        const b = button(name, parent);
        if (b.parentNode !== parent) { parent.appendChild(b); }
        // hidden: gone; hidden but reserved: invisible in its place, so the buttons after it stay put
        setClass(b, `${BUTTON} mm-${name}${hidden ? (reserve ? " mm-idle" : " mm-hidden") : ""}`);
        setText(b, text);
        setAttr(b, "title", tip || text);
        if (b.disabled !== !!disabled) { b.disabled = !!disabled; }
      }
    }

    // The typed-action box: Enter (or leaving the box) sends it; the kernel parses and checks it.
    const entryBox = make("label", "mm-entry widget-text");
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
        if (row.__mmMulti) { setAttr(b, "aria-pressed", cls.includes("mm-selected") ? "true" : "false"); }
      });
      roveCards(row, shownCards(row));
    }

    // ----- the zones: each builder makes its elements in ``parent`` and binds its draw to traits -----
    let binds = {};  // trait name -> draw functions of the zones showing it
    function bind(traits, fn) {
      for (const t of traits) { (binds[t] = binds[t] || []).push(fn); }
    }
    const build = {
      seats(z, parent) {
        const box = make("div", z.cls || "mm-opps", parent);
        const note = make("div", "mm-level-note", parent);
        const id = z.id || "opps";
        bind([id, "names"], () => drawSeats(box, model.get(id) || []));
        bind(["level_note"], () => { setText(note, model.get("level_note") || ""); show(note, model.get("level_note")); });
      },
      stock(z, parent) {
        const stockBox = make("div", "mm-stockbox", parent);
        const stock = make("div", z.cls || "mm-stock", stockBox);
        const stockTitle = make("div", "mm-row-label", stock);
        const backs = make("span", "mm-backs", stock);
        const back = make("span", "mm-mini mm-mini-m mm-back", backs);
        back.setAttribute("role", "img");
        const count = make("b", "", backs);
        const empty = make("span", "mm-sub", stock);
        const id = z.id || "stock";
        bind([id], () => {
          const st = model.get(id) || {};
          setText(stockTitle, st.title || "");
          show(backs, st.n);
          setAttr(back, "aria-label", st.label);
          setText(count, String(st.n || 0));
          show(empty, !st.n);
          setText(empty, st.empty || "");
        });
      },
      slots(z, parent) {
        if (z.label) {
          const label = make("div", "mm-row-label", parent);
          bind([z.label], () => setHTML(label, model.get(z.label) || ""));
        }
        const row = make("div", z.cls || "mm-slots", parent);
        const own = TRAITS.includes(z.id);  // the table row has a trait of its own; other rows sit in ``rows``
        bind([own ? z.id : "rows"], () => drawCards(row, own ? model.get(z.id) : (model.get("rows") || {})[z.id], z.id));
      },
      stacks(z, parent) {
        if (z.label) {
          const label = make("div", "mm-row-label", parent);
          bind([z.label], () => setHTML(label, model.get(z.label) || ""));
        }
        const box = make("div", z.cls || "mm-stacks", parent);
        bind(["rows", "names"], () => drawStacks(box, (model.get("rows") || {})[z.id] || [], z.id, send, names));
      },
      trick(z, parent) {
        const box = make("div", z.cls || "mm-action", parent);
        const rows = [];
        const id = z.id || "action";
        bind([id, "names"], () => drawTrick(box, rows, model.get(id) || []));
      },
      group(z, parent) {
        const box = make("div", z.cls || "mm-zone-group", parent);
        for (const inner of z.zones || []) { place(inner, box); }
      },
      gameover(z, parent) {
        const over = make("div", "mm-gameover mm-hidden", parent);
        const body = make("div", "mm-gameover-body", over);
        const row = make("div", "mm-actions", over);
        bind(["gameover"], () => {
          const g = model.get("gameover");
          setClass(over, g.html ? "mm-gameover" : "mm-gameover mm-hidden");
          setHTML(body, g.html);
          drawButtons(g.buttons, row);
        });
      },
      you(z, parent) {
        const you = make("div", "mm-you", parent);
        const head = make("div", "mm-you-head", you);
        const name = make("span", "mm-name", make("div", "mm-opp-head", head));
        const pile = makePile(head);
        const handLabel = make("div", "mm-row-label", head);
        const hand = make("div", "mm-hand", you);
        hand.__mmMulti = !!z.multi;  // a hand of several cards to pick (a climbing game's play)
        setAttr(hand, "role", z.multi ? "group" : "");
        bind(["you", "names"], () => {
          const y = model.get("you");
          setClass(you, y.cls);
          setText(name, y.name || "");
          drawPile(pile, y.pile, names);
          setText(handLabel, y.hand_label || "");
          show(handLabel, y.hand_label);
          setAttr(hand, "aria-label", z.multi ? y.hand_label : "");
          setClass(hand, y.hand_cls);
        });
        bind(["hand"], () => drawCards(hand, model.get("hand"), "hand"));
      },
      prompt(z, parent) {
        const prompt = make("div", "mm-prompt", parent);
        bind(["prompt"], () => {
          const p = model.get("prompt");
          setClass(prompt, p.cls);
          setHTML(prompt, p.html);
        });
      },
      actions(z, parent) {
        const actions = make("div", "mm-actions", parent);
        actions.appendChild(entryBox);
        bind(["buttons"], () => {
          drawButtons(model.get("buttons"), actions);
          if (actions.lastChild !== entryBox) { actions.appendChild(entryBox); }  // the typed box stays last
        });
        bind(["entry"], () => {
          const e = model.get("entry");
          setClass(entryBox, e.hidden ? "mm-entry widget-text mm-hidden" : "mm-entry widget-text");
          setText(entryName, e.label);
          setAttr(entry, "placeholder", e.placeholder);
          // as wide as its placeholder in this language, so no hint is cut off (the sheet caps it at the row)
          const ph = String(Math.max(10, (e.placeholder || "").length));
          if (entry.style.getPropertyValue("--mm-ph") !== ph) { entry.style.setProperty("--mm-ph", ph); }
          setAttr(entry, "aria-label", e.label);
        });
      },
    };
    build.column = build.group;
    function place(z, parent) {
      const fn = build[z.kind];
      if (fn) { fn(z, parent); }
    }

    function drawSeats(box, list) {
      while (box.children.length > list.length) { box.lastChild.remove(); }
      list.forEach((o, i) => {
        let seat = box.children[i];
        if (!seat) {
          seat = make("div", "", box);
          const head = make("div", "mm-opp-head", seat);
          make("div", "mm-name", head);
          const level = make("label", "mm-level", head);
          make("span", "mm-sr-only", level);
          const select = make("select", "", level);
          select.addEventListener("change", () => send({ k: "level", seat: seat.__mmSeat, value: select.value }));
          const body = make("div", "mm-opp-body", seat);
          const hand = make("div", "mm-opp-hand", body);
          const backs = make("span", "mm-handbacks", hand);
          backs.setAttribute("role", "img");
          seat.__mm = {
            backs, backFan: make("span", "mm-fan mm-tight", backs), backLabel: make("span", "mm-sub", backs),
            open: make("span", "mm-fan", hand), none: make("span", "mm-none", hand),
            pile: makePile(make("div", "mm-pile", body)),
          };
        }
        seat.__mmSeat = o.seat;
        setClass(seat, o.cls);
        const [name, level] = seat.children[0].children;
        const [levelName, select] = level.children;
        setHTML(name, o.name);
        const parts = seat.__mm;
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

    // The step just shown (or the top play): per row, the cards, an arrow and what they took, and the words.
    function drawTrick(box, rows, list) {
      list.forEach(([kind, card, arrow, taken, text], i) => {
        let r = rows[i];
        if (!r) {
          const row = make("div", "mm-air", box);
          r = rows[i] = { box: row, card: make("span", "mm-fan", row), arrow: make("span", "mm-arrow", row),
            taken: make("span", "mm-fan", row), text: make("span", "", row) };
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
      rows.slice(list.length).forEach((r) => show(r.box, false));
    }

    // The layout: built again only when the presenter sends another (a game of another shape).
    let layoutKey = null;
    function layout() {
      const zones = model.get("zones") || [];
      const key = JSON.stringify(zones);
      if (key === layoutKey) { return; }
      layoutKey = key;
      binds = {};
      buttons.clear();
      board.replaceChildren();
      const kinds = new Set();
      (function walk(list) { for (const z of list) { kinds.add(z.kind); walk(z.zones || []); } })(zones);
      for (const z of zones) { place(z, board); }
      for (const kind of FIXED) { if (!kinds.has(kind)) { place({ kind }, board); } }
      for (const fns of Object.values(binds)) { for (const fn of new Set(fns)) { fn(); } }
      passRow.replaceChildren();  // its button was forgotten with the others: made again
      passFor = null;
      drawPass();
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
      toEnd();
    }

    function drawHeader() {
      const h = model.get("header") || {};
      setText(titleText, h.title || "");
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
      // Your turn came, or a capture choice: bring what the move needs into view (see keepInView).
      const turn = h.cls === "mm-yourturn" ? `${h.decisions}|${h.status}` : "";
      if (turn && turn !== askedFor) { requestAnimationFrame(keepInView); }
      askedFor = turn;
    }

    // On a small screen the move's pieces (the table cards to choose from, the prompt, the buttons)
    // may lie below the fold: scroll the least that shows them all (or, when they cannot all fit,
    // the prompt and the buttons with as much above them as fits). Nothing moves when they show.
    let askedFor = "";
    function keepInView() {
      const rows = [...board.querySelectorAll(".mm-tablecards, .mm-stacks, .mm-prompt")];
      const choice = board.querySelector(".mm-card.mm-choice");
      const buttons = [...board.querySelectorAll(".mm-actions > .jupyter-button:not(.mm-hidden)")]
        .filter((b) => !b.closest(".mm-gameover"));
      if (!rows.length || !buttons.length) { return; }
      const top = Math.min(...[choice || rows[0], ...rows].map((e) => e.getBoundingClientRect().top)) - 8;
      const bottom = Math.max(...buttons.map((e) => e.getBoundingClientRect().bottom)) + 8;
      let box = el.parentElement;
      while (box && box !== document.body) {
        const s = getComputedStyle(box);
        if (/(auto|scroll)/.test(s.overflowY) && box.scrollHeight > box.clientHeight) { break; }
        box = box.parentElement;
      }
      const inPage = !box || box === document.body;
      const scroller = inPage ? (document.scrollingElement || document.documentElement) : box;
      const view = inPage ? { top: 0, bottom: window.innerHeight } : scroller.getBoundingClientRect();
      let delta = 0;
      if (bottom - top > view.bottom - view.top) {
        delta = bottom - view.bottom;  // too tall: the buttons at the bottom edge
      } else if (top < view.top) {
        delta = top - view.top;
      } else if (bottom > view.bottom) {
        delta = bottom - view.bottom;
      }
      if (Math.abs(delta) > 1) { scroller.scrollBy({ top: delta, behavior: "instant" }); }
    }

    // The pass screen (pass and play): over the whole board, a dialog with one button. While it shows,
    // the board under it holds no hand and cannot be reached by keyboard or screen reader (inert).
    const pass = make("div", "mm-pass mm-hidden");
    pass.setAttribute("role", "dialog");
    pass.setAttribute("aria-modal", "true");
    const passBox = make("div", "mm-pass-box", pass);
    const passTitle = make("h2", "mm-pass-title", passBox);
    passTitle.id = `mm-pass-title-${Math.random().toString(36).slice(2)}`;
    const passText = make("p", "mm-pass-text", passBox);
    passText.id = `${passTitle.id}-text`;
    pass.setAttribute("aria-labelledby", passTitle.id);
    pass.setAttribute("aria-describedby", passText.id);
    const passRow = make("div", "mm-actions", passBox);
    let passFor = null;
    function drawPass() {
      const p = model.get("passing") || {};
      const on = p.seat !== undefined && p.seat !== null;
      if (pass.parentNode !== board) { board.appendChild(pass); }
      setClass(pass, on ? "mm-pass" : "mm-pass mm-hidden");
      setClass(board, on ? `${model.get("board_cls")} mm-passing` : model.get("board_cls"));
      for (const child of board.children) {
        if (child !== pass) { child.inert = on; }
      }
      if (!on) {
        // Answered from the keyboard: the focus goes on to the hand just shown (not lost with the dialog).
        if (passFor !== null && (pass.contains(document.activeElement) || document.activeElement === document.body)) {
          requestAnimationFrame(() => {
            const card = board.querySelector(".mm-hand .mm-card[tabindex='0']:not(.mm-empty)")
              || board.querySelector(".mm-hand .mm-card:not(.mm-empty)");
            if (card) { card.focus(); }
          });
        }
        passFor = null;
        return;
      }
      setText(passTitle, p.title || "");
      setText(passText, p.text || "");
      drawButtons(p.button ? [p.button] : [], passRow);
      // A new pass screen takes the focus to its button (so Enter answers it), once per screen.
      const key = `${p.seat}|${model.get("header")?.decisions}`;
      if (key !== passFor) {
        passFor = key;
        const b = buttons.get("reveal");
        if (b) { requestAnimationFrame(() => b.focus({ preventScroll: false })); }
      }
    }

    const own = {  // parts outside the board's zones
      names: () => {
        names.map = model.get("names") || {};
        names.version += 1;
      },
      header: drawHeader,
      board_cls: drawPass,
      passing: drawPass,
      panel: () => {
        const p = model.get("panel");
        setText(latestHead, p.heading);
        setText(logHead, p.log_heading);
        setAttr(log, "aria-label", p.log_heading);
        drawList(latest, (p.latest || []).length, (i) => p.latest[i], 0);
        drawLog(false);  // the new lines' mark moves on
      },
      log: () => drawLog(true),
      log_tail: () => drawLog(false),
    };
    own.names();
    layout();
    for (const name of ["header", "board_cls", "panel", "log", "passing"]) { own[name](); }
    const handlers = [];
    function on(name, fn) {
      model.on(`change:${name}`, fn);
      handlers.push([`change:${name}`, fn]);
    }
    on("zones", layout);
    for (const name of TRAITS) {
      // the board's own parts first (the card names before the cards that say them), then its zones
      on(name, () => {
        if (own[name]) { own[name](); }
        for (const fn of binds[name] || []) { fn(); }
      });
    }
    // Signs of life while the page is shown, when the kernel asks for them (a shared table's seat: a closed
    // laptop or a frozen tab sends none, and its kernel lets the seat go until the page is back).
    let aliveTimer = 0;
    const alive = () => {
      const every = Number(model.get("alive_every")) || 0;
      if (every > 0 && document.visibilityState === "visible") { send({ k: "alive" }); }
      aliveTimer = setTimeout(alive, Math.max(every, 1) * 1000);
    };
    const shown = () => { if (document.visibilityState === "visible") { clearTimeout(aliveTimer); alive(); } };
    document.addEventListener("visibilitychange", shown);
    aliveTimer = setTimeout(alive, 1000);
    return () => {
      for (const [ev, fn] of handlers) { model.off(ev, fn); }
      clearTimeout(aliveTimer);
      document.removeEventListener("visibilitychange", shown);
    };
  },
};

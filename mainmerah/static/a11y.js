// Main Merah page helper: what plain ipywidgets cannot say to assistive technology.
// Loaded once per page by mainmerah.table.a11y (an HTML widget runs no <script>, so an
// <img onerror> starts it). It only adds ARIA attributes and moves focus; it never
// changes a widget's value and never talks to the kernel.
//  - card buttons: aria-label from their face and title (the card's spoken name, "seven of hearts, ...");
//  - live regions: the story panel's latest events and the table's prompt are announced;
//  - the page's lang follows the language toggle;
//  - focus: when a redraw hides or replaces the focused control, focus goes somewhere
//    sensible (the capture choice, Next, the hand...) instead of being lost to <body>.
(function () {
  "use strict";
  if (window.__mmA11y) { return; }
  window.__mmA11y = true;

  var ROOTS = ".mm-table, .mm-lessons, .mm-classroom, .mm-root";
  var LIVE = [
    [".mm-latest", "log"], [".mm-prompt", "status"], [".mm-feedback", "status"],
    [".mm-coach-prompt", "status"], [".mm-progress-text", "status"]
  ];
  // Classes that only say how an element looks now; the others say what it is.
  var STATE = /^mm-(selected|match|choice|hint|new|wait|empty|hidden|current|done|right|wrong|turn|over|solved|fb-.*)$/;
  var last = null;      // the control that last had focus inside one of our roots
  var anchors = [];     // selectors of it and its containers, to find its replacement
  var hadChoice = new WeakMap();
  var retries = 0;      // looks for a place to put focus since it was lost
  var leaving = new WeakMap();  // looks for where to go on after a capture choice, per table

  function set(el, name, value) {
    if (el.getAttribute(name) !== value) { el.setAttribute(name, value); }
  }

  function shown(el) {
    // (a button kept in its place while not in use is invisible: not a place for focus)
    return !!el && el.isConnected && !el.disabled && el.getClientRects().length > 0 &&
      !(el.classList && el.classList.contains("mm-idle"));
  }

  function first(root, selector) {
    var all = root.querySelectorAll(selector);
    for (var i = 0; i < all.length; i++) { if (shown(all[i])) { return all[i]; } }
    return null;
  }

  function identity(el) {
    var own = [];
    (el.className && el.className.split ? el.className.split(/\s+/) : []).forEach(function (c) {
      if (c.indexOf("mm-") === 0 && !STATE.test(c)) { own.push("." + c); }
    });
    return own.join("");
  }

  function label() {
    // A card's name starts with what its face shows ("7♥, seven of hearts, red, 7 points"), so a
    // speech-input user can say what they see (WCAG 2.5.3); a face-down card is just named.
    document.querySelectorAll(".mm-card").forEach(function (b) {
      if (b.__mmKey !== undefined) { return; }  // the table's board (static/board.js) names its own cards
      var t = b.getAttribute("title"), shows = b.textContent.trim();
      if (t) {
        set(b, "aria-label", /[0-9A-Za-z]/.test(shows) ? shows + ", " + t : t);
      } else if (b.hasAttribute("aria-label")) { b.removeAttribute("aria-label"); }
    });
    LIVE.forEach(function (pair) {
      document.querySelectorAll(pair[0]).forEach(function (el) {
        set(el, "role", pair[1]);
        set(el, "aria-live", "polite");
      });
    });
    // Scrolling logs are focusable (tabbable from Python): a region named by the heading before it.
    document.querySelectorAll(".mm-log, .mm-story").forEach(function (el) {
      var head = el.previousElementSibling;
      set(el, "role", "region");
      if (head && head.textContent.trim()) { set(el, "aria-label", head.textContent.trim()); }
    });
    // Toggle buttons: a named group whose chosen button says it is pressed.
    document.querySelectorAll(".widget-toggle-buttons").forEach(function (group) {
      if (!group.closest(ROOTS)) { return; }
      set(group, "role", "group");
      var name = group.querySelector("label.widget-label");
      if (name && name.textContent) { set(group, "aria-label", name.textContent); }
      group.querySelectorAll("button").forEach(function (b) {
        set(b, "aria-pressed", b.classList.contains("mod-active") ? "true" : "false");
      });
    });
    // Number answers: a phone's number keyboard (ipywidgets' Text has no inputmode trait).
    document.querySelectorAll(".mm-numeric input").forEach(function (i) {
      set(i, "inputmode", "numeric");
      set(i, "pattern", "[0-9]*");
    });
    var langs = document.querySelectorAll("[data-mm-lang]");
    if (langs.length) { set(document.documentElement, "lang", langs[langs.length - 1].getAttribute("data-mm-lang")); }
  }

  // The table: where a keyboard player wants to be after a redraw took focus away. Any control at
  // all only when nothing better came (``late``): a redraw arrives in pieces (the game-over view last).
  function tableTarget(root, late) {
    return first(root, ".mm-tablecards .mm-card.mm-choice") || first(root, ".mm-actions .mm-next")
      || first(root, ".mm-hand .mm-card.mm-selected") || first(root, ".mm-hand:not(.mm-wait) .mm-card")
      || first(root, ".mm-gameover .jupyter-button") || first(root, ".mm-forward-step, .mm-exit-replay")
      || first(root, ".mm-hand .mm-card") || (late ? first(root, ".mm-board button, .mm-board input") : null);
  }

  function replacement() {
    for (var i = 0; i < anchors.length; i++) {
      var all = document.querySelectorAll(anchors[i]);
      if (all.length !== 1) { continue; }  // gone, or not telling which one it was
      var found = all[0];
      var table = found.closest ? found.closest(".mm-table") : null;
      if (table) { return tableTarget(table); }
      if (shown(found) && found.matches("button, select, input, textarea, a[href]")) { return found; }
      var inside = first(found, "button, select, input, textarea, a[href]");
      if (inside) { return inside; }
    }
    return null;
  }

  function settle() {
    label();
    var active = document.activeElement;
    var lost = !active || active === document.body || !shown(active);
    // A capture choice just appeared in a table the player is using: go to the first choice.
    document.querySelectorAll(".mm-table").forEach(function (root) {
      var choice = first(root, ".mm-tablecards .mm-card.mm-choice");
      var before = hadChoice.get(root) || false;
      hadChoice.set(root, !!choice);
      var using = (!lost && root.contains(active)) || (lost && last && (root.contains(last) || !last.isConnected));
      if (choice && !before && using) { choice.focus(); active = choice; lost = false; }
      // The choice was made: from the table's cards, go back to where the game goes on (Next, the hand).
      if (!choice && before && using && (lost || active.closest(".mm-tablecards"))) {
        var next = tableTarget(root);
        var tries = leaving.get(root) || 0;
        if (next) {
          next.focus(); active = next; lost = false; leaving.delete(root);
        } else if (tries < 20) {  // the rest of the redraw is on its way: look again soon
          leaving.set(root, tries + 1);
          hadChoice.set(root, true);
          window.setTimeout(schedule, 150);
        }
      }
    });
    // The focused control was hidden, disabled or re-created by a redraw: find where to go on
    // (looking again a little later while the rest of the redraw may still be on its way).
    if (lost && last && !shown(last)) {
      var table = last.isConnected ? last.closest(".mm-table") : null;
      var target = table ? tableTarget(table, retries >= 20) : replacement();
      if (target) {
        target.focus();
        retries = 0;
      } else if (retries < 20) {
        retries += 1;
        window.setTimeout(schedule, 150);
      }
    } else {
      retries = 0;
    }
  }

  document.addEventListener("focusin", function (e) {
    var el = e.target;
    if (!el || !el.closest || !el.closest(ROOTS)) { return; }
    last = el;
    // Where to look for its replacement: the same control in the same container, then the containers.
    var ids = [];
    for (var node = el; node && node !== document.body; node = node.parentElement) {
      var id = identity(node);
      if (id) { ids.push(id); }
    }
    anchors = ids.slice(1).map(function (c) { return c + " " + ids[0]; }).concat(ids);
  }, true);

  var pending = false;
  function schedule() {
    if (pending) { return; }
    pending = true;
    // After the next paint: settling asks where things are (a layout), which must not hold up the frame
    // that draws the redraw.
    window.requestAnimationFrame(function () {
      window.setTimeout(function () { pending = false; settle(); }, 0);
    });
  }
  new MutationObserver(schedule).observe(document.body, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["class", "title", "disabled", "style", "data-step", "data-mm-lang"]
  });
  settle();
})();

// A record kept in the visitor's browser (localStorage) for mainmerah.table.keeper.Keeper.
// On render it sends the kernel what is kept under each of the model's keys (null when none, or
// when this browser keeps nothing: private windows, storage turned off); the kernel checks it like
// any input. The kernel asks to store or forget a key; nothing else is written. Draws nothing.
function storage() {
  try {
    const s = window.localStorage;
    const probe = "mainmerah:probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch (_e) {
    return null;
  }
}

// The language shown, in an app page's address (?lang=), so that a reload is drawn in it from the start; and the
// shared table sat at (?table=), so that a reload comes back to it. Only these two, each only in its own shape,
// only on a Voila or Voici app page (never JupyterLab's own address).
const IN_ADDRESS = { lang: /^[a-z]{2,3}$/, table: /^[A-Z0-9]{6}$/ };
function showInAddress(name, value) {
  const shape = Object.prototype.hasOwnProperty.call(IN_ADDRESS, name) ? IN_ADDRESS[name] : null;
  if (shape === null || !(value === null || (typeof value === "string" && shape.test(value)))) { return; }
  if (!/\/render\//.test(window.location.pathname)) { return; }
  try {
    const url = new URL(window.location.href);
    if (url.searchParams.get(name) === value) { return; }
    if (value === null) { url.searchParams.delete(name); } else { url.searchParams.set(name, value); }
    window.history.replaceState(window.history.state, "", url.toString());
  } catch (_e) { /* an address that cannot be changed: the kept language still applies */ }
}

// How deeply a record's JSON nests (brackets inside strings do not count); stops once past `most`.
function nesting(text, most) {
  let level = 0, deepest = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") { i++; } else if (c === '"') { inString = false; }
    } else if (c === '"') { inString = true; }
    else if (c === "[" || c === "{") { level++; if (level > deepest) { deepest = level; if (deepest > most) { break; } } }
    else if (c === "]" || c === "}") { level--; }
  }
  return deepest;
}

export default {
  render({ model, el }) {
    el.classList.add("mm-keeper");
    el.style.display = "none";
    const s = storage();
    const records = {};
    // A record over the limits is not sent (one over the websocket's message limit would cut this page off):
    // the kernel is told why, names it on the page and keeps its own record in its place.
    const refused = {};
    const limits = model.get("limits") || {};
    for (const key of model.get("kept_keys") || []) {
      let text = null;
      if (s) { try { text = s.getItem(key); } catch (_e) { text = null; } }
      if (text !== null && limits.chars && text.length > limits.chars) {
        refused[key] = { why: "long", chars: text.length };
        text = null;
      } else if (text !== null && limits.depth && nesting(text, limits.depth) > limits.depth) {
        refused[key] = { why: "deep" };
        text = null;
      }
      records[key] = text;
    }
    // Sent again until the kernel says it has it: a message sent while the page's connection to the kernel
    // was still being made has been seen lost on a busy machine, and the page would then start afresh.
    const kept = { k: "kept", available: !!s, records, refused };
    model.send(kept);
    let tries = 0;
    const again = setInterval(() => {
      tries += 1;
      if (tries > 30) { clearInterval(again); return; }
      model.send(kept);
    }, 2000);
    const onMessage = (msg) => {
      if (msg && msg.k === "ack") { clearInterval(again); return; }
      if (msg && msg.k === "url") { showInAddress(msg.name, msg.value); return; }
      if (!s || !msg || typeof msg.key !== "string" || !msg.key.startsWith("mainmerah:")) { return; }
      try {
        if (msg.k === "store" && typeof msg.text === "string") { s.setItem(msg.key, msg.text); }
        else if (msg.k === "forget") { s.removeItem(msg.key); }
      } catch (_e) {
        model.send({ k: "full", key: msg.key });  // over the browser's quota: the kernel says so
      }
    };
    model.on("msg:custom", onMessage);
    return () => { clearInterval(again); model.off("msg:custom", onMessage); };
  },
};

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

// The language shown, in an app page's address (?lang=), so that a reload is drawn in it from the start.
// Only ?lang=, only a language code, only on a Voila or Voici app page (never JupyterLab's own address).
function showInAddress(name, value) {
  if (name !== "lang" || !(value === null || /^[a-z]{2,3}$/.test(value))) { return; }
  if (!/\/render\//.test(window.location.pathname)) { return; }
  try {
    const url = new URL(window.location.href);
    if (url.searchParams.get("lang") === value) { return; }
    if (value === null) { url.searchParams.delete("lang"); } else { url.searchParams.set("lang", value); }
    window.history.replaceState(window.history.state, "", url.toString());
  } catch (_e) { /* an address that cannot be changed: the kept language still applies */ }
}

export default {
  render({ model, el }) {
    el.classList.add("mm-keeper");
    el.style.display = "none";
    const s = storage();
    const records = {};
    for (const key of model.get("kept_keys") || []) {
      let text = null;
      if (s) { try { text = s.getItem(key); } catch (_e) { text = null; } }
      records[key] = text;
    }
    model.send({ k: "kept", available: !!s, records });
    const onMessage = (msg) => {
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
    return () => model.off("msg:custom", onMessage);
  },
};

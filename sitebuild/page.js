// Added by sitebuild/build.py to every page of the static site (not used under Voila), after a first
// line `var MAINMERAH_SITE = {...}` (the worker's URL, JupyterLite's version; see sitebuild/offline.py).
(function () {
  "use strict";
  var started = Date.now();
  // The page's language, as the notebooks pick it (?lang=, English by default).
  var lang = (new URLSearchParams(window.location.search).get("lang") || "en").toLowerCase();
  var WORDS = {
    en: "Starting Python in your browser (a few seconds, longer on a first visit; nothing is installed " +
      "and no server is used)",
    id: "Python sedang dimulai di peramban Anda (beberapa detik, lebih lama pada kunjungan pertama; tidak ada " +
      "yang dipasang dan tidak ada server yang dipakai)",
    zh: "正在浏览器中启动 Python（需要几秒钟，首次访问更久；不安装任何东西，也不使用服务器）",
  };

  // 1. Python starts in the browser (seconds; more on a first visit): say so, with a running count,
  //    under Voici's own "Running ..." until the page's outputs replace the spinner. What it said stays
  //    in the page's dataset (mmSiteProgress) once the note is gone.
  function progress() {
    var loading = document.getElementById("loading");
    if (!loading) { return false; }
    var note = document.getElementById("mm-site-progress");
    if (!note) {
      note = document.createElement("p");
      note.id = "mm-site-progress";
      note.setAttribute("role", "status");
      note.style.cssText = "font-family:system-ui,'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif;max-width:34em;text-align:center;line-height:1.4";
      loading.appendChild(note);
    }
    if (cut) { // a part of the page did not load (section 5): Python will not start; say so there instead
      if (note.dataset.kind !== "failed") {
        var l = langOf(NOTES.failed);
        note.dataset.kind = "failed";
        note.textContent = NOTES.failed[l] + " ";
        note.appendChild(reloadButton(l));
      }
    } else {
      var s = Math.round((Date.now() - started) / 1000);
      note.textContent = (WORDS[lang] || WORDS.en) + " \u2026 " + s + " s";
    }
    document.documentElement.dataset.mmSiteProgress = note.textContent;
    return true;
  }
  var cut = false; // a script or style of the page did not load before it drew (section 5)
  var loaded = false; // the page has drawn (Python running, Voici's "loading" gone)
  var onLoaded = [];
  var timer = setInterval(function () {
    if (!progress() && document.readyState !== "loading") {
      clearInterval(timer);
      loaded = true;
      onLoaded.forEach(function (f) { f(); });
    }
  }, 500);
  document.addEventListener("DOMContentLoaded", progress);

  // 2. The notebooks link to each other as Voila serves them (play.ipynb?game=...); here each
  //    notebook is a page, play.html, and the home page is the static index.html.
  function rewrite(a) {
    var href = a.getAttribute("href");
    if (!href || href.indexOf(".ipynb") < 0 || /^[a-z]+:/i.test(href)) { return; }
    var m = href.match(/^([^?#]*?)([\w-]+)\.ipynb([?#].*)?$/);
    if (!m) { return; }
    var target = m[2] === "home" ? "../../index.html" : m[1] + m[2] + ".html";
    a.setAttribute("href", target + (m[3] || ""));
  }
  function rewriteAll(root) {
    if (root.tagName === "A") { rewrite(root); }
    if (root.querySelectorAll) { root.querySelectorAll("a[href]").forEach(rewrite); }
  }
  new MutationObserver(function (changes) {
    changes.forEach(function (c) {
      if (c.type === "attributes") { rewrite(c.target); } else { c.addedNodes.forEach(rewriteAll); }
    });
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });

  // 3. Notes at the foot of the page: what the site's worker did (section 4), a part of the page that did not
  //    load (section 5) when there is no "Running ..." to say it under.
  var NOTES = {
    offline: {
      en: "Saved on this device: the games now open without a connection.",
      id: "Tersimpan di perangkat ini: permainan kini bisa dibuka tanpa koneksi.",
      zh: "已保存到本设备：现在没有网络也能打开游戏。",
    },
    update: {
      en: "A new version of the site is ready.",
      id: "Versi baru situs ini sudah siap.",
      zh: "网站的新版本已准备好。",
    },
    failed: {
      en: "Part of this page did not load (the connection dropped, or the page was left half loaded).",
      id: "Sebagian halaman ini tidak termuat (koneksi terputus, atau halaman ditinggalkan sebelum selesai dimuat).",
      zh: "此页面有一部分没有加载（网络中断，或页面未加载完就离开了）。",
    },
    reload: { en: "Reload", id: "Muat ulang", zh: "重新加载" },
  };
  // A note's language: ?lang=, else the one last chosen (kept by the browser), else the page's; English if `words`
  // has none of them.
  var langOf = function (words) {
    var kept = null;
    try { kept = localStorage.getItem("mainmerah:lang"); } catch (e) { /* private mode */ }
    return [new URLSearchParams(window.location.search).get("lang"), kept, document.documentElement.lang]
      .map(function (l) { return (l || "").slice(0, 2).toLowerCase(); })
      .filter(function (l) { return words[l]; })[0] || "en";
  };
  var reloadButton = function (l) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = NOTES.reload[l];
    button.style.cssText = "margin-left:8px;font:inherit;padding:2px 10px;border-radius:6px;border:0;cursor:pointer";
    button.addEventListener("click", function () { window.location.reload(); });
    return button;
  };
  var say = function (kind) {
    var lang2 = langOf(NOTES[kind]);
    var note = document.getElementById("mm-site-note");
    if (!note) {
      note = document.createElement("div");
      note.id = "mm-site-note";
      note.setAttribute("role", "status");
      note.style.cssText = "position:fixed;left:12px;bottom:12px;z-index:10000;max-width:30em;padding:8px 12px;" +
        "border-radius:8px;background:#1f1a17;color:#fff;font:14px/1.4 system-ui,'PingFang SC','Noto Sans CJK SC'," +
        "'Microsoft YaHei',sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3)";
      document.body.appendChild(note);
    }
    note.dataset.kind = kind;
    document.documentElement.dataset.mmSiteNote = kind; // stays when the note goes
    note.textContent = NOTES[kind][lang2] + " ";
    if (kind !== "offline") { // a new version, or a part missing: a button loads the page again
      note.appendChild(reloadButton(lang2));
    } else {
      setTimeout(function () { if (note.dataset.kind === "offline") { note.remove(); } }, 10000);
    }
  };
  var tell = function (kind) {
    if (document.body) { say(kind); } else { document.addEventListener("DOMContentLoaded", function () { say(kind); }); }
  };

  // 4. Offline after one visit: the site's service worker (sitebuild/sw.js) keeps every file of the
  //    build. It is registered at the URL JupyterLite registers its own (one worker a scope).
  var site = window.MAINMERAH_SITE;
  var root = new URL(".", document.currentScript.src);
  if (site && "serviceWorker" in navigator) {
    var worker = new URL(site.worker, root).href;
    // JupyterLite unregisters every worker of the site when a page opens under a worker whose
    // "<url>-version" it has not stored itself (it stores it only then): on the second visit, or
    // offline, the site would then lose its worker. The version it stores is its own, so store it first.
    try { localStorage.setItem(worker + "-version", site.jupyterlite); } catch (e) { /* private mode */ }
    var had = !!navigator.serviceWorker.controller; // a worker of the site (this build's or an older one's)
    var drawnTo = function (w) {
      if (!w) { return; }
      if (loaded) { w.postMessage("mainmerah:page-drawn"); } else { onLoaded.push(function () { w.postMessage("mainmerah:page-drawn"); }); }
    };
    // The site's first worker takes this page at once and keeps what it fetches; once the page has drawn,
    // the worker fetches the rest of the site (sitebuild/sw.js): a first visit transfers each file once.
    // An older build's worker serving this page: the new build's worker takes it once it has every file.
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (had) { tell("update"); } else { drawnTo(navigator.serviceWorker.controller); }
    });
    var compiling = false;
    navigator.serviceWorker.addEventListener("message", function (event) {
      var m = event.data || {};
      if (m.kind === "mainmerah:kept" && m.compiled === false && !compiling) {
        // Every file kept, but not the scripts' compiled code yet (sitebuild/codecache.js): a helper worker
        // has the browser compile and keep it, then goes. Offline it is asked again on a later visit.
        compiling = true;
        var scope = new URL("code-cache/", root).href;
        navigator.serviceWorker.register(new URL(site.compiler, root).href, { scope: scope })
          .catch(function () { compiling = false; });
      }
      if (m.kind === "mainmerah:kept" && m.fetched > 0 && document.documentElement.dataset.mmSiteNote !== "update") {
        tell("offline");
      }
    });
    navigator.serviceWorker.startMessages();
    drawnTo(navigator.serviceWorker.controller); // it may not have every file yet (a first visit cut short)
    navigator.serviceWorker.register(worker).then(function (reg) {
      drawnTo(reg.installing);
      reg.addEventListener("updatefound", function () { drawnTo(reg.installing); });
    }).catch(function (e) { console.warn("mainmerah: no offline copy (" + e + ")"); });
  }

  // 5. A script of the page that does not load (the connection dropped it, or the page was left and opened again
  //    half loaded) stops Voici before Python starts: its "Running ..." would turn for ever. Under the site's
  //    worker, which has every file here, the page loads itself again, once (Chromium was seen cutting a few of
  //    Voici's first scripts that the worker answered from its cache, in tests of a tab going from page to page;
  //    the cause was not found). Else, or when that load fails too, say so (section 1), with a button that loads
  //    the page again. (Once the page has drawn, a later part that fails is left to the page.)
  var RETRIED = "mainmerah:retried:" + window.location.href;
  var retried = function () {
    try { return Date.now() - Number(sessionStorage.getItem(RETRIED) || 0) < 120000; } catch (e) { return true; }
  };
  onLoaded.push(function () { try { sessionStorage.removeItem(RETRIED); } catch (e) { /* private mode */ } });
  var reloading = false;
  var missing = function () {
    if (loaded || cut || reloading) { return; }
    if ("serviceWorker" in navigator && navigator.serviceWorker.controller && !retried()) {
      try { sessionStorage.setItem(RETRIED, String(Date.now())); } catch (e) { /* retried() said it works */ }
      reloading = true;
      console.info("mainmerah: a part of the page did not load; loading the page again");
      window.location.reload();
      return;
    }
    cut = true;
    if (!progress()) { tell("failed"); } // (no "Running ..." to say it under: a note at the foot, then)
  };
  window.addEventListener("error", function (event) {
    var t = event.target;
    if (t && (t.tagName === "SCRIPT" || (t.tagName === "LINK" && t.rel === "stylesheet"))) { missing(); }
  }, true); // (a resource's error does not bubble: seen on the way down)
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason || {};
    if (reason.name === "ChunkLoadError" || /^Loading (CSS )?chunk /.test(String(reason.message))) { missing(); }
  });
})();

// Added by sitebuild/build.py to every notebook page of the static site (not used under Voila).
(function () {
  "use strict";
  var started = Date.now();
  // The page's language, as the notebooks pick it (?lang=, English by default).
  var lang = (new URLSearchParams(window.location.search).get("lang") || "en").toLowerCase();
  var WORDS = {
    en: "Starting Python in your browser (about 15 seconds on a first visit; nothing is installed " +
      "and no server is used)",
    id: "Python sedang dimulai di peramban Anda (sekitar 15 detik pada kunjungan pertama; tidak ada " +
      "yang dipasang dan tidak ada server yang dipakai)",
    zh: "正在浏览器中启动 Python（首次访问约需 15 秒；不安装任何东西，也不使用服务器）",
  };

  // 1. Python starts in the browser (10-20 s on a first visit): say so, with a running count,
  //    under Voici's own "Running ..." until the page's outputs replace the spinner.
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
    var s = Math.round((Date.now() - started) / 1000);
    note.textContent = (WORDS[lang] || WORDS.en) + " \u2026 " + s + " s";
    return true;
  }
  var timer = setInterval(function () { if (!progress() && document.readyState !== "loading") { clearInterval(timer); } }, 500);
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
})();

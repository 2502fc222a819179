// The home page follows the visitor's language like every other page (mainmerah.table.keeper):
// the server draws it without a kernel, so this script does what a page's Keeper does there.
// ?lang= in the URL wins and is kept; else a kept language other than the page's reloads the page in it.
(function () {
  var KEY = "mainmerah:lang";
  var OFFERED = ["en", "id", "zh"];  // mainmerah.core.i18n.LANGUAGES (tests/pages/test_languages.py)
  try {
    var s = window.localStorage;
    var params = new URLSearchParams(window.location.search);
    var asked = (params.get("lang") || "").trim().toLowerCase();
    if (OFFERED.indexOf(asked) >= 0) { s.setItem(KEY, asked); return; }
    if (params.has("lang")) { return; }  // a bad ?lang= is named on the page: leave it there
    var kept = s.getItem(KEY);
    var shown = (document.documentElement.lang || "").split("-")[0].toLowerCase();  // zh-Hans: zh
    if (OFFERED.indexOf(kept) >= 0 && kept !== shown) {
      params.set("lang", kept);
      window.location.replace("?" + params.toString());
    }
  } catch (_e) {
    // No storage (a private window, storage turned off): the page stays in the language it was drawn in.
  }
})();

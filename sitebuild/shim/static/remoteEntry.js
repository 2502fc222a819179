// A hand-written "federated extension" for the static site. It has no plugins: the page only
// calls its init(shareScope) before any plugin activates, and that is all it needs.
//
// 1. Stand-ins for @jupyterlab/pluginmanager and @jupyterlab/statedb. The Pyodide kernel
//    extension (0.7.x) bundles @jupyterlite/apputils, whose module body extends classes from
//    those two packages; Voici's page (0.10.0) does not share them, so without stand-ins the
//    kernel extension fails to load ("No kernel available", voici issue #178). The kernel never
//    instantiates those classes, so empty classes do. Retest on every upgrade of either side.
// 2. The page's query string for the kernel. The kernel runs in a Web Worker and never sees the
//    page's URL; the notebooks read QUERY_STRING as under Voila, so it goes into the worker's
//    environment through the kernel's loadPyodideOptions.env (read when that plugin activates).
(function () {
  "use strict";
  var KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel";
  var STAND_INS = ["@jupyterlab/pluginmanager", "@jupyterlab/statedb"];

  function standIn() {
    var made = {};
    return new Proxy({ __esModule: true }, {
      get: function (target, key) {
        if (key in target) { return target[key]; }
        // Not a thenable (a Promise would try to chain it), not a symbol lookup.
        if (key === "then" || typeof key === "symbol") { return undefined; }
        if (!made[key]) { made[key] = class {}; }
        return made[key];
      },
    });
  }

  function newest(versions) {
    return Object.keys(versions).sort(function (a, b) {
      return a.localeCompare(b, undefined, { numeric: true });
    }).pop();
  }

  async function handOverQuery(scope) {
    var core = scope["@jupyterlab/coreutils"];
    if (!core) { console.warn("mainmerah-site: no @jupyterlab/coreutils to hand the query over"); return; }
    var PageConfig = (await core[newest(core)].get())().PageConfig;
    var settings = JSON.parse(PageConfig.getOption("litePluginSettings") || "{}");
    var kernel = settings[KERNEL] = settings[KERNEL] || {};
    var options = kernel.loadPyodideOptions = kernel.loadPyodideOptions || {};
    options.env = Object.assign({}, options.env, { QUERY_STRING: window.location.search.replace(/^\?/, "") });
    PageConfig.setOption("litePluginSettings", JSON.stringify(settings));
  }

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB["mainmerah-site"] = {
    init: async function (scope) {
      STAND_INS.forEach(function (name) {
        if (scope[name] && Object.keys(scope[name]).length) { return; }  // the page shares it: keep the real one
        var mod = standIn();
        scope[name] = { "4.5.7": { get: function () { return Promise.resolve(function () { return mod; }); },
          from: "mainmerah-site", eager: false, loaded: 1 } };
      });
      await handOverQuery(scope);
    },
    get: function (module) { return Promise.reject(new Error("mainmerah-site has no module " + module)); },
  };
})();

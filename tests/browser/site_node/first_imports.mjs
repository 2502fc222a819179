// The site's Python in node, as a first visit's kernel has it (Pyodide, the wheels' pack written): which of the
// modules the build leaves for later were imported with IPython's shell and the widgets, and whether an error's
// traceback is still formatted (IPython imports stack_data for it then). Run by tests/browser/test_static_site.py.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const dir = process.argv[2];
const boot = readFileSync(dir + "/mainmerah-boot.js", "utf8");
const head = JSON.parse(boot.split("\n")[0].replace(/^var MAINMERAH_BOOT = /, "").replace(/;$/, ""));
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const out = [];
const py = await loadPyodide({ indexURL: dir + "/", env: { HOME: "/home/pyodide" }, stdout: (l) => out.push(l), stderr: (l) => out.push(l) });
const packed = gunzipSync(readFileSync(dir + "/" + head.pack));
const size = new DataView(packed.buffer, packed.byteOffset).getUint32(0);
const list = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + size)));
let at = 4 + size;
for (const [path, length] of list) {
  if (length < 0) { py.FS.mkdirTree(path); continue; }
  py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  py.FS.writeFile(path, packed.subarray(at, at + length));
  at += length;
}
py.runPython(`
import importlib, sys
importlib.invalidate_caches()
import anywidget, ipywidgets
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
print("BEFORE", sorted(m for m in ("stack_data", "pydoc", "psygnal", "ipywidgets.widgets.widget_float") if m in sys.modules))
r = shell.run_cell("def f():\\n    return 1 / 0\\nf()")
print("ERROR", type(r.error_in_exec).__name__)
print("AFTER", sorted(m for m in ("stack_data", "pydoc") if m in sys.modules))
`);
console.log(out.join("\n"));

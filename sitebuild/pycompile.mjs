// Compile the Python modules of zips ahead of time with Pyodide's own Python (sitebuild/pycompile.py).
// Run by sitebuild/build.py:  node pycompile.mjs PYODIDE_DIR DIR IN OUT [IN OUT ...]
// PYODIDE_DIR: npm's pyodide package; DIR: the folder of the zips (IN, OUT: names in it).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [pyodideDir, dir, ...pairs] = process.argv.slice(2);
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.FS.mkdirTree("/zips");
py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/zips");
py.runPython(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "pycompile.py"), "utf8"));
const compiled = py.globals.get("compiled");
for (let i = 0; i < pairs.length; i += 2) {
  compiled("/zips/" + pairs[i], "/zips/" + pairs[i + 1]);
}

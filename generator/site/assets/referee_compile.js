// Tabula's referee board, at build time: Python's modules compiled to bytecode by Pyodide itself.
//
// Run by generator/site/referee.py under Node.js (which `make site` needs for npm anyway):
//   node referee_compile.js PYODIDE_FOLDER IN.zip OUT.zip [IN.zip OUT.zip ...]
// Each zip's .py files become .pyc files (unchecked hash-based bytecode, written by the same
// Pyodide release the page runs), everything else is copied as it is. In the browser Python
// then imports the ~200 modules of its start and the engine without compiling them from source
// at every visit, which was most of the start's time.

(async () => {
  "use strict";
  const path = require("node:path");
  const fs = require("node:fs");
  const { pathToFileURL } = require("node:url");
  const [folder, ...zips] = process.argv.slice(2);
  const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: folder + path.sep, stdout: () => {}, stderr: () => {} });
  const compile = pyodide.runPython(`
import importlib._bootstrap_external as external
import zipfile

def compile_zip(source, target):
    with zipfile.ZipFile(source) as found, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for item in found.infolist():
            data = found.read(item)
            name = item.filename
            if name.endswith(".py"):
                code = compile(data, name, "exec", dont_inherit=True)
                data = bytes(external._code_to_hash_pyc(code, b"\\0" * 8, checked=False))
                name += "c"
            out.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)

compile_zip
`);
  for (let i = 0; i + 1 < zips.length; i += 2) {
    pyodide.FS.writeFile("/tmp/in.zip", fs.readFileSync(zips[i]));
    compile("/tmp/in.zip", "/tmp/out.zip");
    fs.writeFileSync(zips[i + 1], pyodide.FS.readFile("/tmp/out.zip"));
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});

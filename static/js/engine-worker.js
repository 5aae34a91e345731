/* Scorekeeper's rules engine on the phone: a module web worker that runs the very Python
   folder scorekeeper/engine (the rules, each game's round entry and engine/phone.py) in
   Pyodide, so a round is checked, scored and explained without the server.
   Served by scorekeeper/web/engine_bundle.py, which fills in the two versioned URLs.

   Messages in: {id, language, request} where request is what phone.evaluate takes.
   Messages out: {id, answer} or {id, error}; the first answer also carries `timing`. */
import { loadPyodide } from "__PYODIDE_URL__pyodide.mjs";

const ROOT = "/engine";

async function boot() {
  const started = performance.now();
  const [pyodide, bundle] = await Promise.all([
    loadPyodide({ indexURL: "__PYODIDE_URL__" }),
    fetch("__BUNDLE_URL__").then(function (response) {
      if (!response.ok) throw new Error("engine bundle: HTTP " + response.status);
      return response.json();
    })
  ]);
  const loaded = performance.now();
  for (const [path, text] of Object.entries(bundle.files)) {
    const folder = (ROOT + "/" + path).replace(/\/[^/]*$/, "");
    pyodide.FS.mkdirTree(folder);
    pyodide.FS.writeFile(ROOT + "/" + path, text);
  }
  pyodide.FS.mkdirTree(ROOT + "/catalogs");
  for (const [language, encoded] of Object.entries(bundle.catalogs)) {
    const bytes = Uint8Array.from(atob(encoded), function (c) { return c.charCodeAt(0); });
    pyodide.FS.writeFile(ROOT + "/catalogs/" + language + ".mo", bytes);
  }
  pyodide.runPython("import sys\nsys.path.insert(0, '" + ROOT + "')");
  const phone = pyodide.pyimport("scorekeeper.engine.phone");
  // The games the server registered beyond the bundled modules' own (variants of them).
  phone.register_variants(JSON.stringify(bundle.variants || []));
  return {
    phone: phone,
    catalogs: bundle.catalogs,
    version: bundle.version,
    language: null,
    timing: {
      load_ms: Math.round(loaded - started),
      import_ms: Math.round(performance.now() - loaded),
      // The WebAssembly heap of the interpreter with the engine imported (for BENCHMARKS.md).
      heap_bytes: pyodide._module && pyodide._module.HEAPU8 ? pyodide._module.HEAPU8.length : null
    }
  };
}

// Booted as soon as the page starts the worker, not on the first question: loading Pyodide
// is what brings its files through the service worker into the phone's engine cache, so the
// phone can score offline later without anybody having asked it anything while online.
let engine = boot();
engine.then(function (ready) {
  self.postMessage({ ready: true, version: ready.version, timing: ready.timing });
  ready.timing = null;
}, function (error) {
  engine = null;  // asked again on the next message (the files may come back with the network)
  self.postMessage({ ready: false, error: String(error && error.message || error) });
});

self.addEventListener("message", async function (event) {
  const message = event.data || {};
  try {
    if (!engine) engine = boot();
    const ready = await engine;
    const language = Object.prototype.hasOwnProperty.call(ready.catalogs, message.language) ? message.language : "en";
    if (language !== ready.language) {
      ready.phone.use_language(language === "en" ? null : ROOT + "/catalogs/" + language + ".mo");
      ready.language = language;
    }
    const started = performance.now();
    const answer = message.request ? JSON.parse(ready.phone.evaluate(JSON.stringify(message.request))) : null;
    const reply = { id: message.id, answer: answer, version: ready.version, evaluate_ms: performance.now() - started };
    if (ready.timing) { reply.timing = ready.timing; ready.timing = null; }
    self.postMessage(reply);
  } catch (error) {
    engine = engine && (await engine.catch(function () { return null; })) ? engine : null;
    self.postMessage({ id: message.id, error: String(error && error.message || error) });
  }
});

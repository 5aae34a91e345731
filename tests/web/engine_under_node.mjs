// Runs the phone's engine worker (static/js/engine-worker.js as the server serves it, its
// URLs pointed at files) under Node: each line on stdin is a message to the worker, each
// message the worker posts is a line on stdout. Used by tests/web/test_phone_engine.py.
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [workerPath, bundlePath] = process.argv.slice(2);
const listeners = [];
globalThis.self = {
  addEventListener(type, listener) { if (type === "message") listeners.push(listener); },
  postMessage(message) { process.stdout.write(JSON.stringify(message) + "\n"); },
};
const networkFetch = globalThis.fetch;
globalThis.fetch = async (url, ...rest) =>
  url === "bundle.json" ? new Response(await readFile(bundlePath)) : networkFetch(url, ...rest);
await import(pathToFileURL(workerPath).href);
createInterface({ input: process.stdin }).on("line", (line) => {
  for (const listener of listeners) listener({ data: JSON.parse(line) });
});

// The phone's rules engine: the Pyodide worker (static/js/engine-worker.js), started when the page is quiet.

// The engine boots (seconds of a phone's CPU) once the player has left the match page alone
// this long (the server's ENGINE_IDLE_SECONDS), as while a hand is played: never in the
// page's first load, never under the player's taps, and not on a page only passed through.
var ENGINE_IDLE_MS = (function () {
  var meta = document.querySelector('meta[name="scorekeeper-engine"]');
  var given = meta ? parseInt(meta.getAttribute("data-idle-ms"), 10) : NaN;
  return given > 0 ? given : 8000;
})();

// The worker starts in the background once this phone has been here before.
var worker = null;
var failed = false;
var waiting = {};
var asked = 0;
export var timing = { started_at: null, first_answer_ms: null, worker: null };
function engineUrl() {
  var meta = document.querySelector('meta[name="scorekeeper-engine"]');
  return meta ? meta.content : null;
}
export function startEngine() {
  if (worker || failed || !window.Worker || !engineUrl()) return;
  timing.started_at = performance.now();
  try {
    worker = new Worker(engineUrl(), { type: "module" });
  } catch (e) { failed = true; return; }
  // The corner says the phone is getting ready (its files come and the engine boots, seconds
  // on a first visit), so the player knows to leave the page open until "Ready offline".
  engineState("starting");
  worker.addEventListener("message", function (event) {
    var reply = event.data;
    if (reply.timing) {
      timing.worker = reply.timing;
      timing.first_answer_ms = Math.round(performance.now() - timing.started_at);
    }
    if (reply.ready === true) {
      // Booted, so its files are in the service worker's engine cache: say so at the top,
      // once this page is kept too (an offline reload then finds it, not the offline page).
      pageKept.then(function () { engineState("ready"); });
      return;
    }
    if (reply.ready === false) {  // no files (offline before they were stored): asked again per round
      engineState(null);
      return;
    }
    var promise = waiting[reply.id];
    delete waiting[reply.id];
    if (!promise) return;
    if (reply.error) promise.reject(new Error(reply.error));
    else promise.resolve(reply.answer);
  });
  worker.addEventListener("error", function () {
    // The engine's files are not on this phone (never loaded) or failed: say so, queue plainly.
    failed = true;
    Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error("engine unavailable")); });
    waiting = {};
    worker = null;
    engineState(null);
  });
}
// The engine's state for the page (page.js says it in the corner): "starting", "ready" or none.
export function engineState(state) {
  var root = document.documentElement;
  if (state) root.dataset.engine = state;
  else delete root.dataset.engine;
  window.dispatchEvent(new Event("scorekeeper:engine"));
}
export function evaluate(request) {
  startEngine();
  if (!worker) return Promise.reject(new Error("engine unavailable"));
  return new Promise(function (resolve, reject) {
    asked += 1;
    waiting[asked] = { resolve: resolve, reject: reject };
    worker.postMessage({ id: asked, language: document.documentElement.lang || "en", request: request });
  });
}
export function engineUsable() { return !failed && !!engineUrl() && !!window.Worker; }
export function engineStarted() { return !!worker; }
// The engine's files could not be had offline; with the connection they can: tried again.
export function retryEngine() { if (!worker) failed = false; }

/* Calls back once the player has not touched the page for ENGINE_IDLE_MS while it is shown,
   and the service worker controls it (so the engine's files go into its cache). */
export function whenIdle(callback) {
  var timer = null;
  var events = ["pointerdown", "keydown", "input", "scroll"];
  function arm() {
    clearTimeout(timer);
    timer = setTimeout(fire, ENGINE_IDLE_MS);
  }
  function fire() {
    if (document.visibilityState === "hidden") { arm(); return; }
    events.forEach(function (name) { window.removeEventListener(name, arm, true); });
    controlled().then(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(callback, { timeout: 2000 });
      else callback();
    });
  }
  events.forEach(function (name) { window.addEventListener(name, arm, { capture: true, passive: true }); });
  arm();
}
function controlled() {
  var workers = navigator.serviceWorker;
  if (!workers || workers.controller) return Promise.resolve();
  return new Promise(function (resolve) {
    workers.addEventListener("controllerchange", function () { resolve(); }, { once: true });
    // No service worker will take this page (an old browser, a private window): boot anyway.
    workers.ready.then(function () { setTimeout(resolve, 1000); }, resolve);
    setTimeout(resolve, 10000);  // or none ever registers (blocked): boot without it
  });
}

// On a first visit the service worker registers during the page, so the page itself was
// not stored: an offline reload would find only the offline page. The worker is asked to
// fetch and keep it (asked through the page, a fetch would go past a worker that is not in
// charge of it, and one whose claim came while the page was arriving never takes charge).
// `pageKept` settles once the copy is kept (at once when the worker was in charge already).
var pageKept = Promise.resolve();
var KEEP_ANSWER_MS = 30000;  // a worker that never answers does not hold "Ready offline" back
export function keepThisPage() {
  var workers = navigator.serviceWorker;
  if (!workers || workers.controller || !navigator.onLine || !window.MessageChannel) return;
  pageKept = workers.ready.then(function (registration) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function () { resolve(); };
      registration.active.postMessage(keepRequest(), [channel.port2]);
      setTimeout(resolve, KEEP_ANSWER_MS);
    });
  }).catch(function () {});
}

function keepRequest() {
  var language = (navigator.languages && navigator.languages.length ? navigator.languages : [document.documentElement.lang || "en"]).join(",");
  return { keep: window.location.href.split("#")[0], language: language };
}
// A round saved in place (or sent from the queue) leaves the copy of this page the worker
// keeps for an offline reload one version behind, as no reload fetches it now: the worker
// fetches it again in the background.
export function keepPageFresh() {
  var workers = navigator.serviceWorker;
  if (workers && workers.controller && navigator.onLine) workers.controller.postMessage(keepRequest());
}

// Offline use on each page: this match's copy kept and its queue shown, the engine started when quiet, the queue sent on return.
/* The interface the browser tests (and a curious developer's console) use, window.ScorekeeperOffline:
   - check(form)        -> Promise of the engine's preview of the form's round:
                           {ok, message, notes, scores: [{name, score, explanation}], finishes, winners, input}
   - save(form)         -> Promise: records the form's round: posted at once when online with
                           nothing queued, else queued (keyed by match and round number, with its
                           Idempotency-Key) and shown as a provisional round; sent when online.
   - keepBids(form)     -> Promise: the bids kept on this phone with their round (no connection).
   - provisional(match) -> Promise of the rounds of a match saved on this phone, not yet sent:
                           [{match, number, key, input, form, status, refusal}]
   - evaluate(request)  -> Promise of the engine's answer (see scorekeeper/engine/phone.py).
   - flush()            -> Promise: the queued rounds sent now (when online).
   - timing             -> how long the engine took to start and answer first. */
import { keepBids, restoreDraft } from "./bids-kept.js";
import { engineStarted, engineState, engineUsable, evaluate, keepThisPage, retryEngine, startEngine, timing, whenIdle } from "./engine.js";
import { fetchMatch, here, roundForm, setHere } from "./here.js";
import { dropConnectionNotes } from "./needs-connection.js";
import { listMatches } from "./phone-matches.js";
import { check, liveCheck, refresh } from "./provisional.js";
import { flush } from "./queue.js";
import { save } from "./save.js";
import { queueOf, storedMatch } from "./store.js";

// A server that answered 5xx, or a connection that came back without an "online" event.
var RETRY_MS = 30000;

export function startOffline() {
  listMatches();
  var live = document.getElementById("live");
  if (live && live.dataset.liveMatch) {
    setHere({ id: live.dataset.liveMatch, match: null, queue: [] });
    var loaded = navigator.onLine ? fetchMatch(here.id) : Promise.resolve(null);
    loaded.then(function (match) {
      return match || storedMatch(here.id).then(function (record) { return record ? record.match : null; });
    }).then(function (match) {
      here.match = match;
      return queueOf(here.id);
    }).then(function (queue) {
      here.queue = queue;
      restoreDraft(roundForm());  // nothing queued: the page's round is the kept bids' round
      if (!navigator.onLine || queue.length) {
        startEngine();
        return refresh().then(function () {
          var form = roundForm();
          if (form) liveCheck(form);
        });
      }
    }).then(function () { flush(); }).catch(function () {});
    // From the first visit on, the engine loads in the background (the service worker keeps
    // its files), so the phone can score when the connection goes at any later moment. The
    // corner says so from the start: the engine waits for a quiet moment first, and a
    // blank corner for those seconds told an outside walk-through nothing was happening.
    if (roundForm() && engineUsable() && navigator.serviceWorker && !engineStarted()) engineState("starting");
    whenIdle(startEngine);
    keepThisPage();
  } else {
    flush();
  }
}

export function installOffline() {
  window.addEventListener("online", function () {
    retryEngine();
    dropConnectionNotes();
    flush();
  });
  setInterval(function () { if (navigator.onLine) flush(); }, RETRY_MS);
  window.addEventListener("offline", function () {
    if (!here) return;
    startEngine();
    var form = roundForm();
    if (form) liveCheck(form);
  });
  // Live sync replaced the page's blocks: the match moved on (another phone's round, say). The
  // phone's copy of it moves on too, once for the blocks of one change: a round entered after
  // the connection goes is numbered and scored from it (it was the next round of the match as
  // the page had opened). Queued rounds are shown again over the new blocks.
  var movedOn = null;
  document.addEventListener("htmx:oobAfterSwap", function () {
    if (!here || !navigator.onLine) return;
    clearTimeout(movedOn);
    movedOn = setTimeout(function () {
      fetchMatch(here.id).then(function (match) {
        if (match) here.match = match;
        if (here.queue && here.queue.length) return refresh();
      }).catch(function () {});
    }, 0);
  });

  window.ScorekeeperOffline = {
    check: check,
    save: save,
    keepBids: keepBids,
    provisional: queueOf,
    evaluate: evaluate,
    flush: flush,
    timing: timing
  };
}

// Sending the rounds saved on this phone: each match's in round order, exactly once.
import { renderConflict } from "./conflict.js";
import { keepPageFresh } from "./engine.js";
import { here, roundForm } from "./here.js";
import { refreshBlocks } from "./live.js";
import { renderPending } from "./sheet.js";
import { allQueued, dropQueued, putItems, queueOf } from "./store.js";

/* Coming back: each match's queue is sent in round order, exactly once (the server
   keeps each Idempotency-Key); a refused round stops its match's queue until a person chooses. */
function send(item) {
  if (item.input) {
    return fetch("/api/v1/matches/" + encodeURIComponent(item.match) + "/rounds?number=" + item.number, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "Idempotency-Key": item.key },
      body: JSON.stringify(item.input),
      credentials: "same-origin"
    }).then(function (response) {
      if (response.ok || response.status >= 500) return { status: response.status };
      return response.json().then(function (body) {
        return { status: response.status, code: body.error || "", message: body.message || ("HTTP " + response.status) };
      }, function () { return { status: response.status, code: "", message: "HTTP " + response.status }; });
    });
  }
  // Saved before the engine was on this phone: the server reads the form, as without JavaScript.
  // Without the version of the page it was typed on: the rounds queued before it moved the
  // match on, and its expected number already refuses it if another phone came first.
  var fields = Object.assign({}, item.form);
  delete fields.version;
  return fetch("/matches/" + encodeURIComponent(item.match) + "/rounds", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key },
    body: new URLSearchParams(fields).toString(),
    credentials: "same-origin"
  }).then(function (response) {
    if (response.ok || response.status >= 500) return { status: response.ok ? 201 : response.status };
    var text = response.headers.get("X-Scorekeeper-Error") || ("HTTP " + response.status);
    try { text = decodeURIComponent(text); } catch (e) { /* shown as it came */ }
    return { status: response.status, code: "", message: text };
  });
}
var flushing = null;
function flushAll() {
  var changed = {};
  return allQueued().then(function (items) {
    var byMatch = {};
    items.sort(function (a, b) { return a.number - b.number; }).forEach(function (item) {
      (byMatch[item.match] = byMatch[item.match] || []).push(item);
    });
    var matches = Object.keys(byMatch);
    function nextMatch() {
      var matchId = matches.shift();
      if (!matchId) return Promise.resolve();
      var queue = byMatch[matchId];
      function nextItem() {
        var item = queue.shift();
        if (!item || item.status !== "queued") return nextMatch();
        return send(item).then(function (result) {
          changed[matchId] = true;
          if (result.status >= 200 && result.status < 300) {
            return dropQueued(item).then(nextItem);
          }
          if (result.status >= 500) return nextMatch();  // the server is unwell: try later
          item.status = "refused";
          item.refusal = { status: result.status, code: result.code, message: result.message };
          return putItems([item]).then(nextMatch);
        });
      }
      return nextItem();
    }
    return nextMatch();
  }).catch(function () { /* the connection went again: the rest waits */ }).then(function () { return changed; });
}
export function flush() {
  if (!navigator.onLine) return Promise.resolve();
  if (flushing) return flushing;
  var run = navigator.locks ? navigator.locks.request("scorekeeper-offline-queue", flushAll) : flushAll();
  flushing = run.then(function (changed) {
    flushing = null;
    // This page's match moved on: the server's blocks in place of the provisional rounds it
    // now has (no reload: the engine booted for this visit stays), the next round's entry
    // too unless it is being typed. The rounds still queued are drawn over them again
    // (offline-page.js, on the swap).
    if (!here || !changed || !changed[here.id]) return;
    var form = roundForm();
    return queueOf(here.id).then(function (queue) {
      here.queue = queue;
      renderPending(queue);
      renderConflict(queue);
      return refreshBlocks(!(form && form.dataset.dirty)).then(keepPageFresh);
    });
  }, function () { flushing = null; });
  return flushing;
}


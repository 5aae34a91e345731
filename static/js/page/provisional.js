// The page with the rounds saved on this phone: the engine's answer for them drawn, and each round checked as it is typed.
import { restoreDraft } from "./bids-kept.js";
import { renderChart } from "./chart.js";
import { renderConflict } from "./conflict.js";
import { evaluate, engineUsable } from "./engine.js";
import { clearPreview, moveFormOn, moveFormPlain, renderPreview, saveButton, setBarState } from "./entry.js";
import { formValues, here, queuedForEngine, roundForm } from "./here.js";
import { t } from "./i18n.js";
import { showRound } from "./next-question.js";
import { renderLastRound, renderPending, renderRounds, renderTotals, showUncounted } from "./sheet.js";
import { changeMatch, queueOf, storedMatch } from "./store.js";

// Offline (or while rounds wait to be sent) the phone's engine answers instead of the server.
function usePhone() {
  return !navigator.onLine || (here && here.queue && here.queue.length > 0);
}

// What an engine answer was for: the server's match (its version), the queued rounds and
// the phone's language (the answer carries words).
export function answerKey(request) {
  return JSON.stringify([request.match.version, document.documentElement.lang || "en", request.queued]);
}
function storedAnswer(matchId, key) {
  return storedMatch(matchId).then(function (record) {
    return record && record.answer && record.answer_key === key ? record.answer : null;
  }, function () { return null; });
}
function keepAnswer(matchId, key, answer, version) {
  return changeMatch(matchId, function (record) {
    if (record.match.version !== version) return false;
    record.answer = answer;
    record.answer_key = key;
  });
}
// The queued rounds the page counts: those before a round the server refused. Until the
// player chooses what becomes of it, the refused round and the ones after it are shown
// apart (the conflict box), and the totals and sheet are the server's.
function counted(queue) {
  var refused = queue.findIndex(function (item) { return item.status === "refused"; });
  return refused < 0 ? queue : queue.slice(0, refused);
}
/* A refresh draws what the engine answered for the queue and the match it read. The engine
   takes seconds to boot after a reload, and meanwhile the queue may have been sent (queue.js)
   or the match moved on (live sync): an answer for a queue or match the page no longer holds
   would draw rounds already recorded as "not yet sent" over the server's blocks, for good.
   queue.js, save.js and every refresh put a fresh list in here.queue, live sync a fresh match
   in here.match: an answer is drawn only while both are the ones it was asked for. */
function stillHeld(queue, match) {
  return here && here.queue === queue && here.match === match;
}
// No engine to score the queued rounds: the form moves on to the next number, and the totals say they leave them out.
function withoutScores(form, queue) {
  if (form) moveFormPlain(form, queue);
  showUncounted(queue);
}
export function refresh() {
  if (!here) return Promise.resolve();
  var queue, match;
  function show(answer, items) {
    if (!stillHeld(queue, match)) return;
    here.answer = answer;
    renderTotals(answer);
    renderChart(answer);
    renderRounds(answer, items);
    renderLastRound(answer);
    var form = roundForm();
    if (form) {
      moveFormOn(form, answer);
      restoreDraft(form);  // the bids kept for this round, without waiting for the engine
    }
  }
  return queueOf(here.id).then(function (found) {
    queue = here.queue = found;
    match = here.match;
    renderPending(queue);
    renderConflict(queue);
    var form = roundForm();
    if (!queue.length && navigator.onLine) return;
    if (!here.match || !engineUsable()) {
      withoutScores(form, queue);
      return;
    }
    var items = counted(queue);
    var request = { match: here.match, queued: queuedForEngine(items), form: null };
    var asked = answerKey(request);
    // The engine takes seconds to boot after a reload: first the answer it gave last time
    // for this very match and queue (stored on the phone), so the queued rounds, totals
    // and round number are there at once; the engine's fresh answer then replaces it.
    return storedAnswer(here.id, asked).then(function (known) {
      if (known) show(known, items);
      return evaluate(request);
    }).then(function (answer) {
      // Stored before it is drawn: what a Save shows is on the phone, so a reload at once
      // shows it from the store, not after the seconds the engine takes to boot again.
      function draw() { show(answer, items); }
      return keepAnswer(here.id, asked, answer, request.match.version).then(draw, draw);
    }, function () {
      if (!stillHeld(queue, match)) return;
      renderPending(queue);
      withoutScores(form, queue);
    });
  });
}

/* A Save online: while the server is asked, the round is counted at once as the phone's
   booted engine scores it (the save bar showed it so), marked as being sent; the server's
   blocks then replace all of it (swapBlocks), or, refused, put the entries back: nothing is
   kept on the phone, so nothing counts twice. `cancel()` once the server has answered: an
   engine slower than the server draws nothing over its blocks. */
export function showSending(item) {
  var counted = countAtOnce();
  var shown = {
    cancelled: false,
    cancel: function () {
      shown.cancelled = true;
      // Not sent after all (no connection): the round is queued and drawn as such instead.
      counted.forEach(function (kept) { kept[0].textContent = kept[1]; });
      document.querySelectorAll(".sending").forEach(function (part) { part.classList.remove("sending"); });
    }
  };
  if (!here || !here.match || document.documentElement.dataset.engine !== "ready") return shown;
  var stored = here.match.rounds.length;
  // The phone's copy of the match is behind the page (another phone's round just came): wait for the server.
  if (stored + 1 !== item.number) return shown;
  evaluate({ match: here.match, queued: [{ form: item.form }], form: null }).then(function (answer) {
    if (shown.cancelled || answer.queue_error || answer.rounds.length !== stored + 1) return;
    renderTotals(answer);
    renderChart(answer);
    renderRounds(answer, [item]);
    renderLastRound(answer);
    // Being sent, not kept on this phone: none of the queue's words or buttons (Edit, Undo of a kept round).
    document.querySelectorAll("#rounds-card tbody[data-offline], #last-round").forEach(function (part) {
      part.classList.add("sending");
      part.querySelectorAll("[data-offline-edit], [data-offline-undo]").forEach(function (button) { button.remove(); });
      // "not yet sent": beside the sheet's round (.not-sent) and the last round's line (its only small).
      var said = part.querySelector(part.id === "last-round" ? "small" : ".not-sent");
      if (said) said.textContent = " · " + t("sending");
    });
    // In view at once, as the server's answer shows it: the scores, not the foot of the form.
    showRound();
  }).catch(function () { /* the server's answer shows it */ });
  return shown;
}

/* The scores the save bar shows for these very entries (the would-be scores, the server's
   or the engine's preview) added to the totals the moment Save is tapped: the new totals need
   no round trip to the engine or the server. Each side is found by its name; a table whose
   sides the preview does not all name is left to the answers. Returns [element, old text]
   for each total changed, put back by cancel(). */
function countAtOnce() {
  var scores = {};
  document.querySelectorAll("#preview table.would-be tr").forEach(function (row) {
    var name = row.querySelector("th");
    var score = row.querySelector("td.num");
    if (name && score) scores[name.textContent.trim()] = parseInt(score.textContent, 10) || 0;
  });
  var totals = document.querySelector("#scores ol.totals");
  var rows = totals ? Array.prototype.slice.call(totals.querySelectorAll("li.total")) : [];
  var named = rows.every(function (row) {
    var name = row.querySelector(".name");
    return name && Object.prototype.hasOwnProperty.call(scores, name.title) && row.querySelector(".points");
  });
  if (!rows.length || !named) return [];
  totals.classList.add("sending");
  return rows.map(function (row) {
    var points = row.querySelector(".points");
    var kept = [points, points.textContent];
    points.textContent = String((parseInt(points.textContent, 10) || 0) + scores[row.querySelector(".name").title]);
    return kept;
  });
}

export function check(form) {
  if (!here || !here.match) return Promise.reject(new Error("no match stored on this phone"));
  var editing = form.dataset.queuedEdit ? parseInt(form.dataset.queuedEdit, 10) : null;
  var queue = here.queue || [];
  var replace = null;
  if (editing !== null) {
    replace = queue.findIndex(function (item) { return item.number === editing; });
    if (replace < 0) replace = null;
  }
  return evaluate({ match: here.match, queued: queuedForEngine(queue), form: formValues(form), replace: replace }).then(function (answer) {
    return answer.check;
  });
}
var checkTimer = null;
export function liveCheck(form) {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(function () {
    if (!usePhone() || !here) return;
    if (!engineUsable() || !here.match) { withoutEngine(form); return; }
    // After a reload the engine boots again (seconds): say so rather than an old answer.
    if (document.documentElement.dataset.engine !== "ready" && form.dataset.dirty) setBarState("", t("engine_starting"));
    check(form).then(function (result) {
      // A form nobody has touched since it moved on reads as the server draws it: "Tap the
      // chips", not the list of everything still to enter.
      if (!form.dataset.dirty && result && !result.ok && result.code === "field_missing") clearPreview();
      else renderPreview(result);
    }, function () { withoutEngine(form); });
  }, 120);
}
// No engine on this phone (its files could not be stored, or it never came here online
// long enough): the bar says so and Save keeps the round for the server to check, instead
// of the server's last answer ("Still to enter: ...") under a Save that never lights up.
function withoutEngine(form) {
  if (!usePhone() || form.dataset.queuedEdit) return;
  clearPreview();
  setBarState("", t("engine_missing"));
  var save = saveButton(form);
  if (save) save.disabled = false;
}

export function installProvisional() {
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) liveCheck(form);
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) liveCheck(form);
  });
  // While the phone answers, the server's preview is not asked (it would not know the queued rounds).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail && event.detail.elt;
    if (source && source.matches && source.matches("form[data-round-form]") && usePhone()) event.preventDefault();
  });
}

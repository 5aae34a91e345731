// Edit and undo of a round saved on this phone, and the player's choice after the server refused one.
import { renderConflict, showKeepPreview } from "./conflict.js";
import { el, newKey } from "./dom.js";
import { evaluate } from "./engine.js";
import { applyWords, fill, renderPreview, setFormRound } from "./entry.js";
import { fetchMatch, here, queuedForEngine, roundForm } from "./here.js";
import { t } from "./i18n.js";
import { refresh } from "./provisional.js";
import { flush } from "./queue.js";
import { dropQueued, putItems } from "./store.js";

function editQueued(number) {
  var form = roundForm();
  var item = (here.queue || []).filter(function (queued) { return queued.number === number; })[0];
  if (!form || !item) return;
  form.dataset.queuedEdit = String(number);
  form.reset();
  var index = here.queue.indexOf(item);
  evaluate({ match: here.match, queued: queuedForEngine(here.queue), form: item.form, replace: index }).then(function (answer) {
    applyWords(form, answer.form_entry);
    fill(form, item.form);
    setFormRound(form, number, true);
    form.dispatchEvent(new Event("change", { bubbles: true }));
    renderPreview(answer.check);
    var entry = document.getElementById("entry");
    if (entry) { entry.hidden = false; entry.scrollIntoView({ block: "start" }); }
  }, function () {
    fill(form, item.form);
    setFormRound(form, number, true);
  });
}
function cancelEdit() {
  var form = roundForm();
  if (!form) return;
  delete form.dataset.queuedEdit;
  form.dataset.number = "";  // moved on to the next round again by refresh
  refresh();
}
function undoQueued(number) {
  var last = here.queue[here.queue.length - 1];
  if (!last || last.number !== number) return;
  dropQueued(last).then(function () {
    var form = roundForm();
    if (form) delete form.dataset.queuedEdit;
    return refresh();
  });
}
// The refused round and those after it take the numbers after the server's last round;
// each is a new attempt, with a new Idempotency-Key.
function renumber(queue, from, keep, holdFirst) {
  var next = here.match.rounds.length + 1;
  var moved = queue.filter(function (item) { return item.number >= from; });
  var kept = moved.filter(keep).map(function (item, index) {
    var copy = Object.assign({}, item, { number: next + index, key: newKey(), status: "queued", refusal: null });
    copy.form = Object.assign({}, item.form, { expected_number: String(next + index) });
    if (holdFirst && index === 0) copy.status = "held";
    return copy;
  });
  return putItems(kept, moved).then(function () { return kept; });
}
/* "Keep mine": the hands re-scored as the rounds they would become (another dealer or
   Bidder, other scores), shown before anything is recorded; recorded on confirmation. */
function previewKeep(refused) {
  var box = document.getElementById("offline-conflict");
  var row = box && box.querySelector(".row");
  if (row) row.replaceWith(el("p", "muted keep-working", t("keep_working")));
  var fetched = navigator.onLine ? fetchMatch(here.id) : Promise.resolve(null);
  return fetched.then(function (match) {
    if (match) here.match = match;
    var mine = here.queue.slice(here.queue.indexOf(refused));
    var base = here.match.rounds.length;
    return evaluate({ match: here.match, queued: queuedForEngine(mine), form: null, deals: true }).then(function (answer) {
      showKeepPreview(answer.rounds.filter(function (round) { return round.number > base; }), base + 1);
    });
  }).catch(function () { showKeepPreview(null, here.match.rounds.length + 1); });  // no engine: the server scores them
}

function choose(choice) {
  var refused = here.queue.filter(function (item) { return item.status === "refused"; })[0];
  if (!refused) return;
  if (choice === "keep") return previewKeep(refused);
  if (choice === "back") return renderConflict(here.queue);
  var fetched = navigator.onLine ? fetchMatch(here.id) : Promise.resolve(null);
  fetched.then(function (match) {
    if (match) here.match = match;
    var keep = choice === "drop" ? function (item) { return item !== refused; } : function () { return true; };
    return renumber(here.queue, refused.number, keep, choice === "edit");
  }).then(function (kept) {
    var form = roundForm();
    if (form) delete form.dataset.queuedEdit;
    if (choice === "edit") return refresh().then(function () { if (kept.length) editQueued(kept[0].number); });
    return flush().then(refresh);
  });
}

export function installQueueEdits() {
  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-offline-edit], [data-offline-undo], [data-offline-choice], #offline-cancel-edit");
    if (!target || !here) return;
    if (target.dataset.offlineEdit) editQueued(parseInt(target.dataset.offlineEdit, 10));
    else if (target.dataset.offlineUndo) undoQueued(parseInt(target.dataset.offlineUndo, 10));
    else if (target.dataset.offlineChoice) choose(target.dataset.offlineChoice);
    else cancelEdit();
  });
}

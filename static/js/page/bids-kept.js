// The bids of a round kept on this phone when "Save the bids" finds no connection.
import { el } from "./dom.js";
import { fill } from "./entry.js";
import { formValues, here } from "./here.js";
import { t } from "./i18n.js";
import { changeMatch, storedMatch } from "./store.js";

/* "Save the bids" without a connection would open the browser's error page: the bids
   stay on this phone with the round instead (kept across a reload), the tricks follow
   after the hand, and Save queues the whole round. */
export function keepBids(form) {
  var number = form.dataset.number;
  var values = formValues(form);
  var kept = here ? changeMatch(here.id, function (record) { record.draft = { number: number, values: values }; }) : Promise.resolve();
  return kept.then(function () { sayBidsKept(form, number); });
}
function sayBidsKept(form, number) {
  var note = document.getElementById("bids-kept");
  if (!note) {
    note = el("p", "bids-kept", "");
    note.id = "bids-kept";
    note.setAttribute("role", "status");
    var tricks = form.querySelector(".tricks, [id^='c-tricks']");
    form.insertBefore(note, tricks || form.firstChild);
  }
  note.textContent = t("bids_kept", { number: number });
  note.scrollIntoView({ block: "center", behavior: "smooth" });
}
// A reload (or a restart) with bids kept: back into the form, unless the round moved on.
export function restoreDraft(form) {
  if (!form || !here) return Promise.resolve();
  return storedMatch(here.id).then(function (record) {
    var draft = record && record.draft;
    if (!draft) return;
    if (parseInt(draft.number, 10) < parseInt(form.dataset.number, 10)) return dropDraft(here.id, draft.number);  // that round is in
    if (draft.number !== form.dataset.number || form.dataset.dirty) return;
    fill(form, draft.values);
    sayBidsKept(form, draft.number);
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }).catch(function () {});
}
// The kept bids go once their round is queued (not when another round is edited).
export function dropDraft(matchId, number) {
  return changeMatch(matchId, function (record) {
    if (!record.draft || String(record.draft.number) !== String(number)) return false;
    delete record.draft;
  });
}


// A round saved on this phone that the server refused (another phone came first): the box that asks what becomes of it.
import { el, signed } from "./dom.js";
import { here } from "./here.js";
import { t } from "./i18n.js";
import { sideNames } from "./sheet.js";

// Buttons [choice, words, class] answered by choose() (queue-edits.js).
export function choiceRow(choices) {
  var row = el("div", "row");
  choices.forEach(function (choice) {
    var button = el("button", choice[2], choice[1]);
    button.type = "button";
    button.dataset.offlineChoice = choice[0];
    row.appendChild(button);
  });
  return row;
}
// Another phone recorded the same round first (the server's match holds it): said so, with
// this phone's rounds that wait; any other refusal in the server's words.
function refusalWords(queue, refused) {
  if (!here || !here.match || here.match.rounds.length < refused.number) {
    return t("refused", { number: refused.number, message: refused.refusal.message });
  }
  var mine = queue.filter(function (item) { return item.number >= refused.number; });
  var last = mine.length ? mine[mine.length - 1].number : refused.number;
  return last > refused.number ? t("taken_many", { number: refused.number, last: last }) : t("taken_one", { number: refused.number });
}
export function renderConflict(queue) {
  var old = document.getElementById("offline-conflict");
  if (old) old.remove();
  var refused = queue.filter(function (item) { return item.status === "refused"; })[0];
  if (!refused) return;
  var next = here && here.match ? here.match.rounds.length + 1 : refused.number;
  var box = el("section", "card refusal-card");
  box.id = "offline-conflict";
  box.setAttribute("role", "alert");
  box.appendChild(el("p", "refusal", refusalWords(queue, refused)));
  box.appendChild(choiceRow([["keep", t("keep_mine", { number: next }), "primary"], ["drop", t("drop_mine"), "danger"], ["edit", t("edit_mine"), ""]]));
  var anchor = document.getElementById("entry-block") || document.getElementById("rounds-card");
  if (anchor) anchor.parentNode.insertBefore(box, anchor);
}
// "Keep mine": what the player's rounds would score as the rounds they would become.
export function showKeepPreview(rounds, first) {
  var box = document.getElementById("offline-conflict");
  if (!box) return;
  box.querySelectorAll(".row, .keep-working").forEach(function (old) { old.remove(); });
  box.appendChild(el("p", "", rounds ? t("keep_preview") : t("no_engine")));
  var list = el("ul", "keep-preview");
  var names = sideNames(here.match);
  (rounds || []).forEach(function (round) {
    var parts = names.map(function (name, index) { return name + " " + signed(round.scores[index]); });
    var deal = round.deal || t("round", { number: round.number }) + " · " + t("dealt", { name: round.dealer });
    list.appendChild(el("li", "", deal + " — " + parts.join(", ")));
  });
  box.appendChild(list);
  box.appendChild(choiceRow([["confirm-keep", t("record_mine", { number: first }), "primary"], ["back", t("cancel"), ""]]));
}

// The next question of a round comes into view as the last is answered, and the match opens at its scores.
import { checked } from "./dom.js";

/* Once a chip is tapped (or a count typed), the next part of the round still open is
   scrolled up above the save bar, so a round costs its taps and no swipe. Parts are the innermost boxes of chips or counts; hidden ones
   (not asked for this choice) and answered ones (a default, a count filled in) are skipped. */
var TALLEST_BAR = 124;
var PARTS = "fieldset.choices, fieldset.count, [data-count-item], .count-field, fieldset.honours";
function answerParts(form) {
  return Array.prototype.filter.call(form.querySelectorAll(PARTS), function (part) {
    return !part.querySelector(PARTS) && part.getClientRects().length > 0;
  });
}
// A chip with no value chosen ("not recorded", "Nobody") is a default the player may
// still change: that part is still brought up; a count filled in is not. So is a chip
// the page chose beforehand in a box marked data-chosen-before (Zwicker's 0 Zwicks).
function chosenBefore(part, chip) {
  return chip.defaultChecked && !!part.closest("[data-chosen-before]");
}
function answered(part) {
  // A box of chips that says another choice too (data-implies="style=6": the Pass) is
  // not asked once that other choice went another way.
  var implies = part.closest("[data-implies]");
  if (implies) {
    var said = implies.dataset.implies.split("=");
    var other = checked(part.closest("form"), said[0]);
    if (other && other !== said[1]) return true;
  }
  if (unfinished(part)) return false;
  var chip = part.querySelector("input[type=radio]:checked");
  // "more" (Zwicks) is answered by the count typed beside it.
  if (chip && chip.value === "more") chip = null;
  else if (chip) return chip.value !== "" && !chosenBefore(part, chip);
  var field = part.querySelector("input[type=number], input[type=text]");
  return !!field && field.value !== "";
}
// A part of several questions (Zwicker's honours, a row each) is left once all are answered.
function unfinished(part) {
  return Array.prototype.some.call(part.querySelectorAll("input[type=radio]"), function (chip) {
    return !part.querySelector('input[type=radio][name="' + chip.name + '"]:checked');
  });
}
// A part of several questions (Zwicker's honours, a row each) is tapped in any order: "the
// rest" last or first, then the few that went otherwise.
function severalQuestions(part) {
  var names = {};
  part.querySelectorAll("input[type=radio]").forEach(function (chip) { names[chip.name] = true; });
  return Object.keys(names).length > 1;
}
// How far below the screen's top a question is brought: under the notice that another phone
// recorded the round (#live-notice, sticky at the top while it waits for an answer), never
// behind it, where its chips could not be tapped.
function topGap() {
  var notice = document.getElementById("live-notice");
  if (!notice || notice.hidden || !notice.offsetHeight) return 8;
  return notice.offsetHeight + 16;  // stuck at 8 px from the top once the page moves under it
}
export function bringNextIntoView(form, from, keepFrom) {
  var parts = answerParts(form);
  var gap = topGap();
  var here = from.closest(PARTS);
  // The bar grows when the live check's answer comes (up to three lines beside Save):
  // room is kept for the tallest bar, not the one on screen at the tap.
  var bar = document.getElementById("save-bar");
  var floor = window.innerHeight - Math.max(bar ? bar.getBoundingClientRect().height : 0, TALLEST_BAR) - 8;
  // A tap in a part of several questions brings all of it up above the bar (as much as fits
  // below the row tapped), and it stays there: a question further down comes up only as far
  // as its top stays in view, so a change after "the rest" is still a tap, not a swipe back.
  // Never past the part's own top, where its "the rest" buttons are: a part taller than the
  // screen (Zwicker's honours, two teams of long names) kept the row tapped and lost them.
  var keepTop = Infinity;
  if (here && severalQuestions(here)) {
    var row = (from.closest("tr, .rest-to") || from).getBoundingClientRect();
    var part = here.getBoundingClientRect();
    var up = Math.min(part.bottom - floor, row.top - gap, part.top - gap);
    if (up > 0) window.scrollBy(0, up);
    keepTop = here.getBoundingClientRect().top - gap;
  }
  if (here && unfinished(here)) return;
  var after = parts.indexOf(here);
  var open = parts.slice(after + 1).filter(function (part) { return !answered(part); });
  var next = open[0];
  if (!next) {
    if (!parts.some(function (part) { return !answered(part); })) showScores(form, floor);
    return;
  }
  // Chips chosen beforehand come up together (each side's Zwicks): any of them may be the one to change.
  var group = next.closest("[data-chosen-before]");
  var last = group ? open.filter(function (part) { return group.contains(part); }).pop() : next;
  var box = next.getBoundingClientRect();
  var by = Math.min(last.getBoundingClientRect().bottom - floor, box.top - gap);  // all of it above the bar, its top still in view
  // The open parts after it come up with it, as many as fit above the bar: a choice further
  // down (Nameless's "Reneged" after "Went alone", the last seats' tricks) is in reach too,
  // not left under the bar for a swipe. Never at the cost of a part still open above the
  // tapped one (Nwik's stake, when the Acting Bidder's style is tapped first).
  var further = last;
  for (var i = open.indexOf(last) + 1; i < open.length; i++) {
    if (open[i].getBoundingClientRect().bottom - floor > box.top - gap) break;
    further = open[i];
  }
  var above = parts.slice(0, Math.max(after, 0)).filter(function (part) { return !answered(part); })[0];
  var room = above ? above.getBoundingClientRect().top - gap : Infinity;
  // The form's last question in reach: the live check's lines under it ("Tricks so far: 2
  // of 5", the dealer's call) come up with it, whole (they sat half under the bar at 360 px).
  var notes = further === parts[parts.length - 1] && form.querySelector("#preview .notes");
  if (notes) further = notes;
  by = Math.max(by, Math.min(further.getBoundingClientRect().bottom - floor, box.top - gap, room));
  // Chips chosen beforehand may be left as they are (most deals have no Zwicks): the first
  // question after them that must be answered comes up with them, as far as their heading
  // stays in view (Zwicker's honours under the Zwicks, once the cards are typed).
  var needed = group && open.filter(function (part) { return !group.contains(part); })[0];
  if (needed) {
    var heading = group.getBoundingClientRect().top - gap;
    by = Math.max(by, Math.min(needed.getBoundingClientRect().bottom - floor, heading, room));
  }
  by = Math.min(by, keepTop);
  // A count that may still be typed on (a digit more, a Backspace) stays in view with its
  // label: never typed blind into a field scrolled away above the screen.
  if (keepFrom && from === document.activeElement) {
    var field = from.closest(".count-field") || from;
    by = Math.min(by, field.getBoundingClientRect().top - gap);
  }
  if (by <= 0) return;
  // At once, not smoothly: chips gliding under a thumb already on its way to the next
  // one would be tapped wrong.
  window.scrollBy(0, by);
}
// The round is whole: what it would score comes up above the bar, each side's explanation
// with it (Zwicker's sat under the bar after the last honour), as far as the check's first
// line ("Cards captured: 55 of 55") stays in view. Asked again once the live check has
// drawn the scores (the tap's own answer comes before them).
function showScores(form, floor) {
  var scores = form.querySelector("#preview .would-be");
  if (!scores) return;
  var first = form.querySelector("#preview .notes") || scores;
  var by = Math.min(scores.getBoundingClientRect().bottom - floor, first.getBoundingClientRect().top - 8);
  if (by > 0) window.scrollBy(0, by);
}
var typedTimer = null;
var lastAnswer = null;  // {form, input, at, keep}: asked again once the live check has redrawn the form
// A finger (or key) already on its way to the next question: the page holds still, the
// re-scroll after a live check would move the chips under it and a tap would land on the
// chip beside the one aimed at.
var lastTouch = 0;

/* ---- the match opens (and a saved round shows) at the scores, and the round's first
   question that needs an answer is above the save bar: when the scores leave it under the
   bar, the page moves up just so far, keeping the saved round and its Undo (or the
   round's heading) in view. A choice with one chosen beforehand ("not recorded", Zwicks
   0) may be left as it is, so the question after it is the one brought up. */
function needsAnswer(part) {
  if (part.querySelector("input[type=radio]:checked")) return false;
  var field = part.querySelector("input[type=number]");
  return !field || field.value === "";
}
export function showRound() {
  var scores = document.getElementById("scores");
  if (!scores) return;
  scores.scrollIntoView();
  var form = document.querySelector("form[data-round-form]");
  var bar = document.getElementById("save-bar");
  if (!form || !bar || form.closest("[hidden]")) return;
  var first = answerParts(form).filter(needsAnswer)[0];
  if (!first) return;
  var row = (first.querySelector("label.chip, input:not([type=hidden])") || first).getBoundingClientRect();
  var floor = window.innerHeight - Math.max(bar.getBoundingClientRect().height, TALLEST_BAR) - 8;
  // A notice that another phone wrote first is read before anything is entered: it stays whole.
  // Once the bids are saved, the play view's head (with "Change the bids") is what stays in
  // view, not the round's heading above it: the hand's first question then fits beneath it.
  var play = document.querySelector("#play-view .play-head");
  var kept = document.getElementById("stale-notice") || play || document.getElementById("last-round") || document.getElementById("h-entry") || first;
  var by = Math.min(row.bottom - floor, kept.getBoundingClientRect().top - 8);
  if (by > 0) window.scrollBy(0, by);
}

// A tap that answered (a chip, or "the rest" button for all of a group): the next question
// comes up now, and again once the live check has answered (it may draw the scores).
export function answeredBy(form, input) {
  lastAnswer = { form: form, input: input, at: Date.now() };
  setTimeout(function () { bringNextIntoView(form, input); }, 0);  // after the last count is filled in
}
// The same control in a form the live check has drawn again.
function sameControl(form, control) {
  if (control.matches("button[data-rest-to]")) {
    return form.querySelector('button[data-rest-of="' + control.dataset.restOf + '"][data-rest-to="' + control.dataset.restTo + '"]');
  }
  return form.querySelector('input[name="' + control.name + '"][value="' + control.value + '"]');
}

export function installNextQuestion() {
  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form.round-form");
    if (!form || !event.isTrusted) return;
    // A box of toggles that asks for so many (data-picks="2": Doppelkopf's Re pair) is
    // answered once that many are on.
    var picks = input.type === "checkbox" && input.closest("[data-picks]");
    if (picks) {
      if (picks.querySelectorAll("input[type=checkbox]:checked").length === parseInt(picks.dataset.picks, 10)) answeredBy(form, input);
      return;
    }
    if (input.type !== "radio") return;
    // "more": the count is typed next, into the field the chip has just shown (the phone's
    // keyboard comes up with it); that field's digits bring the next question up.
    var more = input.value === "more" && input.closest("fieldset.with-more");
    var moreField = more && more.querySelector(".more-count input");
    if (moreField) { moreField.focus(); return; }
    answeredBy(form, input);
  });
  ["pointerdown", "touchstart", "keydown"].forEach(function (kind) {
    document.addEventListener(kind, function () { lastTouch = Date.now(); }, { capture: true, passive: true });
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!lastAnswer || Date.now() - lastAnswer.at > 3000) return;
    if (lastTouch > lastAnswer.at) return;
    // The check may have drawn the chips again (greyed ones, other heights): the same chip, anew.
    var input = lastAnswer.input;
    var form = document.body.contains(lastAnswer.form) ? lastAnswer.form : document.querySelector("form.round-form");
    if (form && !form.contains(input)) input = sameControl(form, input);
    if (form && input) bringNextIntoView(form, input, lastAnswer.keep);
  });
  document.addEventListener("input", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form.round-form");
    if (!form || !event.isTrusted || input.type !== "number" || input.value === "") return;
    clearTimeout(typedTimer);
    // At once when no digit more fits (31 of at most 56), else after a pause in the typing.
    var most = parseInt(input.max, 10);
    var complete = !isNaN(most) && parseInt(input.value, 10) * 10 > most;
    var typedAt = Date.now();
    typedTimer = setTimeout(function () {
      if (lastTouch > typedAt) return;  // the player has moved on by a tap of their own
      // Asked again once the live check has answered, as after a chip: the bar it draws may
      // be taller than the room kept for it (five long names' scores), over what came up.
      lastAnswer = { form: form, input: input, at: Date.now(), keep: !complete };
      bringNextIntoView(form, input, !complete);
    }, complete ? 0 : 600);
  });
  // A round saved on this phone without a connection (save.js) is shown as a saved one is.
  document.addEventListener("scorekeeper:saved", showRound);
}

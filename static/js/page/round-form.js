// The round form's own behaviour: steppers, parts shown per choice, counts that fill in the
// last one, choices that imply others, the live check's refusal placed and taps kept.
import { checked, emit } from "./dom.js";
import { answeredBy } from "./next-question.js";

/* ---- parts of a round form shown only for some choices (all shown without JS):
   data-shown-when="style=5 style=6&acting_style=5" reads "style 5, or style 6 with
   acting style 5". The game's template says when; this module knows no game. */

function showWhen(form) {
  form.querySelectorAll("[data-shown-when]").forEach(function (box) {
    box.hidden = !box.dataset.shownWhen.split(" ").some(function (alternative) {
      return alternative.split("&").every(function (test) {
        var parts = test.split("=");
        return checked(form, parts[0]) === parts[1];
      });
    });
  });
}

/* ---- counts that add up to a total (tricks, captured cards): when all but one are
   entered, the last one follows and is filled in; when those entered already make the
   total, every one still open is 0 (marked, and replaced if the others change). A count
   the player typed or tapped is theirs: never filled in (nor emptied) again, even once
   cleared with Backspace, so their next digit is not appended to a filled-in value. */
function itemValue(item) {
  var chip = item.querySelector("input[type=radio]:checked");
  if (chip) return chip.value;
  var field = item.querySelector("input[type=number]");
  return field ? field.value : "";
}
function setItem(item, value) {
  var field = item.querySelector("input[type=number]");
  if (field) { field.value = value; return true; }
  var chips = item.querySelectorAll("input[type=radio]");
  var found = false;
  chips.forEach(function (chip) {
    chip.checked = chip.value === value;
    if (chip.checked) found = true;
  });
  return found || value === "";
}
// A count the page filled in, not the player: marked, so it follows the others' changes.
function markFilledIn(item, filled) {
  if (filled) item.dataset.implied = "1";
  else delete item.dataset.implied;
  item.classList.toggle("implied", filled);
}
function fillTheRest(group, changed) {
  // A hidden count is not asked (who sits out this deal): it neither follows nor holds a share.
  var items = Array.prototype.filter.call(group.querySelectorAll("[data-count-item]"), function (item) {
    return !item.closest("[hidden]");
  });
  if (changed) {
    changed.dataset.typed = "1";
    markFilledIn(changed, false);
  }
  var total = parseInt(group.dataset.countTotal, 10);
  var open = [];
  var sum = 0;
  items.forEach(function (item) {
    var value = item.dataset.implied ? "" : itemValue(item);
    if (value === "" || isNaN(parseInt(value, 10))) open.push(item);
    else sum += parseInt(value, 10);
  });
  // What the counts still open hold: the one left, what the total leaves it; every one,
  // none, once the total is counted (the others took no trick, a tap each saved). Past the
  // total (a count typed past the deck) that is 0 too: the check then says the rule's sum
  // ("got 60"), not a count filled in from the first digit.
  var follows = !isNaN(total) && (open.length === 1 || sum === total) ? String(Math.max(total - sum, 0)) : null;
  items.forEach(function (item) {
    if (item.dataset.implied && follows === null) {
      setItem(item, "");
      markFilledIn(item, false);
    }
  });
  if (follows === null) return;
  open.forEach(function (item) {
    if (!item.dataset.typed && setItem(item, follows)) markFilledIn(item, true);
  });
}

/* ---- a choice that says another one too: data-implies="style=6" on a box of chips
   (Nwik's acting style means the Bidder passed) checks that chip when one of the box is
   tapped, and another value of that choice clears the box again. */
function applyImplied(form, changed) {
  form.querySelectorAll("[data-implies]").forEach(function (box) {
    box.dataset.implies.split(" ").forEach(function (pair) {
      var parts = pair.split("=");
      if (box.contains(changed)) {
        var chip = form.querySelector('input[type=radio][name="' + parts[0] + '"][value="' + parts[1] + '"]');
        if (chip) chip.checked = true;
      } else if (changed.name === parts[0] && changed.value !== parts[1]) {
        box.querySelectorAll("input[type=radio]:checked").forEach(function (chip) { chip.checked = false; });
      }
    });
  });
}
export function initForms(root) {
  root.querySelectorAll("form.round-form").forEach(showWhen);
}

/* ---- a refusal from the live check goes beside the field it is about */
function placeErrors() {
  document.querySelectorAll(".field-error.live").forEach(function (el) { el.remove(); });
  var refusal = document.querySelector("#preview .refusal[data-error-field]");
  if (!refusal || !refusal.dataset.errorField) return;
  var box = document.getElementById("c-" + refusal.dataset.errorField);
  if (!box) return;
  var note = document.createElement("p");
  note.className = "field-error live";
  note.textContent = refusal.firstChild ? refusal.firstChild.textContent : refusal.textContent;
  var legend = box.querySelector("legend, label");
  if (legend && legend.parentNode === box) legend.insertAdjacentElement("afterend", note);
  else box.insertBefore(note, box.firstChild);
}

/* ---- a live check answers for the form as it was sent. The chips it draws again (the
   Willi Stich dealer's call) must keep a tap made while it was on its way, or the tap
   is silently lost on a slow connection. */
var tapsBeforeSwap = null;
function dropAnswerForAGoneForm(event) {
  if (!event.currentTarget.isConnected) event.detail.shouldSwap = false;
}
function roundFormOf(event) {
  var elt = event.detail && event.detail.elt;
  return elt && elt.closest ? elt.closest("form.round-form") : null;
}

export function installRoundForm() {
  /* ---- steppers: -/+ buttons next to a number input */
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = document.getElementById(button.dataset.for);
    if (!input) return;
    var step = parseInt(button.dataset.step, 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value)) value = 0;
    value += step;
    var min = input.min === "" ? -Infinity : parseInt(input.min, 10);
    var max = input.max === "" ? Infinity : parseInt(input.max, 10);
    value = Math.max(min, Math.min(max, value));
    input.value = String(value);
    emit(input, "input");
    emit(input, "change");
  });
  // A form reset for the next round (entry.js) starts its counts afresh: none typed, none filled in.
  document.addEventListener("reset", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.round-form")) return;
    form.querySelectorAll("[data-count-item]").forEach(function (item) {
      delete item.dataset.typed;
      delete item.dataset.implied;
      item.classList.remove("implied");
    });
  });
  // Capture phase: the filled-in value is in the form before htmx sends it for checking.
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form.round-form");
    if (!form) return;
    var group = event.target.closest("[data-count-total]");
    if (group) fillTheRest(group, event.target.closest("[data-count-item]"));
    if (event.target.matches("input[type=radio]")) applyImplied(form, event.target);
    showWhen(form);
  }, true);
  document.addEventListener("input", function (event) {
    if (!event.target.matches || !event.target.matches("[data-count-item] input[type=number]")) return;
    var group = event.target.closest("[data-count-total]");
    if (group) fillTheRest(group, event.target.closest("[data-count-item]"));
  }, true);
  /* ---- "the rest to this side": every choice of a group still open gets this value */
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-rest-to]");
    if (!button) return;
    var form = button.closest("form");
    var names = {};
    form.querySelectorAll('input[type=radio][name^="' + button.dataset.restOf + '"]').forEach(function (chip) {
      names[chip.name] = true;
    });
    Object.keys(names).forEach(function (name) {
      if (checked(form, name)) return;
      var chip = form.querySelector('input[name="' + name + '"][value="' + button.dataset.restTo + '"]');
      if (chip) chip.checked = true;
    });
    emit(form, "change");
    // All of them answered in one tap: the next question comes up as after a chip.
    answeredBy(form, button);
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    placeErrors();
  });
  // A live check still on its way when its form is replaced (a Save in place, another
  // phone's round) answers for a round that is gone: its chips drawn again (the Skat bids)
  // would land in the new round's form, or find none and fail. Its swap is dropped. The
  // event fires on the old, detached form, which the document's listeners never hear: the
  // form listens itself, from its first check on (the one listener, added once however
  // often it is added).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = roundFormOf(event);
    if (form) form.addEventListener("htmx:beforeSwap", dropAnswerForAGoneForm);
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = roundFormOf(event);
    if (!form) return;
    tapsBeforeSwap = { form: form, chips: {} };
    form.querySelectorAll("input[type=radio]:checked").forEach(function (chip) {
      tapsBeforeSwap.chips[chip.name] = chip.value;
    });
  });
  // On afterSwap, not afterSettle: a request queued behind this one is sent as soon as the
  // swap is done, and must carry the restored tap.
  document.addEventListener("htmx:afterSwap", function (event) {
    var kept = tapsBeforeSwap;
    tapsBeforeSwap = null;
    if (!kept || roundFormOf(event) !== kept.form || !kept.form.isConnected) return;
    var restored = false;
    Object.keys(kept.chips).forEach(function (name) {
      if (checked(kept.form, name) === kept.chips[name]) return;
      // A call the answer now greys has no chip to tap: then the answer stands.
      var chip = kept.form.querySelector('input[type=radio][name="' + name + '"][value="' + kept.chips[name] + '"]:not(:disabled)');
      if (chip) { chip.checked = true; restored = true; }
    });
    if (restored) emit(kept.form, "change");
  });
}

// The round form without the server: moved on to the next round, worded by the engine, its check shown in the save bar.
import { el, newKey, signed } from "./dom.js";
import { here } from "./here.js";
import { t } from "./i18n.js";
import { endsWords } from "./sheet.js";

/* The form as the server renders it for a round, from the engine's words for that round. */
// A value that may not be chosen (a style already used), as _macros.html greyed_chip draws it.
function greyedChip(text, why) {
  var chip = el("details", "chip greyed");
  var summary = el("summary", "", "");
  summary.appendChild(el("span", "visually-hidden", t("not_available") + " "));
  summary.appendChild(document.createTextNode(text));
  chip.appendChild(summary);
  var note = el("p", "why-not", why);
  note.setAttribute("role", "note");
  chip.appendChild(note);
  return chip;
}
function setChoices(form, name, options, unavailable) {
  var first = form.querySelector('input[name="' + name + '"]');
  var chips = first && first.closest(".chips");
  if (!chips) return;
  var template = first.closest("label.chip").cloneNode(true);
  chips.textContent = "";
  options.forEach(function (option) {
    var why = (unavailable || {})[String(option[0])];
    if (why) { chips.appendChild(greyedChip(option[1], why)); return; }
    var chip = template.cloneNode(true);
    var input = chip.querySelector("input");
    input.value = option[0];
    input.checked = false;
    input.defaultChecked = false;
    chip.querySelector("span").textContent = option[1];
    chips.appendChild(chip);
  });
}
export function applyWords(form, entry) {
  if (!entry) return;
  var who = form.querySelector(".who");
  if (who && entry.who) who.innerHTML = entry.who;  // escaped by the engine (html.escape)
  var unavailable = entry.unavailable || {};
  Object.keys(entry.choices || {}).forEach(function (name) { setChoices(form, name, entry.choices[name], unavailable[name]); });
  Object.keys(entry.legends || {}).forEach(function (name) {
    var fieldset = name === "seats" ? form.querySelector("fieldset.seats")
      : name.charAt(0) === "#" ? form.querySelector(name)
      : (form.querySelector('input[name="' + name + '"]') || { closest: function () { return null; } }).closest("fieldset");
    var legend = fieldset && fieldset.querySelector("legend");
    if (legend) legend.textContent = entry.legends[name];
  });
  if (entry.max !== null && entry.max !== undefined) {
    form.querySelectorAll("fieldset.seats input[type=number]").forEach(function (input) { input.max = String(entry.max); });
    // Number chips (match.html's count_input): one chip per value 0..max, copied from the first.
    form.querySelectorAll("[data-count-item] .chips.nums").forEach(function (box) {
      var chips = box.querySelectorAll("label.chip:not(.word)");
      if (!chips.length) return;
      var first = chips[0];
      var name = first.querySelector("input").name;
      box.querySelectorAll("label.chip:not(.word), details.greyed").forEach(function (chip) { chip.remove(); });
      var before = box.firstChild;
      for (var value = 0; value <= entry.max; value++) {
        var why = (unavailable[name] || {})[String(value)];
        if (why) { box.insertBefore(greyedChip(String(value), why), before); continue; }
        var chip = first.cloneNode(true);
        var input = chip.querySelector("input");
        input.name = name;
        input.value = String(value);
        input.checked = false;
        chip.querySelector("span").textContent = String(value);
        box.insertBefore(chip, before);
      }
    });
  }
  // A seat's own parts (Skat's Ramsch points) are hidden while that player sits out.
  if (entry.seats_playing) {
    form.querySelectorAll("[data-seat]").forEach(function (part) {
      part.hidden = entry.seats_playing.indexOf(Number(part.dataset.seat)) < 0;
    });
  }
  // A part asked for other choices from round to round (a defender's "half", which is the
  // second defender's: at four, who that is changes with the seat out): its data-shown-when anew.
  Object.keys(entry.shown_when || {}).forEach(function (id) {
    var part = document.getElementById(id);
    if (part) part.dataset.shownWhen = entry.shown_when[id];
  });
  // Bids and calls are asked in the round's order (from the dealer's left), with its notes.
  var seats = form.querySelector("fieldset.seats");
  if (seats && entry.seat_order) {
    entry.seat_order.forEach(function (seat) {
      var item = Array.prototype.filter.call(seats.querySelectorAll("[data-count-item]"), function (part) {
        return new RegExp("_" + seat + "$").test(part.id);
      })[0];
      if (!item) return;
      seats.appendChild(item);
      var legend = item.querySelector("legend");
      var note = legend && legend.querySelector("small");
      if (note) note.remove();
      var says = (entry.seat_notes || {})[String(seat)];
      if (legend && says) legend.appendChild(el("small", "muted", " " + says));
    });
  }
}
export function fill(form, values) {
  Object.keys(values).forEach(function (name) {
    if (/^(csrf_token|version|expected_number|idempotency_key)$/.test(name)) return;
    form.querySelectorAll('[name="' + name + '"]').forEach(function (field) {
      if (field.type === "radio" || field.type === "checkbox") field.checked = field.value === values[name];
      else field.value = values[name];
    });
  });
}
export function saveButton(form) {
  return document.getElementById("save") || form.querySelector("button.save") || form.querySelector("button[type=submit]");
}
export function setFormRound(form, number, editing) {
  var kept = document.getElementById("bids-kept");  // the bids went with their round
  if (kept) kept.remove();
  var heading = document.getElementById("h-entry");
  if (heading) heading.textContent = editing ? t("edit_round", { number: number }) : t("round", { number: number });
  form.dataset.number = String(number);
  var numberInput = form.querySelector('input[name="expected_number"]');
  if (numberInput) numberInput.value = String(number);
  var save = saveButton(form);
  if (save) save.textContent = editing ? t("save_changes", { number: number }) : t("save_round", { number: number });
  // "Save the bids" belongs to the next round's two steps: its address moves on with the
  // number, and it is not offered while a queued round is edited as a whole.
  var bids = document.getElementById("save-bids");
  if (bids) {
    bids.hidden = !!editing;
    bids.setAttribute("formaction", bids.getAttribute("formaction").replace(/\/rounds\/\d+\/bidding$/, "/rounds/" + number + "/bidding"));
  }
  var cancel = document.getElementById("offline-cancel-edit");
  if (editing && !cancel && save) {
    cancel = el("button", "", t("cancel"));
    cancel.type = "button";
    cancel.id = "offline-cancel-edit";
    save.parentNode.insertBefore(cancel, save.nextSibling);
  } else if (!editing && cancel) cancel.remove();
}
export function moveFormOn(form, answer) {
  var entry = document.getElementById("entry");
  if (answer.finished) { if (entry) entry.hidden = true; return; }
  if (entry) entry.hidden = false;
  if (form.dataset.queuedEdit) return;  // a queued round is being edited: leave it be
  var number = answer.next.round;
  if (form.dataset.number === String(number)) return;  // still this round: keep what is typed
  form.reset();
  applyWords(form, answer.entry);
  var keyInput = form.querySelector('input[name="idempotency_key"]');
  if (keyInput) keyInput.value = newKey();
  setFormRound(form, number, false);
  clearPreview();
  form.dispatchEvent(new Event("change", { bubbles: true }));
  delete form.dataset.dirty;  // after the event: "dirty" means a person typed since
}
// Without the engine (never loaded on this phone) the form still moves on to the next number.
export function moveFormPlain(form, queue) {
  if (!queue.length) return;
  var number = here.match ? here.match.rounds.length + queue.length + 1 : queue[queue.length - 1].number + 1;
  if (form.dataset.number === String(number)) return;
  form.reset();
  var key = form.querySelector('input[name="idempotency_key"]');
  if (key) key.value = newKey();
  setFormRound(form, number, false);
  // Who deals it (and bids) is the engine's to say: the page's lines and questions named the
  // last round's players. The questions are asked of no one by name, and the line says the
  // phone cannot tell whose turn it is, rather than nothing (or the wrong player).
  var next = document.querySelector("#scores .next");
  if (next) next.hidden = true;
  var who = form.querySelector(".who");
  if (who) who.textContent = t("turn_unchecked");
  form.querySelectorAll("legend[data-plain]").forEach(function (legend) { legend.textContent = legend.dataset.plain; });
  form.dispatchEvent(new Event("change", { bubbles: true }));  // the bar: checked by the server later
  delete form.dataset.dirty;
}

// The last round's preview goes with it; the new round's check follows at once.
export function clearPreview() {
  var preview = document.getElementById("preview");
  var save = document.getElementById("save");
  if (!preview || !save) return;
  // Save sits in the page's save bar (match.html) when there is one: the bar stays.
  var keep = document.getElementById("save-bar") || save;
  Array.prototype.slice.call(preview.children).forEach(function (child) {
    if (child !== keep && child.id !== "offline-cancel-edit") child.remove();
  });
  save.disabled = true;
  setBarState("", t("tap_chips"));
}
// The save bar's state line, as match.html draws it online: each side's would-be score
// (good), what is still to enter (not red: nothing is wrong yet), or the refusal with the
// "why?" of its rule (bad; the form names each code's rule in data-rule-links).
function ruleLink(code) {
  var form = document.querySelector("form[data-rule-links]");
  var links = {};
  try { links = form ? JSON.parse(form.dataset.ruleLinks) : {}; } catch (e) { links = {}; }
  if (!Object.prototype.hasOwnProperty.call(links, code)) return null;
  var link = el("a", "rule-link", t("why"));
  link.href = links[code];
  return link;
}
export function setBarState(kind, text, scores, code, play) {
  var bar = document.getElementById("bar-state");
  if (!bar) return;
  bar.className = "bar-state" + (kind ? " " + kind : "");
  bar.textContent = "";
  if (!scores) {
    bar.textContent = text;
    var why = code ? ruleLink(code) : null;
    if (why) { bar.appendChild(document.createTextNode(" ")); bar.appendChild(why); }
    return;
  }
  // What the round is played for (Skat's game and value), as the server's bar says it.
  if (play) { bar.appendChild(el("span", "bar-play", play + ":")); bar.appendChild(document.createTextNode(" ")); }
  scores.forEach(function (side) {
    var part = el("span", "bar-score", side.name + " ");
    part.appendChild(el("b", "num", signed(side.score)));
    bar.appendChild(part);
  });
}
export function renderPreview(result) {
  var preview = document.getElementById("preview");
  var save = document.getElementById("save");
  if (!preview || !save || !result) return;
  clearPreview();
  var parts = [];
  if (result.notes && result.notes.length) {
    var notes = el("ul", "notes");
    result.notes.forEach(function (note) { notes.appendChild(el("li", "", note)); });
    parts.push(notes);
  }
  var missing = !result.ok && result.code === "field_missing";
  if (missing) {
    setBarState("", result.message);
  } else if (!result.ok) {
    var refusal = el("p", "refusal", result.message);
    refusal.setAttribute("role", "alert");
    parts.push(refusal);
    setBarState("bad", result.message, null, result.code);
  } else {
    setBarState("good", "", result.scores, null, result.play);
    var table = el("table", "would-be");
    table.appendChild(el("caption", "", t("would_score")));
    result.scores.forEach(function (side) {
      var row = el("tr");
      var name = el("th", "", side.name);
      name.scope = "row";
      row.appendChild(name);
      row.appendChild(el("td", "num", signed(side.score)));
      row.appendChild(el("td", "muted small", side.explanation));
      table.appendChild(row);
    });
    parts.push(table);
    if (result.finishes) parts.push(el("p", "ok", endsWords(result.winners)));
  }
  var anchor = document.getElementById("save-bar") || save;
  parts.forEach(function (part) { preview.insertBefore(part, anchor); });
  save.disabled = !result.ok;
}


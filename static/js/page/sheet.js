// The match page drawn with the rounds saved on this phone: totals, banner, last round, sheet, pending list.
import { el, signed } from "./dom.js";
import { engineUsable } from "./engine.js";
import { here } from "./here.js";
import { t } from "./i18n.js";

export function renderTotals(answer) {
  var board = document.getElementById("scores");
  if (board) board.classList.remove("uncounted");
  var rows = document.querySelectorAll("#scores ol.totals li.total");
  answer.board.forEach(function (side, index) {
    var row = rows[index];
    if (!row) return;
    var points = row.querySelector(".points");
    if (points) points.textContent = String(side.total);
    var fill = row.querySelector(".fill");
    if (fill && side.percent !== null) fill.style.width = side.percent + "%";
    var note = row.querySelector(".board-note");
    if (note && side.note) {
      note.textContent = side.note.text;
      note.classList.toggle("note-warning", !!side.note.warning);
      note.classList.toggle("muted", !side.note.warning);
    }
    row.classList.toggle("winner", !!side.winner);
    leadMark(row, !!side.leader);
  });
  var progress = document.getElementById("match-progress");
  if (progress && answer.progress) progress.textContent = answer.progress;
  if (answer.usage) {
    document.querySelectorAll("table.usage tbody tr").forEach(function (row, seat) {
      var cells = row.querySelectorAll("td");
      (answer.usage[seat] || []).forEach(function (cell, index) {
        var td = cells[index];
        if (!td) return;
        // A grid of used and free (Nwik's styles) marks them; plain counts (Skat's list) have no mark.
        if ("used" in cell) {
          td.classList.toggle("used", cell.used);
          td.classList.toggle("free", !cell.used);
          td.title = cell.title;
        }
        td.textContent = "";
        td.appendChild(cell.used ? el("s", "", cell.text) : document.createTextNode(cell.text));
      });
    });
  }
  var next = document.querySelector("#scores .next");
  if (next) {
    next.textContent = answer.next_info || "";
    next.hidden = !answer.next_info;
  }
  var banner = document.getElementById("winner-banner");
  if (answer.finished && !banner) {
    banner = el("div", "banner", winnerWords(answer.winners));
    banner.id = "winner-banner";
    banner.setAttribute("role", "status");
    banner.dataset.offline = "1";
    var heading = document.getElementById("h-match");
    if (heading) heading.parentNode.insertBefore(banner, heading.nextSibling);
  } else if (!answer.finished && banner && banner.dataset.offline) {
    banner.remove();
  }
}
// The lead mark before a side's name, as _macros.html totals_list draws it (the rule: MatchState.leaders).
function leadMark(row, leads) {
  row.classList.toggle("leader", leads);
  var name = row.querySelector(".name");
  var mark = name && name.querySelector(".lead-mark");
  if (!name || !!mark === leads) return;
  if (!leads) {
    mark.remove();
    var hidden = name.querySelector(".visually-hidden");
    if (hidden) hidden.remove();
    return;
  }
  mark = el("span", "lead-mark", "▲ ");
  mark.setAttribute("aria-hidden", "true");
  name.insertBefore(el("span", "visually-hidden", t("leads") + " "), name.firstChild);
  name.insertBefore(mark, name.firstChild);
}
// Each side's players, as the server names the sides ("Ann & Cid").
export function sideNames(match) {
  return match.sides.map(function (side) {
    return side.map(function (seat) { return match.players[seat].name; }).join(" & ");
  });
}
// The last round's line at the top, with its Undo: the last queued round while there is one.
export function renderLastRound(answer) {
  var last = answer.rounds[answer.rounds.length - 1];
  if (!last || !last.provisional || !here.match) return;  // the server's line stands
  var line = document.getElementById("last-round");
  if (!line) {
    var next = document.querySelector("#scores .next");
    if (!next) return;
    line = el("div", "last-round");
    line.id = "last-round";
    next.parentNode.insertBefore(line, next);
  }
  line.textContent = "";
  var said = el("p");
  said.appendChild(el("b", "", t("round", { number: last.number })));
  said.appendChild(el("small", "muted", " · " + t("not_sent")));
  sideNames(here.match).forEach(function (name, index) {
    said.appendChild(document.createTextNode(" "));
    var part = el("span", "bar-score", name + " ");
    part.appendChild(el("b", "num", signed(last.scores[index])));
    said.appendChild(part);
  });
  line.appendChild(said);
  var undo = el("button", "button small", t("undo"));
  undo.type = "button";
  undo.dataset.offlineUndo = String(last.number);
  undo.setAttribute("aria-label", t("undo") + " " + t("round", { number: last.number }));
  line.appendChild(undo);
}
// The verb agrees with how many win: one player, or a team or a shared win.
export function endsWords(winners) {
  if (winners.length === 1 && winners[0].indexOf(" & ") === -1) return t("ends_match_one", { name: winners[0] });
  return t("ends_match", { names: winners.join(t("and")) });
}
function winnerWords(winners) {
  if (winners.length > 1) return t("shared_win", { names: winners.join(t("and")) });
  if (winners.length && winners[0].indexOf(" & ") !== -1) return t("team_wins", { names: winners[0] });
  return t("wins", { name: winners.join(t("and")) });
}

// The sheet's table, in the frame the server renders even before the first round (hidden
// until a round is shown: _sheet.html sheet_frame); shown (`show`) or hidden again when this
// phone's rounds were all it held.
function roundsTable(show) {
  var card = document.getElementById("rounds-card");
  var table = card && card.querySelector("table.rounds");
  if (!table) return null;
  var box = table.closest(".sheet-box");
  var empty = card.querySelector("p.muted");
  if (box && box.hidden && show) {
    box.hidden = false;
    box.dataset.offline = "1";
    if (empty) empty.hidden = true;
  } else if (box && box.dataset.offline && !show && !table.tBodies.length) {
    box.hidden = true;
    delete box.dataset.offline;
    if (empty) empty.hidden = false;
  }
  return table;
}
// Each round as the server draws it (_sheet.html round_row): a line with its number (the
// mark of its explanation), who led it, what it was played for, a score over its running
// total per side; under it the explanation's line, open for a round not yet sent (its
// Edit and Undo are there).
export function renderRounds(answer, queue) {
  document.querySelectorAll("table.rounds tbody[data-offline]").forEach(function (group) { group.remove(); });
  var shown = 0;
  document.querySelectorAll("table.rounds tbody[id^=round-]").forEach(function (group) {
    shown = Math.max(shown, parseInt(group.id.slice(6), 10) || 0);
  });
  var extra = answer.rounds.filter(function (round) { return round.number > shown; });
  var table = roundsTable(extra.length > 0);
  if (!table || !extra.length) return;
  var columns = table.tHead ? table.tHead.rows[0].cells.length : 1;
  var hasPlay = !!table.querySelector("thead th.play");
  var running = answer.rounds[0] ? answer.rounds[0].scores.map(function () { return 0; }) : [];
  answer.rounds.forEach(function (round) {
    running = running.map(function (total, side) { return total + round.scores[side]; });
    if (round.number <= shown) return;
    var item = round.provisional ? queue[round.number - here.match.rounds.length - 1] : null;
    var group = el("tbody", round.provisional ? "provisional open" : "");
    group.id = "round-" + round.number;
    group.dataset.offline = "1";
    group.appendChild(roundRow(round, running, hasPlay));
    group.appendChild(whyRow(round, columns, item, item && item === queue[queue.length - 1]));
    table.appendChild(group);  // after the server's rounds: oldest first, as a paper pad
  });
}
// The round's line: its mark, who led it, what it was played for, a score over its total per side.
function roundRow(round, totals, hasPlay) {
  var row = el("tr", "round-row");
  var th = el("th", "n");
  th.scope = "row";
  var mark = el("a", "why-mark");
  mark.href = "#round-" + round.number;
  mark.setAttribute("aria-controls", "why-" + round.number);
  mark.appendChild(el("span", "visually-hidden", t("round", { number: round.number })));
  mark.appendChild(el("span", "number", String(round.number))).setAttribute("aria-hidden", "true");
  mark.appendChild(el("span", "mark")).setAttribute("aria-hidden", "true");
  th.appendChild(mark);
  row.appendChild(th);
  row.appendChild(leadCell(round));
  if (hasPlay) row.appendChild(el("td", "play", round.play || ""));
  round.scores.forEach(function (score, side) {
    var td = el("td", "side");
    td.appendChild(el("b", "num", signed(score)));
    td.appendChild(document.createTextNode(" "));
    td.appendChild(el("span", "run num", String(totals[side])));
    row.appendChild(td);
  });
  return row;
}
// Who led the round, short as the server's sheet writes it; a Pass as "Anna → Ben", said in words for a screen reader.
function leadCell(round) {
  var lead = el("td", round.passer ? "lead passed" : "lead");
  lead.title = round.passed || round.lead;
  var shown = el("span", "", round.passer ? "" : round.lead_short);
  shown.setAttribute("aria-hidden", "true");
  if (round.passer) {
    shown.appendChild(el("span", "passer", round.passer + "\u00a0→"));
    shown.appendChild(document.createTextNode(" " + round.lead_short));
  }
  lead.appendChild(shown);
  lead.appendChild(el("span", "visually-hidden", round.passed || round.lead));
  return lead;
}
// The explanation's line: who dealt, not yet sent, the queued round's Edit (and Undo for
// the last one), each side's score and its explanation.
function whyRow(round, columns, item, last) {
  var why = el("tr", "round-why");
  why.id = "why-" + round.number;
  var cell = el("td");
  cell.colSpan = columns;
  var head = el("p", "why-head");
  var said = el("span");
  said.appendChild(el("b", "", t("round", { number: round.number })));
  said.appendChild(document.createTextNode(" "));
  said.appendChild(el("small", "muted dealt", t("dealt", { name: round.dealer })));
  if (round.provisional) said.appendChild(el("small", "not-sent", " · " + t("not_sent")));
  head.appendChild(said);
  if (item) {
    var actions = el("span", "row");
    var edit = el("button", "button small", t("edit"));
    edit.type = "button";
    edit.dataset.offlineEdit = String(item.number);
    edit.setAttribute("aria-label", t("edit_round", { number: item.number }));
    actions.appendChild(edit);
    if (last) {
      var undo = el("button", "button small danger", t("undo"));
      undo.type = "button";
      undo.dataset.offlineUndo = String(item.number);
      actions.appendChild(undo);
    }
    head.appendChild(actions);
  }
  cell.appendChild(head);
  var names = here.match ? sideNames(here.match) : [];
  var list = el("ul", "why-list");
  round.scores.forEach(function (score, side) {
    var line = el("li", "why-side");
    line.appendChild(el("b", "why-who", (names[side] || "") + ":"));
    line.appendChild(document.createTextNode(" "));
    line.appendChild(el("b", "num", signed(score)));
    line.appendChild(el("small", "why", round.explanation[side]));
    list.appendChild(line);
  });
  cell.appendChild(list);
  why.appendChild(cell);
  return why;
}

// A tap on a round's line (its mark or anywhere on it) opens its explanation under it, or
// shuts it; in place, without the jump of following the mark's link. Delegated: live sync
// swaps the sheet in anew.
function toggleRound(event) {
  if (event.defaultPrevented || event.button > 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  var row = event.target.closest && event.target.closest("table.sheet tr.round-row");
  if (!row) return;
  var group = row.parentNode;
  var targeted = location.hash === "#" + group.id;
  var open = group.classList.contains("open") || (targeted && !group.classList.contains("shut"));
  group.classList.toggle("open", !open);
  group.classList.toggle("shut", open);
  var mark = row.querySelector("a.why-mark");
  if (mark) mark.setAttribute("aria-expanded", String(!open));
  event.preventDefault();
}
document.addEventListener("click", toggleRound);
// Live sync swaps the sheet in anew (the rounds card's hx-swap-oob): the rounds open before
// stay open, the newly recorded one under them. Once settled: htmx's settling puts back the
// new elements' own classes, after the swap.
var openRounds = [];
document.addEventListener("htmx:oobBeforeSwap", function (event) {
  var target = event.detail && event.detail.target;
  if (!target || target.id !== "rounds-card") return;
  openRounds = Array.prototype.map.call(target.querySelectorAll("table.sheet tbody.open"), function (group) { return group.id; });
});
document.addEventListener("htmx:afterSettle", function () {
  openRounds.forEach(function (id) {
    var group = document.getElementById(id);
    if (group) group.classList.add("open");
  });
  openRounds = [];
});

/* Without the engine the rounds saved on this phone are not scored here: the totals are the
   server's, from before them. Said where the rounds played are counted (and the totals
   greyed), not presented as the match's totals; the server's blocks replace it all once
   the rounds are sent (or the engine's answer, renderTotals). */
export function showUncounted(queue) {
  var board = document.getElementById("scores");
  var progress = document.getElementById("match-progress");
  if (!queue.length || !board) return;
  board.classList.add("uncounted");
  var first = queue[0].number, last = queue[queue.length - 1].number;
  if (progress) progress.textContent = first === last ? t("uncounted_one", { number: first }) : t("uncounted_many", { first: first, last: last });
}

export function renderPending(queue) {
  var box = document.getElementById("pending");
  if (!box) return;
  box.textContent = "";
  if (!queue.length) { box.hidden = true; return; }
  box.appendChild(el("strong", "", t("pending_title")));
  var list = el("ul");
  queue.forEach(function (item) {
    list.appendChild(el("li", "pending-round", t("pending_round", { number: item.number })));
  });
  box.appendChild(list);
  if (!engineUsable() || queue.some(function (item) { return !item.input; })) box.appendChild(el("p", "small", t("no_engine")));
  box.hidden = false;
}


// The match page drawn with the rounds saved on this phone: totals, banner, last round, sheet, pending list.
import { el, signed } from "./dom.js";
import { engineUsable } from "./engine.js";
import { here } from "./here.js";
import { t } from "./i18n.js";

export function renderTotals(answer) {
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
  });
  var progress = document.getElementById("match-progress");
  if (progress && answer.progress) progress.textContent = answer.progress;
  if (answer.usage) {
    document.querySelectorAll("table.usage tbody tr").forEach(function (row, seat) {
      var cells = row.querySelectorAll("td");
      (answer.usage[seat] || []).forEach(function (cell, index) {
        var td = cells[index];
        if (!td) return;
        td.classList.toggle("used", cell.used);
        td.classList.toggle("free", !cell.used);
        td.title = cell.title;
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

function roundsTable() {
  var card = document.getElementById("rounds-card");
  if (!card) return null;
  var table = card.querySelector("table.rounds");
  if (table) return table;
  // No round recorded yet: the same sheet the server renders (_macros.html rounds_table),
  // built from the totals' sides.
  var sides = document.querySelectorAll("#scores ol.totals li.total");
  var wrap = el("div", "sheet-box");
  wrap.dataset.offline = "1";
  table = el("table", "rounds sheet" + (sides.length > 2 ? " stacked" : "") + (sides.length > 4 ? " many" : ""));
  var head = el("tr");
  sides.forEach(function (side) {
    var th = el("th", "", side.querySelector(".name").textContent);
    th.scope = "col";
    th.style.setProperty("--side", side.style.getPropertyValue("--side"));
    head.appendChild(th);
  });
  table.appendChild(el("thead")).appendChild(head);
  wrap.appendChild(table);
  var empty = card.querySelector("p.muted");
  if (empty) empty.hidden = true;
  card.appendChild(wrap);
  return table;
}
// Each round as the server draws it: a line across the sheet (number, who dealt, not yet
// sent, its buttons) over a cell per side (the score and its explanation).
export function renderRounds(answer, queue) {
  document.querySelectorAll("table.rounds tbody[data-offline]").forEach(function (group) { group.remove(); });
  var shown = 0;
  document.querySelectorAll("table.rounds tbody[id^=round-]").forEach(function (group) {
    shown = Math.max(shown, parseInt(group.id.slice(6), 10) || 0);
  });
  var extra = answer.rounds.filter(function (round) { return round.number > shown; });
  if (!extra.length) return;
  var table = roundsTable();
  if (!table) return;
  var columns = table.tHead ? table.tHead.rows[0].cells.length : 1;
  var lastQueued = queue.length ? queue[queue.length - 1] : null;
  extra.forEach(function (round) {
    var item = round.provisional ? queue[round.number - here.match.rounds.length - 1] : null;
    var group = el("tbody", round.provisional ? "provisional" : "");
    group.id = "round-" + round.number;
    group.dataset.offline = "1";
    var th = el("th");
    th.scope = "rowgroup";
    th.colSpan = columns;
    var line = el("span", "round-line");
    var said = el("span", "round-said");
    said.appendChild(el("b", "", t("round", { number: round.number })));
    said.appendChild(document.createTextNode(" "));
    said.appendChild(el("small", "muted dealt", t("dealt", { name: round.dealer })));
    if (round.provisional) said.appendChild(el("small", "not-sent", " · " + t("not_sent")));
    line.appendChild(said);
    if (item) {
      var actions = el("span", "row");
      var edit = el("button", "button small", t("edit"));
      edit.type = "button";
      edit.dataset.offlineEdit = String(item.number);
      edit.setAttribute("aria-label", t("edit_round", { number: item.number }));
      actions.appendChild(edit);
      if (item === lastQueued) {
        var undo = el("button", "button small danger", t("undo"));
        undo.type = "button";
        undo.dataset.offlineUndo = String(item.number);
        actions.appendChild(undo);
      }
      line.appendChild(actions);
    }
    th.appendChild(line);
    group.appendChild(el("tr", "round-head")).appendChild(th);
    var cells = el("tr", "round-cells");
    round.scores.forEach(function (score, side) {
      var td = el("td");
      td.appendChild(el("b", "num", signed(score)));
      td.appendChild(el("small", "why", round.explanation[side]));
      cells.appendChild(td);
    });
    group.appendChild(cells);
    table.insertBefore(group, table.tBodies[0] || null);
  });
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


// The offline home: the matches this phone has stored, as the home page lists its matches.
import { el } from "./dom.js";
import { queuedForEngine } from "./here.js";
import { t } from "./i18n.js";
import { answerKey } from "./provisional.js";
import { sideNames } from "./sheet.js";
import { allMatches, allQueued } from "./store.js";

export function listMatches() {
  var box = document.getElementById("phone-matches");
  var list = document.getElementById("phone-match-list");
  if (!box || !list) return;
  Promise.all([allMatches(), allQueued()]).then(function (found) {
    var records = found[0].sort(function (a, b) { return b.stored_at - a.stored_at; });
    list.textContent = "";
    if (!records.length) list.appendChild(el("li", "muted", t("phone_none")));
    records.forEach(function (record) {
      var waiting = found[1].filter(function (item) { return item.match === record.id; })
        .sort(function (a, b) { return a.number - b.number; });
      var queued = waiting.length;
      // With the rounds waiting here: the engine's last answer for exactly these (else the server's).
      var answer = queued && record.answer && record.answer_key === answerKey({ match: record.match, queued: queuedForEngine(waiting) })
        ? record.answer : null;
      var li = el("li");
      var link = el("a", "match-link");
      link.href = "/matches/" + encodeURIComponent(record.id);
      link.appendChild(el("span", "game", record.title.replace(/ · Scorekeeper$/, "")));
      var sides = el("span", "sides");
      var match = record.match;
      sideNames(match).forEach(function (names, index) {
        var span = el("span", "side", names + " ");
        span.appendChild(el("b", "", String(answer ? answer.board[index].total : match.totals[index])));
        sides.appendChild(span);
      });
      link.appendChild(sides);
      var facts = t("phone_rounds", { number: match.rounds.length + queued });
      if (queued) facts += " · " + t("phone_queued", { number: queued });
      link.appendChild(el("span", "muted", facts));
      li.appendChild(link);
      list.appendChild(li);
    });
    box.hidden = false;
  }).catch(function () {});
}

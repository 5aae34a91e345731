/* Scorekeeper offline: the round form works without a connection, checked and scored by
   the phone's rules engine (static/js/engine-worker.js: the very Python package
   scorekeeper/games in Pyodide), queued in IndexedDB and sent in order, exactly once.

   The interface the entry form uses (window.ScorekeeperOffline):
   - check(form)        -> Promise of the engine's preview of the form's round:
                           {ok, message, notes, scores: [{name, score, explanation}], finishes, winners, input}
   - save(form)         -> Promise: records the form's round: posted at once when online with
                           nothing queued, else queued (keyed by match and round number, with its
                           Idempotency-Key) and shown as a provisional round; sent when online.
   - provisional(match) -> Promise of the rounds of a match saved on this phone, not yet sent:
                           [{match, number, key, input, form, status, refusal}]
   - evaluate(request)  -> Promise of the engine's answer (see scorekeeper/engine/phone.py).
   Words come from the page (<script type="application/json" id="offline-i18n">). */
(function () {
  "use strict";

  var DB_NAME = "scorekeeper-offline";
  // The engine boots (seconds of a phone's CPU) once the player has left the match page alone
  // this long (the server's ENGINE_IDLE_SECONDS), as while a hand is played: never in the
  // page's first load, never under the player's taps, and not on a page only passed through.
  var ENGINE_IDLE_MS = (function () {
    var meta = document.querySelector('meta[name="scorekeeper-engine"]');
    var given = meta ? parseInt(meta.getAttribute("data-idle-ms"), 10) : NaN;
    return given > 0 ? given : 8000;
  })();
  var RETRY_MS = 30000;

  var words = (function () {
    var block = document.getElementById("offline-i18n");
    try { return block ? JSON.parse(block.textContent) : {}; } catch (e) { return {}; }
  })();
  function t(key, vars) {
    var text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return vars && Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole;
    });
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + "-" + Math.random().toString(36).slice(2);
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function signed(score) { return score ? (score > 0 ? "+" + score : String(score)) : "0"; }

  /* ---- IndexedDB: "matches" (the match JSON as the server last served it) and "queue"
     (rounds saved on this phone, keyed by [match, number]: one round number holds one round). */
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () {
          var base = request.result;
          base.createObjectStore("matches", { keyPath: "id" });
          base.createObjectStore("queue", { keyPath: ["match", "number"] }).createIndex("match", "match");
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }
  function transact(stores, mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(stores, mode);
        var result;
        tx.oncomplete = function () { resolve(result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
        result = work(tx);
      });
    });
  }
  function requestValue(request, done) {
    request.onsuccess = function () { done(request.result); };
  }
  function queueOf(matchId) {
    var items = [];
    return transact(["queue"], "readonly", function (tx) {
      requestValue(tx.objectStore("queue").index("match").getAll(matchId), function (found) { items = found; });
    }).then(function () {
      return items.sort(function (a, b) { return a.number - b.number; });
    });
  }
  function allQueued() {
    var items = [];
    return transact(["queue"], "readonly", function (tx) {
      requestValue(tx.objectStore("queue").getAll(), function (found) { items = found; });
    }).then(function () { return items; });
  }
  function putItems(items, removed) {
    return transact(["queue"], "readwrite", function (tx) {
      var store = tx.objectStore("queue");
      (removed || []).forEach(function (item) { store.delete([item.match, item.number]); });
      items.forEach(function (item) { store.put(item); });
    });
  }
  function storedMatch(matchId) {
    var record = null;
    return transact(["matches"], "readonly", function (tx) {
      requestValue(tx.objectStore("matches").get(matchId), function (found) { record = found || null; });
    }).then(function () { return record; });
  }
  function storeMatch(record) {
    return transact(["matches"], "readwrite", function (tx) { tx.objectStore("matches").put(record); });
  }
  // The stored match changed by `change` (which returns false to leave it be), read and
  // written in one transaction: a newer copy stored meanwhile is never overwritten.
  function changeMatch(matchId, change) {
    return transact(["matches"], "readwrite", function (tx) {
      var store = tx.objectStore("matches");
      requestValue(store.get(matchId), function (record) {
        if (record && change(record) !== false) store.put(record);
      });
    }).catch(function () {});
  }
  function allMatches() {
    var records = [];
    return transact(["matches"], "readonly", function (tx) {
      requestValue(tx.objectStore("matches").getAll(), function (found) { records = found; });
    }).then(function () { return records; });
  }

  /* ---- the engine worker, started in the background once this phone has been here before */
  var worker = null;
  var failed = false;
  var waiting = {};
  var asked = 0;
  var timing = { started_at: null, first_answer_ms: null, worker: null };
  function engineUrl() {
    var meta = document.querySelector('meta[name="scorekeeper-engine"]');
    return meta ? meta.content : null;
  }
  function startEngine() {
    if (worker || failed || !window.Worker || !engineUrl()) return;
    timing.started_at = performance.now();
    try {
      worker = new Worker(engineUrl(), { type: "module" });
    } catch (e) { failed = true; return; }
    // The corner says the phone is getting ready (its files come and the engine boots, seconds
    // on a first visit), so the player knows to leave the page open until "Ready offline".
    engineState("starting");
    worker.addEventListener("message", function (event) {
      var reply = event.data;
      if (reply.timing) {
        timing.worker = reply.timing;
        timing.first_answer_ms = Math.round(performance.now() - timing.started_at);
      }
      if (reply.ready === true) {
        // Booted, so its files are in the service worker's engine cache: say so at the top,
        // once this page is kept too (an offline reload then finds it, not the offline page).
        pageKept.then(function () { engineState("ready"); });
        return;
      }
      if (reply.ready === false) {  // no files (offline before they were stored): asked again per round
        engineState(null);
        return;
      }
      var promise = waiting[reply.id];
      delete waiting[reply.id];
      if (!promise) return;
      if (reply.error) promise.reject(new Error(reply.error));
      else promise.resolve(reply.answer);
    });
    worker.addEventListener("error", function () {
      // The engine's files are not on this phone (never loaded) or failed: say so, queue plainly.
      failed = true;
      Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error("engine unavailable")); });
      waiting = {};
      worker = null;
      engineState(null);
    });
  }
  // The engine's state for the page (app.js says it in the corner): "starting", "ready" or none.
  function engineState(state) {
    var root = document.documentElement;
    if (state) root.dataset.engine = state;
    else delete root.dataset.engine;
    window.dispatchEvent(new Event("scorekeeper:engine"));
  }
  function evaluate(request) {
    startEngine();
    if (!worker) return Promise.reject(new Error("engine unavailable"));
    return new Promise(function (resolve, reject) {
      asked += 1;
      waiting[asked] = { resolve: resolve, reject: reject };
      worker.postMessage({ id: asked, language: document.documentElement.lang || "en", request: request });
    });
  }
  function engineUsable() { return !failed && !!engineUrl() && !!window.Worker; }

  /* Calls back once the player has not touched the page for ENGINE_IDLE_MS while it is shown,
     and the service worker controls it (so the engine's files go into its cache). */
  function whenIdle(callback) {
    var timer = null;
    var events = ["pointerdown", "keydown", "input", "scroll"];
    function arm() {
      clearTimeout(timer);
      timer = setTimeout(fire, ENGINE_IDLE_MS);
    }
    function fire() {
      if (document.visibilityState === "hidden") { arm(); return; }
      events.forEach(function (name) { window.removeEventListener(name, arm, true); });
      controlled().then(function () {
        if (window.requestIdleCallback) window.requestIdleCallback(callback, { timeout: 2000 });
        else callback();
      });
    }
    events.forEach(function (name) { window.addEventListener(name, arm, { capture: true, passive: true }); });
    arm();
  }
  function controlled() {
    var workers = navigator.serviceWorker;
    if (!workers || workers.controller) return Promise.resolve();
    return new Promise(function (resolve) {
      workers.addEventListener("controllerchange", function () { resolve(); }, { once: true });
      // No service worker will take this page (an old browser, a private window): boot anyway.
      workers.ready.then(function () { setTimeout(resolve, 1000); }, resolve);
      setTimeout(resolve, 10000);  // or none ever registers (blocked): boot without it
    });
  }

  /* ---- this page's match */
  var here = null;  // {id, match (server JSON), queue, answer}
  function roundForm() { return document.querySelector("form[data-round-form]"); }
  function queuedForEngine(queue) {
    return queue.map(function (item) { return item.input ? { input: item.input } : { form: item.form }; });
  }
  function formValues(form) {
    var values = {};
    new FormData(form).forEach(function (value, name) { values[name] = String(value); });
    return values;
  }
  function fetchMatch(matchId) {
    return fetch("/api/v1/matches/" + encodeURIComponent(matchId), {
      headers: { "Accept": "application/json" }, credentials: "same-origin", cache: "no-store"
    }).then(function (response) {
      if (!response.ok) return null;
      return response.json().then(function (match) {
        var record = { id: matchId, match: match, title: document.title, stored_at: Date.now() };
        return storeMatch(record).then(function () { return match; });
      });
    }).catch(function () { return null; });
  }

  /* ---- the provisional rounds, totals, banner and the form moved on */
  function renderTotals(answer) {
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
  function sideNames(match) {
    return match.sides.map(function (side) {
      return side.map(function (seat) { return match.players[seat].name; }).join(" & ");
    });
  }
  function dropConnectionNotes() {
    document.querySelectorAll(".needs-connection").forEach(function (note) { note.remove(); });
  }
  // The last round's line at the top, with its Undo: the last queued round while there is one.
  function renderLastRound(answer) {
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
  function endsWords(winners) {
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
  function renderRounds(answer, queue) {
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

  function renderPending(queue) {
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

  // Buttons [choice, words, class] answered by choose() (see the click listener below).
  function choiceRow(choices) {
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
  function renderConflict(queue) {
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

  /* The form as the server renders it for a round, from the engine's words for that round. */
  function setChoices(form, name, options) {
    var first = form.querySelector('input[name="' + name + '"]');
    var chips = first && first.closest(".chips");
    if (!chips) return;
    var template = first.closest("label.chip").cloneNode(true);
    chips.textContent = "";
    options.forEach(function (option) {
      var chip = template.cloneNode(true);
      var input = chip.querySelector("input");
      input.value = option[0];
      input.checked = false;
      input.defaultChecked = false;
      chip.querySelector("span").textContent = option[1];
      chips.appendChild(chip);
    });
  }
  function applyWords(form, entry) {
    if (!entry) return;
    var who = form.querySelector(".who");
    if (who && entry.who) who.innerHTML = entry.who;  // escaped by the engine (html.escape)
    Object.keys(entry.choices || {}).forEach(function (name) { setChoices(form, name, entry.choices[name]); });
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
  function fill(form, values) {
    Object.keys(values).forEach(function (name) {
      if (/^(csrf_token|version|expected_number|idempotency_key)$/.test(name)) return;
      form.querySelectorAll('[name="' + name + '"]').forEach(function (field) {
        if (field.type === "radio" || field.type === "checkbox") field.checked = field.value === values[name];
        else field.value = values[name];
      });
    });
  }
  function saveButton(form) {
    return document.getElementById("save") || form.querySelector("button.save") || form.querySelector("button[type=submit]");
  }
  function setFormRound(form, number, editing) {
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
  function moveFormOn(form, answer) {
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
  function moveFormPlain(form, queue) {
    if (!queue.length) return;
    var number = here.match ? here.match.rounds.length + queue.length + 1 : queue[queue.length - 1].number + 1;
    if (form.dataset.number === String(number)) return;
    form.reset();
    var key = form.querySelector('input[name="idempotency_key"]');
    if (key) key.value = newKey();
    setFormRound(form, number, false);
    // Who deals it is the engine's to say: the page's lines are the last round's, so they go.
    [form.querySelector(".who"), document.querySelector("#scores .next")].forEach(function (line) { if (line) line.hidden = true; });
    form.dispatchEvent(new Event("change", { bubbles: true }));  // the bar: checked by the server later
    delete form.dataset.dirty;
  }

  // The last round's preview goes with it; the new round's check follows at once.
  function clearPreview() {
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
  function setBarState(kind, text, scores, code) {
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
    scores.forEach(function (side) {
      var part = el("span", "bar-score", side.name + " ");
      part.appendChild(el("b", "num", signed(side.score)));
      bar.appendChild(part);
    });
  }
  function renderPreview(result) {
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
      setBarState("good", "", result.scores);
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

  // Offline (or while rounds wait to be sent) the phone's engine answers instead of the server.
  function usePhone() {
    return !navigator.onLine || (here && here.queue && here.queue.length > 0);
  }

  // What an engine answer was for: the server's match (its version), the queued rounds and
  // the phone's language (the answer carries words).
  function answerKey(request) {
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
  function refresh() {
    if (!here) return Promise.resolve();
    function show(answer, items) {
      here.answer = answer;
      renderTotals(answer);
      renderRounds(answer, items);
      renderLastRound(answer);
      var form = roundForm();
      if (form) {
        moveFormOn(form, answer);
        restoreDraft(form);  // the bids kept for this round, without waiting for the engine
      }
    }
    return queueOf(here.id).then(function (queue) {
      here.queue = queue;
      renderPending(queue);
      renderConflict(queue);
      var form = roundForm();
      if (!queue.length && navigator.onLine) return;
      if (!here.match || !engineUsable()) {
        if (form) moveFormPlain(form, queue);
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
        show(answer, items);
        return keepAnswer(here.id, asked, answer, request.match.version);
      }, function () {
        renderPending(queue);
        if (form) moveFormPlain(form, queue);
      });
    });
  }

  /* ---- check this round */
  function check(form) {
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
  function liveCheck(form) {
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

  /* ---- save this round (online or queued) */
  function postOnline(form, item) {
    return fetch(form.action, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key },
      body: new URLSearchParams(item.form).toString(),
      credentials: "same-origin",
      // The saved round answers 303 to the match page: not followed here, so that the page
      // is fetched once (by the navigation below), not once by fetch and again by the browser.
      redirect: "manual"
    }).then(function (response) {
      if (response.type === "opaqueredirect" || response.ok) {
        var matchPage = "/matches/" + encodeURIComponent(item.match);
        var onPage = window.location.pathname === matchPage;
        // The saved round's page opens at the scores (the round with its Undo, the next
        // round's first chips), not where the last chip was tapped: no scroll kept on reload.
        if ("scrollRestoration" in history) history.scrollRestoration = "manual";
        window.location.assign(matchPage + "#scores");
        if (onPage) window.location.reload();
        return "sent";
      }
      form.submit();  // refused (422/409): the browser posts it for the page with the message
      return "refused";
    }, function () { return "offline"; });
  }
  function save(form) {
    if (form.dataset.saving) return Promise.resolve("busy");  // a second tap while the first is saved
    form.dataset.saving = "1";
    var button = saveButton(form);
    if (button) button.disabled = true;
    var matchId = form.dataset.match;
    var values = formValues(form);
    var editing = form.dataset.queuedEdit ? parseInt(form.dataset.queuedEdit, 10) : null;
    var keyInput = form.querySelector('input[name="idempotency_key"]');
    var item = { match: matchId, key: editing !== null || !keyInput ? newKey() : keyInput.value, form: values, input: null, status: "queued", queued_at: Date.now() };
    return queueOf(matchId).then(function (queue) {
      if (here) here.queue = queue;
      if (navigator.onLine && !queue.length && editing === null) {
        item.number = parseInt(values.expected_number, 10);
        return postOnline(form, item).then(function (outcome) { return outcome === "offline" ? queueRound(form, item, queue, null) : outcome; });
      }
      return queueRound(form, item, queue, editing);
    }).catch(function (error) {
      if (button) button.disabled = false;
      throw error;
    }).then(function (outcome) {
      delete form.dataset.saving;
      if (outcome === "queued" && editing === null) {
        dropDraft(matchId, item.number);
        // As after a Save online (a reload at the scores): the saved round with its Undo
        // and the next round's first chips in view, not the foot of the page (app.js).
        document.dispatchEvent(new CustomEvent("scorekeeper:saved"));
      }
      return outcome;
    }, function (error) {
      delete form.dataset.saving;
      throw error;
    });
  }
  function queueRound(form, item, queue, editing) {
    var base = here && here.match ? here.match.rounds.length : null;
    if (editing !== null) item.number = editing;
    else if (base !== null) item.number = base + queue.length + 1;
    else item.number = Math.max(parseInt(item.form.expected_number, 10) || 1, queue.length ? queue[queue.length - 1].number + 1 : 1);
    item.form.expected_number = String(item.number);
    var checked = engineUsable() && here && here.match ? check(form).catch(function () { return null; }) : Promise.resolve(null);
    return checked.then(function (result) {
      if (result && !result.ok) {
        renderPreview(result);
        return "refused";
      }
      if (result) item.input = result.input;
      return putItems([item]).then(function () {
        delete form.dataset.queuedEdit;
        dropConnectionNotes();
        return refresh();
      }).then(function () {
        if (navigator.onLine) flush();
        return "queued";
      });
    });
  }

  /* ---- "Save the bids" without a connection would open the browser's error page: the bids
     stay on this phone with the round instead (kept across a reload), the tricks follow
     after the hand, and Save queues the whole round. */
  function keepBids(form) {
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
  function restoreDraft(form) {
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
  function dropDraft(matchId, number) {
    return changeMatch(matchId, function (record) {
      if (!record.draft || String(record.draft.number) !== String(number)) return false;
      delete record.draft;
    });
  }

  /* ---- edit and undo of a queued round; the choices after a refusal */
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
    transact(["queue"], "readwrite", function (tx) { tx.objectStore("queue").delete([last.match, last.number]); }).then(function () {
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
  function showKeepPreview(rounds, first) {
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
  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-offline-edit], [data-offline-undo], [data-offline-choice], #offline-cancel-edit");
    if (!target || !here) return;
    if (target.dataset.offlineEdit) editQueued(parseInt(target.dataset.offlineEdit, 10));
    else if (target.dataset.offlineUndo) undoQueued(parseInt(target.dataset.offlineUndo, 10));
    else if (target.dataset.offlineChoice) choose(target.dataset.offlineChoice);
    else cancelEdit();
  });

  /* ---- writes only the server can make (an edit or undo of a round already sent, a change
     of bids already sent, a confirmation, sharing, ending the match or playing on): offline,
     their plain post or page would
     open the browser's error page or the offline page. They stay put and say why; nothing
     changes. (Rounds, bids not yet sent and the queued rounds' edits and undos work offline.) */
  var SERVER_PAGES = /\/rounds\/\d+\/edit$|\/undo$|\/end$/;
  // The note goes after the form tapped, or at the foot of the card holding the link (not
  // inside a table cell or a row of buttons).
  function needsConnection(near) {
    var form = near.closest("form");
    var card = near.closest("section, .card") || document.body;
    var note = form ? form.nextElementSibling : card.lastElementChild;
    if (!note || !note.classList.contains("needs-connection")) {
      note = el("p", "needs-connection", "");
      note.setAttribute("role", "status");
      if (form) form.parentNode.insertBefore(note, form.nextSibling);
      else card.appendChild(note);
    }
    note.textContent = t("needs_connection");
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine || !form.matches || form.matches("form[data-round-form]") || (form.getAttribute("method") || "").toLowerCase() !== "post") return;
    event.preventDefault();
    event.stopImmediatePropagation();  // nor htmx's request (this listener runs first: capture on the document)
    needsConnection(event.submitter || form);
  }, true);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (navigator.onLine || !link || link.origin !== window.location.origin || !SERVER_PAGES.test(link.pathname)) return;
    event.preventDefault();
    needsConnection(link);
  }, true);

  /* ---- coming back: each match's queue is sent in round order, exactly once (the server
     keeps each Idempotency-Key); a refused round stops its match's queue until a person chooses. */
  function send(item) {
    if (item.input) {
      return fetch("/api/v1/matches/" + encodeURIComponent(item.match) + "/rounds?number=" + item.number, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept": "application/json", "Idempotency-Key": item.key },
        body: JSON.stringify(item.input),
        credentials: "same-origin"
      }).then(function (response) {
        if (response.ok || response.status >= 500) return { status: response.status };
        return response.json().then(function (body) {
          return { status: response.status, code: body.error || "", message: body.message || ("HTTP " + response.status) };
        }, function () { return { status: response.status, code: "", message: "HTTP " + response.status }; });
      });
    }
    // Saved before the engine was on this phone: the server reads the form, as without JavaScript.
    // Without the version of the page it was typed on: the rounds queued before it moved the
    // match on, and its expected number already refuses it if another phone came first.
    var fields = Object.assign({}, item.form);
    delete fields.version;
    return fetch("/matches/" + encodeURIComponent(item.match) + "/rounds", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key },
      body: new URLSearchParams(fields).toString(),
      credentials: "same-origin"
    }).then(function (response) {
      if (response.ok || response.status >= 500) return { status: response.ok ? 201 : response.status };
      var text = response.headers.get("X-Scorekeeper-Error") || ("HTTP " + response.status);
      try { text = decodeURIComponent(text); } catch (e) { /* shown as it came */ }
      return { status: response.status, code: "", message: text };
    });
  }
  var flushing = null;
  function flushAll() {
    var changed = {};
    return allQueued().then(function (items) {
      var byMatch = {};
      items.sort(function (a, b) { return a.number - b.number; }).forEach(function (item) {
        (byMatch[item.match] = byMatch[item.match] || []).push(item);
      });
      var matches = Object.keys(byMatch);
      function nextMatch() {
        var matchId = matches.shift();
        if (!matchId) return Promise.resolve();
        var queue = byMatch[matchId];
        function nextItem() {
          var item = queue.shift();
          if (!item || item.status !== "queued") return nextMatch();
          return send(item).then(function (result) {
            changed[matchId] = true;
            if (result.status >= 200 && result.status < 300) {
              return transact(["queue"], "readwrite", function (tx) { tx.objectStore("queue").delete([item.match, item.number]); }).then(nextItem);
            }
            if (result.status >= 500) return nextMatch();  // the server is unwell: try later
            item.status = "refused";
            item.refusal = { status: result.status, code: result.code, message: result.message };
            return putItems([item]).then(nextMatch);
          });
        }
        return nextItem();
      }
      return nextMatch();
    }).catch(function () { /* the connection went again: the rest waits */ }).then(function () { return changed; });
  }
  function flush() {
    if (!navigator.onLine) return Promise.resolve();
    if (flushing) return flushing;
    var run = navigator.locks ? navigator.locks.request("scorekeeper-offline-queue", flushAll) : flushAll();
    flushing = run.then(function (changed) {
      flushing = null;
      // This page's match moved on: show the server's page (provisional rounds now stored),
      // unless the next round is being typed: then live sync refreshes the other blocks.
      if (!here || !changed || !changed[here.id]) return;
      var form = roundForm();
      if (form && form.dataset.dirty) {
        return queueOf(here.id).then(function (queue) { here.queue = queue; renderPending(queue); renderConflict(queue); });
      }
      window.location.reload();
    }, function () { flushing = null; });
    return flushing;
  }

  /* ---- the offline home: the matches this phone has stored */
  function listMatches() {
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

  // On a first visit the service worker registers during the page, so the page itself was
  // not stored: an offline reload would find only the offline page. The worker is asked to
  // fetch and keep it (asked through the page, a fetch would go past a worker that is not in
  // charge of it, and one whose claim came while the page was arriving never takes charge).
  // `pageKept` settles once the copy is kept (at once when the worker was in charge already).
  var pageKept = Promise.resolve();
  var KEEP_ANSWER_MS = 30000;  // a worker that never answers does not hold "Ready offline" back
  function keepThisPage() {
    var workers = navigator.serviceWorker;
    if (!workers || workers.controller || !navigator.onLine || !window.MessageChannel) return;
    var address = window.location.href.split("#")[0];
    var language = (navigator.languages && navigator.languages.length ? navigator.languages : [document.documentElement.lang || "en"]).join(",");
    pageKept = workers.ready.then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function () { resolve(); };
        registration.active.postMessage({ keep: address, language: language }, [channel.port2]);
        setTimeout(resolve, KEEP_ANSWER_MS);
      });
    }).catch(function () {});
  }

  function start() {
    listMatches();
    var live = document.getElementById("live");
    if (live && live.dataset.liveMatch) {
      here = { id: live.dataset.liveMatch, match: null, queue: [] };
      var loaded = navigator.onLine ? fetchMatch(here.id) : Promise.resolve(null);
      loaded.then(function (match) {
        return match || storedMatch(here.id).then(function (record) { return record ? record.match : null; });
      }).then(function (match) {
        here.match = match;
        return queueOf(here.id);
      }).then(function (queue) {
        here.queue = queue;
        restoreDraft(roundForm());  // nothing queued: the page's round is the kept bids' round
        if (!navigator.onLine || queue.length) {
          startEngine();
          return refresh().then(function () {
            var form = roundForm();
            if (form) liveCheck(form);
          });
        }
      }).then(function () { flush(); }).catch(function () {});
      // From the first visit on, the engine loads in the background (the service worker keeps
      // its files), so the phone can score when the connection goes at any later moment. The
      // corner says so from the start: the engine waits for a quiet moment first, and a
      // blank corner for those seconds told an outside walk-through nothing was happening.
      if (roundForm() && engineUsable() && navigator.serviceWorker && !worker) engineState("starting");
      whenIdle(startEngine);
      keepThisPage();
    } else {
      flush();
    }
  }
  window.addEventListener("online", function () {
    // The engine's files could not be had offline; with the connection they can.
    if (!worker) failed = false;
    dropConnectionNotes();
    flush();
  });
  // A server that answered 5xx, or a connection that came back without an "online" event.
  setInterval(function () { if (navigator.onLine) flush(); }, RETRY_MS);
  window.addEventListener("offline", function () {
    if (!here) return;
    startEngine();
    var form = roundForm();
    if (form) liveCheck(form);
  });
  // Live sync replaced the page's blocks: the match moved on (another phone's round, say). The
  // phone's copy of it moves on too, once for the blocks of one change: a round entered after
  // the connection goes is numbered and scored from it (it was the next round of the match as
  // the page had opened). Queued rounds are shown again over the new blocks.
  var movedOn = null;
  document.addEventListener("htmx:oobAfterSwap", function () {
    if (!here || !navigator.onLine) return;
    clearTimeout(movedOn);
    movedOn = setTimeout(function () {
      fetchMatch(here.id).then(function (match) {
        if (match) here.match = match;
        if (here.queue && here.queue.length) return refresh();
      }).catch(function () {});
    }, 0);
  });

  window.ScorekeeperOffline = {
    check: check,
    save: save,
    keepBids: keepBids,
    provisional: queueOf,
    evaluate: evaluate,
    flush: flush,
    timing: timing
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

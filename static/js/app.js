/* Scorekeeper page behaviour: round chips (the last count filled in, parts shown per choice), service worker, Save (via offline.js),
   CSRF header for htmx, live sync of a match between phones, copy buttons, language switcher.
   No inline scripts anywhere: this file and htmx are all the JavaScript. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var POLL_MS = 1500;

  /* ---- words shown to people: the page carries them, translated, as a JSON block
     (<script type="application/json" id="i18n">); this file has no sentences of its own.
     {name} placeholders are filled in from `vars`. */
  var messages = (function () {
    var block = document.getElementById("i18n");
    try { return block ? JSON.parse(block.textContent) : {}; } catch (e) { return {}; }
  })();
  function t(key, vars) {
    var text = Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return vars && Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole;
    });
  }

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }

  /* ---- every htmx request carries the CSRF token (forms also hold it as a field) */
  document.addEventListener("htmx:configRequest", function (event) {
    var token = csrfToken();
    if (token) event.detail.headers["X-CSRFToken"] = token;
  });

  function emit(el, type) {
    el.dispatchEvent(new Event(type, { bubbles: true }));
  }

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

  /* ---- parts of a round form shown only for some choices (all shown without JS):
     data-shown-when="style=5 style=6&acting_style=5" reads "style 5, or style 6 with
     acting style 5". The game's template says when; this file knows no game. */
  function checked(form, name) {
    var el = form.querySelector('input[name="' + name + '"]:checked');
    return el ? el.value : "";
  }
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
    var items = Array.prototype.slice.call(group.querySelectorAll("[data-count-item]"));
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
  /* ---- the next question comes into view: once a chip is tapped (or a count typed), the
     next part of the round still open is scrolled up above the save bar, so a round costs
     its taps and no swipe. Parts are the innermost boxes of chips or counts; hidden ones
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
  function bringNextIntoView(form, from, keepFrom) {
    var parts = answerParts(form);
    var here = from.closest(PARTS);
    // The bar grows when the live check's answer comes (up to three lines beside Save):
    // room is kept for the tallest bar, not the one on screen at the tap.
    var bar = document.getElementById("save-bar");
    var floor = window.innerHeight - Math.max(bar ? bar.getBoundingClientRect().height : 0, TALLEST_BAR) - 8;
    // A tap in a part of several questions brings all of it up above the bar (as much as fits
    // below the row tapped), and it stays there: a question further down comes up only as far
    // as its top stays in view, so a change after "the rest" is still a tap, not a swipe back.
    var keepTop = Infinity;
    if (here && severalQuestions(here)) {
      var row = (from.closest("tr, .rest-to") || from).getBoundingClientRect();
      var up = Math.min(here.getBoundingClientRect().bottom - floor, row.top - 8);
      if (up > 0) window.scrollBy(0, up);
      keepTop = here.getBoundingClientRect().top - 8;
    }
    if (here && unfinished(here)) return;
    var after = parts.indexOf(here);
    var open = parts.slice(after + 1).filter(function (part) { return !answered(part); });
    var next = open[0];
    if (!next) return;
    // Chips chosen beforehand come up together (each side's Zwicks): any of them may be the one to change.
    var group = next.closest("[data-chosen-before]");
    var last = group ? open.filter(function (part) { return group.contains(part); }).pop() : next;
    var box = next.getBoundingClientRect();
    var by = Math.min(last.getBoundingClientRect().bottom - floor, box.top - 8);  // all of it above the bar, its top still in view
    // The open parts after it come up with it, as many as fit above the bar: a choice further
    // down (Nameless's "Reneged" after "Went alone", the last seats' tricks) is in reach too,
    // not left under the bar for a swipe. Never at the cost of a part still open above the
    // tapped one (Nwik's stake, when the Acting Bidder's style is tapped first).
    var further = last;
    for (var i = open.indexOf(last) + 1; i < open.length; i++) {
      if (open[i].getBoundingClientRect().bottom - floor > box.top - 8) break;
      further = open[i];
    }
    var above = parts.slice(0, Math.max(after, 0)).filter(function (part) { return !answered(part); })[0];
    var room = above ? above.getBoundingClientRect().top - 8 : Infinity;
    // The form's last question in reach: the live check's lines under it ("Tricks so far: 2
    // of 5", the dealer's call) come up with it, whole (they sat half under the bar at 360 px).
    var notes = further === parts[parts.length - 1] && form.querySelector("#preview .notes");
    if (notes) further = notes;
    by = Math.max(by, Math.min(further.getBoundingClientRect().bottom - floor, box.top - 8, room));
    // Chips chosen beforehand may be left as they are (most deals have no Zwicks): the first
    // question after them that must be answered comes up with them, as far as their heading
    // stays in view (Zwicker's honours under the Zwicks, once the cards are typed).
    var needed = group && open.filter(function (part) { return !group.contains(part); })[0];
    if (needed) {
      var heading = group.getBoundingClientRect().top - 8;
      by = Math.max(by, Math.min(needed.getBoundingClientRect().bottom - floor, heading, room));
    }
    by = Math.min(by, keepTop);
    // A count that may still be typed on (a digit more, a Backspace) stays in view with its
    // label: never typed blind into a field scrolled away above the screen.
    if (keepFrom && from === document.activeElement) {
      var field = from.closest(".count-field") || from;
      by = Math.min(by, field.getBoundingClientRect().top - 8);
    }
    if (by <= 0) return;
    // At once, not smoothly: chips gliding under a thumb already on its way to the next
    // one would be tapped wrong.
    window.scrollBy(0, by);
  }
  var typedTimer = null;
  var lastAnswer = null;  // {form, input, at}: asked again once the live check has redrawn the form
  document.addEventListener("change", function (event) {
    var input = event.target;
    var form = input.closest && input.closest("form.round-form");
    if (!form || !event.isTrusted || input.type !== "radio") return;
    // "more": the count is typed next, into the field the chip has just shown (the phone's
    // keyboard comes up with it); that field's digits bring the next question up.
    var more = input.value === "more" && input.closest("fieldset.with-more");
    var moreField = more && more.querySelector(".more-count input");
    if (moreField) { moreField.focus(); return; }
    lastAnswer = { form: form, input: input, at: Date.now() };
    setTimeout(function () { bringNextIntoView(form, input); }, 0);  // after the last count is filled in
  });
  // A finger (or key) already on its way to the next question: the page holds still, the
  // re-scroll after a live check would move the chips under it and a tap would land on the
  // chip beside the one aimed at.
  var lastTouch = 0;
  ["pointerdown", "touchstart", "keydown"].forEach(function (kind) {
    document.addEventListener(kind, function () { lastTouch = Date.now(); }, { capture: true, passive: true });
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!lastAnswer || Date.now() - lastAnswer.at > 3000) return;
    if (lastTouch > lastAnswer.at) return;
    // The check may have drawn the chips again (greyed ones, other heights): the same chip, anew.
    var input = lastAnswer.input;
    var form = document.body.contains(lastAnswer.form) ? lastAnswer.form : document.querySelector("form.round-form");
    if (form && !form.contains(input)) input = form.querySelector('input[name="' + input.name + '"][value="' + input.value + '"]');
    if (form && input) bringNextIntoView(form, input);
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
      bringNextIntoView(form, input, !complete);
    }, complete ? 0 : 600);
  });

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
  function initForms(root) {
    root.querySelectorAll("form.round-form").forEach(showWhen);
  }
  // A form reset for the next round (offline.js) starts its counts afresh: none typed, none filled in.
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
    setTimeout(function () { bringNextIntoView(form, button); }, 0);
  });

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
  document.addEventListener("htmx:afterSwap", function (event) {
    placeErrors();
  });

  /* ---- a live check answers for the form as it was sent. The chips it draws again (the
     Willi Stich dealer's call) must keep a tap made while it was on its way, or the tap
     is silently lost on a slow connection. */
  var tapsBeforeSwap = null;
  function roundFormOf(event) {
    var elt = event.detail && event.detail.elt;
    return elt && elt.closest ? elt.closest("form.round-form") : null;
  }
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

  function showNetwork() {
    var status = document.getElementById("net-status");
    if (!status) return;
    // Online, the corner says whether this phone could go on scoring without a connection.
    var engine = document.documentElement.dataset.engine;
    var ready = engine === "ready", starting = engine === "starting";
    status.textContent = navigator.onLine ? (ready ? t("offline_ready") : starting ? t("offline_getting_ready") : "") : t("offline");
    status.classList.toggle("ready", navigator.onLine && ready);
    status.classList.toggle("starting", navigator.onLine && starting);
  }

  /* ---- Save of a round: static/js/offline.js (window.ScorekeeperOffline) posts it when
     online, or queues it on this phone (IndexedDB) and sends it exactly once later. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-round-form]") || !window.ScorekeeperOffline) return;
    // "Save the bids" posts to its own address as a plain form; without a connection that
    // would open the browser's error page, so the bids stay on the phone with the round.
    if (event.submitter && event.submitter.hasAttribute("formaction")) {
      if (navigator.onLine) return;
      event.preventDefault();
      window.ScorekeeperOffline.keepBids(form);
      return;
    }
    event.preventDefault();
    window.ScorekeeperOffline.save(form);
  });

  /* ---- live sync: when the match's ETag moves, refresh the page's blocks. The match's
     stream (htmx's SSE extension, sse-connect on #live) tells the version as it changes;
     while no stream is open (refused by a busy server, cut off, not yet open) the phone
     polls the ETag every POLL_MS instead. A round-entry form someone is typing in is never
     replaced behind their back. */
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) form.dataset.dirty = "1";
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) form.dataset.dirty = "1";
  });

  var polling = false;
  // stream.sources: the EventSources the extension made (closed ones dropped); while one is
  // open, polling rests. stream.behind: a stream told a version this page has not caught up
  // with yet (asked until a check succeeds).
  var stream = { sources: [], behind: false };
  function streamOpen() {
    stream.sources = stream.sources.filter(function (source) { return source.readyState !== EventSource.CLOSED; });
    return stream.sources.some(function (source) { return source.readyState === EventSource.OPEN; });
  }
  function pageVersion(live) {
    var found = /^(?:W\/)?"v(\d+)/.exec(live.dataset.etag || "");
    return found ? found[1] : "";
  }
  // The extension's own hook for making its EventSource. A stream whose time is up, or
  // that dropped, is reopened by the browser itself (readyState CONNECTING): the extension
  // would only log that as an error, so it hears of a stream that failed for good (a busy
  // server's 204, a match gone), which it reopens later, less and less often.
  if (window.htmx) {
    htmx.createEventSource = function (url) {
      var source = new EventSource(url, { withCredentials: true });
      stream.sources.push(source);
      var onError = null;
      Object.defineProperty(source, "onerror", {
        get: function () { return onError; },
        set: function (handler) { onError = handler; }
      });
      source.addEventListener("error", function (event) {
        if (source.readyState === EventSource.CLOSED && onError) onError.call(source, event);
      });
      return source;
    };
  }
  // A hidden page (the phone put away) gives its stream's server thread back; shown again,
  // it polls once (the change it missed) and opens a fresh stream on a fresh #live.
  document.addEventListener("visibilitychange", function () {
    var live = document.getElementById("live");
    if (!live || !live.hasAttribute("sse-connect") || !window.htmx) return;
    if (document.visibilityState === "hidden") {
      stream.sources.forEach(function (source) { source.close(); });
      stream.sources = [];
    } else if (!stream.sources.length) {
      var fresh = live.cloneNode(false);
      live.replaceWith(fresh);
      htmx.process(fresh);
    }
  });
  document.addEventListener("htmx:sseMessage", function (event) {
    var live = event.target;
    if (live.id !== "live" || !event.detail || event.detail.type !== "version") return;
    if (String(event.detail.data) === pageVersion(live)) return;
    stream.behind = true;
    poll();
  });
  function liveRefresh(live, withEntry) {
    var url = "/matches/" + encodeURIComponent(live.dataset.liveMatch) + "/live?entry=" + (withEntry ? "1" : "0");
    if (live.dataset.edit) url += "&edit=" + encodeURIComponent(live.dataset.edit);
    // A page showing every round (?sheet=all) is refreshed with every round.
    if (live.dataset.sheet) url += "&sheet=" + encodeURIComponent(live.dataset.sheet);
    // Out-of-band swaps: each block in the answer replaces the element with its id. Fetched
    // here, not by htmx.ajax: a refresh cut off by the page going away (a reload, the
    // connection dropping) is simply not applied (htmx would report it as an error); the
    // next poll asks again.
    return fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) return;
        return response.text().then(function (html) { htmx.swap("#live", html, { swapStyle: "none" }); });
      })
      .catch(function () {});
  }
  function hideNotice() {
    var notice = document.getElementById("live-notice");
    if (notice) { notice.hidden = true; notice.textContent = ""; }
  }
  // `endedAfter`: the players ended the match on another phone (no round was recorded there).
  function showNotice(live, number, nextRound, endedAfter) {
    var notice = document.getElementById("live-notice");
    if (!notice) return;
    notice.textContent = "";
    var text = document.createElement("p");
    text.textContent = endedAfter ? t("ended_elsewhere", { number: endedAfter }) : t("recorded_elsewhere", { number: number });
    var button = document.createElement("button");
    button.type = "button";
    button.className = "primary";
    button.textContent = nextRound ? t("enter_round_instead", { number: nextRound }) : t("show_final_scores");
    button.addEventListener("click", function () {
      hideNotice();
      liveRefresh(live, true);
    });
    var keep = document.createElement("button");
    keep.type = "button";
    keep.textContent = t("keep_my_entries");
    keep.addEventListener("click", hideNotice);
    notice.appendChild(text);
    notice.appendChild(button);
    if (!endedAfter) notice.appendChild(keep);  // an ended match takes no round: nothing to keep them for
    notice.hidden = false;
  }
  function poll() {
    var live = document.getElementById("live");
    if (!live || polling || document.visibilityState !== "visible" || !navigator.onLine) return;
    if (!stream.behind && streamOpen()) return;
    if (document.querySelector("form[data-saving]")) return;
    polling = true;
    fetch("/api/v1/matches/" + encodeURIComponent(live.dataset.liveMatch), {
      headers: { "If-None-Match": live.dataset.etag, "Accept": "application/json" },
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      if (response.status === 304) stream.behind = false;
      if (response.status !== 200) return null;
      var etag = response.headers.get("ETag");
      stream.behind = false;
      if (!etag || etag === live.dataset.etag) return null;
      return response.json().then(function (match) {
        live.dataset.etag = etag;
        var form = document.querySelector("form[data-round-form]");
        var nextRound = match.next ? match.next.round : null;
        if (live.dataset.mode === "edit") return liveRefresh(live, false);
        // This phone's entries set beside a round another phone recorded are not replaced
        // either: "Use mine" on an older version is refused with them kept.
        if (document.getElementById("versions")) return liveRefresh(live, false);
        if (form && form.dataset.dirty && String(nextRound) !== form.dataset.number) {
          showNotice(live, form.dataset.number, nextRound, match.ended_after);
          return liveRefresh(live, false);
        }
        if (form && form.dataset.dirty) return liveRefresh(live, false);
        hideNotice();
        return liveRefresh(live, true);
      });
    }).catch(function () { /* offline or a hiccup: the next poll tries again */ }).then(function () {
      polling = false;
    });
  }
  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);

  /* ---- the screen stays on during a match (Screen Wake Lock), while the toggle is pressed;
     the browser drops the lock when the page is hidden, so it is asked again on return. */
  var wakeLock = null;
  function wakeButton() { return document.getElementById("wake-lock"); }
  function showWakeState(text) {
    var state = document.getElementById("wake-state");
    if (state) state.textContent = text;
  }
  function askWakeLock() {
    var button = wakeButton();
    if (!button || button.getAttribute("aria-pressed") !== "true" || wakeLock) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      showWakeState(t("wake_on"));
      // The browser lets go when the page is hidden: asked again on return (below).
      lock.addEventListener("release", function () {
        if (wakeLock === lock) wakeLock = null;
        if (button.getAttribute("aria-pressed") !== "true") showWakeState("");
      });
    }, function () {
      button.setAttribute("aria-pressed", "false");
      showWakeState(t("wake_refused"));
    });
  }
  function initWakeLock() {
    var button = wakeButton();
    if (!button || !("wakeLock" in navigator)) return;
    button.hidden = false;
    if (localStorage.getItem("scorekeeper.wakeLock") === "1") {
      button.setAttribute("aria-pressed", "true");
      askWakeLock();
    }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#wake-lock");
    if (!button) return;
    var on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", on ? "true" : "false");
    localStorage.setItem("scorekeeper.wakeLock", on ? "1" : "0");
    if (on) askWakeLock();
    else {
      showWakeState("");
      if (wakeLock) { wakeLock.release(); wakeLock = null; }
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") askWakeLock();
  });

  /* ---- the new-match form's league members: a tapped chip takes the next empty seat
     (the server adds a seat when none is empty), tapped again it leaves its seat; a name
     typed or cleared by hand ticks or unticks its chip. Without JS the chips are
     checkboxes that "Seat the ticked members" sends. */
  function seatFields(form) {
    return Array.prototype.slice.call(form.querySelectorAll('input[name^="player_"]'));
  }
  function sameName(a, b) { return a.trim().toLowerCase() === b.trim().toLowerCase(); }
  document.addEventListener("change", function (event) {
    var chip = event.target;
    if (!chip.matches || !chip.matches('#member-chips input[name="member"]')) return;
    var form = chip.form;
    var fields = seatFields(form);
    var seated = fields.filter(function (field) { return sameName(field.value, chip.value); });
    if (!chip.checked) {
      seated.forEach(function (field) { field.value = ""; emit(field, "input"); });
      return;
    }
    if (seated.length) return;
    var empty = fields.filter(function (field) { return field.value.trim() === ""; })[0];
    if (empty) { empty.value = chip.value; emit(empty, "input"); return; }
    var more = document.getElementById("seat-members");
    if (more) more.click();
  });
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (!field.matches || !field.matches('input[name^="player_"]') || !field.form) return;
    var fields = seatFields(field.form);
    field.form.querySelectorAll('#member-chips input[name="member"]').forEach(function (chip) {
      chip.checked = fields.some(function (other) { return sameName(other.value, chip.value); });
    });
    // The first dealer is chosen by name as the names are typed ("Seat 2 (Bob)"), not by seat.
    var dealer = field.form.querySelector("select[data-seat-named]");
    if (!dealer) return;
    fields.forEach(function (other) {
      var seat = other.name.slice("player_".length);
      var option = dealer.querySelector('option[value="' + seat + '"]');
      var name = other.value.trim();
      if (!option) return;
      option.textContent = (name ? dealer.dataset.seatNamed : dealer.dataset.seat)
        .replace("{number}", String(Number(seat) + 1)).replace("{name}", name);
    });
  });

  /* ---- share links: select on focus, copy on tap */
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input[data-select-on-focus]")) event.target.select();
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    if (!button) return;
    var input = document.getElementById(button.dataset.copy);
    if (!input) return;
    input.select();
    var done = function () { button.textContent = t("copied"); };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(input.value).then(done, function () {});
    else if (document.execCommand && document.execCommand("copy")) done();
  });

  /* ---- the new-match form drawn anew keeps the button just tapped in reach: each seat
     "+ Add seat" adds moves it down, and with many games' tabs above it would go under the
     sticky Start bar. Scrolled only when it is out of reach (scroll-padding keeps it above
     the bar); with JavaScript off the form's page comes back at its top anyway. */
  document.addEventListener("htmx:afterSettle", function (event) {
    var config = event.detail && event.detail.requestConfig;
    var tapped = config && config.elt;
    if (!tapped || tapped.isConnected || tapped.tagName !== "BUTTON" || !tapped.closest("#setup")) return;
    var again = document.querySelector('#setup button[name="' + tapped.name + '"][value="' + tapped.value + '"]');
    if (again) again.scrollIntoView({ block: "nearest" });
  });

  /* ---- the language switcher (and any select marked so) submits its form when changed */
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-submit-on-change]") || !select.form) return;
    if (select.form.requestSubmit) select.form.requestSubmit();
    else select.form.submit();
  });

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
  function showRound() {
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
    var kept = document.getElementById("stale-notice") || document.getElementById("last-round") || document.getElementById("h-entry") || first;
    var by = Math.min(row.bottom - floor, kept.getBoundingClientRect().top - 8);
    if (by > 0) window.scrollBy(0, by);
  }
  // A round saved on this phone without a connection (offline.js) is shown as a saved one is.
  document.addEventListener("scorekeeper:saved", showRound);
  function start() {
    initForms(document);
    localTimes(document);
    initWakeLock();
    showNetwork();
    // A saved round reloads the page at #scores with no scroll kept (offline.js): the
    // browser does not go to the anchor then by itself.
    var anchor = window.location.hash.length > 1 && document.getElementById(window.location.hash.slice(1));
    // A match page to score on opens at the match, past the site's header: the first
    // chips of the round are then in the first screen at 360x740 too.
    if ((!anchor && window.scrollY === 0) || (anchor && anchor.id === "scores")) {
      if (document.querySelector("form[data-round-form]")) { showRound(); anchor = null; }
    }
    if (anchor) anchor.scrollIntoView();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    }
  }
  // Offline there is no live check (the engine is on the server): do not even try.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine) event.preventDefault();
  });
  window.addEventListener("online", showNetwork);
  window.addEventListener("offline", showNetwork);
  window.addEventListener("scorekeeper:engine", showNetwork);
  /* ---- the history's times in this phone's own date format (en-GB: "05/12/2026, 15:47"),
     when it asks for the page's language with a region: the page is the same for every
     reader of its language (stored once), so the server writes the language's own format
     ("12/5/26, 3:47 PM"), which stands when the phone names no region. */
  function localTimes(root) {
    var lang = document.documentElement.lang;
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
    var tag = tags.filter(function (each) { return each.split("-")[0] === lang && each.indexOf("-") > 0; })[0];
    if (!tag || !window.Intl) return;
    var format;
    try {
      format = new Intl.DateTimeFormat(tag, { dateStyle: "short", timeStyle: "short", timeZone: "UTC" });
    } catch (e) { return; }
    root.querySelectorAll("time[datetime][data-when]").forEach(function (time) {
      var iso = time.getAttribute("datetime");
      var at = new Date(/([zZ]|[+-]\d\d:?\d\d)$/.test(iso) ? iso : iso + "Z");  // stored in UTC
      if (!isNaN(at.getTime())) time.textContent = time.dataset.when.replace("{when}", format.format(at));
    });
  }
  document.addEventListener("htmx:afterSwap", function () { initForms(document); });
  // Blocks refreshed by live sync arrive out of band: set up the new round form too.
  document.addEventListener("htmx:oobAfterSwap", function () { initForms(document); showNetwork(); localTimes(document); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

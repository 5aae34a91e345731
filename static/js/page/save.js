// Save of a round: posted at once when online with nothing queued, else queued on this phone and sent later, exactly once.
import { dropDraft, keepBids } from "./bids-kept.js";
import { newKey } from "./dom.js";
import { engineUsable, keepPageFresh } from "./engine.js";
import { renderPreview, saveButton } from "./entry.js";
import { formValues, here } from "./here.js";
import { swapBlocks } from "./live.js";
import { dropConnectionNotes } from "./needs-connection.js";
import { check, refresh, showSending } from "./provisional.js";
import { flush } from "./queue.js";
import { putItems, queueOf } from "./store.js";

/* Online, Save posts the round and swaps in what it changed (totals, sheet, history,
   progress, the next round's entry, the deal banner), as the server renders them for live
   sync: the page keeps its document, so its engine stays booted and "Ready offline" stays
   said. A refusal (422/409) comes as the same blocks, with the entries and the server's
   words. Without JavaScript the form posts itself and the server answers 303 to the page. */
function postOnline(form, item) {
  var live = document.getElementById("live");
  var address = form.action + (live && live.dataset.sheet ? "?sheet=" + encodeURIComponent(live.dataset.sheet) : "");
  var shown = showSending(item);
  return fetch(address, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key, "HX-Request": "true" },
    body: new URLSearchParams(item.form).toString(),
    credentials: "same-origin",
    redirect: "manual"
  }).then(function (response) {
    var blocks = response.headers.get("ETag") && (response.ok || (response.status >= 400 && response.status < 500));
    if (!blocks) {
      shown.cancel();
      form.submit();  // not the blocks (a server error): the browser posts it for the page with the message
      return "refused";
    }
    return response.text().then(function (html) {
      shown.cancel();
      swapBlocks(html, response.headers.get("ETag"));
      if (response.ok) keepPageFresh();
      // The address says the scores, as the reload did, without a new entry in the history.
      history.replaceState(history.state, "", window.location.pathname + window.location.search + "#scores");
      return response.ok ? "sent" : "refused";
    });
  }, function () {
    shown.cancel();
    return "offline";
  });
}
export function save(form) {
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
    if ((outcome === "queued" && editing === null) || outcome === "sent") {
      dropDraft(matchId, item.number);
      // The saved round with its Undo and the next round's first chips in view, not the
      // foot of the page (next-question.js).
      document.dispatchEvent(new CustomEvent("scorekeeper:saved"));
    } else if (outcome === "refused" && !document.body.contains(form)) {
      // The server's words over its entries, put back in place: the page opens there.
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

export function installSave() {
  // Without JavaScript the form posts itself; with it, Save goes through save() so that a
  // round typed without a connection is kept instead of lost to the browser's error page.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-round-form]")) return;
    // "Save the bids" posts to its own address as a plain form; without a connection that
    // would open the browser's error page, so the bids stay on the phone with the round.
    if (event.submitter && event.submitter.hasAttribute("formaction")) {
      if (navigator.onLine) return;
      event.preventDefault();
      keepBids(form);
      return;
    }
    event.preventDefault();
    save(form);
  });
}

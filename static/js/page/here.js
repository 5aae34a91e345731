// This page's match as offline use knows it, and the round form's values as the engine reads them.
import { storeMatch } from "./store.js";

// {id, match (the server's JSON), queue, answer}; null on a page that is not a match's.
// Importers read the live binding; only offline-page.js sets it, once, at the start.
export var here = null;
export function setHere(value) { here = value; }

export function roundForm() { return document.querySelector("form[data-round-form]"); }
export function queuedForEngine(queue) {
  return queue.map(function (item) { return item.input ? { input: item.input } : { form: item.form }; });
}
export function formValues(form) {
  var values = {};
  new FormData(form).forEach(function (value, name) { values[name] = String(value); });
  return values;
}
export function fetchMatch(matchId) {
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

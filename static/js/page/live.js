// Live sync: another phone's round shows on this one (the match's stream, else polling).
import { t } from "./i18n.js";
import { showNetwork } from "./page.js";

/* When the match's ETag moves, refresh the page's blocks. The match's
   stream (htmx's SSE extension, sse-connect on #live) tells the version as it changes;
   while no stream is open (refused by a busy server, cut off, not yet open) the phone
   polls the ETag every POLL_MS instead. A round-entry form someone is typing in is never
   replaced behind their back. */
var POLL_MS = 1500;

var polling = false;
// stream.sources: the EventSources the extension made (closed ones dropped); while one is
// open, polling rests. stream.behind: a stream told a version this page has not caught up
// with yet (asked until a check succeeds).
var stream = { sources: [], behind: false };
function streamOpen() {
  stream.sources = stream.sources.filter(function (source) { return source.readyState !== EventSource.CLOSED; });
  return stream.sources.some(function (source) { return source.readyState === EventSource.OPEN; });
}
function versionOf(etag) {
  var found = /^(?:W\/)?"v(\d+)/.exec(etag || "");
  return found ? parseInt(found[1], 10) : null;
}
/* The match page's changing blocks from the server (the live route, or a Save's answer),
   each replacing its element out of band, and the page at the version they show. An answer
   older than what the page shows (a refresh asked before a Save answered) is not applied. */
export function swapBlocks(html, etag) {
  var live = document.getElementById("live");
  if (!live) return;
  var coming = versionOf(etag), shown = versionOf(live.dataset.etag);
  if (coming !== null && shown !== null && coming < shown) return;
  if (etag) live.dataset.etag = etag;
  // The corner's state once the swap has settled: htmx puts the old element's class back on
  // its new copy for the settle, then the new one's own ("ready" lost, "Ready offline" grey).
  htmx.swap("#live", html, { swapStyle: "none" }, { afterSettleCallback: showNetwork });
}
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
      return response.text().then(function (html) { swapBlocks(html, response.headers.get("ETag")); });
    })
    .catch(function () {});
}
// The match's blocks as the server has them now (rounds this phone sent meanwhile).
export function refreshBlocks(withEntry) {
  var live = document.getElementById("live");
  return live ? liveRefresh(live, withEntry) : Promise.resolve();
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

export function installLive() {
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) form.dataset.dirty = "1";
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) form.dataset.dirty = "1";
  });
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
    if (String(event.detail.data) === String(versionOf(live.dataset.etag))) return;
    stream.behind = true;
    poll();
  });
  // "Keep the recorded one", after a Save refused in place: the page is at the match's
  // address already, so the link would only move to #scores; the match as it stands comes
  // in place instead, its next round empty, as the link's page shows it.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#keep-recorded");
    var live = document.getElementById("live");
    if (!link || !live || link.pathname !== window.location.pathname) return;
    event.preventDefault();
    hideNotice();
    liveRefresh(live, true).then(function () {
      history.replaceState(history.state, "", link.href);
      document.dispatchEvent(new CustomEvent("scorekeeper:saved"));
    });
  });
  setInterval(poll, POLL_MS);
  document.addEventListener("visibilitychange", poll);
}

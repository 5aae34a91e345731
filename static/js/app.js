/* Scorekeeper page behaviour: steppers, Nwik field toggles, service worker, Save (via offline.js),
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

  /* ---- Nwik: show only the fields the chosen style needs (all shown without JS) */
  function checked(form, name) {
    var el = form.querySelector('input[name="' + name + '"]:checked');
    return el ? el.value : "";
  }
  function nwikToggle(form) {
    var style = checked(form, "style");
    var effective = style === "6" ? checked(form, "acting_style") : style;
    var show = {
      pass: style === "6",
      vip: effective === "5",
      trump: effective === "2" || effective === "5"
    };
    form.querySelectorAll("[data-nwik]").forEach(function (box) {
      box.hidden = !show[box.dataset.nwik];
    });
  }
  function initForms(root) {
    root.querySelectorAll('form[data-game="nwik"]').forEach(nwikToggle);
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest('form[data-game="nwik"]');
    if (form) nwikToggle(form);
  });

  function showNetwork() {
    var status = document.getElementById("net-status");
    if (status) status.textContent = navigator.onLine ? "" : t("offline");
  }

  /* ---- Save of a round: static/js/offline.js (window.ScorekeeperOffline) posts it when
     online, or queues it on this phone (IndexedDB) and sends it exactly once later. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-round-form]") || !window.ScorekeeperOffline) return;
    event.preventDefault();
    window.ScorekeeperOffline.save(form);
  });

  /* ---- live sync: poll the match's ETag; when it moves, refresh the page's blocks.
     A round-entry form someone is typing in is never replaced behind their back. */
  document.addEventListener("input", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) form.dataset.dirty = "1";
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-round-form]");
    if (form) form.dataset.dirty = "1";
  });

  var polling = false;
  function liveRefresh(live, withEntry) {
    var url = "/matches/" + encodeURIComponent(live.dataset.liveMatch) + "/live?entry=" + (withEntry ? "1" : "0");
    if (live.dataset.edit) url += "&edit=" + encodeURIComponent(live.dataset.edit);
    // Out-of-band swaps: each block in the answer replaces the element with its id.
    return htmx.ajax("GET", url, { target: "#live", swap: "none" });
  }
  function hideNotice() {
    var notice = document.getElementById("live-notice");
    if (notice) { notice.hidden = true; notice.textContent = ""; }
  }
  function showNotice(live, number, nextRound) {
    var notice = document.getElementById("live-notice");
    if (!notice) return;
    notice.textContent = "";
    var text = document.createElement("p");
    text.textContent = t("recorded_elsewhere", { number: number });
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
    notice.appendChild(keep);
    notice.hidden = false;
  }
  function poll() {
    var live = document.getElementById("live");
    if (!live || polling || document.visibilityState !== "visible" || !navigator.onLine) return;
    if (document.querySelector("form[data-saving]")) return;
    polling = true;
    fetch("/api/v1/matches/" + encodeURIComponent(live.dataset.liveMatch), {
      headers: { "If-None-Match": live.dataset.etag, "Accept": "application/json" },
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      if (response.status !== 200) return null;
      var etag = response.headers.get("ETag");
      if (!etag || etag === live.dataset.etag) return null;
      return response.json().then(function (match) {
        live.dataset.etag = etag;
        var form = document.querySelector("form[data-round-form]");
        var nextRound = match.next ? match.next.round : null;
        if (live.dataset.mode === "edit") return liveRefresh(live, false);
        if (form && form.dataset.dirty && String(nextRound) !== form.dataset.number) {
          showNotice(live, form.dataset.number, nextRound);
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

  /* ---- the language switcher (and any select marked so) submits its form when changed */
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-submit-on-change]") || !select.form) return;
    if (select.form.requestSubmit) select.form.requestSubmit();
    else select.form.submit();
  });

  function start() {
    initForms(document);
    showNetwork();
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
  document.addEventListener("htmx:afterSwap", function (event) { initForms(event.target.closest("form") || document); });
  // Blocks refreshed by live sync arrive out of band: set up the new round form too.
  document.addEventListener("htmx:oobAfterSwap", function () { initForms(document); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

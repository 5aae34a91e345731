/* Scorekeeper page behaviour: steppers, Nwik field toggles, service worker, offline queue.
   No inline scripts anywhere: this file and htmx are all the JavaScript. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  var QUEUE_KEY = "scorekeeper.pendingRounds";

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

  /* ---- offline queue: a round saved while offline is kept here and sent later,
     as the same form post with the same Idempotency-Key, so it is stored exactly once. */
  function loadQueue() {
    try { return JSON.parse(localStorage.getItem(QUEUE_KEY) || "[]"); } catch (e) { return []; }
  }
  function saveQueue(queue) {
    localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Date.now()) + "-" + Math.random().toString(36).slice(2);
  }

  function showPending() {
    var box = document.getElementById("pending");
    var form = document.querySelector("form[data-round-form]");
    if (!box || !form) return;
    var match = form.dataset.match;
    var items = loadQueue().filter(function (item) { return item.match === match; });
    box.textContent = "";
    if (!items.length) { box.hidden = true; return; }
    var title = document.createElement("strong");
    title.textContent = "Waiting to be sent (saved on this phone):";
    var list = document.createElement("ul");
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.className = "pending-round";
      li.textContent = "Round " + item.number + " · pending";
      list.appendChild(li);
    });
    box.appendChild(title);
    box.appendChild(list);
    box.hidden = false;
  }

  function showNetwork() {
    var status = document.getElementById("net-status");
    if (status) status.textContent = navigator.onLine ? "" : "Offline";
  }

  var flushing = false;
  function flush() {
    if (flushing || !navigator.onLine) return Promise.resolve();
    var queue = loadQueue();
    if (!queue.length) return Promise.resolve();
    flushing = true;
    var sentHere = false;
    var here = document.querySelector("form[data-round-form]");
    function next() {
      var item = loadQueue()[0];
      if (!item) return Promise.resolve();
      return fetch(item.url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key },
        body: item.body,
        credentials: "same-origin"
      }).then(function (response) {
        // Stored, already stored (same key) or refused by the rules: either way it is done.
        if (!response.ok) {
          var refusals = JSON.parse(localStorage.getItem(QUEUE_KEY + ".refused") || "[]");
          refusals.push({ match: item.match, number: item.number, message: response.headers.get("X-Scorekeeper-Error") || ("HTTP " + response.status) });
          localStorage.setItem(QUEUE_KEY + ".refused", JSON.stringify(refusals));
        }
        saveQueue(loadQueue().filter(function (other) { return other.key !== item.key; }));
        if (here && here.dataset.match === item.match) sentHere = true;
        return next();
      });
    }
    return next().catch(function () { /* still offline: keep the rest */ }).then(function () {
      flushing = false;
      showPending();
      if (sentHere) window.location.reload();
    });
  }

  function showRefusals() {
    var form = document.querySelector("form[data-round-form]");
    var refusals = JSON.parse(localStorage.getItem(QUEUE_KEY + ".refused") || "[]");
    if (!form || !refusals.length) return;
    var mine = refusals.filter(function (r) { return r.match === form.dataset.match; });
    if (!mine.length) return;
    localStorage.setItem(QUEUE_KEY + ".refused", JSON.stringify(refusals.filter(function (r) { return r.match !== form.dataset.match; })));
    var box = document.getElementById("pending");
    mine.forEach(function (r) {
      var p = document.createElement("p");
      p.className = "refusal";
      p.setAttribute("role", "alert");
      p.textContent = "Round " + r.number + " saved offline was refused: " + r.message;
      box.parentNode.insertBefore(p, box);
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-round-form]")) return;
    event.preventDefault();
    var body = new URLSearchParams(new FormData(form)).toString();
    var keyInput = form.querySelector('input[name="idempotency_key"]');
    var numberInput = form.querySelector('input[name="expected_number"]');
    var item = {
      match: form.dataset.match,
      url: form.action,
      body: body,
      key: keyInput.value,
      number: numberInput.value
    };
    var save = form.querySelector("button[type=submit]");
    if (save) save.disabled = true;
    function queueIt() {
      var queue = loadQueue();
      if (!queue.some(function (other) { return other.key === item.key; })) queue.push(item);
      saveQueue(queue);
      // The next round entered on this page is another round: new key, next number.
      keyInput.value = newKey();
      numberInput.value = String(parseInt(numberInput.value, 10) + 1);
      if (save) {
        save.disabled = false;
        save.textContent = "Save round " + numberInput.value;
      }
      showPending();
    }
    if (!navigator.onLine) { queueIt(); return; }
    fetch(form.action, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": item.key },
      body: body,
      credentials: "same-origin"
    }).then(function (response) {
      if (response.ok) {
        window.location.assign(response.url.split("#")[0] + "#scores");
        if (response.url.split("#")[0] === window.location.href.split("#")[0]) window.location.reload();
      } else {
        // Refused (422/409): let the browser post it for the page with the message.
        form.submit();
      }
    }, queueIt);
  });

  function start() {
    initForms(document);
    showNetwork();
    showPending();
    showRefusals();
    flush();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    }
  }
  // Offline there is no live check (the engine is on the server): do not even try.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine) event.preventDefault();
  });
  window.addEventListener("online", function () { showNetwork(); flush(); });
  window.addEventListener("offline", showNetwork);
  document.addEventListener("htmx:afterSwap", function (event) { initForms(event.target.closest("form") || document); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

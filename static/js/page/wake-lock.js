// The screen stays on during a match (Screen Wake Lock) while its toggle is pressed.
import { t } from "./i18n.js";

/* The browser drops the lock when the page is hidden, so it is asked again on return. */
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
export function initWakeLock() {
  var button = wakeButton();
  if (!button || !("wakeLock" in navigator)) return;
  button.hidden = false;
  if (localStorage.getItem("scorekeeper.wakeLock") === "1") {
    button.setAttribute("aria-pressed", "true");
    askWakeLock();
  }
}

export function installWakeLock() {
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
}

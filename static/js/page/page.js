// What every page does: the CSRF header for htmx, share links, the language switcher, the
// network corner and the history's times in the phone's own format.
import { t } from "./i18n.js";

function csrfToken() {
  var meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
}

// The corner: offline, or (online) whether this phone could go on scoring without a connection.
export function showNetwork() {
  var status = document.getElementById("net-status");
  if (!status) return;
  var engine = document.documentElement.dataset.engine;
  var ready = engine === "ready", starting = engine === "starting";
  status.textContent = navigator.onLine ? (ready ? t("offline_ready") : starting ? t("offline_getting_ready") : "") : t("offline");
  status.classList.toggle("ready", navigator.onLine && ready);
  status.classList.toggle("starting", navigator.onLine && starting);
}

/* The history's times in this phone's own date format (en-GB: "05/12/2026, 15:47"), when it
   asks for the page's language with a region: the page is the same for every reader of its
   language (stored once), so the server writes the language's own format ("12/5/26, 3:47 PM"),
   which stands when the phone names no region. */
export function localTimes(root) {
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

export function installPage() {
  // Forms hold the token as a field too; htmx's requests carry it as a header.
  document.addEventListener("htmx:configRequest", function (event) {
    var token = csrfToken();
    if (token) event.detail.headers["X-CSRFToken"] = token;
  });

  // Share links: selected on focus, copied on tap.
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

  // The language switcher (and any select marked so) submits its form when changed: its
  // "Change" button is for pages without JavaScript.
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[data-submit-on-change]") || !select.form) return;
    if (select.form.requestSubmit) select.form.requestSubmit();
    else select.form.submit();
  });

  // Offline there is no live check (the engine is on the server): do not even try.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine) event.preventDefault();
  });
  window.addEventListener("online", showNetwork);
  window.addEventListener("offline", showNetwork);
  window.addEventListener("scorekeeper:engine", showNetwork);
}

// The page's entry point: the one script every page loads (a module; the rest are imported from here).
/* No inline scripts anywhere: these modules and htmx are all the JavaScript. Without
   JavaScript every form still posts as a plain form and the server answers with a page.

   Served at /js/<version>/main.js (scorekeeper/web/page_modules.py): the version is in the
   path, not in a ?v= query, because the relative imports below resolve against this file's
   URL, so every module of a version is fetched from that version's folder and a deploy can
   never mix the old and the new (a query would not be carried over to "./i18n.js"). The
   service worker precaches each module at its versioned address.

   Each module only defines things; the listeners are added here, in this order: the order
   of listeners for the same event is the order the page's behaviour depends on (the round
   form's own listeners before the live check and the offline queue's). */
import { installLive } from "./live.js";
import { installNeedsConnection } from "./needs-connection.js";
import { initForms, installRoundForm } from "./round-form.js";
import { installNewMatch } from "./new-match.js";
import { installNextQuestion, showRound } from "./next-question.js";
import { installOffline, startOffline } from "./offline-page.js";
import { installPage, localTimes, showNetwork } from "./page.js";
import { installProvisional } from "./provisional.js";
import { installQueueEdits } from "./queue-edits.js";
import { installSave } from "./save.js";
import { initWakeLock, installWakeLock } from "./wake-lock.js";

document.documentElement.classList.add("js");

installPage();
installRoundForm();
installNextQuestion();
installSave();
installLive();
installWakeLock();
installNewMatch();
document.addEventListener("htmx:afterSwap", function () { initForms(document); });
// Blocks refreshed by live sync arrive out of band: set up the new round form too.
document.addEventListener("htmx:oobAfterSwap", function () { initForms(document); showNetwork(); localTimes(document); });
installProvisional();
installQueueEdits();
installNeedsConnection();
installOffline();

function start() {
  initForms(document);
  localTimes(document);
  initWakeLock();
  showNetwork();
  // A saved round reloads the page at #scores with no scroll kept (save.js): the
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
  startOffline();
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();

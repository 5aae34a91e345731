// Offline, the writes only the server can make stay put and say why.
import { el } from "./dom.js";
import { t } from "./i18n.js";

/* An edit or undo of a round already sent, a change of bids already sent, a confirmation,
   sharing, ending the match or playing on: offline, their plain post or page would open the
   browser's error page or the offline page. They stay put and say why; nothing
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

// Back online (or a round saved): the notes have had their say.
export function dropConnectionNotes() {
  document.querySelectorAll(".needs-connection").forEach(function (note) { note.remove(); });
}

export function installNeedsConnection() {
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
}

// The new-match form: league members seated by a tap, the first dealer named, the tapped button kept in reach.
import { emit } from "./dom.js";

/* The league members: a tapped chip takes the next empty seat
   (the server adds a seat when none is empty), tapped again it leaves its seat; a name
   typed or cleared by hand ticks or unticks its chip. Without JS the chips are
   checkboxes that "Seat the ticked members" sends. */
function seatFields(form) {
  return Array.prototype.slice.call(form.querySelectorAll('input[name^="player_"]'));
}
function sameName(a, b) { return a.trim().toLowerCase() === b.trim().toLowerCase(); }

export function installNewMatch() {
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
  /* The new-match form drawn anew keeps the button just tapped in reach: each seat
     "+ Add seat" adds moves it down, and with many games' tabs above it would go under the
     sticky Start bar. Scrolled only when it is out of reach (scroll-padding keeps it above
     the bar); with JavaScript off the form's page comes back at its top anyway. Right after
     the swap, in the same task: after the settle (20 ms on) a tap could come first. */
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail && event.detail.requestConfig;
    var tapped = config && config.elt;
    if (!tapped || tapped.isConnected || tapped.tagName !== "BUTTON" || !tapped.closest("#setup")) return;
    var again = document.querySelector('#setup button[name="' + tapped.name + '"][value="' + tapped.value + '"]');
    if (again) again.scrollIntoView({ block: "nearest" });
    // The seats come next: with many games' tabs above, a game's "+ Add seat" starts under the bar.
    var add = document.querySelector('#setup button[name="action"][value="add_seat"]');
    if (add) add.scrollIntoView({ block: "nearest" });
  });
}

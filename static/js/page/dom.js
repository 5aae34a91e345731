// Small helpers the page's modules share: elements, events, a form's chosen chip, scores, keys.

export function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// As if the player had changed it: the page's own listeners (and htmx's) hear it.
export function emit(target, type) {
  target.dispatchEvent(new Event(type, { bubbles: true }));
}

// The value of the chip chosen for `name` ("" when none is).
export function checked(form, name) {
  var chip = form.querySelector('input[name="' + name + '"]:checked');
  return chip ? chip.value : "";
}

export function signed(score) { return score ? (score > 0 ? "+" + score : String(score)) : "0"; }

// A round's Idempotency-Key: the server records a round sent twice (a retry) once.
export function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  return String(Date.now()) + "-" + Math.random().toString(36).slice(2);
}

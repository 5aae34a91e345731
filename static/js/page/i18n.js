// The one translator of the page's modules: the words come from the page, in its language.
/* The page carries its sentences as JSON data blocks (<script type="application/json">, which
   the Content Security Policy allows because nothing runs them): "i18n" for the page's own
   words (scorekeeper/web/pages/layout.py) and "offline-i18n" for offline use
   (scorekeeper/web/offline_pages.py). The modules have no English of their own, so a key
   missing from both is shown as it is, which a test notices. */
var messages = {};
["i18n", "offline-i18n"].forEach(function (id) {
  var block = document.getElementById(id);
  try { Object.assign(messages, block ? JSON.parse(block.textContent) : {}); } catch (e) { /* no words: keys shown */ }
});

// {name} placeholders are filled in from `vars`; one not given stays, so a missing value shows.
export function t(key, vars) {
  var text = Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : key;
  return text.replace(/\{(\w+)\}/g, function (whole, name) {
    return vars && Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : whole;
  });
}

// What this phone keeps in IndexedDB: the matches as last served, and the rounds not yet sent.

var DB_NAME = "scorekeeper-offline";

/* Two stores: "matches" (the match JSON as the server last served it) and "queue"
   (rounds saved on this phone, keyed by [match, number]: one round number holds one round). */
var opened = null;
function db() {
  if (!opened) {
    opened = new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        var base = request.result;
        base.createObjectStore("matches", { keyPath: "id" });
        base.createObjectStore("queue", { keyPath: ["match", "number"] }).createIndex("match", "match");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  return opened;
}
function transact(stores, mode, work) {
  return db().then(function (base) {
    return new Promise(function (resolve, reject) {
      var tx = base.transaction(stores, mode);
      var result;
      tx.oncomplete = function () { resolve(result); };
      tx.onerror = tx.onabort = function () { reject(tx.error); };
      result = work(tx);
    });
  });
}
function requestValue(request, done) {
  request.onsuccess = function () { done(request.result); };
}
export function queueOf(matchId) {
  var items = [];
  return transact(["queue"], "readonly", function (tx) {
    requestValue(tx.objectStore("queue").index("match").getAll(matchId), function (found) { items = found; });
  }).then(function () {
    return items.sort(function (a, b) { return a.number - b.number; });
  });
}
export function allQueued() {
  var items = [];
  return transact(["queue"], "readonly", function (tx) {
    requestValue(tx.objectStore("queue").getAll(), function (found) { items = found; });
  }).then(function () { return items; });
}
export function putItems(items, removed) {
  return transact(["queue"], "readwrite", function (tx) {
    var store = tx.objectStore("queue");
    (removed || []).forEach(function (item) { store.delete([item.match, item.number]); });
    items.forEach(function (item) { store.put(item); });
  });
}
export function storedMatch(matchId) {
  var record = null;
  return transact(["matches"], "readonly", function (tx) {
    requestValue(tx.objectStore("matches").get(matchId), function (found) { record = found || null; });
  }).then(function () { return record; });
}
export function storeMatch(record) {
  return transact(["matches"], "readwrite", function (tx) { tx.objectStore("matches").put(record); });
}
// The stored match changed by `change` (which returns false to leave it be), read and
// written in one transaction: a newer copy stored meanwhile is never overwritten.
export function changeMatch(matchId, change) {
  return transact(["matches"], "readwrite", function (tx) {
    var store = tx.objectStore("matches");
    requestValue(store.get(matchId), function (record) {
      if (record && change(record) !== false) store.put(record);
    });
  }).catch(function () {});
}
export function allMatches() {
  var records = [];
  return transact(["matches"], "readonly", function (tx) {
    requestValue(tx.objectStore("matches").getAll(), function (found) { records = found; });
  }).then(function () { return records; });
}

// A round leaves the queue: sent, or undone by the player.
export function dropQueued(item) {
  return transact(["queue"], "readwrite", function (tx) { tx.objectStore("queue").delete([item.match, item.number]); });
}

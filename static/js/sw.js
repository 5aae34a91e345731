/* Scorekeeper service worker (served at /sw.js; the server fills in the version). */
"use strict";
var VERSION = "__VERSION__";
var SHELL = __SHELL__;
var SHELL_CACHE = "scorekeeper-shell-" + VERSION;
var PAGE_CACHE = "scorekeeper-pages-" + VERSION;
// The phone's rules engine (Pyodide and the bundle, ~6 MB compressed): its addresses name
// their versions, so it is kept across app versions; what ENGINE no longer names is dropped.
var ENGINE = __ENGINE__;
var ENGINE_CACHE = "scorekeeper-engine";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.addAll(SHELL); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("scorekeeper-") === 0 && name !== SHELL_CACHE && name !== PAGE_CACHE && name !== ENGINE_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(pruneEngine).then(function () { return self.clients.claim(); })
  );
});

// A page asks the worker to keep it: a first visit's page was loaded before the worker took
// charge, and a claim made while that page was still arriving never reaches it (no
// controllerchange comes), so the worker fetches and stores the page itself. It answers on the
// message's port once the copy is kept (or could not be had).
self.addEventListener("message", function (event) {
  var asked = event.data || {};
  var port = event.ports && event.ports[0];
  if (!asked.keep) return;
  var url = new URL(asked.keep, self.location.href);
  if (url.origin !== self.location.origin) return;
  var headers = { "Accept": "text/html" };
  if (asked.language) headers["Accept-Language"] = asked.language;
  var request = new Request(url.href, { headers: headers, credentials: "same-origin" });
  event.waitUntil(
    fetch(request).then(function (response) {
      if (response.ok) return keepPage(request, response);
    }).catch(function () {}).then(function () {
      if (port) port.postMessage({ kept: url.href });
    })
  );
});

// A page as it came from the network, kept for the next offline visit to its address.
function keepPage(request, response) {
  return caches.open(PAGE_CACHE).then(function (cache) { return cache.put(request, response); });
}

function isEngine(url) {
  return url.pathname.indexOf("/engine/") === 0;
}

function pruneEngine() {
  return caches.open(ENGINE_CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (request) {
        var path = new URL(request.url).pathname;
        return path.indexOf(ENGINE.pyodide) !== 0 && path !== ENGINE.worker && path !== ENGINE.bundle;
      }).map(function (request) { return cache.delete(request); }));
    });
  });
}

// The page's modules are served at /js/<version>/ (the version in the path, so that their
// relative imports carry it): each version's are precached under their own addresses.
function isStatic(url) {
  return url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/vendor/") === 0 ||
    url.pathname.indexOf("/js/") === 0 || url.pathname === "/manifest.webmanifest";
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // round posts go to the network (the page queues them offline)
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf("/api/") === 0 || url.pathname === "/sw.js") return;
  // htmx fragments (live sync, previews) are never stored or served as pages.
  if (request.headers.get("HX-Request")) return;
  if (isEngine(url)) {
    // The engine: cache first, stored on first use (after the first visit, in the background).
    event.respondWith(
      caches.open(ENGINE_CACHE).then(function (cache) {
        return cache.match(request).then(function (hit) {
          return hit || fetch(request).then(function (response) {
            if (response.ok) cache.put(request, response.clone());
            return response;
          });
        });
      })
    );
    return;
  }
  if (isStatic(url)) {
    // App shell and static files: cache first.
    event.respondWith(
      caches.match(request, { ignoreSearch: true }).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            caches.open(SHELL_CACHE).then(function (cache) { cache.put(request, copy); });
          }
          return response;
        });
      })
    );
    return;
  }
  if (request.mode === "navigate" || (request.headers.get("Accept") || "").indexOf("text/html") !== -1) {
    // Pages: network first, the last copy when offline, else the offline page.
    event.respondWith(
      fetch(request).then(function (response) {
        if (response.ok) keepPage(request, response.clone());
        return response;
      }).catch(function () {
        // ignoreVary: a page varies by Cookie, and the cookies the phone sends now are not
        // those of the request that stored it (a first visit gets its device and session
        // cookies with the answer): the page kept for this address is the one to show.
        return caches.match(request, { ignoreSearch: false, ignoreVary: true }).then(function (hit) {
          return hit || caches.match("/offline");
        });
      })
    );
  }
});

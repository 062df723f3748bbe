/* meneur's service worker (scope /): it keeps the app shell (the style sheet, the scripts, the icons
   and the offline page) and shows that page in place of the browser's error when a page cannot be
   reached. It keeps nothing else: no page of a table (what a viewer may see, a form's token), no
   answer of the API, nothing of another site. The server writes the version and the shell in. */
"use strict";
var VERSION = "__VERSION__";
var SHELL = [/* __SHELL__ */];
var CACHE = "meneur-shell-" + VERSION;
var OFFLINE = "/offline";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return cache.addAll(SHELL.map(function (url) { return new Request(url, { cache: "reload" }); }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf("meneur-shell-") === 0 && key !== CACHE;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function inShell(url) {
  return url.origin === self.location.origin && SHELL.indexOf(url.pathname + url.search) !== -1;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    /* a page: always the server's own (never kept), the offline page when it cannot answer */
    event.respondWith(fetch(request).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(OFFLINE); }).then(function (found) {
        return found || Response.error();
      });
    }));
    return;
  }
  if (inShell(url)) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(request).then(function (found) { return found || fetch(request); });
    }));
  }
  /* anything else (the API, a fragment, a socket, an image of a table) goes to the server as is */
});

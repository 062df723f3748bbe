/* meneur as an installed app: register the service worker (scope /) where the browser allows it
   (a secure context: HTTPS, or this machine). */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* the pages work without it */ });
  });
})();

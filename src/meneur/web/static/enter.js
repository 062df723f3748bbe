/* The seat link (/enter/TABLE#TOKEN) and the GM sign-in link (/account/code#CODE): the secret is
   after the #, so it never reaches the server in a URL (no log, no Referer); the page takes it out
   of the address bar and posts it. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("enter");
    var token = decodeURIComponent((window.location.hash || "").replace(/^#/, ""));
    if (!form || !token) { return; }
    window.history.replaceState(null, "", window.location.pathname);
    form.elements.token.value = token;
    form.submit();
  });
})();

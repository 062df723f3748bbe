/* meneur's pages: the page's socket brings the fragments a change concerns (swapped by id, out of
   band, by htmx's ws extension); the token stepper shows the engine's effective value for the
   tokens chosen (read from the legal entry, never computed). */
(function () {
  "use strict";
  var lastSeq = 0;

  function live() { return document.getElementById("live"); }
  function seqOf(element) {
    return element ? parseInt(element.getAttribute("data-seq") || "0", 10) || 0 : 0;
  }
  function status(state) {
    var box = document.getElementById("connection");
    if (!box) { return; }
    box.dataset.state = state;
    box.textContent = box.dataset[state] || box.textContent;
  }
  function session(element) {
    return element && (element.id === "fight" || element.id === "game") ? element : null;
  }

  if (window.htmx) {
    /* a table on a LAN: try again soon after a drop (0.25 s, 0.5 s, 1 s... at most 4 s, with jitter) */
    htmx.config.wsReconnectDelay = function (retry) {
      return Math.min(250 * Math.pow(2, retry), 4000) * (0.5 + Math.random() / 2);
    };
    /* back after a drop: from the last seq this page saw (the server sends the current fragments) */
    htmx.createWebSocket = function (url) {
      return new WebSocket(url.replace(/after=\d+/, "after=" + lastSeq));
    };
  }

  /* On a phone, what is marked data-fold-on-phone starts folded (the table's chat drawer, the other
     cards of a session): one tap on its summary opens it, and a new state of the page keeps it as
     the player left it (by the box's id). */
  var unfolded = {};
  function fold() {
    if (!(window.matchMedia && window.matchMedia("(max-width: 40rem)").matches)) { return; }
    document.querySelectorAll("details[data-fold-on-phone]").forEach(function (box) {
      box.open = Boolean(box.id && Object.prototype.hasOwnProperty.call(unfolded, box.id) && unfolded[box.id]);
    });
  }
  /* only the player's own tap counts (a box parsed open, or folded here, fires "toggle" too) */
  document.addEventListener("click", function (event) {
    var summary = event.target.closest ? event.target.closest("details[data-fold-on-phone] > summary") : null;
    var box = summary && summary.parentNode;
    if (box && box.id) { unfolded[box.id] = !box.open; }
  });
  document.addEventListener("DOMContentLoaded", function () {
    lastSeq = seqOf(live());
    fold();
  });
  document.addEventListener("htmx:afterSwap", fold);
  document.addEventListener("htmx:wsAfterMessage", fold);

  /* Whether the page's socket is open, and the last one (to open it again). */
  var socketOpen = false;
  var socket = null;
  var ended = false;
  var retried = false;
  function state() {
    var box = document.getElementById("connection");
    return box ? box.dataset.state : "";
  }
  document.addEventListener("htmx:wsOpen", function (event) {
    socketOpen = true;
    socket = event.detail && event.detail.socketWrapper;
    status("online");
  });
  document.addEventListener("htmx:wsClose", function (event) {
    var code = event.detail && event.detail.event && event.detail.event.code;
    socketOpen = false;
    socket = event.detail && event.detail.socketWrapper;
    ended = code === 4401 || code === 4404;
    retried = [1006, 1011, 1012, 1013].indexOf(code) >= 0;  /* htmx tries again itself */
    /* a failed reconnection attempt does not hide "not sent": the player must see it until back */
    if (!ended && state() === "unsent") { return; }
    status(code === 4401 ? "closed" : "offline");
  });
  document.addEventListener("htmx:sendError", function () { status("unsent"); });
  document.addEventListener("htmx:responseError", function () { status("failed"); });
  /* An answer that arrives proves the connection is back: "not sent" and "lost" go (while the
     socket is down, "reconnecting" stays until it is open again). */
  function answered(xhr) {
    if (!xhr || xhr.status === 0 || xhr.status >= 400) { return; }
    if (state() === "unsent" || state() === "failed" || state() === "offline") {
      status(socketOpen ? "online" : "offline");
    }
  }
  document.addEventListener("htmx:afterRequest", function (event) { answered(event.detail && event.detail.xhr); });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (state() === "offline" || state() === "connecting") { status("online"); }
    /* the GM replaced the fight by a new one this player plays in: go to it */
    var moved = document.querySelector("#moved[data-moved-to]");
    if (moved) { window.location.assign(moved.dataset.movedTo); }
  });
  /* The socket closed in a way htmx does not retry (a phone put to sleep, the server restarted):
     it is opened again when the network or the page comes back. */
  function reopen() {
    if (!socketOpen && !ended && !retried && socket && document.visibilityState !== "hidden") {
      retried = true;
      socket.reconnect();
    }
  }
  window.addEventListener("online", reopen);
  document.addEventListener("visibilitychange", reopen);

  /* A fragment the page already shows (its own action's answer came first) or an older one is not
     swapped: the data-seq of a fragment is the table's seq its state is at least at. */
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var shown = session(event.detail.target);
    var incoming = event.detail.fragment && event.detail.fragment.firstElementChild;
    if (shown && incoming && seqOf(incoming) <= seqOf(shown)) { event.detail.shouldSwap = false; }
  });
  /* a message or a handout came while the chat's drawer is folded: its summary says « nouveau »
     (the newest ids shown are remembered from the first lists the page got, and whenever it is open) */
  var seenChat = null;
  function newest(selector) {
    var found = 0;
    document.querySelectorAll(selector).forEach(function (item) {
      found = Math.max(found, parseInt(item.getAttribute("data-id") || "0", 10) || 0);
    });
    return found;
  }
  function chatLists() {
    var drawer = document.getElementById("chat-drawer");
    var unread = document.getElementById("chat-unread");
    if (!drawer || !unread || !document.getElementById("chat-messages")) { return; }
    var now = [newest("#chat-messages .message"), newest("#handouts .handout")];
    if (seenChat !== null && !drawer.open && (now[0] > seenChat[0] || now[1] > seenChat[1])) {
      unread.hidden = false;
      return;
    }
    if (seenChat === null || drawer.open) { seenChat = now; }
  }
  /* a message's time is stored in UTC: shown in the phone's own time zone */
  function localTimes() {
    document.querySelectorAll("time[data-utc]").forEach(function (item) {
      var when = new Date(item.getAttribute("datetime") || "");
      if (isNaN(when.getTime())) { return; }
      item.textContent = when.toLocaleTimeString(document.documentElement.lang || undefined,
        { hour: "2-digit", minute: "2-digit" });
      item.removeAttribute("data-utc");
    });
  }
  document.addEventListener("htmx:wsAfterMessage", function () { localTimes(); chatLists(); });
  document.addEventListener("htmx:afterSwap", function () { localTimes(); chatLists(); });
  document.addEventListener("DOMContentLoaded", localTimes);
  document.addEventListener("toggle", function (event) {
    var unread = document.getElementById("chat-unread");
    if (unread && event.target.id === "chat-drawer" && event.target.open) {
      unread.hidden = true;
      seenChat = [newest("#chat-messages .message"), newest("#handouts .handout")];
    }
  }, true);
  document.addEventListener("htmx:wsAfterMessage", function () {
    lastSeq = Math.max(lastSeq, seqOf(document.getElementById("live-seq")));
    var box = live();
    if (box) { box.dataset.seq = String(lastSeq); }
  });

  /* An action's answer older than what the socket brought meanwhile keeps the newer state and
     shows the answer's refusal, if it has one, in it. */
  function refusal(answer, shown) {
    var found = answer.querySelector("#refusal");
    var old = shown.querySelector("#refusal");
    if (found && old) { old.replaceWith(found); }
    else if (found) { shown.querySelector("#where").after(found); }
  }
  function parsed(text) {
    var holder = document.createElement("template");
    holder.innerHTML = text || "";
    return holder.content;
  }
  function older(event) {
    var shown = session(event.detail.target);
    if (!shown || !event.detail.shouldSwap) { return false; }
    var answer = parsed(event.detail.serverResponse);
    var incoming = session(answer.firstElementChild);
    if (!incoming || seqOf(incoming) >= seqOf(shown)) { return false; }
    refusal(answer, shown);
    return true;
  }
  /* The socket replaced the fragment while an action was on its way: htmx would put the answer in
     the element that left the page, so it is put in the page here (or only its refusal). */
  function late(xhr) {
    if (xhr.status >= 400) { status("failed"); return; }
    /* the answer's element left the page, so htmx's afterRequest does not reach the document */
    answered(xhr);
    var answer = parsed(xhr.responseText);
    var incoming = session(answer.firstElementChild);
    var shown = incoming && document.getElementById(incoming.id);
    if (!shown) { return; }
    /* the socket already showed this state (or a newer one): only the answer's refusal is news,
       and what the player is typing in the shown forms stays */
    if (seqOf(incoming) <= seqOf(shown)) { refusal(answer, shown); return; }
    remember();
    shown.replaceWith(incoming);
    htmx.process(incoming);
    restore();
    alerts(false);
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var target = session(event.detail.target);
    var xhr = event.detail.xhr;
    if (!target || !xhr) { return; }
    xhr.addEventListener("load", function () {
      if (!document.body.contains(target)) { late(xhr); }
    });
  });

  /* A new state of the same move keeps what the player was typing (tokens, where to, dice). */
  var typed = {};
  function shownSession() { return document.getElementById("fight") || document.getElementById("game"); }
  function remember() {
    var fight = shownSession();
    typed = {};
    if (!fight) { return; }
    fight.querySelectorAll("form.action input[type=number], form.action input[name=dice]").forEach(function (input) {
      if (input.value !== input.defaultValue) { typed[input.id] = [fight.dataset.version, input.value]; }
    });
  }
  function restore() {
    var fight = shownSession();
    if (!fight) { return; }
    Object.keys(typed).forEach(function (id) {
      var input = document.getElementById(id);
      if (input && typed[id][0] === fight.dataset.version) { input.value = typed[id][1]; worth(input); }
    });
    typed = {};
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (older(event)) { event.detail.shouldSwap = false; return; }
    remember();
  });
  document.addEventListener("htmx:afterSwap", restore);
  document.addEventListener("htmx:wsBeforeMessage", remember);
  document.addEventListener("htmx:wsAfterMessage", restore);

  /* What calls the viewer (the server marks the session's fragment: data-my-turn, data-must-react,
     data-alert naming this very call): on a new call, its card is brought into view, the phone
     vibrates, the title says it and, if the player turned the sound on, a short beep. A swap that
     brings the same call again changes nothing; the title goes back once nothing calls. */
  var SOUND = "meneur.sound";
  var called = null;
  var baseTitle = null;
  var audio = null;
  function soundOn() {
    try { return window.localStorage.getItem(SOUND) === "on"; } catch (e) { return false; }
  }
  function beep() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context || !soundOn()) { return; }
    try {
      audio = audio || new Context();
      var tone = audio.createOscillator();
      var gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.2);
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.2);
    } catch (e) { /* no sound on this device: the other alerts remain */ }
  }
  function alerts(first) {
    var fight = shownSession();
    if (!fight) { return; }
    if (baseTitle === null) { baseTitle = document.title; }
    var key = fight.dataset.alert || "";
    if (key === called) { return; }
    called = key;
    if (!key) { document.title = baseTitle; return; }
    document.title = (fight.dataset.alertTitle || "") + " — " + baseTitle;
    var card = document.getElementById(fight.dataset.alertFocus || "");
    if (card) { card.scrollIntoView({ block: "start" }); }
    if (first) { return; }  /* a page just opened buzzes nothing: its player is looking at it */
    if (navigator.vibrate) { try { navigator.vibrate([120, 60, 120]); } catch (e) { /* not allowed here */ } }
    beep();
  }
  function soundToggle() {
    var box = document.querySelector("[data-sound-toggle]");
    if (box) { box.checked = soundOn(); }
  }
  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("[data-sound-toggle]")) { return; }
    try { window.localStorage.setItem(SOUND, event.target.checked ? "on" : "off"); } catch (e) { /* private mode */ }
    /* the tap itself lets the page make sound later (browsers' autoplay rule) */
    if (event.target.checked) {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (Context) { audio = audio || new Context(); if (audio.resume) { audio.resume(); } }
    }
  });
  document.addEventListener("DOMContentLoaded", function () { soundToggle(); alerts(true); });
  document.addEventListener("htmx:afterSwap", function () { alerts(false); });
  document.addEventListener("htmx:wsAfterMessage", function () { alerts(false); });

  /* The header's menu on a phone: one button opens the rest of the header (the links, the
     language) and says so (aria-expanded); Escape or a tap elsewhere folds it again. */
  function menu(open, focusBack) {
    var top = document.getElementById("top");
    var toggle = document.getElementById("menu-toggle");
    if (!top || !toggle) { return; }
    top.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    if (!open && focusBack) { toggle.focus(); }
  }
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest ? event.target.closest("#menu-toggle") : null;
    if (toggle) { menu(toggle.getAttribute("aria-expanded") !== "true", false); return; }
    var top = document.getElementById("top");
    if (top && top.classList.contains("open") && !top.contains(event.target)) { menu(false, false); }
  });
  document.addEventListener("keydown", function (event) {
    var top = document.getElementById("top");
    if (event.key === "Escape" && top && top.classList.contains("open")) { menu(false, true); }
  });
  /* who the viewer plays, in the bar: the session's fragment says it (data-who) after each swap */
  function who() {
    var shown = shownSession();
    var bar = document.getElementById("bar-who");
    if (shown && bar && shown.hasAttribute("data-who") && bar.textContent !== shown.dataset.who) {
      bar.textContent = shown.dataset.who;
    }
  }
  document.addEventListener("htmx:afterSwap", who);
  document.addEventListener("htmx:wsAfterMessage", who);

  function worth(input) {
    var values = JSON.parse(input.dataset.effective || "[]");
    var low = parseInt(input.dataset.min || "0", 10);
    var n = parseInt(input.value, 10);
    var out = input.parentNode.querySelector(".value");
    if (out && !isNaN(n) && values[n - low] !== undefined) { out.textContent = values[n - low]; }
    /* a defence says what it leads to for the tokens chosen (the engine's foresight, worded by the server) */
    var told = input.form && input.form.querySelector("output.foresight");
    var seen = told ? JSON.parse(told.dataset.foresight || "[]") : [];
    if (told && !isNaN(n) && seen[n - low] !== undefined) { told.textContent = seen[n - low]; }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button.step") : null;
    if (!button) { return; }
    var input = button.parentNode.querySelector("input[type=number]");
    var n = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    n = Math.max(parseInt(input.min, 10), Math.min(parseInt(input.max, 10), n));
    input.value = n;
    worth(input);
  });
  document.addEventListener("input", function (event) {
    if (event.target.dataset && event.target.dataset.effective) { worth(event.target); }
  });
})();

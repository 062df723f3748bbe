/* meneur's pages: the live feed (the table's WebSocket) refreshes the fragments; the token stepper
   shows the engine's effective value for the tokens chosen (read from the legal entry, never computed). */
(function () {
  "use strict";
  var lastSeq = 0;
  var opened = false;
  var pending = null;

  function live() { return document.getElementById("live"); }
  function status(state) {
    var box = document.getElementById("connection");
    if (!box) { return; }
    box.dataset.state = state;
    box.textContent = box.dataset[state] || box.textContent;
  }
  function changed(name) {
    if (pending) { return; }
    pending = setTimeout(function () {
      pending = null;
      htmx.trigger(document.body, name || "meneur:changed");
    }, 30);
  }

  if (window.htmx) {
    /* a table on a LAN: try again soon after a drop (0.25 s, 0.5 s, 1 s... at most 4 s, with jitter) */
    htmx.config.wsReconnectDelay = function (retry) {
      return Math.min(250 * Math.pow(2, retry), 4000) * (0.5 + Math.random() / 2);
    };
    htmx.createWebSocket = function (url) {
      return new WebSocket(url.replace(/after=\d+/, "after=" + lastSeq));
    };
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = live();
    if (box) { lastSeq = parseInt(box.dataset.seq || "0", 10) || 0; }
  });

  document.addEventListener("htmx:wsOpen", function () {
    status("online");
    if (opened) { changed(); }  /* back after a drop: catch up */
    opened = true;
  });
  document.addEventListener("htmx:wsClose", function () { status("offline"); });
  document.addEventListener("htmx:sendError", function () { status("unsent"); });

  document.addEventListener("htmx:wsBeforeMessage", function (event) {
    event.preventDefault();  /* JSON, not HTML: we fetch the fragment ourselves */
    var message;
    try { message = JSON.parse(event.detail.message); } catch (e) { return; }
    if (typeof message.seq !== "number" || message.seq <= lastSeq) { return; }
    lastSeq = message.seq;
    var box = live();
    if (box) { box.dataset.seq = String(lastSeq); }
    if (message.kind === "roll") { htmx.trigger(document.body, "meneur:rolled"); return; }
    var fight = document.getElementById("fight");
    if (fight && (message.kind === "command" || message.kind === "undo") &&
        fight.dataset.version === String(message.version) && message.kind === "command") {
      return;  /* this page already shows it (its own command) */
    }
    changed();
  });

  /* A refresh that shows the same move keeps what the player was typing (tokens, where to). */
  var typed = {};
  document.addEventListener("htmx:beforeSwap", function (event) {
    var fight = document.getElementById("fight");
    typed = {};
    if (!fight || event.detail.target !== fight) { return; }
    fight.querySelectorAll("form.action input[type=number]").forEach(function (input) {
      if (input.value !== input.defaultValue) { typed[input.id] = [fight.dataset.version, input.value]; }
    });
  });
  document.addEventListener("htmx:afterSwap", function () {
    var fight = document.getElementById("fight");
    if (!fight) { return; }
    Object.keys(typed).forEach(function (id) {
      var input = document.getElementById(id);
      if (input && typed[id][0] === fight.dataset.version) { input.value = typed[id][1]; worth(input); }
    });
    typed = {};
  });

  /* Drag a token on the plan: the position in metres goes into that combatant's legal move (the
     engine moves it or says why not); without a pointer, the move's x and y fields do the same. */
  var drag = null;
  function metres(svg, event) {
    var point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }
  document.addEventListener("pointerdown", function (event) {
    var token = event.target.closest ? event.target.closest(".plan g.token[data-id]") : null;
    if (!token) { return; }
    var form = document.querySelector("form.action[data-kind=move][data-actor='" + token.dataset.id + "']");
    if (!form) { return; }
    drag = {token: token, form: form, svg: token.ownerSVGElement};
    token.classList.add("dragging");
    event.preventDefault();
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag) { return; }
    var at = metres(drag.svg, event);
    drag.token.setAttribute("transform", "translate(" + (at.x - drag.token.querySelector("circle").cx.baseVal.value) +
      "," + (at.y - drag.token.querySelector("circle").cy.baseVal.value) + ")");
  });
  document.addEventListener("pointerup", function (event) {
    if (!drag) { return; }
    var at = metres(drag.svg, event);
    drag.form.querySelector("input[name=x]").value = Math.round(at.x * 10) / 10;
    drag.form.querySelector("input[name=y]").value = Math.round(at.y * 10) / 10;
    var form = drag.form;
    drag.token.classList.remove("dragging");
    drag = null;
    htmx.trigger(form, "submit");
  });

  /* The GM clicks on the plan (not on a token): the position in metres goes into the form that
     places a terrain element (the engine places it or says why not). */
  document.addEventListener("click", function (event) {
    var svg = event.target.closest ? event.target.closest(".plan svg") : null;
    if (!svg || event.target.closest("g.token")) { return; }
    var form = document.getElementById("terrain-form");
    if (!form) { return; }
    var at = metres(svg, event);
    form.querySelector("input[name=x]").value = Math.round(at.x * 10) / 10;
    form.querySelector("input[name=y]").value = Math.round(at.y * 10) / 10;
    var details = document.getElementById("terrain-details");
    if (details) { details.open = true; }
    form.querySelector("select[name=kind]").focus();
  });

  function worth(input) {
    var values = JSON.parse(input.dataset.effective || "[]");
    var low = parseInt(input.dataset.min || "0", 10);
    var n = parseInt(input.value, 10);
    var out = input.parentNode.querySelector(".value");
    if (out && !isNaN(n) && values[n - low] !== undefined) { out.textContent = values[n - low]; }
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

/* The fight's plan (loaded by the fight page only): zoom and pan by touch, the wheel or the buttons
   (the SVG's viewBox changes, no library); a tap on a token puts the rules' range rings around it;
   a token the viewer may move (data-draggable: the server's stored links say whose) is dragged,
   and while it moves the server is asked what the engine says of the move (the preview decides,
   nothing is applied); the drop gives the command the preview judged, through the session's "do"
   (the engine moves the token or says why not, and the GM can undo it). The GM's click on the
   plan (not on a token) puts the position in metres into the terrain form. */
(function () {
  "use strict";
  var views = {};      /* the viewBox the reader zoomed or panned to, by session */
  var pointers = {};   /* the pointers down on the plan's background (pan, pinch) */
  var gesture = null;
  var drag = null;
  var panned = false;

  function plan() { return document.getElementById("plan"); }
  function svgOf(section) { return section ? section.querySelector("svg") : null; }
  function box(svg) { return svg.getAttribute("viewBox").split(/\s+/).map(parseFloat); }
  function metres(svg, event) {
    var point = svg.createSVGPoint();
    point.x = event.clientX; point.y = event.clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse());
  }
  function tenth(value) { return Math.round(value * 10) / 10; }

  /* the scale bar stays at the bottom left of what is shown */
  function show(svg, values) {
    svg.setAttribute("viewBox", values.join(" "));
    var ruler = svg.querySelector("g.ruler");
    if (ruler) {
      ruler.setAttribute("transform", "translate(" + (values[0] + values[2] * 0.04) + " " + (values[1] + values[3] * 0.94) + ")");
    }
    labelRings(svg, values);
  }
  /* each ring's name goes where its circle is on the screen and nothing else is written: at its
     top if that is shown and free, else at the first of its other points that is (shown, clear of
     the tokens, their names and the rings' names already placed); a ring with no shown point, or
     no free one, has its name hidden (the line under the plan names the rings) */
  var ANGLES = [-90, -60, -120, -30, -150, 0, 180, 30, 150, 60, 120, 90];
  function crosses(a, b) {
    return Math.min(a[2], b[2]) > Math.max(a[0], b[0]) && Math.min(a[3], b[3]) > Math.max(a[1], b[1]);
  }
  function drawn(element) {
    var b = element.getBBox();
    return [b.x, b.y, b.x + b.width, b.y + b.height];
  }
  function labelRings(svg, values) {
    var rings = svg.querySelector("g.rings");
    var token = rings ? svg.querySelector("g.token[data-id='" + rings.dataset.for + "']") : null;
    if (!token) { return; }
    var cx = parseFloat(token.dataset.x), cy = parseFloat(token.dataset.y);
    var inset = values[2] * 0.02;
    var taken = [];
    svg.querySelectorAll("g.token text.name, g.token circle, g.terrain text").forEach(function (e) {
      taken.push(drawn(e));
    });
    rings.querySelectorAll("text.ring-label").forEach(function (text) {
      var r = parseFloat(rings.querySelector("circle.ring." + text.classList[1]).getAttribute("r"));
      var size = drawn(text);
      var width = size[2] - size[0], height = size[3] - size[1];
      var found = null;
      ANGLES.some(function (angle) {
        var x = cx + r * Math.cos(angle * Math.PI / 180), y = cy + r * Math.sin(angle * Math.PI / 180);
        var place = [x - width / 2, y - height / 2, x + width / 2, y + height / 2];
        var shown = place[0] > values[0] + inset && place[2] < values[0] + values[2] - inset &&
          place[1] > values[1] + inset && place[3] < values[1] + values[3] - inset;
        var free = shown && !taken.some(function (other) { return crosses(place, other); });
        if (free) { found = place; }
        return free;
      });
      text.setAttribute("visibility", found ? "visible" : "hidden");
      if (found) {
        taken.push(found);
        text.setAttribute("x", (found[0] + found[2]) / 2 - cx);
        text.setAttribute("y", found[3] - height * 0.25 - cy);  /* the baseline, a little above the bottom */
      }
    });
  }
  function remembered(section, svg, values) {
    views[section.dataset.session] = values;
    show(svg, values);
  }
  function zoom(section, factor, x, y) {
    var svg = svgOf(section);
    var v = box(svg);
    var full = section.dataset.box.split(/\s+/).map(parseFloat);
    var width = Math.min(Math.max(v[2] * factor, full[2] / 20), full[2] * 8);
    var k = width / v[2];
    remembered(section, svg, [x - (x - v[0]) * k, y - (y - v[1]) * k, v[2] * k, v[3] * k]);
  }

  /* after a new fragment (an answer, the socket): the reader's zoom stays, the rings stay on the
     token they tapped */
  var picked = {};
  function settle() {
    var section = plan();
    var svg = svgOf(section);
    if (!svg) { return; }
    var kept = views[section.dataset.session];
    show(svg, kept || box(svg));
    var token = picked[section.dataset.session];
    if (token) { select(section, token); }
  }
  function select(section, id) {
    var rings = section.querySelector("g.rings");
    var token = section.querySelector("g.token[data-id='" + id + "']");
    if (!rings || !token) { return; }
    rings.setAttribute("transform", "translate(" + token.dataset.x + " " + token.dataset.y + ")");
    rings.dataset.for = id;
    picked[section.dataset.session] = id;
    labelRings(svgOf(section), box(svgOf(section)));
  }
  document.addEventListener("DOMContentLoaded", settle);
  document.addEventListener("htmx:afterSwap", settle);
  document.addEventListener("htmx:wsAfterMessage", settle);

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".plan button.zoom") : null;
    if (!button) { return; }
    var section = plan();
    var svg = svgOf(section);
    var v = box(svg);
    if (button.dataset.zoom === "reset") {
      delete views[section.dataset.session];
      show(svg, section.dataset.box.split(/\s+/).map(parseFloat));
      return;
    }
    zoom(section, button.dataset.zoom === "in" ? 0.7 : 1 / 0.7, v[0] + v[2] / 2, v[1] + v[3] / 2);
  });
  document.addEventListener("wheel", function (event) {
    var svg = event.target.closest ? event.target.closest(".plan svg") : null;
    if (!svg) { return; }
    event.preventDefault();
    var at = metres(svg, event);
    zoom(plan(), Math.exp(event.deltaY * 0.002), at.x, at.y);
  }, {passive: false});

  /* What the engine says of the move to the point, asked while dragging (one question at a time,
     the latest point asked again when the answer comes). */
  function say(text, state) {
    var line = document.getElementById("plan-preview");
    if (!line) { return; }
    line.textContent = text;
    line.dataset.state = state || "";
  }
  function ask(id, point) {
    var section = plan();
    var url = section.dataset.preview + "?actor=" + encodeURIComponent(id) + "&x=" + point.x +
      "&y=" + point.y + "&version=" + encodeURIComponent(section.dataset.version);
    return fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (answer) { return answer.json(); })
      .catch(function () { return {allowed: false, text: document.getElementById("connection").dataset.unsent || ""}; });
  }
  function preview() {
    if (!drag || drag.asking) { return; }
    var point = drag.at;
    if (drag.asked && drag.asked.x === point.x && drag.asked.y === point.y) { return; }
    drag.asking = true;
    drag.asked = point;
    var current = drag;
    ask(current.id, point).then(function (verdict) {
      current.asking = false;
      if (current !== drag) { return; }
      current.verdict = {point: point, answer: verdict};
      say(verdict.text, verdict.allowed ? "allowed" : "refused");
      current.token.classList.toggle("refused", !verdict.allowed);
      preview();
    });
  }
  function give(verdict, point) {
    var section = plan();
    if (!verdict.command) { return; }
    htmx.ajax("POST", section.dataset.do, {
      source: section, target: "#fight", swap: "outerHTML",
      values: {command: verdict.command, version: section.dataset.version, x: point.x, y: point.y}
    });
  }
  function drop() {
    var current = drag;
    drag = null;
    var point = current.at;  /* where the token was last shown, and asked about */
    current.token.classList.remove("dragging");
    current.path.setAttribute("visibility", "hidden");
    if (!current.moved) {
      current.token.removeAttribute("transform");
      select(plan(), current.id);
      return;
    }
    panned = true;  /* the click that ends a drag places no terrain */
    var known = current.verdict;
    var judged = known && known.point.x === point.x && known.point.y === point.y ? Promise.resolve(known.answer) : ask(current.id, point);
    judged.then(function (verdict) {
      say(verdict.text, verdict.allowed ? "allowed" : "refused");
      if (!verdict.command) { current.token.removeAttribute("transform"); return; }
      give(verdict, point);
    });
  }

  document.addEventListener("pointerdown", function (event) {
    var svg = event.target.closest ? event.target.closest(".plan svg") : null;
    if (!svg) { return; }
    var token = event.target.closest("g.token[data-id]");
    if (token && token.dataset.draggable) {
      panned = false;
      drag = {id: token.dataset.id, token: token, svg: svg, path: svg.querySelector("line.drag-path"),
              x: parseFloat(token.dataset.x), y: parseFloat(token.dataset.y), moved: false, pointer: event.pointerId};
      drag.at = {x: drag.x, y: drag.y};
      token.classList.add("dragging");
      if (svg.setPointerCapture) { try { svg.setPointerCapture(event.pointerId); } catch (e) { /* a finished pointer */ } }
      event.preventDefault();
      return;
    }
    if (token) { select(plan(), token.dataset.id); return; }
    panned = false;
    pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
    var ids = Object.keys(pointers);
    gesture = {box: box(svg), ids: ids, start: ids.map(function (id) { return pointers[id]; }),
               moved: false, svg: svg, ctm: svg.getScreenCTM()};
  });
  document.addEventListener("pointermove", function (event) {
    if (drag && event.pointerId === drag.pointer) {
      var at = metres(drag.svg, event);
      var dx = at.x - drag.x, dy = at.y - drag.y;
      if (!drag.moved && Math.sqrt(dx * dx + dy * dy) < 0.2) { return; }
      drag.moved = true;
      drag.token.setAttribute("transform", "translate(" + dx + "," + dy + ")");
      drag.path.setAttribute("x1", drag.x); drag.path.setAttribute("y1", drag.y);
      drag.path.setAttribute("x2", at.x); drag.path.setAttribute("y2", at.y);
      drag.path.setAttribute("visibility", "visible");
      drag.at = {x: tenth(at.x), y: tenth(at.y)};
      preview();
      event.preventDefault();
      return;
    }
    if (!gesture || !pointers[event.pointerId]) { return; }
    pointers[event.pointerId] = {x: event.clientX, y: event.clientY};
    var section = plan();
    var scale = gesture.ctm.a || 1;  /* screen pixels per metre when the gesture began */
    var v = gesture.box;
    var now = gesture.ids.map(function (id) { return pointers[id] || gesture.start[0]; });
    if (gesture.ids.length >= 2) {  /* a pinch: the distance between two fingers */
      var before = Math.hypot(gesture.start[0].x - gesture.start[1].x, gesture.start[0].y - gesture.start[1].y) || 1;
      var after = Math.hypot(now[0].x - now[1].x, now[0].y - now[1].y) || 1;
      var middle = metres(gesture.svg, {clientX: (gesture.start[0].x + gesture.start[1].x) / 2,
                                         clientY: (gesture.start[0].y + gesture.start[1].y) / 2});
      show(gesture.svg, v);
      gesture.moved = true;
      zoom(section, before / after, middle.x, middle.y);
      return;
    }
    var mx = (now[0].x - gesture.start[0].x) / scale, my = (now[0].y - gesture.start[0].y) / scale;
    if (!gesture.moved && Math.abs(mx * scale) + Math.abs(my * scale) < 6) { return; }
    gesture.moved = true;
    remembered(section, gesture.svg, [v[0] - mx, v[1] - my, v[2], v[3]]);
  });
  function lift(event) {
    if (drag && event.pointerId === drag.pointer) {
      if (event.type === "pointercancel") {
        drag.token.removeAttribute("transform"); drag.token.classList.remove("dragging");
        drag.path.setAttribute("visibility", "hidden"); drag = null; return;
      }
      drop();
      return;
    }
    if (!pointers[event.pointerId]) { return; }
    delete pointers[event.pointerId];
    if (gesture && gesture.moved) { panned = true; }
    if (!Object.keys(pointers).length) { gesture = null; }
  }
  document.addEventListener("pointerup", lift);
  document.addEventListener("pointercancel", lift);

  /* The GM clicks on the plan (not on a token, not at the end of a pan): the position in metres
     goes into the form that places a terrain element (the engine places it or says why not). */
  document.addEventListener("click", function (event) {
    var svg = event.target.closest ? event.target.closest(".plan svg") : null;
    if (!svg) { return; }
    if (panned) { panned = false; return; }
    if (event.target.closest("g.token")) { return; }
    var form = document.getElementById("terrain-form");
    if (!form) { return; }
    var at = metres(svg, event);
    form.querySelector("input[name=x]").value = tenth(at.x);
    form.querySelector("input[name=y]").value = tenth(at.y);
    var details = document.getElementById("terrain-details");
    if (details) { details.open = true; }
    form.querySelector("select[name=kind]").focus();
  });
})();

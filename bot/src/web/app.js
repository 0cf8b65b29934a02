// The game page's script: live updates (server-sent events), the clock, and on a
// player's page, playing by clicking the board. No inline script (the CSP forbids it).
(function () {
  "use strict";
  var body = document.body;
  var main = document.getElementById("game");
  if (!main) return;
  var eventsUrl = body.getAttribute("data-events");
  var play = body.getAttribute("data-play");
  var conn = document.getElementById("conn");
  var statusEl = document.getElementById("status");
  var choicesEl = document.getElementById("choices");
  var othersEl = document.getElementById("others");
  var actions = null;
  var selected = null;
  var busy = false;

  function version() {
    var live = main.querySelector(".live");
    return live ? Number(live.getAttribute("data-version")) : 0;
  }
  function over() {
    var live = main.querySelector(".live");
    return live && live.getAttribute("data-over") === "true";
  }
  function cell(sq) {
    return main.querySelector('[data-square="' + sq + '"]');
  }
  // Server-escaped HTML (every word escaped there).
  function status(html) {
    if (statusEl) statusEl.innerHTML = html;
  }

  function connect() {
    var es = new EventSource(eventsUrl);
    es.addEventListener("game", function (e) {
      var focused = document.activeElement && document.activeElement.getAttribute("data-square");
      main.innerHTML = e.data;
      conn.textContent = "";
      body.setAttribute("data-version", String(version()));
      tick();
      if (focused && cell(focused)) cell(focused).focus();
      if (play) loadActions();
    });
    es.onopen = function () {
      conn.textContent = "";
    };
    es.onerror = function () {
      conn.textContent = "Connection lost: reconnecting…";
      if (es.readyState === EventSource.CLOSED) {
        setTimeout(connect, 2000);
      }
    };
  }

  function loadActions() {
    if (over()) {
      actions = null;
      selected = null;
      mark();
      status("The game is over.");
      if (othersEl) othersEl.innerHTML = "";
      return;
    }
    fetch(play + "/actions", { cache: "no-store" })
      .then(function (r) {
        return r.ok ? r.json() : null;
      })
      .then(function (j) {
        actions = j && j.actions ? j : null;
        if (actions && actions.version !== version()) {
          // The board shown is not the one the actions are for: the next event brings it.
          actions = null;
        }
        selected = null;
        if (choicesEl) choicesEl.innerHTML = "";
        mark();
        others();
        if (!actions) return;
        if (actions.waiting) status(actions.waiting);
        else status("Your move: click a piece, then where it goes.");
      })
      .catch(function () {
        status("Cannot read your moves now.");
      });
  }

  function mark() {
    var cells = main.querySelectorAll(".cell");
    for (var i = 0; i < cells.length; i++) {
      cells[i].classList.remove("selected", "dest", "movable");
    }
    if (!actions) return;
    actions.actions.forEach(function (a) {
      if (a.from && cell(a.from)) cell(a.from).classList.add("movable");
      if (!a.from && a.to && cell(a.to)) cell(a.to).classList.add("movable");
    });
    if (selected && cell(selected)) {
      cell(selected).classList.add("selected");
      actions.actions.forEach(function (a) {
        if (a.from === selected && a.to && cell(a.to)) cell(a.to).classList.add("dest");
      });
    }
  }

  function button(a) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = a.label;
    b.setAttribute("data-key", a.key);
    b.addEventListener("click", function () {
      send(a);
    });
    return b;
  }

  // The actions not played on a square (an exchange, a card, the end of a turn).
  function others() {
    if (!othersEl) return;
    othersEl.innerHTML = "";
    if (!actions) return;
    actions.actions.forEach(function (a) {
      if (!a.to) othersEl.appendChild(button(a));
    });
  }

  function choose(list) {
    if (!choicesEl) return;
    choicesEl.innerHTML = "";
    list.forEach(function (a) {
      choicesEl.appendChild(button(a));
    });
    var first = choicesEl.querySelector("button");
    if (first) first.focus();
  }

  function clickSquare(sq) {
    if (!play || !actions || busy) return;
    if (choicesEl) choicesEl.innerHTML = "";
    var list = actions.actions;
    if (selected) {
      var to = list.filter(function (a) {
        return a.from === selected && a.to === sq;
      });
      if (to.length === 1) return send(to[0]);
      if (to.length > 1) return choose(to);
    }
    var from = list.filter(function (a) {
      return a.from === sq;
    });
    if (from.length && selected !== sq) {
      selected = sq;
      mark();
      status("Where does " + sq + " go? (click a marked square)");
      return;
    }
    var drops = list.filter(function (a) {
      return !a.from && a.to === sq;
    });
    selected = null;
    mark();
    if (drops.length === 1) return send(drops[0]);
    if (drops.length > 1) return choose(drops);
  }

  function send(a) {
    if (!actions || busy) return;
    busy = true;
    status("Playing…");
    var form = new URLSearchParams();
    form.set("key", a.key);
    form.set("version", String(actions.version));
    fetch(play + "/move", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    })
      .then(function (r) {
        return r.json();
      })
      .catch(function () {
        return { ok: false, message: "No answer: try again." };
      })
      .then(function (j) {
        busy = false;
        selected = null;
        if (choicesEl) choicesEl.innerHTML = "";
        mark();
        status(j.message || "");
        if (j.stale) location.reload();
      });
  }

  main.addEventListener("click", function (e) {
    var g = e.target.closest ? e.target.closest("[data-square]") : null;
    if (g) clickSquare(g.getAttribute("data-square"));
  });
  main.addEventListener("keydown", function (e) {
    var sq = e.target.getAttribute && e.target.getAttribute("data-square");
    if (sq && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      clickSquare(sq);
    }
  });

  function left(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var d = Math.floor(s / 86400),
      h = Math.floor((s % 86400) / 3600),
      m = Math.floor((s % 3600) / 60);
    if (d) return d + " d " + h + " h";
    if (h) return h + " h " + m + " min";
    return m + " min " + (s % 60) + " s";
  }
  function tick() {
    var c = main.querySelector(".clock[data-deadline]");
    if (!c) return;
    var ms = Number(c.getAttribute("data-deadline")) - Date.now();
    c.textContent = ms > 0 ? "Time left for this move: " + left(ms) : "Time is up for this move.";
  }
  setInterval(tick, 1000);
  tick();
  connect();
  if (play) loadActions();
})();

// A finished game's page: step through its moves without reloading. The buttons and
// the move list are links (`?ply=n`) that work without this script; with it, a click,
// or the keys ← → Home End, fetches the board after that many moves. No inline script.
(function () {
  "use strict";
  var main = document.getElementById("archive");
  if (!main) return;
  var boardEl = document.getElementById("step-board");
  var plyEl = document.getElementById("ply");
  var last = Number(main.getAttribute("data-last"));
  var ply = Number(main.getAttribute("data-ply"));
  var base = location.pathname.replace(/\/moves$/, "");
  var asked = 0;

  function mark() {
    var links = main.querySelectorAll(".moves a[data-ply]");
    for (var i = 0; i < links.length; i++) {
      if (Number(links[i].getAttribute("data-ply")) === ply) {
        links[i].setAttribute("aria-current", "step");
      } else {
        links[i].removeAttribute("aria-current");
      }
    }
    var steps = { start: 0, back: Math.max(0, ply - 1), forward: Math.min(last, ply + 1), end: last };
    var buttons = main.querySelectorAll("[data-step]");
    for (var j = 0; j < buttons.length; j++) {
      var to = steps[buttons[j].getAttribute("data-step")];
      buttons[j].setAttribute("href", "?ply=" + to);
      buttons[j].setAttribute("aria-disabled", String(to === ply));
    }
  }

  function go(n) {
    n = Math.max(0, Math.min(last, n));
    if (n === ply) return;
    var mine = ++asked;
    fetch(base + "/ply/" + n, { cache: "no-store" })
      .then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        var at = r.headers.get("x-ply");
        return r.text().then(function (svg) {
          return { svg: svg, at: at };
        });
      })
      .then(function (got) {
        if (mine !== asked) return;
        // Server-rendered SVG, every word escaped there.
        boardEl.innerHTML = got.svg;
        ply = n;
        main.setAttribute("data-ply", String(n));
        if (got.at) plyEl.textContent = decodeURIComponent(got.at);
        mark();
        history.replaceState(null, "", "?ply=" + n);
      })
      .catch(function () {
        plyEl.textContent = "The board could not be loaded: try again.";
      });
  }

  main.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a") : null;
    if (!a || !main.contains(a)) return;
    var step = a.getAttribute("data-step");
    var to = a.getAttribute("data-ply");
    if (step === "start") go(0);
    else if (step === "back") go(ply - 1);
    else if (step === "forward") go(ply + 1);
    else if (step === "end") go(last);
    else if (to !== null) go(Number(to));
    else return;
    e.preventDefault();
  });
  // A step link works by Space too, as a button does.
  main.addEventListener("keydown", function (e) {
    var a = e.target;
    if (e.key === " " && a && a.getAttribute && a.getAttribute("data-step")) {
      e.preventDefault();
      a.click();
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowLeft") go(ply - 1);
    else if (e.key === "ArrowRight") go(ply + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(last);
    else return;
    e.preventDefault();
  });
  mark();
})();

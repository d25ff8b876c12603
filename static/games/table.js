// A table at play, for keyboards and screen readers, and in view after a deal.
//
// htmx swaps the table (a practice table's #felt, a Join table's #seat-view, the host's
// #table-area after a deal) after every call and card, after every poll that brings another
// seat's, and after Deal New Cards. After each swap:
// - the table's news goes to the page's polite live region (#table-news): what happened
//   since the table the page showed before ("West played the seven of hearts. Your turn to
//   play."), from the hidden list the server writes beside the controls (.table-news: each
//   call, and the cards of the tricks on show, numbered by the calls and cards made), less
//   what this page's own player did (data-by among the controls' data-acts-for);
// - the focus, if it was on the table (or on the button that dealt, when the swap brings
//   the new board, whichever request brought it), goes where the next action is: the claim's answer, the bidding box's first call that may be made, the first
//   card that may be played; else to the status line, so that it never falls to the page.
//   A field being typed in (a call's explanation, a claim's number) keeps the focus and
//   what was typed, when a poll brings the same table back with it;
// - a new board is brought into view when the felt's top is above the screen.
// An action done at a Join table (a call, a card, a deal) answers with no content and the
// event "table-moved", and the focus follows the table when it was on the control that
// acted. Every action reaches the page through its event stream, on which the pollers of
// the table that moved ask; a seated player's stream brings their seat view itself,
// swapped in the same way. Without a stream heard, the pollers ask on the answer's event.
// Once a form is submitted without htmx, the page is leaving: its polls stop.
// The bidding box is a grid the arrow keys move in (see below).
// Without JavaScript none of this is needed: every action loads the page again.
(function () {
  "use strict";

  var TABLE = "#felt, #seat-view, #table, #table-area";
  var NEXT_ACTION = [
    ".claim-pending button:not([disabled])",
    ".bidding-box .call-button:not([disabled])",
    ".hand-form .card-button:not([disabled])",
  ];
  var before = null; // the table as it was, taken just before a swap
  var mover = null; // the control whose action moved the table, until the polls redraw it

  function controls(root) {
    return root ? root.querySelector(".play-controls") : null;
  }

  function snapshot(root) {
    var c = controls(root);
    if (!c) return null;
    var status = c.querySelector(".play-status");
    return {
      board: c.getAttribute("data-board"),
      made: parseInt(c.getAttribute("data-made"), 10) || 0,
      status: status ? status.textContent.trim() : "",
    };
  }

  // The page's own words, in its language: data attributes of the news region
  // (games/partials/table_news.html); English when a page has none.
  function words(name, english) {
    var region = document.getElementById("table-news");
    return (region && region.dataset[name]) || english;
  }

  // The board's title without its line of dealer and vulnerability: "Board 3", or at a
  // club night "Table 1 · Board 3".
  function boardName(title) {
    var copy = title.cloneNode(true);
    copy.querySelectorAll("small").forEach(function (small) { small.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function news(root, was) {
    var c = controls(root);
    if (!c) return "";
    var now = snapshot(root);
    var mine = c.getAttribute("data-acts-for") || "";
    var said = [];
    if (!was || was.board !== now.board) {
      var title = root.querySelector(".board-title");
      if (title) said.push(words("dealt", "{board} is dealt.").replace("{board}", boardName(title)));
    } else if (now.made < was.made) {
      said.push(was.made - now.made > 1
        ? words("undoneMany", "The last actions were taken back.")
        : words("undoneOne", "The last action was taken back."));
    } else {
      c.querySelectorAll(".table-news li").forEach(function (item) {
        var by = item.getAttribute("data-by");
        var made = parseInt(item.getAttribute("data-made"), 10) || 0;
        if (made > was.made && !(by && mine.indexOf(by) !== -1)) said.push(item.textContent.trim());
      });
    }
    if (said.length || !was || now.status !== was.status) said.push(now.status);
    return said.join(" ");
  }

  function announce(text) {
    var region = document.getElementById("table-news");
    if (!region || !text) return;
    // the same words twice in a row are still news (two passes): empty the region first
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 50);
  }

  function nextAction(root) {
    for (var i = 0; i < NEXT_ACTION.length; i++) {
      var found = root.querySelector(NEXT_ACTION[i]);
      if (found) return found;
    }
    return root.querySelector(".play-status");
  }

  function bringIntoView(root) {
    var felt = root.matches(".felt") ? root : root.querySelector(".felt");
    if (felt && felt.getBoundingClientRect().top < 0) felt.scrollIntoView({ block: "start" });
  }

  // The table as it is, just before ``target`` is swapped (by an answer whose request
  // came from ``trigger`` with ``verb``, or by a pushed seat view: no trigger, "get").
  function remember(target, trigger, verb) {
    var active = document.activeElement;
    var typing = active && target.contains(active) && active.matches("input[type=text], input[type=number]");
    before = {
      table: snapshot(target),
      // the focus was on the table, or on the form that changed it (Deal New Cards, a
      // confirmation's button): it follows the table
      focused: !!active && (target.contains(active) || (!!trigger && trigger.contains(active)) || active === mover),
      // on Deal New Cards: a poll may bring the new board before the deal's own redraw
      onDeal: !!active && !!active.closest && !!active.closest("form[data-deals]"),
      typing: typing && verb === "get" ? { name: active.name, value: active.value } : null,
    };
  }

  // A seat view's version tag, from its poller's ?v= ("<next board>.<version>.<table>",
  // ".t" while the teacher watches) in ``text`` (a link's hx-get, or a whole partial):
  // [board, version, table].
  function tagIn(text) {
    var match = /[?&]v=(\d+)\.(\d+)(?:\.(\d+))?/.exec(text || "");
    return match ? [parseInt(match[1], 10), parseInt(match[2], 10), match[3] || ""] : null;
  }

  // Whether the view tagged ``a`` comes after the one tagged ``b`` at the same table.
  function after(a, b) {
    return !!a && !!b && a[2] === b[2] && (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]));
  }

  // Whether a view tagged ``a`` should replace the one shown, tagged ``b``: it comes after
  // it, or it is of another table (its player was moved there: its version may be any).
  function replaces(a, b) {
    return !!a && !!b && (a[2] !== b[2] || after(a, b));
  }

  function shownTag(target) {
    var link = target ? target.querySelector("a.refresh[hx-get]") : null;
    return link ? tagIn(link.getAttribute("hx-get")) : null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || !target.matches || !target.matches(TABLE)) {
      before = null;
      return;
    }
    if (target.id === "seat-view" && after(shownTag(target), tagIn(event.detail.serverResponse))) {
      event.detail.shouldSwap = false; // older than the seat view pushed meanwhile
      before = null;
      return;
    }
    var config = event.detail.requestConfig;
    remember(target, config ? config.elt : null, config ? config.verb : "");
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    var root = event.target;
    if (!before || !root.matches || !root.matches(TABLE)) return;
    var was = before;
    before = null;
    var now = snapshot(root);
    if (!now) return;
    var dealt = !was.table || was.table.board !== now.board;
    if (dealt) bringIntoView(root);
    announce(news(root, was.table));
    var lost = document.activeElement === document.body || !document.activeElement;
    var field = was.typing && !dealt ? root.querySelector('input[name="' + was.typing.name + '"]') : null;
    if (field) {
      if (!field.value) field.value = was.typing.value;
      field.focus();
    } else if (was.focused || ((lost || was.onDeal) && dealt)) {
      var next = nextAction(root);
      if (next) next.focus({ preventScroll: dealt });
    }
  });

  // The bidding box as a grid (the WAI-ARIA grid pattern): the box is one tab stop (the
  // call last focused, else the first that may be made); the arrows move among the calls
  // that may be made, Home and End to a row's first and last, Ctrl+Home and Ctrl+End to the
  // box's; Enter and Space are the buttons' own, so the call is posted as a click posts it
  // (by htmx, or by the form without it). Moving up or down keeps the column, the three
  // buttons of Pass, Double and Redouble spread over the levels' five; a call that may not
  // be made is passed over for the nearest one that may. The roles come with the keys: a
  // page without this script has a plain group of buttons.
  var GRID = ".bidding-box .box-grid";

  function gridRows(grid) {
    return Array.prototype.map.call(grid.querySelectorAll(".box-row"), function (row) {
      return Array.prototype.slice.call(row.querySelectorAll(".call-button"));
    });
  }

  function enabled(button) {
    return !!button && !button.disabled;
  }

  function setUpGrid(grid) {
    if (grid.getAttribute("role") === "grid") return;
    var legend = grid.closest("fieldset") && grid.closest("fieldset").querySelector("legend");
    grid.setAttribute("role", "grid");
    if (legend) grid.setAttribute("aria-label", legend.textContent.trim());
    var stop = null;
    grid.querySelectorAll(".box-row").forEach(function (row) { row.setAttribute("role", "row"); });
    grid.querySelectorAll(".box-cell").forEach(function (cell) { cell.setAttribute("role", "gridcell"); });
    grid.querySelectorAll(".call-button").forEach(function (button) {
      button.tabIndex = -1;
      if (!stop && enabled(button)) stop = button;
    });
    if (stop) stop.tabIndex = 0;
  }

  function setUpGrids() {
    document.querySelectorAll(GRID).forEach(setUpGrid);
  }

  function moveTo(grid, button) {
    if (!button) return;
    grid.querySelectorAll(".call-button").forEach(function (b) { b.tabIndex = b === button ? 0 : -1; });
    button.focus();
  }

  // The call in ``row`` nearest to column ``col`` that may be made, or null.
  function nearest(row, col) {
    for (var d = 0; d < row.length; d++) {
      if (enabled(row[col + d])) return row[col + d];
      if (enabled(row[col - d])) return row[col - d];
    }
    return null;
  }

  function firstOf(list) {
    return list.filter(enabled)[0] || null;
  }

  function lastOf(list) {
    return list.filter(enabled).pop() || null;
  }

  function target(rows, r, c, key, ctrl) {
    var row = rows[r];
    var all = [].concat.apply([], rows);
    if (key === "Home") return ctrl ? firstOf(all) : firstOf(row);
    if (key === "End") return ctrl ? lastOf(all) : lastOf(row);
    if (key === "ArrowRight") return firstOf(row.slice(c + 1));
    if (key === "ArrowLeft") return lastOf(row.slice(0, c));
    var step = key === "ArrowDown" ? 1 : -1;
    for (var to = r + step; to >= 0 && to < rows.length; to += step) {
      var spread = row.length > 1 ? Math.round((c * (rows[to].length - 1)) / (row.length - 1)) : 0;
      var found = nearest(rows[to], spread);
      if (found) return found;
    }
    return null;
  }

  document.addEventListener("keydown", function (event) {
    var button = event.target instanceof Element ? event.target.closest(".call-button") : null;
    var grid = button ? button.closest(GRID) : null;
    if (!grid || grid.getAttribute("role") !== "grid" || event.altKey || event.metaKey) return;
    if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"].indexOf(event.key) === -1) return;
    var rows = gridRows(grid);
    for (var r = 0; r < rows.length; r++) {
      var c = rows[r].indexOf(button);
      if (c !== -1) {
        event.preventDefault();
        moveTo(grid, target(rows, r, c, event.key, event.ctrlKey));
        return;
      }
    }
  });

  // a call focused otherwise (a click, the focus moved here after a swap) is the tab stop
  document.addEventListener("focusin", function (event) {
    var button = event.target instanceof Element ? event.target.closest(".call-button") : null;
    var grid = button ? button.closest(GRID) : null;
    if (grid && grid.getAttribute("role") === "grid" && button.tabIndex !== 0) moveTo(grid, button);
  });

  document.addEventListener("htmx:load", setUpGrids);
  document.addEventListener("DOMContentLoaded", setUpGrids);

  // The pollers (a.refresh: the seat view, the teacher's view, the tables' overview, the
  // results) ask one after the other: they share the page's one request slot (hx-sync on
  // body), which htmx frees only once the action's answer is handled, hence the timeout.
  // ``table``: the table that moved (its pollers, data-table); 0: every poller;
  // WHOLE_GAME: the pollers of every table (no data-table). A round asked for while one
  // is under way follows it, once.
  var WHOLE_GAME = -1;
  var asking = false;
  var again = null; // the table of the round to follow, 0 for every poller
  var pushed = new WeakSet(); // links asked here, not by their timer
  var known = {}; // a table's number -> the newest version its stream said it moved to

  // The table version a poller's view shows (its ?v=); -1 when it says none.
  function shownVersion(link) {
    var shown = tagIn(link.getAttribute("hx-get"));
    return shown ? shown[1] : -1;
  }

  function askPollers(table) {
    if (asking) {
      again = again === null || again === table ? table : 0;
      return;
    }
    asking = true;
    window.setTimeout(function () {
      var links = Array.prototype.slice.call(document.querySelectorAll("a.refresh[hx-get]")).filter(function (link) {
        var own = link.getAttribute("data-table");
        if (table === WHOLE_GAME) return !own;
        if (!table) return true;
        // a table's round asks only the pollers not yet showing its version (the actor's
        // page has asked already, after its action's answer)
        return own === String(table) && !(shownVersion(link) >= (known[table] || Infinity));
      });
      (function next() {
        var link = links.shift();
        if (!link) {
          mover = null;
          asking = false;
          if (again !== null) {
            var follow = again;
            again = null;
            askPollers(follow);
          }
          return;
        }
        if (!document.body.contains(link)) return next();
        var asked = { source: link, target: link.getAttribute("hx-target"), swap: "outerHTML" };
        pushed.add(link);
        window.htmx.ajax("GET", link.getAttribute("hx-get"), asked).then(next, next);
      })();
    }, 0);
  }

  // An action's answer: "table-moved", naming the table acted at (``acted``) when the
  // action was done there. While the page's stream is heard and the page shows that
  // table, the stream brings what the action changed (a seated player's own seat view,
  // else "moved" with the version, on which the table's pollers ask): the table's version
  // is now past every view shown, and should neither come within PUSH_WAIT_MS the
  // pollers still behind it ask. Otherwise (no stream heard, a page of every table such as
  // the host's, or another answer such as a deal's) every poller asks at once.
  var PUSH_WAIT_MS = 1500;

  document.addEventListener("table-moved", function (event) {
    mover = document.activeElement;
    var acted = event.detail && event.detail.acted;
    var links = acted ? document.querySelectorAll('a.refresh[hx-get][data-table="' + acted + '"]') : [];
    if (!links.length || Date.now() - heard >= HEARD_MS) {
      askPollers(0);
      return;
    }
    var shown = Array.prototype.map.call(links, shownVersion);
    known[acted] = Math.max(known[acted] || 0, Math.max.apply(null, shown) + 1);
    window.setTimeout(function () {
      askPollers(acted);
    }, PUSH_WAIT_MS);
  });

  // The table's event stream (games/partials/table_events.html): "moved" says which table
  // moved; "alive", that the stream is open and the page up to date; "poll", that this
  // server cannot hold a stream; "reopen", that the player sits at another table now (the
  // stream is of the table they sat at). While it is heard
  // (within two of its heartbeats), the pollers' timers ask only every
  // data-fallback-seconds: a proxy that buffers the stream, or a stream gone quiet,
  // leaves them polling as before.
  var heard = 0; // Date.now() of the stream's last event
  var timerAsked = {}; // a poller's target -> Date.now() of its last ask
  var HEARD_MS = 35000;

  document.addEventListener("htmx:sseMessage", function (event) {
    var message = event.detail;
    if (message && message.type === "poll") {
      // A server that cannot hold the stream (WSGI) says so: closed here, before the
      // server ends it, so that no reconnection (or error) follows; the timers poll.
      if (message.target && message.target.close) message.target.close();
      return;
    }
    if (message && message.type === "reopen") {
      // Drawn again, the element opens a new stream (htmx's extension closes the old one
      // first, before the server ends it: no error, no reconnection of the old one).
      var stream = document.getElementById("table-events");
      if (stream) window.htmx.swap(stream, stream.outerHTML, { swapStyle: "outerHTML" });
      return;
    }
    if (message && message.type === "seat") {
      heard = Date.now();
      takeSeat(message.data);
      return;
    }
    if (!message || (message.type !== "moved" && message.type !== "alive")) return;
    heard = Date.now();
    if (message.type !== "moved") return;
    var table = 0;
    var version = null;
    try {
      var data = JSON.parse(message.data);
      table = data.table || 0;
      version = typeof data.version === "number" ? data.version : null;
    } catch (e) {
      table = 0;
    }
    if (table > 0 && version === null) {
      delete known[table]; // news without a version (the teacher started watching): every poller asks
    } else if (table > 0) {
      known[table] = Math.max(known[table] || 0, version);
    }
    if (!table) {
      // Every table moved (a deal, or news this page may have missed): a club night's pages
      // ask spread over SPREAD_MS, not all in the same moment.
      window.setTimeout(function () {
        askPollers(0);
      }, Math.random() * SPREAD_MS);
      return;
    }
    gatherWholeGame();
    if (acting.size) {
      waiting = waiting === null || waiting === table ? table : 0;
      return;
    }
    askPollers(table);
  });

  // A seated player's stream sends their seat view itself ("seat": drawn as the seat poll
  // draws it, once the table moved): swapped in as an asked one is, with its news and its
  // focus, unless the page shows that version or a newer one already. While the page's
  // own action is in flight it waits for that action's answer, which may swap the view
  // itself (a refusal).
  var pendingSeat = null;

  function takeSeat(html) {
    if (acting.size) {
      pendingSeat = html;
      return;
    }
    var target = document.getElementById("seat-view");
    if (!target || !replaces(tagIn(html), shownTag(target))) return;
    remember(target, null, "get");
    window.htmx.swap(target, html, { swapStyle: "outerHTML" });
  }

  // This page's actions in flight (its POSTs): the stream may be quicker than an
  // action's answer. News of a table meanwhile waits for that answer (or its failure),
  // and then asks only the pollers still behind the version the news said.
  var acting = new Set();
  var waiting = null; // the table whose news came while acting

  document.addEventListener("htmx:beforeSend", function (event) {
    var config = event.detail.requestConfig;
    if (config && config.verb === "post") acting.add(event.detail.xhr);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (!acting.delete(event.detail.xhr) || acting.size) return;
    if (pendingSeat !== null) {
      var html = pendingSeat;
      pendingSeat = null;
      takeSeat(html);
    }
    if (waiting === null) return;
    var table = waiting;
    waiting = null;
    askPollers(table);
  });

  // A poller of every table (the overview, the results: no data-table) hears each table's
  // moves: it asks once a GATHER_MS at most, for all the moves meanwhile, where a table's
  // own pollers ask at once. A club night's overview is then drawn once a second, not
  // once for each call and card at every table.
  var GATHER_MS = 1000;
  var SPREAD_MS = 1000;
  var gathering = null;

  function gatherWholeGame() {
    if (gathering !== null || !document.querySelector("a.refresh[hx-get]:not([data-table])")) return;
    gathering = window.setTimeout(function () {
      gathering = null;
      askPollers(WHOLE_GAME);
    }, GATHER_MS);
  }



  function fallbackMs() {
    var stream = document.getElementById("table-events");
    return stream ? (parseFloat(stream.getAttribute("data-fallback-seconds")) || 60) * 1000 : 0;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var link = event.detail.elt;
    if (!link || !link.matches || !link.matches("a.refresh[hx-get]")) return;
    var now = Date.now();
    var key = link.getAttribute("hx-target") || "";
    if (pushed.has(link)) {
      pushed.delete(link);
      timerAsked[key] = now;
      return;
    }
    if (now - heard < HEARD_MS && now - (timerAsked[key] || 0) < fallbackMs()) {
      event.preventDefault();
      return;
    }
    timerAsked[key] = now;
  });

  // A form the browser submits itself (standing up, a confirmation's button) leaves the
  // page: no poll goes out meanwhile, since its answer could send the page elsewhere
  // (a player no longer seated is sent home) before the form's own answer arrives.
  // htmx's forms are not concerned: htmx takes their submit and prevents the default.
  // A form answered with a download leaves nothing: the polls resume after a while.
  var leaving = false;
  document.addEventListener("submit", function (event) {
    if (event.defaultPrevented || (event.target.target && event.target.target !== "_self")) return;
    leaving = true;
    window.setTimeout(function () { leaving = false; }, 8000);
  });
  window.addEventListener("pageshow", function () { leaving = false; }); // back to this page
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (leaving) event.preventDefault();
  });
})();

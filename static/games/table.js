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
// - the focus, if it was on the table (or on the button that dealt), goes where the next
//   action is: the claim's answer, the bidding box's first call that may be made, the first
//   card that may be played; else to the status line, so that it never falls to the page.
//   A field being typed in (a call's explanation, a claim's number) keeps the focus and
//   what was typed, when a poll brings the same table back with it;
// - a new board is brought into view when the felt's top is above the screen.
// An action done at a Join table (a call, a card, a deal) answers with no content and the
// event "table-moved": every poller on the page asks at once (see below), and the focus
// follows the table when it was on the control that acted.
// Once a form is submitted without htmx, the page is leaving: its polls stop.
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

  function news(root, was) {
    var c = controls(root);
    if (!c) return "";
    var now = snapshot(root);
    var mine = c.getAttribute("data-acts-for") || "";
    var said = [];
    if (!was || was.board !== now.board) {
      var title = root.querySelector(".board-title");
      if (title) said.push(words("dealt", "{board} is dealt.").replace("{board}", title.firstChild.textContent.trim()));
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

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || !target.matches || !target.matches(TABLE)) {
      before = null;
      return;
    }
    var active = document.activeElement;
    var trigger = event.detail.requestConfig ? event.detail.requestConfig.elt : null;
    var typing = active && target.contains(active) && active.matches("input[type=text], input[type=number]");
    before = {
      table: snapshot(target),
      // the focus was on the table, or on the form that changed it (Deal New Cards, a
      // confirmation's button): it follows the table
      focused: !!active && (target.contains(active) || (!!trigger && trigger.contains(active)) || active === mover),
      typing: typing && event.detail.requestConfig.verb === "get" ? { name: active.name, value: active.value } : null,
    };
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
    } else if (was.focused || (lost && dealt)) {
      var next = nextAction(root);
      if (next) next.focus({ preventScroll: dealt });
    }
  });

  // The pollers (a.refresh: the seat view, the tables' overview) ask
  // one after the other: they share the page's one request slot (hx-sync on body), which
  // htmx frees only once the action's answer is handled, hence the timeout.
  document.addEventListener("table-moved", function () {
    mover = document.activeElement;
    window.setTimeout(function () {
      var links = Array.prototype.slice.call(document.querySelectorAll("a.refresh[hx-get]"));
      (function next() {
        var link = links.shift();
        if (!link) {
          mover = null;
          return;
        }
        if (!document.body.contains(link)) return next();
        var asked = { source: link, target: link.getAttribute("hx-target"), swap: "outerHTML" };
        window.htmx.ajax("GET", link.getAttribute("hx-get"), asked).then(next, next);
      })();
    }, 0);
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

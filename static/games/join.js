// Join games: the Players panel's Copy button for the invite link, and its tables kept
// open or closed as the host left them.
// The button is hidden in the markup and shown here, so without JavaScript only the
// (read-only, selectable) link shows. Delegated: htmx swaps the panel.
(function () {
  "use strict";

  function showCopyButtons() {
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  // The words are the page's (the button's text and its data-copied), in its language.
  function copied(button) {
    var copy = button.textContent;
    if (copy === (button.dataset.copied || "Copied")) return; // a second click while it says so
    button.textContent = button.dataset.copied || "Copied";
    window.setTimeout(function () { button.textContent = copy; }, 1500);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) return;
    var field = document.querySelector(button.getAttribute("data-copy"));
    if (!field) return;
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () { copied(button); });
    } else if (document.execCommand("copy")) {
      copied(button);
    }
  });

  // A table's seats (<details class="table-seats">) come open while it has a free seat;
  // once the host opens or closes one, each new copy of the panel (after a move, or a
  // poll) shows it the same way.
  // The host's own clicks only: a new copy of the panel fires toggle events of its own.
  var chosen = {};
  document.addEventListener("click", function (event) {
    var summary = event.target.closest("details.table-seats > summary");
    if (!summary) return;
    var details = summary.parentElement;
    if (details.id) chosen[details.id] = !details.open; // the click opens or closes it next
  });

  function keepTablesAsChosen() {
    Object.keys(chosen).forEach(function (id) {
      var details = document.getElementById(id);
      if (details && details.open !== chosen[id]) details.open = chosen[id];
    });
  }

  document.addEventListener("DOMContentLoaded", showCopyButtons);
  document.addEventListener("htmx:afterSettle", function () {
    showCopyButtons();
    keepTablesAsChosen();
  });
  document.addEventListener("htmx:oobAfterSwap", keepTablesAsChosen);
})();

// Join games: the Players panel's Copy button for the invite link.
// The button is hidden in the markup and shown here, so without JavaScript only the
// (read-only, selectable) link shows. Delegated: htmx swaps the panel.
(function () {
  "use strict";

  function showCopyButtons() {
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
  }

  function copied(button) {
    // the words are the page's: the button's own, and its data-copied
    var label = button.textContent;
    button.textContent = button.dataset.copied || "Copied";
    window.setTimeout(function () { button.textContent = label; }, 1500);
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

  document.addEventListener("DOMContentLoaded", showCopyButtons);
  document.addEventListener("htmx:afterSettle", showCopyButtons);
})();

// A wide table scrolls in its own box (.table-scroll; on the review desk .club-scroll)
// rather than the page. A box that
// does scroll is a tab stop, so that the keyboard's arrows scroll it, and a group named
// after its table (its caption, else the heading of its section), as WCAG asks of a
// scrolling region: a group, not a region, since a landmark must not share its section's
// name; a box whose table fits is left alone, no tab stop for nothing. Checked
// on load, when the window changes size and after htmx swaps a part of the page.
(function () {
  "use strict";

  function name(box) {
    var caption = box.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var section = box.closest("section, article, .panel, details");
    var heading = section && section.querySelector("h1, h2, h3, h4, summary");
    return heading ? heading.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function mark() {
    document.querySelectorAll(".table-scroll, .club-scroll").forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.dataset.scrolls) {
        box.dataset.scrolls = "on";
        box.tabIndex = 0;
        var label = name(box);
        if (label) {
          box.setAttribute("role", "group");
          box.setAttribute("aria-label", label);
        }
      } else if (!scrolls && box.dataset.scrolls) {
        delete box.dataset.scrolls;
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    });
  }

  var waiting = null;
  function soon() {
    if (waiting) window.clearTimeout(waiting);
    waiting = window.setTimeout(mark, 100);
  }

  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("htmx:afterSettle", mark);
  window.addEventListener("resize", soon);
})();

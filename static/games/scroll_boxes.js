// A wide table scrolls in its own box (.table-scroll; on the review desk .club-scroll)
// rather than the page, and so does a long sample of a file or a script (pre.code,
// pre.dealer-script). A box that
// does scroll is a tab stop, so that the keyboard's arrows scroll it, and a group named
// after what it holds (its table's caption, else the heading just before it, else the
// heading of its section; a name the page gives it stays), as WCAG asks of a
// scrolling region: a group, not a region, since a landmark must not share its section's
// name; a box whose content fits is left alone, no tab stop for nothing. Checked
// on load, when the window changes size (once a frame), when a folded part opens and as
// soon as htmx swaps a part of the page in (a table that polls is never left unmarked).
(function () {
  "use strict";

  var BOXES = ".table-scroll, .club-scroll, pre.code, pre.dealer-script";

  function text(element) {
    return element.textContent.replace(/\s+/g, " ").trim();
  }

  function name(box) {
    var caption = box.querySelector("caption");
    if (caption && text(caption)) return text(caption);
    for (var before = box.previousElementSibling; before; before = before.previousElementSibling) {
      if (/^H[1-6]$/.test(before.tagName)) return text(before);
    }
    var section = box.closest("section, article, .panel, details");
    var heading = section && section.querySelector("h1, h2, h3, h4, summary");
    return heading ? text(heading) : "";
  }

  function mark() {
    document.querySelectorAll(BOXES).forEach(function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      if (scrolls && !box.dataset.scrolls) {
        box.dataset.scrolls = "on";
        box.tabIndex = 0;
        if (box.hasAttribute("aria-label") || box.hasAttribute("aria-labelledby")) {
          box.setAttribute("role", "group");
          return;
        }
        var label = name(box);
        if (label) {
          box.dataset.scrolls = "named";
          box.setAttribute("role", "group");
          box.setAttribute("aria-label", label);
        }
      } else if (!scrolls && box.dataset.scrolls) {
        if (box.dataset.scrolls === "named") box.removeAttribute("aria-label");
        delete box.dataset.scrolls;
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
      }
    });
  }

  var frame = null;
  function soon() {
    if (frame) return;
    frame = window.requestAnimationFrame(function () {
      frame = null;
      mark();
    });
  }

  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("htmx:afterSwap", mark);
  document.addEventListener("htmx:afterSettle", mark);
  document.addEventListener("toggle", mark, true); // a <details> opened or closed: toggle does not bubble
  window.addEventListener("resize", soon);
})();

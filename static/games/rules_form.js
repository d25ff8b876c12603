// The new-game form: show only the rules the chosen game type uses. A field's block (or
// a radio choice) with data-shown-when="game_type=join practice_play=robots" shows while
// every one of its conditions holds; otherwise it is hidden (the hidden attribute: out of
// sight and of the accessibility tree) and its inputs disabled, so the form does not post
// them and the server gives them their defaults. Without this script every field shows,
// and the server refuses a rule chosen for the other type (games/forms/game.py).
(function () {
  "use strict";

  function holds(form, condition) {
    return condition.split(/\s+/).every(function (pair) {
      var parts = pair.split("=");
      var control = form.elements.namedItem(parts[0]);
      if (!control) return false;
      // A radio group's RadioNodeList and a <select> both give the chosen value; a
      // disabled radio group (its field hidden) gives none.
      return control.value === parts[1];
    });
  }

  function setShown(element, shown) {
    // A radio choice hides its own block (Django's <div> around its <label>).
    var block = element.matches("input") ? element.closest("div") : element;
    if (block.hidden === !shown) return;
    block.hidden = !shown;
    var inputs = element.matches("input") ? [element] : block.querySelectorAll("input, select, textarea");
    Array.prototype.forEach.call(inputs, function (input) { input.disabled = !shown; });
  }

  function update(form) {
    // Fields first, in page order: a condition may name a field another one hides.
    form.querySelectorAll("[data-shown-when]").forEach(function (element) {
      // A field the server refused stays in sight, with its error.
      var refused = element.classList && element.classList.contains("has-error");
      setShown(element, refused || holds(form, element.getAttribute("data-shown-when")));
    });
    // A hidden radio choice that was chosen gives way to the group's first shown one.
    form.querySelectorAll("input[type=radio][data-shown-when]:disabled:checked").forEach(function (radio) {
      radio.checked = false;
      var first = form.querySelector('input[type=radio][name="' + radio.name + '"]:not(:disabled)');
      if (first) first.checked = true;
    });
  }

  function start() {
    document.querySelectorAll("form.rules-form").forEach(function (form) {
      if (!form.querySelector("[data-shown-when]")) return;
      update(form);
      form.addEventListener("change", function () { update(form); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

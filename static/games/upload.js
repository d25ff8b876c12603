// Upload Decks panel: drag and drop, the upload progress bar, and the count on
// "Add Decks to Game (N)". Everything here is an extra: the page works without it.
// Served from our static files (no inline script) and bound by delegation, so it
// keeps working after htmx swaps parts of the page.
(function () {
  "use strict";
  // With this script the label button stands in for the browser's file input
  // (the chosen files are listed below it); without it the input stays visible.
  document.documentElement.classList.add("upload-enhanced");

  function fileInput() {
    return document.querySelector("#upload-form input[type=file]");
  }

  function showChosen() {
    var input = fileInput();
    var list = document.getElementById("chosen-files");
    if (!input || !list) return;
    list.replaceChildren();
    Array.prototype.forEach.call(input.files, function (file) {
      var item = document.createElement("li");
      item.textContent = file.name; // textContent: file names are never HTML
      list.appendChild(item);
    });
  }

  function dropZone(event) {
    return event.target instanceof Element ? event.target.closest(".drop-zone") : null;
  }

  document.addEventListener("dragover", function (event) {
    var zone = dropZone(event);
    if (!zone) return;
    event.preventDefault();
    zone.classList.add("dragging");
  });

  document.addEventListener("dragleave", function (event) {
    var zone = dropZone(event);
    if (zone) zone.classList.remove("dragging");
  });

  document.addEventListener("drop", function (event) {
    var zone = dropZone(event);
    var input = fileInput();
    if (!zone || !input) return;
    event.preventDefault();
    zone.classList.remove("dragging");
    // Dropped files join those already chosen with the picker.
    var all = new DataTransfer();
    Array.prototype.forEach.call(input.files, function (file) { all.items.add(file); });
    Array.prototype.forEach.call(event.dataTransfer.files, function (file) { all.items.add(file); });
    input.files = all.files;
    showChosen();
  });

  document.addEventListener("change", function (event) {
    if (event.target === fileInput()) showChosen();
    if (event.target instanceof Element && event.target.closest("#add-form")) updateCount();
  });

  // The size sent, in the page's language ("2.3 MB", "2,3 Mo").
  function size(bytes) {
    var lang = document.documentElement.lang || undefined;
    var mega = bytes >= 1e6;
    try {
      return new Intl.NumberFormat(lang, {
        style: "unit", unit: mega ? "megabyte" : "kilobyte", maximumFractionDigits: mega ? 1 : 0,
      }).format(mega ? bytes / 1e6 : Math.max(1, bytes / 1e3));
    } catch (e) {
      return mega ? (bytes / 1e6).toFixed(1) + " MB" : Math.max(1, Math.round(bytes / 1e3)) + " kB";
    }
  }

  // htmx reports the upload's progress on the form that sent it. Once every byte is sent
  // the bar is full while the server reads the decks (a second or two for thousands of
  // them): a line says so, with the size sent (the count of decks is not known yet).
  document.addEventListener("htmx:xhr:progress", function (event) {
    var bar = document.getElementById("upload-progress");
    if (!bar || !(event.target instanceof Element) || !event.target.closest("#upload-form")) return;
    if (!event.detail.lengthComputable || !event.detail.total) return;
    bar.hidden = false;
    bar.value = Math.round((event.detail.loaded / event.detail.total) * 100);
    var reading = document.getElementById("upload-reading");
    if (reading && event.detail.loaded >= event.detail.total && !reading.textContent) {
      var label = reading.dataset.label || "Reading the decks ({size})…"; // the page's language
      reading.textContent = label.replace("{size}", size(event.detail.total));
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = document.getElementById("upload-form");
    if (!form || event.target !== form) return;
    var bar = document.getElementById("upload-progress");
    if (bar) { bar.hidden = true; bar.value = 0; }
    var reading = document.getElementById("upload-reading");
    if (reading) reading.textContent = "";
    if (event.detail.successful && !document.querySelector("#upload-results .errors")) {
      form.reset();
      showChosen();
    }
  });

  // The count on the Add button follows the ticked duplicates.
  function updateCount() {
    var button = document.getElementById("add-button");
    var form = document.getElementById("add-form");
    if (!button || !form) return;
    var base = parseInt(button.dataset.base, 10) || 0;
    var all = form.querySelector("input[name=include_all]");
    var extra = all && all.checked
      ? parseInt(button.dataset.duplicates, 10) || 0
      : form.querySelectorAll("input[name=include]:checked, input[type=hidden][name=include]").length;
    var label = button.dataset.label || "Add Decks to Game ({count})"; // the page's language
    button.textContent = label.replace("{count}", base + extra);
  }

  document.addEventListener("htmx:afterSettle", updateCount);
  document.addEventListener("DOMContentLoaded", updateCount);
})();

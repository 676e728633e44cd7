// Light, dark or the phone's own setting (issue 24, point 4). Loaded in <head> without defer, so the page is
// drawn in the chosen theme from the first paint. The choice is kept per phone (localStorage) and marked on
// <html data-theme="light|dark">; no mark means "follow the system" (the stylesheet's prefers-color-scheme
// query, which is also all there is with JavaScript off). The header's switch steps system → light → dark.
(function () {
  "use strict";
  var KEY = "companion-theme";
  var ORDER = ["system", "light", "dark"];
  var root = document.documentElement;

  function stored() {
    try { var v = window.localStorage.getItem(KEY); return ORDER.indexOf(v) > 0 ? v : "system"; }
    catch (e) { return "system"; }
  }
  function apply(choice) {
    if (choice === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", choice);
  }
  apply(stored());

  // "◐ Auto": the sign is drawn always, the word only where the header has room (a narrow phone shows the
  // sign; the word stays the button's name for a screen reader).
  function label(button, choice) {
    var text = button.getAttribute("data-" + choice) || choice;
    var cut = text.indexOf(" ");
    var sign = document.createElement("span");
    var word = document.createElement("span");
    sign.setAttribute("aria-hidden", "true");
    sign.textContent = cut > 0 ? text.slice(0, cut) : "";
    word.className = "theme-word";
    word.textContent = cut > 0 ? text.slice(cut + 1) : text;
    button.replaceChildren(sign, document.createTextNode(" "), word);
    button.setAttribute("data-choice", choice);
    fit();
  }
  // On a narrow phone the word is for screen readers only (the app's "sr" class), so the header keeps one row.
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 479px)") : null;
  function fit() {
    var word = document.querySelector(".theme-toggle .theme-word");
    if (word) word.classList.toggle("sr", !!(narrow && narrow.matches));
  }
  if (narrow && narrow.addEventListener) narrow.addEventListener("change", fit);
  function wire() {
    var button = document.querySelector(".theme-toggle");
    if (!button) return;
    label(button, stored());
    button.hidden = false;
    button.addEventListener("click", function () {
      var next = ORDER[(ORDER.indexOf(stored()) + 1) % ORDER.length];
      try {
        if (next === "system") window.localStorage.removeItem(KEY);
        else window.localStorage.setItem(KEY, next);
      } catch (e) { /* private mode: this page only */ }
      apply(next);
      label(button, next);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
  // Another tab of the same phone changed it: follow.
  window.addEventListener("storage", function (evt) { if (evt.key === KEY) { apply(stored()); wire(); } });
})();

// A mouse press that outlives its control. The browser makes a click only when the button goes down and comes up
// on one element. When an answer (or another phone's entry, by the live stream) redraws a form while a mouse button
// is held on one of its controls, the release lands on the control drawn in its place and no click is made: the
// tap is lost. Here the release on the same control, redrawn, is that click. A touch tap is aimed where the finger
// lifts and never needs this; a click the browser does make is left alone.
(function () {
  "use strict";

  var CONTROL = "label, button, a[href], summary, input, select, textarea, [role=button]";
  var pressed = null;

  function controlOf(el) {
    return el && el.closest ? el.closest(CONTROL) : null;
  }

  // What a control does, as a player sees it: the field and value it sets, the button it is, where a link leads.
  // Two controls with the same identity in the old and the new drawing are the same control, redrawn.
  function identity(el) {
    var field = el.matches("input, select, textarea") ? el : el.querySelector("input, select, textarea");
    if (field && field.name) return "field " + field.name + "=" + field.value;
    if (el.matches("button, [role=button]")) {
      return "button " + (el.getAttribute("name") || "") + "=" + (el.getAttribute("value") || "") + " " +
        (el.id || el.textContent.trim());
    }
    if (el.matches("a[href]")) return "link " + el.getAttribute("href");
    if (el.matches("summary")) {
      var details = el.parentElement;
      return "summary " + ((details && details.id) || el.textContent.trim());
    }
    return el.id ? "id " + el.id : "";
  }

  document.addEventListener("pointerdown", function (evt) {
    pressed = evt.pointerType === "mouse" && evt.button === 0 ? controlOf(evt.target) : null;
  }, true);

  document.addEventListener("pointerup", function (evt) {
    var was = pressed;
    pressed = null;
    if (!was || was.isConnected || evt.pointerType !== "mouse" || evt.button !== 0) return;  // not redrawn: a click
    var now = controlOf(evt.target);
    var key = identity(was);
    if (!now || !key || identity(now) !== key) return;  // released somewhere else: no click, as the browser does
    var clicked = false;
    function sawClick(click) {
      if (now.contains(click.target)) clicked = true;
    }
    // the browser's click, if it makes one, comes right after this release, in the same task
    document.addEventListener("click", sawClick, true);
    window.setTimeout(function () {
      document.removeEventListener("click", sawClick, true);
      if (!clicked && now.isConnected) now.click();
    }, 0);
  }, true);
})();

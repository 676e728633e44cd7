// Keep the screen on (the live panel's toggle, templates/table/page.html): a phone lying on the table should not
// go dark between turns. The choice is kept on this phone for every table.
(function () {
  "use strict";

  var panel = document.getElementById("live-panel");
  var wake = panel && panel.querySelector(".wake-toggle");
  if (!wake) return;
  var lock = null;

  function wanted() { try { return window.localStorage.getItem("companion-wake") === "1"; } catch (e) { return false; } }
  function showWake() {
    var on = wanted();
    wake.setAttribute("aria-pressed", on ? "true" : "false");
    wake.textContent = panel.getAttribute(on ? "data-wake-on" : "data-wake-off");
  }
  function requestWake() {
    if (!("wakeLock" in navigator) || !wanted() || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) { lock = l; }, function () { lock = null; });
  }

  if ("wakeLock" in navigator) {
    wake.hidden = false;
    showWake();
    wake.addEventListener("click", function () {
      try { window.localStorage.setItem("companion-wake", wanted() ? "0" : "1"); } catch (e) { /* no storage */ }
      showWake();
      if (wanted()) requestWake();
      else if (lock) { lock.release(); lock = null; }
    });
    requestWake();
    // the browser lets the lock go whenever the page is hidden: asked for again when it is back
    document.addEventListener("visibilitychange", requestWake);
  } else {
    // No Wake Lock here: on a plain http address the browser offers it to no page (it is for secure pages only),
    // elsewhere this browser lacks it. The line that applies says so and what to do instead, so the player is
    // never left without the toggle and without a word.
    var note = panel.querySelector(window.isSecureContext ? '.wake-note[data-when="unsupported"]'
      : '.wake-note[data-when="insecure"]');
    if (note) note.hidden = false;
  }
})();

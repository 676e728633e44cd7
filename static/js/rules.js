// A ruling id's link opens its clause in a sheet over the page; closing the sheet leaves the page exactly as it
// was (nothing is reloaded, a form half filled stays filled). Without this script the link opens the clause's own
// page, which has a Back link. No inline script anywhere: the CSP forbids it.
// The open sheet is a step in the browser's history (same address): the phone's Back closes it and stays on the
// page, and closing it by its button (or Escape, or a tap beside it) takes that step back, so none is left over.
(function () {
  "use strict";
  var sheet = null;
  var stepped = false;   // the sheet's history entry is the current one
  var unstepping = 0;    // popstates of our own history.back() still to come: they are ours, not the page's

  // Before any other listener (htmx restores its cached page on a popstate whose state is its own, which would
  // redraw the table and lose a half-filled form): a Back that leaves the sheet's entry only closes the sheet.
  window.addEventListener("popstate", function (evt) {
    if (unstepping > 0) {
      unstepping -= 1;
      evt.stopImmediatePropagation();
      return;
    }
    if (!stepped) return;
    stepped = false;
    evt.stopImmediatePropagation();
    if (sheet && sheet.open) sheet.close();
  }, true);

  function ensureSheet() {
    if (sheet) return sheet;
    sheet = document.createElement("dialog");
    sheet.className = "rule-dialog";
    sheet.setAttribute("aria-label", document.documentElement.lang === "ja" ? "ルール" : "Rule");
    var close = document.createElement("button");
    close.type = "button";
    close.className = "rule-dialog-close";
    close.textContent = document.documentElement.lang === "ja" ? "閉じる" : "Close";
    close.addEventListener("click", function () { sheet.close(); });
    var body = document.createElement("div");
    body.className = "rule-dialog-body";
    sheet.appendChild(close);
    sheet.appendChild(body);
    sheet.addEventListener("click", function (evt) { if (evt.target === sheet) sheet.close(); });
    sheet.addEventListener("close", function () {
      if (!stepped) return;  // closed by Back: its entry is gone already
      stepped = false;
      unstepping += 1;
      window.history.back();
    });
    document.body.appendChild(sheet);
    return sheet;
  }

  function open(dialog) {
    if (dialog.open) return;
    if (window.history.pushState && !stepped) {
      // The same address, so a reload while the sheet is open shows the page; a state that is not htmx's, so a
      // Forward back onto this entry leaves the page alone.
      window.history.pushState({ruleSheet: true}, "", window.location.href);
      stepped = true;
    }
    dialog.showModal();
  }

  document.addEventListener("click", function (evt) {
    var link = evt.target.closest && evt.target.closest("a.rule-link");
    if (!link || evt.defaultPrevented || evt.button !== 0 || evt.metaKey || evt.ctrlKey || evt.shiftKey) return;
    if (!window.fetch || !window.HTMLDialogElement) return;  // the link opens the clause's page instead
    evt.preventDefault();
    var dialog = ensureSheet();
    fetch(link.getAttribute("href"), {headers: {"HX-Request": "true"}, credentials: "same-origin"})
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        dialog.querySelector(".rule-dialog-body").innerHTML = html;
        open(dialog);
        dialog.querySelector(".rule-dialog-close").focus();
      })
      .catch(function () { window.location.href = link.getAttribute("href"); });
  });
})();

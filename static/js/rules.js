// A ruling id's link opens its clause in a sheet over the page; closing the sheet leaves the page exactly as it
// was (nothing is reloaded, a form half filled stays filled). Without this script the link opens the clause's own
// page, which has a Back link. No inline script anywhere: the CSP forbids it.
(function () {
  "use strict";
  var sheet = null;

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
    document.body.appendChild(sheet);
    return sheet;
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
        if (!dialog.open) dialog.showModal();
        dialog.querySelector(".rule-dialog-close").focus();
      })
      .catch(function () { window.location.href = link.getAttribute("href"); });
  });
})();

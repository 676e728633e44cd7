// The result image of a finished game (templates/table/_result_card.html): a link that saves it, JavaScript or
// not. Where the phone can share files (navigator.canShare({files})), the image is fetched as soon as the link is
// on the page, the link says "Share", and a tap opens the phone's share sheet with the image itself (a phone lets
// a page share only within the tap, so the image must be at hand by then). Anything else keeps the download.
(function () {
  "use strict";
  var files = {};  // the link's address -> the image, ready to share

  function prepare(link) {
    if (!navigator.canShare || !window.fetch || !window.File) return;
    var href = link.href;
    if (files[href] || link.dataset.shareAsked === href) return;
    link.dataset.shareAsked = href;
    fetch(href, {credentials: "same-origin"}).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.blob();
    }).then(function (blob) {
      var file = new File([blob], link.getAttribute("download") || "result.png", {type: "image/png"});
      if (!navigator.canShare({files: [file]})) return;
      files[href] = file;
      link.textContent = link.getAttribute("data-share-label");
    }).catch(function () { /* the link still saves the image */ });
  }

  function scan() {
    document.querySelectorAll("a[data-share-result]").forEach(prepare);
  }

  function save(file) {
    var url = URL.createObjectURL(file);
    var a = document.createElement("a");
    a.href = url;
    a.download = file.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  document.addEventListener("click", function (evt) {
    var link = evt.target.closest && evt.target.closest("a[data-share-result]");
    var file = link && files[link.href];
    if (!file) return;  // not ready, or no file sharing here: the link's own download
    evt.preventDefault();
    navigator.share({files: [file], title: link.getAttribute("data-share-title") || ""}).catch(function (err) {
      if (err && err.name === "AbortError") return;  // the player closed the share sheet
      save(file);
    });
  });
  // after time-zone.js (loaded before this script) has put the phone's zone into the link
  document.addEventListener("DOMContentLoaded", scan);
  document.addEventListener("htmx:afterSettle", scan);
})();

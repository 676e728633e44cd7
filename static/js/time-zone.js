// The phone's time zone for printed times (issue #24, point 9): kept in the "tz" cookie and added as ?tz= to
// every link marked data-tz (the score summary PDF), so the PDF prints its times as this phone reads a clock.
// Without JavaScript nothing is sent and the PDF prints UTC, saying so.
(function () {
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
  if (!zone) return;
  document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; SameSite=Lax";
  function mark(root) {
    root.querySelectorAll("a[data-tz]").forEach(function (link) {
      var url = new URL(link.href, document.baseURI);
      url.searchParams.set("tz", zone);
      link.href = url.toString();
    });
  }
  document.addEventListener("DOMContentLoaded", function () { mark(document); });
  document.addEventListener("htmx:afterSettle", function (evt) { if (evt.detail && evt.detail.target) mark(document); });
})();

// The phone's time zone for printed and exported times: kept in the "tz" cookie and added as ?tz= to every link
// marked data-tz (the score summary PDF, a group's CSV and BG Stats files), so they write times as this phone reads
// a clock; an element marked data-tz-name shows the zone's name. Without JavaScript nothing is sent and the
// times are in UTC (or the zone an earlier visit left in the cookie), as the page and the PDF say.
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
    root.querySelectorAll("[data-tz-name]").forEach(function (name) { name.textContent = zone; });
  }
  document.addEventListener("DOMContentLoaded", function () { mark(document); });
  document.addEventListener("htmx:afterSettle", function (evt) { if (evt.detail && evt.detail.target) mark(document); });
})();

// Quick tools answer in view (issue 24): after a tap redraws a tool, its answer (the region marked
// data-in-view) is scrolled just enough that its first lines, the verdict and the start of its reason, are on
// the screen. Nothing moves when they are already there, so a tap in the middle of the form keeps its place.
(function () {
  var MARGIN = 8;
  function bringIntoView(region) {
    var rect = region.getBoundingClientRect();
    var height = window.innerHeight;
    var wanted = Math.min(rect.height, Math.round(height * 0.4));
    var below = rect.top + wanted - (height - MARGIN);
    // only near the end of the form: a tap at its top keeps its place
    if (below > 0 && rect.top < height * 2) window.scrollBy(0, Math.min(below, rect.top - MARGIN));
    else if (rect.top < 0) window.scrollBy(0, rect.top - MARGIN);
  }
  document.addEventListener("htmx:afterSettle", function (evt) {
    var target = evt.detail && evt.detail.target;
    if (!target || !target.querySelector) return;
    var region = target.matches && target.matches("[data-in-view]") ? target : target.querySelector("[data-in-view]");
    // an outerHTML swap leaves the event on the element it replaced: then the answer is looked up anew
    if (!region || !region.isConnected) region = document.querySelector("[data-in-view]");
    if (region) bringIntoView(region);
  });
})();

// The next entry at the thumb (issue 35): the game's element marked data-entry-now (its next entry's controls) is
// kept just above the dock at the bottom of the screen (templates/table/_dock.html): when the page opens, after
// this phone's own entry, and after a new version came in while the phone was at its entry. A phone scrolled up
// to read the board is left where it is; an answer to read (#answer: a refusal, a question) goes first (app.js).
(function () {
  var MARGIN = 8;
  function entry() { return document.querySelector("#live [data-entry-now]"); }
  function room() {  // the part of the screen the dock leaves: [top, bottom]
    var dock = document.getElementById("dock");
    var bottom = dock ? Math.min(window.innerHeight, dock.getBoundingClientRect().top) : window.innerHeight;
    return [MARGIN, bottom - MARGIN];
  }
  function inView(el) {
    var r = el.getBoundingClientRect(), space = room();
    return r.height > 0 && r.bottom > space[0] && r.top < space[1];
  }
  function keep() {
    var el = entry();
    if (!el) return;
    var r = el.getBoundingClientRect(), space = room();
    if (r.height === 0) return;
    var by = 0;
    if (r.bottom > space[1]) by = r.bottom - space[1];  // below the dock: up to just above it
    if (r.top - by < space[0]) by = r.top - space[0];   // taller than the room: its top first
    if (by) window.scrollBy(0, by);
  }
  var wasAtEntry = false;
  function before() { var el = entry(); wasAtEntry = !!el && inView(el); }
  function after(own) {
    if (document.querySelector("#live #answer[role=alert]")) return;  // the answer to read is app.js's to show
    if (own || wasAtEntry) keep();
  }
  document.addEventListener("htmx:beforeSwap", function (evt) {
    if (evt.detail && evt.detail.target && evt.detail.target.id === "live") before();
  });
  document.addEventListener("htmx:afterSettle", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    var target = evt.detail.target;
    if (!target || (target.id !== "live" && !target.isConnected)) return;
    if (!document.getElementById("live") || !entry()) return;
    after(cfg.verb === "post");
  });
  // the live stream's new versions (static/js/live.js swaps them in itself)
  document.addEventListener("companion:before-version", before);
  document.addEventListener("companion:after-version", function () { after(false); });
  if (!window.location.hash) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", keep);
    else keep();
  }
})();

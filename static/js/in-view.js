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

// The little script the pages need. Everything works without it (plain forms, full pages);
// with it, htmx updates in place. No inline script anywhere: the CSP forbids it.
(function () {
  "use strict";

  // Words that are true only with the script running (class "js-only") are shown only then.
  document.documentElement.classList.add("js");

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }

  // Every htmx request carries the CSRF token as a header (forms also carry it as a field).
  document.addEventListener("htmx:configRequest", function (evt) {
    evt.detail.headers["X-CSRFToken"] = csrfToken();
  });

  // A table's fragment rendered once for every phone (an htmx swap, the live stream) leaves its forms' CSRF token
  // and tap key empty: a form going out gets this page's own token, and a fresh key for its tap.
  function newTapKey() {
    if (window.crypto && crypto.getRandomValues) {
      var bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    }
    return String(Date.now()) + String(Math.random()).slice(2);
  }
  document.addEventListener("submit", function (evt) {
    var form = evt.target;
    var token = form.querySelector && form.querySelector('input[name="csrf_token"]');
    if (token && !token.value) token.value = csrfToken();
    var key = form.querySelector && form.querySelector('input[name="entry_key"]');
    if (key && !key.value) key.value = newTapKey();
  }, true);

  // A table page's address names its version (?at=), so the browser's Back returns to the table before the
  // last entry (each entry pushes its own step, see tables.answer) and never writes. A page opened by its plain
  // link gets its step's address here; the state lets htmx reload it when Back comes to it.
  // What else the address holds (a tapped node, ?sel=) is kept.
  function markStep() {
    var live = document.getElementById("live");
    var step = live && live.getAttribute("data-step-url");
    if (!step || !window.history.replaceState || !window.URL) return;
    var here = new URL(window.location.href);
    var at = new URL(step, window.location.href).searchParams.get("at");
    if (here.searchParams.get("at") === at) return;
    here.searchParams.set("at", at);
    window.history.replaceState({htmx: true}, "", here.pathname + here.search + here.hash);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", markStep);
  else markStep();

  // A form the player has started to fill is "dirty": the live poll must not wipe it out.
  document.addEventListener("input", function (evt) {
    var form = evt.target.closest && evt.target.closest("form");
    if (form) form.dataset.dirty = "1";
  });
  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form");
    if (form) form.dataset.dirty = "1";
  });

  document.addEventListener("htmx:beforeSwap", function (evt) {
    var target = evt.detail.target;
    var cfg = evt.detail.requestConfig || {};
    var isPoll = cfg.verb === "get" && target && target.id === "live";
    if (!isPoll || evt.detail.xhr.status !== 200) return;
    if (target.querySelector('form[data-dirty="1"]')) {
      // Keep the player's unsent entry; tell them the table moved on. Their send will be checked
      // against the new version and, if stale, answered with the fresh table and their entry kept.
      evt.detail.shouldSwap = false;
      var banner = target.querySelector(".stale-banner");
      if (banner) banner.hidden = false;
    }
  });

  // The answer to an entry (a refusal, a question, a result) is where the player looks: after a swap that
  // brought one, it is scrolled into view and focused (screen readers hear it: it is a live region).
  document.addEventListener("htmx:afterSettle", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    if (cfg.verb !== "post") return;
    var answer = document.getElementById("answer");
    if (!answer) return;
    answer.scrollIntoView({block: "center"});
    answer.focus({preventScroll: true});
  });

  // A look that brings something to act on (a Strato-Sphere node's actions): data-show names what to bring into
  // view once it is drawn (without JavaScript the link's #fragment does the same).
  document.addEventListener("htmx:afterSettle", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    var elt = cfg.elt;
    if (cfg.verb !== "get" || !elt || !elt.getAttribute) return;
    var selector = elt.getAttribute("data-show");
    var shown = selector && document.querySelector(selector);
    if (shown) shown.scrollIntoView({block: "start"});
  });

  // A look drawn in place (a link marked data-look: a Strato-Sphere node tapped, or closed) goes into the address
  // as without JavaScript, the step (?at=) kept: a reload, and the live stream's next version, draw it again.
  document.addEventListener("htmx:afterSettle", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    var elt = cfg.elt;
    if (cfg.verb !== "get" || !elt || !elt.hasAttribute || !elt.hasAttribute("data-look")) return;
    if (!window.history.replaceState || !window.URL) return;
    var link = new URL(elt.getAttribute("href"), window.location.href);
    var here = new URL(window.location.href);
    var at = here.searchParams.get("at");
    here.search = link.search;
    here.searchParams.delete("at");
    if (at !== null) here.searchParams.set("at", at);
    window.history.replaceState(window.history.state, "", here.pathname + here.search + here.hash);
  });

  // The server could not answer in time (503, busy), has no space left (507), or limits this phone (429, when a
  // page did not draw its own answer): htmx swaps nothing, so the entry stays in its form, and the server's
  // plain message (in the player's language) is shown above the page until the next answer that works. Only
  // these answers are handled here: a send that got no answer at all is live.js's (it queues the tap).
  function serverNotice() {
    var notice = document.getElementById("server-notice");
    if (!notice) {
      notice = document.createElement("p");
      notice.id = "server-notice";
      notice.className = "server-notice";
      notice.setAttribute("role", "alert");
      notice.hidden = true;
      document.body.insertBefore(notice, document.body.firstChild);
    }
    return notice;
  }
  document.addEventListener("htmx:responseError", function (evt) {
    var xhr = evt.detail.xhr;
    if (!xhr || (xhr.status < 500 && xhr.status !== 429)) return;
    var type = xhr.getResponseHeader("Content-Type") || "";
    var said = type.indexOf("text/plain") === 0 ? xhr.responseText : "";
    if (!said && type.indexOf("text/html") === 0) {  // an error page: its message paragraph
      var page = new DOMParser().parseFromString(xhr.responseText, "text/html");
      var message = page.querySelector(".error-page p");
      said = message ? message.textContent : "";
    }
    var notice = serverNotice();
    notice.textContent = said || ("HTTP " + xhr.status);
    notice.hidden = false;
    notice.scrollIntoView({block: "nearest"});
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var xhr = evt.detail.xhr;
    var notice = document.getElementById("server-notice");
    if (notice && xhr && xhr.status < 400 && xhr.status !== 0) notice.hidden = true;
  });

  // Copy buttons (templates/_copy.html): data-copy names the input whose link is copied. The clipboard API exists
  // only on secure pages (https, or 127.0.0.1); on a plain http address on the Wi-Fi the older copy command often
  // still works. The line beside the button says what happened: copied, or the link selected to copy by hand.
  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("[data-copy]");
    if (!button) return;
    var input = document.querySelector(button.getAttribute("data-copy"));
    if (!input) return;
    var said = button.nextElementSibling;
    if (said && !said.classList.contains("copy-said")) said = null;
    function tell(copied) {
      if (said) said.textContent = said.getAttribute(copied ? "data-done" : "data-by-hand");
    }
    function select() {
      input.focus();
      input.select();
      try { input.setSelectionRange(0, input.value.length); } catch (e) { /* a field that cannot say */ }
    }
    function byCommand() {
      select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      tell(copied);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(function () { select(); tell(true); }, byCommand);
    } else {
      byCommand();
    }
  });

  // A photo of cards (data-send-on-choose): sent as soon as the camera hands it over, one tap less. Without the
  // script, the form's own "Read the photo" button sends it.
  document.addEventListener("change", function (evt) {
    var input = evt.target;
    if (!input.matches || !input.matches('input[type="file"][data-send-on-choose]') || !input.files.length) return;
    // a photo inside an entry's form is sent by its own button (its formaction, and with htmx its hx-post)
    var button = input.form && input.form.querySelector("[data-photo-submit]");
    if (button) button.click();
    else if (input.form && input.form.requestSubmit) input.form.requestSubmit();
  });
})();

// The live table (issue #23): every open page of a table hears each new version at once, knows when it is
// stale, keeps every tap until the server has it (once: each tap has its own key), keeps a half-tapped entry
// across a reload, and can keep the screen on. Without JavaScript the pages work as plain forms; without a
// stream (a proxy that buffers, an old browser) the page polls as before.
(function () {
  "use strict";

  var live = document.getElementById("live");
  var panel = document.getElementById("live-panel");
  if (!live || !panel || !live.getAttribute("data-events-url")) return;

  var tableKey = live.getAttribute("data-events-url");  // one table (and link kind) per page
  var queueKey = "companion-queue:" + tableKey;
  var draftKey = "companion-draft:" + tableKey;
  var source = null;
  var streamOpen = false;
  var offline = false;
  var flushing = false;
  var retryTimer = null;

  var news = document.getElementById("live-news") || panel;  // the live line, in the dock (dockPanel)
  function $(selector) { return panel.querySelector(selector) || news.querySelector(selector); }
  function current() { return document.getElementById("live"); }
  function version() { var el = current(); return el ? parseInt(el.getAttribute("data-version") || "0", 10) : 0; }
  // Versions only move on: every entry makes a new one. On a busy server a stream's event or a poll's answer can
  // come after this phone's own newer answer; it is never drawn over it (the page would step back, and the next
  // tap would be made on a table that is gone). ``heard``: the newest version the stream told of, to catch up to.
  var heard = null;
  function versionIn(html) {
    var found = /<div id="live"[^>]*? data-version="(\d+)"/.exec(html || "");
    return found ? parseInt(found[1], 10) : -1;
  }
  function csrf() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute("content") : "";
  }
  function newKey() {
    if (window.crypto && crypto.getRandomValues) {
      var bytes = new Uint8Array(12);
      crypto.getRandomValues(bytes);
      return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    }
    return String(Date.now()) + String(Math.random()).slice(2);
  }

  // -- being told: the stream ------------------------------------------------------------------------------
  // The page's state is also on <html data-live="connecting|open|lost">: the style dims a stale table by it, and
  // the browser tests wait for it as a player waits for the notice.
  function setOffline(on) {
    offline = on;
    $(".live-offline").hidden = !on;
    if (on) $(".live-caught-up").hidden = true;  // what was said on the last return no longer holds
    document.documentElement.classList.toggle("live-stale", on);
    document.documentElement.setAttribute("data-live", on ? "lost" : (streamOpen ? "open" : "connecting"));
  }

  function announce(lines, target) {
    if (!lines || !lines.length) return;
    var box = target || $(".live-said");
    // what was said stays until the next change says something else (issue 35): a player looking away for a
    // moment still reads who did what
    box.textContent = lines.join(" · ");
    if (target) target.parentNode.hidden = false;
  }

  // The live line lives in the dock at the bottom of the screen (templates/table/_dock.html): the same element
  // (what it says, its state) is moved into each new version's dock, so nothing it says is lost to a swap.
  function dockPanel() {
    var dock = document.getElementById("dock");
    if (dock && news !== panel && news.parentNode !== dock) dock.insertBefore(news, dock.firstChild);
  }
  dockPanel();
  document.addEventListener("htmx:afterSwap", dockPanel);

  // What this phone looks at (a tapped node, ?sel=, put there by app.js or the page's own link): the address's
  // query without the step and the poll's fields. Empty when it looks at nothing in particular.
  function look() {
    if (!window.URL) return "";
    var query = new URL(window.location.href).searchParams;
    ["at", "n", "v"].forEach(function (name) { query.delete(name); });
    return query.toString();
  }

  function showTable(data, keep) {
    var el = current();
    if (!el || data.version <= version()) return;
    if (el.querySelector('form[data-dirty="1"]')) {
      // The player's unsent entry stays; they are told the table moved on (their send is checked against it).
      var banner = el.querySelector(".stale-banner");
      if (banner) banner.hidden = false;
      return;
    }
    var looked = look();
    if (looked && el.getAttribute("hx-get")) {
      // The stream's render is the one every phone gets, with no node tapped: this phone asks for the version
      // as it looks at it, so its tapped node stays open (the shared render if that fails).
      var url = el.getAttribute("hx-get").replace(/([?&])v=\d*/, "$1v=" + version()) + "&" + looked;
      fetch(url, {headers: {"HX-Request": "true"}, credentials: "same-origin"})
        .then(function (response) { return response.status === 200 ? response.text() : data.html; },
              function () { return data.html; })
        .then(function (html) { swapIn(html, keep); });
      return;
    }
    swapIn(data.html, keep);
  }

  // ``keep``: this phone's own answer (a refusal's why), carried into the newer version it is caught up to.
  function swapIn(html, keep) {
    var el = current();
    if (!el || el.querySelector('form[data-dirty="1"]') || versionIn(html) < version()) return;
    document.dispatchEvent(new Event("companion:before-version"));  // in-view.js keeps the entry where it was
    htmx.swap(el, html, {swapStyle: "outerHTML"});
    var banner = current().querySelector(".stale-banner");
    if (keep && banner && !current().querySelector("#answer")) banner.parentNode.insertBefore(keep, banner.nextSibling);
    dockPanel();
    document.dispatchEvent(new Event("companion:after-version"));
    followStep(false);
    restoreDraft();
  }

  // The address names the table's step (?at=, see app.js): after a swap it must name the new one, or a reload
  // would show the step the page was opened at, read-only (the poll's answer does this by HX-Replace-Url).
  // ``push``: the phone's own entry is a new step Back returns from (as HX-Push-Url does for htmx's sends).
  function followStep(push) {
    var el = current();
    var step = el && el.getAttribute("data-step-url");
    if (!step || !window.history.replaceState || !window.URL) return;
    var here = new URL(window.location.href);
    var at = new URL(step, window.location.href).searchParams.get("at");
    if (here.searchParams.get("at") === at) return;
    here.searchParams.set("at", at);
    var address = here.pathname + here.search + here.hash;
    if (push) window.history.pushState({htmx: true}, "", address);
    else window.history.replaceState({htmx: true}, "", address);
  }

  function connect() {
    if (retryTimer) { window.clearTimeout(retryTimer); retryTimer = null; }
    if (source) source.close();
    var url = tableKey + (tableKey.indexOf("?") < 0 ? "?" : "&") + "v=" + version();
    source = new EventSource(url);
    var wasOffline = offline;
    source.onopen = function () {
      streamOpen = true;
      if (offline) { wasOffline = true; }
      setOffline(false);
      flushQueue();
    };
    var mine = source;
    source.addEventListener("table", function (evt) {
      var data = JSON.parse(evt.data);
      if (!heard || data.version > heard.version) heard = data;
      showTable(data);
      if (wasOffline && data.said && data.said.length) announce(data.said, $(".live-caught-up-what"));
      else announce(data.said);
      wasOffline = false;
    });
    source.addEventListener("gone", function () { source.close(); });
    source.onerror = function () {
      if (mine !== source) return;  // an old stream, closed on purpose
      streamOpen = false;
      setOffline(true);  // EventSource reconnects by itself (retry: 1-4 s), sending the last version it had...
      // ...except after an answer that is not a stream (a proxy's 502, a restarting server's error page): then
      // it gives up for good, so the page tries again itself, and polls meanwhile.
      if (source.readyState === 2 && !retryTimer) {
        retryTimer = window.setTimeout(function () { retryTimer = null; connect(); }, 5000);
      }
    };
  }

  // This phone's own answer drawn, the stream may have told of a newer version meanwhile (another phone's entry
  // made while this one's was on its way): the page catches up to it at once, keeping what the answer said.
  function catchUp() {
    if (heard && heard.version > version()) showTable(heard, current().querySelector("#answer"));
  }
  document.addEventListener("htmx:afterSettle", function (evt) {
    if (isEntry(evt.detail.requestConfig || {})) catchUp();
  });
  // A poll's answer older than the page (it crossed this phone's own entry) is not drawn.
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    if (cfg.verb === "get" && evt.detail.elt && evt.detail.elt.id === "live" &&
        versionIn(evt.detail.serverResponse) < version()) evt.preventDefault();
  });

  // The poll (the fallback) asks for the table as this phone looks at it, like the stream's answer above.
  document.addEventListener("htmx:configRequest", function (evt) {
    var cfg = evt.detail;
    if (cfg.verb !== "get" || !cfg.elt || cfg.elt.id !== "live" || !window.URLSearchParams) return;
    new URLSearchParams(look()).forEach(function (value, name) { cfg.parameters[name] = value; });
  });

  // While the stream is open, the page's poll (the fallback) has nothing to do.
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    if (streamOpen && cfg.verb === "get" && evt.detail.elt && evt.detail.elt.id === "live") evt.preventDefault();
  });

  // A phone that slept may hold a dead stream without knowing: on waking, reconnect and catch up first.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") return;
    setOffline(true);
    connect();
  });
  window.addEventListener("online", function () { connect(); });
  // The phone says it lost its network: its stream is taken as lost too (a stream can outlive the network for a
  // while and then die without a word); the page says so, and opens it again when the network is back.
  window.addEventListener("offline", function () {
    if (source) { source.close(); source = null; }
    streamOpen = false;
    setOffline(true);
  });

  // -- every tap once: keys and the waiting queue ------------------------------------------------------------
  function isEntry(cfg) {
    return cfg.verb === "post" && /^\/t\/[^/]+\//.test(cfg.path || "");
  }

  function readQueue() {
    try { return JSON.parse(window.localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; }
  }
  function writeQueue(queue) {
    try { window.localStorage.setItem(queueKey, JSON.stringify(queue)); } catch (e) { /* private mode: kept in memory */ }
    var box = $(".live-queued");
    box.hidden = queue.length === 0;
    box.textContent = queue.length === 1 ? box.getAttribute("data-one")
      : box.getAttribute("data-many").replace("{n}", String(queue.length));
  }

  document.addEventListener("htmx:configRequest", function (evt) {
    var cfg = evt.detail;
    if (!isEntry(cfg)) return;
    cfg.parameters.entry_key = newKey();  // a fresh key per tap: a resend of this tap reuses it
    cfg.companionBody = new URLSearchParams(cfg.formData).toString();
    if (offline || navigator.onLine === false) {
      evt.preventDefault();  // not sent now: it waits on this phone, then goes once
      var queue = readQueue();
      queue.push({path: cfg.path, body: cfg.companionBody});
      writeQueue(queue);
      clearDraft();
    }
  });

  // The answer never came (the connection dropped): the tap waits, with its key, and goes again once.
  document.addEventListener("htmx:sendError", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    if (!isEntry(cfg) || !cfg.companionBody) return;
    var queue = readQueue();
    queue.push({path: cfg.path, body: cfg.companionBody});
    writeQueue(queue);
    setOffline(true);
    // The stream may still look open: open it again, so the page catches up first and then sends the tap
    // (once the stream is open, flushQueue runs).
    connect();
  });

  // Any answer that decided nothing (a server error of any kind: busy, a database that restarted after the
  // commit, a proxy's 502; or 429, this phone sends too much): the tap may or may not have been written. It waits
  // on this phone with its key and goes again by itself when the answer's Retry-After says; a tap that was
  // written after all is answered "saved" and never written twice. The form is emptied, so the same entry is not
  // sent a second time by hand under a new key. (A refusal, 409 or 422, is an answer: the page shows it.)
  document.addEventListener("htmx:responseError", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    var xhr = evt.detail.xhr;
    if (!isEntry(cfg) || !cfg.companionBody || !xhr || (xhr.status < 500 && xhr.status !== 429)) return;
    var queue = readQueue();
    queue.push({path: cfg.path, body: cfg.companionBody});
    writeQueue(queue);
    clearDraft();
    var form = cfg.elt && cfg.elt.closest ? cfg.elt.closest("form") : null;
    if (form) { form.reset(); delete form.dataset.dirty; }
    if (xhr.status !== 507) {  // "storage full" stays as the server said it: whoever runs it must act
      window.setTimeout(function () {  // after app.js has said why: say what happens now
        var notice = document.getElementById("server-notice");
        if (notice) notice.textContent = panel.getAttribute("data-busy");
      }, 0);
    }
    var wait = parseInt(xhr.getResponseHeader("Retry-After") || "5", 10);
    window.setTimeout(flushQueue, Math.min(Math.max(isNaN(wait) ? 5 : wait, 1), 60) * 1000);
  });

  function flushQueue() {
    var queue = readQueue();
    writeQueue(queue);
    if (flushing || !queue.length || offline) return;
    flushing = true;
    var next = queue[0];
    fetch(next.path, {
      method: "POST", credentials: "same-origin", body: next.body,
      headers: {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true", "X-CSRFToken": csrf()}
    }).then(function (response) {
      if (response.status >= 500 || response.status === 429) {
        // Not decided (a restarting server, a proxy's error, too many at once): the tap stays, with its key,
        // and goes again in a moment; a repeat that was in fact saved is answered "saved", never written twice.
        flushing = false;
        var wait = parseInt(response.headers.get("Retry-After") || "5", 10);
        window.setTimeout(flushQueue, Math.min(Math.max(isNaN(wait) ? 5 : wait, 1), 60) * 1000);
        return;
      }
      return response.text().then(function (html) {
        var rest = readQueue().slice(1);
        writeQueue(rest);
        var busy = document.getElementById("server-notice");  // app.js's "busy" notice: answered now
        if (busy) busy.hidden = true;
        var el = current();
        if (el && versionIn(html) >= version()) {
          htmx.swap(el, html, {swapStyle: "outerHTML"});
          dockPanel();
          followStep(response.headers.has("HX-Push-Url"));
          catchUp();
        }
        flushing = false;
        if (rest.length) flushQueue();
      });
    }, function () {
      flushing = false;  // still no connection: it stays queued
      setOffline(true);
    });
  }

  // -- a half-tapped entry survives a reload and a language switch ------------------------------------------
  // A form is known by where it goes, its kind and the node it is about: a card half picked for node 1 is never
  // put into node 2's form.
  function formId(form) {
    var kind = form.querySelector('[name="kind"],[name="type"]');
    var node = form.querySelector('input[type="hidden"][name="node"]');
    return (form.getAttribute("action") || "") + "|" + (kind ? kind.value : "") + (node ? "|" + node.value : "");
  }
  function saveDraft(form) {
    if (!form.closest("#live")) return;
    var drafts = {};
    try { drafts = JSON.parse(window.sessionStorage.getItem(draftKey) || "{}"); } catch (e) { drafts = {}; }
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      if (el.type === "checkbox" || el.type === "radio") { if (el.checked) fields[el.name + "=" + el.value] = true; }
      else fields[el.name] = el.value;
    });
    drafts[formId(form)] = fields;
    try { window.sessionStorage.setItem(draftKey, JSON.stringify(drafts)); } catch (e) { /* no storage */ }
  }
  function restoreDraft() {
    var drafts;
    try { drafts = JSON.parse(window.sessionStorage.getItem(draftKey) || "{}"); } catch (e) { return; }
    var el = current();
    if (!el) return;
    Array.prototype.forEach.call(el.querySelectorAll("form"), function (form) {
      var fields = drafts[formId(form)];
      if (!fields) return;
      var touched = false;
      Array.prototype.forEach.call(form.elements, function (input) {
        if (!input.name || input.type === "hidden" || input.type === "submit") return;
        if (input.type === "checkbox" || input.type === "radio") {
          var on = !!fields[input.name + "=" + input.value];
          if (input.checked !== on) { input.checked = on; touched = true; }
        } else if (fields[input.name] !== undefined && input.value !== fields[input.name]) {
          input.value = fields[input.name];
          touched = true;
        }
      });
      if (touched) form.dataset.dirty = "1";
    });
  }
  function clearDraft() {
    try { window.sessionStorage.removeItem(draftKey); } catch (e) { /* no storage */ }
  }
  document.addEventListener("input", function (evt) {
    var form = evt.target.closest && evt.target.closest("form");
    if (form) saveDraft(form);
  });
  document.addEventListener("change", function (evt) {
    var form = evt.target.closest && evt.target.closest("form");
    if (form) saveDraft(form);
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var cfg = evt.detail.requestConfig || {};
    if (isEntry(cfg) && evt.detail.successful) clearDraft();
  });
  // Leaving the page (a reload, a language switch): every entry form that differs from what the page drew is
  // kept, even one typed into before this script had loaded (no input event was heard then).
  function changed(form) {
    return Array.prototype.some.call(form.elements, function (el) {
      if (!el.name || el.type === "hidden") return false;
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.options) return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
      return el.value !== el.defaultValue;
    });
  }
  window.addEventListener("pagehide", function () {
    var el = current();
    if (!el) return;
    Array.prototype.forEach.call(el.querySelectorAll("form"), function (form) { if (changed(form)) saveDraft(form); });
  });

  restoreDraft();
  writeQueue(readQueue());
  document.documentElement.setAttribute("data-live", "connecting");
  if (window.EventSource) connect();
})();

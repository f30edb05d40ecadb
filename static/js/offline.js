/* The page's side of reading offline (docs/offline.md): registers the service worker (/sw.js),
 * shows the offline banner, keeps a person's typing when a form cannot be sent, tells the worker
 * to forget the kept pages on sign-out (after asking, when a game draft's changes are still
 * unsent), and lists the kept pages on the offline page. On a game draft's page
 * (`form[data-offline-draft]`) static/js/draft.js keeps the typing and owns the banner.
 *
 * Loaded on every page with <script src defer data-worker="/sw.js">; no inline script (CSP). */
(() => {
  "use strict";

  const root = document.documentElement;
  const script = document.currentScript;
  const workerUrl = script && script.dataset.worker;
  const PAGES_CACHE = "solar175-pages";
  const banner = document.getElementById("offline-banner");
  // The worker marks a page it answered from its copy (sw.js `offlineCopy`).
  const seenAt = root.dataset.offlineSeen ? new Date(root.dataset.offlineSeen) : null;
  const loadedAt = new Date();
  // A game draft's page keeps its typing on the phone: static/js/draft.js owns the banner.
  const draftPage = document.querySelector("form[data-offline-draft]") !== null;
  // Where draft.js keeps the changes not sent yet (one localStorage entry each).
  const DRAFT_STORE = "solar175-draft/";

  const workers = "serviceWorker" in navigator && workerUrl ? navigator.serviceWorker : null;
  if (workers) workers.register(workerUrl, { scope: "/" }).catch(() => undefined);

  // --- words --------------------------------------------------------------------------------

  // The page's words, in its language (offline/templatetags/offline_words.py): `{name}` in
  // a sentence is a value this script puts in.
  const wordsElement = document.getElementById("offline-words");
  const WORDS = wordsElement ? JSON.parse(wordsElement.textContent) : {};

  function fill(sentence, values) {
    return String(sentence).replace(/\{(\w+)\}/g, (whole, name) =>
      name in values ? String(values[name]) : whole,
    );
  }

  // Dates and times in the page's language (its <html lang>, "de" or "en-gb"), as the words
  // around them, whatever the phone's own language.
  const LOCALE = document.documentElement.lang || undefined;
  const dateWords = new Intl.DateTimeFormat(LOCALE, {
    weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit",
  });
  const timeWords = new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit" });
  const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

  function ago(date) {
    const minutes = Math.round((date.getTime() - Date.now()) / 60000);
    if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
    const hours = Math.round(minutes / 60);
    if (Math.abs(hours) < 48) return relative.format(hours, "hour");
    return relative.format(Math.round(hours / 24), "day");
  }

  function say(strong, words, action) {
    if (!banner) return;
    banner.replaceChildren();
    const title = document.createElement("strong");
    title.textContent = strong;
    banner.append(title, " ", words);
    if (action) banner.append(" ", action);
    banner.hidden = false;
  }

  function reloadLink() {
    const link = document.createElement("a");
    link.href = window.location.href;
    link.className = "btn btn-sm btn-dark offline-reload";
    link.textContent = WORDS.reload;
    return link;
  }

  // The banner's words for a page's own script (static/js/draft.js, loaded after this one).
  window.solar175Offline = Object.freeze({ say, reloadLink, dateWords, words: WORDS, fill });

  // --- a copy the worker kept ---------------------------------------------------------------

  // A form marked data-offline-draft keeps its own typing on the phone (the game draft,
  // docs/offline.md): this script leaves it alone.
  function isPost(form) {
    return (
      (form.getAttribute("method") || "get").toLowerCase() === "post" &&
      !form.matches("[data-offline-draft]")
    );
  }

  function postForms() {
    return Array.from(document.querySelectorAll("form")).filter(isPost);
  }

  // The worker answers with its copy only when the network failed (or did not answer in
  // time): the page starts offline, whatever navigator.onLine says, until "online" fires.
  function showCopy(event) {
    if (event && event.type === "online") {
      say(WORDS.back, fill(WORDS.copyBack, { ago: ago(seenAt) }), reloadLink());
    } else {
      say(
        WORDS.offline,
        fill(WORDS.copy, { date: dateWords.format(seenAt), ago: ago(seenAt) }),
      );
    }
  }

  if (seenAt && !Number.isNaN(seenAt.getTime())) {
    root.classList.add("offline-copy");
    // A kept copy's forms are never sent: they would send what the page showed back then.
    for (const form of postForms()) {
      for (const control of form.elements) control.disabled = true;
    }
    if (!draftPage) {
      showCopy(null);
      window.addEventListener("online", showCopy);
      window.addEventListener("offline", showCopy);
    }
  } else if (banner) {
    // --- a live page whose connection drops -------------------------------------------------
    const dropped = () =>
      say(WORDS.offline, fill(WORDS.loaded, { time: timeWords.format(loadedAt) }));
    if (!draftPage) {
      window.addEventListener("offline", dropped);
      window.addEventListener("online", () => {
        banner.hidden = true;
      });
      if (!navigator.onLine) dropped();
    }

    // A form sent without a connection would lose what was typed: keep the page instead.
    document.addEventListener("submit", (event) => {
      const form = event.target;
      if (navigator.onLine || !isPost(form)) return;
      event.preventDefault();
      say(WORDS.notSentOffline, WORDS.keptSendAgain);
      banner.scrollIntoView({ block: "nearest" });
    });
    document.addEventListener("htmx:sendError", () => {
      if (!draftPage) {
        say(WORDS.notSentNoConnection, WORDS.keptTryAgain);
      }
    });
  }

  // --- the worker keeps this page --------------------------------------------------------------
  // The worker keeps a page as it passes through it. A page it did not answer (the first
  // page a phone opens, before the worker was installed; a reload that bypassed it) asks it
  // to keep this page now, once it runs: the worker fetches this page's own address (sw.js
  // "keep": never another one) and keeps the answer if the server marked it Offline-Keep.
  // A game draft's page asks again when the connection comes back and when the phone leaves
  // the page, never after each stored change: a whole page a push was most of a host's
  // bytes (16 pages in one game, issue 31). What the server stored since the copy was kept
  // is kept by draft.js ("solar175-seen/") and laid over the copy when it is shown offline.
  const KEEP_AFTER_MS = 2000;

  function keepThisPage(worker) {
    if (worker && navigator.onLine) worker.postMessage({ type: "keep" });
  }

  if (workers && !seenAt) {
    if (!workers.controller) {
      workers.ready.then((registration) => keepThisPage(registration.active)).catch(() => undefined);
    }
    if (draftPage) {
      let timer = null;
      const keepSoon = () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => keepThisPage(workers.controller), KEEP_AFTER_MS);
      };
      window.addEventListener("online", keepSoon);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "hidden") keepThisPage(workers.controller);
      });
    }
  }

  // --- signing out: the worker forgets this person's pages ----------------------------------
  // (The server's answer also carries Clear-Site-Data; this covers browsers that ignore it.)

  function unsentDraftChanges() {
    try {
      let count = 0;
      for (let i = 0; i < localStorage.length; i++) {
        if ((localStorage.key(i) || "").startsWith(DRAFT_STORE)) count += 1;
      }
      return count;
    } catch (error) {
      return 0;
    }
  }

  document.addEventListener("submit", (event) => {
    if (event.defaultPrevented || !event.target.matches("[data-sign-out]")) return;
    // Signing out deletes this phone's storage (Clear-Site-Data), the draft's unsent changes
    // with it: the person decides.
    const unsent = unsentDraftChanges();
    const forms = WORDS.unsent || {};
    const question = fill(unsent === 1 ? forms.one : forms.other, { count: unsent });
    if (unsent && !window.confirm(question)) {
      event.preventDefault();
      return;
    }
    const controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ type: "sign-out" });
  });

  // --- the offline page: what this phone kept -----------------------------------------------

  const list = document.querySelector("[data-kept-pages]");
  const wanted = document.querySelector("[data-wanted-address]");
  if (wanted) wanted.textContent = window.location.pathname + window.location.search;
  if (list && "caches" in window) {
    (async () => {
      const pages = await caches.open(PAGES_CACHE);
      const rows = [];
      for (const request of await pages.keys()) {
        const kept = await pages.match(request);
        if (!kept || !(kept.headers.get("Content-Type") || "").startsWith("text/html")) continue;
        const url = new URL(request.url);
        rows.push({
          href: url.pathname + url.search,
          title: decodeURIComponent(kept.headers.get("Offline-Title") || "") || url.pathname,
          seen: new Date(kept.headers.get("Offline-Seen")),
        });
      }
      rows.sort((a, b) => b.seen - a.seen);
      for (const row of rows) {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = row.href;
        const title = row.title;
        const end = WORDS.titleEnd || "";
        link.textContent = end && title.endsWith(end) ? title.slice(0, -end.length) : title;
        const when = document.createElement("span");
        when.className = "text-body-secondary small";
        when.textContent = fill(WORDS.seen, { ago: ago(row.seen) });
        item.append(link, when);
        list.append(item);
      }
      const none = document.querySelector("[data-kept-none]");
      if (none) none.hidden = rows.length > 0;
      list.hidden = rows.length === 0;
    })().catch(() => undefined);
  }
})();

/* The Solar 175 service worker (docs/offline.md). Served by offline/views.py at /sw.js, with
 * `CONFIG` (this site's addresses and the worker's version) written above this line.
 *
 * What it keeps, in the Cache Storage:
 * - "solar175-static": the static files (CSS, scripts, icons), the manifest and the offline
 *   page, in the installing phone's language and in each language the site speaks
 *   (`CONFIG.offlinePages`). The same for everyone. With them, the language of the last page
 *   the phone read (its Content-Language: the person's, chosen or their phone's), so that
 *   the offline page shown is in it.
 * - "solar175-pages": the last-seen copy of each page the server marked `Offline-Keep`, for
 *   the one session named by the `Offline-Session` of the pages it came with. A page of
 *   another session (or a signed-out one) arriving forgets them all; so does a "sign-out"
 *   message; and offline, so does a phone whose session cookie for the worker
 *   (`CONFIG.sessionCookie`) no longer names that session (expired, cleared).
 * - "solar175-meta": whose pages those are.
 *
 * It never touches a request other than GET (a form's POST goes to the network as it is), nor
 * an htmx fragment, nor another site's address.
 */
"use strict";

const STATIC_CACHE = "solar175-static";
const PAGES_CACHE = "solar175-pages";
const META_CACHE = "solar175-meta";
const OUR_CACHES = [STATIC_CACHE, PAGES_CACHE, META_CACHE];
const PERSON_ENTRY = new URL("/__offline__/person", self.location.origin).href;
const LANGUAGE_ENTRY = new URL("/__offline__/language", self.location.origin).href;
const KEEP = "Offline-Keep";
const SESSION = "Offline-Session";
const NOBODY = "nobody";
const SEEN = "Offline-Seen";
const TITLE = "Offline-Title";
// A page the phone has a copy of waits this long for a slow connection, then shows the copy
// (and keeps the newer page when it arrives).
const PATIENCE_MS = 10000;
// Query parameters that only open a part of the page (the sections page's card).
const PRESENTATIONAL_PARAMS = ["open"];

// --- one change to the caches at a time ----------------------------------------------------

let queue = Promise.resolve();
function serially(task) {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function pageKey(address) {
  const url = new URL(address);
  url.hash = "";
  for (const name of PRESENTATIONAL_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/** `yes; campaign=12; unlocked=1 2 3` -> {campaign: "12", unlocked: ["1", "2", "3"]}. */
function parseKeep(value) {
  if (!value) return null;
  const keep = { campaign: null, unlocked: [] };
  for (const part of value.split(";").slice(1)) {
    const [name, ...rest] = part.split("=");
    const text = rest.join("=").trim();
    if (name.trim() === "campaign") keep.campaign = text;
    if (name.trim() === "unlocked") keep.unlocked = text.split(/\s+/).filter(Boolean);
  }
  return keep;
}

// --- whose pages: one session's ------------------------------------------------------------

async function forgetEveryone() {
  await caches.delete(PAGES_CACHE);
  await caches.delete(META_CACHE);
}

async function knownPerson() {
  const meta = await caches.open(META_CACHE);
  const entry = await meta.match(PERSON_ENTRY);
  return entry ? entry.text() : null;
}

/** The pages kept are `session`'s: if they were another session's (or no one knows whose),
 * forget them first. */
async function pagesBelongTo(session) {
  if ((await knownPerson()) === session) return;
  await forgetEveryone();
  const meta = await caches.open(META_CACHE);
  await meta.put(PERSON_ENTRY, new Response(session));
}

/** The session this phone holds now, as the server's cookie for the worker names it
 * (offline/middleware.py: set and deleted with the session cookie, expiring with it):
 * `nobody` without one; null where the browser cannot tell a worker its cookies. */
async function sessionOnThePhone() {
  if (!self.cookieStore) return null;
  try {
    const cookie = await self.cookieStore.get(CONFIG.sessionCookie);
    return cookie && cookie.value ? cookie.value : NOBODY;
  } catch (error) {
    return null;
  }
}

/** Offline, before anything kept is shown (or listed): the pages kept for a session the
 * phone no longer holds go, whatever the reason it ended (signed out, expired, its cookie
 * cleared). A signed-out visitor's pages (`nobody`'s) hold nothing behind sign-in. Where
 * the worker cannot read the cookie, a signed-in session's pages are not shown offline. */
async function forgetAnEndedSession() {
  const kept = await knownPerson();
  if (kept === null || kept === NOBODY) return;
  if ((await sessionOnThePhone()) === kept) return;
  await serially(forgetEveryone);
}

/** A section kept as unlocked has locked again (a game edited away): every page of that
 * campaign drawn while it was unlocked goes. */
async function forgetRelocked(pages, keep) {
  const now = new Set(keep.unlocked);
  for (const request of await pages.keys()) {
    const kept = await pages.match(request);
    const then = parseKeep(kept && kept.headers.get(KEEP));
    if (!then || then.campaign !== keep.campaign) continue;
    if (then.unlocked.some((section) => !now.has(section))) await pages.delete(request);
  }
}

function titleOf(html) {
  const found = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!found) return "";
  const text = found[1].replace(/\s+/g, " ").trim();
  return text.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

// --- the language the person reads ----------------------------------------------------------

/** One of the site's languages (a key of `CONFIG.offlinePages`) for a language tag: the same
 * ("de"), or the site's of that language ("de-AT" -> "de", "en-US" -> "en-gb"); else null. */
function siteLanguage(tag) {
  const wanted = (tag || "").trim().toLowerCase();
  if (!wanted) return null;
  const codes = Object.keys(CONFIG.offlinePages);
  if (codes.includes(wanted)) return wanted;
  const base = wanted.split("-")[0];
  return codes.find((code) => code.split("-")[0] === base) || null;
}

/** A page's language (its Content-Language) is the person's: kept for the offline page. */
async function rememberLanguage(response) {
  if (!(response.headers.get("Content-Type") || "").startsWith("text/html")) return;
  const language = siteLanguage(response.headers.get("Content-Language"));
  if (!language) return;
  const store = await caches.open(STATIC_CACHE);
  const known = await store.match(LANGUAGE_ENTRY);
  if (known && (await known.text()) === language) return;
  await store.put(LANGUAGE_ENTRY, new Response(language));
}

/** The language of the last page read, else the phone's first the site speaks; or null. */
async function personLanguage() {
  const store = await caches.open(STATIC_CACHE);
  const known = await store.match(LANGUAGE_ENTRY);
  const language = known ? siteLanguage(await known.text()) : null;
  if (language) return language;
  for (const tag of self.navigator.languages || []) {
    const found = siteLanguage(tag);
    if (found) return found;
  }
  return null;
}

/** What the network answered for `request`: keep it, forget the old copy, or nothing. */
async function remember(request, response) {
  if (response.type === "basic" && response.ok) await rememberLanguage(response);
  const session = response.headers.get(SESSION);
  if (session !== null) await pagesBelongTo(session);
  if (response.type !== "basic" || response.redirected) return;
  if (pageKey(response.url) !== pageKey(request.url)) return;
  const key = pageKey(request.url);
  const keep = parseKeep(response.headers.get(KEEP));
  const pages = await caches.open(PAGES_CACHE);
  if (response.status === 200 && keep && session !== null) {
    const headers = new Headers(response.headers);
    headers.set(SEEN, new Date().toISOString());
    let body;
    if ((headers.get("Content-Type") || "").startsWith("text/html")) {
      body = await response.text();
      headers.set(TITLE, encodeURIComponent(titleOf(body)));
    } else {
      body = await response.blob();
    }
    headers.delete("Content-Length");
    await pages.put(key, new Response(body, { status: 200, headers }));
    if (keep.campaign) await forgetRelocked(pages, keep);
  } else if ([200, 401, 403, 404, 410].includes(response.status)) {
    // No longer a page this person may keep (a section locked again, a campaign left).
    await pages.delete(key);
  }
}

// --- answering -------------------------------------------------------------------------------

function later(ms) {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

/** A kept page, marked as the copy it is: offline.js shows the banner from the mark. */
async function offlineCopy(kept) {
  if (!(kept.headers.get("Content-Type") || "").startsWith("text/html")) return kept;
  const seen = kept.headers.get(SEEN) || "";
  const html = (await kept.text()).replace(/<html\b/i, `<html data-offline-seen="${seen}"`);
  const headers = new Headers(kept.headers);
  headers.delete("Content-Length");
  return new Response(html, { status: 200, headers });
}

async function needsConnection() {
  const language = await personLanguage();
  const store = await caches.open(STATIC_CACHE);
  const page =
    (language && (await store.match(CONFIG.offlinePages[language], { ignoreVary: true }))) ||
    (await store.match(CONFIG.offlinePage, { ignoreVary: true }));
  if (!page) {
    const words = CONFIG.needsConnectionWords;
    return new Response(words[language] || words[CONFIG.defaultLanguage], {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(page.body, { status: 503, headers: page.headers });
}

/** Network first; the kept copy when there is no connection (or it does not answer in
 * time); else the page that says a connection is needed. */
async function answer(event, isPage) {
  const request = event.request;
  const pages = await caches.open(PAGES_CACHE);
  let kept = await pages.match(pageKey(request.url), { ignoreVary: true });
  const network = fetch(request).then((response) => {
    const remembered = serially(() => remember(request, response.clone()));
    event.waitUntil(remembered.catch(() => undefined));
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  let failed = false;
  try {
    const first = kept ? await Promise.race([network, later(PATIENCE_MS)]) : await network;
    if (first) return first;
  } catch (error) {
    failed = true;
  }
  // No answer (yet): what is shown instead comes from the phone, if its session is still
  // the one the copy was kept for.
  await forgetAnEndedSession();
  kept = await (await caches.open(PAGES_CACHE)).match(pageKey(request.url), { ignoreVary: true });
  if (kept) return offlineCopy(kept);
  if (!failed) {
    try {
      return await network;
    } catch (error) {
      // Nothing came: the page that says a connection is needed.
    }
  }
  return isPage ? needsConnection() : Response.error();
}

/** Static files: the stored copy at once, refreshed from the network for next time. */
async function staticFile(event) {
  const request = event.request;
  const store = await caches.open(STATIC_CACHE);
  const stored = await store.match(request, { ignoreVary: true });
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === "basic") await store.put(request, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  return stored || network;
}

// --- the worker's life -----------------------------------------------------------------------

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const store = await caches.open(STATIC_CACHE);
      // Without cookies: what is stored here is the same for everyone.
      await store.addAll(
        CONFIG.precache.map((url) => new Request(url, { cache: "reload", credentials: "omit" })),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("solar175-") && !OUR_CACHES.includes(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.headers.has("HX-Request")) return;
  if (url.pathname === CONFIG.workerUrl) return;
  if (url.pathname.startsWith(CONFIG.staticUrl)) {
    event.respondWith(staticFile(event));
  } else {
    event.respondWith(answer(event, request.mode === "navigate"));
  }
});

/** A page asks to be kept (static/js/offline.js: the first visit, which the worker did not
 * answer; a game draft's page after its typing was stored): its own address, fetched again
 * as any GET of it, kept as `remember` keeps what passes through the worker. Only the
 * asking page's address (`event.source.url`), never one the message names; never a static
 * file or the worker. */
async function keepAgain(client) {
  const url = new URL(client.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === CONFIG.workerUrl || url.pathname.startsWith(CONFIG.staticUrl)) return;
  const request = new Request(url.href, { credentials: "same-origin", cache: "no-store" });
  const response = await fetch(request);
  await serially(() => remember(request, response));
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "keep" && event.source && event.source.url) {
    event.waitUntil(keepAgain(event.source).catch(() => undefined));
  }
  if (data.type === "sign-out") {
    const done = serially(forgetEveryone).then(() => {
      if (event.source) event.source.postMessage({ type: "forgotten" });
    });
    event.waitUntil(done);
  }
});

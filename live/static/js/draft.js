/* A game entered together (live/views/drafts.py): the phone's side of the draft protocol
   (docs/draft-protocol.md). The plain forms work without it.

   - This phone has its own id and numbers its changes 1, 2, 3… (per person and draft, in
     localStorage `solar175-phone/<person>/<draft>`). A field's change, "My card is done" and
     the host's "Score and save" are changes of one sequence: they go to the server in their
     numbers' order, so nothing typed before "done" or the save arrives after it.
   - Each change is kept on the phone before it is sent (`solar175-draft/<person>/<draft>/
     <card:purple | shared>/<field>`: the value, its `was` — the value the phone last saw
     stored — and its number) and sent in batches to the draft's push address, one batch at a
     time. The answer says the last number the server applied for this phone: what it
     confirmed goes, what is still pending stays and is laid over what the server sends.
   - Every `data-poll-seconds` the phone asks "anything after version V?": nothing (204), or
     what changed since V (values, who is done) and the live panel (progress, totals), drawn
     once per version for every phone. Once the game is saved, the phone goes to its checklist.
     A push's answer says the same (the phone sends the panel version it has), so a phone
     answered within the last poll period skips that poll, one at a time: a phone typing
     polls every other period.
   - Two people on one field: the server refuses a change whose `was` is no longer what is
     stored; both values are shown ("Keep mine", "Leave theirs"), and the value stays kept
     on the phone until the person chooses.
   - The − and + steppers change their number and say so, like typing does.
   - With this script the forms' own save buttons are not needed: they hide.

   Nothing typed is lost (docs/offline.md, "Typing without signal"): offline (or after a send
   got no answer) nothing is posted, the banner counts the kept changes, the buttons that
   need the server say so; on `online`, and on a page load with changes kept, they are sent
   with their numbers. A draft closed meanwhile (410) keeps them, and the banner lists them.
   The server unable to store anything (503: its database unreachable or busy, said in its
   JSON `error`, hosting/middleware.py) is the same as no signal: the changes stay kept and are
   sent again, the buttons that need the server say so, and the banner shows its sentence. */
(function () {
  "use strict";

  const STORE = "solar175-draft/";
  const PHONE = "solar175-phone/";
  const DONE = "~done";
  const banner = document.getElementById("offline-banner");
  // The worker answered with its kept copy (offline/sw.js marks it).
  const seenAt = document.documentElement.dataset.offlineSeen
    ? new Date(document.documentElement.dataset.offlineSeen)
    : null;
  // When the connection answers again after a failed send, without an `online` event: soon
  // at first (a send made as the signal comes back often fails once), then less often.
  const RETRY_MS = [1000, 2000, 4000, 8000, 15000];
  let failures = 0;
  let sending = false;
  let sendFailed = false;
  // The status of a send the server refused for another reason than a stale value (a 500).
  let serverTrouble = 0;
  let troubleWords = "";
  // The server's sentence while it answers 503 to a push or a poll ("The app cannot reach its
  // database right now…"): until a push or a poll is answered again.
  let unavailableWords = "";
  let closedWords = "";
  let retry = null;
  // When a push's answer last said what changed: a poll sooner than a poll period after it
  // would ask for nothing new. (Not a poll's answer: the next poll is a period after it.)
  // One poll at a time is skipped: a phone typing still asks every other period itself.
  let heard = 0;
  let skipped = false;
  // Those waiting for every change to be stored (the save, "done").
  let drained = [];
  // The page's sentences, in the person's language (live/templatetags/draft_words.py).
  const WORDS = JSON.parse((document.getElementById("draft-words") || {}).textContent || "{}");

  /** One of the page's sentences, its `%(name)s` filled in from `values`; a sentence with a
   * count comes in two forms (for 1, for more), chosen by `values.count`. */
  function phrase(key, values = {}) {
    let text = WORDS[key] || "";
    if (Array.isArray(text)) text = text[values.count === 1 ? 0 : 1] || "";
    return text.replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));
  }

  function valueOf(field) {
    if (field.type === "checkbox") return field.checked ? "on" : "";
    if (field.type === "radio") {
      const checked = field.form && field.form.querySelector(`input[name="${CSS.escape(field.name)}"]:checked`);
      return checked ? checked.value : "";
    }
    return field.value;
  }

  function remember(field) {
    if (field && field.name && !("was" in field.dataset)) field.dataset.was = valueOf(field);
  }

  function live() {
    return document.getElementById("draft-live");
  }

  // --- the changes kept on this phone ---------------------------------------------------------

  function draftForms() {
    return Array.from(document.querySelectorAll("form[data-autosave][data-offline-draft]"));
  }

  function scopeOf(form) {
    return form.dataset.card ? "card:" + form.dataset.card : "shared";
  }

  function formPrefix(form) {
    return form.dataset.card ? form.dataset.prefix || "" : "";
  }

  function storeKey(form, key) {
    return [STORE + (form.dataset.person || "nobody"), form.dataset.offlineDraft, scopeOf(form), key].join("/");
  }

  // A card's fields are kept without their seat prefix ("p2-"): the order of play can change.
  function keyOf(form, name) {
    const prefix = formPrefix(form);
    return prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name;
  }

  function read(storageKey) {
    try {
      return JSON.parse(localStorage.getItem(storageKey) || "null");
    } catch (error) {
      return null;
    }
  }

  function write(storageKey, entry) {
    try {
      localStorage.setItem(storageKey, JSON.stringify(entry));
    } catch (error) {
      // Storage full or refused (a private window): the change still goes from memory.
      memory.set(storageKey, entry);
    }
  }

  const memory = new Map();

  /** [{form, key, storageKey, entry}] of one form, in their numbers' order. */
  function entriesOf(form) {
    const start = storeKey(form, "");
    const found = [];
    for (let i = 0; i < localStorage.length; i++) {
      const storageKey = localStorage.key(i);
      if (!storageKey || !storageKey.startsWith(start)) continue;
      const entry = read(storageKey);
      if (entry) found.push({ form, key: storageKey.slice(start.length), storageKey, entry });
    }
    return found.sort((a, b) => (a.entry.seq || 0) - (b.entry.seq || 0) || (a.entry.at || 0) - (b.entry.at || 0));
  }

  function allEntries() {
    return draftForms().flatMap(entriesOf).sort((a, b) => (a.entry.seq || 0) - (b.entry.seq || 0));
  }

  function waiting() {
    return allEntries().filter((e) => !("refused" in e.entry)).length;
  }

  function refusedCount() {
    return allEntries().filter((e) => "refused" in e.entry).length;
  }

  // --- this phone's id and its numbers ----------------------------------------------------------

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }

  function phoneKey() {
    const form = draftForms()[0];
    return form ? `${PHONE}${form.dataset.person || "nobody"}/${form.dataset.offlineDraft}` : null;
  }

  function phone() {
    const key = phoneKey();
    if (!key) return null;
    let found = read(key) || memory.get(key);
    if (!found || !found.phone) {
      found = { phone: newId(), seq: 0 };
      write(key, found);
    }
    return found;
  }

  function nextSeq() {
    const found = phone();
    found.seq += 1;
    write(phoneKey(), found);
    return found.seq;
  }

  // --- keeping a change -------------------------------------------------------------------------

  function keep(field, typing) {
    const form = field.form;
    if (!form || !form.matches("form[data-autosave][data-offline-draft]") || !field.name) return;
    if (field.type === "hidden") return;
    remember(field);
    const storageKey = storeKey(form, keyOf(form, field.name));
    const value = valueOf(field);
    const was = field.dataset.was === undefined ? "" : field.dataset.was;
    const before = read(storageKey);
    // Nothing changed (a value typed and taken back before it was kept), or kept as it is.
    const same = before
      ? before.value === value && Boolean(before.typing) === typing && !("refused" in before)
      : value === was;
    if (!same) {
      const entry = { value, was, seq: nextSeq(), at: (before && before.at) || Date.now() };
      if (typing) entry.typing = true;
      write(storageKey, entry);
    }
    show();
  }

  function fieldsNamed(form, key) {
    const name = formPrefix(form) + key;
    return Array.from(form.querySelectorAll(`[name="${CSS.escape(name)}"]`)).filter((f) => f.type !== "hidden");
  }

  function setValue(fields, value) {
    for (const field of fields) {
      if (field.type === "checkbox") field.checked = value === "on";
      else if (field.type === "radio") field.checked = field.value === value;
      else if (!Array.isArray(value)) field.value = value;
    }
  }

  /** What this phone kept and has not sent goes back into the fields, with the value it was
   * changed from (so a stale one is still refused, not written over someone's). A change
   * refused before goes again under a new number: the server has used its old one. */
  function restore() {
    for (const { form, key, storageKey, entry } of allEntries()) {
      if ("refused" in entry) {
        const again = { ...entry, seq: nextSeq() };
        delete again.refused;
        write(storageKey, again);
      }
      if (entry.typing) write(storageKey, { ...read(storageKey), typing: false });
      if (key === DONE) continue;
      const fields = fieldsNamed(form, key);
      if (!fields.length) continue;
      setValue(fields, entry.value);
      for (const field of fields) {
        field.dataset.was = entry.was;
        // A fold the page drew closed ("nothing here") holds a value now: show it.
        const fold = field.closest("details");
        if (fold) fold.open = true;
      }
    }
  }

  // --- the banner and the buttons that need the server ----------------------------------------

  function offline() {
    return !navigator.onLine || sendFailed;
  }

  function unavailable(status, body) {
    unavailableWords = (body && body.error) || phrase("unavailable", { status });
  }

  // The banner and its words are offline.js's (loaded before this script, base.html).
  const { say, reloadLink, dateWords } = window.solar175Offline;

  function needsConnection(off) {
    // Every form that posts to the server but the draft's own fields (and the sign-out, whose
    // own words offline.js gives): the save, "My card is done", "Keep mine", who plays.
    for (const form of document.querySelectorAll("form[method=post]")) {
      if (form.matches("[data-offline-draft], [data-sign-out]")) continue;
      for (const button of form.querySelectorAll("button[type=submit], button:not([type])")) {
        if (off && !("onlineLabel" in button.dataset)) {
          button.dataset.onlineLabel = button.textContent;
          button.dataset.onlineDisabled = button.disabled ? "1" : "";
          button.disabled = true;
          button.textContent = button.dataset.offlineLabel || phrase("needs_connection");
        } else if (!off && "onlineLabel" in button.dataset) {
          button.textContent = button.dataset.onlineLabel;
          button.disabled = button.dataset.onlineDisabled === "1";
          delete button.dataset.onlineLabel;
          delete button.dataset.onlineDisabled;
        }
      }
      // "My card is done" and "Keep mine" go as changes of this phone's sequence (the push),
      // never as the form the page drew: a kept copy's forms (disabled by offline.js) work
      // again as soon as the connection answers, without a reload.
      if (!off && draftForms().length && form.matches("[data-done-form], [data-draft-conflict]")) {
        for (const control of form.elements) control.disabled = false;
      }
    }
  }

  function show() {
    if (!draftForms().length) return;
    const n = waiting();
    const off = offline();
    needsConnection(off || Boolean(unavailableWords));
    const copy = seenAt && !Number.isNaN(seenAt.getTime())
      ? ` ${phrase("seen_copy", { date: dateWords.format(seenAt) })}`
      : "";
    if (closedWords) {
      say(phrase("closed_title"), closedWords);
    } else if (off) {
      say(phrase("offline_title", { count: n }), phrase("offline_words") + copy);
    } else if (unavailableWords) {
      say(
        n ? phrase("unavailable_title", { count: n }) : phrase("nothing_saved"),
        n ? phrase("unavailable_keep", { sentence: unavailableWords }) : unavailableWords,
      );
    } else if (n && serverTrouble) {
      say(
        phrase("trouble_title"),
        troubleWords
          ? phrase("trouble_reason", { status: serverTrouble, reason: troubleWords, count: n })
          : phrase("trouble", { status: serverTrouble, count: n }),
      );
    } else if (copy) {
      let words = phrase("all_sent");
      if (n) words = phrase("still_to_send", { count: n });
      else if (refusedCount()) words = phrase("refused_sent");
      say(phrase("back_title"), phrase("back_words", { words }), reloadLink());
    } else if (n > 1 && sending) {
      say(phrase("sending", { count: n }), "");
    } else if (banner && !banner.dataset.draftNote) {
      banner.hidden = true;
    }
  }

  // --- sending: one batch at a time, in the numbers' order -------------------------------------

  function csrf() {
    const input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function asChange({ form, key, entry }) {
    const card = form.dataset.card || null;
    if (key === DONE) return { seq: entry.seq, card, done: entry.value === "1" };
    return { seq: entry.seq, card, field: key, value: entry.value, was: entry.was };
  }

  /** Send what is kept, batch after batch. `all`: the field being typed in too (the save,
   * "done": everything typed before them goes first). */
  async function flush(all) {
    const panel = live();
    if (sending || !navigator.onLine || closedWords || !panel || !draftForms().length) return settle();
    const batch = allEntries().filter((e) => !("refused" in e.entry) && (all || !e.entry.typing));
    if (!batch.length) return settle();
    sending = true;
    show();
    let answer = null;
    try {
      const response = await fetch(panel.dataset.pushUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify({
          draft: Number(panel.dataset.draft),
          phone: phone().phone,
          since: Number(panel.dataset.version || 0),
          panel: Number(panel.dataset.panelVersion || 0),
          changes: batch.map(asChange),
        }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.status === 410) {
        closedWords = `${body.closed || phrase("closed_default")} ${listClosed()}`;
      } else if (!response.ok) {
        serverTrouble = response.status;
        troubleWords = body.error || "";
        if (response.status === 503) unavailable(response.status, body);
      } else {
        answer = body;
        unavailableWords = "";
        sendFailed = false;
        failures = 0;
        serverTrouble = 0;
        troubleWords = "";
      }
    } catch (error) {
      sendFailed = true;
    } finally {
      sending = false;
    }
    if (answer) {
      heard = Date.now();
      confirm(batch, answer);
      take(answer);
    }
    if (sendFailed || serverTrouble) later();
    show();
    const more = allEntries().some((e) => !("refused" in e.entry) && (all || !e.entry.typing));
    if (answer && more) return flush(all);
    return settle();
  }

  function settle() {
    const stuck = offline() || serverTrouble || closedWords;
    const done = !sending && !allEntries().some((e) => !("refused" in e.entry));
    if (!done && !stuck) return;
    const waiters = drained;
    drained = [];
    for (const resolve of waiters) resolve(done);
  }

  /** Resolves true once every change kept is stored (false: it could not be sent now). */
  function drain() {
    return new Promise((resolve) => {
      drained.push(resolve);
      flush(true);
    });
  }

  function later() {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      sendFailed = false;
      serverTrouble = 0;
      show();
      flush(false);
    }, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  }

  /** What the server applied goes from the phone; a newer value typed meanwhile stays,
   * changed from the one stored now (not from the older, or the server would take this
   * phone's own write for someone else's). */
  function confirm(batch, answer) {
    const conflicts = new Map((answer.conflicts || []).map((c) => [`${c.scope}/${c.field}`, c]));
    const shown = [];
    for (const { form, key, storageKey, entry } of batch) {
      if (entry.seq > (answer.applied || 0)) continue;
      const scope = scopeOf(form);
      const now = read(storageKey);
      const conflict = conflicts.get(`${scope}/${key}`);
      const refusal = (answer.refused || {})[`${scope}/${key}`];
      if (conflict) {
        if (now && now.seq === entry.seq) write(storageKey, { ...now, refused: conflict.theirs });
        const box = new DOMParser().parseFromString(conflict.html, "text/html").querySelector(".alert");
        if (box) shown.push(document.importNode(box, true));
        continue;
      }
      if (now && now.seq === entry.seq) localStorage.removeItem(storageKey);
      else if (now && !("refused" in now)) write(storageKey, { ...now, was: entry.value });
      if (key === DONE) continue;
      const fields = fieldsNamed(form, key);
      for (const field of fields) field.dataset.was = entry.value;
      mark(fields, refusal || (answer.problems || {})[`${scope}/${key}`] || "");
    }
    showConflicts(shown);
  }

  /** A field's own check: the sentence under it, in the field's own error box (the one the
   * page draws its errors in, `scoring/_field_error.html`), named by the field's
   * aria-describedby, and gone once the value is put right. The value is kept all the same. */
  function mark(fields, sentence) {
    for (const field of fields) {
      field.classList.toggle("is-invalid", Boolean(sentence));
      if (sentence) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
      let box = field.id ? document.getElementById(`${field.id}_error`) : null;
      if (!box) {
        const id = `${field.id || field.name}-draft-problem`;
        box = document.getElementById(id);
        if (!box && !sentence) continue;
        if (!box) {
          box = document.createElement("div");
          box.id = id;
          box.className = "field-error";
          (field.closest(".input-group") || field).insertAdjacentElement("afterend", box);
        }
      }
      box.replaceChildren();
      if (sentence) {
        const line = document.createElement("span");
        line.textContent = sentence;
        box.append(line);
      }
      const described = (field.getAttribute("aria-describedby") || "").split(/\s+/).filter((id) => id && id !== box.id);
      if (sentence) described.push(box.id);
      if (described.length) field.setAttribute("aria-describedby", described.join(" "));
      else field.removeAttribute("aria-describedby");
    }
    askAgain();
  }

  /** What a card still shows as wrong: its fields' sentences and the form's own. */
  function problemsOf(seat) {
    return Array.from(seat.querySelectorAll(".field-error span, .form-errors p"))
      .map((line) => line.textContent.trim())
      .filter(Boolean);
  }

  /** "My card is done" with something still wrong asks first, in the page (no dialog): the
   * sentences, and the button says "Mark done anyway"; a second tap marks it done. */
  function ask(form, problems) {
    const button = form.querySelector("button[type=submit], button:not([type])");
    let words = form.querySelector("[data-done-ask]");
    if (!words) {
      words = document.createElement("p");
      words.dataset.doneAsk = "";
      words.className = "mb-2 text-danger";
      words.setAttribute("role", "alert");
      form.insertBefore(words, button);
    }
    words.textContent = phrase("ask", { count: problems.length, problems: problems.join(" ") });
    if (button && !("askLabel" in button.dataset)) {
      button.dataset.askLabel = button.textContent;
      button.textContent = phrase("mark_anyway");
    }
    form.dataset.asked = "1";
  }

  function unask(form) {
    const words = form.querySelector("[data-done-ask]");
    if (words) words.remove();
    const button = form.querySelector("[data-ask-label]");
    if (button) {
      button.textContent = button.dataset.askLabel;
      delete button.dataset.askLabel;
    }
    delete form.dataset.asked;
  }

  /** A question asked before: said again with what is wrong now, gone once nothing is. */
  function askAgain() {
    for (const form of document.querySelectorAll("form[data-done-form][data-asked]")) {
      const seat = draftForms().find((f) => f.dataset.card === form.dataset.card);
      const problems = seat ? problemsOf(seat) : [];
      if (problems.length) ask(form, problems);
      else unask(form);
    }
  }

  function listClosed() {
    const lines = [];
    for (const { form, key, entry } of allEntries()) {
      if (key === DONE) continue;
      const field = fieldsNamed(form, key)[0];
      const label = field && field.id && document.querySelector(`label[for="${CSS.escape(field.id)}"]`);
      lines.push(`${label ? label.textContent.trim() : key}: ${entry.value}`);
    }
    return lines.length ? phrase("kept_list", { fields: lines.join(" · ") }) : "";
  }

  // --- what the server sends: values, who is done, the live panel ------------------------------

  function take(answer) {
    const panel = live();
    if (!panel || answer.draft !== Number(panel.dataset.draft)) return;
    if (answer.version < Number(panel.dataset.version || 0)) return;
    panel.dataset.version = answer.version;
    rememberSeen(answer);
    for (const form of document.querySelectorAll("form[data-autosave]")) apply(form, answer.values || {});
    showDone(answer.done || {});
    if (answer.panel !== undefined && answer.panel_version >= Number(panel.dataset.panelVersion || 0)) {
      panel.innerHTML = answer.panel;
      panel.dataset.panelVersion = answer.panel_version;
      panel.dataset.revision = answer.panel_version;
    }
  }

  // --- what the server stored since the page came: kept on the phone -------------------------
  // The worker's copy of this page (offline/sw.js) is the page as the phone opened or left
  // it, not fetched again after every push (a whole page a push was most of a host's bytes,
  // issue 31). What the server said it stored since this page was opened (values, who is
  // done) is kept here, per person, draft and page (the latest draft's only), and laid under
  // the kept changes when the page comes back from the worker's copy without signal.
  const SEEN = "solar175-seen/";

  function seenKey(draft) {
    const form = draftForms()[0];
    return form ? `${SEEN}${form.dataset.person || "nobody"}/${draft}/${location.pathname}` : null;
  }

  function writeSeen(key, seen) {
    try {
      // An earlier draft's entries are of no more use.
      const person = key.slice(0, key.indexOf("/", SEEN.length) + 1);
      const draft = key.slice(0, key.indexOf("/", person.length) + 1);
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const other = localStorage.key(i);
        if (other && other.startsWith(person) && !other.startsWith(draft)) localStorage.removeItem(other);
      }
      localStorage.setItem(key, JSON.stringify(seen));
    } catch (error) {
      // Storage full or refused: the copy shows what it showed when it was kept.
    }
  }

  function rememberSeen(answer) {
    const key = seenKey(answer.draft);
    if (!key) return;
    const seen = read(key) || { version: 0, values: {}, done: {} };
    if (answer.version < seen.version) return;
    for (const [scope, values] of Object.entries(answer.values || {})) {
      seen.values[scope] = Object.assign(seen.values[scope] || {}, values);
    }
    seen.done = Object.assign(seen.done || {}, answer.done || {});
    seen.version = answer.version;
    writeSeen(key, seen);
  }

  /** Online, the page is the server's as of its version: what was kept before it is not
   * needed (and could be older than the page). Offline, from the worker's copy: what the
   * server stored after the copy goes over it. */
  function restoreSeen() {
    const panel = live();
    if (!panel) return;
    const key = seenKey(panel.dataset.draft);
    if (!key) return;
    const version = Number(panel.dataset.version || 0);
    if (!seenAt) {
      writeSeen(key, { version, values: {}, done: {} });
      return;
    }
    const seen = read(key);
    if (!seen || seen.version <= version) return;
    take({ draft: Number(panel.dataset.draft), version: seen.version, values: seen.values, done: seen.done });
  }

  function apply(form, values) {
    const prefix = form.dataset.prefix || "";
    const card = form.dataset.card;
    const stored = card ? values["card:" + card] || {} : values.shared || {};
    const kept = form.matches("[data-offline-draft]");
    form.querySelectorAll("input, select, textarea").forEach(function (field) {
      if (!field.name || field.type === "hidden" || field === document.activeElement) return;
      if (card && !field.name.startsWith(prefix)) return;
      const key = card ? field.name.slice(prefix.length) : field.name;
      if (!(key in stored)) return;
      // Changed on this phone and not stored yet: leave it as the person left it.
      if (kept && read(storeKey(form, key))) return;
      if ("was" in field.dataset && valueOf(field) !== field.dataset.was) return;
      setValue([field], stored[key]);
      field.dataset.was = valueOf(field);
    });
  }

  /** The seat's "done" as the server stored it, unless this phone's own is still on its way. */
  function showDone(done) {
    for (const form of document.querySelectorAll("form[data-done-form]")) {
      const key = form.dataset.card;
      if (!(key in done)) continue;
      const seat = draftForms().find((f) => f.dataset.card === key);
      if (seat && read(storeKey(seat, DONE))) continue;
      const sets = form.querySelector("input[name=_done]").value === "1";
      form.hidden = sets === done[key];
    }
  }

  // --- conflicts: shown until the person chooses --------------------------------------------

  // Each refused field's alert, by the field's posted name.
  const conflicts = new Map();

  function stillRefused(name) {
    for (const form of draftForms()) {
      if (formPrefix(form) && !name.startsWith(formPrefix(form))) continue;
      const entry = read(storeKey(form, keyOf(form, name)));
      if (entry && "refused" in entry) return true;
    }
    return false;
  }

  function nameOf(alert) {
    const input = alert.querySelector("input[name=_field]");
    return input ? input.value : "";
  }

  function theirsOf(alert) {
    const was = alert.querySelector("input[name=_was]");
    return was ? was.value : "";
  }

  function showConflicts(added) {
    const box = document.getElementById("draft-conflicts");
    if (!box) return;
    for (const alert of box.querySelectorAll(".alert")) conflicts.set(nameOf(alert), alert);
    for (const alert of added || []) {
      const before = conflicts.get(nameOf(alert));
      if (before) before.remove();
      conflicts.set(nameOf(alert), alert);
      box.append(alert);
    }
    for (const [name, alert] of conflicts) {
      if (stillRefused(name)) {
        if (!alert.isConnected) box.append(alert);
      } else {
        alert.remove();
        conflicts.delete(name);
      }
    }
    for (const alert of box.querySelectorAll(".alert")) {
      const leave = alert.querySelector("[data-leave-theirs]");
      const words = alert.querySelector("[data-leave-words]");
      if (leave) {
        leave.hidden = false;
        if (words) words.hidden = true;
      }
    }
    needsConnection(offline());
  }

  function entryNamed(name) {
    for (const form of draftForms()) {
      if (formPrefix(form) && !name.startsWith(formPrefix(form))) continue;
      const key = keyOf(form, name);
      const fields = fieldsNamed(form, key);
      if (fields.length) return { form, key, fields, storageKey: storeKey(form, key) };
    }
    return null;
  }

  document.addEventListener("click", function (event) {
    const leave = event.target.closest("[data-leave-theirs]");
    if (!leave) return;
    const alert = leave.closest(".alert");
    const found = entryNamed(nameOf(alert));
    if (found) {
      localStorage.removeItem(found.storageKey);
      setValue(found.fields, theirsOf(alert));
      for (const field of found.fields) field.dataset.was = theirsOf(alert);
    }
    conflicts.delete(nameOf(alert));
    alert.remove();
    show();
  });

  // --- the page's life ------------------------------------------------------------------------

  document.addEventListener("submit", function (event) {
    const form = event.target;
    // "Keep mine": the value goes again, changed from the one stored now, as a new change.
    if (form.matches("[data-draft-conflict]") && draftForms().length) {
      if (!navigator.onLine) return;
      event.preventDefault();
      const alert = form.closest(".alert");
      const found = entryNamed(nameOf(alert));
      if (found) {
        const entry = read(found.storageKey) || { value: form.querySelector(`input[name="${CSS.escape(nameOf(alert))}"]`).value };
        write(found.storageKey, { value: entry.value, was: theirsOf(alert), seq: nextSeq(), at: Date.now() });
        setValue(found.fields, entry.value);
        for (const field of found.fields) field.dataset.was = theirsOf(alert);
      }
      conflicts.delete(nameOf(alert));
      alert.remove();
      flush(false);
      return;
    }
    // "My card is done" (or not): a change of this phone's sequence, after everything typed.
    if (form.matches("[data-done-form]") && draftForms().length) {
      event.preventDefault();
      const seat = draftForms().find((f) => f.dataset.card === form.dataset.card);
      if (!seat) return;
      const value = form.querySelector("input[name=_done]").value;
      const problems = value === "1" ? problemsOf(seat) : [];
      if (problems.length && !form.dataset.asked) {
        ask(form, problems);
        return;
      }
      unask(form);
      const said = document.querySelector(`form[data-done-form][data-card="${CSS.escape(form.dataset.card)}"] [data-done-words]`);
      if (said) {
        said.textContent = problems.length
          ? phrase("marked_done_problems", { count: problems.length })
          : phrase("marked_done");
      }
      keepTyped();
      write(storeKey(seat, DONE), { value, was: "", seq: nextSeq(), at: Date.now() });
      for (const other of document.querySelectorAll(`form[data-done-form][data-card="${CSS.escape(form.dataset.card)}"]`)) {
        other.hidden = other === form;
      }
      show();
      flush(true);
      return;
    }
    // "Score and save": every change of this phone stored first, then the save, numbered
    // after them, scoring the totals this phone was shown.
    if (form.id === "draft-save" && draftForms().length && !form.dataset.sending) {
      event.preventDefault();
      keepTyped();
      form.dataset.sending = "1";
      drain().then(function (done) {
        delete form.dataset.sending;
        if (!done) {
          show();
          return;
        }
        const panel = live();
        form.querySelector("input[name=_phone]").value = phone().phone;
        form.querySelector("input[name=_seq]").value = nextSeq();
        const revision = form.querySelector("input[name=revision]");
        if (panel && revision) revision.value = panel.dataset.panelVersion || panel.dataset.version;
        form.submit();
      });
    }
  }, true);

  /** The field the person is typing in counts as changed (a tap on a button leaves it). */
  function keepTyped() {
    const field = document.activeElement;
    if (field && field.form && field.form.matches("[data-offline-draft]")) keep(field, false);
    for (const { storageKey, entry } of allEntries()) {
      if (entry.typing) write(storageKey, { ...entry, typing: false });
    }
  }

  function poll() {
    const panel = live();
    if (!panel || !navigator.onLine || !panel.dataset.liveUrl) return;
    const period = 1000 * Number(panel.dataset.pollSeconds || 2);
    if (!skipped && Date.now() - heard < period) {
      skipped = true;
      return;
    }
    skipped = false;
    const params = new URLSearchParams({
      v: panel.dataset.version || "0",
      d: panel.dataset.draft || "",
      n: panel.dataset.number || "",
      p: panel.dataset.panelVersion || "0",
    });
    const me = draftForms().length ? phone() : null;
    if (me) params.set("phone", me.phone);
    // A fragment, not a page: the service worker leaves requests marked HX-Request alone.
    const headers = { Accept: "application/json", "HX-Request": "true" };
    fetch(`${panel.dataset.liveUrl}?${params}`, { credentials: "same-origin", headers })
      .then(function (response) {
        if (response.status === 503) {
          return response.json().catch(() => ({})).then(function (body) {
            unavailable(response.status, body);
            show();
            return null;
          });
        }
        if (sendFailed && (response.status === 200 || response.status === 204)) {
          // A send failed as the signal went; the server answers again: the buttons work
          // again now and what is kept goes, without waiting for the next retry.
          sendFailed = false;
          failures = 0;
          show();
          flush(false);
        }
        if (unavailableWords && (response.status === 200 || response.status === 204)) {
          // The server answers again: what is kept goes now, not at the next retry.
          unavailableWords = "";
          show();
          flush(false);
        }
        if (response.status !== 200) return null;
        return response.json();
      })
      .then(function (answer) {
        if (!answer) return;
        if (answer.closed) {
          closed(answer);
          return;
        }
        take(answer);
      })
      .catch(function () {
        // No answer: the next poll asks again.
      });
  }

  /** The game was saved: every phone goes to it, unless it holds changes never stored. */
  function closed(answer) {
    if (allEntries().length) {
      closedWords = `${answer.closed} ${listClosed()}`;
      show();
      return;
    }
    if (answer.go) window.location.assign(answer.go);
  }

  document.addEventListener("DOMContentLoaded", function () {
    restoreSeen();
    restore();
    document.querySelectorAll("form[data-autosave]").forEach(function (form) {
      form.classList.add("autosaving");
      form.querySelectorAll("input, select, textarea").forEach(remember);
    });
    show();
    if (allEntries().length) flush(true);
    const panel = live();
    if (panel && panel.dataset.liveUrl) {
      setInterval(poll, 1000 * Number(panel.dataset.pollSeconds || 2));
    }
  });

  window.addEventListener("online", function () {
    sendFailed = false;
    failures = 0;
    clearTimeout(retry);
    retry = null;
    show();
    flush(false);
  });
  window.addEventListener("offline", show);

  document.addEventListener("focusin", function (event) {
    const field = event.target;
    if (field.form && field.form.matches("[data-autosave]")) remember(field);
  });

  // A keystroke is kept at once (nothing lost if the phone sleeps); a field left (`change`)
  // is sent.
  document.addEventListener("input", (event) => keep(event.target, true), true);
  document.addEventListener("change", function (event) {
    const field = event.target;
    if (!field.form || !field.form.matches("form[data-autosave][data-offline-draft]")) return;
    keep(field, false);
    flush(false);
  }, true);

  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-step]");
    if (!button) return;
    const input = button.parentElement.querySelector("input");
    if (!input || input.disabled) return;
    remember(input);
    if (Number(button.dataset.step) > 0) input.stepUp(); else input.stepDown();
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();

/* A game entered together (campaign/views/drafts.py): what each phone does beyond the plain
   forms, which work without it.

   - The − and + steppers change their number and say so, like typing does.
   - Each field remembers the value it had when the person started changing it (`data-was`);
     htmx then posts the form on every change with `_field` (the one that changed) and `_was`,
     and the server writes that field only, or answers with a conflict when someone else
     changed it meanwhile. The field's new value becomes its `data-was` once it is stored.
   - When the live panel comes back with new values (another phone wrote), every field nobody
     is typing in, and that this phone has not changed since, takes the stored value.
   - The save button scores the draft as the totals on screen show it: it sends their revision.
   - With this script the forms' own save buttons are not needed: they hide.

   Nothing typed is lost (docs/offline.md, "Typing without signal"). A form marked
   `data-offline-draft` (the draft's id; `data-person`: the page's `Offline-Person` key):
   - every change is written to localStorage before it is sent, one entry per draft, person,
     form and field (`solar175-draft/<person>/<draft>/<form>/<field>`: the value and its
     `was`), and removed once the server stored it; a reload, online or offline (the worker's
     kept copy), puts unsent values back into their fields;
   - while offline (or a send fails) nothing is posted: the banner says "Offline: N changes
     kept on this phone", typing goes on, and the buttons that need the server (the save, "My
     card is done") are disabled and say so;
   - on `online`, and on a page load with entries kept, they are sent one field at a time,
     with their `_was`, the draft's id and the page's CSRF token, as a change would be; the
     worker never sends a POST;
   - a value refused as stale stays kept, marked refused, and is shown with the stored one
     (the conflict box, which stays on screen until the person keeps theirs or leaves it);
   - a draft closed meanwhile (410) keeps them, and the banner lists them. */
(function () {
  "use strict";

  const STORE = "solar175-draft/";
  const banner = document.getElementById("offline-banner");
  // The worker answered with its kept copy (offline/sw.js marks it).
  const seenAt = document.documentElement.dataset.offlineSeen
    ? new Date(document.documentElement.dataset.offlineSeen)
    : null;
  // When the connection answers again after a failed send, without an `online` event.
  const RETRY_MS = 15000;
  let flushing = false;
  let changedWhileFlushing = false;
  let sendFailed = false;
  // The status of a send the server refused for another reason than a stale value (a 500).
  let serverTrouble = 0;
  let closedWords = "";
  let retry = null;

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
      // Storage full or refused (a private window): the change is still sent as before.
    }
  }

  /** [{key, storageKey, entry}] of one form, oldest first. */
  function entriesOf(form) {
    const start = storeKey(form, "");
    const found = [];
    for (let i = 0; i < localStorage.length; i++) {
      const storageKey = localStorage.key(i);
      if (!storageKey || !storageKey.startsWith(start)) continue;
      const entry = read(storageKey);
      if (entry) found.push({ key: storageKey.slice(start.length), storageKey, entry });
    }
    return found.sort((a, b) => (a.entry.at || 0) - (b.entry.at || 0));
  }

  function waiting() {
    return draftForms().reduce((n, form) => n + entriesOf(form).filter((e) => !("refused" in e.entry)).length, 0);
  }

  function refusedCount() {
    return draftForms().reduce((n, form) => n + entriesOf(form).filter((e) => "refused" in e.entry).length, 0);
  }

  function keep(field) {
    const form = field.form;
    if (!form || !form.matches("form[data-autosave][data-offline-draft]") || !field.name) return;
    if (field.type === "hidden") return;
    remember(field);
    const storageKey = storeKey(form, keyOf(form, field.name));
    const value = valueOf(field);
    const was = field.dataset.was === undefined ? "" : field.dataset.was;
    const before = read(storageKey);
    if (value === was && !(before && "refused" in before)) {
      localStorage.removeItem(storageKey);
    } else {
      write(storageKey, { value, was, at: (before && before.at) || Date.now() });
    }
    if (flushing) changedWhileFlushing = true;
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
      else field.value = value;
    }
  }

  /** What this phone kept and has not sent goes back into the fields, with the value it was
   * changed from (so a stale one is still refused, not written over someone's). */
  function restore() {
    for (const form of draftForms()) {
      for (const { key, entry } of entriesOf(form)) {
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
  }

  // --- the banner and the buttons that need the server ----------------------------------------

  function offline() {
    return !navigator.onLine || sendFailed;
  }

  function changes(n) {
    return `${n} change${n === 1 ? "" : "s"}`;
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
          button.textContent = button.dataset.offlineLabel || "Needs a connection";
        } else if (!off && "onlineLabel" in button.dataset) {
          button.textContent = button.dataset.onlineLabel;
          button.disabled = button.dataset.onlineDisabled === "1";
          delete button.dataset.onlineLabel;
          delete button.dataset.onlineDisabled;
        }
      }
    }
  }

  function show() {
    if (!draftForms().length) return;
    const n = waiting();
    const off = offline();
    needsConnection(off);
    const copy = seenAt && !Number.isNaN(seenAt.getTime())
      ? ` This page is as this phone last saw it, on ${dateWords.format(seenAt)}.`
      : "";
    if (closedWords) {
      say("Not sent: this game's draft is closed.", closedWords);
    } else if (off) {
      say(
        `Offline: ${changes(n)} kept on this phone.`,
        "Keep typing: what you type is kept here and sent when the connection is back. " +
          "Saving needs a connection." + copy,
      );
    } else if (n && flushing) {
      say(`Sending ${changes(n)} kept on this phone…`, "");
    } else if (n && serverTrouble) {
      say(
        "Not sent yet.",
        `The server answered ${serverTrouble}: ${changes(n)} kept on this phone, sent again in a moment.`,
      );
    } else if (copy) {
      let words = "Every change is sent.";
      if (n) words = `${changes(n)} kept on this phone still to send.`;
      else if (refusedCount()) words = "Every change is sent but those shown with the value stored meanwhile.";
      say("The connection is back.", `${words} Reload the page to save or to mark a card done.`, reloadLink());
    } else if (banner) {
      banner.hidden = true;
    }
  }

  // --- sending what was kept ------------------------------------------------------------------

  function writeUrl(form) {
    return form.getAttribute("hx-post") || form.getAttribute("action");
  }

  /** One kept change sent as a change is: its field, its `_was`, the draft, the CSRF token.
   * Returns the write's answer as a document, or throws (no connection, or a refusal). */
  async function send(form, key, entry) {
    const name = formPrefix(form) + key;
    const body = new URLSearchParams();
    body.append("csrfmiddlewaretoken", form.querySelector("input[name=csrfmiddlewaretoken]").value);
    body.append("_draft", form.dataset.offlineDraft);
    body.append("_field", name);
    body.append("_was", entry.was);
    for (const value of Array.isArray(entry.value) ? entry.value : [entry.value]) body.append(name, value);
    const response = await fetch(writeUrl(form), {
      method: "POST",
      body,
      credentials: "same-origin",
      headers: { "HX-Request": "true" },
    });
    if (response.status === 410) {
      const error = new Error("closed");
      error.closed = await response.text();
      throw error;
    }
    if (!response.ok) {
      const error = new Error(`status ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return new DOMParser().parseFromString(await response.text(), "text/html");
  }

  function refusalIn(root, name) {
    const box = root.getElementById ? root.getElementById("draft-conflicts") : root;
    const input = box && box.querySelector(`input[name="_field"][value="${CSS.escape(name)}"]`);
    return input ? input.closest(".alert") : null;
  }

  function theirsOf(alert) {
    const was = alert.querySelector("input[name=_was]");
    return was ? was.value : "";
  }

  /** The server stored `value`: it is what this phone last saw there now. A newer value
   * typed meanwhile stays kept, changed from this one (not from the older, or the server
   * would take this phone's own write for someone else's). */
  function sent(storageKey, value, fields) {
    const now = read(storageKey);
    if (now && now.value === value) localStorage.removeItem(storageKey);
    else if (now && !("refused" in now)) write(storageKey, { ...now, was: value });
    for (const field of fields) field.dataset.was = value;
  }

  function refused(storageKey, value, theirs) {
    const now = read(storageKey);
    if (now && now.value === value) write(storageKey, { ...now, refused: theirs });
  }

  function listClosed() {
    const lines = [];
    for (const form of draftForms()) {
      for (const { key, entry } of entriesOf(form)) {
        const field = fieldsNamed(form, key)[0];
        const label = field && field.id && document.querySelector(`label[for="${CSS.escape(field.id)}"]`);
        lines.push(`${label ? label.textContent.trim() : key}: ${entry.value}`);
      }
    }
    return `Kept on this phone, not stored: ${lines.join(" · ")}.`;
  }

  /** Send every kept change of this page, oldest first. `again`: also the ones refused before
   * (a page just loaded: their conflict is shown again, with the value stored now). */
  async function flush(again) {
    if (flushing || !navigator.onLine || closedWords) return;
    flushing = true;
    changedWhileFlushing = false;
    const shown = [];
    let last = null;
    show();
    try {
      for (const form of draftForms()) {
        for (const { key, storageKey, entry } of entriesOf(form)) {
          if ("refused" in entry && !again) continue;
          const answer = await send(form, key, entry);
          last = answer;
          const alert = refusalIn(answer, formPrefix(form) + key);
          if (alert) {
            refused(storageKey, entry.value, theirsOf(alert));
            shown.push(document.importNode(alert, true));
          } else {
            sent(storageKey, entry.value, fieldsNamed(form, key));
          }
        }
      }
      sendFailed = false;
      serverTrouble = 0;
    } catch (error) {
      if (error.closed) closedWords = `${error.closed} ${listClosed()}`;
      else if (error.status) serverTrouble = error.status;
      else sendFailed = true;
    } finally {
      flushing = false;
    }
    if (last) redrawLive(last);
    showConflicts(shown);
    if (sendFailed || serverTrouble) later();
    show();
    if (changedWhileFlushing && !sendFailed) flush(false);
  }

  function later() {
    if (retry) return;
    retry = setTimeout(() => {
      retry = null;
      sendFailed = false;
      serverTrouble = 0;
      flush(false);
    }, RETRY_MS);
  }

  /** The live panel the last write answered: progress and totals with what was just sent. */
  function redrawLive(answer) {
    const fresh = answer.getElementById("draft-live");
    const current = document.getElementById("draft-live");
    if (!fresh || !current || !window.htmx) return;
    fresh.removeAttribute("hx-swap-oob");
    const adopted = document.importNode(fresh, true);
    current.replaceWith(adopted);
    window.htmx.process(adopted);
    adopt();
  }

  // --- conflicts: shown until the person chooses --------------------------------------------

  // Each refused field's alert, by the field's posted name: a later write's answer replaces
  // the conflict box with that write's conflicts only, so the earlier ones are put back.
  const conflicts = new Map();

  function stillRefused(name) {
    for (const form of draftForms()) {
      const storageKey = storeKey(form, keyOf(form, name));
      if (formPrefix(form) && !name.startsWith(formPrefix(form))) continue;
      const entry = read(storageKey);
      if (entry && "refused" in entry) return true;
    }
    return false;
  }

  function nameOf(alert) {
    const input = alert.querySelector("input[name=_field]");
    return input ? input.value : "";
  }

  function showConflicts(added) {
    const box = document.getElementById("draft-conflicts");
    if (!box) return;
    // What the server just answered stays; what it answered before stays while still refused.
    const answered = new Set();
    for (const alert of box.querySelectorAll(".alert")) {
      answered.add(nameOf(alert));
      conflicts.set(nameOf(alert), alert);
    }
    for (const alert of added || []) {
      if (answered.has(nameOf(alert))) continue;
      const before = conflicts.get(nameOf(alert));
      if (before) before.remove();
      conflicts.set(nameOf(alert), alert);
      box.append(alert);
      answered.add(nameOf(alert));
    }
    for (const [name, alert] of conflicts) {
      if (answered.has(name)) continue;
      if (stillRefused(name)) box.append(alert);
      else conflicts.delete(name);
    }
    for (const alert of box.querySelectorAll(".alert")) {
      const leave = alert.querySelector("[data-leave-theirs]");
      const words = alert.querySelector("[data-leave-words]");
      if (leave && stillRefused(nameOf(alert))) {
        leave.hidden = false;
        if (words) words.hidden = true;
      }
    }
    needsConnection(offline());
  }

  function forget(name, theirs) {
    for (const form of draftForms()) {
      if (formPrefix(form) && !name.startsWith(formPrefix(form))) continue;
      const key = keyOf(form, name);
      const fields = fieldsNamed(form, key);
      if (!fields.length) continue;
      localStorage.removeItem(storeKey(form, key));
      if (theirs !== undefined) {
        setValue(fields, theirs);
        for (const field of fields) field.dataset.was = theirs;
      }
    }
  }

  document.addEventListener("click", function (event) {
    const leave = event.target.closest("[data-leave-theirs]");
    if (!leave) return;
    const alert = leave.closest(".alert");
    forget(nameOf(alert), theirsOf(alert));
    conflicts.delete(nameOf(alert));
    alert.remove();
    show();
  });

  // "Keep mine" sends the value with the stored one as its `_was`: the choice is made.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.matches("[data-draft-conflict]") || !navigator.onLine) return;
    forget(nameOf(form));
  });

  // --- the page's life ------------------------------------------------------------------------

  function adopt() {
    // The save scores the draft as the totals on screen show it: their revision.
    const live = document.getElementById("draft-live");
    const revision = document.querySelector("#draft-save input[name=revision]");
    if (live && revision && live.dataset.revision) revision.value = live.dataset.revision;
    const stored = document.getElementById("draft-values");
    if (!stored) return;
    let values;
    try { values = JSON.parse(stored.dataset.values); } catch (error) { return; }
    document.querySelectorAll("form[data-autosave]").forEach(function (form) { apply(form, values); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    restore();
    document.querySelectorAll("form[data-autosave]").forEach(function (form) {
      form.classList.add("autosaving");
      form.querySelectorAll("input, select, textarea").forEach(remember);
    });
    show();
    if (draftForms().some((form) => entriesOf(form).length)) flush(true);
  });

  window.addEventListener("online", function () {
    sendFailed = false;
    show();
    flush(false);
  });
  window.addEventListener("offline", show);

  document.addEventListener("focusin", function (event) {
    const field = event.target;
    if (field.form && field.form.matches("[data-autosave]")) remember(field);
  });

  // Kept before htmx (which listens on the form) sends it: capture.
  document.addEventListener("input", (event) => keep(event.target), true);
  document.addEventListener("change", (event) => keep(event.target), true);

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

  document.body.addEventListener("htmx:configRequest", function (event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[data-autosave]")) return;
    // Offline, or while the kept changes go out one by one: the change stays kept, and goes
    // with them (in order, never two of one field at once).
    if (form.matches("[data-offline-draft]") && (offline() || flushing)) {
      event.preventDefault();
      show();
      return;
    }
    const trigger = event.detail.triggeringEvent;
    const field = trigger && trigger.target;
    if (!field || !field.name) return;
    event.detail.parameters["_field"] = field.name;
    event.detail.parameters["_was"] = field.dataset.was === undefined ? "" : field.dataset.was;
    field.dataset.sent = valueOf(field);
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[data-autosave]")) return;
    if (!event.detail.successful) {
      form.querySelectorAll("[data-sent]").forEach((field) => delete field.dataset.sent);
      const status = event.detail.xhr && event.detail.xhr.status;
      if (status === 410) {
        closedWords = `${event.detail.xhr.responseText} ${listClosed()}`;
      } else if (form.matches("[data-offline-draft]")) {
        // No answer at all: the connection is gone, whatever navigator.onLine says. Another
        // refusal (a 500): the change stays kept all the same, and goes again.
        if (status) serverTrouble = status;
        else sendFailed = true;
        later();
      }
      show();
      return;
    }
    const box = document.getElementById("draft-conflicts");
    form.querySelectorAll("[data-sent]").forEach(function (field) {
      const alert = box && refusalIn(box, field.name);
      const storageKey = form.matches("[data-offline-draft]") ? storeKey(form, keyOf(form, field.name)) : null;
      if (alert) {
        if (storageKey) refused(storageKey, field.dataset.sent, theirsOf(alert));
      } else if (storageKey) {
        sent(storageKey, field.dataset.sent, [field]);
      } else {
        field.dataset.was = field.dataset.sent;
      }
      delete field.dataset.sent;
    });
    showConflicts();
    show();
  });

  function apply(form, values) {
    const prefix = form.dataset.prefix || "";
    const card = form.dataset.card;
    const stored = card ? values["card:" + card] || {} : values;
    form.querySelectorAll("input, select, textarea").forEach(function (field) {
      if (!field.name || field.type === "hidden" || field === document.activeElement) return;
      const key = card ? field.name.slice(prefix.length) : field.name;
      if (card && !field.name.startsWith(prefix)) return;
      if (!(key in stored)) return;
      // Changed on this phone and not stored yet: leave it as the person left it.
      if ("was" in field.dataset && valueOf(field) !== field.dataset.was) return;
      const value = stored[key];
      if (field.type === "checkbox") field.checked = value === "on";
      else if (Array.isArray(value)) return;
      else field.value = value;
      field.dataset.was = valueOf(field);
    });
  }

  document.body.addEventListener("htmx:afterSettle", adopt);
})();

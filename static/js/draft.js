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
   - With this script the forms' own save buttons are not needed: they hide. */
(function () {
  "use strict";

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

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-autosave]").forEach(function (form) {
      form.classList.add("autosaving");
      form.querySelectorAll("input, select, textarea").forEach(remember);
    });
  });

  document.addEventListener("focusin", function (event) {
    const field = event.target;
    if (field.form && field.form.matches("[data-autosave]")) remember(field);
  });

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
    const trigger = event.detail.triggeringEvent;
    const field = trigger && trigger.target;
    if (!field || !field.name) return;
    event.detail.parameters["_field"] = field.name;
    event.detail.parameters["_was"] = field.dataset.was === undefined ? "" : field.dataset.was;
    field.dataset.sent = valueOf(field);
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("form[data-autosave]") || !event.detail.successful) return;
    const conflicts = document.getElementById("draft-conflicts");
    form.querySelectorAll("[data-sent]").forEach(function (field) {
      const refused = conflicts && conflicts.querySelector(`input[name="_field"][value="${CSS.escape(field.name)}"]`);
      if (!refused) field.dataset.was = field.dataset.sent;
      delete field.dataset.sent;
    });
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

  document.body.addEventListener("htmx:afterSettle", function () {
    // The save scores the draft as the totals on screen show it: their revision.
    const live = document.getElementById("draft-live");
    const revision = document.querySelector("#draft-save input[name=revision]");
    if (live && revision && live.dataset.revision) revision.value = live.dataset.revision;
    const stored = document.getElementById("draft-values");
    if (!stored) return;
    let values;
    try { values = JSON.parse(stored.dataset.values); } catch (error) { return; }
    document.querySelectorAll("form[data-autosave]").forEach(function (form) { apply(form, values); });
  });
})();

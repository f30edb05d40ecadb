// The site's own script, loaded on every page (templates/base.html). The pages run under a
// Content-Security-Policy with no inline script (config/settings.py), so what used to be
// written in attributes lives here. Every page still works without it.
(function () {
  "use strict";

  // The wizard's steppers: a [data-step] button beside a number field steps it, and the
  // field reports an input, so the live result follows (scoring/wizard/widgets.py).
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-step]");
    if (button) {
      const input = button.parentElement.querySelector("input");
      if (input) {
        if (Number(button.dataset.step) > 0) {
          input.stepUp();
        } else {
          input.stepDown();
        }
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
      return;
    }
    // "Print" buttons (the setup sheet).
    if (event.target.closest("[data-print]")) {
      window.print();
      return;
    }
    // The sections picker's "after game N" presets tick that game's sections (without
    // JavaScript they submit the form, which does the same on the server).
    const preset = event.target.closest("[data-sections-picker] [data-sections]");
    if (preset) {
      event.preventDefault();
      const picker = preset.closest("[data-sections-picker]");
      const want = preset.dataset.sections.split(" ");
      boxesOf(picker).forEach(function (box) {
        box.checked = want.includes(box.value);
      });
    }
  });

  function boxesOf(picker) {
    const name = picker.dataset.sectionsPicker;
    return Array.from(picker.querySelectorAll("input")).filter(function (box) {
      return box.name === name;
    });
  }

  // The sections picker: "None: our first game" and the section numbers exclude each other.
  document.addEventListener("change", function (event) {
    const picker = event.target.closest && event.target.closest("[data-sections-picker]");
    const ticked = event.target;
    if (!picker || ticked.name !== picker.dataset.sectionsPicker || !ticked.checked) {
      return;
    }
    boxesOf(picker).forEach(function (box) {
      if (box !== ticked && (ticked.value === "none") !== (box.value === "none")) {
        box.checked = false;
      }
    });
  });

  // The wizard's live result: typing in a field asks for the result ("live-input"); changing
  // a field that reshapes the form ([data-refresh]: the players, the rules) asks for a new
  // form ("refresh-change"). htmx listens for these events (hx-trigger) on the form and on
  // its body, so it never has to evaluate a filter expression.
  function tell(target, name) {
    const listener = target.closest("[data-live-events]");
    if (listener && window.htmx) {
      window.htmx.trigger(listener, name);
    }
  }
  document.addEventListener("input", function (event) {
    if (event.target.closest && !event.target.matches("[data-refresh]")) {
      tell(event.target, "live-input");
    }
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-refresh]")) {
      const body = event.target.closest("[data-refresh-events]");
      if (body && window.htmx) {
        window.htmx.trigger(body, "refresh-change");
      }
    }
  });
})();

/* Bootstrap's colour mode follows the phone's setting (light or dark), and changes with it.
 * Loaded in <head> without defer, before the page is drawn, so a dark phone never flashes
 * white. No inline script (the site's Content-Security-Policy). Printing is always light. */
(() => {
  "use strict";
  const root = document.documentElement;
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  let printing = false;
  const apply = () => root.setAttribute("data-bs-theme", dark.matches && !printing ? "dark" : "light");
  apply();
  dark.addEventListener("change", apply);
  window.addEventListener("beforeprint", () => { printing = true; apply(); });
  window.addEventListener("afterprint", () => { printing = false; apply(); });
})();

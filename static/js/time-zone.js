// The phone's time zone (docs/time-zones.md), loaded on every page (templates/base.html).
// A form that makes a campaign or a play log holds a hidden field for it
// (`input[data-phone-zone]`): the new space's pages show its dates and times in the zone of
// the phone that made it. The cookie tells the pages outside a campaign or a play log (the
// one-off game's date, an invitation) which zone to use. Without JavaScript the field stays
// empty and the site's own zone is used.
(function () {
  "use strict";
  let zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    return;
  }
  // An IANA name ("Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5"): nothing
  // in it needs quoting in a cookie.
  if (!/^[A-Za-z0-9_+\-\/]{1,64}$/.test(zone)) {
    return;
  }
  document.querySelectorAll("input[data-phone-zone]").forEach(function (input) {
    if (!input.value) {
      input.value = zone;
    }
  });
  const cookie = "time_zone=" + zone;
  if (document.cookie.split("; ").indexOf(cookie) === -1) {
    const secure = location.protocol === "https:" ? "; secure" : "";
    document.cookie = cookie + "; path=/; max-age=31536000; samesite=lax" + secure;
  }
})();

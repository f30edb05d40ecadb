"""Time zones (docs/time-zones.md): a campaign's or a play log's pages show its dates and
times in its own zone, and "played on" defaults to today there.

- `known(name)`: whether `name` is a zone this site's time zone data knows (the IANA names
  `zoneinfo` reads, "Europe/Berlin");
- `TimeZoneField`: the form field for one, refused with a sentence when unknown; on a create
  form it is hidden and filled by the phone's script (static/js/time-zone.js) with the
  phone's own zone, empty without JavaScript (the site's `TIME_ZONE` then);
- `person_time_zone`: the middleware that shows a page outside a campaign or a play log in
  the zone the person's phone last told (the `time_zone` cookie the same script sets),
  the site's `TIME_ZONE` when it never did.

A time a page prints names its zone: "14 Dec 2026, 13:47 CET" (the `date` filter's `T`).

The zone a space's pages use is activated by its page frame (campaign.frame, playlog.frame),
inside the person's.
"""

from __future__ import annotations

import functools
import zoneinfo
from collections.abc import Callable

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# The cookie static/js/time-zone.js sets to the phone's zone.
COOKIE = "time_zone"
# The longest IANA name is 32 characters; the column holds twice that.
MAX_LENGTH = 64
# The regions of the zones the settings offer (the others, "US/Pacific", "Etc/GMT+5",
# "Cuba", are older spellings and offsets that `known` still accepts).
REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)


@functools.cache
def _available() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def known(name: str) -> bool:
    """Whether `name` is a time zone this site knows."""
    return isinstance(name, str) and name in _available()


def site_zone() -> str:
    """The zone of a space made without one (no JavaScript): the site's `TIME_ZONE`."""
    return settings.TIME_ZONE


@functools.cache
def _grouped() -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    groups: dict[str, list[tuple[str, str]]] = {region: [] for region in REGIONS}
    for name in sorted(_available()):
        region, _, place = name.partition("/")
        if region in groups and place:
            groups[region].append((name, place.replace("_", " ").replace("/", " / ")))
    return tuple((region, tuple(zones)) for region, zones in groups.items() if zones)


def zone_choices(current: str = "") -> list:
    """The choice list of zones, by region ("Europe": "Berlin", …), UTC first; `current` is
    offered too when the list would not hold it (a phone's older spelling, "Asia/Calcutta")."""
    choices: list = [("UTC", "UTC")]
    region, _, place = current.partition("/")
    if current != "UTC" and known(current) and (region not in REGIONS or not place):
        choices.append((current, current))
    choices.extend((region, list(zones)) for region, zones in _grouped())
    return choices


def unknown_zone_error(value: str) -> ValidationError:
    shown = value if len(value) <= MAX_LENGTH else f"{value[:MAX_LENGTH]}…"
    return ValidationError(
        _(
            "Time zone: “%(zone)s” is not a time zone this site knows. Choose the group's zone "
            "in the list (a city in it, such as Europe/Berlin or Asia/Tokyo)."
        )
        % {"zone": shown},
        code="unknown_zone",
    )


class TimeZoneField(forms.CharField):
    """A time zone's IANA name. `phone=True`: the create forms' hidden field the phone's
    script fills in; left empty, the site's zone. Refused with a sentence when unknown, and
    the field then shows as the choice list, so the person chooses one and saves again."""

    def __init__(self, *, phone: bool = False, **kwargs) -> None:
        self.phone = phone
        kwargs.setdefault("label", gettext_lazy("Time zone"))
        if phone:
            kwargs.setdefault("required", False)
            kwargs.setdefault("widget", forms.HiddenInput(attrs={"data-phone-zone": ""}))
        else:
            kwargs.setdefault("widget", forms.Select(choices=zone_choices()))
        kwargs.setdefault(
            "error_messages",
            {"required": gettext_lazy("Time zone: choose the zone the group plays in.")},
        )
        super().__init__(**kwargs)

    def offer(self, current: str) -> None:
        """Show the choice list, `current` among its choices; a stored zone this site does
        not know (`in_zone`) is said, not chosen for the person without a word."""
        self.widget = forms.Select(choices=zone_choices(current))
        self.widget.is_required = self.required
        if current and not known(current):
            self.help_text = _(
                "The zone stored, “%(zone)s”, is not one this site knows: the pages are shown "
                "in %(site_zone)s until you choose one. %(help)s"
            ) % {"zone": current[:MAX_LENGTH], "site_zone": site_zone(), "help": self.help_text}

    def to_python(self, value) -> str:
        value = super().to_python(value)
        if value in self.empty_values:
            return site_zone() if self.phone else ""
        if not known(value):
            if self.phone:
                # The phone sent a zone this site does not know (its data may be newer):
                # the person chooses one in the list.
                self.offer("")
                self.help_text = _("Your phone's time zone is not one this site knows.")
            raise unknown_zone_error(value)
        return value


def in_zone(name: str):
    """The context in which a space's pages are built: its zone active, or the site's when
    this site does not know it (a database moved to a host with older time zone data): the
    pages open, never refused for it."""
    return timezone.override(name if known(name) else site_zone())


Handler = Callable[[HttpRequest], HttpResponse]


def person_time_zone(get_response: Handler) -> Handler:
    """Pages in the zone the person's phone told (the `time_zone` cookie), when it is one
    this site knows; the site's `TIME_ZONE` otherwise. A space's frame overrides it with the
    space's own zone."""

    def middleware(request: HttpRequest) -> HttpResponse:
        zone = request.COOKIES.get(COOKIE, "")
        if zone and known(zone):
            with timezone.override(zone):
                return get_response(request)
        return get_response(request)

    return middleware

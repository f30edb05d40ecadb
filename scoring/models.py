"""The reference catalogue: what the box and the rulebook print.

Loaded from `fixtures/catalogue.json`; what the rulebook text does not print (other location
cards, leased ships' values, higher megastructures) the group adds in the app.

Locations, ships and awards have integer ids, so the fixture names them by a natural key
instead (a location's or ship's name; an award's section and tier): the same fixture then loads
into any database whatever ids the group's own rows already took.
"""

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

# The fixture's name for zone 6's HUB body, which the rulebook text does not print
# (docs/catalogue.md): the app's own words, not a printed term, so a page says it in the
# reader's language while the stored catalogue keeps it as it is.
UNNAMED_HUB = gettext_noop("Unnamed – rename from your card")


def shown_hub_name(hub_name: str) -> str:
    """A zone's HUB body as a page names it: the fixture's placeholder translated, any name
    the catalogue gives (staff's or the rulebook's) as it is."""
    return _(UNNAMED_HUB) if hub_name == UNNAMED_HUB else hub_name


class Zone(models.Model):
    number = models.PositiveSmallIntegerField(primary_key=True)
    hub_name = models.CharField(
        max_length=60, help_text=gettext_lazy("The body whose Zone HUB scores it.")
    )

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return _("Zone %(number)s (%(hub_name)s)") % {
            "number": self.number,
            "hub_name": self.shown_hub_name,
        }

    @property
    def shown_hub_name(self) -> str:
        return shown_hub_name(self.hub_name)


class Hub(models.Model):
    """A HUB whose worker value scores: Hensler, UFSS, the Military HUB, and each Zone HUB."""

    key = models.SlugField(max_length=30, primary_key=True)
    name = models.CharField(max_length=60)
    scores = models.CharField(max_length=200, blank=True)
    zone = models.OneToOneField(Zone, null=True, blank=True, on_delete=models.CASCADE)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name


class Party(models.Model):
    key = models.SlugField(max_length=30, primary_key=True)
    name = models.CharField(max_length=60)
    doubles = models.CharField(
        max_length=30, help_text=gettext_lazy("The IP category it doubles in power.")
    )
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        verbose_name_plural = "parties"

    def __str__(self) -> str:
        return self.name


class LocationManager(models.Manager["Location"]):
    def get_by_natural_key(self, name: str) -> "Location":
        return self.get(name=name)


class Location(models.Model):
    name = models.CharField(max_length=60, unique=True)
    zone = models.ForeignKey(Zone, on_delete=models.PROTECT, related_name="locations")
    base_location = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Bases can be built here, so a city can be named here."),
    )
    naming_spaces = models.PositiveSmallIntegerField(default=0)
    mining = models.BooleanField(default=False, help_text=gettext_lazy("Has a mining symbol."))

    objects = LocationManager()

    class Meta:
        ordering = ["zone", "name"]

    def __str__(self) -> str:
        return _("%(name)s (zone %(zone_id)s)") % {"name": self.name, "zone_id": self.zone_id}

    def natural_key(self) -> tuple[str]:
        return (self.name,)


class MegastructureType(models.IntegerChoices):
    TYPE_I = 1, "Type I"
    TYPE_II = 2, "Type II"
    TYPE_III = 3, "Type III"
    TYPE_IV = 4, "Type IV"
    TYPE_V = 5, "Type V"
    TYPE_VI = 6, "Type VI"


class Megastructure(models.Model):
    key = models.SlugField(max_length=60, primary_key=True)
    name = models.CharField(max_length=100)
    type = models.PositiveSmallIntegerField(choices=MegastructureType.choices)
    location = models.ForeignKey(
        Location, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    fixed_game = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Games 1-4 build a fixed Type I megastructure."),
    )
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["type", "order", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_type_display()})"


class TrackerSection(models.Model):
    key = models.SlugField(max_length=30, primary_key=True)
    name = models.CharField(max_length=60)
    boxes = models.PositiveSmallIntegerField()
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name


class AwardTier(models.TextChoices):
    GOLD = "gold", "Gold"
    SILVER = "silver", "Silver"


class AwardManager(models.Manager["Award"]):
    def get_by_natural_key(self, section: str, tier: str) -> "Award":
        return self.get(section_id=section, tier=tier)


class Award(models.Model):
    section = models.ForeignKey(TrackerSection, on_delete=models.CASCADE, related_name="awards")
    tier = models.CharField(max_length=6, choices=AwardTier.choices)
    name = models.CharField(max_length=100)
    points = models.PositiveSmallIntegerField()

    objects = AwardManager()

    class Meta:
        ordering = ["section__order", "tier"]
        constraints = [
            models.UniqueConstraint(fields=["section", "tier"], name="scoring_award_one_per_tier")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.points})"

    def natural_key(self) -> tuple[str, str]:
        return (self.section_id, self.tier)

    natural_key.dependencies = ["scoring.trackersection"]


class PlayerPower(models.Model):
    key = models.SlugField(max_length=40, primary_key=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name


class ShipManager(models.Manager["Ship"]):
    def get_by_natural_key(self, name: str) -> "Ship":
        return self.get(name=name)


class Ship(models.Model):
    name = models.CharField(max_length=60, unique=True)
    # Empty: the rulebook text does not print it (the leased ships, docs/catalogue.md); each
    # group enters its card's value in its campaign's box.
    presence = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("As the card prints it; empty when the rulebook text does not."),
    )
    moves = models.PositiveSmallIntegerField(null=True, blank=True)
    starting = models.BooleanField(
        default=False, help_text=gettext_lazy("Every corporation starts with it.")
    )
    leased = models.BooleanField(
        default=False, help_text=gettext_lazy("Leased from the White Star Shipyard.")
    )

    objects = ShipManager()

    class Meta:
        ordering = ["-starting", "name"]

    def __str__(self) -> str:
        return self.name

    def natural_key(self) -> tuple[str]:
        return (self.name,)


class CorporationColour(models.Model):
    key = models.SlugField(max_length=30, primary_key=True)
    name = models.CharField(max_length=60)
    css_colour = models.CharField(max_length=7, default="#888888")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name


class CatalogueSeed(models.Model):
    """A fixture row `load_catalogue` has already put in (or found) once.

    The command inserts only rows it has never seeded, so a location the group renamed or a
    ship it deleted is not brought back on the next run: the group's catalogue is theirs.
    """

    model = models.CharField(max_length=60, help_text="The model's label, e.g. scoring.location.")
    entry = models.CharField(max_length=200, help_text="The row's key in the fixture.")
    seeded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["model", "entry"]
        constraints = [
            models.UniqueConstraint(
                fields=["model", "entry"], name="scoring_catalogueseed_unique_entry"
            )
        ]

    def __str__(self) -> str:
        return f"{self.model} {self.entry}"

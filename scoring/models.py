"""The reference catalogue: what the box and the rulebook print.

Loaded from `fixtures/catalogue.json`; what the rulebook text does not print (other location
cards, leased ships' values, higher megastructures) the group adds in the app.
"""

from django.db import models


class Zone(models.Model):
    number = models.PositiveSmallIntegerField(primary_key=True)
    hub_name = models.CharField(max_length=60, help_text="The body whose Zone HUB scores it.")

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Zone {self.number} ({self.hub_name})"


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
    doubles = models.CharField(max_length=30, help_text="The IP category it doubles in power.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]
        verbose_name_plural = "parties"

    def __str__(self) -> str:
        return self.name


class Location(models.Model):
    name = models.CharField(max_length=60, unique=True)
    zone = models.ForeignKey(Zone, on_delete=models.PROTECT, related_name="locations")
    base_location = models.BooleanField(
        default=False, help_text="Bases can be built here, so a city can be named here."
    )
    naming_spaces = models.PositiveSmallIntegerField(default=0)
    mining = models.BooleanField(default=False, help_text="Has a mining symbol.")

    class Meta:
        ordering = ["zone", "name"]

    def __str__(self) -> str:
        return f"{self.name} (zone {self.zone_id})"


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
        null=True, blank=True, help_text="Games 1-4 build a fixed Type I megastructure."
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


class Award(models.Model):
    section = models.ForeignKey(TrackerSection, on_delete=models.CASCADE, related_name="awards")
    tier = models.CharField(max_length=6, choices=AwardTier.choices)
    name = models.CharField(max_length=100)
    points = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["section__order", "tier"]
        constraints = [
            models.UniqueConstraint(fields=["section", "tier"], name="scoring_award_one_per_tier")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.points})"


class PlayerPower(models.Model):
    key = models.SlugField(max_length=40, primary_key=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name


class Ship(models.Model):
    name = models.CharField(max_length=60, unique=True)
    presence = models.PositiveSmallIntegerField(default=2)
    moves = models.PositiveSmallIntegerField(null=True, blank=True)
    starting = models.BooleanField(default=False, help_text="Every corporation starts with it.")
    leased = models.BooleanField(default=False, help_text="Leased from the White Star Shipyard.")

    class Meta:
        ordering = ["-starting", "name"]

    def __str__(self) -> str:
        return self.name


class CorporationColour(models.Model):
    key = models.SlugField(max_length=30, primary_key=True)
    name = models.CharField(max_length=60)
    css_colour = models.CharField(max_length=7, default="#888888")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name

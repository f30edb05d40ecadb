"""The play log: a group's plays of its other games (docs/play-log.md).

A `PlayLog` is a space like a campaign: it has members with roles and invites
(`accounts.models.Membership`, `Invite`), and the group's settings for each game
(`game_settings`: the colonist game's title and scoring categories, the Space Explorers Project
tiles it has entered). A `Play` is one game played: the date, the people (`PlayPerson`, a
member or a typed name), the game, its entered end state (`table`, the game's contract file)
and, when the companion was used, its log (`session`). `result` is a cache: the game's
`score(table)`, rebuilt by `playlog.actions` in the same transaction as every change.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.formats import date_format

from gamefile.words import LONG
from hosting.words import day_format
from playlog.games import GAMES, GameRules

GAME_CHOICES = [(game.key, game.name) for game in GAMES.values()]


class PlayLog(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=120, unique=True)
    # Per game key (playlog.games): what the group enters once and the app remembers.
    game_settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Its pages' dates and times are in this zone, and a new play's "played on" is today
    # there (hosting.time_zones, docs/time-zones.md). Not in a play file.
    time_zone = models.CharField(max_length=64, default="UTC")
    # The read-only public page (as a campaign's): off until the owner switches it on; the
    # token is its address, made the first time it is switched on and kept when switched off.
    public_token = models.CharField(max_length=40, unique=True, null=True, blank=True)
    public_enabled = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = "play log"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("playlog:log", kwargs={"log": self.slug})

    def settings_for(self, game_key: str) -> dict:
        return dict((self.game_settings or {}).get(game_key) or {})


class PlayQuerySet(models.QuerySet):
    def newest_first(self) -> PlayQuerySet:
        return self.order_by("-played_on", "-number")


class Play(models.Model):
    play_log = models.ForeignKey(PlayLog, on_delete=models.CASCADE, related_name="plays")
    # In the order the plays were entered, from 1: the play's address in its log.
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=40, choices=GAME_CHOICES)
    played_on = models.DateField()
    # The end state as the game's contract file (canonical), once entered.
    table = models.JSONField(null=True, blank=True)
    # The companion's log (canonical), when it was used.
    session = models.JSONField(null=True, blank=True)
    # Derived cache: the game's score(table); rebuilt by playlog.actions on every change.
    result = models.JSONField(null=True, blank=True)
    notes = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = PlayQuerySet.as_manager()

    class Meta:
        ordering = ["-played_on", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["play_log", "number"], name="playlog_play_unique_number"
            ),
            models.CheckConstraint(
                condition=models.Q(game__in=list(GAMES)), name="playlog_play_game_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rules.name}, {date_format(self.played_on, day_format(LONG))}"

    def get_absolute_url(self) -> str:
        return reverse("playlog:play", kwargs={"log": self.play_log.slug, "number": self.number})

    @property
    def rules(self) -> GameRules:
        return GAMES[self.game]

    @property
    def finished(self) -> bool:
        return self.result is not None


class PlayPerson(models.Model):
    """One person at the table: a member of the play log, or a name typed in."""

    play = models.ForeignKey(Play, on_delete=models.CASCADE, related_name="people")
    # The person's place in the game's own files (a colonist table's players, in order).
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["play", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["play", "seat"], name="playlog_playperson_one_seat")
        ]

    def __str__(self) -> str:
        return self.name

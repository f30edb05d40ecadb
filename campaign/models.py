"""Campaigns and their game log: the source of truth. Everything else is derived by replay.

`Campaign.state`, `Game.result` and `Game.replay_entry` are the derived cache:
`campaign.actions.rebuild` writes them, in the same transaction as any change to the log, and
nothing else does. The replay's output (docs/campaign-file.md) is split between them so that a page
decodes only what it reads: `Campaign.state` holds every key but the per-game `games` list;
each game's entry of that list is on its own row (`replay_entry`, without its `score`, which
is `result`). The cache is written and read through `solar175.state` (`to_dict` and
`from_dict`): `Campaign.replayed` reads the summary, `Game.entry` one game's entry, and
`Campaign.game_entries` and `Campaign.replayed_state` put them back together.
"""

import uuid
from dataclasses import replace

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy

from solar175.house_rules import HouseRules
from solar175.state import CampaignState, ReplayedGame


class Campaign(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=120, unique=True)
    # The group's house rules, as the campaign file's `settings` (solar175.house_rules).
    house_rules = models.JSONField(default=dict, blank=True)
    opening = models.JSONField(
        null=True, blank=True, help_text="State after an earlier game, for a mid-campaign start."
    )
    manual_unlocks = models.JSONField(default=list, blank=True)
    # The group's own box (solar175.box): its corrections and additions to the reference
    # catalogue, in the campaign file's canonical `box` shape; {} is the reference alone.
    box = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Its pages' dates and times are in this zone, and a new game's "played on" is today
    # there (hosting.time_zones, docs/time-zones.md). Not in the campaign file: a group's
    # file reads the same wherever it is imported.
    time_zone = models.CharField(max_length=64, default="UTC")
    # Derived cache: the replay's output (docs/campaign-file.md) without its per-game `games` list
    # (on the Game rows), rebuilt on every change to the log.
    state = models.JSONField(default=dict, blank=True)
    # A new value on every change to the campaign (and to the catalogue it names): the key
    # under which its pages' bodies are cached (campaign.page_cache).
    revision = models.UUIDField(default=uuid.uuid4, editable=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("campaign:dashboard", kwargs={"slug": self.slug})

    def house(self) -> HouseRules:
        """The house rules the group chose (stored as the file's `settings`, already checked)."""
        return HouseRules(self.house_rules)

    def settings(self) -> dict[str, str]:
        """What its settings page changes: the name, and every house rule by its key."""
        return {"name": self.name, **self.house().as_dict()}

    def replayed(self) -> CampaignState:
        """The replay's cached summary (`Campaign.state`) as a `CampaignState`, its `games`
        empty; read once per value of `state` (a rebuild gives the row a new one)."""
        memo = self.__dict__.get("_replayed")
        if memo is None or memo[0] is not self.state:
            memo = (self.state, CampaignState.from_dict(self.state))
            self.__dict__["_replayed"] = memo
        return memo[1]

    def game_entries(self, numbers=None) -> tuple[ReplayedGame, ...]:
        """The replay's per-game entries (`CampaignState.games`), in the log's order, from the
        Game rows in one query; only games `numbers` if given."""
        games = Game.objects.filter(campaign=self).order_by("number")
        if numbers is not None:
            games = games.filter(number__in=numbers)
        return tuple(
            join_entry(entry, result)
            for entry, result in games.values_list("replay_entry", "result")
            if entry
        )

    def replayed_state(self) -> CampaignState:
        """The replay's whole output, as `solar175.replay.replay` returned it (one query)."""
        return replace(self.replayed(), games=self.game_entries())


def split_entry(entry: ReplayedGame) -> tuple[dict, dict]:
    """A replay's game entry as stored: (the entry without its score, the score)."""
    rest = entry.to_dict()
    return rest, rest.pop("score")


def join_entry(rest: dict, score: dict) -> ReplayedGame:
    """`split_entry` undone."""
    return ReplayedGame.from_dict({**rest, "score": score})


class Corporation(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="corporations")
    key = models.SlugField(max_length=30)
    name = models.CharField(max_length=60)
    player = models.CharField(max_length=60, blank=True)
    ai = models.BooleanField(default=False)
    power = models.SlugField(max_length=40, blank=True)
    order = models.PositiveSmallIntegerField(default=0)
    # The member who holds this corporation's seat: they write its card when the table enters
    # a game together. Not part of the campaign file (people are not in it).
    holder = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )

    class Meta:
        ordering = ["order", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "key"], name="campaign_corporation_unique_key"
            ),
            models.UniqueConstraint(
                fields=["campaign", "holder"],
                condition=models.Q(holder__isnull=False),
                name="campaign_corporation_one_seat_per_person",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Game(models.Model):
    """One game: a campaign's (numbered in order) or a one-off game (no campaign)."""

    campaign = models.ForeignKey(
        Campaign, null=True, blank=True, on_delete=models.CASCADE, related_name="games"
    )
    number = models.PositiveSmallIntegerField(default=1)
    played_on = models.DateField()
    # The table state as docs/table-file.md spells it; in a campaign without the derived keys.
    table = models.JSONField()
    megastructure = models.SlugField(max_length=60, blank=True)
    # A megastructure the catalogue places nowhere: the game states the zone of its +5 bonus.
    megastructure_zone = models.PositiveSmallIntegerField(null=True, blank=True)
    neds_sold_out = models.BooleanField(default=False)
    census_completed = models.BooleanField(default=False)
    megastructure_repairs_completed = models.BooleanField(default=False)
    city_location = models.CharField(max_length=60, blank=True)
    city_name = models.CharField(max_length=60, blank=True)
    # The corporation that named the city, kept through an edit that changed the winner when
    # the group chose so; blank: the game's winner named it (docs/replay.md "cities").
    city_named_by = models.SlugField(max_length=30, blank=True)
    debt_marks = models.JSONField(default=list, blank=True)
    notes = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Bumped on every save: a second editor working from an older version is refused.
    version = models.PositiveIntegerField(default=1)
    # Derived cache: the engine's output for this game (GameScore.as_dict()).
    result = models.JSONField(default=dict, blank=True)
    # Derived cache, a campaign's game only: the replay's entry for this game (docs/campaign-file.md
    # `games[]`) without its `score` (which is `result`); empty before the first rebuild.
    replay_entry = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["campaign_id", "number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "number"], name="campaign_game_unique_number"
            )
        ]

    def __str__(self) -> str:
        if self.campaign_id:
            return f"Game {self.number} of {self.campaign}"
        return f"Game on {self.played_on}"

    def entry(self) -> ReplayedGame | None:
        """The replay's entry for this game (its `replay_entry` and `result`); None before
        the first rebuild, and for a one-off game."""
        return join_entry(self.replay_entry, self.result) if self.replay_entry else None


class ChangeKind(models.TextChoices):
    CAMPAIGN_CREATED = "campaign_created", gettext_lazy("Campaign created")
    CAMPAIGN_IMPORTED = "campaign_imported", gettext_lazy("Campaign imported from a file")
    GAME_ADDED = "game_added", gettext_lazy("Game added")
    GAME_EDITED = "game_edited", gettext_lazy("Game edited")
    GAME_DELETED = "game_deleted", gettext_lazy("Game deleted")
    GAME_MOVED = "game_moved", gettext_lazy("Game moved")
    CITY_NAMED = "city_named", gettext_lazy("City named")
    MANUAL_UNLOCK = "manual_unlock", gettext_lazy("Section unlocked by the group")
    POWER_SET = "power_set", gettext_lazy("Player power chosen")
    SETTINGS_CHANGED = "settings_changed", gettext_lazy("Settings changed")
    CORPORATION_ADDED = "corporation_added", gettext_lazy("Corporation added")
    # Only an undo removes a corporation (one that has played no game).
    CORPORATION_REMOVED = "corporation_removed", gettext_lazy("Corporation removed")
    CORPORATION_CHANGED = "corporation_changed", gettext_lazy("Corporation renamed")
    SEAT_CHANGED = "seat_changed", gettext_lazy("Seat taken or handed over")
    BOX_CHANGED = "box_changed", gettext_lazy("Box corrected")
    # A game's draft closed unsaved, with what it held; its undo opens it again (and back).
    DRAFT_DISCARDED = "draft_discarded", gettext_lazy("Draft discarded")
    DRAFT_RESTORED = "draft_restored", gettext_lazy("Draft restored")
    # The unlocks pages' bookkeeping (unlocks.models): recorded, never replayed nor undone here.
    COMPONENT_TICKED = "component_ticked", gettext_lazy("Checklist item ticked")
    COMPONENT_UNTICKED = "component_unticked", gettext_lazy("Checklist item unticked")
    SECTION_NOTE_EDITED = "section_note_edited", gettext_lazy("Section note written")
    # A game's photo (live.actions.photos): recorded, not undone (docs/photos.md).
    PHOTO_ADDED = "photo_added", gettext_lazy("Photo of the final table added")
    PHOTO_REMOVED = "photo_removed", gettext_lazy("Photo of the final table removed")


# What a change's `before`/`after` snapshots hold, by kind (an undo records the kind of what it
# did: undoing a deletion is a game added).
GAME_KINDS = frozenset(
    {
        ChangeKind.GAME_ADDED,
        ChangeKind.GAME_EDITED,
        ChangeKind.GAME_DELETED,
        ChangeKind.GAME_MOVED,
        ChangeKind.CITY_NAMED,
    }
)
UNDOABLE_KINDS = GAME_KINDS | {
    ChangeKind.MANUAL_UNLOCK,
    ChangeKind.POWER_SET,
    ChangeKind.SETTINGS_CHANGED,
    ChangeKind.CORPORATION_ADDED,
    ChangeKind.CORPORATION_REMOVED,
    ChangeKind.CORPORATION_CHANGED,
    ChangeKind.SEAT_CHANGED,
    ChangeKind.BOX_CHANGED,
    ChangeKind.DRAFT_DISCARDED,
    ChangeKind.DRAFT_RESTORED,
}
# A draft discarded (`before` the draft as it was, `after` null) or restored (the other way
# round): `live.actions.discards`.
DRAFT_KINDS = frozenset({ChangeKind.DRAFT_DISCARDED, ChangeKind.DRAFT_RESTORED})


class ChangeQuerySet(models.QuerySet):
    def for_history(self) -> "ChangeQuerySet":
        """The history page's rows in one query: who made each change and the change that
        undid it joined in; the snapshots left unread, only whether there are any."""
        return (
            self.select_related("made_by", "undone_by__made_by")
            .defer(
                "before",
                "after",
                "undone_by__before",
                "undone_by__after",
                "undone_by__details",
                "undone_by__summary_words",
                "undone_by__details_words",
            )
            .annotate(
                snapshotted=models.ExpressionWrapper(
                    models.Q(before__isnull=False) | models.Q(after__isnull=False),
                    output_field=models.BooleanField(),
                )
            )
        )


class Change(models.Model):
    """One change to a campaign and who made it ("nothing is lost", DESIGN.md).

    Written by `campaign.actions` in the transaction of the change itself; a history, never
    replayed. `before` and `after` are what the change replaced and what it put in its place:

    - a game (`GAME_KINDS`): its entry of the campaign file (`campaign_io.game_to_dict`);
      `before` is null for a game added, `after` for a game deleted;
    - a manual unlock: `{"section", "after_game"}` (`after_game` null: not unlocked);
    - a power: `{"corporation", "power"}` (`power` empty: none);
    - settings: the settings it changed, the name and house rules by key (solar175.house_rules);
    - a corporation added: `after` its entry of the campaign file (`before` null); removed
      (by an undo): the other way round;
    - a corporation renamed: `{"corporation", "name", "player", "ai"}` before and after;
    - a seat: `{"corporation", "holder", "holder_name"}` (`holder` a user id or null).
    - the box: the whole box (`Campaign.box`), before and after;
    - a draft discarded: `before` the draft as it was (`live.actions.discards.
      draft_snapshot`: its number, shared part, cards and who typed them), `after` null;
      restored by an undo: the other way round.

    `details` says what changed, a line each ("credits of purple 12 → 14"); `summary` and
    `details` are English, as they were said when the change was made. `summary_words` and
    `details_words` keep what those sentences were made of (`gamefile.words.as_json`: each
    sentence's catalogue template and values), so the History says them in the reader's
    language; null for a change recorded before they were kept, or whose words hold nothing to
    translate (a name): the History shows the English then. `undoes` is the change this one
    undid (a change is undone at most once: undoing the undo puts it back).
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=30, choices=ChangeKind.choices)
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    summary = models.CharField(max_length=200, blank=True)
    details = models.JSONField(default=list, blank=True)
    summary_words = models.JSONField(null=True, blank=True)
    details_words = models.JSONField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    undoes = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="undone_by"
    )
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)

    objects = ChangeQuerySet.as_manager()

    class Meta:
        ordering = ["-made_at", "-id"]
        indexes = [
            models.Index(fields=["campaign", "-made_at", "-id"], name="campaign_change_newest")
        ]

    def __str__(self) -> str:
        return (
            f"{self.get_kind_display()}: {self.summary}"
            if self.summary
            else self.get_kind_display()
        )

    @property
    def is_undone(self) -> bool:
        """Whether a later change undid this one (no query after `select_related("undone_by")`)."""
        return hasattr(self, "undone_by")

    @property
    def can_be_undone(self) -> bool:
        """Whether the history offers to undo it: a kind with snapshots, recorded with them,
        not undone yet. `campaign.actions.undo_change` still checks the log allows it."""
        if "snapshotted" in self.__dict__:  # `for_history` read whether, not what
            recorded = self.__dict__["snapshotted"]
        else:
            recorded = self.before is not None or self.after is not None
        return self.kind in UNDOABLE_KINDS and recorded and not self.is_undone

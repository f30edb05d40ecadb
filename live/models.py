"""The live table's rows: a game being entered by the whole table at once (its draft, each
seat's card, the live panel drawn for one version) and the photo of a game's final table.

Moved from `campaign` with their tables kept (`db_table`, docs/architecture.md "The live
table"): the rows a site stored before the move are these rows. They point at the ledger's
campaigns, corporations and games; the ledger points at none of them.
"""

from django.conf import settings
from django.db import models

from campaign.models import Campaign, Corporation, Game


class GameDraft(models.Model):
    """A game being entered by the whole table at once, before it joins the log.

    One per campaign and game number ("Enter game N" opens it, everyone lands in it). It is
    kept on the server, so a phone that sleeps or reloads loses nothing; `live.actions.
    drafts.save_draft` scores it through the one writing path and deletes it. What it holds is
    form data as people typed it (field name -> value), never a half-read table: the shared
    part here (the order of play, HUBs, ballots, hire cards, the megastructure and the
    events), each seat's card in `SeatCard`.
    """

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="drafts")
    number = models.PositiveSmallIntegerField()
    shared = models.JSONField(default=dict, blank=True)
    # The draft's version: raised once per applied batch of changes, its cards' included;
    # what the phones poll (docs/draft-protocol.md).
    revision = models.PositiveIntegerField(default=1)
    # Each phone's place in its sequence: phone id -> [the last change number applied, the
    # version its last applied change made] ("" for a write without a phone: a page without
    # JavaScript, who is at the table).
    phones = models.JSONField(default=dict, blank=True)
    # When each field last changed: scope ("shared", "card:<corporation>") -> field ->
    # version, so a poll answers only what changed since the version a phone has.
    stamps = models.JSONField(default=dict, blank=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Who last wrote the shared part (null: nobody yet, or a guest): what a discard names.
    shared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        db_table = "campaign_gamedraft"
        ordering = ["campaign_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "number"], name="campaign_gamedraft_one_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"Draft of game {self.number} of {self.campaign}"


class SeatCard(models.Model):
    """One corporation's card in a draft: what its seat typed (field name -> value)."""

    draft = models.ForeignKey(GameDraft, on_delete=models.CASCADE, related_name="cards")
    corporation = models.ForeignKey(Corporation, on_delete=models.CASCADE, related_name="+")
    data = models.JSONField(default=dict, blank=True)
    done = models.BooleanField(default=False)
    revision = models.PositiveIntegerField(default=0)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_seatcard"
        ordering = ["draft_id", "corporation__order", "corporation_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["draft", "corporation"], name="campaign_seatcard_one_per_corporation"
            )
        ]

    def __str__(self) -> str:
        return f"{self.corporation}'s card in {self.draft}"


class DraftLive(models.Model):
    """The live panel of a draft (progress, what each card still needs, the totals and the
    score sheet) as drawn for one version in one language, shared by every phone reading that
    language and every server process: the forms are read and the table scored once per
    version and language at most (`live.views.drafts.live_panel`). One row per draft and
    language (`language`: the code the panel's words were drawn in, as `get_language()` gives
    it)."""

    draft = models.ForeignKey(GameDraft, on_delete=models.CASCADE, related_name="panels")
    language = models.CharField(max_length=15)
    revision = models.PositiveIntegerField(default=0)
    html = models.TextField(blank=True)
    drawn_at = models.DateTimeField()

    class Meta:
        db_table = "campaign_draftlive"
        constraints = [
            models.UniqueConstraint(
                fields=["draft", "language"], name="campaign_draftlive_one_per_language"
            )
        ]

    def __str__(self) -> str:
        return f"Live panel of {self.draft} at version {self.revision} in {self.language}"


class GamePhoto(models.Model):
    """A photo of a game's final table, for the group's memory (docs/photos.md).

    Kept in the database, not on a disk: several app servers share the database and nothing
    else, and the site's backup (dumpdata) carries it. Always a JPEG the app made itself
    (`live.photos.prepare_photo`): resized, its location data and every other metadata
    dropped. Shown to the campaign's members only; not part of the campaign file. It goes
    with its game: deleting the game deletes it.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="photo")
    jpeg = models.BinaryField()
    width = models.PositiveIntegerField()
    height = models.PositiveIntegerField()
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    added_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "campaign_gamephoto"

    def __str__(self) -> str:
        return f"Photo of {self.game}"

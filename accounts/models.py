"""Who belongs to a campaign or a play log, the links that let someone join one, and a
campaign's public page.

A membership and an invite belong to one *space*: a Solar 175 campaign or a play log of the
group's other games (`playlog.PlayLog`). Both kinds work the same way (roles, invites, the
lookup in `accounts.access`); `space_kwargs(space)` is the field that names it.

- `Membership` — a person's role in a space: the owner (settings, members, delete), a
  player (enters and edits games, ticks checklists) or a viewer (reads).
- `Invite` — a link the owner shows as a QR code at the table; whoever opens it while it is
  neither expired nor revoked joins with its role. It may be used by several people.
- `GuestSeat` — a seat taken for one game by someone without an account, from the table's
  QR code (docs/seats.md): its token is the guest's own link to that seat's card, open while
  that game's draft is; afterwards the row says who held which seat, for the owner to hand
  the seat to the guest's account once they have one.
- `PublicLink` — the campaign's read-only public page, off until the owner switches it on;
  its secret token is the address, so a new token makes the old address 404.
"""

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from gamefile.words import LONG
from hosting.words import day_format

INVITE_DAYS = 7
# 16 random bytes: 22 URL-safe characters, short enough for a small QR code.
TOKEN_BYTES = 16


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def invite_expiry() -> datetime:
    return timezone.now() + timedelta(days=INVITE_DAYS)


class Role(models.TextChoices):
    OWNER = "owner", gettext_lazy("Owner")
    PLAYER = "player", gettext_lazy("Player")
    VIEWER = "viewer", gettext_lazy("Viewer")


# Each role as a word inside a sentence ("Join as player", "You joined … as a viewer"): its own
# entry, so a language that writes a noun with a capital (German) writes it so.
ROLE_WORDS = {
    Role.OWNER: pgettext_lazy("a role, inside a sentence", "owner"),
    Role.PLAYER: pgettext_lazy("a role, inside a sentence", "player"),
    Role.VIEWER: pgettext_lazy("a role, inside a sentence", "viewer"),
}


# Who enters and edits games, ticks checklists and unlocks sections.
PLAYING_ROLES = frozenset({Role.OWNER, Role.PLAYER})
# An invite never makes an owner: the owner promotes a member on the members page.
INVITE_ROLES = (Role.PLAYER, Role.VIEWER)
# For "never downgrade": a second invite only ever raises a member's role.
ROLE_RANK = {Role.VIEWER: 0, Role.PLAYER: 1, Role.OWNER: 2}
# The kinds of space a membership or an invite belongs to, and the field that names each.
SPACE_FIELDS = {"campaign.campaign": "campaign", "playlog.playlog": "play_log"}
# Exactly one of the space fields is set.
ONE_SPACE = Q(campaign__isnull=False, play_log__isnull=True) | Q(
    campaign__isnull=True, play_log__isnull=False
)


def space_field(space: models.Model) -> str:
    """The field of `Membership` and `Invite` that points at `space`'s kind."""
    return SPACE_FIELDS[space._meta.label_lower]


def space_kwargs(space: models.Model) -> dict[str, models.Model]:
    """`{"campaign": space}` or `{"play_log": space}`: a filter or a create's keyword."""
    return {space_field(space): space}


class InSpace(models.Model):
    """What a membership and an invite share: the space they belong to."""

    class Meta:
        abstract = True

    @property
    def space(self) -> models.Model:
        """The campaign or the play log."""
        return self.campaign if self.campaign_id else self.play_log

    @property
    def role_word(self) -> str:
        """The role as a word inside a sentence, in the active language ("player")."""
        return str(ROLE_WORDS.get(self.role, self.role))

    def in_same_space(self) -> dict[str, int]:
        """The filter for rows of the same space: `{"campaign_id": 3}` or `{"play_log_id": 5}`."""
        if self.campaign_id:
            return {"campaign_id": self.campaign_id}
        return {"play_log_id": self.play_log_id}


class Membership(InSpace):
    campaign = models.ForeignKey(
        "campaign.Campaign",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="memberships",
    )
    play_log = models.ForeignKey(
        "playlog.PlayLog",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="memberships",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["campaign", "play_log", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "user"], name="accounts_membership_one_per_person"
            ),
            models.UniqueConstraint(
                fields=["play_log", "user"], name="accounts_membership_one_per_person_in_a_log"
            ),
            models.CheckConstraint(condition=ONE_SPACE, name="accounts_membership_one_space"),
            models.CheckConstraint(
                condition=Q(role__in=Role.values), name="accounts_membership_role_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.get_role_display().lower()} of {self.space}"


class InviteQuerySet(models.QuerySet):
    def usable(self) -> "InviteQuerySet":
        """Invites that still let someone join: not revoked, not expired."""
        return self.filter(revoked_at__isnull=True, expires_at__gt=timezone.now())


class Invite(InSpace):
    campaign = models.ForeignKey(
        "campaign.Campaign",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="invites",
    )
    play_log = models.ForeignKey(
        "playlog.PlayLog", null=True, blank=True, on_delete=models.CASCADE, related_name="invites"
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=invite_expiry)
    revoked_at = models.DateTimeField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0)
    # Who joined (or was raised) through it: removing one of them withdraws it.
    used_by = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="+")

    objects = InviteQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(role__in=[role.value for role in INVITE_ROLES]),
                name="accounts_invite_never_owner",
            ),
            models.CheckConstraint(condition=ONE_SPACE, name="accounts_invite_one_space"),
        ]

    def __str__(self) -> str:
        return f"Invite to {self.space} as {self.get_role_display().lower()}"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None

    @property
    def is_expired(self) -> bool:
        return self.expires_at <= timezone.now()

    @property
    def is_usable(self) -> bool:
        return not self.is_revoked and not self.is_expired

    def refusal(self) -> str | None:
        """Why this link no longer lets anyone join, as the join page says it; None if it does."""
        if self.is_revoked:
            return _(
                "This invitation to %(space)s was withdrawn by its owner. Ask them for a new link."
            ) % {"space": self.space}
        if self.is_expired:
            # In the reader's zone (their phone's, else the site's), named: the invitation
            # page is outside the space (docs/time-zones.md).
            expired = timezone.localtime(self.expires_at)
            # Translators: "… expired on 14 December 2026 at 13:47 CET …"; the zone is its
            # abbreviation.
            return pgettext(
                "an invitation",
                "This invitation to %(space)s expired on %(date)s at %(time)s %(zone)s. "
                "Ask its owner for a new link.",
            ) % {
                "space": self.space,
                "date": date_format(expired, day_format(LONG)),
                "time": time_format(expired, "H:i"),
                "zone": expired.tzname(),
            }
        return None


class PublicLink(models.Model):
    """The campaign's read-only public page: off by default; the token is its address."""

    campaign = models.OneToOneField(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="public_link"
    )
    enabled = models.BooleanField(default=False)
    token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Public page of {self.campaign} ({'on' if self.enabled else 'off'})"


# A guest's name: a first name or a nickname, as the table calls them.
GUEST_NAME_LENGTH = 30


class GuestSeat(models.Model):
    """A corporation's seat held for one game by a guest without an account.

    `token` is the guest's link: it opens that seat's card of that game's draft and nothing
    else, while the draft is open (`draft` set). Saving or discarding the draft closes it
    (`draft` becomes null: the link answers that the game is closed); the row stays, so the
    owner can later hand the seat to the guest's account (`tied_to`).
    """

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="guest_seats"
    )
    draft = models.ForeignKey(
        "live.GameDraft",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="guest_seats",
    )
    corporation = models.ForeignKey(
        "campaign.Corporation", on_delete=models.CASCADE, related_name="guest_seats"
    )
    # The game the seat was held in.
    number = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=GUEST_NAME_LENGTH)
    token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    taken_at = models.DateTimeField(auto_now_add=True)
    # The member the owner handed the seat to afterwards (None: not yet).
    tied_to = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-taken_at", "-id"]
        constraints = [
            # One guest per seat in a draft: a second guest cannot take a seat someone holds.
            models.UniqueConstraint(
                fields=["draft", "corporation"],
                condition=Q(draft__isnull=False),
                name="accounts_guestseat_one_per_seat",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (guest) at {self.corporation} in game {self.number}"

    @property
    def is_open(self) -> bool:
        """Whether the guest's link still opens the card: its game's draft is open."""
        return self.draft_id is not None


# The longest language code Django names (`zh-hans`, `sr-latn`, `es-419`) fits twice over.
LANGUAGE_LENGTH = 15


class Preferences(models.Model):
    """What a person chose for themselves, kept with their account whatever phone they use.

    `language`: the code of the language the pages speak to them (one of `LANGUAGES`), or ""
    for their phone's language (the default, what Accept-Language asks). A code no longer in
    `LANGUAGES` counts as "". Carried in the session from sign-in (`accounts.language`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    language = models.CharField(max_length=LANGUAGE_LENGTH, blank=True, default="")

    def __str__(self) -> str:
        return f"Preferences of {self.user}"

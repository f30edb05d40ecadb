"""A campaign's own writes: created (or imported from its file), its settings, the group's
decisions (a section unlocked by hand, a player power), deleted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings as site_settings
from django.contrib.auth import get_user_model

from accounts.actions import add_owner
from accounts.models import Role
from campaign.actions.cache import lock_campaign, rebuild
from campaign.actions.games import KEEP, Keep
from campaign.actions.history import record
from campaign.campaign_io import game_from_dict, unique_slug
from campaign.models import Campaign, ChangeKind, Corporation, Game
from gamefile.errors import FieldError
from gamefile.words import Joined, _, ngettext
from hosting.busy import writes, writing
from hosting.time_zones import known, site_zone
from scoring.catalogue import CatalogueNames, catalogue_from_db
from solar175.campaign_file import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_VERSION,
    CampaignError,
    parse_campaign,
)
from solar175.house_rules import BY_KEY, HouseRules
from solar175.replay import replay


class TooManyCampaigns(CampaignError):
    """The owner already owns as many campaigns as one account may (`CAMPAIGNS_PER_ACCOUNT`)."""

    def __init__(self, owned: int) -> None:
        super().__init__(
            "",
            # Translators: %(count)s is the site's limit (CAMPAIGNS_PER_ACCOUNT, usually many).
            _(
                "You own %(count)s campaigns, the most one account may own on this site. Delete "
                "one your group no longer plays, or ask whoever hosts this site.",
                count=owned,
            ),
        )


def check_campaign_cap(owner) -> None:
    """Refuse a new campaign to an account that owns `CAMPAIGNS_PER_ACCOUNT` already. Called
    in the creating transaction with the account's row locked, so two creations at once from
    one account cannot both pass at the last free place."""
    list(get_user_model().objects.select_for_update().filter(pk=owner.pk).values_list("pk"))
    owned = owner.memberships.filter(role=Role.OWNER, campaign__isnull=False).count()
    if owned >= site_settings.CAMPAIGNS_PER_ACCOUNT:
        raise TooManyCampaigns(owned)


def create_campaign(
    name: str,
    corporations: Sequence[Mapping[str, Any]],
    settings: Mapping[str, Any] | None = None,
    opening: Mapping[str, Any] | None = None,
    *,
    box: Mapping[str, Any] | None = None,
    time_zone: str = "",
    user=None,
    owner=None,
) -> Campaign:
    """Start a campaign with no games played (or from an `opening` snapshot).

    Preconditions: none that are not checked first: `corporations` are dicts with `key`,
    `name`, optional `player`, `ai` and `power` (2 to 5 of them, keys unique); `settings` may
    give house rules by key (solar175.house_rules), the others at their defaults; `opening`
    is null or the docs/campaign-file.md snapshot;
    `box` is the box it starts from (another campaign's, `Campaign.box`), the reference's when
    None; `time_zone` its pages' zone (the site's when empty). Anything wrong raises
    `CampaignError` naming the field, and nothing is written.
    """
    data = {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_VERSION,
        "name": name,
        "settings": {**HouseRules().to_settings(), **(settings or {})},
        "corporations": [
            {
                "key": corp.get("key"),
                "name": corp.get("name", corp.get("key")),
                "player": corp.get("player") or "",
                "ai": bool(corp.get("ai", False)),
            }
            for corp in corporations
        ],
        "opening": opening,
        "games": [],
        "manual_unlocks": [],
        "powers": {corp.get("key"): corp["power"] for corp in corporations if corp.get("power")},
    }
    if box:
        data["box"] = dict(box)
    return create_campaign_from_file(
        data, user=user, owner=owner, kind=ChangeKind.CAMPAIGN_CREATED, time_zone=time_zone
    )


def checked_zone(time_zone: str) -> str:
    """`time_zone`, or the site's when empty; `CampaignError` when this site knows no such
    zone (hosting.time_zones)."""
    if not time_zone:
        return site_zone()
    if not known(time_zone):
        raise CampaignError("time_zone", "is not a time zone this site knows")
    return time_zone


def create_campaign_from_file(
    data: Any,
    *,
    user=None,
    owner=None,
    kind: str = ChangeKind.CAMPAIGN_IMPORTED,
    time_zone: str = "",
) -> Campaign:
    """A new campaign holding a whole campaign file: its corporations, games and cache.

    Preconditions: none. The file's structure and what the database can hold (text lengths,
    real calendar dates, keys usable in an address) are checked before anything is written;
    the one transaction that writes it ends with `rebuild`, whose replay refuses a table that
    contradicts the rules the earlier games derive. Either way `CampaignError` names the field,
    and nothing is left written. `owner`, when given, becomes the campaign's owner, unless
    they own `CAMPAIGNS_PER_ACCOUNT` campaigns already (`TooManyCampaigns`, a `CampaignError`);
    `time_zone` is its pages' zone (the site's when empty; not in the file).
    """
    zone = checked_zone(time_zone)
    catalogue = catalogue_from_db()
    # The whole replay first, as the `replay` command runs it: the same file is refused with the
    # same first error, the first game's problem before a later one's (each table read with
    # the rules the games before it derive, not only with its own).
    replay(data, catalogue)
    parsed = parse_campaign(data, catalogue, check_tables=False)
    with writing():
        if owner is not None:
            check_campaign_cap(owner)
        campaign = Campaign.objects.create(
            name=data["name"],
            slug=unique_slug(data["name"]),
            house_rules=parsed.house.to_settings(),
            opening=data.get("opening"),
            manual_unlocks=list(data.get("manual_unlocks") or []),
            # The file's box, in its canonical shape (the export writes it back as it was).
            box=parsed.box.as_dict(),
            time_zone=zone,
        )
        powers = data.get("powers") or {}
        Corporation.objects.bulk_create(
            Corporation(
                campaign=campaign,
                key=corp["key"],
                name=corp.get("name", corp["key"]),
                player=corp.get("player") or "",
                ai=bool(corp.get("ai", False)),
                power=powers.get(corp["key"]) or "",
                order=index,
            )
            for index, corp in enumerate(data["corporations"])
        )
        games = data.get("games") or []
        Game.objects.bulk_create(game_from_dict(campaign, game, user=user) for game in games)
        summary = (
            data["name"]
            if kind == ChangeKind.CAMPAIGN_CREATED
            # The History said "1 games" too: the English kept as it was.
            else ngettext("%(count)s games", "%(count)s games", len(games), count=len(games))
        )
        record(campaign, kind, user, summary=summary)
        if owner is not None:
            add_owner(campaign, owner)
        rebuild(campaign, catalogue=catalogue, stored=True)
    return campaign


def import_campaign(
    data: Any, *, name: str | None = None, user=None, owner=None, time_zone: str = ""
) -> Campaign:
    """A new campaign from a campaign file's data (`create_campaign_from_file`), recorded as an
    import. `name` overrides the file's name, e.g. to import a second copy."""
    if name is not None and isinstance(data, Mapping):
        data = {**data, "name": name}
    return create_campaign_from_file(
        data, user=user, owner=owner, kind=ChangeKind.CAMPAIGN_IMPORTED, time_zone=time_zone
    )


@writes
def delete_campaign(campaign: Campaign) -> None:
    """Delete a campaign with its log, history and members. Preconditions: the person asking
    is its owner (`campaign.access.campaign_for_owner`)."""
    lock_campaign(campaign)
    Campaign.objects.filter(pk=campaign.pk).delete()


@writes
def set_time_zone(campaign: Campaign, time_zone: str) -> Campaign:
    """Show the campaign's pages in `time_zone` (an IANA name, hosting.time_zones). Nothing
    is replayed: the zone is not in the campaign file, and a game's date stays the date the
    group gave. Preconditions: none unchecked: an unknown zone raises `CampaignError`."""
    zone = checked_zone(time_zone)
    Campaign.objects.filter(pk=campaign.pk).update(time_zone=zone)
    campaign.time_zone = zone
    return campaign


@writes
def set_manual_unlock(
    campaign: Campaign, section: int, after_game: int | None, *, user=None
) -> Campaign:
    """The group unlocks `section` after game `after_game` (#19 "whenever you feel ready");
    `after_game=None` takes that decision back. Then rebuild.

    Preconditions: the section allows a manual unlock at that point; the replay refuses one
    that does not (`CampaignError`).
    """
    current = lock_campaign(campaign)
    before = manual_unlock(current, section)
    put_manual_unlock(campaign, current, section, after_game)
    summary = (
        _("#%(section)s after game %(game)s", section=section, game=after_game)
        if after_game is not None
        else _("#%(section)s undone", section=section)
    )
    record(
        campaign,
        ChangeKind.MANUAL_UNLOCK,
        user,
        after_game,
        summary,
        before=before,
        after={"section": section, "after_game": after_game},
    )
    rebuild(campaign)
    return campaign


@writes
def set_power(
    corporation: Corporation, power: str, *, expected_power: str | None = None, user=None
) -> Corporation:
    """Give `corporation` its permanent player power (#7); an empty `power` clears it.

    Preconditions: `power` is a player power key (docs/campaign-file.md `powers`) no other
    corporation of the campaign holds ("Players now choose a unique player power"); the replay
    refuses anything else (`CampaignError`). `expected_power`: the power the person's form
    showed the corporation holding ("" for none); if it holds another by now, `CampaignError`
    and nothing changes.
    """
    campaign = corporation.campaign
    lock_campaign(campaign)
    old = Corporation.objects.values_list("power", flat=True).get(pk=corporation.pk)
    if expected_power is not None and old != expected_power:
        raise CampaignError(
            f"powers.{corporation.key}",
            _(
                "%(name)s took a power while this page was open; look at it again",
                name=corporation.name,
            ),
        )
    Corporation.objects.filter(pk=corporation.pk).update(power=power)
    corporation.power = power
    record(
        campaign,
        ChangeKind.POWER_SET,
        user,
        summary=_(
            "%(name)s: %(power)s",
            name=corporation.name,
            power=CatalogueNames().powers.get(power, power) or _("none"),
        ),
        before={"corporation": corporation.key, "power": old},
        after={"corporation": corporation.key, "power": power},
    )
    rebuild(campaign)
    return corporation


@writes
def update_settings(
    campaign: Campaign,
    *,
    name: str | Keep = KEEP,
    expected: Mapping[str, str] | None = None,
    user=None,
    **house: str,
) -> Campaign:
    """Rename the campaign or change its house rules (solar175.house_rules, each by its key:
    `second_place_rounding="up"`), then rebuild.

    A setting left out keeps its value; the slug stays as it is. Nothing is recorded when
    nothing changes. `expected`: the settings the person's form was drawn from; if any is
    another by now, `CampaignError` and nothing changes. Preconditions: none unchecked: an
    empty or too long `name`, or a house rule's value not among its choices, raises
    `CampaignError` naming it, and nothing is written.
    """
    wanted: dict[str, str] = {}
    if name is not KEEP:
        wanted["name"] = str(name).strip()
        limit = Campaign._meta.get_field("name").max_length
        if not wanted["name"] or len(wanted["name"]) > limit:
            raise CampaignError("name", _("must be 1 to %(limit)s characters long", limit=limit))
    try:
        wanted.update(HouseRules().changed(house).as_dict())
    except FieldError as error:
        raise CampaignError(error.path, error.message) from None
    wanted = {key: value for key, value in wanted.items() if key == "name" or key in house}
    current = lock_campaign(campaign).settings()
    changed = [key for key, value in (expected or {}).items() if current.get(key) != value]
    if changed:
        now = "; ".join(f"{_words(key)} {current[key]}" for key in changed)
        raise CampaignError(
            "settings",
            _(
                "they were changed while this page was open (now: %(now)s); nothing of yours "
                "was saved. Save again to replace them with yours",
                now=now,
            ),
        )
    before = {key: current[key] for key in wanted if current[key] != wanted[key]}
    if not before:
        return campaign
    after = {key: wanted[key] for key in before}
    put_settings(campaign, after)
    details = settings_lines(before, after)
    record(
        campaign,
        ChangeKind.SETTINGS_CHANGED,
        user,
        summary=Joined(details),
        details=details,
        before=before,
        after=after,
    )
    rebuild(campaign)
    return campaign


def manual_unlock(campaign: Campaign, section: int) -> dict[str, Any]:
    """The group's manual unlock of `section`: `after_game` null when there is none."""
    after_game = next(
        (u.get("after_game") for u in campaign.manual_unlocks if u.get("section") == section),
        None,
    )
    return {"section": section, "after_game": after_game}


def put_manual_unlock(
    campaign: Campaign, current: Campaign, section: int, after_game: int | None
) -> None:
    unlocks = [u for u in current.manual_unlocks if u.get("section") != section]
    if after_game is not None:
        unlocks.append({"section": section, "after_game": after_game})
        unlocks.sort(key=lambda u: (u["after_game"], u["section"]))
    Campaign.objects.filter(pk=campaign.pk).update(manual_unlocks=unlocks)
    campaign.manual_unlocks = unlocks


# The History's words for a setting and its values, as its lines have always said them in
# English (the key and the value, "second place rounding down"), marked for translation.
SETTING_WORDS = {
    "name": _("name"),
    "second_place_rounding": _("second place rounding"),
    "campaign_tie_break": _("campaign tie break"),
    "megastructure_choice": _("megastructure choice"),
}
VALUE_WORDS = {
    # Translators: second place in a zone rounded down / up (a house rule).
    "second_place_rounding": {"down": _("down"), "up": _("up")},
    # Translators: a campaign tie broken by the awards / shared (a house rule).
    "campaign_tie_break": {"awards": _("awards"), "shared": _("shared")},
    # Translators: the next megastructure chosen by the winner / drawn at random (a house rule).
    "megastructure_choice": {"winner": _("winner"), "random": _("random")},
}


def settings_lines(before: Mapping[str, str], after: Mapping[str, str]) -> list[str]:
    """The History's lines for a settings change ("second place rounding down → up")."""
    lines = []
    for key in before:
        values = VALUE_WORDS.get(key, {})
        words = SETTING_WORDS.get(key)
        if words is None or words != _words(key):
            # A setting the History has no words for: said as its key says it.
            lines.append(f"{_words(key)} {before[key]} → {after[key]}")
            continue
        lines.append(
            # Translators: a setting changed ("second place rounding"), from a value to another.
            _(
                "%(setting)s %(before)s → %(after)s",
                setting=words,
                before=values.get(before[key], before[key]),
                after=values.get(after[key], after[key]),
            )
        )
    return lines


def _words(key: str) -> str:
    return BY_KEY[key].words if key in BY_KEY else key


def put_settings(campaign: Campaign, values: Mapping[str, Any]) -> None:
    """Store `values` (the name and house rules by key, as `current_settings` gives them)."""
    fields: dict[str, Any] = {}
    if "name" in values:
        fields["name"] = values["name"]
    house = {key: value for key, value in values.items() if key in BY_KEY}
    if house:
        fields["house_rules"] = campaign.house().changed(house).to_settings()
    if fields:
        Campaign.objects.filter(pk=campaign.pk).update(**fields)
    for key, value in fields.items():
        setattr(campaign, key, value)

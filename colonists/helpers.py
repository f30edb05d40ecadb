"""In-game helpers for the colonist game (expert rules): pure functions the phone pages call.

- `colonists_board(board)`: where each of the seven groups is (CX:79-93), with warnings.
- `claimant_priority(group, claimants, harbour_master_choice)`: who gets a group several
  players want (CX:89, CX:117).
- `change_of_loyalty(group, other, group_in_city)`: the checklist of CX:100-111.
- `bid_value(credits, for_sale, guild, contracted)`: a bid with a guild's support (CX:122-131).

(The card sequence is `colonists.cards`.) Each function checks its plain input and raises the
first problem as a `ColonistsError` whose path names the argument (`claimants[1].player`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from colonists.errors import ColonistsError
from colonists.groups import (
    CORPEX,
    GROUP_KEYS,
    GROUP_KEYS_TEXT,
    GROUPS,
    MECHANICS,
    RIVALS,
    ColonistGroup,
    group,
    names,
)
from colonists.reader import Reader, join, same_name
from colonists.words import and_list, vp
from gamefile.reading import describe, one_of
from gamefile.words import _

MAX_PLAYERS = 8  # the table's sanity bound
MAX_CREDITS = 999  # a sanity bound: the credit cards' values are not printed in this part

# Where a group can be (CX:79-93).
NOT_ARRIVED = "not_arrived"  # on its colonist card still (the Corpex: not in the game yet)
RECEPTION_CAMP = "reception_camp"  # "Reception Camp" ("Limbo"), CX:79-81
CONTRACTED = "contracted"  # in front of the player who contracted it, CX:85
CITY = "city"  # citizens "for the rest of the game", CX:93
PLACES = (NOT_ARRIVED, RECEPTION_CAMP, CONTRACTED, CITY)
PLAYER_PLACES = (CONTRACTED, CITY)

BOARD_KEYS = ("players", "condominium_built", "groups")
PLACE_KEYS = ("place", "player")
CLAIMANT_KEYS = ("player", "uninhabited_city", "powered", "resource_territory", "groups")
OTHER_PLAYER_KEYS = (
    "player",
    "uninhabited_city",
    "resource_territory",
    "contracted",
    "citizens",
    "willing",
)

TERRITORY = "territory"
HARVESTER = "harvester"
OTHER_CARD = "other"
FOR_SALE = (TERRITORY, HARVESTER, OTHER_CARD)
GUILD_BONUS = 2  # "a bonus of 2 credits to his bid" (CX:122)
MECHANICS_BONUS = 1  # "a bonus of 1 credit to his bids for Harvesters" (CX:124)
# CX-R2: "the player's bid without credit cards had still a value of 1" (CX:131).
PRINTED_VALUE_WITHOUT_CARDS = 1

REMINDERS = (
    _(
        "The Koprolith Miners and the Spice Merchants never go to one player: the two groups "
        "refuse to cooperate (CX:138–140)."
    ),
    _(
        "At the end, each contracted group not living in a city costs the player who contracted "
        "it 1 VP (CX:144)."
    ),
)


class _HelperReader(Reader):
    def group_key(self, value: Any, path: str) -> str | None:
        if value not in GROUP_KEYS:
            self.error(path, _("must be a colonist group: %(groups)s", groups=GROUP_KEYS_TEXT))
            return None
        return value

    def group_list(self, value: Any, path: str) -> list[str]:
        keys: list[str] = []
        for index, item in enumerate(self.sequence(value, path, len(GROUP_KEYS), _("groups"))):
            key = self.group_key(item, join(path, index))
            if key is None:
                continue
            if key in keys:
                self.error(
                    join(path, index),
                    _("repeats %(group)s; give each group once", group=group(key).the),
                )
                continue
            rival = RIVALS.get(key)
            if rival in keys:
                self.error(
                    join(path, index),
                    _(
                        "a player never has both %(group)s and %(rival)s: the two groups refuse "
                        "to cooperate",
                        group=group(key).the,
                        rival=group(rival).the,
                    ),
                )
                continue
            keys.append(key)
        return keys

    def player_names(self, value: Any, path: str) -> list[str]:
        if not isinstance(value, list | tuple):
            self.error(path, _("must be a list, not %(found)s", found=describe(value)))
            return []
        if not 1 <= len(value) <= MAX_PLAYERS:
            self.error(path, _("must list between 1 and %(most)s players", most=MAX_PLAYERS))
            return []
        found: list[str] = []
        seen: dict[str, int] = {}
        for index, item in enumerate(value):
            name = self.name(item, join(path, index), _("a player name"))
            if name is None:
                continue
            if same_name(name) in seen:
                self.error(
                    join(path, index),
                    _(
                        "repeats %(first)s; give each player once",
                        first=join(path, seen[same_name(name)]),
                    ),
                )
                continue
            seen[same_name(name)] = index
            found.append(name)
        return found


# --- where the groups are ---------------------------------------------------------------------


def colonists_board(board: Any) -> dict[str, Any]:
    """Where each of the seven groups is, from the group's entries.

    `board`: `{"players": [names], "condominium_built": false, "groups": {key: {"place": …,
    "player": …}}}`; `place` is `not_arrived` (the default for a group left out), `reception_camp`,
    `contracted` or `city`, and `player` is given exactly for the last two.

    Output: `groups` (all seven in the text's order: `group`, `name`, `place`, `player`,
    `where`, a sentence), `players` (`name`, `contracted`, `citizens`, `unrest_now` — the VP the
    unhoused groups would cost if the game ended now — and `why`), `reception_camp` (keys),
    `warnings` (what applies to this board) and `reminders` (the two rules always shown).
    """
    reader = _HelperReader()
    data = reader.mapping(board, "board", BOARD_KEYS, _("a board key"))
    reader.raise_first()
    players = reader.player_names(data.get("players", []), "board.players")
    condominium = reader.flag(data.get("condominium_built", False), "board.condominium_built")
    entries = reader.mapping(
        data.get("groups", {}), "board.groups", GROUP_KEYS, _("a colonist group")
    )
    reader.raise_first()
    places: dict[str, tuple[str, str | None]] = {}
    held: dict[str, list[str]] = {name: [] for name in players}
    for key in GROUP_KEYS:
        if key not in entries:
            places[key] = (NOT_ARRIVED, None)
            continue
        path = join("board.groups", key)
        entry = reader.mapping(entries[key], path, PLACE_KEYS, _("a place key"))
        reader.raise_first()
        place = entry.get("place")
        if place not in PLACES:
            reader.error(
                join(path, "place"),
                _(
                    "must be %(allowed)s, not %(found)s",
                    allowed=one_of(PLACES),
                    found=describe(place),
                ),
            )
            reader.raise_first()
        player = entry.get("player")
        if place in PLAYER_PLACES:
            if not isinstance(player, str) or player not in held:
                reader.error(
                    join(path, "player"),
                    _(
                        "must be one of board.players (%(players)s), not %(found)s",
                        players=", ".join(players),
                        found=describe(player),
                    ),
                )
                reader.raise_first()
        elif "player" in entry:
            reader.error(
                join(path, "player"),
                _(
                    "is only for a group contracted or living in a city, not %(place)s",
                    place=place,
                ),
            )
            reader.raise_first()
        if key == CORPEX and place != NOT_ARRIVED and not condominium:
            reader.error(
                join(path, "place"),
                _(
                    "the Corpex enter the game only when a player builds the Condominium, and "
                    "board.condominium_built is false"
                ),
            )
            reader.raise_first()
        if player is not None:
            rival = RIVALS.get(key)
            if rival in held[player]:
                reader.error(
                    join(path, "player"),
                    _(
                        "%(player)s has %(rival)s: a player never has both %(group)s "
                        "and %(rival)s, the two groups refuse to cooperate",
                        player=player,
                        rival=group(rival).the,
                        group=group(key).the,
                    ),
                )
                reader.raise_first()
            held[player].append(key)
        places[key] = (place, player)

    groups = [
        {
            "group": g.key,
            "name": g.name,
            "place": places[g.key][0],
            "player": places[g.key][1],
            "where": _where(g.key, *places[g.key]),
        }
        for g in GROUPS
    ]
    player_rows = []
    warnings: list[str] = []
    for name in players:
        contracted = [k for k in held[name] if places[k][0] == CONTRACTED]
        citizens = [k for k in held[name] if places[k][0] == CITY]
        if contracted:
            why = _(
                "%(groups)s without a city: %(vp)s for unrest if the game ended now (CX:144)",
                groups=names(contracted),
                vp=vp(-len(contracted)),
            )
        else:
            why = _("no contracted group without a city: no unrest now")
        player_rows.append(
            {
                "name": name,
                "contracted": contracted,
                "citizens": citizens,
                "unrest_now": -len(contracted),
                "why": why,
            }
        )
        for key in held[name]:
            rival = RIVALS.get(key)
            if rival is not None:
                warnings.append(
                    _(
                        "%(player)s has %(group)s: %(rival)s never go to %(player)s, and "
                        "%(player)s cannot take over a territory that would bring them "
                        "(CX:138–140)",
                        player=name,
                        group=group(key).the,
                        rival=group(rival).the,
                    )
                )
    return {
        "groups": groups,
        "players": player_rows,
        "reception_camp": [k for k in GROUP_KEYS if places[k][0] == RECEPTION_CAMP],
        "warnings": warnings,
        "reminders": list(REMINDERS),
    }


def _where(key: str, place: str, player: str | None) -> str:
    colonists = group(key)
    if place == NOT_ARRIVED:
        if key == CORPEX:
            return _("not in the game yet: the Corpex enter when a player builds the Condominium")
        return _("still on their colonist card: they arrive in that card's round")
    if place == RECEPTION_CAMP:
        if not colonists.needs_resource:
            return _('in the Reception Camp ("Limbo"): any player willing may contract them')
        return _(
            'in the Reception Camp ("Limbo") until a player has a territory with %(resource)s',
            resource=colonists.resource_words,
        )
    if place == CONTRACTED:
        return _(
            "contracted by %(player)s, waiting for a city: −1 VP for %(player)s if it ends so",
            player=player,
        )
    return _("living in %(player)s's city: citizens for the rest of the game", player=player)


# --- who gets a group -------------------------------------------------------------------------


def claimant_priority(
    group_key: Any, claimants: Any, harbour_master_choice: Any = None
) -> dict[str, Any]:
    """Who may contract a group several players want (CX:89; a take-over, CX:117).

    `claimants`: `[{"player": name, "uninhabited_city": bool, "powered": bool,
    "resource_territory": bool, "groups": [keys held]}]`; `powered` says the uninhabited city
    has energy (only with `uninhabited_city`), `resource_territory` (default true) that the
    player has a territory with the group's resource (CX:85; the Mechanics need none, CX:76).

    Priority: an uninhabited city first; among those, one with energy; a tie left is the
    Harbour Master's choice (`harbour_master_choice`, a name among the tied, else null).

    Output: `group`, `order` (eligible players best first: `player`, `rank`, `why`),
    `excluded` (`player`, `why`), `tied` (the names the Harbour Master chooses among, or []),
    `decided_by` (`only_claimant`, `uninhabited_city`, `energy`, `harbour_master` or null),
    `winner` (null until decided) and `why`.
    """
    reader = _HelperReader()
    key = reader.group_key(group_key, "group")
    reader.raise_first()
    assert key is not None
    colonists = group(key)
    if not isinstance(claimants, list | tuple) or not 1 <= len(claimants) <= MAX_PLAYERS:
        raise ColonistsError(
            "claimants",
            _(
                "must be a list of 1 to %(most)s players who want %(group)s",
                most=MAX_PLAYERS,
                group=colonists.the,
            ),
        )
    eligible: list[tuple[int, str, str]] = []  # (tier, name, why)
    excluded: list[dict[str, str]] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(claimants):
        claimant = _read_claimant(reader, key, item, join("claimants", index), seen)
        seen[same_name(claimant.name)] = index
        standing = _standing(colonists, claimant)
        if isinstance(standing, dict):
            excluded.append(standing)
        else:
            eligible.append(standing)

    eligible.sort(key=lambda row: row[0])  # stable: the given order within a tier
    order = [
        {
            "player": name,
            "rank": 1 + sum(other < tier for other, _name, _why in eligible),
            "why": why,
        }
        for tier, name, why in eligible
    ]
    result: dict[str, Any] = {
        "group": key,
        "order": order,
        "excluded": excluded,
        "tied": [],
        "decided_by": None,
        "winner": None,
    }
    if not eligible:
        if harbour_master_choice is not None:
            raise ColonistsError(
                "harbour_master_choice", _("must be null: no claimant may contract")
            )
        result["why"] = _(
            "no claimant may contract %(group)s: they stay where they are (CX:81)",
            group=colonists.the,
        )
        return result
    best = eligible[0][0]
    tied = [name for tier, name, _why in eligible if tier == best]
    if len(tied) == 1:
        return _priority_decides(result, colonists, eligible, harbour_master_choice)
    return _harbour_master_decides(result, colonists, tied, harbour_master_choice)


@dataclass(frozen=True)
class _Claimant:
    name: str
    uninhabited: bool
    powered: bool
    territory: bool
    held: list[str]


def _read_claimant(
    reader: _HelperReader, key: str, item: Any, path: str, seen: dict[str, int]
) -> _Claimant:
    """One entry of `claimants`, checked (raises ColonistsError on the first mistake)."""
    data = reader.mapping(item, path, CLAIMANT_KEYS, _("a claimant key"))
    reader.raise_first()
    name = reader.name(data.get("player"), join(path, "player"), _("a player name"))
    uninhabited = reader.flag(data.get("uninhabited_city", False), join(path, "uninhabited_city"))
    powered = reader.flag(data.get("powered", False), join(path, "powered"))
    territory = reader.flag(data.get("resource_territory", True), join(path, "resource_territory"))
    held = reader.group_list(data.get("groups", []), join(path, "groups"))
    reader.raise_first()
    assert name is not None
    if same_name(name) in seen:
        raise ColonistsError(
            join(path, "player"),
            _(
                "repeats %(first)s; give each player once",
                first=f"claimants[{seen[same_name(name)]}]",
            ),
        )
    if powered and not uninhabited:
        raise ColonistsError(
            join(path, "powered"),
            _("says the uninhabited city has energy: give it only with uninhabited_city true"),
        )
    if key in held:
        raise ColonistsError(
            join(path, "groups"),
            _("holds %(group)s already: they are not claimed then", group=group(key).the),
        )
    return _Claimant(name, uninhabited, powered, territory, held)


def _standing(
    colonists: ColonistGroup, claimant: _Claimant
) -> tuple[int, str, str] | dict[str, str]:
    """A claimant's priority tier (0 best), name and why; or why they are excluded."""
    name = claimant.name
    rival = RIVALS.get(colonists.key)
    if rival in claimant.held:
        return {
            "player": name,
            "why": _(
                "has %(rival)s: the two groups refuse to cooperate (CX:138–140)",
                rival=group(rival).the,
            ),
        }
    if colonists.needs_resource and not claimant.territory:
        return {
            "player": name,
            "why": _(
                "has no territory with %(resource)s (CX:85)", resource=colonists.resource_words
            ),
        }
    if claimant.uninhabited and claimant.powered:
        return (0, name, _("has an uninhabited city with energy"))
    if claimant.uninhabited:
        return (1, name, _("has an uninhabited city, without energy"))
    return (2, name, _("has no uninhabited city"))


def _priority_decides(
    result: dict[str, Any],
    colonists: ColonistGroup,
    eligible: list[tuple[int, str, str]],
    harbour_master_choice: Any,
) -> dict[str, Any]:
    """One claimant stands first (CX:89): say which priority decided."""
    winner = eligible[0][1]
    if harbour_master_choice is not None:
        raise ColonistsError(
            "harbour_master_choice",
            _(
                "must be null: %(player)s has priority, the Harbour Master decides only a tie",
                player=winner,
            ),
        )
    if len(eligible) == 1:
        decided_by, because = "only_claimant", _("the only claimant who may contract them")
    elif eligible[0][0] == 0 and any(tier == 1 for tier, _name, _why in eligible):
        decided_by, because = "energy", _("the uninhabited city with energy has priority")
    else:
        decided_by, because = (
            "uninhabited_city",
            _("a player with an uninhabited city has priority"),
        )
    result.update(
        winner=winner,
        decided_by=decided_by,
        why=_(
            "%(player)s contracts %(group)s: %(because)s (CX:89)",
            player=winner,
            group=colonists.the,
            because=because,
        ),
    )
    return result


def _harbour_master_decides(
    result: dict[str, Any], colonists: ColonistGroup, tied: list[str], harbour_master_choice: Any
) -> dict[str, Any]:
    """A tie at the top: the Harbour Master's choice (CX:89)."""
    result["tied"] = tied
    result["decided_by"] = "harbour_master"
    if harbour_master_choice is None:
        result["why"] = _(
            "a tie between %(players)s: the Harbour Master decides who contracts %(group)s (CX:89)",
            players=and_list(tied),
            group=colonists.the,
        )
        return result
    if harbour_master_choice not in tied:
        raise ColonistsError(
            "harbour_master_choice",
            _("must be one of the tied claimants: %(players)s", players=one_of(tied)),
        )
    result["winner"] = harbour_master_choice
    result["why"] = _(
        "%(player)s contracts %(group)s: the Harbour Master's choice in a tie "
        "between %(players)s (CX:89)",
        player=harbour_master_choice,
        group=colonists.the,
        players=and_list(tied),
    )
    return result


# --- change of loyalty ------------------------------------------------------------------------


def change_of_loyalty(group_key: Any, other: Any, group_in_city: Any = False) -> dict[str, Any]:
    """The checklist of CX:100-111: do contracted colonists leave for `other`'s city?

    `other`: `{"player": name, "uninhabited_city": bool, "resource_territory": bool,
    "contracted": [keys under contract without a city], "citizens": [keys living in that
    player's cities], "willing": bool or null (not asked yet)}`. `group_in_city`: the group
    lives in a city already (citizens stay, CX:93).

    Output: `group`, `player`, `conditions` (each `condition`, `holds` true/false/null,
    `source`), `changes_loyalty` (true, false or null while `willing` is unknown) and `why`.
    """
    reader = _HelperReader()
    key = reader.group_key(group_key, "group")
    in_city = reader.flag(group_in_city, "group_in_city")
    data = reader.mapping(other, "other", OTHER_PLAYER_KEYS, _("a key of the other player"))
    reader.raise_first()
    assert key is not None
    name = reader.name(data.get("player"), "other.player", _("a player name"))
    uninhabited = reader.flag(data.get("uninhabited_city", False), "other.uninhabited_city")
    territory = reader.flag(data.get("resource_territory", False), "other.resource_territory")
    contracted = reader.group_list(data.get("contracted", []), "other.contracted")
    citizens = reader.group_list(data.get("citizens", []), "other.citizens")
    willing = data.get("willing")
    if willing is not None and not isinstance(willing, bool):
        reader.error(
            "other.willing",
            _("must be true, false or null, not %(found)s", found=describe(willing)),
        )
    reader.raise_first()
    assert name is not None
    colonists = group(key)
    held = contracted + citizens
    if key in held:
        raise ColonistsError(
            "other",
            _("%(player)s holds %(group)s already", player=name, group=colonists.the),
        )

    conditions = [
        {
            "condition": _(
                "%(group)s do not live in a city yet (citizens stay for the rest of the game)",
                group=colonists.the,
            ),
            "holds": not in_city,
            "source": "CX:93",
        },
        {
            "condition": _("%(player)s has an uninhabited city", player=name),
            "holds": uninhabited,
            "source": "CX:103",
        },
        {
            "condition": (
                _(
                    "%(player)s has a territory with %(resource)s",
                    player=name,
                    resource=colonists.resource_words,
                )
                if colonists.needs_resource
                else _(
                    "%(group)s need no resource: any player may contract them",
                    group=colonists.the,
                )
            ),
            "holds": territory if colonists.needs_resource else True,
            "source": "CX:105" if colonists.needs_resource else "CX:76",
        },
        {
            # A contracted group moves into its own player's new city (CX:93): any could.
            "condition": _(
                "%(player)s has no other group of colonists under contract who could "
                "move to that city",
                player=name,
            ),
            "holds": not contracted,
            "source": "CX:107",
        },
        {
            "condition": _("%(player)s is willing to contract them", player=name),
            "holds": willing,
            "source": "CX:109",
        },
    ]
    rival = RIVALS.get(key)
    if rival is not None:
        conditions.append(
            {
                "condition": _(
                    "%(player)s has no contract with %(rival)s (the two groups "
                    "refuse to cooperate)",
                    player=name,
                    rival=group(rival).the,
                ),
                "holds": rival not in held,
                "source": "CX:140",
            }
        )
    failing = [c for c in conditions if c["holds"] is False]
    result: dict[str, Any] = {"group": key, "player": name, "conditions": conditions}
    if failing:
        result["changes_loyalty"] = False
        result["why"] = _(
            "%(group)s stay with their player; this condition fails: %(condition)s (%(source)s)",
            group=colonists.the,
            condition=failing[0]["condition"],
            source=failing[0]["source"],
        )
    elif willing is None:
        result["changes_loyalty"] = None
        result["why"] = _(
            "ask %(player)s: every other condition holds, so %(group)s go to %(player)s if "
            "%(player)s is willing",
            player=name,
            group=colonists.the,
        )
    else:
        result["changes_loyalty"] = True
        result["why"] = _(
            "%(group)s cancel their contract at once and sign up with %(player)s, moving "
            "into %(player)s's uninhabited city (CX:100, CX:111); if several players' cities "
            "qualify, the Harbour Master decides",
            group=colonists.the,
            player=name,
        )
    return result


# --- bids -------------------------------------------------------------------------------------


def bid_value(
    credits: Any, for_sale: Any, guild: Any = None, contracted: Any = ()
) -> dict[str, Any]:
    """A bid's value with a guild's support (CX:122, CX:124; the example of CX:128-131).

    `credits`: the credit cards bid, added up (0 for a bid without cards); `for_sale`:
    `territory`, `harvester` or `other`; `guild`: for a territory, the colonist group working
    with its resource (null for none); `contracted`: every group the bidder contracted, living
    in a city or not (a reading: citizens still support the player who contracted them; the
    text does not say they stop).

    Output: `credits`, `bonus`, `value`, `why`, and `readings`: null, or for a territory bid
    without cards the two readings of CX-R2, `{"rule": 2, "printed_example": 1, "why": …}`
    (`value` takes the rule's 2 until the group decides).
    """
    reader = _HelperReader()
    amount = reader.whole_number(credits, "credits", 0, MAX_CREDITS)
    if for_sale not in FOR_SALE:
        reader.error(
            "for_sale",
            _(
                "must be %(allowed)s, not %(found)s",
                allowed=one_of(FOR_SALE),
                found=describe(for_sale),
            ),
        )
    guild_key = None if guild is None else reader.group_key(guild, "guild")
    held = reader.group_list(contracted, "contracted")
    reader.raise_first()
    assert amount is not None
    if guild_key is not None and for_sale != TERRITORY:
        raise ColonistsError(
            "guild", _('is for a territory\'s resource: give it only with "territory"')
        )
    if guild_key == MECHANICS:
        raise ColonistsError(
            "guild", _("must not be the Mechanics: they are not bound to any resource")
        )

    bonus = 0
    reason = _("no guild supports this bid")
    if for_sale == TERRITORY and guild_key is not None:
        supporter = group(guild_key)
        if guild_key in held:
            bonus = GUILD_BONUS
            reason = _(
                "%(group)s support the player who contracted them: +%(bonus)s credits (CX:122)",
                group=supporter.the,
                bonus=GUILD_BONUS,
            )
        else:
            reason = _(
                "no bonus: %(group)s, whose resource this is, are not under contract",
                group=supporter.the,
            )
    elif for_sale == HARVESTER:
        if MECHANICS in held:
            bonus = MECHANICS_BONUS
            reason = _(
                "the Mechanics' Guild: +%(bonus)s credit to bids for Harvesters (CX:124)",
                bonus=MECHANICS_BONUS,
            )
        else:
            reason = _("no bonus: only the Mechanics support bids for Harvesters")

    result: dict[str, Any] = {
        "credits": amount,
        "bonus": bonus,
        "value": amount + bonus,
        "why": _(
            "%(credits)s + %(bonus)s = %(value)s credits: %(reason)s",
            credits=amount,
            bonus=bonus,
            value=amount + bonus,
            reason=reason,
        ),
        "readings": None,
    }
    if amount > 0:
        return result
    if bonus == 0:
        result["why"] = _(
            "no bid: without credit cards only a guild's support lets a player take part "
            "(CX:131); %(reason)s",
            reason=reason,
        )
        return result
    if for_sale == TERRITORY:
        assert guild_key is not None  # a territory's bonus comes from its guild
        result["readings"] = {
            "rule": GUILD_BONUS,
            "printed_example": PRINTED_VALUE_WITHOUT_CARDS,
            "why": _(
                "a bid without credit cards: %(rule)s by the rule's bonus of "
                "%(rule)s credits (CX:122, and 9 + 2 = 11 in CX:128), or "
                '%(printed)s as the printed example says ("had still a value '
                'of 1", CX:131); the app counts %(rule)s until the group decides (CX-R2)',
                rule=GUILD_BONUS,
                printed=PRINTED_VALUE_WITHOUT_CARDS,
            ),
        }
        result["why"] = _(
            "a bid without credit cards, with %(group)s' support: worth "
            "%(rule)s by the rule's bonus (CX:122) or %(printed)s by the "
            "printed example (CX:131); the app counts %(rule)s until the group decides "
            "(CX-R2)",
            group=group(guild_key).the,
            rule=GUILD_BONUS,
            printed=PRINTED_VALUE_WITHOUT_CARDS,
        )
    else:
        result["why"] = _(
            "a bid without credit cards, with the Mechanics' support: worth %(bonus)s "
            "(CX:124); CX:131 lets a guild's support stand in for cards for a territory and "
            "says nothing of Harvesters",
            bonus=MECHANICS_BONUS,
        )
    return result

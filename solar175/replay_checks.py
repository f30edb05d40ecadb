"""What the replay refuses in a game, and the one figure it derives instead of reading.

Pure Python, no Django. `solar175.replay` calls these for each game of the log with the
campaign as it stands before that game: a table that states rules, an incumbent or a
megastructure zone the campaign contradicts, a component whose section is not unlocked, or a
red box that is not there. Each refusal is a
`CampaignError(path, message)` naming the field. `with_power_bonus` derives the "+2 end game
IP" power's figure (#7) and warns when a table says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from gamefile.words import _
from solar175.campaign_file import POWER_BONUS_IP, CampaignError, GameEntry, Power
from solar175.catalogue import Catalogue, DebtRow
from solar175.engine import Rules, TableState
from solar175.house_rules import TABLE_KEYS
from solar175.sections import (
    PLAYER_COMPONENTS,
    Switch,
    first_section_with,
    sections_by_number,
    zone_sections,
)
from solar175.state import ReplayWarning

EXTRA_VOTE_POWER = Power.EXTRA_VOTE
EXTRA_IP_POWER = Power.EXTRA_IP
SECTION_REBELLION = 12
SECTION_UNIONS = 13


def check_table_agrees(
    game: GameEntry, rules: Rules, incumbent: str, unlocked: Mapping[int, int]
) -> None:
    """Refuse a table that states rules or an incumbent the campaign contradicts: the rules
    in force in the game (`unlocked`: each section unlocked so far → its game) and the party
    in power after the game before."""
    path = f"games[{game.index}].table"
    table = game.table
    stated = table.get("rules")
    if isinstance(stated, Mapping):
        n = game.number
        if "zones_in_play" in stated:
            given = stated["zones_in_play"]
            expected = list(rules.zones_in_play)
            if not isinstance(given, list) or sorted(given) != expected:
                opened = zone_sections(z for z in expected if z > 2)
                why = (
                    _("sections %(sections)s unlocked", sections=", ".join(f"#{s}" for s in opened))
                    if opened
                    else _("no zone section unlocked yet")
                )
                raise CampaignError(
                    f"{path}.rules.zones_in_play",
                    _(
                        "must be %(expected)s in game %(n)s (%(why)s)",
                        expected=expected,
                        n=n,
                        why=why,
                    ),
                )
        for key, section in (
            ("celestial_rebellion", SECTION_REBELLION),
            ("trade_unions", SECTION_UNIONS),
        ):
            if key in stated and stated[key] != getattr(rules, key):
                value = "true" if getattr(rules, key) else "false"
                why = (
                    _(
                        "section #%(section)s unlocked after game %(unlocked)s",
                        section=section,
                        unlocked=unlocked[section],
                    )
                    if section in unlocked
                    else _("section #%(section)s not unlocked", section=section)
                )
                raise CampaignError(
                    f"{path}.rules.{key}",
                    _("must be %(value)s in game %(n)s (%(why)s)", value=value, n=n, why=why),
                )
        for key in TABLE_KEYS:
            if key in stated and stated[key] != rules.house[key]:
                raise CampaignError(
                    f"{path}.rules.{key}",
                    _('must be "%(house)s", the campaign\'s setting', house=rules.house[key]),
                )
    if "incumbent_party" in table and table["incumbent_party"] != incumbent:
        why = (
            _("the United Federalists are in power in the first game")
            if game.number == 1
            else _("the party in power after game %(number)s", number=game.number - 1)
        )
        raise CampaignError(
            f"{path}.incumbent_party",
            _(
                'must be "%(incumbent)s" in game %(number)s (%(why)s)',
                incumbent=incumbent,
                number=game.number,
                why=why,
            ),
        )


def megastructure_zone(
    game: GameEntry, rules: Rules, catalogue: Catalogue
) -> tuple[int | None, bool]:
    """The zone of the game's +5 presence bonus, and whether the game states it.

    docs/campaign-file.md: a zone the game states (its `megastructure_zone`, or its table's)
    is a fact of that game and wins; it must be a zone in play. Otherwise the zone of the
    megastructure's location card in the campaign's box, which follows the box's later
    corrections: a location the box moves to a zone not in play gives no bonus, with a
    warning, never a refusal (a correction of the box never breaks an earlier game).
    """
    path = f"games[{game.index}]"
    own = game.megastructure_zone
    table_zone = game.table.get("megastructure_zone")
    if not isinstance(table_zone, int) or isinstance(table_zone, bool):
        # Absent or null; any other value is refused by the table's own check, at its path.
        table_zone = None
    if own is not None and table_zone is not None and table_zone != own:
        raise CampaignError(
            f"{path}.table.megastructure_zone",
            _("must agree with %(path)s.megastructure_zone, which is %(own)s", path=path, own=own),
        )
    stated = own if own is not None else table_zone
    if stated is None:
        return catalogue.zone_of(game.megastructure), False
    if stated not in rules.zones_in_play and own is None:
        # The table's own key: its reader refuses a zone not in play, as it always did.
        raise CampaignError(
            f"{path}.table.megastructure_zone", zone_not_in_play(game.number, rules, stated)
        )
    # The game's own zone out of play: stored before 9b70d36 checked it, scored with no +5
    # (solar175.replay_warnings.zone_warnings); a write that brings one in is refused
    # (`stored_problems`).
    return stated, True


def zone_not_in_play(number: int, rules: Rules, zone: int) -> str:
    zones = ", ".join(str(z) for z in rules.zones_in_play)
    return _(
        "must be a zone in play in game %(number)s (%(zones)s), not "
        "%(zone)s: the Megastructure Location Token goes on a "
        "location of the board",
        number=number,
        zones=zones,
        zone=zone,
    )


def check_components(
    game: GameEntry, table: TableState, switches: frozenset[Switch], powers: Mapping[str, str]
) -> None:
    """Refuse what a table cannot hold before its section opens the component."""
    path = f"games[{game.index}].table.players"
    for j, player in enumerate(table.players):
        for key, component in PLAYER_COMPONENTS.items():
            if getattr(player, key) and component.switch not in switches:
                section = sections_by_number()[first_section_with(component.switch)]
                raise CampaignError(
                    f"{path}[{j}].{key}",
                    _(
                        "must be %(nothing)s in game %(number)s: %(what)s come with "
                        "section #%(section)s (%(title)s), not unlocked",
                        nothing=component.nothing,
                        number=game.number,
                        what=component.what,
                        section=section.number,
                        title=section.title,
                    ),
                )
        power = powers.get(player.corporation)
        if player.extra_vote is not None and power is not None and power != EXTRA_VOTE_POWER:
            raise CampaignError(
                f"{path}[{j}].extra_vote",
                _(
                    'must be null: %(corporation)s\'s power is "%(power)s", not '
                    '"%(extra_vote_power)s"',
                    corporation=player.corporation,
                    power=power,
                    extra_vote_power=EXTRA_VOTE_POWER,
                ),
            )


def debt_points(
    game: GameEntry, rows: Sequence[DebtRow], checked_by: dict[tuple[str, int], int]
) -> list[int]:
    """Each debt mark's campaign points (#8). A mark that names its `row` (the power used)
    loses the value of that row's next red box in the campaign's box: "each time you use
    one of these powers you must check off one of the red boxes on the card that
    corresponds with the power you used ... the more you use these powers, the more
    damaging this will be". A mark without a row keeps the points it gives. `checked_by`
    counts each corporation's red boxes checked in each row; it is updated."""
    points: list[int] = []
    for j, mark in enumerate(game.debt_marks):
        path = f"games[{game.index}].debt_marks[{j}]"
        if mark.row is None:
            points.append(mark.points or 0)
            continue
        if mark.row > len(rows):
            raise CampaignError(
                f"{path}.row",
                _("must be one of the box's debt rows (1 to %(count)s)", count=len(rows))
                if rows
                else _(
                    "names a debt row, but the campaign's box holds none: copy "
                    "your card's red boxes into the box (a row per power), or "
                    "give the mark's points"
                ),
            )
        row = rows[mark.row - 1]
        checked = checked_by.get((mark.corporation, mark.row), 0)
        if checked >= len(row.values):
            raise CampaignError(
                f"{path}.row",
                _(
                    "%(corporation)s has already checked all %(count)s red boxes "
                    "of the row %(name)s",
                    corporation=mark.corporation,
                    count=len(row.values),
                    name=row.name,
                ),
            )
        value = row.values[checked]
        if mark.points is not None and mark.points != value:
            raise CampaignError(
                f"{path}.points",
                _(
                    "must be %(value)s: the next red box of the row %(name)s for "
                    "%(corporation)s (box %(checked)s) prints %(value)s",
                    value=value,
                    name=row.name,
                    corporation=mark.corporation,
                    checked=checked + 1,
                ),
            )
        checked_by[mark.corporation, mark.row] = checked + 1
        points.append(value)
    return points


def with_power_bonus(
    game: GameEntry, table: TableState, switches: frozenset[Switch], powers: Mapping[str, str]
) -> tuple[TableState, list[ReplayWarning]]:
    """The player power "+2 end game IP" (#7), derived: the holder scores 2 in every game
    once the powers are in force, nobody else does. The derived value wins; a table that
    states another gets a warning naming what was typed (docs/replay.md), so a corrected
    power re-scores the games without refusing them."""
    path = f"games[{game.index}].table.players"
    stated = game.table.get("players", [])
    players = []
    warnings = []
    in_force = Switch.PLAYER_POWERS in switches
    for j, player in enumerate(table.players):
        power = powers.get(player.corporation)
        derived = POWER_BONUS_IP if in_force and power == EXTRA_IP_POWER else 0
        typed = stated[j].get("bonus_ip") if j < len(stated) else None
        if typed is not None and typed != derived:
            if derived:
                why = _(
                    '%(corporation)s holds the player power "+2 end game IP"',
                    corporation=player.corporation,
                )
            elif not in_force:
                section = sections_by_number()[first_section_with(Switch.PLAYER_POWERS)]
                why = _(
                    "player powers come with section #%(number)s, not unlocked yet",
                    number=section.number,
                )
            elif power is None:
                why = _(
                    "%(corporation)s has chosen no player power", corporation=player.corporation
                )
            else:
                why = _(
                    '%(corporation)s\'s power is "%(power)s", not "%(extra_ip_power)s"',
                    corporation=player.corporation,
                    power=power,
                    extra_ip_power=EXTRA_IP_POWER,
                )
            message = _(
                "the table says %(typed)s IP from a player power, but the "
                "rules give %(derived)s in game %(number)s (%(why)s): scored "
                "with %(derived)s",
                typed=typed,
                derived=derived,
                number=game.number,
                why=why,
            )
            warnings.append(ReplayWarning(game.number, f"{path}[{j}].bonus_ip", message))
        players.append(replace(player, bonus_ip=derived))
    return replace(table, players=tuple(players)), warnings

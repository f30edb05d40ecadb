"""A campaign file's opening snapshot: the state after an earlier game, for a group that comes
into the app mid-campaign (docs/campaign-file.md `opening`), read and written back.

Pure Python, no Django. The snapshot is the replay output's shape (`tracker`, `awards`,
`election_wins`, `unlocked_sections`, `megastructures_built`, `cities`, `incumbent_party`); a
whole replay output pasted in is read too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamefile.canonical import ordered
from gamefile.reading import describe as _describe
from gamefile.words import _
from solar175.catalogue import GOLD, SILVER, TIERS, TRACKER_KEYS
from solar175.engine import CELESTIAL_REBELLION, PARTIES
from solar175.fields import (
    MAX_GAME_NUMBER,
    CampaignError,
    FileReader,
    flag,
    listed,
    mapping,
    name_text,
    plain_json,
    required,
    text,
    whole_number,
)
from solar175.triggers import AwardWon, ElectionResult

OPENING_KEYS = (
    "after_game",
    "tracker",
    "awards",
    "election_wins",
    "unlocked_sections",
    "megastructures_built",
    "cities",
    "incumbent_party",
    # Optional extras this project reads (docs/replay.md).
    "overthrows",
    "elections",
    "debt",
    "last_winner",
)
# An opening may be a whole replay output pasted in: these keys are read elsewhere or ignored.
REPLAY_OUTPUT_KEYS = (
    "games_played",
    "standings",
    "next_game",
    "campaign_over",
    "winner",
    "shared_winners",
    "games",
    "unlock_reasons",
    "progress",
    "campaign_points",
    "games_by_corporation",
    "warnings",
)
# The opening snapshot is stored as JSON as given, replay-output keys the replay ignores
# included: deeper than this is no snapshot (a whole replay output nests 6 levels).
MAX_OPENING_DEPTH = 32
OPENING_ORDER = (*OPENING_KEYS, *REPLAY_OUTPUT_KEYS)
# Inside the opening: a tracker card's sections in card order, then awards', elections' and
# cities' keys as the replay output prints them (docs/campaign-file.md).
NESTED_ORDER = (
    *TRACKER_KEYS,
    "influence_tally",
    "united_federalists",
    "workers_union",
    "brave_new_dawn",
    "celestial_rebellion",
    "section",
    "tier",
    "game",
    "megastructure",
    "location",
    "name",
    "corporation",
    "winner",
    "overthrown",
    "points",
)


@dataclass(frozen=True, slots=True)
class City:
    game: int
    location: str
    name: str
    corporation: str | None


@dataclass(frozen=True, slots=True)
class Opening:
    """The state after game `after_game` of a campaign started outside the app."""

    after_game: int
    tracker: Mapping[str, Mapping[str, int]]
    awards: tuple[AwardWon, ...]
    election_wins: Mapping[str, int]
    overthrows: int
    elections: tuple[ElectionResult, ...]
    unlocked_sections: tuple[int, ...]
    megastructures_built: tuple[tuple[int, str], ...]
    cities: tuple[City, ...]
    incumbent_party: str
    debt: Mapping[str, int]
    last_winner: str | None
    # Players at the table of the snapshot's last game, when a replay output pasted whole
    # says (its last game's score); 0 when unknown (the setup sheet then counts corporations).
    last_players: int = 0


class OpeningReader(FileReader):
    """The campaign file reader's part that reads the opening snapshot."""

    def read_opening(self, value: Any) -> Opening | None:
        if value is None:
            return None
        path = "opening"
        data = mapping(value, path)
        for key in data:
            if key not in OPENING_KEYS and key not in REPLAY_OUTPUT_KEYS:
                raise CampaignError(
                    f"{path}.{key}",
                    _(
                        "is not a known key; allowed: %(opening_keys)s",
                        opening_keys=", ".join(OPENING_KEYS),
                    ),
                )
        # Stored as given, the replay-output keys it ignores included.
        plain_json(data, path, MAX_OPENING_DEPTH)
        key = "after_game" if "after_game" in data else "games_played"
        if key not in data:
            raise CampaignError(
                f"{path}.after_game", _("is required (the last game already played)")
            )
        after = whole_number(data[key], f"{path}.{key}", 1)
        if after > MAX_GAME_NUMBER:
            raise CampaignError(
                f"{path}.{key}",
                _("must be at most %(max_game_number)s", max_game_number=MAX_GAME_NUMBER),
            )

        unlocked = self.read_unlocked(
            data.get("unlocked_sections", []), f"{path}.unlocked_sections"
        )
        tracker = self.read_tracker(data.get("tracker", {}), f"{path}.tracker")
        awards = self.read_awards(data.get("awards", []), f"{path}.awards", tracker, after)
        wins_data = mapping(data.get("election_wins", {}), f"{path}.election_wins", PARTIES)
        wins = {
            party: whole_number(wins_data.get(party, 0), f"{path}.election_wins.{party}")
            for party in PARTIES
        }
        elections = self.read_elections(data.get("elections", []), f"{path}.elections", after)
        overthrows = self.read_overthrows(data, path, wins, elections)
        built = self.read_built(
            data.get("megastructures_built", []), f"{path}.megastructures_built", after
        )
        cities = self.read_cities(data.get("cities", []), f"{path}.cities", after)
        incumbent = self.read_opening_incumbent(data, path, unlocked)
        debt = self.read_debt(data.get("debt", {}), f"{path}.debt")
        last_winner = self.read_last_winner(data, path, after, cities)
        return Opening(
            after_game=after,
            tracker=tracker,
            awards=awards,
            election_wins=wins,
            overthrows=overthrows,
            elections=tuple(elections),
            unlocked_sections=unlocked,
            megastructures_built=tuple(built),
            cities=tuple(cities),
            incumbent_party=incumbent,
            debt=debt,
            last_winner=last_winner,
            last_players=_last_players(data),
        )

    def read_elections(self, value: Any, path: str, after: int) -> list[ElectionResult]:
        elections = []
        for i, item in enumerate(listed(value, path)):
            e_path = f"{path}[{i}]"
            entry = mapping(item, e_path, ("game", "winner", "overthrown"))
            elections.append(
                ElectionResult(
                    game=whole_number(entry.get("game"), f"{e_path}.game", 1, after),
                    winner=self.party(entry.get("winner"), f"{e_path}.winner"),
                    overthrown=flag(entry.get("overthrown", False), f"{e_path}.overthrown"),
                )
            )
        return elections

    def read_overthrows(
        self, data: Mapping, path: str, wins: Mapping[str, int], elections: list[ElectionResult]
    ) -> int:
        if "overthrows" in data:
            overthrows = whole_number(data["overthrows"], f"{path}.overthrows")
        elif elections:
            overthrows = sum(e.overthrown for e in elections)
        else:
            # Before the app, the Rebellion came to power only by overthrowing (#12).
            overthrows = wins[CELESTIAL_REBELLION]
        if overthrows > wins[CELESTIAL_REBELLION]:
            raise CampaignError(
                f"{path}.overthrows",
                _(
                    "must be at most the Celestial Rebellion's %(wins)s wins",
                    wins=wins[CELESTIAL_REBELLION],
                ),
            )
        return overthrows

    def read_built(self, value: Any, path: str, after: int) -> list[tuple[int, str]]:
        built = []
        for i, item in enumerate(listed(value, path)):
            b_path = f"{path}[{i}]"
            entry = mapping(item, b_path, ("game", "megastructure"))
            built.append(
                (
                    whole_number(
                        required(entry, "game", b_path, _("the game it was built in")),
                        f"{b_path}.game",
                        1,
                        after,
                    ),
                    self.megastructure(
                        required(entry, "megastructure", b_path, _("the megastructure's key")),
                        f"{b_path}.megastructure",
                    ),
                )
            )
        return built

    def read_cities(self, value: Any, path: str, after: int) -> list[City]:
        cities = []
        for i, item in enumerate(listed(value, path)):
            c_path = f"{path}[{i}]"
            entry = mapping(item, c_path, ("game", "location", "name", "corporation"))
            corporation = entry.get("corporation")
            cities.append(
                City(
                    game=whole_number(
                        required(entry, "game", c_path, _("the game it was named after")),
                        f"{c_path}.game",
                        1,
                        after,
                    ),
                    location=text(entry.get("location"), f"{c_path}.location"),
                    name=name_text(entry.get("name"), f"{c_path}.name"),
                    corporation=(
                        None
                        if corporation is None
                        else self.corporation(corporation, f"{c_path}.corporation")
                    ),
                )
            )
        return cities

    def read_opening_incumbent(self, data: Mapping, path: str, unlocked: tuple[int, ...]) -> str:
        next_game = data.get("next_game")
        if "incumbent_party" not in data and isinstance(next_game, Mapping):
            # A replay output pasted whole: its next game names the party in power.
            incumbent = self.party(
                next_game.get("incumbent_party"), f"{path}.next_game.incumbent_party"
            )
        else:
            incumbent = self.party(
                required(data, "incumbent_party", path, _("the party that won the last election")),
                f"{path}.incumbent_party",
            )
        if incumbent == CELESTIAL_REBELLION and 12 not in unlocked:
            raise CampaignError(
                f"{path}.incumbent_party",
                _("can be celestial_rebellion only once section #12 is unlocked"),
            )
        return incumbent

    def read_debt(self, value: Any, path: str) -> dict[str, int]:
        debt = {}
        for corp, points in mapping(value, path).items():
            self.corporation(corp, f"{path}.{corp}")
            debt[corp] = whole_number(points, f"{path}.{corp}")
        return debt

    def read_last_winner(
        self, data: Mapping, path: str, after: int, cities: list[City]
    ) -> str | None:
        last_winner = data.get("last_winner")
        if last_winner is not None:
            return self.corporation(last_winner, f"{path}.last_winner")
        last_game = _last_game(data)
        if last_game is not None:
            # A replay output pasted whole: its last game names the winner.
            return self.corporation(last_game.get("winner"), f"{path}.games[-1].winner")
        # The winner names a city after each game (The Campaign, Developing the Solar System).
        return next(
            (c.corporation for c in reversed(cities) if c.game == after and c.corporation),
            None,
        )

    def read_unlocked(self, value: Any, path: str) -> tuple[int, ...]:
        numbers: list[int] = []
        for i, item in enumerate(listed(value, path)):
            item_path = f"{path}[{i}]"
            if isinstance(item, Mapping):
                mapping(item, item_path, ("section", "game"))
                number = self.section_number(item.get("section"), f"{item_path}.section")
            else:
                number = self.section_number(item, item_path)
            if number in numbers:
                raise CampaignError(item_path, _("repeats section #%(number)s", number=number))
            numbers.append(number)
        return tuple(sorted(numbers))

    def read_tracker(self, value: Any, path: str) -> dict[str, dict[str, int]]:
        tracker: dict[str, dict[str, int]] = {}
        for corp, sections_ in mapping(value, path).items():
            corp_path = f"{path}.{corp}"
            self.corporation(corp, corp_path)
            boxes: dict[str, int] = {}
            for key, count in mapping(sections_, corp_path).items():
                key_path = f"{corp_path}.{key}"
                if key == "influence_tally":
                    boxes[key] = whole_number(count, key_path)
                    continue
                self.section_key(key, key_path)
                boxes[key] = whole_number(count, key_path, 0, self.catalogue.section_boxes[key])
            tracker[corp] = boxes
        return tracker

    def read_awards(
        self, value: Any, path: str, tracker: Mapping[str, Mapping[str, int]], after: int
    ) -> tuple[AwardWon, ...]:
        awards: list[AwardWon] = []
        held: dict[tuple[str, str], int] = {}
        for i, item in enumerate(listed(value, path)):
            a_path = f"{path}[{i}]"
            entry = mapping(item, a_path, ("section", "tier", "corporation", "game", "points"))
            section = self.section_key(
                required(entry, "section", a_path, _("a tracker section")), f"{a_path}.section"
            )
            tier = entry.get("tier")
            if tier not in TIERS:
                raise CampaignError(
                    f"{a_path}.tier",
                    _('must be "gold" or "silver", not %(found)s', found=_describe(tier)),
                )
            corporation = self.corporation(
                required(entry, "corporation", a_path, _("who won it")), f"{a_path}.corporation"
            )
            if (section, tier) in held:
                raise CampaignError(
                    a_path,
                    _(
                        "repeats the %(section)s %(tier)s award of %(path)s[%(held)s]",
                        section=section,
                        tier=tier,
                        path=path,
                        held=held[section, tier],
                    ),
                )
            if any(a.section == section and a.corporation == corporation for a in awards):
                raise CampaignError(
                    a_path,
                    _(
                        "%(corporation)s already holds a %(section)s award",
                        corporation=corporation,
                        section=section,
                    ),
                )
            size = self.catalogue.section_boxes[section]
            boxes = tracker.get(corporation, {}).get(section, 0)
            if boxes < size:
                # An award is won by crossing the section's last box (Campaign Scoring).
                raise CampaignError(
                    a_path,
                    _(
                        "%(corporation)s has %(boxes)s of %(size)s %(section)s boxes "
                        "in opening.tracker; an award needs the section complete",
                        corporation=corporation,
                        boxes=boxes,
                        size=size,
                        section=section,
                    ),
                )
            game = whole_number(entry.get("game", after), f"{a_path}.game", 0, after)
            held[section, tier] = i
            awards.append(AwardWon(section=section, tier=tier, corporation=corporation, game=game))
        for section in {a.section for a in awards}:
            if (section, SILVER) in held and (section, GOLD) not in held:
                raise CampaignError(
                    f"{path}[{held[section, SILVER]}]",
                    _("a %(section)s silver award needs its gold won first", section=section),
                )
        return tuple(awards)


def canonical_opening(opening: Any) -> Any:
    """The opening snapshot with its keys in the documented order, nested ones sorted."""
    if not isinstance(opening, Mapping):
        return opening
    return _deepordered(ordered(opening, OPENING_ORDER))


def _deepordered(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _deepordered(item) for key, item in ordered(value, NESTED_ORDER).items()}
    if isinstance(value, list):
        return [_deepordered(item) for item in value]
    return value


def _last_game(data: Mapping) -> Mapping | None:
    """The last game of a replay output pasted whole, if the opening is one."""
    games = data.get("games")
    if isinstance(games, list) and games and isinstance(games[-1], Mapping):
        return games[-1]
    return None


def _last_players(data: Mapping) -> int:
    """Players at the table of a pasted replay output's last game (its score); 0 when unknown."""
    last_game = _last_game(data)
    score = last_game.get("score") if last_game is not None else None
    players = score.get("players") if isinstance(score, Mapping) else None
    return len(players) if isinstance(players, list) else 0

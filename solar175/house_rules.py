"""A campaign's house rules: each switch the printed rules leave to the group, declared once.

Where the rulebook contradicts itself or is silent, this project reads it one way
(RULES-NOTES.md, docs/replay.md) and lets a group choose the other: one `HouseRule` here
says the switch's key (in the campaign file's `settings` and, where a table needs it, in
the table's `rules`), its default (the project's reading), its choices, a sentence for
people and where the rulebook says it. `HouseRules` holds a campaign's choices: read and
checked in one place, written back to the file's `settings` and the table's `rules`, and
compared for the History. Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamefile.errors import FieldError
from gamefile.reading import describe as _describe
from gamefile.words import _

ROUND_DOWN = "down"
ROUND_UP = "up"
SECOND_PLACE_ROUNDINGS = (ROUND_DOWN, ROUND_UP)

TIE_BREAK_AWARDS = "awards"
TIE_BREAK_SHARED = "shared"

CHOSEN_BY_WINNER = "winner"
CHOSEN_AT_RANDOM = "random"


@dataclass(frozen=True, slots=True)
class HouseRule:
    key: str
    default: str
    # (value, what a person reads), the default first.
    choices: tuple[tuple[str, str], ...]
    label: str
    sentence: str
    rulebook: str
    # A table's `rules` carry it too (one game's scoring depends on it).
    in_table: bool = False
    # Written to the file's `settings` even at its default (the first switch always was);
    # a later switch is written only when the group chose the other reading, so files
    # without it import and export byte for byte as they did.
    always_written: bool = False

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _ in self.choices)

    @property
    def words(self) -> str:
        return self.key.replace("_", " ")

    def check(self, value: Any, path: str) -> str:
        if value not in self.values or not isinstance(value, str):
            raise FieldError(
                f"{path}.{self.key}" if path else self.key,
                _(
                    "must be one of %(values)s, not %(found)s",
                    values=", ".join(self.values),
                    found=_describe(value),
                ),
            )
        return value


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        key="second_place_rounding",
        default=ROUND_DOWN,
        choices=(
            (ROUND_DOWN, _("Round down (End Game Scoring page)")),
            (ROUND_UP, _("Round up (HUB page)")),
        ),
        label=_("Second place in a zone (house rule)"),
        sentence=_(
            "The rulebook prints both: the HUB page rounds up, End Game Scoring rounds down."
        ),
        # HUB page: "half this amount rounded up"; End Game Scoring: "half these points
        # (rounded down)". RULES-NOTES §1.
        rulebook="HUB page and End Game Scoring page",
        in_table=True,
        always_written=True,
    ),
    HouseRule(
        key="campaign_tie_break",
        default=TIE_BREAK_AWARDS,
        choices=(
            (TIE_BREAK_AWARDS, _("More gold awards, then more awards")),
            (TIE_BREAK_SHARED, _("Tied corporations share the win")),
        ),
        label=_("Campaign winner on a tie of points (house rule)"),
        sentence=_(
            "The rulebook says only that most campaign points wins; a "
            "tie can go to the corporation with more gold awards, then "
            "more awards, or be shared."
        ),
        # "The corporation with the most campaign points wins": silent on a tie. RULES-NOTES §4.
        rulebook="Campaign end (RULES-NOTES §4)",
    ),
    HouseRule(
        key="megastructure_choice",
        default=CHOSEN_BY_WINNER,
        choices=(
            (CHOSEN_BY_WINNER, _("The winner of the last game chooses")),
            (CHOSEN_AT_RANDOM, _("Drawn at random")),
        ),
        label=_("The next megastructure, from game 5 (house rule)"),
        sentence=_(
            "The rulebook lets the winner of the last game choose the "
            "megastructure to build, or the group draw it at random."
        ),
        # Section #9 and Building Megastructures: "chosen by the player who won the last game
        # (or randomly)". The setup sheet then names no chooser.
        rulebook="Section #9 and Building Megastructures",
    ),
)
BY_KEY: Mapping[str, HouseRule] = {rule.key: rule for rule in HOUSE_RULES}
SETTINGS_KEYS = tuple(BY_KEY)
TABLE_HOUSE_RULES = tuple(rule for rule in HOUSE_RULES if rule.in_table)
TABLE_KEYS = tuple(rule.key for rule in TABLE_HOUSE_RULES)


@dataclass(frozen=True, slots=True, init=False)
class HouseRules:
    """A campaign's choices; a switch not given is at its default."""

    chosen: tuple[tuple[str, str], ...] = ()

    def __init__(self, chosen: Mapping[str, str] | None = None) -> None:
        given = dict(chosen or {})
        object.__setattr__(
            self, "chosen", tuple((r.key, given.get(r.key, r.default)) for r in HOUSE_RULES)
        )

    def __getitem__(self, key: str) -> str:
        return dict(self.chosen)[key]

    def as_dict(self) -> dict[str, str]:
        """Every switch, key → value (what a form shows)."""
        return dict(self.chosen)

    # --- reading (the one check) -------------------------------------------------------

    @classmethod
    def read(cls, data: Mapping[str, Any], path: str, keys: tuple[str, ...] = SETTINGS_KEYS):
        """`data` is the file's `settings` (path "settings") or a table's `rules` (path
        "rules", keys TABLE_KEYS); other keys are the caller's to check. Bad value: FieldError
        naming `path.key`."""
        return cls({key: BY_KEY[key].check(data[key], path) for key in keys if key in data})

    def changed(self, given: Mapping[str, Any], path: str = "settings") -> HouseRules:
        """These rules with `given` (switch key → value) applied, each checked."""
        unknown = [key for key in given if key not in BY_KEY]
        if unknown:
            raise FieldError(f"{path}.{unknown[0]}", _("is not a house rule of this app"))
        return HouseRules(
            {**self.as_dict(), **{k: BY_KEY[k].check(v, path) for k, v in given.items()}}
        )

    # --- writing ----------------------------------------------------------------------

    def to_settings(self) -> dict[str, str]:
        """The campaign file's `settings`."""
        return {
            r.key: self[r.key] for r in HOUSE_RULES if r.always_written or self[r.key] != r.default
        }

    def to_table_rules(self) -> dict[str, str]:
        """The keys of a table's `rules` these rules fill."""
        return {key: self[key] for key in TABLE_KEYS}

    # --- what the rules read ----------------------------------------------------------

    def half_for_second_place(self, worth: int) -> int:
        """Half a zone HUB's worker value for second place, rounded as the group plays."""
        return (worth + 1) // 2 if self.second_place_rounds_up else worth // 2

    @property
    def second_place_rounds_up(self) -> bool:
        return self["second_place_rounding"] == ROUND_UP

    @property
    def megastructure_drawn_at_random(self) -> bool:
        return self["megastructure_choice"] == CHOSEN_AT_RANDOM

    def campaign_tie_key(self, points: int, gold: int, awards: int) -> tuple[int, ...]:
        """What decides the campaign winner: points, then (the project's reading) gold
        awards and awards, or points alone when the group shares a tie."""
        if self["campaign_tie_break"] == TIE_BREAK_SHARED:
            return (points,)
        return (points, gold, awards)

"""Space Explorers (solo) forms: the setup (the five Project tiles, the variants), your turn,
and the score sheet. Each builds the plain JSON of the game's files; the rules
(`space_explorers`) judge it, and their sentences go beside the fields they name."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from hosting.form_words import number_refusals
from hosting.names import NameField
from playlog.forms import NoFormTag
from space_explorers import DIVISION_NAMES, DIVISIONS, PROJECT_NAMES
from space_explorers.state import SessionState

TILES = 5
SKILL_CHOICES = [("", "–")] + [(n, str(n)) for n in range(1, 9)]
RANDOM = "random"
COMPLETED_CHOICES = [
    ("", gettext_lazy("still on the track")),
    ("you", gettext_lazy("launched by you")),
    ("opponent", gettext_lazy("completed by the Opponent")),
]


class SetupForm(NoFormTag, forms.Form):
    """The variants (SE:171-191); the tiles are `TileForm` rows."""

    projects_start_advanced = forms.BooleanField(
        required=False,
        label=gettext_lazy("#1 Projects start one position ahead"),
        help_text=gettext_lazy("7 steps to Finish instead of 8 (SE:175)."),
    )
    opponent_project_bonus = forms.BooleanField(
        required=False,
        label=gettext_lazy("#2 The Opponent scores +2 per Project it completed"),
        help_text=gettext_lazy("SE:179."),
    )
    opponent_favoured_division = forms.ChoiceField(
        required=False,
        label=gettext_lazy("#3 The Opponent's favoured Division"),
        help_text=gettext_lazy(
            "Its Specialists score 4 instead of 2 (SE:185). “Draw one” picks at random."
        ),
    )
    opponent_big_divisions = forms.BooleanField(
        required=False,
        label=gettext_lazy("#4 Big Divisions score more"),
        help_text=gettext_lazy(
            "The 3rd Specialist of a Division +1, each from the 4th +2 (SE:189)."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["opponent_favoured_division"].choices = (
            # Translators: Variant #3's favoured Division, when the variant is not played.
            [("", _("not in play"))]
            + [(key, DIVISION_NAMES[key]) for key in DIVISIONS]
            + [(RANDOM, _("Draw one at random"))]
        )
        self._helper()

    def variants(self) -> dict[str, Any]:
        data = self.cleaned_data
        favoured = data["opponent_favoured_division"] or None
        if favoured == RANDOM:
            favoured = random.choice(DIVISIONS)  # noqa: S311 (a game's draw, not a secret)
        return {
            "projects_start_advanced": data["projects_start_advanced"],
            "opponent_project_bonus": data["opponent_project_bonus"],
            "opponent_favoured_division": favoured,
            "opponent_big_divisions": data["opponent_big_divisions"],
        }


class TileForm(forms.Form):
    """One Project tile: its name, and its points and skills unless the log remembers them."""

    name = NameField(max_length=40, label=gettext_lazy("Project"))
    points = forms.IntegerField(
        required=False, min_value=1, max_value=20, label=gettext_lazy("Points")
    )
    completed_by = forms.ChoiceField(
        required=False, choices=COMPLETED_CHOICES, label=gettext_lazy("At the end")
    )

    def __init__(self, *args: Any, remembered: Mapping[str, Any] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.remembered = remembered or {}
        for key in DIVISIONS:
            self.fields[key] = forms.TypedChoiceField(
                required=False,
                choices=SKILL_CHOICES,
                coerce=int,
                empty_value=0,
                label=DIVISION_NAMES[key],
            )

    def skill_fields(self) -> list:
        return [self[key] for key in DIVISIONS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        name = " ".join((data.get("name") or "").split())
        data["name"] = name
        skills = {key: data.get(key) or 0 for key in DIVISIONS}
        known = {k.casefold(): v for k, v in self.remembered.items()}.get(name.casefold())
        if not any(skills.values()) and data.get("points") is None and known:
            # Entered once, remembered (SE-R8): the log's values for this tile.
            data["points"] = known["points"]
            skills = {key: known["skills"].get(key, 0) for key in DIVISIONS}
        elif data.get("points") is None:
            if name:
                self.add_error(
                    "points",
                    _("Enter %(name)s's points (printed on the tile, 1 to 20).") % {"name": name},
                )
            else:
                self.add_error(
                    "points", _("Enter the tile's points (printed on the tile, 1 to 20).")
                )
        if not any(skills.values()):
            if name:
                self.add_error(
                    None, _("Enter %(name)s's skill icons (at least one).") % {"name": name}
                )
            else:
                self.add_error(None, _("Enter the tile's skill icons (at least one)."))
        data["skills"] = {key: count for key, count in skills.items() if count}
        return data

    def tile(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"name": data["name"], "points": data["points"], "skills": data["skills"]}


def tile_forms(
    data: Any, remembered: Mapping[str, Any], initial: list[dict] | None = None
) -> list[TileForm]:
    initial = initial or [{} for _tile in range(TILES)]
    return [
        TileForm(data, prefix=f"tile{i}", remembered=remembered, initial=initial[i])
        for i in range(TILES)
    ]


def drawn_tiles(remembered: Mapping[str, Any]) -> list[dict]:
    """Five tiles drawn at random (SE:57), from the printed names and the log's own ones, with
    the values the log remembers."""
    names = list(dict.fromkeys([*PROJECT_NAMES, *remembered]))
    chosen = random.sample(names, TILES)  # noqa: S311 (a game's draw)
    tiles = []
    for name in chosen:
        known = remembered.get(name)
        row: dict[str, Any] = {"name": name}
        if known:
            row["points"] = known["points"]
            row.update(known["skills"])
        tiles.append(row)
    return tiles


class YourTurnForm(NoFormTag, forms.Form):
    """Your turn (OTHER-GAMES §1.1 item 2): one action, the payment, the tokens passed, at most
    one launch. "End my turn" does the token step itself (SE:112)."""

    action = forms.ChoiceField(
        choices=[
            ("take", gettext_lazy("Take a card")),
            ("recruit", gettext_lazy("Recruit into my Hub")),
        ],
        widget=forms.RadioSelect,
        initial="recruit",
        label=gettext_lazy("What did you do?"),
    )
    source = forms.ChoiceField(label=gettext_lazy("From"), widget=forms.RadioSelect)
    cards_to_center = forms.IntegerField(
        min_value=0,
        max_value=60,
        initial=0,
        label=gettext_lazy("Hand cards returned as payment"),
    )
    tokens_set_aside = forms.IntegerField(
        min_value=0,
        max_value=10,
        initial=0,
        label=gettext_lazy("Research tokens passed"),
    )
    launch = forms.ChoiceField(required=False, label=gettext_lazy("Project launched this turn"))

    def __init__(self, *args: Any, state: SessionState, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        center = state.center
        sources = [
            (f"center-{slot}", _("Slot %(number)s") % {"number": slot + 1})
            for slot in range(6)
            if slot not in center.empty_slots
        ]
        sources += [
            (f"temporary-{i}", _("Temporary card %(number)s") % {"number": i + 1})
            for i in range(center.temporary_row)
        ]
        sources += [("hand", _("My hand (recruit)")), ("deck", _("The deck (take)"))]
        self.fields["source"].choices = sources
        self.fields["launch"].choices = [("", pgettext("no Project", "none"))] + [
            (p.name, p.name) for p in state.projects if p.completed_by is None
        ]
        self._helper()

    def turn(self) -> dict[str, Any]:
        data = self.cleaned_data
        source, _, number = data["source"].partition("-")
        turn: dict[str, Any] = {"action": data["action"], "from": source}
        if source == "center":
            turn["slot"] = int(number)
        elif source == "temporary":
            turn["index"] = int(number)
        turn["cards_to_center"] = data["cards_to_center"]
        turn["tokens_set_aside"] = data["tokens_set_aside"]
        turn["launch"] = data["launch"] or None
        return {"you": turn}


def your_turn_initial(turn: Mapping[str, Any]) -> dict[str, Any]:
    """A recorded turn of yours as `YourTurnForm`'s initial values: the step-change form opens
    with the choices the runner recorded."""
    mine = turn["you"]
    source = mine["from"]
    if source == "center":
        source = f"center-{mine['slot']}"
    elif source == "temporary":
        source = f"temporary-{mine['index']}"
    return {
        "action": mine["action"],
        "source": source,
        "cards_to_center": mine.get("cards_to_center", 0),
        "tokens_set_aside": mine.get("tokens_set_aside", 0),
        "launch": mine.get("launch") or "",
    }


class YourProgressForm(NoFormTag, forms.Form):
    """Your own score "as normal" (SE:161), by category (SE-R7)."""

    specialist_progress = forms.IntegerField(
        min_value=0,
        max_value=200,
        label=gettext_lazy("Progress printed on your Specialists"),
    )
    ability_progress = forms.IntegerField(
        min_value=0,
        max_value=200,
        initial=0,
        label=gettext_lazy("Progress from your Specialists' end-game abilities"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()


class EndStateForm(YourProgressForm):
    """The end state without the turn runner: your Specialists and the Opponent's Divisions."""

    specialists = forms.IntegerField(
        min_value=0, max_value=12, label=gettext_lazy("Specialists in your Hub")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key in DIVISIONS:
            self.fields[f"opponent_{key}"] = forms.IntegerField(
                min_value=0,
                max_value=60,
                initial=0,
                # Translators: a Division's printed name, "Opponent's Space Flight".
                label=_("Opponent's %(division)s") % {"division": DIVISION_NAMES[key]},
            )

    def division_fields(self) -> list:
        return [self[f"opponent_{key}"] for key in DIVISIONS]

    def divisions(self) -> dict[str, int]:
        return {key: self.cleaned_data[f"opponent_{key}"] for key in DIVISIONS}


def _division_field(refused: str) -> forms.ChoiceField:
    """The Division of the card above the Development marker (SE:133); nothing, the Center is
    empty and the Opponent recruits nothing."""
    return forms.ChoiceField(
        choices=[
            ("", gettext_lazy("The Center is empty")),
            *((k, DIVISION_NAMES[k]) for k in DIVISIONS),
        ],
        required=False,
        label=gettext_lazy("Division"),
        error_messages={"invalid_choice": refused},
    )


class OpponentTurnForm(forms.Form):
    """The Opponent's turn: the one tap of its Division (the turns page's buttons)."""

    division = _division_field(gettext_lazy("Tap one of the five Divisions."))

    def division_key(self) -> str | None:
        return self.cleaned_data["division"] or None


class ChangeOpponentTurnForm(OpponentTurnForm):
    """An earlier Opponent turn's Division corrected: which turn (its place in the session's
    turns, 0 first) and its Division."""

    division = _division_field(gettext_lazy("Choose one of the five Divisions."))

    def __init__(self, *args: Any, turns: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        refused = _("Choose one of the Opponent's turns to change.")
        self.fields = {
            "turn": forms.IntegerField(
                min_value=0,
                max_value=turns - 1,
                label=_("Turn"),
                error_messages=number_refusals(refused),
            ),
            **self.fields,
        }

    def first_error(self) -> str:
        """The turn's sentence first, then the Division's, as the runner says them."""
        return next(iter(self.errors.values()))[0]

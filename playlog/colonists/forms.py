"""The colonist game's forms: the end-state score sheet (players, their cities, unhoused groups,
the group's own categories), the helpers at the table (the card layout, the colonists board,
who gets a group, a bid's value) and the group's settings (the game's title, its categories).
Each builds the plain JSON the rules (`colonists`) read; their sentences go beside the fields
they name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from colonists import GROUPS, TABLE_FORMAT
from colonists.state import Board
from gamefile.names import clean_name
from hosting.names import NameField, invisible_name_error
from playlog.forms import NoFormTag, member_choices, mixed_person
from playlog.playfile import NAME_LENGTH

GROUP_CHOICES = [(g.key, g.name) for g in GROUPS]
UNINHABITED = "uninhabited"
CITY_CHOICES = [
    ("", gettext_lazy("— no city —")),
    (UNINHABITED, gettext_lazy("built, nobody lives there")),
    *GROUP_CHOICES,
]
MIN_PLAYER_ROWS = 3
MIN_CITY_ROWS = 4
MAX_PLAYER_ROWS = 8
MAX_CITY_ROWS = 30
CATEGORY_LENGTH = 40
MAX_CATEGORIES = 20
PLACE_CHOICES = [
    ("not_arrived", gettext_lazy("not arrived yet")),
    ("reception_camp", gettext_lazy("Reception Camp (Limbo)")),
    ("contracted", gettext_lazy("contracted, no city yet")),
    ("city", gettext_lazy("living in a city")),
]


class CityForm(forms.Form):
    colonists = forms.ChoiceField(
        required=False, choices=CITY_CHOICES, label=gettext_lazy("Living there")
    )
    powered = forms.BooleanField(required=False, label=gettext_lazy("Power hub"))
    metropolis = forms.BooleanField(required=False, label=gettext_lazy("Metropolis"))

    def city(self) -> dict[str, Any] | None:
        """The city, or None for a row left empty. A row with a power hub or a Metropolis
        ticked but nobody living there is an uninhabited city (0 VP, CX:51)."""
        data = self.cleaned_data
        colonists = data.get("colonists") or ""
        if not colonists and not data.get("powered") and not data.get("metropolis"):
            return None
        return {
            "colonists": None if colonists in ("", UNINHABITED) else colonists,
            "powered": bool(data.get("powered")),
            "metropolis": bool(data.get("metropolis")),
        }


class PlayerSheetForm(forms.Form):
    """One player's row of the sheet: the name (a member or typed), the unhoused groups, the
    base game's categories; the cities are `CityForm` rows."""

    name = NameField(max_length=NAME_LENGTH, required=False, label=gettext_lazy("Name"))
    member = forms.ChoiceField(required=False, label=gettext_lazy("Member"))
    unhoused = forms.MultipleChoiceField(
        required=False,
        choices=GROUP_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Contracted groups living in no city (−1 VP each)"),
    )

    def __init__(
        self, *args: Any, members: list[str], categories: Sequence[str], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = member_choices(members)
        self.categories = list(categories)
        for index, category in enumerate(self.categories):
            self.fields[f"other{index}"] = forms.IntegerField(
                required=False, min_value=-99, max_value=999, label=category
            )

    def category_fields(self) -> list:
        return [self[f"other{index}"] for index in range(len(self.categories))]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        problem = mixed_person(data.get("name"), data.get("member"))
        if problem:
            self.add_error("name", problem)
        return data

    def person(self) -> dict[str, Any] | None:
        name = " ".join((self.cleaned_data.get("name") or "").split())
        member = self.cleaned_data.get("member") or None
        if not name and not member:
            return None
        return {"name": name or member, "member": member}


class SheetShapeForm(forms.Form):
    """How many rows the sheet shows: more with the "more rows" button (no JavaScript)."""

    players = forms.IntegerField(min_value=1, max_value=MAX_PLAYER_ROWS, required=False)
    cities = forms.IntegerField(min_value=1, max_value=MAX_CITY_ROWS, required=False)


class SheetRulesForm(NoFormTag, forms.Form):
    condominium_built = forms.BooleanField(
        required=False,
        label=gettext_lazy("The Condominium was built"),
        help_text=gettext_lazy("Only then do the Corpex enter the game (CX:71)."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()


class ColonistsSheet:
    """The whole sheet: the rules, a `PlayerSheetForm` and its `CityForm` rows per player."""

    def __init__(
        self,
        data: Mapping | None,
        *,
        members: list[str],
        categories: Sequence[str],
        table: Mapping | None = None,
        people: Sequence[Mapping] = (),
        more: bool = False,
    ) -> None:
        self.categories = list(categories)
        table_players = list(table["players"]) if table else []
        shape = SheetShapeForm(data) if data is not None else None
        wanted_players = wanted_cities = 0
        if shape is not None and shape.is_valid():
            wanted_players = shape.cleaned_data["players"] or 0
            wanted_cities = shape.cleaned_data["cities"] or 0
        most_cities = max((len(p["cities"]) for p in table_players), default=0)
        self.player_rows = min(
            MAX_PLAYER_ROWS,
            max(MIN_PLAYER_ROWS, len(table_players), len(people), wanted_players) + int(more),
        )
        self.city_rows = min(
            MAX_CITY_ROWS, max(MIN_CITY_ROWS, most_cities + 1, wanted_cities) + int(more)
        )
        self.rules = SheetRulesForm(
            data,
            prefix="rules",
            initial={"condominium_built": bool(table and table["rules"]["condominium_built"])},
        )
        self.players = []
        for index in range(self.player_rows):
            row = table_players[index] if index < len(table_players) else None
            person = people[index] if index < len(people) else {}
            initial: dict[str, Any] = {
                "name": person.get("name", ""),
                "member": person.get("member"),
            }
            if row:
                initial["unhoused"] = row["unhoused_colonists"]
                for n, category in enumerate(self.categories):
                    initial[f"other{n}"] = row["other"].get(category)
            form = PlayerSheetForm(
                data, prefix=f"p{index}", members=members, categories=categories, initial=initial
            )
            cities = []
            for c in range(self.city_rows):
                city = row["cities"][c] if row and c < len(row["cities"]) else None
                cities.append(
                    CityForm(
                        data,
                        prefix=f"p{index}c{c}",
                        initial={
                            "colonists": city["colonists"] or UNINHABITED,
                            "powered": city["powered"],
                            "metropolis": city["metropolis"],
                        }
                        if city
                        else {},
                    )
                )
            self.players.append({"form": form, "cities": cities, "index": index})

    def is_valid(self) -> bool:
        valid = self.rules.is_valid()
        for player in self.players:
            valid &= player["form"].is_valid()
            for city in player["cities"]:
                valid &= city.is_valid()
        return valid

    def people(self) -> list[dict[str, Any]]:
        return [p for p in (row["form"].person() for row in self.players) if p is not None]

    def blank_categories(self) -> list[str]:
        """A sentence for each category left blank on a named row, also shown at the field: a
        blank is not 0 (`manage.py score` refuses a table without it, and so does the sheet)."""
        found = []
        for row in self.players:
            form = row["form"]
            person = form.person()
            if person is None:
                continue
            for n, category in enumerate(self.categories):
                if form.cleaned_data.get(f"other{n}") is None:
                    message = _("Enter %(name)s’s %(category)s VP (0 if none): it is blank.") % {
                        "name": person["name"],
                        "category": category,
                    }
                    form.add_error(f"other{n}", message)
                    found.append(message)
        return found

    def table(self, blank: int | None = None) -> dict[str, Any]:
        """The `colonists-expert-table` of the filled rows (players without a name skipped). A
        blank category is left out (the table then says it is missing) unless `blank` gives
        the figure to use: only for a game not played yet, whose table is not kept."""
        players = []
        for row in self.players:
            form = row["form"]
            person = form.person()
            if person is None:
                continue
            cities = [city for city in (c.city() for c in row["cities"]) if city is not None]
            other = {}
            for n, category in enumerate(self.categories):
                value = form.cleaned_data.get(f"other{n}", blank)
                value = blank if value is None else value
                if value is not None:
                    other[category] = value
            players.append(
                {
                    "name": person["name"],
                    "cities": cities,
                    "unhoused_colonists": list(form.cleaned_data.get("unhoused") or []),
                    "other": other,
                }
            )
        return {
            "format": TABLE_FORMAT,
            "version": 1,
            "rules": {
                "condominium_built": bool(self.rules.cleaned_data.get("condominium_built")),
                "categories": self.categories,
            },
            "players": players,
        }


class LayoutForm(NoFormTag, forms.Form):
    cards = forms.CharField(
        label=gettext_lazy("The laid-out cards, in auction order"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy(
            "One card a line, as they lie clockwise from the card after the Spaceport, "
            "the Spaceport last (CX:24, CX:42). Name Power Hubs “Power Hub …” and colonist cards "
            "after their group."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()

    def card_list(self) -> list[str]:
        return [
            " ".join(line.split())
            for line in self.cleaned_data["cards"].splitlines()
            if line.strip()
        ]


class BoardForm(forms.Form):
    """Where each of the seven groups is (CX:79-93)."""

    def __init__(self, *args: Any, players: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player_choices = [("", "—")] + [(name, name) for name in players]
        for group in GROUPS:
            self.fields[f"{group.key}_place"] = forms.ChoiceField(
                choices=PLACE_CHOICES, label=group.name, required=False
            )
            self.fields[f"{group.key}_player"] = forms.ChoiceField(
                choices=player_choices,
                label=_("%(group)s: whose") % {"group": group.name},
                required=False,
            )

    def rows(self) -> list[dict[str, Any]]:
        return [
            {"group": g, "place": self[f"{g.key}_place"], "player": self[f"{g.key}_player"]}
            for g in GROUPS
        ]

    def groups(self) -> dict[str, dict[str, str]]:
        found = {}
        for group in GROUPS:
            place = self.cleaned_data.get(f"{group.key}_place") or "not_arrived"
            if place == "not_arrived":
                continue
            entry = {"place": place}
            if place in ("contracted", "city"):
                entry["player"] = self.cleaned_data.get(f"{group.key}_player") or ""
            found[group.key] = entry
        return found


class ClaimForm(forms.Form):
    """Who gets a group several players want (CX:89): each claimant's situation."""

    group = forms.ChoiceField(choices=GROUP_CHOICES, label=gettext_lazy("The group"))
    choice = forms.CharField(
        required=False, label=gettext_lazy("The Harbour Master's choice, if tied")
    )

    def __init__(self, *args: Any, players: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        for index, name in enumerate(self.players):
            self.fields[f"wants{index}"] = forms.BooleanField(
                required=False, label=_("%(name)s wants them") % {"name": name}
            )
            self.fields[f"city{index}"] = forms.BooleanField(
                required=False, label=_("has an uninhabited city")
            )
            self.fields[f"powered{index}"] = forms.BooleanField(
                required=False, label=_("…with energy")
            )

    def rows(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "wants": self[f"wants{i}"],
                "city": self[f"city{i}"],
                "powered": self[f"powered{i}"],
            }
            for i, name in enumerate(self.players)
        ]

    def claimants(self, board: Board) -> list[dict[str, Any]]:
        held = {p.name: list(p.contracted) + list(p.citizens) for p in board.players}
        return [
            {
                "player": name,
                "uninhabited_city": bool(self.cleaned_data.get(f"city{i}")),
                "powered": bool(self.cleaned_data.get(f"city{i}"))
                and bool(self.cleaned_data.get(f"powered{i}")),
                "groups": held.get(name, []),
            }
            for i, name in enumerate(self.players)
            if self.cleaned_data.get(f"wants{i}")
        ]


class BidForm(forms.Form):
    """A bid's value with a guild's support (CX:122-131)."""

    credits = forms.IntegerField(
        min_value=0, max_value=999, initial=0, label=gettext_lazy("Credit cards bid")
    )
    for_sale = forms.ChoiceField(
        choices=[
            ("territory", gettext_lazy("a territory")),
            ("harvester", gettext_lazy("a Harvester")),
            ("other", gettext_lazy("another card")),
        ],
        label=gettext_lazy("For"),
    )
    guild = forms.ChoiceField(
        required=False,
        choices=[("", gettext_lazy("none"))] + [c for c in GROUP_CHOICES if c[0] != "mechanics"],
        label=gettext_lazy("The territory's guild (its resource's group)"),
    )
    contracted = forms.MultipleChoiceField(
        required=False,
        choices=GROUP_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("The bidder's groups"),
    )


class SettingsForm(NoFormTag, forms.Form):
    """The group's settings of the game (`playlog.pages.GameSettings`): its title, its
    categories."""

    title = NameField(
        label=gettext_lazy("The colonist game's title"),
        max_length=80,
        required=False,
        help_text=gettext_lazy(
            "The rules text does not name the game: write the title from your box. "
            "Until then the app calls it “the colonist game (expert rules)”."
        ),
    )
    categories = forms.CharField(
        label=gettext_lazy("Scoring categories of the base game"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy(
            "One per line, in the order of your score pad (e.g. Territories, Omnium). "
            "The expert text scores only cities and unrest; the base game's other Victory "
            "Points are these."
        ),
    )

    def __init__(
        self, data: Mapping | None = None, *, stored: Mapping[str, Any] | None = None, prefix=""
    ) -> None:
        stored = stored or {}
        initial = {
            "title": stored.get("title", ""),
            "categories": "\n".join(stored.get("categories", [])),
        }
        super().__init__(data, initial=initial, prefix=prefix or None)
        self._helper()

    def settings(self) -> dict[str, Any]:
        return {
            "title": self.cleaned_data["title"].strip(),
            "categories": self.cleaned_data["categories"],
        }

    def clean_categories(self) -> list[str]:
        lines = [" ".join(line.split()) for line in self.cleaned_data["categories"].splitlines()]
        found: list[str] = []
        for typed in lines:
            if not typed:
                continue
            line = clean_name(typed)
            if not line:
                raise invisible_name_error(_("Scoring categories"))
            if len(line) > CATEGORY_LENGTH:
                raise forms.ValidationError(
                    _("“%(start)s…” is too long: at most %(most)s characters a line.")
                    % {"start": line[:20], "most": CATEGORY_LENGTH}
                )
            if line.casefold() in {f.casefold() for f in found}:
                raise forms.ValidationError(
                    _("“%(line)s” is written twice: give each once.") % {"line": line}
                )
            if line.casefold() in ("cities", "unrest"):
                raise forms.ValidationError(
                    _(
                        "“%(line)s” is already on the sheet (the expert rules score it): "
                        "leave it out."
                    )
                    % {"line": line}
                )
            found.append(line)
        if len(found) > MAX_CATEGORIES:
            raise forms.ValidationError(
                _("At most %(most)s categories.") % {"most": MAX_CATEGORIES}
            )
        return found


class RoundForm(forms.Form):
    """The table's round buttons: the previous round ("back") or the next (the default, as a
    form sent without its button goes on)."""

    step = forms.ChoiceField(
        choices=[("back", gettext_lazy("Previous round")), ("next", gettext_lazy("Next round"))],
        required=False,
        label=gettext_lazy("Round"),
        error_messages={"invalid_choice": "Must be the previous round or the next round."},
    )

    def step_by(self) -> int:
        return -1 if self.cleaned_data["step"] == "back" else 1

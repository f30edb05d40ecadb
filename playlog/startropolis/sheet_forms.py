"""Startropolis's end-state score sheet, for a game played without the round tracker: the
finished game's rules, then each player's faction, credits, Revenue Track, modules (a count per
type in play) and the mission kept (OTHER-GAMES §2.9). Each row builds a player of a
`startropolis-table`; the rules (`startropolis`) judge it and their sentence is shown.

A blank is never a 0: a count left empty is asked for, naming the player and the type (the
modules owned decide a mission's "Own the most …", ST:279–283, and by their printed costs the
last tie-break, ST:162, reading ST-R4), and so is a kept mission's reward (it adds to the final
credits, ST:283): a silent 0 could change who won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from hosting.names import NameField
from hosting.words import translated
from playlog.forms import NoFormTag, member_choices, mixed_person
from playlog.playfile import NAME_LENGTH
from playlog.startropolis.forms import OTHER_MISSION, TYPE_CHOICES, RulesForm
from startropolis.modules import (
    BANK,
    CORE_GAME_TYPES,
    MARKET_CENTER,
    MAX_MISSION_REWARD,
    MAX_PLAYERS,
    MAX_TEXT,
    MODULE_TYPES,
)


class EndRulesForm(NoFormTag, forms.Form):
    """A finished game's rules, as the score sheet needs them (OTHER-GAMES §2.9)."""

    modules_in_play = RulesForm.base_fields["modules_in_play"]
    missions = forms.BooleanField(required=False, label=gettext_lazy("Mission Cards were in play"))
    spend_basis = RulesForm.base_fields["spend_basis"]
    negative_revenue = RulesForm.base_fields["negative_revenue"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()

    clean_modules_in_play = RulesForm.clean_modules_in_play

    def in_play(self) -> list[str]:
        """The types whose counts the sheet shows: the ticked ones (as submitted or first)."""
        if self.is_bound and self.is_valid():
            return self.cleaned_data["modules_in_play"]
        if self.is_bound:
            return [
                k
                for k in MODULE_TYPES
                if k in self.data.getlist(self.add_prefix("modules_in_play"))
            ]
        return list(self.initial.get("modules_in_play") or CORE_GAME_TYPES)


class EndPlayerForm(forms.Form):
    """One player at the end: who, the faction, credits in hand, the Revenue Track position,
    the module cards owned (a count per type), the mission kept."""

    name = NameField(max_length=NAME_LENGTH, required=False, label=gettext_lazy("Name"))
    member = forms.ChoiceField(required=False, label=gettext_lazy("Member"))
    faction = NameField(max_length=MAX_TEXT, required=False, label=gettext_lazy("Faction"))
    credits = forms.IntegerField(
        required=False, min_value=0, max_value=999, label=gettext_lazy("Credits (M)")
    )
    revenue = forms.IntegerField(
        required=False, min_value=-30, max_value=300, label=gettext_lazy("Revenue Track")
    )
    paid = forms.IntegerField(
        required=False, min_value=0, max_value=999, label=gettext_lazy("Paid for modules (M)")
    )
    banks = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=4,
        label=gettext_lazy("of the Market Centers, Bank cards"),
    )
    mission_name = NameField(
        required=False, max_length=MAX_TEXT, label=gettext_lazy("Mission kept")
    )
    mission_reward = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_MISSION_REWARD,
        label=gettext_lazy("Its reward (M)"),
    )
    mission_most = forms.ChoiceField(required=False, label=gettext_lazy("What it asks"))
    mission_achieved = forms.ChoiceField(
        required=False,
        choices=[
            ("", gettext_lazy("judged from the modules")),
            ("yes", gettext_lazy("achieved")),
            ("no", gettext_lazy("not achieved")),
        ],
        label=gettext_lazy("Achieved?"),
    )

    def __init__(self, *args: Any, members: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = member_choices(list(members))
        self.fields["mission_most"].choices = [(OTHER_MISSION, _("another kind of mission"))] + [
            (key, _("Own the most %(type)s Modules") % {"type": name}) for key, name in TYPE_CHOICES
        ]
        for key, name in TYPE_CHOICES:
            self.fields[f"count_{key}"] = forms.IntegerField(
                required=False, min_value=0, max_value=7, label=name
            )

    def count_fields(self, in_play: Sequence[str]) -> list:
        return [self[f"count_{key}"] for key in in_play]

    def used(self) -> bool:
        data = self.cleaned_data
        return bool((data.get("name") or "").strip() or data.get("member") or data.get("faction"))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.used():
            if not ((data.get("name") or "").strip() or data.get("member")):
                self.add_error("name", _("Who played? Choose a member or type a name."))
            elif mixed_person(data.get("name"), data.get("member")):
                self.add_error("name", mixed_person(data.get("name"), data.get("member")))
            for key, words in (
                ("faction", "Which faction?"),
                ("credits", "Credits in hand at the end?"),
                ("revenue", "Where is the marker on the Revenue Track?"),
            ):
                if data.get(key) in (None, ""):
                    self.add_error(key, words)
        return data

    def blanks(self, in_play: Sequence[str], missions: bool) -> list[str]:
        """What a used row left blank that the score needs: the counts of types in play, a
        kept mission's reward, and its Bank cards (`_bank_questions`). Each is asked beside
        its field; the sentences returned (one for the counts, naming each type, one for the
        reward, one for the Banks) are for the page's summary. A valid row's: its
        `cleaned_data` is read."""
        data, who = self.cleaned_data, self.person()["name"]
        said = []
        blank = [key for key in in_play if data.get(f"count_{key}") is None]
        for key in blank:
            self.add_error(f"count_{key}", _("How many? Write 0 for none."))
        if blank:
            names = ", ".join(MODULE_TYPES[key].name for key in blank)
            said.append(
                _("How many modules does %(who)s own of %(names)s? Write 0 for none.")
                % {"who": who, "names": names}
            )
        if missions and (data.get("mission_name") or "").strip():
            if data.get("mission_reward") is None:
                self.add_error("mission_reward", _("Its reward?"))
                said.append(_("%(who)s kept a mission: what is its reward?") % {"who": who})
        return said + self._bank_questions(in_play, who)

    def _bank_questions(self, in_play: Sequence[str], who: str) -> list[str]:
        """A Bank card is one of the Market Centers (ST:291) and costs what a basic one does
        not, which the spend tie-break reads: beside a Market Center owned, how many are Banks
        is asked for, and more Banks than Market Centers owned is refused."""
        data = self.cleaned_data
        centers = data.get(f"count_{MARKET_CENTER}") if MARKET_CENTER in in_play else 0
        if centers is None:  # asked for with the other counts
            return []
        banks = data.get("banks")
        if banks is None and centers:
            self.add_error("banks", _("How many? Write 0 for none."))
            return [
                _("How many of %(who)s's Market Centers are Bank cards? Write 0 for none.")
                % {"who": who}
            ]
        if (banks or 0) > centers:
            owned = MODULE_TYPES[MARKET_CENTER].count_text(centers)
            self.add_error(
                "banks",
                _("At most %(most)s, the Market Centers owned: a Bank card is one.")
                % {"most": centers},
            )
            return [
                ngettext(
                    "%(who)s has %(banks)s Bank card but owns %(owned)s: each Bank card is one "
                    "of the Market Centers.",
                    "%(who)s has %(banks)s Bank cards but owns %(owned)s: each Bank card is one "
                    "of the Market Centers.",
                    banks,
                )
                % {"who": who, "banks": banks, "owned": translated(owned)}
            ]
        return []

    def person(self) -> dict[str, Any]:
        name = " ".join((self.cleaned_data.get("name") or "").split())
        member = self.cleaned_data.get("member") or None
        return {"name": name or member, "member": member}

    def player(self, in_play: Sequence[str], missions: bool) -> dict[str, Any]:
        data = self.cleaned_data
        modules: list[dict[str, Any]] = []
        for key in in_play:
            count = data[f"count_{key}"]
            # No more Banks than Market Centers: `blanks` refused that.
            banks = (data.get("banks") or 0) if key == MARKET_CENTER else 0
            modules += [{"type": key, "card": BANK}] * banks + [{"type": key}] * (count - banks)
        entry: dict[str, Any] = {
            "player": self.person()["name"],
            "faction": data["faction"].strip(),
            "credits": data["credits"],
            "revenue": data["revenue"],
        }
        if data.get("paid") is not None:
            entry["paid"] = data["paid"]
        entry["modules"] = modules
        if missions and (data.get("mission_name") or "").strip():
            mission: dict[str, Any] = {
                "name": data["mission_name"].strip(),
                "reward": data["mission_reward"],
            }
            if data.get("mission_achieved"):
                mission["achieved"] = data["mission_achieved"] == "yes"
            if data.get("mission_most"):
                mission["most"] = data["mission_most"]
            entry["mission"] = mission
        return entry


def one_market_center_set(rows: Sequence[EndPlayerForm], in_play: Sequence[str]) -> list[str]:
    """Bank cards are advanced Market Center cards. ST:289: "Each set of Advanced Module Cards
    contains one card from the Basic Module set (the yellow module)", so one basic Market
    Center beside Banks is that set's own; a second is the basic set's, and both sets of one
    type are never played (ST:287). Said here in the sheet's words (counts, not card numbers)
    beside each Bank count; the sentences returned are for the summary. Rows whose counts and
    Banks are valid and known (after `blanks`)."""
    if MARKET_CENTER not in in_play:
        return []
    banks = [row.cleaned_data.get("banks") or 0 for row in rows]
    basics = [
        row.cleaned_data[f"count_{MARKET_CENTER}"] - bank
        for row, bank in zip(rows, banks, strict=True)
    ]
    if not sum(banks) or sum(basics) <= 1:
        return []
    for row, bank in zip(rows, banks, strict=True):
        if bank:
            row.add_error(
                "banks",
                _(
                    "Beside Bank cards the table has one basic Market Center at most; it has "
                    "%(count)s."
                )
                % {"count": sum(basics)},
            )
    owners = ", ".join(
        f"{row.person()['name']} {count}" for row, count in zip(rows, basics, strict=True) if count
    )
    return [
        _(
            "The table has %(count)s basic Market Centers (%(owners)s) beside its Bank cards: "
            "the advanced Market Center set holds one basic card (ST:289), and the basic and "
            "advanced sets of one type are never both played (ST:287)."
        )
        % {"count": sum(basics), "owners": owners}
    ]


def end_player_forms(
    data: Mapping | None, members: Sequence[str], initial: Sequence[Mapping] = ()
) -> list[EndPlayerForm]:
    rows = []
    for index in range(MAX_PLAYERS):
        start = initial[index] if index < len(initial) else None
        rows.append(EndPlayerForm(data, members=members, prefix=f"p{index}", initial=start))
    return rows


def end_initial(table: Mapping, people: Sequence[Mapping]) -> list[dict[str, Any]]:
    """The sheet's rows filled from a stored table (to edit it)."""
    rows = []
    for index, player in enumerate(table["players"]):
        person = people[index] if index < len(people) else {"name": "", "member": None}
        row: dict[str, Any] = {
            "name": person["name"],
            "member": person["member"] or "",
            "faction": player["faction"],
            "credits": player["credits"],
            "revenue": player["revenue"],
            "paid": player.get("paid"),
            "banks": sum(1 for m in player.get("modules", []) if m.get("card") == BANK),
        }
        for key in MODULE_TYPES:
            row[f"count_{key}"] = sum(1 for m in player.get("modules", []) if m["type"] == key)
        mission = player.get("mission")
        if mission:
            row["mission_name"] = mission["name"]
            row["mission_reward"] = mission["reward"]
            row["mission_most"] = mission.get("most", "")
            if "achieved" in mission:
                row["mission_achieved"] = "yes" if mission["achieved"] else "no"
        rows.append(row)
    return rows

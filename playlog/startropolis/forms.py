"""Startropolis forms: the setup of a game played with the round tracker (rules, the readings'
settings, rush fees, players, order cards), each step at the table (a Purchase Phase turn, an
attachment, the Fusion dice, the figures the table enters), a player's own Mission Cards, and
the final scoring. Each builds the plain JSON of a `startropolis-session`; the rules
(`startropolis`) judge it and their sentence is shown. The end state of a game played without
the tracker is `playlog.startropolis.sheet_forms`.

The words are the rulebook's: module names, the three options, order cards. No key of the file
reaches a label.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hosting.names import NameField
from hosting.words import translated
from playlog.forms import NoFormTag, member_choices, mixed_person
from playlog.playfile import NAME_LENGTH
from startropolis.modules import (
    BANK,
    CIVIC,
    CORE_GAME_TYPES,
    MARKET_CENTER,
    MAX_CARD_COST,
    MAX_MISSION_REWARD,
    MAX_PLAYERS,
    MAX_RUSH_FEE,
    MAX_TEXT,
    MIN_CARD_COST,
    MODULE_TYPES,
    ORDER_CARD_NAMES,
    ORDER_CARDS,
    START_CREDITS,
)

TYPE_CHOICES = [(key, module.name) for key, module in MODULE_TYPES.items()]
TRACK_TYPE_CHOICES = [("", gettext_lazy("not known"))] + [
    (k, n) for k, n in TYPE_CHOICES if k != CIVIC
]
RANDOM = "random"
ORDER_CHOICES = [(RANDOM, gettext_lazy("deal at random"))] + [
    (key, format_lazy(gettext_lazy("{name} card"), name=name))
    for key, name in ORDER_CARD_NAMES.items()
]
DIE_CHOICES = [("", "–")] + [(str(n), str(n)) for n in range(1, 7)]
BASIC = "basic"
ADVANCED = "advanced"
CARD_CHOICES = [
    (BASIC, gettext_lazy("basic card")),
    (BANK, gettext_lazy("Bank (advanced Market Center card)")),
    (ADVANCED, gettext_lazy("another advanced card")),
]
OTHER_MISSION = ""


def type_name(key: str) -> str:
    return MODULE_TYPES[key].name


# --- setup ------------------------------------------------------------------------------------


class RulesForm(NoFormTag, forms.Form):
    """The game's rules and the readings' settings (OTHER-GAMES §2.7), each explained."""

    modules_in_play = forms.MultipleChoiceField(
        choices=TYPE_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        initial=list(CORE_GAME_TYPES),
        label=gettext_lazy("Module types in play"),
        help_text=gettext_lazy(
            "At most six (ST:295). With expansion modules the rulebook recommends one "
            "of each of the six categories."
        ),
    )
    solar_counts_itself = forms.BooleanField(
        required=False,
        initial=True,
        label=gettext_lazy("A Solar Power Module counts itself"),
        help_text=gettext_lazy(
            "“2M, + 1M for each Solar Power Module owned and attached by the player” "
            "(ST:195): on, a lone Solar earns 3M; off, only your other Solars count (2M alone). "
            "The rulebook does not settle it; on is this app's reading until your group checks "
            "a card."
        ),
    )
    negative_revenue = forms.ChoiceField(
        choices=[
            ("floor", gettext_lazy("the marker stops at 0, nobody pays")),
            ("pay", gettext_lazy("the marker goes below 0 and the player pays")),
        ],
        initial="floor",
        widget=forms.RadioSelect,
        label=gettext_lazy("Revenue below 0"),
        help_text=gettext_lazy(
            "A Civic on the Last card (−3M), a Stadium with one connection (−2M) or a "
            "Xenomorph nearby can take a player below 0; the rulebook does not say what then. "
            "This app stops the marker at 0 unless you choose otherwise."
        ),
    )
    spend_basis = forms.ChoiceField(
        choices=[
            ("printed", gettext_lazy("the printed costs of the modules owned")),
            ("paid", gettext_lazy("what each player actually paid (rush fees, clearance prices)")),
        ],
        initial="printed",
        widget=forms.RadioSelect,
        label=gettext_lazy("The second tie-breaker counts"),
        help_text=gettext_lazy(
            "“Total up the purchase prices on their owned modules. The player who has "
            "spent the most, wins” (ST:162): printed costs are what the table shows at the end; "
            "the app also knows what was paid."
        ),
    )
    track_credits = forms.BooleanField(
        required=False,
        initial=True,
        label=gettext_lazy("Keep each player's credits on their own phone"),
        help_text=gettext_lazy(
            "Credits are private (ST:79): each player sees only their own running total, "
            "the shared screen never shows it, and nothing is bought without the credits in hand."
        ),
    )
    missions = forms.BooleanField(
        required=False,
        label=gettext_lazy("Mission Cards (expansion)"),
        help_text=gettext_lazy(
            "Each player enters the two cards dealt and the one kept on their own phone; "
            "they stay hidden until the end (ST:279)."
        ),
    )
    advanced_factions = forms.BooleanField(
        required=False,
        label=gettext_lazy("Advanced Faction Cards (expansion)"),
        help_text=gettext_lazy(
            "A permanent bonus and a one-time power each (ST:266). Fungi's "
            "+2M per Luxury Habitation is known; give any other bonus of that shape below."
        ),
    )
    bidding = forms.BooleanField(
        required=False,
        label=gettext_lazy("Bid for the order cards"),
        help_text=gettext_lazy(
            "“You may bid for the right to choose your starting card” (ST:83): the bids "
            "are paid from the starting 14M; give the cards the bidding gave."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()
        for index in range(1, 5):
            self.fields[f"rush_fee_{index}"] = forms.IntegerField(
                min_value=0,
                max_value=MAX_RUSH_FEE,
                label=_("Slot %(number)s") % {"number": index},
            )
        for index in range(1, 7):
            self.fields[f"track_{index}"] = forms.ChoiceField(
                choices=TRACK_TYPE_CHOICES,
                required=False,
                label=_("Slot %(number)s") % {"number": index},
            )

    def rush_fee_fields(self) -> list:
        return [self[f"rush_fee_{index}"] for index in range(1, 5)]

    def track_fields(self) -> list:
        return [self[f"track_{index}"] for index in range(1, 7)]

    def track_errors(self) -> bool:
        """A card of the Construction Track refused: its folded section opens."""
        return any(field.errors for field in self.track_fields())

    def clean_modules_in_play(self) -> list[str]:
        chosen = self.cleaned_data["modules_in_play"]
        if len(chosen) > 6:
            raise forms.ValidationError(
                _("%(count)s module types are ticked; a game has at most six (ST:295).")
                % {"count": len(chosen)}
            )
        return [key for key in MODULE_TYPES if key in chosen]

    def rules(self, players: int) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "players": players,
            "modules_in_play": data["modules_in_play"],
            "negative_revenue": data["negative_revenue"],
            "solar_counts_itself": data["solar_counts_itself"],
            "track_credits": data["track_credits"],
            "missions": data["missions"],
            "advanced_factions": data["advanced_factions"],
            "spend_basis": data["spend_basis"],
        }

    def rush_fees(self) -> list[int]:
        return [self.cleaned_data[f"rush_fee_{index}"] for index in range(1, 5)]

    def construction_track(self) -> list[str | None] | None:
        """The six cards dealt, when any is given; a type not in play is refused by the rules."""
        cards = [self.cleaned_data.get(f"track_{index}") or None for index in range(1, 7)]
        return cards if any(cards) else None


class SeatForm(forms.Form):
    """One player: a member or a typed name, the faction, the starting order card, a bid, an
    advanced faction's bonus."""

    name = NameField(max_length=NAME_LENGTH, required=False, label=gettext_lazy("Name"))
    member = forms.ChoiceField(required=False, label=gettext_lazy("Member"))
    faction = NameField(
        max_length=MAX_TEXT,
        required=False,
        label=gettext_lazy("Faction"),
        help_text=gettext_lazy("e.g. Broodmaster, Fungi"),
    )
    order_card = forms.ChoiceField(
        choices=ORDER_CHOICES, initial=RANDOM, label=gettext_lazy("Order card")
    )
    bid = forms.IntegerField(
        min_value=0, max_value=START_CREDITS, required=False, label=gettext_lazy("Bid (M)")
    )
    bonus_per = forms.ChoiceField(
        required=False, label=gettext_lazy("Faction bonus: per module of type")
    )
    bonus_amount = forms.IntegerField(
        min_value=1, max_value=10, required=False, label=gettext_lazy("+M each")
    )

    def __init__(self, *args: Any, members: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = member_choices(list(members))
        self.fields["bonus_per"].choices = [("", _("no such bonus"))] + TYPE_CHOICES

    def used(self) -> bool:
        data = self.cleaned_data
        return bool(data.get("name", "").strip() or data.get("member") or data.get("faction"))

    def person(self) -> dict[str, Any]:
        name = " ".join(self.cleaned_data["name"].split())
        member = self.cleaned_data["member"] or None
        return {"name": name or member, "member": member}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.used():
            if not (data.get("name", "").strip() or data.get("member")):
                self.add_error("name", _("Who plays this faction? Choose a member or type a name."))
            elif mixed_person(data.get("name"), data.get("member")):
                self.add_error("name", mixed_person(data.get("name"), data.get("member")))
            if not (data.get("faction") or "").strip():
                self.add_error("faction", _("Which faction does this player play?"))
            if data.get("bonus_per") and not data.get("bonus_amount"):
                self.add_error("bonus_amount", _("How many M per module?"))
        return data


def seat_forms(data: Mapping | None, members: Sequence[str]) -> list[SeatForm]:
    return [SeatForm(data, members=members, prefix=f"seat{i}") for i in range(MAX_PLAYERS)]


def first_order(seats: Sequence[SeatForm], keys: Sequence[str]) -> list[str] | str:
    """The players First to Last from the chosen cards, or a sentence. All at random deals
    them now (ST:81 "Randomly deal a Player Order Card to each player")."""
    chosen = [seat.cleaned_data["order_card"] for seat in seats]
    if all(card == RANDOM for card in chosen):
        order = list(keys)
        random.shuffle(order)
        return order
    cards = ORDER_CARDS[len(keys)]
    if sorted(chosen) != sorted(cards):
        names = ", ".join(ORDER_CARD_NAMES[card] for card in cards)
        return _(
            "A %(count)s-player game uses the cards %(names)s (ST:81): give each player one "
            "of them, or deal them all at random."
        ) % {"count": len(keys), "names": names}
    return [keys[chosen.index(card)] for card in cards]


# --- the steps at the table --------------------------------------------------------------------


class PurchaseForm(NoFormTag, forms.Form):
    """One Purchase Phase turn (ST:99–107): what the player did, with each choice's price."""

    player = forms.CharField(widget=forms.HiddenInput)
    # One list grouped by the rulebook's options (an <optgroup> each): a phone's own picker,
    # where 18 radio buttons took a screen and a half.
    choice = forms.ChoiceField(widget=forms.Select, label=gettext_lazy("What did they do?"))
    module_type = forms.ChoiceField(
        required=False,
        label=gettext_lazy("The module bought"),
    )
    card = forms.ChoiceField(choices=CARD_CHOICES, initial=BASIC, label=gettext_lazy("Its card"))
    card_name = NameField(
        required=False, max_length=MAX_TEXT, label=gettext_lazy("Advanced card's name")
    )
    card_cost = forms.IntegerField(
        required=False,
        min_value=MIN_CARD_COST,
        max_value=MAX_CARD_COST,
        label=gettext_lazy("Its printed cost (M)"),
    )
    salvage_slot = forms.ChoiceField(
        required=False,
        choices=[
            ("", gettext_lazy("no")),
            ("5", gettext_lazy("slot 5")),
            ("6", gettext_lazy("slot 6")),
        ],
        label=gettext_lazy("First, trash a free-zone card with Salvage (ST:334)"),
    )
    salvage_type = forms.ChoiceField(required=False, label=gettext_lazy("The card trashed"))
    bank = forms.ChoiceField(required=False, label=gettext_lazy("Bank card"))
    bank_action = forms.ChoiceField(
        required=False,
        choices=[
            ("", gettext_lazy("nothing")),
            ("invest", gettext_lazy("invest")),
            ("withdraw", gettext_lazy("withdraw")),
        ],
        label=gettext_lazy("Bank (ST:291)"),
    )
    bank_amount = forms.IntegerField(
        required=False, min_value=1, max_value=99, label=gettext_lazy("Amount (M)")
    )
    drawn_1 = forms.ChoiceField(
        required=False,
        choices=TRACK_TYPE_CHOICES,
        label=gettext_lazy("New card turned over into slot 1"),
    )
    drawn_2 = forms.ChoiceField(
        required=False,
        choices=TRACK_TYPE_CHOICES,
        label=gettext_lazy("Second new card (after a Salvage trash)"),
    )

    def __init__(self, *args: Any, step: Mapping[str, Any], in_play: Sequence[str], **kwargs):
        kwargs.setdefault("initial", {})["player"] = step["player"]
        super().__init__(*args, **kwargs)
        self._helper()
        self.step = step
        # Grouped as the rulebook's three options (ST:99–107): a heading each, then its slots.
        groups: dict[str, list[tuple[str, str]]] = {
            heading: [] for heading in OPTION_HEADINGS.values()
        }
        for option in step["options"]:
            if option.get("available") is False:
                continue
            heading = OPTION_HEADINGS[option["option"]]
            groups[heading].append((_option_value(option), option_label(option)))
        # Nothing chosen until the player chooses: no purchase made by default.
        self.fields["choice"].choices = [("", "Choose…")] + [
            (h, items) for h, items in groups.items() if items
        ]
        types = [(k, type_name(k)) for k in in_play if k != CIVIC]
        self.fields["module_type"].choices = [("", "the card in the slot")] + types
        self.fields["salvage_type"].choices = [("", "the card in the slot")] + types
        self.fields["drawn_1"].choices = [("", "not known")] + types
        self.fields["drawn_2"].choices = [("", "not known")] + types
        banks = step.get("bank", [])
        self.fields["bank"].choices = [(b["module"], f"Bank {b['module']}") for b in banks]
        self.has_bank = bool(banks)
        self.has_salvage = "salvage" in step
        self.market_in_play = MARKET_CENTER in in_play

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("card") == ADVANCED and not (data.get("card_name") or "").strip():
            self.add_error("card_name", _("Give the advanced card's name."))
        if data.get("bank_action") and not data.get("bank_amount"):
            self.add_error("bank_amount", _("How many M?"))
        return data

    def purchase(self, module_id: str) -> dict[str, Any]:
        """The Purchase Phase turn as the session writes it."""
        data = self.cleaned_data
        option, slot = data["choice"].split("-")
        entry: dict[str, Any] = {"player": self.step["player"], "option": option}
        if data.get("salvage_slot"):
            trash: dict[str, Any] = {"slot": int(data["salvage_slot"])}
            if data.get("salvage_type"):
                trash["type"] = data["salvage_type"]
            entry["salvage"] = [trash]
        if option == "buy":
            entry["slot"] = int(slot)
            known = next(
                o["type"] for o in self.step["options"] if _option_value(o) == data["choice"]
            )
            module: dict[str, Any] = {"id": module_id, "type": data.get("module_type") or known}
            if data["card"] == BANK:
                module["card"] = BANK
            elif data["card"] == ADVANCED:
                module["card"] = data["card_name"].strip()
                if data.get("card_cost"):
                    module["cost"] = data["card_cost"]
            entry["module"] = module
        else:
            entry["discard_slot"] = int(slot)
            if option == "civic":
                entry["module"] = {"id": module_id, "type": CIVIC}
        if data.get("bank_action") and data.get("bank"):
            entry[data["bank_action"]] = {data["bank"]: data["bank_amount"]}
        drawn = [data.get("drawn_1")]
        if data.get("salvage_slot"):
            drawn.append(data.get("drawn_2"))
        if all(drawn):
            entry["drawn"] = drawn
        return entry


def _option_value(option: Mapping[str, Any]) -> str:
    slot = option.get("slot", option.get("discard_slot"))
    return f"{option['option']}-{slot}"


OPTION_HEADINGS = {
    "buy": gettext_lazy("Option 1 · buy a module"),
    "civic": gettext_lazy("Option 2 · a Civic Module, discarding a card"),
    "pass": gettext_lazy("Option 3 · take 5M, discarding a card"),
}


def option_label(option: Mapping[str, Any]) -> str:
    """A choice in the table's words, with its price, under its option's heading: "slot 6,
    Luxury Habitation: 7M"."""
    if option["option"] == "buy":
        what = type_name(option["type"]) if option.get("type") else _("the card there")
        values = {"slot": option["slot"], "what": what, "why": translated(option["why"])}
        if option.get("price") is not None:
            return _("slot %(slot)s, %(what)s: %(price)sM (%(why)s)") % {
                **values,
                "price": option["price"],
            }
        return _("slot %(slot)s, %(what)s (%(why)s)") % values
    if option["option"] == "civic":
        return _("discard slot %(slot)s: %(price)sM") % {
            "slot": option["discard_slot"],
            "price": option["price"],
        }
    gain = option["gain"]
    said = f"+{gain}M" if gain >= 0 else _("pay %(amount)sM") % {"amount": -gain}
    return _("discard slot %(slot)s: %(said)s (%(why)s)") % {
        "slot": option["discard_slot"],
        "said": said,
        "why": translated(option["why"]),
    }


class AttachmentForm(NoFormTag, forms.Form):
    """One Attachment Phase turn (ST:115–136): a held module and the modules it touches."""

    player = forms.CharField(widget=forms.HiddenInput)
    module = forms.ChoiceField(widget=forms.RadioSelect, label=gettext_lazy("Module to attach"))
    to = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple, label=gettext_lazy("Attached to")
    )

    def __init__(self, *args: Any, step: Mapping[str, Any], nodes: Sequence[tuple], **kwargs):
        kwargs.setdefault("initial", {})["player"] = step["player"]
        if len(step["held"]) == 1:
            kwargs["initial"]["module"] = step["held"][0]["id"]
        super().__init__(*args, **kwargs)
        self._helper()
        self.step = step
        self.fields["module"].choices = [
            (m["id"], f"{type_name(m['type'])} {m['id']}") for m in step["held"]
        ]
        self.fields["to"].choices = list(nodes)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "hold" not in self.data and not data.get("to"):
            self.add_error("to", _("Tick what the module touches (the Core or modules)."))
        return data

    def attachment(self) -> dict[str, Any]:
        if "hold" in self.data:
            return {"player": self.step["player"], "hold": True}
        return {"module": self.cleaned_data["module"], "to": list(self.cleaned_data["to"])}


class RollsForm(NoFormTag, forms.Form):
    """The die for each Fusion Reactor at the start of the Revenue Phase (ST:325)."""

    def __init__(self, *args: Any, reactors: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()
        self.reactors = list(reactors)
        for reactor in self.reactors:
            self.fields[f"roll_{reactor}"] = forms.TypedChoiceField(
                choices=DIE_CHOICES,
                coerce=int,
                label=_("Fusion Reactor %(reactor)s rolled") % {"reactor": reactor},
            )

    def rolls(self) -> dict[str, int]:
        return {r: self.cleaned_data[f"roll_{r}"] for r in self.reactors}


class FiguresForm(NoFormTag, forms.Form):
    """What the table enters for the round in play: an advanced card's revenue, a standing
    revenue adjustment, credits gained or paid once, a one-time power used."""

    def __init__(
        self,
        *args: Any,
        players: Sequence[str],
        cards: Sequence[Mapping[str, Any]],
        advanced_factions: bool,
        powers_left: Sequence[str],
        figures: Mapping[str, Any],
        **kwargs: Any,
    ) -> None:
        initial = {}
        for player in players:
            initial[f"revenue_{player}"] = figures.get("revenue_adjustments", {}).get(player)
            initial[f"credits_{player}"] = figures.get("credit_adjustments", {}).get(player)
            initial[f"power_{player}"] = player in figures.get("powers_used", [])
        for card in cards:
            initial[f"card_{card['id']}"] = figures.get("card_revenue", {}).get(card["id"])
        kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        self._helper()
        self.players = list(players)
        self.cards = list(cards)
        self.powers = [p for p in players if advanced_factions and p in powers_left]
        for card in self.cards:
            self.fields[f"card_{card['id']}"] = forms.IntegerField(
                required=False,
                min_value=-30,
                max_value=30,
                label=_("%(name)s %(id)s (%(card)s): revenue (M)")
                % {"name": card["name"], "id": card["id"], "card": card["card"]},
            )
        for player in self.players:
            self.fields[f"revenue_{player}"] = forms.IntegerField(
                required=False,
                min_value=-30,
                max_value=30,
                label=_("%(player)s: revenue ± (M)") % {"player": player},
            )
            self.fields[f"credits_{player}"] = forms.IntegerField(
                required=False,
                min_value=-50,
                max_value=50,
                label=_("%(player)s: credits ± once (M)") % {"player": player},
            )
        for player in self.powers:
            self.fields[f"power_{player}"] = forms.BooleanField(
                required=False,
                label=_("%(player)s used the one-time power this round") % {"player": player},
            )

    def figures(self) -> dict[str, Any]:
        data = self.cleaned_data
        out: dict[str, Any] = {
            "card_revenue": {
                c["id"]: data[f"card_{c['id']}"]
                for c in self.cards
                if data.get(f"card_{c['id']}") is not None
            },
            "revenue_adjustments": {
                p: data[f"revenue_{p}"] for p in self.players if data.get(f"revenue_{p}")
            },
            "credit_adjustments": {
                p: data[f"credits_{p}"] for p in self.players if data.get(f"credits_{p}")
            },
            "powers_used": [p for p in self.powers if data.get(f"power_{p}")],
        }
        return out


# --- a player's own phone --------------------------------------------------------------------


class MissionForm(NoFormTag, forms.Form):
    """A player's two Mission Cards dealt, the one kept, its reward and its kind (ST:279–283)."""

    dealt_1 = NameField(max_length=MAX_TEXT, label=gettext_lazy("First card dealt"))
    dealt_2 = NameField(max_length=MAX_TEXT, label=gettext_lazy("Second card dealt"))
    kept = forms.ChoiceField(
        choices=[("1", gettext_lazy("the first")), ("2", gettext_lazy("the second"))],
        widget=forms.RadioSelect,
        label=gettext_lazy("The one you keep"),
    )
    reward = forms.IntegerField(
        min_value=0, max_value=MAX_MISSION_REWARD, label=gettext_lazy("Its reward (M)"), initial=10
    )
    most = forms.ChoiceField(
        required=False,
        label=gettext_lazy("What it asks"),
        help_text=gettext_lazy(
            "“Own the most … modules” is judged from the station (strictly more than "
            "every other player); any other mission the table judges at the end."
        ),
    )

    def __init__(self, *args: Any, mission: Mapping[str, Any] | None = None, **kwargs):
        if mission:
            dealt = list(mission.get("dealt", []))
            kwargs["initial"] = {
                "dealt_1": dealt[0] if dealt else "",
                "dealt_2": dealt[1] if len(dealt) > 1 else "",
                "kept": "2" if len(dealt) > 1 and mission.get("kept") == dealt[1] else "1",
                "reward": mission.get("reward"),
                "most": mission.get("most") or OTHER_MISSION,
            }
        super().__init__(*args, **kwargs)
        self._helper()
        self.fields["most"].choices = [(OTHER_MISSION, _("another kind of mission"))] + [
            (key, _("Own the most %(type)s Modules") % {"type": name}) for key, name in TYPE_CHOICES
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        first, second = (data.get("dealt_1") or "").strip(), (data.get("dealt_2") or "").strip()
        if first and first == second:
            self.add_error(
                "dealt_2", _("Two different cards are dealt: each card is in the deck once.")
            )
        return data

    def mission(self) -> dict[str, Any]:
        data = self.cleaned_data
        dealt = [data["dealt_1"].strip(), data["dealt_2"].strip()]
        mission: dict[str, Any] = {
            "dealt": dealt,
            "kept": dealt[int(data["kept"]) - 1],
            "reward": data["reward"],
        }
        if data.get("most"):
            mission["most"] = data["most"]
        return mission


class FinishForm(NoFormTag, forms.Form):
    """The final scoring of a tracker game: what the replay cannot know — credits in hand when
    they were not tracked, and the verdict on each mission the station cannot judge."""

    def __init__(
        self,
        *args: Any,
        players: Sequence[str],
        ask_credits: bool,
        missions: Mapping[str, str],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._helper()
        self.players = list(players)
        self.ask_credits = ask_credits
        self.missions = dict(missions)
        if ask_credits:
            for player in self.players:
                self.fields[f"credits_{player}"] = forms.IntegerField(
                    min_value=0,
                    max_value=999,
                    label=_("%(player)s: credits in hand (M)") % {"player": player},
                )
        for player, name in self.missions.items():
            self.fields[f"mission_{player}"] = forms.TypedChoiceField(
                choices=[("yes", _("achieved")), ("no", _("not achieved"))],
                coerce=lambda value: value == "yes",
                widget=forms.RadioSelect,
                label=_("%(player)s's mission “%(name)s”") % {"player": player, "name": name},
            )

    def credits(self) -> dict[str, int] | None:
        if not self.ask_credits:
            return None
        return {p: self.cleaned_data[f"credits_{p}"] for p in self.players}

    def verdicts(self) -> dict[str, bool]:
        return {p: self.cleaned_data[f"mission_{p}"] for p in self.missions}


class BackSeatForm(forms.Form):
    """The page a step at the table was entered on (each step's hidden "seat"): the table
    (nothing sent) or a seat's own page, whose number the view checks."""

    seat = forms.IntegerField(required=False, label=gettext_lazy("Seat"))

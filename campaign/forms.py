"""Forms of the campaign pages: a new campaign, a mid-campaign opening, the post-game checklist.

The game form itself is the scoring wizard's (`scoring.wizard`), reused with the campaign's
derived rules as fixed values; `GameFactsForm` here adds only what is not on the table.
Forms validate shapes (numbers, choices); the rules are the replay's: whatever it refuses comes
back as a `CampaignError` sentence that the view shows beside the form.
"""

from __future__ import annotations

import re
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from gamefile.json_input import JsonInputError, parse_json_text
from hosting.form_words import number_refusals
from hosting.names import NameField
from hosting.time_zones import TimeZoneField
from hosting.words import translated
from scoring.wizard.widgets import FIELD_TEMPLATE, REFRESH, Details, Partial
from solar175.campaign_file import MAX_CORPORATIONS, NOTES_MAX_LENGTH
from solar175.catalogue import boxes_of
from solar175.engine import UNITED_FEDERALISTS
from solar175.house_rules import HOUSE_RULES, SETTINGS_KEYS
from solar175.sections import SECTION_NUMBERS

OPENING_CITY_ROWS = 6
_DEBT_VALUES = re.compile(r"^\s*\d+(\s*,\s*\d+)*\s*$")


def _filled_in(sentence: Any, **values: Any) -> str:
    return str(sentence) % values


# A sentence marked with `gettext_lazy`, its values put in when it is read (in the reader's
# language): for messages a class declares at import.
filled_in_lazy = lazy(_filled_in, str)


def _helper() -> FormHelper:
    helper = FormHelper()
    # The templates own the <form> tag: one form element often holds several crispy forms.
    helper.form_tag = False
    helper.disable_csrf = True
    return helper


class CampaignForm(forms.Form):
    """The campaign's name and a field for each house rule (solar175.house_rules)."""

    name = NameField(max_length=100, label=gettext_lazy("Campaign name"))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for rule in HOUSE_RULES:
            self.fields[rule.key] = forms.ChoiceField(
                choices=[(value, translated(words)) for value, words in rule.choices],
                initial=rule.default,
                label=translated(rule.label),
                help_text=translated(rule.sentence),
                # A page drawn before a house rule existed does not send it: left as it is.
                required=False,
            )
        self.order_fields(["name", *SETTINGS_KEYS])
        self.helper = _helper()

    def house_rules(self) -> dict[str, str]:
        """The house rules chosen, by key (the campaign file's `settings`); one the form was
        not sent is left out (a new campaign takes its default, a saved one keeps its value)."""
        return {key: self.cleaned_data[key] for key in SETTINGS_KEYS if self.cleaned_data[key]}


class SettingsForm(CampaignForm):
    """The campaign's settings, with what they were when the form was drawn: settings changed
    by someone else since are not replaced unknowingly (`actions.update_settings`); and the
    time zone its pages are shown in (`actions.set_time_zone`)."""

    time_zone = TimeZoneField(
        help_text=gettext_lazy(
            "The campaign's dates and times are shown in this zone, and a new game is "
            "dated with its today."
        ),
        # A page drawn before the zone could be chosen does not send it: left as it is.
        required=False,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].offer(self.initial.get("time_zone", ""))
        for name in ("name", *SETTINGS_KEYS):
            self.fields[f"was_{name}"] = forms.CharField(
                required=False,
                widget=forms.HiddenInput,
                max_length=100,
                initial=self.initial.get(name, ""),
            )

    def drawn_from(self) -> dict[str, str] | None:
        if "was_name" not in self.data:
            return None  # a form that does not say
        # A house rule added since the page was drawn is not compared.
        return {
            name: self.cleaned_data[f"was_{name}"]
            for name in ("name", *SETTINGS_KEYS)
            if f"was_{name}" in self.data
        }

    def set_drawn_from(self, settings: dict[str, str]) -> None:
        """After a refusal: a second save replaces the settings as they are now."""
        self.data = self.data.copy()
        for name, value in settings.items():
            self.data[f"was_{name}"] = value


REFERENCE_BOX = ""


class NewCampaignForm(CampaignForm):
    """A new campaign: its name and house rule, and the box it starts from — the rulebook's
    reference, or a copy of another of this person's campaigns' boxes (what their group
    already copied from its cards)."""

    box_from = forms.ChoiceField(
        label=gettext_lazy("Start its box from"),
        required=False,
        help_text=gettext_lazy(
            "Your group's corrections and additions to the rulebook's card data (zones, "
            "ships, megastructures, debt boxes). The new campaign gets its own copy."
        ),
    )
    # The phone's own zone (static/js/time-zone.js); changeable in the settings.
    time_zone = TimeZoneField(phone=True)

    def __init__(self, *args, boxes: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["box_from"].choices = [
            (REFERENCE_BOX, _("The rulebook's reference (nothing corrected yet)")),
            *boxes,
        ]
        if not boxes:
            self.fields["box_from"].widget = forms.HiddenInput()


class CorporationForm(forms.Form):
    """One row of the new-campaign form; a row left as it was shown is no corporation."""

    colour = forms.ChoiceField(label=gettext_lazy("Colour"))
    player = NameField(max_length=60, required=False, label=gettext_lazy("Player"))
    name = NameField(
        max_length=60,
        required=False,
        label=gettext_lazy("Corporation name"),
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("optional")}),
    )
    ai = forms.BooleanField(required=False, label=gettext_lazy("AI player"))

    def __init__(self, *args, colours: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["colour"].choices = [
            (key, name.removesuffix(" corporation")) for key, name in colours
        ]
        self.helper = _helper()
        self.helper.layout = Layout(
            Row(
                Column("colour", css_class="col-5"),
                Column("player", css_class="col-7"),
            ),
            Row(
                Column("name", css_class="col-7"),
                Column("ai", css_class="col-5 pt-sm-4"),
            ),
        )

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("player") and not data.get("ai"):
            raise ValidationError(_("Give the player's name, or tick AI player."))
        return data


def _too_many_corporations() -> str:
    return ngettext(
        "A campaign has at most %(most)s corporation.",
        "A campaign has at most %(most)s corporations.",
        MAX_CORPORATIONS,
    ) % {"most": MAX_CORPORATIONS}


class BaseCorporationFormSet(forms.BaseFormSet):
    # The rows' refusals in the game's words, not Django's ("ManagementForm data is missing or
    # has been tampered with", "Please submit at most 5 forms.").
    default_error_messages = {
        "missing_management_form": gettext_lazy(
            "The corporations' rows did not all arrive: reload the page and fill them in again."
        ),
        "too_many_forms": lazy(_too_many_corporations, str)(),
    }

    def __init__(self, *args, colours: list[tuple[str, str]], **kwargs) -> None:
        self.colours = colours
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index: int) -> dict:
        kwargs = super().get_form_kwargs(index)
        kwargs["colours"] = self.colours
        # Each row suggests its own colour; an untouched row still counts as empty.
        if index is not None and index < len(self.colours):
            kwargs["initial"] = {"colour": self.colours[index][0]}
        return kwargs

    def clean(self) -> None:
        if any(self.errors):
            return
        seen: set[str] = set()
        for form in self.forms:
            colour = form.cleaned_data.get("colour")
            if not colour:
                continue
            if colour in seen:
                raise ValidationError(_("Each corporation needs its own colour."))
            seen.add(colour)

    def corporations(self) -> list[dict]:
        """The filled rows in docs/campaign-file.md shape (`key`, `name`, `player`, `ai`)."""
        names = dict(self.colours)
        result = []
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or not data.get("colour"):
                continue
            key = data["colour"]
            result.append(
                {
                    "key": key,
                    "name": data.get("name") or names[key],
                    "player": data.get("player", ""),
                    "ai": bool(data.get("ai")),
                }
            )
        return result


CorporationFormSet = forms.formset_factory(
    CorporationForm,
    formset=BaseCorporationFormSet,
    extra=MAX_CORPORATIONS,
    min_num=0,
    max_num=MAX_CORPORATIONS,
    absolute_max=MAX_CORPORATIONS,
    validate_max=True,
)


def corporation_formset(data=None, *, colours: list[tuple[str, str]]) -> BaseCorporationFormSet:
    formset = CorporationFormSet(data, prefix="corp", colours=colours)
    return formset


def count_filled(formset: BaseCorporationFormSet) -> int:
    return sum(1 for form in formset.forms if form.has_changed())


# The largest campaign file the import takes (a 60-game campaign is about 0.2 MB). Django's
# DATA_UPLOAD_MAX_MEMORY_SIZE does not cover uploaded files: the form checks the size itself.
MAX_CAMPAIGN_FILE_MB = 2
MAX_CAMPAIGN_FILE_BYTES = MAX_CAMPAIGN_FILE_MB * 1024 * 1024


def _megabytes(size: int) -> str:
    """3.1 MB: rounded up to a tenth, so a file just over the limit never reads as 2.0 MB."""
    tenths = -(-size * 10 // (1024 * 1024))
    # The person's decimal mark: 3.1 MB in English, 3,1 MB in German.
    return f"{number_format(tenths / 10, decimal_pos=1)} MB"


def _problem(error: Exception) -> Any:
    """An error's sentence (a rule's `Sentence` kept, to be said in the reader's language)."""
    said = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)
    return translated(said)


class CampaignFileForm(forms.Form):
    """The upload of a campaign file. `cleaned_data["file"]` is the parsed JSON, not the file:
    a file too large, not UTF-8 or not JSON is refused with one sentence naming the field."""

    file = forms.FileField(
        label=gettext_lazy("Campaign file (.json)"),
        error_messages={
            "required": gettext_lazy("Campaign file: choose the file to import."),
            "empty": filled_in_lazy(
                gettext_lazy(
                    "Campaign file: must be a JSON file of at most %(most)s MB; this one is empty."
                ),
                most=MAX_CAMPAIGN_FILE_MB,
            ),
        },
        help_text=filled_in_lazy(
            gettext_lazy(
                "A file exported from this app (docs/campaign-file.md), at most %(most)s MB."
            ),
            most=MAX_CAMPAIGN_FILE_MB,
        ),
    )
    # The phone's own zone (static/js/time-zone.js): the file holds none.
    time_zone = TimeZoneField(phone=True)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        most = MAX_CAMPAIGN_FILE_MB
        if upload.size > MAX_CAMPAIGN_FILE_BYTES:
            raise ValidationError(
                _(
                    "Campaign file: must be a JSON file of at most %(most)s MB; "
                    "this one is %(size)s."
                )
                % {"most": most, "size": _megabytes(upload.size)}
            )
        # Never more than the limit in memory, whatever the upload claims its size is.
        content = upload.read(MAX_CAMPAIGN_FILE_BYTES + 1)
        if len(content) > MAX_CAMPAIGN_FILE_BYTES:
            raise ValidationError(
                _("Campaign file: must be a JSON file of at most %(most)s MB; this one is larger.")
                % {"most": most}
            )
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            raise ValidationError(
                _(
                    "Campaign file: must be a JSON file of at most %(most)s MB; "
                    "this one is not UTF-8 text."
                )
                % {"most": most}
            ) from None
        try:
            return parse_json_text(text)
        except JsonInputError as error:  # also too deeply nested, or numbers too long
            # Translators: %(problem)s is what is wrong with the file ("is not JSON: ...").
            raise ValidationError(
                _(
                    "Campaign file: must be a JSON file of at most %(most)s MB; "
                    "this one %(problem)s."
                )
                % {"most": most, "problem": _problem(error)}
            ) from None


class OpeningForm(forms.Form):
    """The state after an earlier game, for a group that starts using the app mid-campaign.

    Rows refer to the corporation rows of the same page (1-5); `opening()` turns them into the
    docs/campaign-file.md `opening` shape once the corporations' keys are known.
    """

    after_game = forms.IntegerField(
        min_value=1, max_value=200, label=gettext_lazy("Games already played"), initial=4
    )
    incumbent_party = forms.ChoiceField(label=gettext_lazy("Party in power now"))

    def __init__(
        self,
        *args,
        parties: list[tuple[str, str]],
        sections: list[tuple[str, str]],
        awards: list[dict],
        megastructures: list[tuple[str, str]],
        locations: list[tuple[str, str]],
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        self.parties = parties
        self.sections = sections
        self.awards = awards
        self.fields["incumbent_party"].choices = parties
        self.fields["incumbent_party"].initial = UNITED_FEDERALISTS
        rows = [("", "—")] + [
            (str(row), _("Corporation %(row)s") % {"row": row})
            for row in range(1, MAX_CORPORATIONS + 1)
        ]
        for row in range(1, MAX_CORPORATIONS + 1):
            for key, label in sections:
                self.fields[f"tracker_{row}_{key}"] = forms.IntegerField(
                    min_value=0,
                    max_value=boxes_of(key),
                    initial=0,
                    required=False,
                    label=label,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            self.fields[f"tracker_{row}_influence_tally"] = forms.IntegerField(
                min_value=0,
                initial=0,
                required=False,
                label=_("Wins after full"),
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
            self.fields[f"tracker_{row}_debt"] = forms.IntegerField(
                min_value=0,
                initial=0,
                required=False,
                label=_("Bank debt (points)"),
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        self.fields["last_winner"] = forms.ChoiceField(
            choices=rows, required=False, label=_("Winner of the last game")
        )
        for award in awards:
            self.fields[f"award_{award['section']}_{award['tier']}"] = forms.ChoiceField(
                choices=rows, required=False, label=award["name"]
            )
        for key, label in parties:
            self.fields[f"wins_{key}"] = forms.IntegerField(
                min_value=0,
                initial=0,
                required=False,
                label=label,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        self.fields["overthrows"] = forms.IntegerField(
            min_value=0,
            initial=0,
            required=False,
            label=_("Elections the Celestial Rebellion overthrew"),
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )
        self.fields["unlocked_sections"] = forms.TypedMultipleChoiceField(
            choices=[(n, f"#{n}") for n in SECTION_NUMBERS],
            coerce=int,
            required=False,
            widget=forms.CheckboxSelectMultiple,
            label=_("Sections unlocked"),
        )
        self.fields["megastructures_built"] = forms.MultipleChoiceField(
            choices=megastructures,
            required=False,
            widget=forms.CheckboxSelectMultiple,
            label=_("Megastructures built"),
        )
        for index in range(1, OPENING_CITY_ROWS + 1):
            self.fields[f"city_{index}_location"] = forms.ChoiceField(
                choices=[("", "—"), *locations], required=False, label=_("Location")
            )
            self.fields[f"city_{index}_name"] = NameField(
                max_length=60, required=False, label=_("City name")
            )
            self.fields[f"city_{index}_row"] = forms.ChoiceField(
                choices=rows, required=False, label=_("Named by")
            )

    def tracker_rows(self) -> list[dict]:
        """Bound fields grouped per corporation row, for the template's grid."""
        return [
            {
                "row": row,
                "fields": [self[f"tracker_{row}_{key}"] for key, _ in self.sections]
                + [self[f"tracker_{row}_influence_tally"], self[f"tracker_{row}_debt"]],
            }
            for row in range(1, MAX_CORPORATIONS + 1)
        ]

    def award_fields(self) -> list:
        return [self[f"award_{a['section']}_{a['tier']}"] for a in self.awards]

    def party_fields(self) -> list:
        return [self[f"wins_{key}"] for key, _ in self.parties]

    def city_rows(self) -> list[list]:
        return [
            [self[f"city_{i}_{part}"] for part in ("location", "name", "row")]
            for i in range(1, OPENING_CITY_ROWS + 1)
        ]

    def clean(self) -> dict:
        data = super().clean()
        for index in range(1, OPENING_CITY_ROWS + 1):
            parts = [data.get(f"city_{index}_{part}") for part in ("location", "name", "row")]
            if any(parts) and not all(parts):
                self.add_error(
                    f"city_{index}_name", _("A city needs its location, its name and who named it.")
                )
        return data

    def opening(self, corporation_keys: list[str]) -> dict:
        """The opening snapshot (docs/campaign-file.md); raises ValidationError naming a row
        with no corporation."""
        data = self.cleaned_data

        def corporation(row: str, field: str) -> str:
            index = int(row) - 1
            if index >= len(corporation_keys):
                self.add_error(
                    field, _("There is no corporation %(row)s on this page.") % {"row": row}
                )
                raise ValidationError("")
            return corporation_keys[index]

        tracker = {}
        for row, key in enumerate(corporation_keys, start=1):
            tracker[key] = {
                section: data.get(f"tracker_{row}_{section}") or 0 for section, _ in self.sections
            }
            tracker[key]["influence_tally"] = data.get(f"tracker_{row}_influence_tally") or 0
        debt = {
            key: data[f"tracker_{row}_debt"]
            for row, key in enumerate(corporation_keys, start=1)
            if data.get(f"tracker_{row}_debt")
        }
        for row in range(len(corporation_keys) + 1, MAX_CORPORATIONS + 1):
            for section, _label in self.sections:
                if data.get(f"tracker_{row}_{section}"):
                    self.add_error(
                        f"tracker_{row}_{section}",
                        _("There is no corporation %(row)s on this page.") % {"row": row},
                    )
                    raise ValidationError("")
        awards = []
        for award in self.awards:
            field = f"award_{award['section']}_{award['tier']}"
            if data.get(field):
                awards.append(
                    {
                        "section": award["section"],
                        "tier": award["tier"],
                        "corporation": corporation(data[field], field),
                        "game": 0,
                        "points": award["points"],
                    }
                )
        election_wins = {key: data.get(f"wins_{key}") or 0 for key, _ in self.parties}
        after_game = data["after_game"]
        cities = []
        for index in range(1, OPENING_CITY_ROWS + 1):
            if data.get(f"city_{index}_name"):
                cities.append(
                    {
                        # The snapshot does not say which earlier game: the last one.
                        "game": after_game,
                        "location": data[f"city_{index}_location"],
                        "name": data[f"city_{index}_name"],
                        "corporation": corporation(data[f"city_{index}_row"], f"city_{index}_row"),
                    }
                )
        opening = {
            "after_game": after_game,
            "tracker": tracker,
            "awards": awards,
            "election_wins": election_wins,
            "overthrows": data.get("overthrows") or 0,
            "unlocked_sections": [
                {"section": number, "game": 0} for number in data.get("unlocked_sections", [])
            ],
            "megastructures_built": [
                {"game": after_game, "megastructure": key}
                for key in data.get("megastructures_built", [])
            ],
            "cities": cities,
            "incumbent_party": data["incumbent_party"],
            "debt": debt,
        }
        if data.get("last_winner"):
            opening["last_winner"] = corporation(data["last_winner"], "last_winner")
        return opening


# The events a game records (docs/campaign-file.md `games[]`), in the form's order.
EVENTS = ("neds_sold_out", "census_completed", "megastructure_repairs_completed")
# The choice "no megastructure was built this game" (an empty choice means "not chosen yet").
NONE_BUILT = "none-built"


class GameFactsForm(forms.Form):
    """What a campaign game records that is not on the table (docs/campaign-file.md `games[]`)."""

    played_on = forms.DateField(
        label=gettext_lazy("Played on"),
        # A date input reads and writes ISO dates whatever the site's language.
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        # Today in the campaign's zone (its page frame activates it).
        initial=timezone.localdate,
    )
    megastructure = forms.ChoiceField(
        label=gettext_lazy("Megastructure built"),
        error_messages={
            "required": gettext_lazy(
                "Choose the megastructure built this game, or “None built this game”."
            )
        },
    )
    neds_sold_out = forms.BooleanField(
        required=False, label=gettext_lazy("NEDs sold out this game")
    )
    census_completed = forms.BooleanField(required=False, label=gettext_lazy("Census completed"))
    megastructure_repairs_completed = forms.BooleanField(
        required=False, label=gettext_lazy("Megastructure repairs completed")
    )
    notes = forms.CharField(
        required=False,
        max_length=NOTES_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("Notes"),
    )
    # Which game the live preview scores, and the version an edit started from.
    number = forms.IntegerField(required=False, widget=forms.HiddenInput)
    expected_version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # The game as the editor first saw it (JSON), to say what another editor changed.
    original = forms.CharField(required=False, widget=forms.HiddenInput, max_length=200_000)
    # Asked only when nothing was entered anywhere (`ask_empty`).
    confirm_empty = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "Nothing has been counted anywhere: save this empty table anyway (the winner by "
            "tie-breaker, a box for everyone)."
        ),
    )

    def __init__(
        self,
        *args,
        megastructures: list[tuple[str, str]],
        corporations: list[tuple[str, str]],
        debt: bool,
        debt_rows: tuple = (),
        events: tuple[str, ...] = EVENTS,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        # Drawn like the wizard's own fields, since it sits inside the wizard's page, which
        # shows the form's errors above it: this template leaves them out, not to say it twice.
        self.helper.field_template = FIELD_TEMPLATE
        self.helper.template = "campaign/_game_facts_form.html"
        # Never a silent "none built": with one megastructure the rules allow, it is chosen;
        # with several, the group picks (the chooser's pick, #9); "none" is a choice of its own.
        choices = [] if len(megastructures) == 1 else [("", _("— choose —"))]
        self.fields["megastructure"].choices = [
            *choices,
            *megastructures,
            (NONE_BUILT, _("None built this game")),
        ]
        # Its location places the +5 presence bonus: a change redraws the wizard's rules.
        self.fields["megastructure"].widget.attrs.update(REFRESH)
        if len(megastructures) == 1:
            self.fields["megastructure"].initial = megastructures[0][0]
        # The events come with the sections that bring them (docs/wizard.md): a field only
        # once its section is open, or when the game already records it.
        for name in EVENTS:
            if name not in events and not self.initial.get(name):
                del self.fields[name]
        self.events = tuple(name for name in EVENTS if name in self.fields)
        self.corporation_keys = [key for key, _ in corporations]
        self.debt = debt
        self.debt_rows = tuple(debt_rows)
        debt_fields = []
        if debt:
            for key, name in corporations:
                # #8: with the card's rows in the box, the group says which power it used and
                # how often; the red boxes' values follow from the card (docs/replay.md).
                for number, row in enumerate(self.debt_rows, start=1):
                    debt_fields.append(f"debt_{key}_row{number}")
                    self.fields[f"debt_{key}_row{number}"] = forms.IntegerField(
                        required=False,
                        min_value=0,
                        max_value=len(row.values),
                        # Translators: a corporation, then a row of its card's red boxes.
                        label=_("%(corporation)s: %(row)s, boxes checked this game")
                        % {"corporation": name, "row": row.name},
                        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                    )
                if self.debt_rows and not self.initial.get(f"debt_{key}"):
                    continue
                debt_fields.append(f"debt_{key}")
                self.fields[f"debt_{key}"] = forms.CharField(
                    required=False,
                    max_length=60,
                    label=(
                        _("%(corporation)s: box values") % {"corporation": name}
                        if self.debt_rows
                        else name
                    ),
                    widget=forms.TextInput(attrs={"inputmode": "decimal"}),
                )
        self.helper.layout = Layout(
            "played_on",
            "megastructure",
            *self.events,
            *(
                [
                    Details(
                        _("Bank of Yurushi debt boxes checked"),
                        Partial("campaign/_debt_boxes_help.html", debt_rows=self.debt_rows),
                        *debt_fields,
                        open_when=debt_fields,
                    )
                ]
                if debt_fields
                else []
            ),
            Details(_("Notes"), "notes", open_when=["notes"]),
            # On the edit page only (campaign.views.games gives `move_url`).
            Partial("campaign/_move_game.html"),
            "number",
            "expected_version",
            "original",
        )

    def ask_empty(self) -> None:
        """Ask before saving a table nobody counted anything on (`confirm_empty`)."""
        self.add_error(
            None,
            _(
                "Nothing has been entered anywhere on this table. If that is right, tick the box "
                "below and save again."
            ),
        )
        self.helper.layout.fields.insert(0, "confirm_empty")

    def clean_megastructure(self) -> str:
        value = self.cleaned_data["megastructure"]
        return "" if value == NONE_BUILT else value

    def clean(self) -> dict:
        data = super().clean()
        for name in EVENTS:
            data.setdefault(name, False)
        for key in self.corporation_keys:
            value = data.get(f"debt_{key}") or ""
            if value and not _DEBT_VALUES.match(value):
                self.add_error(f"debt_{key}", _("Write the box values as numbers: 2, 3."))
        return data

    def debt_marks(self) -> list[dict]:
        marks = []
        for key in self.corporation_keys:
            for number in range(1, len(self.debt_rows) + 1):
                count = self.cleaned_data.get(f"debt_{key}_row{number}") or 0
                marks += [{"corporation": key, "row": number}] * count
            for value in (self.cleaned_data.get(f"debt_{key}") or "").split(","):
                if value.strip():
                    marks.append({"corporation": key, "points": int(value)})
        return marks

    def set_hidden(self, **values: Any) -> None:
        """Change hidden values of a bound form (a stale edit starts again from the new version)."""
        self.data = self.data.copy()
        for name, value in values.items():
            self.data[self.add_prefix(name)] = "" if value is None else str(value)

    @staticmethod
    def initial_for(game) -> dict:
        initial = {
            "number": game.number,
            "expected_version": game.version,
            "played_on": game.played_on,
            "megastructure": game.megastructure or NONE_BUILT,
            "neds_sold_out": game.neds_sold_out,
            "census_completed": game.census_completed,
            "megastructure_repairs_completed": game.megastructure_repairs_completed,
            "notes": game.notes,
        }
        per_corporation: dict[str, list[str]] = {}
        for mark in game.debt_marks or []:
            if "row" in mark:
                name = f"debt_{mark['corporation']}_row{mark['row']}"
                initial[name] = initial.get(name, 0) + 1
                continue
            per_corporation.setdefault(mark["corporation"], []).append(str(mark["points"]))
        for key, values in per_corporation.items():
            initial[f"debt_{key}"] = ", ".join(values)
        return initial


class CityForm(forms.Form):
    """Step 2 of the checklist: the winner names a city on a base location with a free space."""

    location = forms.ChoiceField(label=gettext_lazy("Base location"))
    name = NameField(max_length=60, label=gettext_lazy("City name"))
    # The game's version this form was drawn from: a city named meanwhile is not replaced.
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, locations: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["location"].choices = [("", _("Choose a location")), *locations]
        self.helper = _helper()


class ZoneForm(forms.Form):
    """The zone of a game's Megastructure Location Token, asked where an earlier version
    stored the game without it (docs/upgrading.md): one of the zones in play in that game."""

    zone = forms.TypedChoiceField(
        label=gettext_lazy("Zone of the Megastructure Location Token"), coerce=int
    )
    # The game's version this form was drawn from: a game saved meanwhile is not replaced.
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, zones: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["zone"].choices = [("", _("Choose the zone")), *zones]
        self.helper = _helper()


class PowerForm(forms.Form):
    """Section #7: a corporation picks its permanent power; powers already taken are hidden."""

    power = forms.ChoiceField(label=gettext_lazy("Power"))

    def __init__(self, *args, powers: list[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["power"].choices = powers
        self.helper = _helper()


# --- the small bodies of the game pages (campaign.views.games) ------------------------------


class DiscardDraftForm(forms.Form):
    """The one-phone save's box "Discard the draft of game N" (live/templates/live/seats/
    _draft_in_the_way.html): unticked, nothing; ticked, the draft's `confirm_token` as the
    page showed it ("pk:revision"), which the save compares with the draft as it is now."""

    discard_draft = forms.RegexField(
        r"^\d+:\d+\Z",
        required=False,
        label=gettext_lazy("Discard the draft of this game"),
        error_messages={"invalid": gettext_lazy("Must be the box this page shows, ticked or not.")},
    )

    def token(self) -> str | None:
        """The token sent, or None (unticked, or not a token of this app)."""
        return (self.cleaned_data.get("discard_draft") or None) if self.is_valid() else None


# The question an edit asks when it changes the winner of a game whose city is named.
CITY_KEEP, CITY_RENAME = "keep", "rename"


class CityChoiceForm(forms.Form):
    """The answer to that question (campaign.views.games `_city_question`, prefix "game"):
    keep the name and its namer, or let the new winner name a city; none yet, asked."""

    city_choice = forms.ChoiceField(
        choices=[
            (CITY_KEEP, gettext_lazy("Keep the name")),
            (CITY_RENAME, gettext_lazy("Let the new winner name a city")),
        ],
        required=False,
        label=gettext_lazy("What happens to the city"),
    )


class GamePreviewForm(forms.Form):
    """Which game the wizard's live preview scores: the game form's hidden number (prefix
    "game"), the next game when there is none."""

    number = forms.IntegerField(required=False, label=gettext_lazy("Game number"))


class DeleteGameForm(forms.Form):
    """A game's delete: the version the page showed (a game saved meanwhile is not deleted);
    none sent, the game as it is now."""

    version = forms.IntegerField(
        required=False,
        widget=forms.HiddenInput,
        label=gettext_lazy("Version of the game this page shows"),
    )


class MoveGameForm(forms.Form):
    """The edit page's "Move to game number" (a button of the game form): the new number, from
    the log's first game to its last, and the game's version the page showed (the game form's
    hidden `game-expected_version`; none sent, the game as it is now)."""

    def __init__(self, *args: Any, first: int, last: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        allowed = _("Must be a whole number from %(first)s to %(last)s.") % {
            "first": first,
            "last": last,
        }
        self.fields["move-to"] = forms.IntegerField(
            min_value=first,
            max_value=last,
            label=_("Move to game number"),
            error_messages=number_refusals(allowed),
        )
        self.fields["game-expected_version"] = forms.IntegerField(
            required=False, label=_("Version of the game this page shows")
        )

"""Every form message in the game's words: no Django default sentence ("This field is
required.", "Enter a whole number.", "Ensure this value is less than or equal to 14.", "Enter a
valid date.", "Select a valid choice. …") in any form of the project (`hosting.form_words`).

Three checks: each kind of field the project uses, refused for each reason Django has a default
for, says a sentence naming its label instead; every form of the project that can be built from
its data alone is sent empty and bad values in every field, and none of its errors is a Django
default; and no form of the project cleans itself without `full_clean`, where the words are
said (so the forms built with arguments are covered by the first check).
"""

from __future__ import annotations

import datetime
import importlib
import inspect
import pkgutil

import pytest
from django import forms
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict

from gamefile.fields import DATE_SENTENCE
from hosting.form_words import django_defaults, is_django_default
from hosting.names import NameField

APPS = ("accounts", "campaign", "live", "scoring", "unlocks", "playlog", "hosting", "offline")
BAD_VALUES = ("", "x", "-99999", "99999999", "2026-02-30", "a\x00b", "y" * 6000)


def project_forms() -> list[type[forms.BaseForm]]:
    for app in APPS:
        package = importlib.import_module(app)
        for module in pkgutil.walk_packages(package.__path__, f"{app}."):
            if any(part in module.name for part in (".tests", ".migrations", ".management")):
                continue
            importlib.import_module(module.name)

    def below(cls: type) -> list[type]:
        return [c for sub in cls.__subclasses__() for c in (sub, *below(sub))]

    found = {c for c in below(forms.BaseForm) if c.__module__.split(".")[0] in APPS}
    return sorted(found, key=lambda c: (c.__module__, c.__name__))


def messages(form: forms.BaseForm) -> list[str]:
    return [message for errors in form.errors.values() for message in errors]


def test_a_form_and_a_file_say_one_kind_of_error_alike():
    """The form's sentence is the file reader's, after the field's name."""
    from gamefile.fields import Fields

    with pytest.raises(Exception) as caught:
        Fields().whole_number(15, "credits", 0, 14)
    form = EveryField({"credits": "15"})
    said = caught.value.message
    assert form.errors["credits"] == [f"{said[:1].upper()}{said[1:]}."]


def test_a_field_cleaned_alone_says_it_too():
    """A view that checks one field (a draft's push) hears the same words."""
    field = forms.TypedChoiceField(choices=[(1, "1")], coerce=int)
    with pytest.raises(forms.ValidationError) as caught:
        field.clean("9")
    assert caught.value.messages == ["Must be one of the choices listed."]
    with pytest.raises(forms.ValidationError) as caught:
        forms.IntegerField(max_value=14).clean("15")
    assert caught.value.messages == ["Must be 14 or less."]


def test_the_check_knows_djangos_defaults():
    assert "This field is required." in django_defaults()
    for said in (
        "This field is required.",
        "Enter a whole number.",
        "Ensure this value is less than or equal to 14.",
        "Enter a valid date.",
        "Select a valid choice. x is not one of the available choices.",
        "Ensure this value has at most 3 characters (it has 5).",
        "Ensure this value has at most 1 character (it has 5).",
        "Null characters are not allowed.",
    ):
        assert is_django_default(said), said
    assert not is_django_default("Must be between 0 and 14.")


class EveryField(forms.Form):
    credits = forms.IntegerField(min_value=0, max_value=14, label="Credits")
    bank = forms.IntegerField(min_value=1, label="Bank")
    played_on = forms.DateField(label="Played on")
    party = forms.ChoiceField(choices=[("a", "A")], label="Party in power")
    zone = forms.TypedChoiceField(choices=[(1, "1")], coerce=int, label="Zone")
    sections = forms.MultipleChoiceField(choices=[("1", "#1")], label="Sections")
    numbers = forms.TypedMultipleChoiceField(choices=[(1, "#1")], coerce=int, label="Numbers")
    notes = forms.CharField(max_length=3, label="Notes")
    name = NameField(max_length=5, label="Name")
    sure = forms.BooleanField(label="I am sure")
    email = forms.EmailField(label="Email")
    photo = forms.FileField(label="Photo")


# Each says what the field allows, in the file readers' words for that kind of error; the
# field's label is above it, and a page's summary puts it first.
EXPECTED = {
    "empty": {
        "credits": "Required: a whole number from 0 to 14.",
        "played_on": "Required: a date written YYYY-MM-DD such as 2026-03-01.",
        "party": "Required: choose one.",
        "sections": "Required: choose at least one.",
        "notes": "Required: write it here.",
        "sure": "Required: tick it to go on.",
        "photo": "Required: choose a file.",
    },
    "bad": {
        "credits": "Must be between 0 and 14.",
        "bank": "Must be 1 or more.",
        "played_on": f"{DATE_SENTENCE[:1].upper()}{DATE_SENTENCE[1:]}.",
        "party": "Must be one of the choices listed.",
        "zone": "Must be one of the choices listed.",
        "sections": "Must be one of the choices listed.",
        "notes": "Must be at most 3 characters long.",
        "email": "Must be an email address, such as sam@example.org.",
    },
}


def test_each_kind_of_field_says_what_it_allows():
    empty = EveryField(QueryDict())
    assert not empty.is_valid()
    assert {k: v[0] for k, v in empty.errors.items() if k in EXPECTED["empty"]} == (
        EXPECTED["empty"]
    )
    data = QueryDict(mutable=True)
    data.update(
        {
            "credits": "15",
            "bank": "0",
            "played_on": "2026-02-30",
            "party": "z",
            "zone": "9",
            "sections": "9",
            "numbers": "9",
            "notes": "abcd",
            "name": "ab\x00",
            "email": "not an address",
        }
    )
    bad = EveryField(data, {"photo": SimpleUploadedFile("a.jpg", b"")})
    assert not bad.is_valid()
    shown = {k: v[0] for k, v in bad.errors.items()}
    assert {k: shown[k] for k in EXPECTED["bad"]} == EXPECTED["bad"]
    assert shown["name"] == "Must not contain the NUL character (U+0000)."
    assert shown["photo"] == "Must not be an empty file."
    assert shown["numbers"] == "Must be one of the choices listed."
    # A whole number written otherwise.
    data.update({"credits": "x"})
    assert EveryField(data).errors["credits"] == ["Must be a whole number from 0 to 14."]
    assert not [m for m in messages(bad) if is_django_default(m)]


def test_a_message_a_form_words_itself_is_kept():
    class Own(forms.Form):
        credits = forms.IntegerField(
            max_value=14, error_messages={"max_value": "Fourteen at most."}
        )

    assert Own({"credits": "15"}).errors["credits"] == ["Fourteen at most."]


# The sign-up form asks the database whether a name is taken; the words do not depend on it.
@pytest.mark.django_db
@pytest.mark.one_database
def test_no_form_of_the_project_says_a_django_default():
    built, defaults = [], []
    for cls in project_forms():
        try:
            cls(QueryDict())
        except TypeError:
            continue  # built with arguments: its fields are the kinds checked above
        built.append(cls.__name__)
        blank = cls(QueryDict())
        for value in BAD_VALUES:
            data = QueryDict(mutable=True)
            for name in blank.fields:
                data[blank.add_prefix(name)] = value
            for form in (cls(QueryDict()), cls(data)):
                form.is_valid()
                defaults += [
                    f"{cls.__module__}.{cls.__name__} {value[:12]!r}: {m}"
                    for m in messages(form)
                    if is_django_default(m)
                ]
    assert len(built) >= 25, built
    assert not defaults, "\n".join(sorted(set(defaults)))


def test_the_corporations_rows_say_their_refusals_in_our_words():
    from campaign.forms import corporation_formset

    colours = [("purple", "Purple"), ("yellow", "Yellow")]
    missing = corporation_formset({}, colours=colours)
    tampered = corporation_formset(
        {"corp-TOTAL_FORMS": "9", "corp-INITIAL_FORMS": "0"}, colours=colours
    )
    said = []
    for formset in (missing, tampered):
        formset.is_valid()
        said += list(formset.non_form_errors())
    assert said and not [m for m in said if is_django_default(m)], said
    # What Django would have said is known to the check.
    assert is_django_default(
        "ManagementForm data is missing or has been tampered with. Missing fields: "
        "corp-TOTAL_FORMS. You may need to file a bug report if the issue persists."
    )


def test_no_form_of_the_project_cleans_itself_past_the_words():
    """A form's fields are cleaned in `BaseForm.full_clean`, where each field's `clean` says
    its refusals in our words: a form overriding it could skip them."""
    overriding = [
        f"{cls.__module__}.{cls.__name__}" for cls in project_forms() if "full_clean" in vars(cls)
    ]
    assert not overriding


def test_the_words_hold_for_a_date_form_of_the_play_log():
    from playlog.forms import PlayFactsForm

    form = PlayFactsForm({"played_on": "2026-02-30"})
    assert form.errors["played_on"] == [f"{DATE_SENTENCE[:1].upper()}{DATE_SENTENCE[1:]}."]
    assert PlayFactsForm({"played_on": str(datetime.date(2026, 3, 1))}).is_valid()
    assert inspect.isclass(PlayFactsForm)


# The small request bodies a view reads through a form (issue 32): the forms built from their
# data alone are sent bad values by `test_no_form_of_the_project_says_a_django_default`; those
# built with the game's bounds are checked here, each refusal a sentence naming its field.
SMALL_BODIES = {
    "campaign.forms": ("DiscardDraftForm", "GamePreviewForm", "DeleteGameForm"),
    "playlog.forms": ("PublicPageForm", "ImportAgainForm"),
    "playlog.startropolis.forms": ("BackSeatForm",),
    "playlog.space_explorers.forms": ("OpponentTurnForm",),
    "playlog.colonists.forms": ("RoundForm",),
    "accounts.forms": ("NextForm",),
}


def test_the_small_bodies_forms_are_among_those_checked():
    found = {(cls.__module__, cls.__name__) for cls in project_forms()}
    for module, names in SMALL_BODIES.items():
        for name in names:
            assert (module, name) in found
            importlib.import_module(module).__dict__[name](QueryDict())  # built from data alone


@pytest.mark.parametrize("value", BAD_VALUES)
def test_the_move_and_the_opponents_turn_say_their_refusals_in_our_words(value):
    from campaign.forms import MoveGameForm
    from hosting.form_words import refusal
    from playlog.space_explorers.forms import ChangeOpponentTurnForm

    move = MoveGameForm({"move-to": value, "game-expected_version": value}, first=1, last=3)
    change = ChangeOpponentTurnForm({"turn": value, "division": value}, turns=4)
    for form in (move, change):
        assert not form.is_valid()
        assert not [m for m in messages(form) if is_django_default(m)], messages(form)
    assert refusal(move) == "Move to game number: must be a whole number from 1 to 3."
    assert refusal(change) == "Turn: choose one of the Opponent's turns to change."
    assert change.first_error() == "Choose one of the Opponent's turns to change."


def test_the_live_tables_forms_built_with_arguments_say_our_words_too():
    """The live table's forms that need the campaign's corporations or members (live.forms)."""
    from django.contrib.auth import get_user_model

    from live.forms import GuestSeatTake, GuestTie, NextPage, SeatChoice, TableSeating

    said = []
    for value in BAD_VALUES:
        built = [
            TableSeating(
                {"at_purple": value, "position_purple": value}, keys=[("purple", "Purple")]
            ),
            SeatChoice({"key": value}, keys=["purple"]),
            GuestSeatTake({"key": value, "name": value}, free=["purple"]),
            GuestTie({"member": value}, members=get_user_model().objects.none()),
            NextPage({"next": value}, host="testserver", secure=False),
        ]
        for form in built:
            form.is_valid()
            said += [m for m in messages(form) if is_django_default(m)]
    assert not said, said


def test_djangos_defaults_are_known_in_each_language():
    """Django's own defaults are translated: in German a refused field says German, which is
    known as a default there too and said again in the project's words (those of the active
    language's catalogue: German's)."""
    from django.utils import translation

    with translation.override("de"):
        assert "Dieses Feld ist zwingend erforderlich." in django_defaults()
        with pytest.raises(forms.ValidationError) as caught:
            forms.TypedChoiceField(choices=[(1, "1")], coerce=int).clean("9")
        assert caught.value.messages == ["Muss eine der aufgeführten Möglichkeiten sein."]
    assert "This field is required." in django_defaults()


# Each of the project's own refusals (`hosting.form_words`), in German: the field, the value
# it refuses, and the sentence (issue 33).
GERMAN = [
    (
        forms.DateField(),
        "x",
        "Muss ein gültiges Datum sein, geschrieben JJJJ-MM-TT wie 2026-03-01.",
    ),
    (forms.IntegerField(min_value=0, max_value=14), "x", "Muss eine ganze Zahl von 0 bis 14 sein."),
    (forms.EmailField(), "x", "Muss eine E-Mail-Adresse sein, etwa sam@example.org."),
    (forms.UUIDField(), "x", "Ist kein Wert, den dieses Feld annimmt."),
    (forms.CharField(), "", "Erforderlich: hier eintragen."),
    (forms.BooleanField(), "", "Erforderlich: zum Weitermachen anhaken."),
    (forms.MultipleChoiceField(choices=[("a", "a")]), [], "Erforderlich: wähl mindestens eins."),
    (forms.ChoiceField(choices=[("a", "a")]), "", "Erforderlich: wähl eins."),
    (forms.DateField(), "", "Erforderlich: ein Datum im Format JJJJ-MM-TT wie 2026-03-01."),
    (
        forms.IntegerField(min_value=1, max_value=3),
        "",
        "Erforderlich: eine ganze Zahl von 1 bis 3.",
    ),
    (forms.IntegerField(min_value=1), "0", "Muss mindestens 1 sein."),
    (forms.IntegerField(max_value=3), "9", "Darf höchstens 3 sein."),
    (forms.CharField(max_length=3), "abcdef", "Darf höchstens 3 Zeichen lang sein."),
    (forms.CharField(min_length=3), "a", "Muss mindestens 3 Zeichen lang sein."),
    (
        forms.ChoiceField(choices=[("a", "a")]),
        "z",
        "Muss eine der aufgeführten Möglichkeiten sein.",
    ),
    (
        forms.MultipleChoiceField(choices=[("a", "a")]),
        "z",
        "Muss zu den aufgeführten Möglichkeiten gehören.",
    ),
    (forms.CharField(), "a\x00b", "Darf das NUL-Zeichen (U+0000) nicht enthalten."),
    (forms.DecimalField(max_digits=3, decimal_places=1), "1234.5", "Muss eine ganze Zahl sein."),
]


@pytest.mark.parametrize(("field", "value", "sentence"), GERMAN)
def test_each_refusal_of_our_own_is_said_in_german(field, value, sentence):
    from django.utils import translation

    with translation.override("de"):
        with pytest.raises(forms.ValidationError) as caught:
            field.clean(value)
    assert caught.value.messages == [sentence]


def test_a_small_forms_refusal_names_its_field_in_german():
    """`refusal`: the field's name, then what it must be as the words said it (the predicate
    `reworded` kept), in one sentence of the reader's language."""
    from django.utils import translation

    from hosting.form_words import refusal

    class Move(forms.Form):
        number = forms.IntegerField(label="Partie", max_value=3)

    with translation.override("de"):
        assert refusal(Move({"number": "9"})) == "Partie: darf höchstens 3 sein."
        assert refusal(Move({"number": ""})) == "Partie: erforderlich: eine ganze Zahl bis 3."
    assert refusal(Move({"number": "9"})) == "Partie: must be 3 or less."

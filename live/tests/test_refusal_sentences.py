"""A field's refusal said as one sentence naming the field (`live.views.drafts.sentence_for`),
in the reader's language: the field's name and what it must be joined as the form's words say
(`hosting.form_words.predicate_of`), never by the English of the sentence (issue 33)."""

import pytest
from django import forms
from django.core.exceptions import ValidationError
from django.utils import translation

from hosting.form_words import predicate_of
from live.views.drafts import sentence_for


def said(field: forms.Field, value: str) -> str:
    with pytest.raises(ValidationError) as refused:
        field.clean(value)
    error = refused.value
    return sentence_for("Credits", " ".join(error.messages), predicate_of(error))


@pytest.mark.parametrize(
    ("language", "field", "value", "sentence"),
    [
        ("en-gb", forms.IntegerField(max_value=29), "40", "Credits must be 29 or less."),
        ("de", forms.IntegerField(max_value=29), "40", "Credits darf höchstens 29 sein."),
        (
            "en-gb",
            forms.IntegerField(min_value=0, max_value=29),
            "40",
            "Credits must be between 0 and 29.",
        ),
        (
            "de",
            forms.IntegerField(min_value=0, max_value=29),
            "40",
            "Credits muss zwischen 0 und 29 liegen.",
        ),
    ],
)
def test_a_fields_name_and_what_it_must_be_make_one_sentence(language, field, value, sentence):
    with translation.override(language):
        assert said(field, value) == sentence


def test_a_place_first_in_german_is_one_sentence_whatever_its_letters():
    with translation.override("de"):
        assert (
            sentence_for("", "Übrige Marker: überschreiten die 30 in der Schachtel.")
            == "Übrige Marker überschreiten die 30 in der Schachtel."
        )
        # A sentence of its own stays one, after its field's name.
        assert sentence_for("Zone", "Wähle die Zone.") == "Zone: Wähle die Zone."
        assert sentence_for("Credits", "muss eine Zahl sein") == "Credits muss eine Zahl sein."

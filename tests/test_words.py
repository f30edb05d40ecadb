"""`translated`: a rule's Sentence said in the active language; English unchanged, German
from the catalogue (its values that are Sentences said in German too)."""

import pytest
from django.utils import translation

from gamefile.words import _, ngettext
from hosting.words import translated


def test_in_english_a_translated_sentence_is_the_sentence_itself():
    said = _("%(what)s: must be at most %(most)s", what=_("credits"), most=14)
    with translation.override("en-gb"):
        assert translated(said) == said == "credits: must be at most 14"
        assert translated(ngettext("%(count)s game", "%(count)s games", 3, count=3)) == "3 games"


def test_in_german_a_sentence_and_the_sentences_in_it_are_german():
    said = _(
        "%(label)s must be at most %(high)s, not %(value)s.",
        label=_("credits left after repaying loans"),
        high=14,
        value=20,
    )
    with translation.override("de"):
        assert translated(said) == (
            "Credits übrig nach Darlehenstilgung darf höchstens 14 sein, nicht 20."
        )
        for count, german in ((1, "1 Partie gespielt"), (3, "3 Partien gespielt")):
            played = ngettext("%(count)s game played", "%(count)s games played", count, count=count)
            assert translated(played) == german
    # The Sentence itself stays English (a file stores it, a command prints it).
    assert said == "credits left after repaying loans must be at most 14, not 20."


@pytest.mark.parametrize("language", ["en-gb", "de"])
def test_a_plain_string_is_given_back_as_it_is(language):
    with translation.override(language):
        assert translated("Kepler Corp") == "Kepler Corp"
        assert translated(None) is None

"""`translated`: a rule's Sentence said in the active language; English unchanged."""

from django.utils import translation

from gamefile.words import _, ngettext
from hosting.words import translated


def test_in_english_a_translated_sentence_is_the_sentence_itself():
    said = _("%(what)s: must be at most %(most)s", what=_("credits"), most=14)
    with translation.override("en-gb"):
        assert translated(said) == said == "credits: must be at most 14"
        assert translated(ngettext("%(count)s game", "%(count)s games", 3, count=3)) == "3 games"


def test_a_plain_string_is_given_back_as_it_is():
    assert translated("Kepler Corp") == "Kepler Corp"
    assert translated(None) is None

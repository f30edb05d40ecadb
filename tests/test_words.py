"""`translated`: a rule's Sentence said in the active language; English unchanged."""

from django.utils import translation

from gamefile.words import Joined, _, as_json, ngettext
from hosting.words import stored_said, translated


def test_in_english_a_translated_sentence_is_the_sentence_itself():
    said = _("%(what)s: must be at most %(most)s", what=_("credits"), most=14)
    with translation.override("en-gb"):
        assert translated(said) == said == "credits: must be at most 14"
        assert translated(ngettext("%(count)s game", "%(count)s games", 3, count=3)) == "3 games"


def test_a_plain_string_is_given_back_as_it_is():
    assert translated("Kepler Corp") == "Kepler Corp"
    assert translated(None) is None


def test_sentences_one_after_the_other_are_each_said_in_the_active_language():
    joined = Joined([_("notes added"), "Kepler Corp", _("saved unchanged")])
    with translation.override("de"):
        assert translated(joined) == "Notizen hinzugefügt; Kepler Corp; unverändert gespeichert"
        assert translated(_("%(what)s.", what=joined)).startswith("Notizen hinzugefügt; ")
    with translation.override("en-gb"):
        assert translated(joined) == joined


def test_a_stored_sentence_is_said_in_the_language_and_its_english_as_stored():
    said = _("from %(old)s to %(new)s", old=1, new=2)
    with translation.override("de"):
        assert stored_said(said, as_json(said)) == "von 1 nach 2"
        # A row stored before its words were kept, or whose words no longer fit.
        assert stored_said("from 1 to 2", None) == "from 1 to 2"
        assert stored_said("from 1 to 2", {"template": "from %(old)s", "params": {"new": 2}}) == (
            "from 1 to 2"
        )
    with translation.override("en-gb"):
        # English reads the English as stored, whatever its words would say.
        assert stored_said("from 1 to 2", {"template": "x", "params": {}}) == "from 1 to 2"

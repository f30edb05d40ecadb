"""`translated`: a rule's Sentence said in the active language; English unchanged, German
from the catalogue (its values that are Sentences said in German too)."""

import pytest
from django.utils import translation

from gamefile.words import Joined, _, as_json, ngettext
from hosting.words import stored_said, translated


def test_in_english_a_translated_sentence_is_the_sentence_itself():
    said = _("%(what)s: must be at most %(most)s", what=_("credits"), most=14)
    with translation.override("en-gb"):
        assert translated(said) == said == "credits: must be at most 14"
        assert translated(ngettext("%(count)s game", "%(count)s games", 3, count=3)) == "3 games"


def test_a_day_is_written_as_the_persons_language_writes_dates():
    import datetime

    from gamefile.words import SHORT, Day

    day = Day(datetime.date(2026, 12, 7))
    with translation.override("en-gb"):
        assert translated(day) == "7 December 2026"
        assert translated(Day(datetime.date(2026, 12, 7), SHORT)) == "7 Dec 2026"
    with translation.override("de"):
        assert translated(day) == "7. Dezember 2026"
        assert translated(Day(datetime.date(2026, 12, 7), SHORT)) == "7. Dez 2026"


def test_a_day_in_a_rules_sentence_is_written_in_the_persons_language():
    import datetime

    from playlog.playfile import date_problem

    problem = date_problem(datetime.date(2999, 12, 7))
    assert problem == (
        "7 December 2999 is in the future: give the day you played, today at the latest"
    )
    with translation.override("en-gb"):
        assert translated(problem) == problem
    with translation.override("de"):
        assert translated(problem).startswith("7. Dezember 2999 liegt in der Zukunft")


def test_a_large_count_is_grouped_as_the_persons_language_groups_thousands():
    from gamefile.limits import cut
    from gamefile.words import Number

    assert Number(12345) == "12,345" and Number(12345).number == 12345
    said = cut("x" * 12345, 3)
    assert said == "xxx… (12,345 characters)"
    with translation.override("en-gb"):
        assert translated(said) == said
    with translation.override("de"):
        assert translated(Number(12345)) == "12.345"
        assert "(12.345 Zeichen)" in translated(said)


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

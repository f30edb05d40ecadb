"""A rule's sentence is its English text wherever a str goes, and keeps what translates it."""

import json
import pickle

import pytest

from gamefile.words import Joined, Sentence, _, as_json, from_json, has_words, ngettext


def test_a_sentence_is_its_english_text_and_keeps_its_template_and_values():
    said = _("must be at most %(most)s", most=14)
    assert said == "must be at most 14" and isinstance(said, str)
    assert said.template == "must be at most %(most)s" and said.params == {"most": 14}
    assert json.dumps({"problem": said}) == '{"problem": "must be at most 14"}'
    assert f"players[1].credits: {said}" == "players[1].credits: must be at most 14"
    assert pickle.loads(pickle.dumps(said)).params == {"most": 14}


def test_a_counted_sentence_takes_the_english_form_for_its_count():
    def games(n):
        return ngettext("%(count)s game", "%(count)s games", n, count=n)

    assert [games(0), games(1), games(2)] == ["0 games", "1 game", "2 games"]
    assert games(1).plural == "%(count)s games" and games(1).count == 1


def test_a_sentence_without_values_keeps_a_percent_sign_as_written():
    assert _("100% of the credits") == "100% of the credits"
    assert isinstance(Sentence("x"), Sentence)


def test_a_day_is_its_english_date_and_keeps_the_date_and_its_format():
    import datetime

    from gamefile.words import SHORT, Day

    day = Day(datetime.date(2026, 12, 7))
    assert day == "7 December 2026" and isinstance(day, str)
    assert day.date == datetime.date(2026, 12, 7) and day.format == "j F Y"
    assert Day(datetime.date(2026, 9, 1), SHORT) == "1 Sep 2026"
    assert pickle.loads(pickle.dumps(day)).date == datetime.date(2026, 12, 7)
    said = _("%(date)s is in the future", date=day)
    assert said == "7 December 2026 is in the future" and said.params["date"] is day
    with pytest.raises(ValueError):
        Day(datetime.date(2026, 12, 7), "l j F Y")


def test_sentences_one_after_the_other_are_their_english_and_keep_each_sentence():
    joined = Joined([_("notes added"), "Mars/New Caro", _("city %(c)s added", c="Io/X")])
    assert joined == "notes added; Mars/New Caro; city Io/X added"
    assert joined.parts[0].template == "notes added"
    assert pickle.loads(pickle.dumps(joined)).parts[2].params == {"c": "Io/X"}
    assert Joined([]) == "" and not Joined([])


def test_a_sentence_kept_as_json_comes_back_the_same():
    inner = ngettext("%(count)s game", "%(count)s games", 2, count=2)
    said = _(
        "%(what)s: %(lines)s",
        what=inner,
        lines=Joined([_("notes added"), "a name"], ", "),
    )
    form = as_json(said)
    assert json.loads(json.dumps(form)) == form
    assert form["params"]["what"] == {
        "template": "%(count)s game",
        "params": {"count": 2},
        "plural": "%(count)s games",
        "count": 2,
    }
    back = from_json(form)
    assert back == said == "2 games: notes added, a name"
    assert back.params["lines"].parts[0].template == "notes added"
    # A plain str (a name, a row stored before the words were kept) is as it was.
    assert as_json("Purple") == "Purple" and from_json("Purple") == "Purple"
    assert not has_words("Purple") and has_words(said) and not has_words(Joined(["a", "b"]))


def test_a_day_and_a_number_kept_as_json_come_back_the_same():
    import datetime

    from gamefile.words import SHORT, Day, Number

    said = _("%(date)s: %(n)s", date=Day(datetime.date(2026, 2, 7), SHORT), n=Number(12345))
    back = from_json(json.loads(json.dumps(as_json(said))))
    assert back == said == "7 Feb 2026: 12,345"
    assert back.params["date"].date == datetime.date(2026, 2, 7)
    assert back.params["n"].number == 12345

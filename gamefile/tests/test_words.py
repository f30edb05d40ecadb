"""A rule's sentence is its English text wherever a str goes, and keeps what translates it."""

import json
import pickle

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

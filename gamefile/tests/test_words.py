"""A rule's sentence is its English text wherever a str goes, and keeps what translates it."""

import json
import pickle

from gamefile.words import Sentence, _, ngettext


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

"""The sections' summaries of what they change are in the catalogue (unlocks.section_words),
and a page says them in the reader's language; their triggers stay as the rulebook prints them."""

import json
from pathlib import Path

from django.utils import translation

from unlocks import section_words

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "sections.json"


def test_the_list_is_the_fixtures_summaries():
    sections = json.loads(FIXTURE.read_text(encoding="utf-8"))["sections"]
    assert set(section_words.CHANGES) == {s["changes"] for s in sections if s.get("changes")}


def test_a_summary_is_said_in_the_readers_language_and_a_groups_own_as_it_is():
    with translation.override("de"):
        assert section_words.said("Story only.") == "Nur Geschichte."
        assert section_words.said("Every game starts with 2 credits instead of 1.") == (
            "Jede Partie beginnt mit 2 Credits statt 1."
        )
        assert section_words.said("our own words") == "our own words"
        assert section_words.said(None) == ""
    with translation.override("en-gb"):
        assert section_words.said("Story only.") == "Story only."

"""The word every phone of a discarded draft gets, in German (issue 33): a whole sentence for
what happened, never the History's English summary put inside a German one."""

from __future__ import annotations

import pytest
from django.utils import translation

from campaign.models import Change
from live.actions.discards import discard_draft, discard_notice
from live.tests.factory import url
from live.tests.test_seats import open_, table, write  # noqa: F401 (`table` is a fixture)

pytestmark = pytest.mark.django_db


def test_a_discard_is_told_in_german_whatever_its_summary_says(table):  # noqa: F811
    campaign, people = table
    draft = open_(campaign, people)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "7")
    change = discard_draft(draft, user=people.users["owner"])
    owner = people.users["owner"].get_username()
    with translation.override("de"):
        told = discard_notice(change)
    assert told.startswith(f"Der Entwurf von Partie 4 wurde von {owner} verworfen: ")
    # A summary the notice does not know (one written another way) is still a discard: the
    # sentence is whole in German, no English word in it.
    Change.objects.filter(pk=change.pk).update(summary="draft of game 4 thrown away: …")
    change.refresh_from_db()
    with translation.override("de"):
        told = discard_notice(change)
    assert told.startswith(f"Der Entwurf von Partie 4 wurde von {owner} verworfen: ")
    assert "thrown away" not in told
    assert discard_notice(change).startswith(f"The draft of game 4 was discarded by {owner}: ")

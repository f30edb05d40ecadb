"""Names people read in the play log (docs/names.md): a log's name, the people at the table,
factions, missions, cards and Project tiles are normalised and lose their invisible marks; a
name with nothing visible is refused with a sentence naming its field, by a page and by a play
file alike."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from accounts.tests.factory import make_user
from playlog.colonists.forms import PlayerSheetForm
from playlog.colonists.forms import SettingsForm as ColonistsSettingsForm
from playlog.forms import PersonForm
from playlog.models import PlayLog
from playlog.space_explorers.forms import TileForm
from playlog.startropolis.forms import RANDOM, MissionForm, SeatForm
from playlog.startropolis.sheet_forms import EndPlayerForm
from playlog.tests.factory import PlayWorld
from playlog.tests.test_commands import BAD_INPUT, call, rows, write

pytestmark = pytest.mark.django_db

INVISIBLE = "\u202e\u200b"  # a right-to-left override and a zero-width space
SENTENCE = "has no visible character"


def test_an_invisible_play_log_name_is_refused_and_nothing_is_made():
    client = Client()
    client.force_login(make_user("host"))
    response = client.post(reverse("playlog:create"), {"name": INVISIBLE})
    assert response.status_code == 400
    assert f"Name: {SENTENCE}" in response.content.decode()
    assert not PlayLog.objects.exists()
    assert (
        client.post(reverse("playlog:create"), {"name": "\u2066Ｆｒｉｄａｙ\u2069"}).status_code
        == 302
    )
    assert PlayLog.objects.get().name == "Friday"


@pytest.mark.parametrize(
    ("form", "field", "label"),
    [
        (lambda data: PersonForm(data, members=[]), "name", "Name"),
        (lambda data: SeatForm(data, members=[]), "name", "Name"),
        (lambda data: SeatForm(data | {"name": "Caro"}, members=[]), "faction", "Faction"),
        (lambda data: MissionForm(data | {"kept": "1"}), "dealt_1", "First card dealt"),
        (
            lambda data: EndPlayerForm(data | {"name": "Caro"}, members=[]),
            "mission_name",
            "Mission kept",
        ),
        (lambda data: PlayerSheetForm(data, members=[], categories=[]), "name", "Name"),
        (lambda data: TileForm(data), "name", "Project"),
        (lambda data: ColonistsSettingsForm(data), "title", "The colonist game's title"),
        (lambda data: ColonistsSettingsForm(data), "categories", "Scoring categories"),
    ],
    ids=[
        "person",
        "seat",
        "faction",
        "mission",
        "mission-kept",
        "sheet",
        "tile",
        "title",
        "categories",
    ],
)
def test_an_invisible_name_in_a_play_form_is_refused_naming_the_field(form, field, label):
    bound = form({field: "\u200b\u2060\ufeff"})
    assert not bound.is_valid()
    assert f"{label}: {SENTENCE}" in " ".join(bound.errors.get(field, [])), bound.errors


def test_a_typed_faction_keeps_only_what_is_visible():
    typed = {"name": "Ca\u200bro", "faction": "\u202eBroodmaster\u202c", "order_card": RANDOM}
    form = SeatForm(typed, members=[])
    assert form.is_valid(), form.errors
    assert (form.cleaned_data["name"], form.cleaned_data["faction"]) == ("Caro", "Broodmaster")


def test_a_play_file_with_an_invisible_player_name_is_refused(tmp_path):
    world = PlayWorld(make_user("host"))
    text, _ = call("export_play", world.log.slug, world.colonists.number)
    data = json.loads(text)
    data["players"][0]["name"] = "\u3164"  # a Hangul filler: a letter that draws nothing
    before = rows()
    with pytest.raises(CommandError) as refusal:
        call("import_play", world.log.slug, write(tmp_path, data))
    assert refusal.value.returncode == BAD_INPUT
    assert str(refusal.value).startswith(f"players[0].name: {SENTENCE}"), str(refusal.value)
    assert rows() == before

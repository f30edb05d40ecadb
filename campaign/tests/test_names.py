"""Names people read (docs/names.md): every name a campaign page takes is normalised, loses its
invisible direction and zero-width marks, and is refused with a sentence when nothing visible
is left; the campaign file refuses an invisible name without changing any other."""

from __future__ import annotations

import json

import pytest
from django.core.management.base import CommandError
from django.urls import reverse

from campaign.models import Campaign, Change, Game
from campaign.tests.factory import demo_data, rows
from campaign.tests.test_commands import BAD_INPUT, run, write
from campaign.tests.test_views import midway_data, new_campaign_data, snapshot
from campaign.tests.test_views_game import form_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

INVISIBLE = "\u202e\u200b"  # a right-to-left override and a zero-width space
SENTENCE = "has no visible character"


def test_an_invisible_campaign_name_is_refused_and_nothing_is_recorded(owner_client):
    response = owner_client.post(reverse("campaign:create"), new_campaign_data(name=INVISIBLE))
    assert response.status_code == 200
    assert f"Campaign name: {SENTENCE}" in response.content.decode()
    assert Campaign.objects.count() == 0
    assert Change.objects.count() == 0


def test_a_typed_name_is_normalised_and_loses_its_invisible_marks(owner_client):
    data = new_campaign_data(
        name="\u202eＴｈｕｒｓｄａｙ\u200b group ", **{"corp-0-player": "Ca\u200bro"}
    )
    assert owner_client.post(reverse("campaign:create"), data).status_code == 302
    campaign = Campaign.objects.get()
    assert campaign.name == "Thursday group"
    assert campaign.corporations.get(key="purple").player == "Caro"


@pytest.mark.parametrize(
    ("field", "label"), [("corp-0-player", "Player"), ("corp-1-name", "Corporation name")]
)
def test_an_invisible_corporation_or_player_name_is_refused(owner_client, field, label):
    response = owner_client.post(
        reverse("campaign:create"), new_campaign_data(**{field: INVISIBLE})
    )
    assert f"{label}: {SENTENCE}" in response.content.decode()
    assert Campaign.objects.count() == 0


def test_an_invisible_city_of_the_opening_is_refused(owner_client):
    response = owner_client.post(
        reverse("campaign:create_midway"), midway_data(city_1_name=INVISIBLE)
    )
    assert f"City name: {SENTENCE}" in response.content.decode()
    assert Campaign.objects.count() == 0


def test_an_invisible_rename_in_the_settings_is_refused(owner_client, played):  # noqa: F811
    url = reverse("campaign:settings", args=[played.slug])
    data = form_data(owner_client.get(url).content.decode(), "*")
    data["name"] = INVISIBLE
    before = snapshot()
    response = owner_client.post(url, data)
    assert f"Campaign name: {SENTENCE}" in response.content.decode()
    assert snapshot() == before


def test_an_invisible_corporation_rename_is_refused(owner_client, played):  # noqa: F811
    corporation = played.corporations.get(key="purple")
    data = {
        "purple-name": "\u2066\u2069",
        "purple-player": corporation.player,
        "purple-holder": "",
        "purple-drawn_from": json.dumps(
            [corporation.name, corporation.player, corporation.ai, corporation.holder_id]
        ),
    }
    before = snapshot()
    response = owner_client.post(
        reverse("campaign:corporation_edit", args=[played.slug, "purple"]), data
    )
    assert response.status_code == 400
    assert f"Corporation name: {SENTENCE}" in response.content.decode()
    assert snapshot() == before


def test_an_invisible_city_name_after_a_game_is_refused(owner_client, played):  # noqa: F811
    checklist = reverse("campaign:checklist", args=[played.slug, 3])
    version = form_data(owner_client.get(checklist).content.decode(), "*")["city-version"]
    before = snapshot()
    response = owner_client.post(
        reverse("campaign:checklist_city", args=[played.slug, 3]),
        {"city-location": "Ganymede", "city-name": "\ufeff\u200f", "city-version": version},
    )
    assert f"City name: {SENTENCE}" in response.content.decode()
    assert snapshot() == before
    assert Game.objects.get(campaign=played, number=3).city_name != "\ufeff\u200f"


def test_an_invisible_location_name_in_the_box_is_refused(owner_client, played):  # noqa: F811
    url = reverse("campaign:box_location_add", args=[played.slug])
    data = form_data(owner_client.get(url).content.decode(), "*")
    data.pop("csrfmiddlewaretoken", None)
    data.update(name="\u3164", zone="2")  # a Hangul filler: a letter that draws nothing
    before = snapshot()
    response = owner_client.post(url, data)
    assert f"Name: {SENTENCE}" in response.content.decode()
    assert snapshot() == before


# --- the campaign file ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda data: data.update(name=INVISIBLE), "name"),
        (lambda data: data["corporations"][0].update(player=INVISIBLE), "corporations[0].player"),
        (lambda data: data["corporations"][1].update(name="\u2800"), "corporations[1].name"),
    ],
    ids=["campaign", "player", "corporation"],
)
def test_a_campaign_file_with_an_invisible_name_exits_2_naming_it(tmp_path, change, path):
    data = demo_data()
    change(data)
    before = rows()
    with pytest.raises(CommandError) as caught:
        run("import_campaign", write(tmp_path, data))
    assert caught.value.returncode == BAD_INPUT
    assert str(caught.value) == f"{path}: {SENTENCE} (only spaces, or invisible direction or " + (
        "zero-width marks); write a name people can read"
    )
    assert rows() == before


def test_names_a_form_would_normalise_come_back_from_a_file_byte_for_byte(tmp_path):
    """The file readers refuse only: a ligature, full-width letters, an emoji joined by a
    zero-width joiner and a Persian non-joiner stay as written."""
    data = demo_data()
    data["name"] = "ﬁrst Ｔｈｕｒｓｄａｙ 👩\u200d🚀"
    data["corporations"][0]["player"] = "می\u200cخواهم"
    first = write(tmp_path, data, "first.json")
    run("import_campaign", first)
    slug = Campaign.objects.get().slug
    exported, _ = run("export_campaign", slug)
    again = write(tmp_path, exported, "again.json")
    Campaign.objects.all().delete()
    run("import_campaign", again)
    assert run("export_campaign", Campaign.objects.get().slug)[0] == exported
    assert json.loads(exported)["name"] == "ﬁrst Ｔｈｕｒｓｄａｙ 👩\u200d🚀"
    assert json.loads(exported)["corporations"][0]["player"] == "می\u200cخواهم"

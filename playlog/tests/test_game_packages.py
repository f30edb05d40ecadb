"""Each game in one place: its package (`GameRules.web`) is an installed app with its urls in
its own namespace, its templates beside it, and what the shared pages ask of it; the addresses
people see are the ones they always were; the settings page asks each game for its part."""

from __future__ import annotations

from importlib import import_module
from typing import Any

import pytest
from django import forms
from django.apps import apps
from django.template.loader import get_template
from django.test import Client
from django.urls import reverse

from accounts.tests.factory import make_user
from playlog.forms import NoFormTag
from playlog.games import GAMES
from playlog.pages import GamePages, GameSettings, offered
from playlog.tests.factory import PlayWorld

LOG = {"log": "group"}
PLAY = {"log": "group", "number": 3}
# Every game page's address as it was before the games had packages of their own: bookmarks,
# the phones' kept pages and the offline worker name these paths.
ADDRESSES = [
    ("space_explorers:new", LOG, "/plays/group/new/space-explorers-solo/"),
    ("space_explorers:turns", PLAY, "/plays/group/3/turns/"),
    ("space_explorers:opponent", PLAY, "/plays/group/3/turns/opponent/"),
    ("space_explorers:you", PLAY, "/plays/group/3/turns/you/"),
    ("space_explorers:undo", PLAY, "/plays/group/3/turns/undo/"),
    ("space_explorers:change", PLAY, "/plays/group/3/turns/change/"),
    ("space_explorers:step", {**PLAY, "step": 2}, "/plays/group/3/turns/step/2/"),
    ("space_explorers:finish", PLAY, "/plays/group/3/turns/finish/"),
    ("space_explorers:sheet", PLAY, "/plays/group/3/space-explorers/sheet/"),
    ("colonists:new", LOG, "/plays/group/new/colonists-expert/"),
    ("colonists:sheet", PLAY, "/plays/group/3/colonists/sheet/"),
    ("colonists:table", PLAY, "/plays/group/3/colonists/table/"),
    ("colonists:layout", PLAY, "/plays/group/3/colonists/table/layout/"),
    ("colonists:round", PLAY, "/plays/group/3/colonists/table/round/"),
    ("colonists:board", PLAY, "/plays/group/3/colonists/table/board/"),
    ("startropolis:new", LOG, "/plays/group/new/startropolis/"),
    ("startropolis:new_end", LOG, "/plays/group/new/startropolis/end-state/"),
    ("startropolis:table", PLAY, "/plays/group/3/startropolis/"),
    ("startropolis:seat", {**PLAY, "seat": 1}, "/plays/group/3/startropolis/seat/1/"),
    (
        "startropolis:mission",
        {**PLAY, "seat": 1},
        "/plays/group/3/startropolis/seat/1/mission/",
    ),
    ("startropolis:changed", PLAY, "/plays/group/3/startropolis/changed/"),
    ("startropolis:picture", PLAY, "/plays/group/3/startropolis/station.svg"),
    ("startropolis:purchase", PLAY, "/plays/group/3/startropolis/purchase/"),
    ("startropolis:attach", PLAY, "/plays/group/3/startropolis/attach/"),
    ("startropolis:rolls", PLAY, "/plays/group/3/startropolis/dice/"),
    ("startropolis:figures", PLAY, "/plays/group/3/startropolis/figures/"),
    ("startropolis:undo", PLAY, "/plays/group/3/startropolis/undo/"),
    ("startropolis:finish", PLAY, "/plays/group/3/startropolis/finish/"),
    ("startropolis:sheet", PLAY, "/plays/group/3/startropolis/sheet/"),
]


@pytest.mark.parametrize(("name", "kwargs", "path"), ADDRESSES)
def test_every_game_address_is_the_one_people_knew(name, kwargs, path):
    assert reverse(name, kwargs=kwargs) == path


def test_each_game_is_named_once_and_found_everywhere():
    """The registry names each game's package; it is an installed app (its templates and
    template tags are found), its urls' namespace is the one its pages give, and every
    template its pages name exists."""
    installed = {config.name for config in apps.get_app_configs()}
    for key, game in GAMES.items():
        assert game.web in installed, f"{key}: add {game.web} to INSTALLED_APPS"
        pages = offered()[key]
        assert import_module(f"{game.web}.urls").app_name == pages.namespace
        get_template(pages.sheet_template)
        if pages.settings and pages.settings.remembered:
            get_template(pages.settings.remembered)
    assert list(offered()) == list(GAMES)


class RushFeesForm(NoFormTag, forms.Form):
    """A made-up settings form, for a game that has none yet."""

    fees = forms.CharField(label="Rush fees on your board")

    def __init__(self, data=None, *, stored: dict[str, Any], prefix: str) -> None:
        super().__init__(data, initial={"fees": stored.get("fees", "")}, prefix=prefix)
        self._helper()

    def settings(self) -> dict[str, Any]:
        return {"fees": self.cleaned_data["fees"]}


@pytest.mark.django_db
def test_the_settings_page_asks_each_game_for_its_part(monkeypatch):
    """A game whose pages give a settings form gets its section and its settings saved, with
    no change to the settings page itself."""
    world = PlayWorld(make_user("host"))
    client = Client()
    client.force_login(world.owner)
    games = dict(offered())
    games["startropolis"] = GamePages(
        namespace="startropolis",
        sheet_template=games["startropolis"].sheet_template,
        settings=GameSettings(heading="Startropolis", form=RushFeesForm),
    )
    address = reverse("playlog:settings", args=[world.log.slug])
    before = client.get(address).content.decode()
    monkeypatch.setattr("playlog.views.logs.offered", lambda: games)
    page = client.get(address).content.decode()
    assert "Rush fees on your board" in page and 'name="startropolis-fees"' in page
    assert "Scoring categories of the base game" in page and 'id="tiles"' in page
    assert "Rush fees" not in before and page.count("<form") == before.count("<form")
    response = client.post(
        address,
        {"log-name": world.log.name, "startropolis-fees": "1 2 3 4", "colonists-title": "Mars"},
    )
    assert response.status_code == 302
    world.log.refresh_from_db()
    assert world.log.settings_for("startropolis")["fees"] == "1 2 3 4"
    assert world.log.settings_for("colonists-expert")["title"] == "Mars"
    refused = client.post(address, {"log-name": world.log.name, "startropolis-fees": ""})
    assert refused.status_code == 400 and "Required: write it here." in refused.content.decode()

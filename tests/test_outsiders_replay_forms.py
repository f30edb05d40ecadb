"""An outsider and an anonymous visitor replay every form a player can submit: nothing changes.

Every campaign page (read from the URL resolver, as accounts/tests/test_access.py walks them)
is opened by a player of campaign A; every POST form on it is kept as the player's browser
would send it, with a real change in each field that takes one (Mars to zone 3, a ship's
presence to 7...). Then a signed-in outsider and an anonymous visitor post each form, and the
catalogue's old edit addresses too, while another group's campaign B stands beside A on the
same server: every table — A's and B's campaigns, boxes, games, history, members, the reference
catalogue — must be exactly as it was. The same replay by the player does change A, so the
forms are real.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urljoin, urlparse

import pytest
from django.test import Client

from accounts.models import Invite, Membership, Role
from accounts.tests.factory import add_member, make_user
from accounts.tests.test_access import address, campaign_patterns
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign
from scoring import models as catalogue
from solar175.box import LocationChange
from tests.test_security_ids import rows

# Who may read or change what, answered by the access checks before any database-specific
# work: the SQLite leg runs it (tests/plugins/ordering.py, `one_database`).
ONE_DATABASE = pytest.mark.one_database
pytestmark = [pytest.mark.django_db, ONE_DATABASE]

# What a player's browser would change before sending each form (a field the form has).
CHANGES = {
    "zone": "3",
    "presence": "7",
    "name": "Renamed by someone",
    "location": "Mars",
    "values1": "1, 2, 3",
    "name1": "Emergency funds",
    "p1-credits": "9",
    "game-notes": "changed by someone",
    "second_place_rounding": "up",
}
# The catalogue's edit forms before it became read-only (the measured attack).
OLD_CATALOGUE_FORMS = (
    "/catalogue/locations/add/",
    "/catalogue/locations/{mars}/edit/",
    "/catalogue/ships/{nautilus}/edit/",
    "/catalogue/megastructures/add/",
    "/catalogue/megastructures/iptc-internal-upgrade/edit/",
)


class _Forms(HTMLParser):
    """Every POST form of a page: its action and the values a browser would send."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, list[str]]]] = []
        self.current: dict[str, list[str]] | None = None
        # Buttons that post the same form elsewhere (`formaction`: the game's "Move").
        self.elsewhere: list[str] = []
        self.select: str | None = None
        self.first: str | None = None
        self.chosen = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            if (attrs.get("method") or "get").lower() == "post":
                self.current = {}
                self.forms.append((attrs.get("action") or "", self.current))
            return
        data = self.current
        if data is None:
            return
        if attrs.get("formaction"):
            self.elsewhere.append(attrs["formaction"])
        name = attrs.get("name")
        if tag == "input" and name and "disabled" not in attrs:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    data.setdefault(name, []).append(attrs.get("value", "on"))
            elif kind not in ("submit", "button", "file"):
                data.setdefault(name, []).append(attrs.get("value", ""))
        elif tag == "select" and name:
            self.select, self.first, self.chosen = name, None, False
        elif tag == "option" and self.select:
            value = attrs.get("value", "")
            self.first = value if self.first is None else self.first
            if "selected" in attrs:
                data.setdefault(self.select, []).append(value)
                self.chosen = True
        elif tag == "textarea" and name:
            data.setdefault(name, []).append("")

    def handle_endtag(self, tag):
        if tag == "form":
            if self.current is not None:
                self.forms += [(action, self.current) for action in self.elsewhere]
            self.current, self.elsewhere = None, []
        elif tag == "select" and self.select:
            if not self.chosen and self.first is not None and self.current is not None:
                self.current.setdefault(self.select, []).append(self.first)
            self.select = None


def player_forms(client: Client, url: str) -> list[tuple[str, dict]]:
    """The POST forms the player's page at `url` holds, their changes made."""
    response = client.get(url, follow=True)
    if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
        return []  # a picture, a download, a method the page never takes
    reader = _Forms()
    reader.feed(response.content.decode())
    page = response.request["PATH_INFO"]
    forms = []
    for action, data in reader.forms:
        target = urlparse(urljoin(page, action)).path
        if target.startswith(("/accounts/logout", "/catalogue/reveal")):
            continue  # one's own session: not the campaign's
        data.pop("csrfmiddlewaretoken", None)
        for key, value in CHANGES.items():
            if key in data:
                data[key] = [value]
        forms.append((target, data))
    return forms


def everything() -> dict[str, list]:
    """Every table a refused request must leave as it was: the campaigns' (test_security_ids)
    and the reference catalogue's."""
    models = (
        catalogue.Zone,
        catalogue.Hub,
        catalogue.Party,
        catalogue.Location,
        catalogue.Megastructure,
        catalogue.TrackerSection,
        catalogue.Award,
        catalogue.PlayerPower,
        catalogue.Ship,
        catalogue.CorporationColour,
        catalogue.CatalogueSeed,
    )
    return {**rows(), **{m.__name__: list(m.objects.order_by("pk").values()) for m in models}}


@pytest.fixture
def server():
    """Campaign A (its owner and a player) and another group's campaign B, on one server."""
    a = actions.import_campaign(make_campaign(8, corporations=4), name="Campaign A")
    add_member(a, make_user("a-owner"), Role.OWNER)
    player = make_user("a-player")
    add_member(a, player, Role.PLAYER)
    Invite.objects.create(campaign=a, created_by=player)
    # A change the History can undo (its form is replayed too); a card with a free naming
    # space (the checklist's city form).
    io = LocationChange("Io", zone=2, base_location=True, naming_spaces=2)
    actions.change_box(a, lambda box: box.with_location(None, io))
    b = actions.import_campaign(make_campaign(6, corporations=3), name="Campaign B")
    add_member(b, make_user("b-owner"), Role.OWNER)
    clients = {}
    for name, user in (("player", player), ("outsider", make_user("stranger"))):
        clients[name] = Client()
        clients[name].force_login(user)
    clients["anonymous"] = Client()
    return a, b, clients


def all_forms(a: Campaign, player: Client) -> list[tuple[str, dict]]:
    people = type("People", (), {"users": {"player": Membership.objects.get(role="player").user}})
    forms: dict[tuple[str, str], tuple[str, dict]] = {}
    last = a.games.order_by("-number").first().number
    for name, pattern in campaign_patterns():
        url = address(name, pattern, a, people)
        urls = [url]
        if "number" in pattern.pattern.converters and "/games/1/" in url:
            # The last game too: its checklist still asks for the city and the powers.
            urls.append(url.replace("/games/1/", f"/games/{last}/"))
        for each in urls:
            for target, data in player_forms(player, each):
                forms.setdefault((target, repr(sorted(data))), (target, data))
    return list(forms.values())


def test_outsiders_and_anonymous_visitors_replaying_every_players_form_change_nothing(server):
    a, b, clients = server
    forms = all_forms(a, clients["player"])
    targets = {target for target, _ in forms}
    # Not vacuous: the box's forms, the game form, the checklist, the history's undo...
    for expected in (
        "/box/locations/edit/Mars/",
        "/box/ships/edit/Nautilus EV-280/",
        "/games/new/",
        "/games/1/move/",
        "/history/",
        "/8/city/",
    ):
        assert any(expected in target for target in targets), expected
    assert len(forms) >= 25
    mars = catalogue.Location.objects.get(name="Mars").pk
    nautilus = catalogue.Ship.objects.get(name="Nautilus EV-280").pk
    old = [url.format(mars=mars, nautilus=nautilus) for url in OLD_CATALOGUE_FORMS]
    attack = {"name": "Mars", "zone": "3", "base_location": "on", "naming_spaces": "2"}
    before = everything()
    for who in ("outsider", "anonymous"):
        client = clients[who]
        for target, data in forms:
            response = client.post(target, data)
            assert response.status_code in (302, 403, 404, 405), (who, target)
            if response.status_code == 302:
                # Only ever to the login page: nothing was done.
                assert response["Location"].startswith("/accounts/login/"), (who, target)
        for url in old:
            assert client.post(url, attack).status_code == 404, (who, url)
    assert everything() == before


def test_the_same_forms_posted_by_the_player_do_change_the_campaign(server):
    a, b, clients = server
    forms = all_forms(a, clients["player"])
    b_before = (Campaign.objects.filter(pk=b.pk).values().get(), list(b.games.values()))
    box = [(t, d) for t, d in forms if t.endswith("/box/locations/edit/Mars/")]
    assert box
    response = clients["player"].post(*box[0])
    assert response.status_code == 302
    assert Campaign.objects.get(pk=a.pk).box["locations"][1] == {"name": "Mars", "zone": 3}
    # Campaign B, beside it on the same server, is untouched.
    assert (Campaign.objects.filter(pk=b.pk).values().get(), list(b.games.values())) == b_before
    assert catalogue.Location.objects.get(name="Mars").zone_id == 1

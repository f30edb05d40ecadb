"""The host's page and the seats' shares of the shared part (issue 31): the host types their
own card on the host's page, and the HUBs are dealt over the other members' phones, so the
host no longer types twice what a seat types."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from campaign.models import Corporation
from live.models import GameDraft
from live.tests.factory import url

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def table(table):
    """The live tests' table (purple held by a player, yellow by the owner, teal by nobody),
    the owner opening the draft: the host."""
    campaign, people = table
    assert (
        people.owner.post(reverse("campaign:draft_open", args=[campaign.slug])).status_code == 302
    )
    return campaign, people, GameDraft.objects.get(campaign=campaign)


def test_the_host_types_their_own_card_on_the_host_page(table):
    campaign, people, draft = table
    html = people.owner.get(url(campaign, "draft")).content.decode()
    assert 'id="seat-form"' in html and 'data-card="yellow"' in html
    assert "Your card: Yellow" in html
    # The QR code comes before the host's card, and both before the shared part.
    assert html.index("qr-box") < html.index("Your card:") < html.index('id="shared-form"')
    # Someone playing who holds no seat at this table gets no card there.
    other = people.player.get(url(campaign, "draft")).content.decode()
    assert "Your card:" in other  # purple is the player's
    assert 'data-card="purple"' in other and 'data-card="yellow"' not in other


def test_the_hubs_go_to_the_other_members_seats_not_the_host_nor_an_unheld_seat(table):
    campaign, people, draft = table
    page = people.player.get(url(campaign, "draft_seat", "purple")).content.decode()
    assert 'id="hub-share-form"' in page
    assert 'name="hubs-hensler_workers"' in page and 'name="hubs-zone1_algorithms"' in page
    # The host (yellow) and the seat nobody holds (teal) have none: purple has them all.
    for key in ("yellow", "teal"):
        assert (
            'id="hub-share-form"'
            not in people.owner.get(url(campaign, "draft_seat", key)).content.decode()
        )
    host = people.owner.get(url(campaign, "draft")).content.decode()
    assert "on Purple corporation&#x27;s" in host or "on Purple corporation's" in host
    # A viewer reading purple's card gets no form for the shared part.
    assert (
        'id="hub-share-form"'
        not in people.viewer.get(url(campaign, "draft_seat", "purple")).content.decode()
    )


def test_the_hubs_are_dealt_round_the_sharing_seats_in_order_of_play(table):
    campaign, people, draft = table
    # Teal taken by a second player: purple and teal share the HUBs, a row each in turn.
    second = make_user("second-player")
    add_member(campaign, second, Role.PLAYER)
    Corporation.objects.filter(campaign=campaign, key="teal").update(holder=second)
    teal = Client()
    teal.force_login(second)
    found = {}
    for key, client in (("purple", people.player), ("teal", teal)):
        html = client.get(url(campaign, "draft_seat", key)).content.decode()
        found[key] = re.findall(r'name="hubs-(\w+)_workers"', html)
    host = people.owner.get(url(campaign, "draft")).content.decode()
    every = re.findall(r'id="shared-form".*', host, re.S)[0]
    rows = list(dict.fromkeys(re.findall(r'name="hubs-(\w+)_workers"', every)))
    assert found["purple"] and found["teal"]
    assert sorted(found["purple"] + found["teal"]) == sorted(rows)
    assert abs(len(found["purple"]) - len(found["teal"])) <= 1
    order = [s for s in (draft.shared[f"setup-seat{n}_corporation"] for n in (1, 2, 3))]
    first = min(("purple", "teal"), key=order.index)
    assert rows[0] in found[first]


def test_a_seats_hubs_posted_whole_leave_the_rest_of_the_shared_part(table):
    """Without JavaScript the share's save posts its HUBs only: the shared part's ticked boxes,
    absent from that form, stay ticked (a whole shared form's absent box means unticked)."""
    campaign, people, draft = table
    shared = url(campaign, "draft_shared")
    ticked = {"game-neds_sold_out": "on", "_field": "game-neds_sold_out", "_was": ""}
    assert people.owner.post(shared, ticked, HTTP_HX_REQUEST="true").status_code == 200
    draft.refresh_from_db()
    assert draft.shared["game-neds_sold_out"] == "on"
    posted = {
        "_draft": str(draft.pk),
        "_part": "hubs",
        "_drawn": json.dumps(draft.shared),
        "hubs-hensler_workers": "3",
        "hubs-hensler_algorithms": "1",
    }
    response = people.player.post(shared, posted)
    assert response.status_code == 302
    assert response["Location"] == url(campaign, "draft_join")
    draft.refresh_from_db()
    assert draft.shared["hubs-hensler_workers"] == "3"
    assert draft.shared["hubs-hensler_algorithms"] == "1"
    assert draft.shared["game-neds_sold_out"] == "on"

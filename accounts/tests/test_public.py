"""The public page: off until the owner switches it on; read-only; never a locked section."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts import actions
from accounts.models import PublicLink
from benchmarks.samples import make_campaign
from campaign import actions as campaign_actions
from campaign.models import Campaign
from solar175.sections import sections
from unlocks.tests.test_spoilers import open_vocabulary, spoilers_in, visible_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

PUBLIC_PAGES = (
    "public:dashboard",
    "public:games",
    "public:trackers",
    "public:elections",
    "public:cities",
)


@pytest.fixture
def campaign() -> Campaign:
    return campaign_actions.import_campaign(make_campaign(12, corporations=4, seed=9))


def public_urls(token: str) -> list[str]:
    return [reverse(name, args=[token]) for name in PUBLIC_PAGES]


def switch_on(people, campaign: Campaign) -> str:
    response = people.owner.post(
        reverse("accounts:public_switch", args=[campaign.slug]), {"enabled": "on"}
    )
    assert response.status_code == 302
    return PublicLink.objects.get(campaign=campaign).token


def locked(campaign: Campaign) -> set[int]:
    unlocked = {u["section"] for u in campaign.state["unlocked_sections"]}
    return {s.number for s in sections()} - unlocked


def test_it_is_off_by_default(campaign, people):
    link = actions.public_link(campaign)
    assert not link.enabled
    for url in public_urls(link.token):
        assert Client().get(url).status_code == 404
    page = people.owner.get(reverse("accounts:public_page", args=[campaign.slug])).content.decode()
    assert "Switch the public page on" in page
    assert 'class="qr-code"' not in page


def test_switched_on_every_page_reads_without_an_account(campaign, people):
    token = switch_on(people, campaign)
    for url in public_urls(token):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert campaign.name in response.content.decode()


def test_the_owner_sees_its_address_and_qr_code(campaign, people):
    token = switch_on(people, campaign)
    page = people.owner.get(reverse("accounts:public_page", args=[campaign.slug])).content.decode()
    assert f"http://testserver{reverse('public:dashboard', args=[token])}" in page
    assert re.search(r'<svg [^>]*class="qr-code"', page)


def test_it_shows_no_locked_section_no_sections_page_and_no_edit_control(campaign, people):
    token = switch_on(people, campaign)
    still_locked = locked(campaign)
    assert still_locked  # the check is not vacuous: 12 games leave sections locked
    vocabulary = open_vocabulary()
    for visitor in (Client(), people.owner):
        for url in public_urls(token):
            page = visitor.get(url).content.decode()
            # The spoiler check of the unlocks pages (titles, changes, section numbers).
            assert spoilers_in(visible_text(page), still_locked, vocabulary) == [], url
            # No sections, setup sheet, checklist or any member page is linked from here.
            assert f"/campaigns/{campaign.slug}/" not in page, url
            assert "/sections/" not in page and "/setup/" not in page, url
            # No form but (for a signed-in visitor) the header's log out.
            forms = re.findall(r"<form [^>]*action=\"([^\"]*)\"", page)
            assert set(forms) <= {reverse("logout")}, url
            assert "Enter game" not in page and ">Edit<" not in page, url
            assert '<meta name="robots" content="noindex, nofollow">' in page


def test_its_navigation_stays_on_the_public_pages(campaign, people):
    token = switch_on(people, campaign)
    page = Client().get(reverse("public:dashboard", args=[token])).content.decode()
    nav = re.search(r'<nav aria-label="Campaign">.*?</nav>', page, re.S).group(0)
    assert re.findall(r'href="([^"]+)"', nav) == public_urls(token)


def test_switching_it_off_makes_the_address_404_and_on_again_the_same_address(campaign, people):
    token = switch_on(people, campaign)
    people.owner.post(reverse("accounts:public_switch", args=[campaign.slug]), {})
    for url in public_urls(token):
        assert Client().get(url).status_code == 404
    assert switch_on(people, campaign) == token
    assert Client().get(reverse("public:dashboard", args=[token])).status_code == 200


def test_a_new_address_makes_the_old_one_404(campaign, people):
    old = switch_on(people, campaign)
    response = people.owner.post(reverse("accounts:public_regenerate", args=[campaign.slug]))
    assert response.status_code == 302
    new = PublicLink.objects.get(campaign=campaign).token
    assert new != old
    for url in public_urls(old):
        assert Client().get(url).status_code == 404
    for url in public_urls(new):
        assert Client().get(url).status_code == 200


def test_only_the_owner_switches_it(campaign, people):
    url = reverse("accounts:public_switch", args=[campaign.slug])
    assert people.player.post(url, {"enabled": "on"}).status_code == 403
    assert people.viewer.post(url, {"enabled": "on"}).status_code == 403
    assert people.outsider.post(url, {"enabled": "on"}).status_code == 404
    assert not PublicLink.objects.filter(enabled=True).exists()


def test_the_public_pages_refuse_post(campaign, people):
    token = switch_on(people, campaign)
    for url in public_urls(token):
        assert Client().post(url).status_code == 405


def test_an_unknown_token_is_404():
    assert Client().get(reverse("public:dashboard", args=["nope"])).status_code == 404


@pytest.mark.parametrize("name", PUBLIC_PAGES)
def test_each_public_page_answers_in_the_same_queries_for_5_and_60_games(name):
    counts = []
    for n_games, corporations in ((5, 3), (60, 5)):
        campaign = campaign_actions.import_campaign(
            make_campaign(n_games, corporations=corporations)
        )
        token = actions.switch_public_link(campaign, True).token
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(reverse(name, args=[token])).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]

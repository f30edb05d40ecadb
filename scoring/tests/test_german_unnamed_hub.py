"""Zone 6's HUB body, which the rulebook text does not print: the fixture's placeholder is the
app's own words, said in the reader's language (issue 33); the stored catalogue keeps it, and a
name staff give shows as given."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import make_campaign
from campaign import actions
from scoring.models import UNNAMED_HUB, Zone

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
IN_GERMAN = "Unbenannt – Namen von deiner Karte übernehmen"


def test_the_catalogue_says_the_placeholder_in_german(client):
    assert Zone.objects.get(number=6).hub_name == UNNAMED_HUB
    german = client.get(reverse("catalogue:index"), **GERMAN).content.decode()
    assert IN_GERMAN in german and UNNAMED_HUB not in german
    assert UNNAMED_HUB in client.get(reverse("catalogue:index")).content.decode()
    # The stored catalogue is unchanged.
    assert Zone.objects.get(number=6).hub_name == UNNAMED_HUB


def test_a_campaign_box_location_form_names_zone_6_in_german(owner_client):
    campaign = owned(actions.import_campaign(make_campaign(1)))
    url = reverse("campaign:box_location_add", args=[campaign.slug])
    german = owner_client.get(url, **GERMAN).content.decode()
    assert IN_GERMAN in german and UNNAMED_HUB not in german
    assert UNNAMED_HUB in owner_client.get(url).content.decode()


def test_a_name_staff_gave_shows_as_given(client):
    Zone.objects.filter(number=6).update(hub_name="Arrokoth")
    german = client.get(reverse("catalogue:index"), **GERMAN).content.decode()
    assert "Arrokoth" in german and IN_GERMAN not in german

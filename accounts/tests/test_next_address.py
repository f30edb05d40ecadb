"""The sign-up's `next` (where to go afterwards) read by a form (`accounts.forms.NextForm`): the
form's hidden field, else the address's query; an address of this site only (Django's
`url_has_allowed_host_and_scheme`), and one that is no address goes to the campaigns."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from accounts.tests.test_auth import signup_data

pytestmark = pytest.mark.django_db


def test_sign_up_goes_on_to_the_next_page_of_this_site(client):
    response = client.post(reverse("accounts:signup"), signup_data(next="/campaigns/new/"))
    assert response.status_code == 302
    assert response["Location"] == "/campaigns/new/"


def test_the_next_page_may_come_in_the_address(client):
    address = reverse("accounts:signup") + "?next=/campaigns/new/"
    response = client.post(address, signup_data())
    assert response.status_code == 302
    assert response["Location"] == "/campaigns/new/"


def test_a_signed_in_person_is_sent_on_to_the_next_page(client, make_user):
    client.force_login(make_user("caro"))
    response = client.get(reverse("accounts:signup") + "?next=/campaigns/new/")
    assert response.status_code == 302
    assert response["Location"] == "/campaigns/new/"


@pytest.mark.parametrize(
    "next_url", ["https://elsewhere.example/", "/campaigns/\x00", "/" + "a" * 2001]
)
def test_a_next_that_is_no_address_of_this_site_goes_to_the_campaigns(client, next_url):
    response = client.post(reverse("accounts:signup"), signup_data(next=next_url))
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:list")
    assert User.objects.filter(username="caro").exists()

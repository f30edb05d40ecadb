"""Sign up, log in, log out and a password reset by email (the console in development)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.tests.factory import PASSWORD

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "orbital-shipyard-9"


def signup_data(**overrides) -> dict:
    return {
        "username": "caro",
        "email": "caro@example.com",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
        **overrides,
    }


def test_signing_up_makes_an_account_and_logs_in(client):
    response = client.post(reverse("accounts:signup"), signup_data())
    assert response["Location"] == reverse("campaign:list")
    user = User.objects.get(username="caro")
    assert user.email == "caro@example.com"
    assert client.get(reverse("campaign:list")).status_code == 200


def test_a_bad_sign_up_makes_no_account_and_says_why(client):
    response = client.post(reverse("accounts:signup"), signup_data(password2="something-else"))
    assert response.status_code == 400
    assert "The two password fields didn’t match." in response.content.decode()
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("username", "sentence"),
    [
        # A Hangul filler is a letter to Django's validator, but draws nothing.
        ("\u3164\u3164", "Username: has no visible character"),
        # Invisible marks are not letters: the validator refuses them itself.
        ("caro\u202e\u200b", "Enter a valid username."),
    ],
    ids=["blank-letters", "invisible-marks"],
)
def test_a_username_nobody_can_read_is_refused(client, username, sentence):
    response = client.post(reverse("accounts:signup"), signup_data(username=username))
    assert response.status_code == 400
    assert sentence in response.content.decode()
    assert not User.objects.exists()


def test_sign_up_goes_back_only_to_this_site(client):
    response = client.post(
        reverse("accounts:signup"), signup_data(next="https://elsewhere.example/")
    )
    assert response["Location"] == reverse("campaign:list")


def test_the_sign_up_form_carries_the_csrf_token_and_the_way_back(client):
    page = client.get(reverse("accounts:signup") + "?next=/join/abc/").content.decode()
    assert 'name="csrfmiddlewaretoken"' in page
    assert 'name="next" value="/join/abc/"' in page
    assert reverse("login") + "?next=/join/abc/" in page


def test_logging_in_and_out(client, make_user):
    make_user("caro")
    page = client.get(reverse("login")).content.decode()
    assert reverse("accounts:signup") in page and reverse("password_reset") in page
    response = client.post(reverse("login"), {"username": "caro", "password": PASSWORD})
    assert response["Location"] == reverse("campaign:list")
    header = client.get(reverse("campaign:list")).content.decode()
    assert "caro" in header and f'action="{reverse("logout")}"' in header
    # Logging out is a POST: a link someone follows cannot log you out.
    assert client.get(reverse("logout")).status_code == 405
    assert client.post(reverse("logout"))["Location"] == reverse("scoring:home")
    assert client.get(reverse("campaign:list")).status_code == 302


def test_a_wrong_password_says_so(client, make_user):
    make_user("caro")
    response = client.post(reverse("login"), {"username": "caro", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()


def test_the_header_offers_log_in_and_sign_up_when_logged_out(client):
    page = client.get(reverse("scoring:home")).content.decode()
    assert f'href="{reverse("login")}"' in page
    assert f'href="{reverse("accounts:signup")}"' in page


def test_a_signed_in_person_asking_to_sign_up_goes_on(client, make_user):
    client.force_login(make_user("caro"))
    assert client.get(reverse("accounts:signup"))["Location"] == reverse("campaign:list")


def test_a_password_reset_emails_a_link_that_sets_a_new_password(make_user):
    make_user("caro", email="caro@example.com")
    client = Client()
    response = client.post(reverse("password_reset"), {"email": "caro@example.com"})
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Your Solar 175 password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)
    # The link redirects to its token-free address, then takes the new password.
    form_url = client.get(link)["Location"]
    page = client.get(form_url).content.decode()
    assert "Choose a new password" in page
    done = client.post(
        form_url, {"new_password1": "comet-tail-4455", "new_password2": "comet-tail-4455"}
    )
    assert done["Location"] == reverse("password_reset_complete")
    assert Client().login(username="caro", password="comet-tail-4455")


def test_a_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_the_auth_pages_render(client):
    for name in ("login", "password_reset", "password_reset_done", "accounts:signup"):
        response = client.get(reverse(name))
        assert response.status_code == 200, name
        assert "Solar 175" in response.content.decode()

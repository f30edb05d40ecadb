"""The language a person reads the pages in (accounts.language, docs/translating.md): their
phone's by default, a choice kept with their account over it, `<html lang>` saying which, and
English for a language the site does not list. What is checked is the active language, not the
words (tests/test_translations.py checks the catalogues)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from accounts.language import SESSION_KEY
from accounts.models import Preferences
from accounts.tests.factory import PASSWORD, make_user

pytestmark = pytest.mark.django_db

TWO = override_settings(LANGUAGES=[("en-gb", "English"), ("de", "Deutsch")])
# A site that lists English alone (German taken out of LANGUAGES by its host).
ENGLISH_ALONE = override_settings(LANGUAGES=[("en-gb", "English")])
PAGE = "/accounts/login/"


def html_lang(response) -> str:
    found = re.search(r'<html lang="([^"]*)"', response.content.decode())
    assert found, "no <html lang>"
    return found.group(1)


def signed_in(username: str = "reader") -> Client:
    client = Client()
    assert client.login(username=make_user(username).username, password=PASSWORD)
    return client


@TWO
def test_the_phones_language_when_the_site_lists_it():
    response = Client().get(PAGE, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
    assert html_lang(response) == "de"
    assert response["Content-Language"] == "de"
    assert "Accept-Language" in response["Vary"]


@TWO
def test_english_by_default_and_for_a_language_not_listed():
    assert html_lang(Client().get(PAGE)) == "en-gb"
    response = Client().get(PAGE, HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert html_lang(response) == "en-gb"
    assert response["Content-Language"] == "en-gb"
    # An English phone of another country reads the site's English.
    assert html_lang(Client().get(PAGE, HTTP_ACCEPT_LANGUAGE="en-US")) == "en-gb"


@ENGLISH_ALONE
def test_with_english_alone_a_german_phone_reads_english():
    assert html_lang(Client().get(PAGE, HTTP_ACCEPT_LANGUAGE="de")) == "en-gb"


@TWO
def test_a_kept_choice_wins_over_the_phones_and_follows_the_person():
    client = signed_in()
    page = reverse("accounts:language")
    response = client.post(page, {"language": "de"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    user = get_user_model().objects.get(username="reader")
    assert Preferences.objects.get(user=user).language == "de"
    home = reverse("playlog:list")
    response = client.get(home, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert html_lang(response) == "de"
    assert response["Content-Language"] == "de"
    # Kept with the account: another phone, signed in, speaks it too.
    other = Client()
    assert other.login(username="reader", password=PASSWORD)
    assert html_lang(other.get(home, HTTP_ACCEPT_LANGUAGE="en")) == "de"
    # Signed out, the phone's language again.
    other.post(reverse("logout"))
    assert html_lang(other.get(PAGE, HTTP_ACCEPT_LANGUAGE="en")) == "en-gb"


@TWO
def test_the_phones_language_is_no_choice_kept():
    client = signed_in()
    page = reverse("accounts:language")
    client.post(page, {"language": "de"})
    assert client.post(page, {"language": ""}).status_code == 302
    assert Preferences.objects.get(user__username="reader").language == ""
    assert SESSION_KEY not in client.session
    assert html_lang(client.get(page, HTTP_ACCEPT_LANGUAGE="de")) == "de"
    assert html_lang(client.get(page, HTTP_ACCEPT_LANGUAGE="en")) == "en-gb"


@TWO
def test_the_page_offers_the_phones_language_and_each_listed_one():
    client = signed_in()
    html = client.get(reverse("accounts:language")).content.decode()
    assert "My phone&#x27;s language" in html or "My phone's language" in html
    assert 'value="de"' in html and "Deutsch" in html
    assert 'value=""' in html and "checked" in html.split('value=""', 1)[1].split(">", 1)[0]


@TWO
def test_a_language_not_listed_is_refused_and_nothing_kept():
    client = signed_in()
    response = client.post(reverse("accounts:language"), {"language": "fr"})
    assert response.status_code == 400
    assert not Preferences.objects.filter(user__username="reader").exists()


def test_a_kept_language_the_site_no_longer_lists_is_the_phones():
    client = signed_in()
    with TWO:
        client.post(reverse("accounts:language"), {"language": "de"})
    # German gone from LANGUAGES: English, and the page offers the phone's language.
    with ENGLISH_ALONE:
        response = client.get(reverse("accounts:language"), HTTP_ACCEPT_LANGUAGE="de")
    assert html_lang(response) == "en-gb"


def test_the_language_page_is_for_a_signed_in_person():
    response = Client().get(reverse("accounts:language"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@TWO
def test_the_menu_links_to_the_language_page_when_signed_in():
    url = reverse("accounts:language")
    assert f'href="{url}"' in signed_in().get(reverse("playlog:list")).content.decode()
    assert f'href="{url}"' not in Client().get(PAGE).content.decode()


def test_german_is_shipped_and_a_german_phone_reads_it():
    """German is listed with its catalogue (compiled by `make`): the sign-in page's words are
    German on a German phone and English on any other."""
    german = Client().get(PAGE, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    english = Client().get(PAGE, HTTP_ACCEPT_LANGUAGE="en-GB").content.decode()
    assert "Passwort vergessen?" in german and "Forgot your password?" not in german
    assert "Passwort vergessen?" not in english

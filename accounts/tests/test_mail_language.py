"""Every mail the app sends is in its reader's language (docs/translating.md). There is one:
the password-reset mail (hosting.mail). It speaks the language the person chose on their
Language page when they chose one (`Preferences.language`: the mail is theirs, whoever's phone
asked), else the language of the request that asks for it (the phone's). Its subject and body
are the templates' words, from the catalogue; English is unchanged."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import Preferences

pytestmark = pytest.mark.django_db

ENGLISH_BODY = """Hello caro,

Someone (we hope you) asked to reset your password for the Solar 175 campaign manager at testserver.
Choose a new one here:

http://testserver{link}

The link works once. If you did not ask, ignore this email: your password stays as it is.

"""


def reset_mail(phone: str | None, choice: str | None = None, make_user=None):
    user = make_user("caro", email="caro@example.com")
    if choice is not None:
        Preferences.objects.create(user=user, language=choice)
    client = Client(headers={"accept-language": phone} if phone else {})
    response = client.post(reverse("password_reset"), {"email": "caro@example.com"})
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    return mail.outbox[0]


def link_in(message) -> str:
    return re.search(r"http://testserver(/accounts/reset/\S+/)", message.body).group(1)


@pytest.mark.parametrize("phone", [None, "en-GB", "en-US,en;q=0.9", "fr"])
def test_an_english_request_sends_the_english_mail_unchanged(make_user, phone):
    message = reset_mail(phone, make_user=make_user)
    assert message.subject == "Your Solar 175 password"
    assert message.body == ENGLISH_BODY.format(link=link_in(message))


def test_a_german_phone_gets_the_mail_in_german(make_user):
    message = reset_mail("de-DE,de;q=0.9,en;q=0.5", make_user=make_user)
    assert message.subject == "Dein Passwort für Solar 175"
    assert message.body.startswith("Hallo caro,\n\nJemand (hoffentlich du) hat darum gebeten")
    assert "Wähle hier ein neues:" in message.body
    assert "Der Link funktioniert einmal." in message.body
    assert "Someone" not in message.body and "The link works once" not in message.body
    # The link in it works as the English one does.
    form_url = Client().get(link_in(message))["Location"]
    assert Client().get(form_url).status_code == 200


def test_the_persons_chosen_language_over_the_asking_phones(make_user):
    """Whoever's phone asks, the mail goes to the person: in the language they chose."""
    message = reset_mail("en-GB", choice="de", make_user=make_user)
    assert message.subject == "Dein Passwort für Solar 175"
    assert message.body.startswith("Hallo caro,")


def test_a_person_who_chose_english_gets_english_from_a_german_phone(make_user):
    message = reset_mail("de", choice="en-gb", make_user=make_user)
    assert message.subject == "Your Solar 175 password"
    assert message.body == ENGLISH_BODY.format(link=link_in(message))


@pytest.mark.parametrize("choice", ["", "xx"])
def test_no_choice_or_one_no_longer_offered_is_the_phones(make_user, choice):
    message = reset_mail("de", choice=choice, make_user=make_user)
    assert message.subject == "Dein Passwort für Solar 175"

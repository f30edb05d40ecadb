"""The password-reset mail through a real SMTP server (aiosmtpd, started by the test): it
arrives, its link works once; a mail server that is not there, or refuses the mail, is said on
the page with one line in the log, never "check your email" (hosting.mail)."""

from __future__ import annotations

import logging
import re
import runpy

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings
from django.urls import reverse

from accounts.tests.smtp import free_port, smtp_server
from hosting.mail import MAIL_NOT_SENT_SENTENCE
from hosting.models import PasswordResetRequest

pytestmark = pytest.mark.django_db

SMTP = "django.core.mail.backends.smtp.EmailBackend"
NEW_PASSWORD = "comet-tail-4455"


def through(port: int):
    return override_settings(
        EMAIL_BACKEND=SMTP, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port, EMAIL_TIMEOUT=5
    )


def test_the_reset_mail_arrives_by_smtp_and_its_link_works_once(make_user):
    make_user("caro", email="caro@example.com")
    client = Client()
    with smtp_server() as server, through(server.port):
        response = client.post(reverse("password_reset"), {"email": "caro@example.com"})
    assert response.status_code == 302
    assert response["Location"] == reverse("password_reset_done")
    assert len(server.messages) == 1
    message = server.messages[0]
    assert message["To"] == "caro@example.com"
    assert message["Subject"] == "Your Solar 175 password"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", server.texts()[0]).group(1)
    form_url = client.get(link)["Location"]
    saved = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert saved["Location"] == reverse("password_reset_complete")
    assert Client().login(username="caro", password=NEW_PASSWORD)
    # Used once: the same link, in another browser or this one, is refused.
    for again in (Client(), client):
        followed = again.get(link, follow=True)
        page = followed.content.decode()
        assert "This link does not work any more" in page
        assert 'name="new_password1"' not in page


@pytest.mark.parametrize("email", ["caro@example.com", "nobody@example.com"])
def test_with_no_mail_server_listening_the_page_says_so(make_user, caplog, email):
    make_user("caro", email="caro@example.com")
    port = free_port()  # nothing listens there
    with through(port), caplog.at_level(logging.ERROR, logger="hosting.mail"):
        response = Client().post(reverse("password_reset"), {"email": email})
    # The same for an address with an account and one without: the page tells nothing of
    # who has an account, only that no mail went.
    assert response.status_code == 503
    page = response.content.decode()
    assert MAIL_NOT_SENT_SENTENCE in page
    assert "Check your email" not in page
    lines = [r for r in caplog.records if r.name == "hosting.mail"]
    assert len(lines) == 1
    said = f"A password-reset mail could not be sent through 127.0.0.1:{port} "
    assert lines[0].getMessage().startswith(said + "(ConnectionRefusedError")
    assert lines[0].exc_info is None  # one line, no traceback
    # The request is counted: a dead server is not asked without bound.
    assert PasswordResetRequest.objects.count() == 1


def test_a_mail_the_server_refuses_is_said_too(make_user, caplog):
    make_user("caro", email="caro@example.com")
    with smtp_server(refuse=True) as server, through(server.port):
        response = Client().post(reverse("password_reset"), {"email": "caro@example.com"})
    assert response.status_code == 503
    assert MAIL_NOT_SENT_SENTENCE in response.content.decode()
    assert server.messages == []
    assert [r.levelname for r in caplog.records if r.name == "hosting.mail"] == ["ERROR"]


def test_the_mail_settings_come_from_the_environment(monkeypatch):
    def settings_with(**environ):
        for name in ("EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS"):
            monkeypatch.delenv(name, raising=False)
        for name in ("EMAIL_USE_SSL", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "EMAIL_TIMEOUT"):
            monkeypatch.delenv(name, raising=False)
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(str(settings.BASE_DIR / "config" / "settings.py"))

    laptop = settings_with()
    assert laptop["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    hosted = settings_with(
        EMAIL_HOST="mail.example.org",
        EMAIL_HOST_USER="solar",
        EMAIL_HOST_PASSWORD="secret",
        EMAIL_USE_TLS="1",
        EMAIL_TIMEOUT="7",
    )
    assert hosted["EMAIL_BACKEND"] == SMTP
    assert (hosted["EMAIL_HOST"], hosted["EMAIL_PORT"], hosted["EMAIL_USE_TLS"]) == (
        "mail.example.org",
        587,
        True,
    )
    assert (hosted["EMAIL_HOST_USER"], hosted["EMAIL_HOST_PASSWORD"]) == ("solar", "secret")
    assert hosted["EMAIL_TIMEOUT"] == 7
    assert settings_with(EMAIL_HOST="m", EMAIL_USE_SSL="1")["EMAIL_PORT"] == 465
    assert settings_with(EMAIL_HOST="m", EMAIL_PORT="2525")["EMAIL_PORT"] == 2525
    with pytest.raises(ImproperlyConfigured, match="set one of them, not both"):
        settings_with(EMAIL_USE_TLS="1", EMAIL_USE_SSL="1")
    with pytest.raises(ImproperlyConfigured, match="EMAIL_PORT: 'smtp' is not a whole number"):
        settings_with(EMAIL_PORT="smtp")

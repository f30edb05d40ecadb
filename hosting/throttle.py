"""How many password-reset mails one address, or one email address, may ask for in an hour.

Counted in the database (`PasswordResetRequest`), so every worker and server shares the count.
Asking too often gets the form back with a sentence saying when to try again; nothing is sent.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from hosting.busy import writing
from hosting.models import PasswordResetRequest

WINDOW = timedelta(hours=1)


def email_digest(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


def reset_refusal(address: str, email: str) -> str | None:
    """Why no reset mail may be asked at this moment (a sentence), or None."""
    since = timezone.now() - WINDOW
    recent = PasswordResetRequest.objects.filter(requested_at__gte=since)
    if recent.filter(email_digest=email_digest(email)).count() >= (
        settings.PASSWORD_RESETS_PER_EMAIL_HOUR
    ):
        return (
            f"Email: at most {settings.PASSWORD_RESETS_PER_EMAIL_HOUR} password-reset mails an "
            "hour go to one address; look for the ones already sent, or try again in an hour."
        )
    if recent.filter(address=address).count() >= settings.PASSWORD_RESETS_PER_ADDRESS_HOUR:
        return (
            f"At most {settings.PASSWORD_RESETS_PER_ADDRESS_HOUR} password resets an hour can "
            "be asked for from one place; try again in an hour."
        )
    return None


def record_reset_request(address: str, email: str) -> None:
    """Count one reset asked for, and forget those older than the window."""
    with writing():
        PasswordResetRequest.objects.filter(requested_at__lt=timezone.now() - WINDOW).delete()
        PasswordResetRequest.objects.create(address=address, email_digest=email_digest(email))

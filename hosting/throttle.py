"""How many password-reset mails one address, or one email address, may ask for in an hour,
and how many accounts one address may make in an hour.

Counted in the database (`PasswordResetRequest`, `SignUp`), so every worker and server shares
the count. Asking too often gets the form back with a sentence saying when to try again;
nothing is sent or made.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import ngettext

from hosting.busy import writing
from hosting.models import PasswordResetRequest, SignUp

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
        return ngettext(
            "Email: at most %(count)s password-reset mail an hour goes to one address; look for "
            "the one already sent, or try again in an hour.",
            "Email: at most %(count)s password-reset mails an hour go to one address; look for "
            "the ones already sent, or try again in an hour.",
            settings.PASSWORD_RESETS_PER_EMAIL_HOUR,
        ) % {"count": settings.PASSWORD_RESETS_PER_EMAIL_HOUR}
    if recent.filter(address=address).count() >= settings.PASSWORD_RESETS_PER_ADDRESS_HOUR:
        return ngettext(
            "At most %(count)s password reset an hour can be asked for from one place; try "
            "again in an hour.",
            "At most %(count)s password resets an hour can be asked for from one place; try "
            "again in an hour.",
            settings.PASSWORD_RESETS_PER_ADDRESS_HOUR,
        ) % {"count": settings.PASSWORD_RESETS_PER_ADDRESS_HOUR}
    return None


def record_reset_request(address: str, email: str) -> None:
    """Count one reset asked for, and forget those older than the window."""
    with writing():
        PasswordResetRequest.objects.filter(requested_at__lt=timezone.now() - WINDOW).delete()
        PasswordResetRequest.objects.create(address=address, email_digest=email_digest(email))


def signup_refusal(address: str) -> str | None:
    """Why no account may be made from this address at this moment (a sentence), or None."""
    made = SignUp.objects.filter(address=address, signed_up_at__gte=timezone.now() - WINDOW)
    if made.count() >= settings.SIGNUPS_PER_ADDRESS_HOUR:
        return ngettext(
            "At most %(count)s account an hour can be made from one place; try again in an "
            "hour. Nothing was made.",
            "At most %(count)s accounts an hour can be made from one place; try again in an "
            "hour. Nothing was made.",
            settings.SIGNUPS_PER_ADDRESS_HOUR,
        ) % {"count": settings.SIGNUPS_PER_ADDRESS_HOUR}
    return None


def record_signup(address: str) -> None:
    """Count one account made (in the caller's transaction), and forget those older than the
    window."""
    SignUp.objects.filter(signed_up_at__lt=timezone.now() - WINDOW).delete()
    SignUp.objects.create(address=address)

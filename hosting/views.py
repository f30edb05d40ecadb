"""The throttled sign-in and password-reset pages (django-axes; hosting.throttle)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from hosting.auth import address_is_paused, client_address
from hosting.mail import MAIL_NOT_SENT_SENTENCE, MailNotSent, PasswordResetMailForm
from hosting.throttle import record_reset_request, reset_refusal

mail_log = logging.getLogger("hosting.mail")


def _minutes(settings_value) -> int:
    return max(1, int(settings_value.total_seconds() // 60))


def login_locked_out(request: HttpRequest, response=None, credentials=None, *args, **kwargs):
    """django-axes' answer once a username has too many wrong passwords from this address, or
    this address too many for any usernames (hosting.auth.AddressLimitHandler)."""
    minutes = _minutes(settings.AXES_COOLOFF_TIME)
    if address_is_paused(request):
        sentence = ngettext(
            "Too many wrong passwords from this place (%(limit)s, for any usernames): signing "
            "in from here is paused for %(count)s minute. Forgot yours? Reset your password "
            "by email.",
            "Too many wrong passwords from this place (%(limit)s, for any usernames): signing "
            "in from here is paused for %(count)s minutes. Forgot yours? Reset your password "
            "by email.",
            minutes,
        ) % {"limit": settings.AXES_ADDRESS_FAILURE_LIMIT, "count": minutes}
    else:
        sentence = ngettext(
            "Too many wrong passwords (%(limit)s) for this username from this place: signing "
            "in with it from here is paused for %(count)s minute. Forgot it? Reset your "
            "password by email.",
            "Too many wrong passwords (%(limit)s) for this username from this place: signing "
            "in with it from here is paused for %(count)s minutes. Forgot it? Reset your "
            "password by email.",
            minutes,
        ) % {"limit": settings.AXES_FAILURE_LIMIT, "count": minutes}
    return render(request, "hosting/locked_out.html", {"sentence": sentence}, status=429)


class ThrottledPasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, at most a few mails an hour per address and per email; a mail
    that could not be sent is said on the page (hosting.mail), not hidden behind "done"."""

    form_class = PasswordResetMailForm
    # `mail_language(user)`: the language of the mail to `user`, "" for the request's (the
    # asking phone's); config.urls gives the person's chosen one (accounts.language).
    mail_language = None

    def get_form_kwargs(self) -> dict:
        return {**super().get_form_kwargs(), "mail_language": self.mail_language}

    def form_valid(self, form) -> HttpResponse:
        address = client_address(self.request) or "unknown"
        email = form.cleaned_data["email"]
        refusal = reset_refusal(address, email)
        if refusal:
            form.add_error("email", refusal)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        record_reset_request(address, email)
        try:
            return super().form_valid(form)
        except MailNotSent as error:
            cause = error.__cause__ or error
            mail_log.error(
                "A password-reset mail could not be sent through %s:%s (%s: %s)",
                settings.EMAIL_HOST,
                settings.EMAIL_PORT,
                type(cause).__name__,
                cause,
            )
            form.add_error(None, _(MAIL_NOT_SENT_SENTENCE))
            return self.render_to_response(self.get_context_data(form=form), status=503)

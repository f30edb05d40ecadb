"""The password-reset mail, sent or said not to be.

Django's own reset form logs a mail it could not send and goes on, so the person was told
"check your email" for a mail that never left. Here the mail server is reached first, before
anyone is looked up (so a server that is down says the same for every address, and the page
never tells whether an address has an account); a mail it then refuses stops the reset too.
Either way `MailNotSent` carries the error, the view says so on the page
(`MAIL_NOT_SENT_SENTENCE`) and the log has one line.

The mail is in its reader's language: the one `mail_language(user)` gives (the view's, wired
by config.urls to `accounts.language.mail_language`: the language the person chose), else the
asking phone's (the request's, active while the form sends).
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import EmailMultiAlternatives, get_connection
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext_noop

# Said in the person's language where it is shown (`gettext(MAIL_NOT_SENT_SENTENCE)`).
MAIL_NOT_SENT_SENTENCE = gettext_noop(
    "The mail could not be sent; ask whoever hosts this site. Nothing was sent: try again "
    "once they have looked."
)


class MailNotSent(Exception):
    """The mail server could not be reached, or refused the mail; the cause is chained."""


class PasswordResetMailForm(PasswordResetForm):
    def __init__(self, *args, mail_language: Callable | None = None, **kwargs) -> None:
        """`mail_language(user)`: the code of the language a mail to `user` is in, or "" for
        the request's."""
        super().__init__(*args, **kwargs)
        self.mail_language = mail_language

    def save(self, *args, **kwargs) -> None:
        self.connection = get_connection()
        try:
            self.connection.open()
        except Exception as error:  # noqa: BLE001 - any failure to connect: not sent
            raise MailNotSent(error) from error
        try:
            super().save(*args, **kwargs)
        finally:
            self.connection.close()

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ) -> None:
        """Django's, over the connection opened in `save`, in the reader's language, and
        raising what it refused."""
        chosen = self.mail_language(context["user"]) if self.mail_language else ""
        with translation.override(chosen or translation.get_language()):
            subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
            body = loader.render_to_string(email_template_name, context)
            message = EmailMultiAlternatives(
                subject, body, from_email, [to_email], connection=self.connection
            )
            if html_email_template_name is not None:
                html = loader.render_to_string(html_email_template_name, context)
                message.attach_alternative(html, "text/html")
        try:
            message.send()
        except Exception as error:  # noqa: BLE001 - any failure to send: not sent
            raise MailNotSent(error) from error

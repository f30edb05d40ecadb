"""The language a person reads the pages in (docs/translating.md).

By default their phone's: Django's `LocaleMiddleware` takes the first language of the
phone's Accept-Language that is one of `LANGUAGES`, else `LANGUAGE_CODE` (English). A person
with an account may choose one on their language page (`accounts.views.language`); the choice
is kept with their account (`Preferences.language`) and carried in their session from sign-in
(`user_logged_in`, below), so that no page asks the database for it: `person_language`, after
`AuthenticationMiddleware`, activates it for every page of a signed-in person. A choice made on
one phone reaches the person's other phones at their next sign-in there. "My phone's language"
is no choice kept.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from accounts.models import Preferences

# The session's key for the chosen language's code (absent: the phone's language).
SESSION_KEY = "language"

Handler = Callable[[HttpRequest], HttpResponse]


def offered(code: str) -> bool:
    """Whether `code` is one of the languages this site speaks (`LANGUAGES`)."""
    return code in {listed for listed, _name in settings.LANGUAGES}


def kept_choice(user) -> str:
    """The language `user` chose, or "" (their phone's): one query."""
    return Preferences.objects.filter(user=user).values_list("language", flat=True).first() or ""


def mail_language(user) -> str:
    """The language of a mail to `user` (hosting.mail): the one they chose, when this site
    still speaks it, since the mail is theirs whoever's phone asked for it; else "" (the
    language of the request that sends it)."""
    chosen = kept_choice(user)
    return chosen if offered(chosen) else ""


def remember(request: HttpRequest, code: str) -> None:
    """Carry `code` (a choice, or "" for the phone's) in the person's session."""
    if code:
        request.session[SESSION_KEY] = code
    else:
        request.session.pop(SESSION_KEY, None)


def choose(request: HttpRequest, code: str) -> None:
    """Keep `code` as the signed-in person's language ("" : their phone's) in their account
    and their session, and speak it from this answer on."""
    Preferences.objects.update_or_create(user=request.user, defaults={"language": code})
    remember(request, code)
    translation.activate(code if offered(code) else translation.get_language_from_request(request))
    request.LANGUAGE_CODE = translation.get_language()


@receiver(user_logged_in, dispatch_uid="accounts.language.on_sign_in")
def on_sign_in(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """At sign-in, the person's kept choice goes into their new session."""
    if request is not None and hasattr(request, "session"):
        remember(request, kept_choice(user))


def person_language(get_response: Handler) -> Handler:
    """A signed-in person's chosen language, when it is one this site speaks, over their
    phone's (LocaleMiddleware's). Left active for the rest of the answer, so its
    Content-Language says it too."""

    def middleware(request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        code = session.get(SESSION_KEY, "") if session is not None else ""
        if code and offered(code) and request.user.is_authenticated:
            translation.activate(code)
            request.LANGUAGE_CODE = translation.get_language()
        return get_response(request)

    return middleware

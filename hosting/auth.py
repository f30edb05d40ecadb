"""Who is asking, for the login and password-reset throttles (django-axes; hosting.throttle)."""

from __future__ import annotations

import ipaddress

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    """The address a request came from: the connection's, or behind a proxy
    (`BEHIND_PROXY=1`) the one the proxy appended to X-Forwarded-For (the last entry: those
    before it are whatever the client claimed). None when there is none (a request made in
    code, such as the test client's `force_login`): django-axes stores no address then."""
    if getattr(settings, "BEHIND_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last and _is_address(last):
            return last
    return request.META.get("REMOTE_ADDR") or None


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class ThrottledLoginBackend(AxesStandaloneBackend):
    """django-axes' check before every sign-in through a page. A call without a request (the
    test client's `login()`, a command) is no sign-in through a page: nothing to throttle."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)

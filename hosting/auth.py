"""Who is asking, for the login and password-reset throttles (django-axes; hosting.throttle).

Signing in pauses for a username *at one address* (`AXES_LOCKOUT_PARAMETERS`): someone guessing
a member's password from elsewhere pauses only their own guesses, and the member still signs in
from their own phone. One address trying many usernames is bounded too, more loosely
(`AXES_ADDRESS_FAILURE_LIMIT` wrong passwords in all, `AddressLimitHandler`).
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from axes.attempts import get_cool_off_threshold
from axes.backends import AxesStandaloneBackend
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from axes.models import AccessAttempt
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Sum
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    """The address a request came from: the connection's (REMOTE_ADDR), or, behind a proxy
    (`BEHIND_PROXY=1`) and only for a request the proxy itself passed on (REMOTE_ADDR is one of
    `TRUSTED_PROXIES`), the address the proxy appended to X-Forwarded-For: the last entry, since
    those before it are whatever the client claimed. A client that reaches the app without the
    proxy gets its own connection's address, whatever header it sends. None when there is none
    (a request made in code, without the header): django-axes stores no address then."""
    peer = request.META.get("REMOTE_ADDR") or None
    # No peer address: the proxy reached gunicorn through a unix socket, which only this
    # machine can open.
    if getattr(settings, "BEHIND_PROXY", False) and (peer is None or _is_trusted_proxy(peer)):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last and _is_address(last):
            return last
    return peer


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    networks = []
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {proxy!r} is not an address or a network (e.g. 10.0.0.5 or "
                "10.0.0.0/24)"
            ) from None
    return tuple(networks)


def _is_trusted_proxy(peer: str) -> bool:
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return False
    proxies = tuple(getattr(settings, "TRUSTED_PROXIES", ("127.0.0.1", "::1")))
    return any(address in network for network in _networks(proxies))


def address_failures(request: HttpRequest) -> int:
    """Wrong passwords from this request's address within the cool-off, for every username."""
    found = AccessAttempt.objects.filter(
        ip_address=request.axes_ip_address,
        attempt_time__gte=get_cool_off_threshold(request),
    ).aggregate(total=Sum("failures_since_start"))["total"]
    return found or 0


def address_is_paused(request: HttpRequest) -> bool:
    return address_failures(request) >= settings.AXES_ADDRESS_FAILURE_LIMIT


class AddressLimitHandler(AxesDatabaseHandler):
    """django-axes' database handler, counting per username and address together (its
    `AXES_LOCKOUT_PARAMETERS`) and, besides, per address alone against the looser
    `AXES_ADDRESS_FAILURE_LIMIT`: once an address reaches it, every username is paused there."""

    def get_failures(self, request, credentials=None) -> int:
        failures = super().get_failures(request, credentials)
        if address_is_paused(request):
            return max(failures, get_failure_limit(request, credentials))
        return failures


class ThrottledLoginBackend(AxesStandaloneBackend):
    """django-axes' check before every sign-in through a page. A call without a request (the
    test client's `login()`, a command) is no sign-in through a page: nothing to throttle."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)

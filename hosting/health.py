"""The health address (`/health/`) for a proxy's or a monitor's checks (docs/hosting.md).

200 when the database answers a `SELECT 1`, 503 when it does not; the shared cache's state is
said in the body and never fails the check, since every page answers without it
(config/settings.py, `IGNORE_EXCEPTIONS`). It reads no session, sets no cookie and writes
nothing: a monitor asking every few seconds leaves no trace in the database.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

REACHABLE = "reachable"


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 - whatever it is, the database does not answer
        return f"unreachable ({type(error).__name__})"
    return REACHABLE


def cache_state() -> str:
    """The shared cache (django-redis) asked directly, since its calls through the cache
    swallow every error; without REDIS_URL each worker keeps its own cache in memory."""
    client = getattr(cache, "client", None)
    if client is None or not hasattr(client, "get_client"):
        return "per worker (no REDIS_URL)"
    try:
        client.get_client(write=False).ping()
    except Exception as error:  # noqa: BLE001 - whatever it is, the cache does not answer
        return f"unreachable ({type(error).__name__})"
    return REACHABLE


@require_safe
def health(request: HttpRequest) -> JsonResponse:
    state = {"database": database_state(), "cache": cache_state()}
    response = JsonResponse(state, status=200 if state["database"] == REACHABLE else 503)
    patch_cache_control(response, no_store=True)
    return response

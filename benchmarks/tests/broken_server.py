"""The app broken on purpose, for the test that `bench tables` notices
(benchmarks/tests/test_bench_tables.py): the project's settings, plus `Breakage`, a middleware
that breaks the draft protocol one way at a time. Which way is the first word of the file
named by `BENCH_BREAK_FILE`, read on every request (nothing: the app as it is):

- `unstored`: a push is answered as the app answers it ("applied"), but its transaction is
  rolled back: nothing is stored. (Held to the end of the request, the draft's row is still
  locked while the push keeps the live panel, so now and then a push and a poll keeping it
  deadlock on PostgreSQL: a 500, which the bench counts too. The app keeps the panel after
  its push's transaction, never inside it.);
- `login`: a poll is redirected to the sign-in page;
- `csrf`: the draft's pages come without their CSRF token.

Served with `DJANGO_SETTINGS_MODULE=benchmarks.tests.broken_server`; never by the app itself.
"""

import os
import re
from pathlib import Path

from config.settings import *  # noqa: F403
from config.settings import MIDDLEWARE

# Innermost: it sees the view's own answer, before it is compressed.
MIDDLEWARE = [*MIDDLEWARE, "benchmarks.tests.broken_server.Breakage"]
# Sign-in is not what the bench measures; a quick hash keeps the test's setup short.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

CSRF_INPUT = re.compile(rb'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')


def breakage() -> str:
    path = os.environ.get("BENCH_BREAK_FILE", "")
    try:
        words = Path(path).read_text().split() if path else []
    except OSError:
        return ""
    return words[0] if words else ""


class Breakage:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        # Imported here: this module is the settings too, read before Django's apps are.
        from django.contrib.auth.views import redirect_to_login
        from django.db import transaction

        which = breakage()
        path = request.path
        if which == "login" and request.method == "GET" and path.endswith("/together/live/"):
            return redirect_to_login(request.get_full_path())
        if which == "unstored" and request.method == "POST" and path.endswith("/together/push/"):
            with transaction.atomic():
                response = self.get_response(request)
                transaction.set_rollback(True)
            return response
        response = self.get_response(request)
        if (
            which == "csrf"
            and "/games/together/" in path
            and response.get("Content-Type", "").startswith("text/html")
        ):
            response.content = CSRF_INPUT.sub(b"", response.content)
        return response

"""What happens between two tests: a browser test's phones are closed before its fixtures
are torn down (the live server then answers what they had asked), and the catalogue
`migrate` put in the database is put back after a transactional test emptied it, before a
test that expects it; and the site's language is active again (a request from a German phone
leaves German active in the worker's thread, as Django's LocaleMiddleware does not switch it
back, and a later test's sentences would come out German)."""

import time

import pytest
from django.utils import translation
from pytest_django.plugin import blocking_manager_key

from tests.plugins.live_server import SERVED_ELSEWHERE_SECONDS, settle
from tests.plugins.ordering import asks_for_the_database

# Whether a transactional test has emptied this worker's database since `migrate` filled it.
_emptied = False


def empties_the_database(item) -> bool:
    """A transactional test (a browser test's live server, say): pytest-django empties the
    whole database after it, the data `migrate` put there (the catalogue) included."""
    marker = item.get_closest_marker("django_db")
    if marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")):
        return True
    return bool({"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ())))


def close_the_phones(item) -> None:
    """Before any fixture of a browser test is torn down (the database emptied among them),
    every phone it opened is closed: a page that polls would otherwise still be asking the
    live server while the database is emptied."""
    browser = getattr(item, "funcargs", {}).get("browser")
    if browser is None or not browser.contexts:
        return
    browser.close_contexts()
    live_server = item.funcargs.get("live_server")
    if live_server is None:
        time.sleep(SERVED_ELSEWHERE_SECONDS)
    else:
        settle(live_server)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """The phones closed first (`close_the_phones`), then the fixtures torn down. The long
    tests run first (`first_to_run`), so a worker may then go from a transactional test to one
    that expects the database as `migrate` left it (maybe with tests using no database
    between): the catalogue is put back before it, outside any test's transaction."""
    global _emptied
    close_the_phones(item)
    outcome = yield
    translation.deactivate()
    _emptied = _emptied or empties_the_database(item)
    if (
        _emptied
        and nextitem is not None
        and not empties_the_database(nextitem)
        and asks_for_the_database(nextitem)
    ):
        from scoring.tests.catalogue import ensure_catalogue

        with item.config.stash[blocking_manager_key].unblock():
            ensure_catalogue()
        _emptied = False
    return outcome

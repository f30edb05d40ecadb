"""The live draft's per-process caches under gunicorn's threads (issue 29): `_FIELDS` (each
draft's fields, views/draft_live.py), `_DRAW_NAMES` (the catalogue's names, views/drafts.py)
and `_NEXT_NUMBERS` (the next game's number, actions/drafts.py). Four threads ask them for
more keys than each keeps, at once: no error, and each stays within its bound.

What the caches keep is not what is tested here: the forms a catalogue is read from are the
same few plain objects for every key (building the wizard's forms takes milliseconds, which
would leave the threads too few moments to meet), and a page is what the cache functions read
of it."""

import random
import sys
import threading
import time
from types import SimpleNamespace

import pytest

from live.actions import drafts as draft_actions
from live.views import draft_live, drafts

THREADS = 4
SECONDS = 1.5


@pytest.fixture
def busy_switching():
    """Threads change turns as often as the interpreter lets them: the moments between a
    cache's read and its next step, where another thread may change it, come up often."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _hammer(ask, keys: int) -> list[BaseException]:
    errors: list[BaseException] = []
    stop = time.monotonic() + SECONDS

    def run(seed: int) -> None:
        rng = random.Random(seed)
        try:
            while time.monotonic() < stop and not errors:
                ask(rng.randrange(keys))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def _form(names):
    fields = {name: SimpleNamespace(label=name.title()) for name in names}
    return SimpleNamespace(fields=fields, add_prefix=lambda name: name)


def test_the_fields_catalogue_under_threads(busy_switching, monkeypatch):
    table_form = SimpleNamespace(
        hubs=_form(["hubs-zone1_workers"]),
        ballots=_form(["ballots-workers_union"]),
        setup=_form(["setup-megastructure_zone"]),
        players=[],
    )
    monkeypatch.setattr(draft_live, "_cards", lambda draft: [])
    monkeypatch.setattr(
        draft_live, "_forms", lambda page, draft, cards: (table_form, _form(["game-notes"]))
    )
    page = SimpleNamespace(campaign=SimpleNamespace(revision=1))

    def ask(n: int) -> None:
        draft = SimpleNamespace(pk=n, shared={"game-megastructure": "ring"})
        catalogue = draft_live._field_catalogue(page, draft)
        assert "hubs-zone1_workers" in catalogue["shared"]

    errors = _hammer(ask, 300)
    assert not errors, errors[0]
    assert len(draft_live._FIELDS) <= 128


def test_the_draw_names_under_threads(busy_switching):
    def ask(n: int) -> None:
        page = SimpleNamespace(campaign=SimpleNamespace(pk=n, revision=1), names=f"names {n}")
        assert drafts._draw_names(page) == f"names {n}"

    errors = _hammer(ask, 200)
    assert not errors, errors[0]
    assert len(drafts._DRAW_NAMES) <= 64


def test_the_next_numbers_under_threads(busy_switching):
    def ask(n: int) -> None:
        summary = SimpleNamespace(next_game=SimpleNamespace(number=n % 7 + 1))
        campaign = SimpleNamespace(pk=n, revision=1, replayed=lambda: summary)
        assert draft_actions.next_number(campaign) == n % 7 + 1

    errors = _hammer(ask, 3000)
    assert not errors, errors[0]
    assert len(draft_actions._NEXT_NUMBERS) <= 1024

"""The reference catalogue (sections, corporations, megastructures) that `migrate` puts in the
database: the `catalogue` fixture, for a test that reads it there. A module whose every test
needs it says `pytestmark = pytest.mark.usefixtures("catalogue")`; after a transactional test
emptied the database, tests/plugins/between_tests.py puts it back for the next test."""

import pytest


@pytest.fixture
def catalogue(db):
    """The catalogue is in the database under test (`scoring.tests.catalogue.ensure_catalogue`:
    loaded again if a transactional test emptied it)."""
    from scoring.tests.catalogue import ensure_catalogue

    ensure_catalogue()

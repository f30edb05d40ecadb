"""Settings of the whole test run: hypothesis's profile for the property tests that name no
budget of their own (tests/budget.py), and a fast password hasher."""

import pytest
from hypothesis import settings as hypothesis_settings

from tests.budget import examples

# The property tests that name no budget of their own get hypothesis's, sized as the others.
hypothesis_settings.register_profile("suite", max_examples=examples(100))
hypothesis_settings.load_profile("suite")


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing():
    """A password is hashed in microseconds in tests, not the 0.85 s a real hash costs here
    (Django's own advice for test settings): hundreds of users are made. What the hashing
    protects is Django's, and the real hasher still runs in the hosted-path tests, which start
    their own processes."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield

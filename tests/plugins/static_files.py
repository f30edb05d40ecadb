"""The static files as a host serves them: collected once per test process with the manifest
storage `make serve` uses, and served by WhiteNoise (tests/static_index.py)."""

import pytest

# What `make serve` collects the static files with (Makefile): hashed names, compressed copies.
HOSTED_STATIC_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"


@pytest.fixture(scope="session", autouse=True)
def hosted_static_files(tmp_path_factory):
    """Every test sees the static files as a host serves them: `collectstatic` with the
    manifest storage `make serve` uses, into a directory of this test run, so that a page,
    the service worker or the manifest naming a file the manifest does not know fails here as
    it would on every hosted server (a 500), not only there. Once per test process, and indexed
    by WhiteNoise once per process as under gunicorn (tests/static_index.py)."""
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import override_settings

    root = tmp_path_factory.mktemp("staticfiles")
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": HOSTED_STATIC_STORAGE}}
    middleware = [
        "tests.static_index.IndexedOnceWhiteNoiseMiddleware"
        if name == "whitenoise.middleware.WhiteNoiseMiddleware"
        else name
        for name in settings.MIDDLEWARE
    ]
    hosted = override_settings(STATIC_ROOT=str(root), STORAGES=storages, MIDDLEWARE=middleware)
    hosted.enable()
    call_command("collectstatic", interactive=False, verbosity=0)
    yield root
    hosted.disable()

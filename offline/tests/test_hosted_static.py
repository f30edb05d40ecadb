"""The installable app on the host's path (issue 20): the static files collected the way
`make serve` collects them (whitenoise's CompressedManifestStaticFilesStorage, hashed names)
and served by whitenoise from STATIC_ROOT, with DEBUG off. The worker, the manifest, the
icons, the offline page and every address the worker stores when it installs answer 200.

The rest of the suite serves the plain storage, where `static("")` and an unhashed name work;
the manifest storage refuses both, so only this file sees what a hosted phone gets."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

MANIFEST_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"
STATIC_ADDRESS = re.compile(r"""(?:href|src)="(/static/[^"]+)\"""")


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    """The static files as `make serve` collects them, in a STATIC_ROOT of this module's."""
    root = tmp_path_factory.mktemp("staticfiles")
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": MANIFEST_STORAGE},
    }
    with override_settings(STORAGES=storages, STATIC_ROOT=str(root), DEBUG=False):
        call_command("collectstatic", interactive=False, verbosity=0)
        manifest = json.loads((root / "staticfiles.json").read_text())
        yield root, manifest


@pytest.fixture
def client_on_host(hosted):
    """A test client whose middleware is built now: whitenoise reads STATIC_ROOT (and the
    storage) when it is built, so it serves the files collected above."""
    return Client()


def _ok(client: Client, address: str) -> None:
    response = client.get(address)
    assert response.status_code == 200, f"{address}: {response.status_code}"
    if hasattr(response, "streaming_content"):
        body = b"".join(response.streaming_content)
    else:
        body = response.content
    assert body, address


def _worker_config(source: str) -> dict:
    first = source.split("\n", 1)[0]
    return json.loads(first.removeprefix("const CONFIG = ").rstrip(";"))


def test_the_worker_answers_on_the_hosts_path_and_everything_it_stores_is_there(
    client_on_host, hosted
):
    _root, manifest = hosted
    response = client_on_host.get(reverse("offline:worker"))
    assert response.status_code == 200
    config = _worker_config(response.content.decode())
    assert config["staticUrl"] == "/static/"
    hashed = {f"/static/{name}" for name in manifest["paths"].values()}
    static_ones = [url for url in config["precache"] if url.startswith("/static/")]
    assert len(static_ones) >= 20
    # The hashed names collectstatic wrote, not the source names (whitenoise serves those
    # too, but a deploy would then never reach a phone's stored copy).
    assert set(static_ones) <= hashed, sorted(set(static_ones) - hashed)
    for needed in ("css/app.css", "css/theme.css", "js/offline.js", "vendor/bootstrap.min.css"):
        assert f"/static/{manifest['paths'][needed]}" in static_ones, needed
    assert reverse("offline:page") in config["precache"]
    assert reverse("offline:manifest") in config["precache"]
    for address in config["precache"]:
        _ok(client_on_host, address)


def test_the_manifest_and_its_icons_answer_on_the_hosts_path(client_on_host, hosted):
    _root, manifest = hosted
    response = client_on_host.get(reverse("offline:manifest"))
    assert response.status_code == 200
    icons = json.loads(response.content)["icons"]
    assert len(icons) >= 4
    hashed = {f"/static/{name}" for name in manifest["paths"].values()}
    for icon in icons:
        assert icon["src"] in hashed, icon["src"]
        _ok(client_on_host, icon["src"])
    _ok(client_on_host, reverse("offline:favicon"))


@pytest.mark.parametrize("page", ["offline:page", "scoring:home", "login"])
def test_a_page_and_every_static_file_it_names_answer_on_the_hosts_path(client_on_host, page):
    response = client_on_host.get(reverse(page))
    assert response.status_code == 200
    addresses = set(STATIC_ADDRESS.findall(response.content.decode()))
    # The manifest, the icons, the theme and the worker's script: what _head.html links.
    assert len(addresses) >= 5, addresses
    for address in addresses:
        _ok(client_on_host, address)

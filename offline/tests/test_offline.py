"""The installable app's files and the headers the service worker reads (docs/offline.md)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.http import HttpResponse
from django.templatetags.static import static
from django.test import Client, RequestFactory
from django.urls import reverse
from PIL import Image, ImageChops

from accounts.models import Role
from accounts.tests.factory import PASSWORD, add_member, make_user, owned
from benchmarks.samples import make_campaign
from campaign import actions
from offline import icons
from offline.keep import (
    KEEP_HEADER,
    NOBODY,
    PERSON_HEADER,
    SESSION_COOKIE,
    SESSION_HEADER,
    keep_offline,
)
from offline.views import manifest_data, worker_source
from scoring.tests.catalogue import ensure_catalogue
from unlocks import actions as unlock_actions
from unlocks.tests.test_spoilers import locked_sections, titles

pytestmark = pytest.mark.django_db

ICON_DIR = Path(settings.BASE_DIR) / "static" / "icons"


@pytest.fixture
def campaign():
    ensure_catalogue()
    return owned(actions.import_campaign(make_campaign(5, corporations=3)))


# --- the manifest, the worker, the favicon, the offline page ----------------------------


def test_it_serves_a_manifest_with_what_a_phone_needs_to_install(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    for member in ("name", "short_name", "start_url", "scope", "display", "icons"):
        assert manifest[member], member
    assert manifest["display"] == "standalone"
    assert manifest["scope"] == "/"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#212529"
    assert manifest["background_color"]
    purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes


def test_every_icon_the_manifest_names_is_there_at_its_size(client):
    # The manifest names the icons by their collected (hashed) names; the file is the one
    # `collectstatic` wrote.
    root = Path(settings.STATIC_ROOT)
    for icon in manifest_data()["icons"]:
        path = root / icon["src"].removeprefix(settings.STATIC_URL.rstrip("/") + "/")
        assert path.is_file(), icon["src"]
        width, height = Image.open(path).size
        assert icon["sizes"] == f"{width}x{height}"
        assert icon["type"] == "image/png"


def test_the_committed_icons_are_what_the_drawing_draws_now():
    """`python manage.py draw_icons` was run after the last change to offline/icons.py."""
    for spec in icons.ICONS:
        committed = Image.open(ICON_DIR / spec.name)
        assert committed.size == (spec.size, spec.size)
        drawn = icons.picture(spec)
        assert committed.mode == drawn.mode, spec.name
        assert ImageChops.difference(committed, drawn).getbbox() is None, spec.name
    ico = Image.open(ICON_DIR / icons.FAVICON)
    assert ico.info["sizes"] == {(s, s) for s in icons.FAVICON_SIZES}


def test_the_maskable_icon_keeps_its_picture_inside_the_safe_circle():
    image = icons.picture(icons.IconSpec("m.png", 512, "maskable"))
    night = image.getpixel((0, 0))
    radius = 0.4 * 512
    for x in range(0, 512, 4):
        for y in range(0, 512, 4):
            if (x - 256) ** 2 + (y - 256) ** 2 > radius**2:
                assert image.getpixel((x, y)) == night, (x, y)


def test_draw_icons_writes_every_file(tmp_path):
    call_command("draw_icons", out=str(tmp_path), stdout=io.StringIO())
    written = {path.name for path in tmp_path.iterdir()}
    assert written == {spec.name for spec in icons.ICONS} | {icons.FAVICON}


def test_it_serves_the_worker_from_the_root_with_headers_for_every_page(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    source = response.content.decode()
    config = json.loads(source.split("\n", 1)[0].removeprefix("const CONFIG = ").rstrip(";"))
    assert "/offline/" in config["precache"]
    assert "/manifest.webmanifest" in config["precache"]
    for stylesheet in ("vendor/bootstrap.min.css", "css/app.css", "css/theme.css", "js/offline.js"):
        assert static(stylesheet) in config["precache"]
    assert 'addEventListener("fetch"' in source


def test_the_worker_is_the_same_bytes_until_something_changes():
    assert worker_source() == worker_source()


def test_the_worker_refuses_a_post(client):
    assert client.post("/sw.js").status_code == 405


def test_it_serves_a_favicon_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    assert image.format == "ICO"


def test_every_page_links_the_manifest_the_icons_and_the_scripts(client):
    page = client.get("/").content.decode()
    for needed in (
        'rel="manifest" href="/manifest.webmanifest"',
        'rel="apple-touch-icon"',
        static("icons/favicon.ico"),
        f'src="{static("js/theme.js")}"',
        f'src="{static("js/offline.js")}" data-worker="/sw.js" defer',
        'id="offline-banner"',
    ):
        assert needed in page, needed
    # No inline script or style: the site's Content-Security-Policy forbids them.
    assert "<script>" not in page and "<style" not in page


def test_the_offline_page_is_the_same_for_everyone(client, campaign):
    anonymous = client.get("/offline/")
    member = Client()
    user = campaign.memberships.get().user
    member.force_login(user)
    signed_in = member.get("/offline/")
    assert anonymous.status_code == signed_in.status_code == 200
    assert anonymous.content == signed_in.content
    text = signed_in.content.decode()
    assert "This page needs a connection" in text
    assert user.username not in text
    assert "csrfmiddlewaretoken" not in text and "X-CSRFToken" not in text


def worker_config(client: Client, **headers) -> dict:
    source = client.get("/sw.js", headers=headers).content.decode()
    return json.loads(source.split("\n", 1)[0].removeprefix("const CONFIG = ").rstrip(";"))


def test_the_worker_keeps_the_offline_page_in_every_language(client):
    """Each language's offline page is stored at install; the worker's own words are there in
    each language; the worker is the same bytes for an English and a German phone."""
    config = worker_config(client)
    assert config["offlinePages"] == {
        "en-gb": "/offline/?language=en-gb",
        "de": "/offline/?language=de",
    }
    assert set(config["offlinePages"].values()) <= set(config["precache"])
    assert config["needsConnectionWords"]["en-gb"] == "This page needs a connection."
    assert config["needsConnectionWords"]["de"] == "Diese Seite braucht eine Verbindung."
    assert config["defaultLanguage"] == "en-gb"
    german = client.get("/sw.js", headers={"accept-language": "de"}).content
    assert german == client.get("/sw.js", headers={"accept-language": "en-GB"}).content


@pytest.mark.parametrize(
    ("language", "phone", "heading"),
    [
        ("de", "en-GB", "Diese Seite braucht eine Verbindung"),
        ("en-gb", "de", "This page needs a connection"),
        ("xx", "de", "Diese Seite braucht eine Verbindung"),  # not one the site speaks: the phone's
    ],
)
def test_the_offline_page_in_a_language_is_the_same_for_everyone(
    client, campaign, language, phone, heading
):
    address = f"/offline/?language={language}"
    anonymous = client.get(address, headers={"accept-language": phone})
    member = Client(headers={"accept-language": phone})
    member.force_login(campaign.memberships.get().user)
    signed_in = member.get(address)
    assert anonymous.content == signed_in.content
    text = anonymous.content.decode()
    assert f'<h1 class="h4">{heading}</h1>' in text
    code = "de" if heading.startswith("Diese") else "en-gb"
    assert f'<html lang="{code}">' in text
    assert anonymous["Content-Language"] == signed_in["Content-Language"] == code


# --- what a phone may keep, and for whom -------------------------------------------------


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_campaign_page_is_marked_for_the_member_who_reads_it(campaign):
    owner = campaign.memberships.get().user
    response = _client(owner).get(reverse("campaign:dashboard", args=[campaign.slug]))
    unlocked = sorted(u["section"] for u in campaign.state["unlocked_sections"])
    assert response[KEEP_HEADER] == (
        f"yes; campaign={campaign.pk}; unlocked={' '.join(map(str, unlocked))}"
    )
    assert response[PERSON_HEADER] not in (NOBODY, "", str(owner.pk), owner.username)


@pytest.mark.parametrize(
    "name",
    [
        "campaign:dashboard",
        "campaign:games",
        "campaign:trackers",
        "campaign:elections",
        "campaign:cities",
        "pictures:charts",
        "unlocks:sections",
        "unlocks:next",
        "unlocks:setup",
        "unlocks:rules",
    ],
)
def test_the_pages_read_at_the_table_may_be_kept(campaign, name):
    owner = campaign.memberships.get().user
    response = _client(owner).get(reverse(name, args=[campaign.slug]))
    assert response.status_code == 200
    assert response[KEEP_HEADER].startswith("yes; campaign=")


@pytest.mark.parametrize(
    "name", ["campaign:settings", "accounts:members", "campaign:game_add", "history:list"]
)
def test_forms_and_owners_pages_are_not_kept(campaign, name):
    owner = campaign.memberships.get().user
    response = _client(owner).get(reverse(name, args=[campaign.slug]))
    assert response.status_code == 200
    assert KEEP_HEADER not in response
    assert response[PERSON_HEADER]


def test_an_htmx_fragment_and_a_post_are_never_kept(campaign):
    owner = campaign.memberships.get().user
    client = _client(owner)
    fragment = client.get(
        reverse("campaign:dashboard", args=[campaign.slug]), HTTP_HX_REQUEST="true"
    )
    assert KEEP_HEADER not in fragment
    number = campaign.state["unlocked_sections"][0]["section"]
    post = client.post(
        reverse("unlocks:section_components", args=[campaign.slug, number]),
        {f"s{number}-done": []},
    )
    assert post.status_code == 302  # saved (nothing ticked), back to the section
    assert KEEP_HEADER not in post


def test_a_section_page_is_kept_while_unlocked_and_never_while_locked(campaign):
    owner = campaign.memberships.get().user
    client = _client(owner)
    unlocked = campaign.state["unlocked_sections"][0]["section"]
    locked = min(locked_sections(campaign))
    page = client.get(reverse("unlocks:section", args=[campaign.slug, unlocked]))
    assert page[KEEP_HEADER].startswith("yes")
    page = client.get(reverse("unlocks:section", args=[campaign.slug, locked]))
    assert page.status_code == 200
    assert KEEP_HEADER not in page
    # Revealed to this person: they read its title, the phone keeps none of it.
    unlock_actions.reveal_section(campaign, locked, user=owner, session_key="")
    page = client.get(reverse("unlocks:section", args=[campaign.slug, locked]))
    assert titles(locked)[0] in page.content.decode()
    assert KEEP_HEADER not in page


def test_the_public_page_is_kept_for_nobody_in_particular(campaign):
    from accounts.models import PublicLink

    link = PublicLink.objects.create(campaign=campaign, enabled=True)
    response = Client().get(reverse("public:dashboard", args=[link.token]))
    assert response[KEEP_HEADER].startswith("yes; campaign=")
    assert response[PERSON_HEADER] == NOBODY


def test_each_person_has_a_key_of_their_own(campaign):
    owner = campaign.memberships.get().user
    viewer = make_user("viewer-offline")
    add_member(campaign, viewer, Role.VIEWER)
    url = reverse("campaign:dashboard", args=[campaign.slug])
    first = _client(owner).get(url)[PERSON_HEADER]
    again = _client(owner).get(url)[PERSON_HEADER]
    other = _client(viewer).get(url)[PERSON_HEADER]
    assert first == again
    assert other != first
    assert Client().get("/")[PERSON_HEADER] == NOBODY
    # A signed-out visitor is sent to log in: nothing to keep.
    redirected = Client().get(url)
    assert redirected.status_code == 302 and KEEP_HEADER not in redirected


def test_a_page_that_asks_never_to_be_stored_is_not_kept():
    request = RequestFactory().get("/")
    request.htmx = False
    response = HttpResponse("page")
    response["Cache-Control"] = "private, no-store"
    assert KEEP_HEADER not in keep_offline(request, response)
    private = HttpResponse("page")
    private["Cache-Control"] = "private, no-cache, max-age=0"
    assert KEEP_HEADER in keep_offline(request, private)


# --- signing out -------------------------------------------------------------------------


def test_signing_out_tells_the_browser_to_clear_the_site(campaign):
    owner = campaign.memberships.get().user
    client = Client()
    assert client.login(username=owner.username, password=PASSWORD)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'


def test_nothing_else_clears_the_site(campaign):
    owner = campaign.memberships.get().user
    client = Client()
    login = client.post(reverse("login"), {"username": owner.username, "password": PASSWORD})
    assert login.status_code == 302
    assert "Clear-Site-Data" not in login
    assert "Clear-Site-Data" not in client.get(reverse("logout"))  # 405: logging out is a POST
    assert "Clear-Site-Data" not in client.get(reverse("campaign:list"))


# --- kept pages belong to the session: the worker's cookie -------------------------------


def _signed_in(campaign) -> tuple[Client, HttpResponse]:
    owner = campaign.memberships.get().user
    client = Client()
    response = client.post(reverse("login"), {"username": owner.username, "password": PASSWORD})
    assert response.status_code == 302
    return client, response


def test_signing_in_gives_the_worker_a_cookie_that_lives_as_long_as_the_session(campaign):
    client, response = _signed_in(campaign)
    session = response.cookies[settings.SESSION_COOKIE_NAME]
    mark = response.cookies[SESSION_COOKIE]
    assert mark.value and mark.value != session.value
    assert session.value not in mark.value
    for attribute in ("max-age", "expires", "path", "domain", "secure", "samesite"):
        assert mark[attribute] == session[attribute], attribute
    assert int(mark["max-age"]) == settings.SESSION_COOKIE_AGE
    assert session["httponly"] and not mark["httponly"]
    # The pages name the same session; another page sends no cookie again.
    page = client.get(reverse("campaign:list"))
    assert page[SESSION_HEADER] == mark.value
    assert SESSION_COOKIE not in page.cookies
    assert settings.SESSION_COOKIE_NAME not in page.cookies


def test_each_session_has_a_key_of_its_own_and_a_visitor_none(campaign):
    _first, one = _signed_in(campaign)
    _second, two = _signed_in(campaign)
    assert one.cookies[SESSION_COOKIE].value != two.cookies[SESSION_COOKIE].value
    visitor = Client().get("/")
    assert visitor[SESSION_HEADER] == NOBODY
    assert SESSION_COOKIE not in visitor.cookies


def test_a_session_whose_phone_lacks_the_workers_cookie_sends_both_again(campaign):
    """A session older than the cookie (or the cookie alone deleted): the next page saves the
    session again, so both cookies come with the same lifetime."""
    owner = campaign.memberships.get().user
    client = _client(owner)
    # A script (no fetch metadata) runs no worker: its session is not saved again for it.
    script = client.get(reverse("campaign:list"))
    assert settings.SESSION_COOKIE_NAME not in script.cookies
    assert SESSION_COOKIE not in script.cookies
    response = client.get(reverse("campaign:list"), headers={"Sec-Fetch-Mode": "navigate"})
    session = response.cookies[settings.SESSION_COOKIE_NAME]
    mark = response.cookies[SESSION_COOKIE]
    assert mark.value == response[SESSION_HEADER] != NOBODY
    assert mark["max-age"] == session["max-age"] and mark["expires"] == session["expires"]
    again = client.get(reverse("campaign:list"), headers={"Sec-Fetch-Mode": "navigate"})
    assert settings.SESSION_COOKIE_NAME not in again.cookies
    assert SESSION_COOKIE not in again.cookies


def test_the_workers_cookie_goes_with_the_session(campaign):
    client, _response = _signed_in(campaign)
    out = client.post(reverse("logout"))
    assert out.cookies[SESSION_COOKIE].value == ""
    assert out.cookies[SESSION_COOKIE]["max-age"] == 0
    # A session that ended on the server (expired, deleted): both cookies go at the next page.
    client, _response = _signed_in(campaign)
    client.session.delete()
    page = client.get("/")
    assert page[SESSION_HEADER] == NOBODY
    assert page.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 0
    assert page.cookies[SESSION_COOKIE]["max-age"] == 0

"""On a phone (390×844): the dashboard's "Enter game N" on the first screen, the campaign menu
in two rows with the rest behind "More", and the saved game's result above its checklist.
Screenshots for a person to look at (tests/screenshots, git-ignored)."""

from __future__ import annotations

import pytest

from accounts.tests.factory import owned
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign
from live.actions.drafts import open_draft

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREEN_HEIGHT = 844
# A menu link is at least 44 px tall (a tap target); two rows and the gap between them.
TWO_ROWS = 2 * 44 + 8


@pytest.fixture
def eight(catalogue) -> Campaign:
    """Eight games of five corporations: standings with awards, a long dashboard."""
    return owned(actions.import_campaign(make_campaign(8, corporations=5)))


def bottom_of(page, locator) -> float:
    box = locator.bounding_box()
    assert box is not None, "not shown"
    return box["y"] + box["height"]


def test_the_dashboard_offers_the_next_game_on_the_first_screen(
    live_server, eight, phone_page, desktop_page, owner, log_in, screenshot_path
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{eight.slug}/")
    enter = page.get_by_role("link", name="Enter game 9")
    assert bottom_of(page, enter) <= SCREEN_HEIGHT
    menu = page.locator("nav[aria-label=Campaign] > ul")
    assert menu.bounding_box()["height"] <= TWO_ROWS
    page.screenshot(path=screenshot_path("result-dashboard-phone.png"))
    page.screenshot(path=screenshot_path("result-dashboard-phone-full.png"), full_page=True)

    # Someone opened the table's draft: the same button continues it.
    open_draft(eight, user=owner)
    page.reload()
    resume = page.get_by_role("link", name="Continue game 9")
    assert bottom_of(page, resume) <= SCREEN_HEIGHT
    assert page.get_by_role("link", name="Enter game 9").count() == 0

    log_in(desktop_page, live_server, owner)
    desktop_page.goto(f"{live_server.url}/campaigns/{eight.slug}/")
    assert desktop_page.get_by_role("link", name="Continue game 9").is_visible()
    desktop_page.screenshot(path=screenshot_path("result-dashboard-desktop.png"), full_page=True)


def test_every_page_of_the_menu_is_reachable_on_a_phone(
    live_server, eight, phone_page, owner, log_in, screenshot_path
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{eight.slug}/trackers/")
    nav = page.locator("nav[aria-label=Campaign]")
    for name in ("Dashboard", "Game log", "Tracker cards", "Sections", "Next game setup"):
        assert nav.get_by_role("link", name=name).is_visible(), name
    later = (
        "Elections",
        "Cities",
        "Corporations",
        "Charts",
        "History",
        "What unlocks next",
        "Rules in force",
        "Box",
        "Members",
    )
    for name in later:
        assert not nav.get_by_role("link", name=name, exact=True).is_visible(), name
    nav.get_by_text("More", exact=True).click()
    page.screenshot(path=screenshot_path("result-menu-more-phone.png"))
    for name in later:
        link = nav.get_by_role("link", name=name, exact=True)
        assert link.is_visible(), name
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
    with page.expect_navigation():
        nav.get_by_role("link", name="History").click()
    assert page.url.endswith(f"/campaigns/{eight.slug}/history/")
    # On a page behind "More", the menu says so, and still takes two rows.
    assert "nav-more-current" in (nav.locator("summary").get_attribute("class") or "")
    assert page.locator("nav[aria-label=Campaign] > ul").bounding_box()["height"] <= TWO_ROWS


def test_the_saved_game_shows_its_result_first_with_the_terms_a_tap_away(
    live_server, eight, phone_page, owner, log_in, screenshot_path
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{eight.slug}/games/8/checklist/")
    result = page.locator("#result")
    assert bottom_of(page, result.locator(".result-row").last) <= SCREEN_HEIGHT
    page.screenshot(path=screenshot_path("result-checklist-phone.png"))
    winner = result.locator(".result-row").first
    terms = winner.locator(".result-terms")
    assert not terms.is_visible()
    winner.locator("summary").click()
    assert terms.is_visible()
    assert "Total:" in terms.inner_text()
    page.screenshot(path=screenshot_path("result-checklist-terms-phone.png"))


def test_a_cameras_photo_larger_than_the_limit_is_shrunk_on_the_phone_and_kept(
    live_server, eight, phone_page, owner, log_in, screenshot_path, tmp_path
):
    import io
    import os

    from PIL import Image

    from live.models import GamePhoto
    from live.photos import MAX_PHOTO_BYTES
    from live.tests.test_photos import camera_jpeg

    # A camera's photo: 12 megapixels of detail (noise compresses badly), with its position.
    noise = Image.frombytes("RGB", (4000, 3000), os.urandom(4000 * 3000 * 3))
    photo = Image.open(io.BytesIO(camera_jpeg(4000, 3000)))
    blended = Image.blend(photo.convert("RGB"), noise, 0.3)
    path = tmp_path / "IMG_2041.jpg"
    blended.save(path, "JPEG", quality=92, exif=photo.getexif())
    assert path.stat().st_size > MAX_PHOTO_BYTES

    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{eight.slug}/games/8/checklist/")
    field = page.locator('input[name="photo"]')
    assert field.bounding_box()["height"] >= 44  # a tap target: the camera opens from it
    field.set_input_files(str(path))
    page.wait_for_selector("text=Ready to send")
    with page.expect_navigation():
        page.get_by_role("button", name="Save the photo").click()
    assert "final table is saved" in page.content()
    kept = GamePhoto.objects.get(game__campaign=eight, game__number=8)
    assert max(kept.width, kept.height) == 1600
    assert not Image.open(io.BytesIO(bytes(kept.jpeg))).getexif().get_ifd(0x8825)
    image = page.locator("img.game-photo")
    image.scroll_into_view_if_needed()
    assert image.evaluate("img => img.complete && img.naturalWidth") == kept.width
    page.screenshot(path=screenshot_path("result-photo-phone.png"))

"""The page frame's decorators, each alone on a body of the test's own (campaign/frame.py):
who `campaign_access` lets in and with which status it refuses the others, what
`page_frame` and `kept_offline` add, the public and the guest's twins by token, and what a
closed guest's link answers per request kind (live/guest_closed.py)."""

from __future__ import annotations

import json
import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.core.handlers.exception import convert_exception_to_response
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts.models import GuestSeat, PublicLink
from accounts.tests.factory import make_user
from campaign import frame
from campaign.access import GuestLinkClosed
from campaign.frame import (
    OWNER,
    PLAYER,
    READER,
    Page,
    campaign_access,
    guest_link,
    kept_offline,
    page_frame,
    public_link,
)
from live.guest_closed import draft_protocol
from live.models import GameDraft
from offline.keep import KEEP_HEADER
from scoring.tests.catalogue import ensure_catalogue

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def catalogue(db):
    ensure_catalogue()


@pytest.fixture
def people(three_games, personas):
    """The campaign's owner, player, viewer, a signed-in outsider and a staff non-member."""
    users = personas(three_games).users
    users["staff"] = make_user("staffer", is_staff=True)
    return users


def request_as(user, method="GET", path="/x/", **extra):
    request = getattr(RequestFactory(), method.lower())(path, **extra)
    request.user = user or AnonymousUser()
    request.htmx = "HTTP_HX_REQUEST" in extra
    return request


def who_reads(page: Page, **kwargs) -> HttpResponse:
    """A body answering with what the frame handed it."""
    seat = page.campaign.guest_seat
    words = [
        page.campaign.slug,
        str(page.campaign.member_role),
        str(page.campaign.public_token is not None),
        seat.name if seat else "-",
        timezone.get_current_timezone_name(),
        repr(page.template),
        repr(page.active),
        json.dumps(kwargs, sort_keys=True),
    ]
    return HttpResponse(" ".join(words))


def status(view, request, *args, **kwargs) -> int:
    """The status Django's handler answers with (404 and 403 raised become responses)."""
    return convert_exception_to_response(lambda r: view(r, *args, **kwargs))(request).status_code


# --- campaign_access ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "allowed", "refused"),
    [
        (READER, ("owner", "player", "viewer", "staff"), {"outsider": 404}),
        (PLAYER, ("owner", "player"), {"viewer": 403, "staff": 403, "outsider": 404}),
        (OWNER, ("owner",), {"player": 403, "viewer": 403, "staff": 403, "outsider": 404}),
    ],
)
def test_campaign_access_lets_in_a_role_and_refuses_the_others_as_before(
    three_games, people, role, allowed, refused
):
    view = campaign_access(role)(who_reads)
    slug = three_games.slug
    for name in allowed:
        assert status(view, request_as(people[name]), slug) == 200, name
    for name, code in refused.items():
        assert status(view, request_as(people[name]), slug) == code, name
    # Login first: a stranger is sent to log in, back to where they were going.
    anonymous = view(request_as(None, path="/c/x/"), slug)
    assert anonymous.status_code == 302
    assert anonymous["Location"] == "/accounts/login/?next=/c/x/"
    assert status(view, request_as(people["owner"]), "no-such-campaign") == 404


def test_campaign_access_allows_its_methods_only_and_hands_the_body_a_bare_page(
    three_games, people
):
    view = campaign_access(PLAYER, methods=("POST",))(who_reads)
    assert view(request_as(people["player"]), three_games.slug).status_code == 405
    assert view(request_as(people["player"], "PUT"), three_games.slug)["Allow"] == "POST"
    answer = view(request_as(people["player"], "POST"), three_games.slug, number=2)
    assert answer.content.decode() == (
        f"{three_games.slug} player False - UTC '' '' {{\"number\": 2}}"
    )


def test_campaign_access_builds_the_page_in_the_campaigns_time_zone(three_games, people):
    three_games.time_zone = "Pacific/Auckland"
    three_games.save(update_fields=["time_zone"])
    view = campaign_access(READER)(who_reads)
    answer = view(request_as(people["viewer"]), three_games.slug).content.decode()
    assert "Pacific/Auckland" in answer
    assert timezone.get_current_timezone_name() == "UTC"  # and only while it is built


# --- page_frame and kept_offline ---------------------------------------------------------


@pytest.fixture
def rendered(monkeypatch):
    """What `page_frame` renders, as (template, context), instead of a page."""
    calls = []

    def render(request, template, context, status=200):
        calls.append((template, context))
        return HttpResponse(template, status=status)

    monkeypatch.setattr(frame, "render", render)
    monkeypatch.setattr("campaign.page_cache.render_to_string", lambda name, ctx: ctx["text"])
    return calls


def page_of(campaign, user, method="GET", **extra) -> Page:
    campaign.public_token = campaign.guest_seat = campaign.member_role = None
    return Page(request_as(user, method, **extra), campaign)


def test_page_frame_renders_a_body_dict_with_its_template_and_tab(three_games, people, rendered):
    @page_frame("some/page.html", "games")
    def body(page: Page, number: int) -> dict:
        return page.frame(number=number)

    answer = body(page_of(three_games, people["viewer"]), number=3)
    assert answer.content == b"some/page.html"
    [(template, context)] = rendered
    assert template == "some/page.html"
    assert context["active"] == "games" and context["number"] == 3
    assert context["campaign"] == three_games


def test_page_frame_passes_a_response_through_and_may_name_only_its_tab(
    three_games, people, rendered
):
    framed = page_frame(active="sections")(who_reads)
    answer = framed(page_of(three_games, people["viewer"]))
    assert answer.content.decode().endswith("'' 'sections' {}")
    assert rendered == []


def test_page_frame_keeps_a_cached_body_until_the_campaign_changes(three_games, people, rendered):
    built = []

    def number(request) -> str:
        return request.GET.get("page", "1")

    @page_frame("some/page.html", "games", cached=True, variant=number)
    def body(page: Page) -> dict:
        built.append(page.request.GET.get("page"))
        return {"text": f"body {len(built)}"}

    cache.clear()
    for query in ({}, {}, {"page": "2"}, {"page": "2"}):
        body(page_of(three_games, people["viewer"], data=query))
    assert built == [None, "2"]  # once per variant
    assert [context["body"] for _, context in rendered] == ["body 1", "body 1", "body 2", "body 2"]
    assert all(context["active"] == "games" for _, context in rendered)
    three_games.revision = uuid.uuid4()  # a change of the campaign: a new body
    body(page_of(three_games, people["viewer"]))
    assert built == [None, "2", None]


def test_kept_offline_marks_a_full_get_only(three_games, people):
    kept = kept_offline(who_reads)
    answer = kept(page_of(three_games, people["viewer"]))
    assert answer[KEEP_HEADER].startswith(f"yes; campaign={three_games.pk}")
    assert KEEP_HEADER not in kept(page_of(three_games, people["viewer"], "POST"))
    assert KEEP_HEADER not in kept(page_of(three_games, people["viewer"], HTTP_HX_REQUEST="1"))
    framed = page_frame(active="next", offline=True)(who_reads)
    assert KEEP_HEADER in framed(page_of(three_games, people["viewer"]))


# --- public_link -------------------------------------------------------------------------


def test_public_link_opens_the_same_body_by_its_token_without_login(three_games, people):
    view = public_link(campaign_access(READER)(who_reads))
    link = PublicLink.objects.create(campaign=three_games, enabled=True)
    answer = view.public(request_as(None), link.token).content.decode()
    assert answer.startswith(f"{three_games.slug} None True - UTC")
    assert view.public(request_as(None, "POST"), link.token).status_code == 405
    assert status(view.public, request_as(None), "not-a-token") == 404
    PublicLink.objects.filter(pk=link.pk).update(enabled=False)
    assert status(view.public, request_as(people["owner"]), link.token) == 404
    # The member's view is unchanged: login first.
    assert view(request_as(None), three_games.slug).status_code == 302


def test_a_links_twin_goes_above_campaign_access():
    with pytest.raises(TypeError):
        public_link(who_reads)
    with pytest.raises(TypeError):
        guest_link(draft_protocol)(who_reads)


# --- guest_link --------------------------------------------------------------------------


@pytest.fixture
def guest_seat(three_games, people):
    """Sam's seat (Yellow) at game 4's draft, opened by the owner."""
    draft = GameDraft.objects.create(campaign=three_games, number=4, opened_by=people["owner"])
    corporation = three_games.corporations.get(key="yellow")
    return GuestSeat.objects.create(
        campaign=three_games, draft=draft, corporation=corporation, number=4, name="Sam"
    )


def closed_as(request, token, error) -> HttpResponse:
    return HttpResponse(f"closed {token == error.seat.token} {error.seat.name}", status=410)


def test_guest_link_opens_the_body_for_the_guests_seat_only(three_games, guest_seat):
    view = guest_link(closed_as, key="key")(campaign_access(PLAYER, methods=("POST",))(who_reads))
    answer = view.guest(request_as(None, "POST"), guest_seat.token).content.decode()
    assert answer.startswith(f"{three_games.slug} None False Sam UTC")
    assert answer.endswith('{"key": "yellow"}')  # the seat fills the URL's argument in
    assert view.guest(request_as(None), guest_seat.token).status_code == 405
    assert status(view.guest, request_as(None, "POST"), "not-a-token") == 404
    plain = guest_link(closed_as)(campaign_access(READER)(who_reads))
    assert plain.guest(request_as(None), guest_seat.token).content.decode().endswith(" {}")


def test_guest_link_hands_a_closed_seat_to_its_views_own_answer(guest_seat):
    view = guest_link(closed_as)(campaign_access(READER)(who_reads))
    GameDraft.objects.filter(pk=guest_seat.draft_id).delete()  # the draft put away
    answer = view.guest(request_as(None), guest_seat.token)
    assert (answer.status_code, answer.content) == (410, b"closed True Sam")


# --- the draft protocol's answers to a closed guest link -----------------------------------


@pytest.fixture
def closed(guest_seat):
    GameDraft.objects.filter(pk=guest_seat.draft_id).delete()
    guest_seat.refresh_from_db()
    return GuestLinkClosed(guest_seat)


def test_a_closed_link_tells_draft_js_where_to_go_and_refuses_its_late_push(closed):
    token = closed.seat.token
    go = reverse("seats:guest_card", args=[token])
    poll = draft_protocol(request_as(None, HTTP_ACCEPT="application/json"), token, closed)
    assert poll.status_code == 200
    assert json.loads(poll.content) == {"closed": "The entry of game 4 is closed.", "go": go}
    push = draft_protocol(
        request_as(None, "POST", data="{}", content_type="application/json"), token, closed
    )
    assert push.status_code == 410
    assert json.loads(push.content) == {"closed": "The entry of game 4 is closed.", "go": go}


def test_a_closed_link_refuses_a_late_htmx_write_and_stops_the_live_panel(closed):
    token = closed.seat.token
    write = draft_protocol(request_as(None, "POST", HTTP_HX_REQUEST="true"), token, closed)
    assert (write.status_code, write["Content-Type"]) == (410, "text/plain; charset=utf-8")
    assert write.content == b"The entry of game 4 is closed."
    poll = draft_protocol(request_as(None, HTTP_HX_REQUEST="true"), token, closed)
    assert poll.status_code == 286  # htmx stops polling
    assert "<html" not in poll.content.decode()


def test_a_closed_link_shows_a_person_the_closed_page(closed):
    page = draft_protocol(request_as(None), closed.seat.token, closed)
    assert page.status_code == 410
    assert "<html" in page.content.decode()

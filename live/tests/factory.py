"""The live table tests' factory: what several test files do with a draft, in one place.

- `url(campaign, name, *args)`: a campaign page's address (`campaign:<name>`).
- `open_(campaign, people)`: the player opens the draft of the next game (302), which is returned.
- `card(draft, key)`: a seat's card as stored.
- `write(client, campaign, key, field, value, was=None, htmx=True)`: one field of a card typed,
  as draft.js posts it (htmx: `_field`, `_was`) or the card's form without JavaScript.
- `poll(client, campaign, draft, since, **extra)`: "anything after version `since`?".
- `fill(campaign, people, draft)`: every card typed in and marked done, the ballots counted.
- `card_of(campaign, key)`, `stored(campaign, key)`: a seat's card in the campaign's one draft,
  and what it holds (the browser tests, which hold no draft object).
- In a browser: `field(page, name)` (the seat form's box of a field, whatever its prefix) and
  `is_write(response)` (a member's write to the draft, to wait for).

live/tests/conftest.py makes the fixtures: `table` (game 4 of `three_games`, purple held by
the player and yellow by the owner, teal by nobody) and the campaigns of campaign/tests; the
reference catalogue is tests/plugins/catalogue.py's `catalogue`.
"""

from __future__ import annotations

from django.urls import reverse

from live.models import GameDraft, SeatCard


def url(campaign, name, *args):
    return reverse(f"campaign:{name}", args=[campaign.slug, *args])


def open_(campaign, people) -> GameDraft:
    response = people.player.post(url(campaign, "draft_open"))
    assert response.status_code == 302
    return GameDraft.objects.get(campaign=campaign)


def card(draft, key) -> SeatCard:
    return SeatCard.objects.get(draft=draft, corporation__key=key)


def write(client, campaign, key, field, value, was=None, htmx=True):
    data = {f"p1-{field}": value, "_field": f"p1-{field}"}
    if was is not None:
        data["_was"] = was
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(url(campaign, "draft_seat", key), data, **headers)


def poll(client, campaign, draft, since, **extra):
    params = {"v": since, "d": draft.pk, "n": draft.number, **extra}
    return client.get(url(campaign, "draft_live"), params)


def fill(campaign, people, draft):
    """Every card typed in and marked done, the ballots counted."""
    for key, client, credits in (
        ("purple", people.player, "10"),
        ("yellow", people.owner, "6"),
        ("teal", people.player, "2"),
    ):
        write(client, campaign, key, "credits", credits, was="0")
        write(client, campaign, key, "outposts_1", "2" if key == "purple" else "1", was="0")
        client.post(url(campaign, "draft_seat", key), {"_done": "1"})
    people.owner.post(
        url(campaign, "draft_shared"),
        {"ballots-workers_union": "3", "_field": "ballots-workers_union", "_was": "0"},
        HTTP_HX_REQUEST="true",
    )
    people.owner.post(
        url(campaign, "draft_shared"),
        {"hubs-zone1_workers": "4", "_field": "hubs-zone1_workers", "_was": "0"},
        HTTP_HX_REQUEST="true",
    )
    draft.refresh_from_db()
    return draft


def card_of(campaign, key) -> SeatCard:
    """The seat's card in the campaign's one draft, as stored."""
    return SeatCard.objects.get(
        draft=GameDraft.objects.get(campaign=campaign), corporation__key=key
    )


def stored(campaign, key) -> dict:
    """What the seat's card in the campaign's one draft holds."""
    return card_of(campaign, key).data


# --- in a browser (Playwright) ---------------------------------------------------------------


def field(page, name):
    """The seat form's box of a field, whatever the seat's prefix ("p2-credits")."""
    return page.locator(f"#seat-form input[name$='-{name}']")


def is_write(response) -> bool:
    """A member's write to the draft (a push, a field, a card's form)."""
    return response.request.method == "POST" and "/games/together/" in response.url


def four_seats():
    """A campaign of one game, four corporations (purple won), owned by `owner`, the catalogue
    in place: the table the browser tests' drafts open on."""
    from accounts.tests.factory import owned
    from benchmarks.samples import leader_table, make_campaign
    from campaign.actions import import_campaign
    from scoring.tests.catalogue import ensure_catalogue

    ensure_catalogue()
    table = leader_table("purple", "yellow", "teal", "orange", sections=("credits",))
    return owned(import_campaign(make_campaign(tables=[table], corporations=4)))

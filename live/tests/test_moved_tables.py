"""The live table's models moved from `campaign` to `live` with their tables (live 0001,
campaign 0017, accounts 0005: the state only). A database filled before the move, as the
earlier code stored it, is migrated across: every row is read back by the new models, the
foreign keys both ways (a guest's seat, the cards, the panel, the photo) still join, and the
content types follow the models (docs/architecture.md "The live table").

Run on both databases: SQLite by the default leg, PostgreSQL by `--database-tests-only`."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from accounts.models import GuestSeat
from live.models import DraftLive, GameDraft, GamePhoto, SeatCard

pytestmark = pytest.mark.django_db(transaction=True)

# Before the move: the last migrations that knew the models in `campaign`.
BEFORE = [("campaign", "0016_campaign_time_zone"), ("accounts", "0004_guest_seats"), ("live", None)]
MOVED = ("gamedraft", "seatcard", "draftlive", "gamephoto")
JPEG = b"\xff\xd8\xff\xe0 a final table \xff\xd9"


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    # An app taken back whole (None) has no node of its own in the state.
    nodes = [target for target in targets if target[1] is not None]
    return MigrationExecutor(connection).loader.project_state(nodes).apps


def fill_as_before(old) -> dict[str, int]:
    """A campaign with a game saved and the next one being entered, as the old code stored
    them: a draft with a card per seat, its live panel, a guest at one seat, a photo."""
    user = old.get_model("auth", "User").objects.create(username="host-before-the-move")
    campaign = old.get_model("campaign", "Campaign").objects.create(
        name="Moved table", slug="moved-table"
    )
    corporation = old.get_model("campaign", "Corporation")
    purple = corporation.objects.create(campaign=campaign, key="purple", name="Purple", order=0)
    teal = corporation.objects.create(campaign=campaign, key="teal", name="Teal", order=1)
    game = old.get_model("campaign", "Game").objects.create(
        campaign=campaign, number=1, played_on=datetime.date(2026, 11, 1), table={"players": []}
    )
    draft = old.get_model("campaign", "GameDraft").objects.create(
        campaign=campaign,
        number=2,
        shared={"megastructure": "ring"},
        revision=7,
        phones={"phone-1": [3, 7]},
        stamps={"shared": {"megastructure": 7}},
        opened_by=user,
        shared_by=user,
    )
    card = old.get_model("campaign", "SeatCard")
    card.objects.create(
        draft=draft, corporation=purple, data={"credits": "12"}, done=True, revision=7
    )
    card.objects.create(draft=draft, corporation=teal, data={"credits": "3"}, updated_by=user)
    old.get_model("campaign", "DraftLive").objects.create(
        draft=draft,
        revision=7,
        html="<p>2 of 2 cards</p>",
        drawn_at=datetime.datetime(2026, 11, 8, 20, 15, tzinfo=datetime.UTC),
    )
    old.get_model("campaign", "GamePhoto").objects.create(
        game=game, jpeg=JPEG, width=640, height=480, added_by=user
    )
    guest = old.get_model("accounts", "GuestSeat").objects.create(
        campaign=campaign, draft=draft, corporation=teal, number=2, name="Zoë"
    )
    return {"draft": draft.pk, "game": game.pk, "guest": guest.pk, "user": user.pk}


def test_the_rows_stored_before_the_move_are_the_live_apps_rows():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    types = {m: ContentType.objects.get_for_model(apps_model) for m, apps_model in _models()}
    try:
        old = migrate(BEFORE)
        # Taken back, the content types are `campaign`'s again, their ids kept.
        old_types = ContentType.objects.filter(app_label="campaign", model__in=MOVED)
        assert {t.model: t.pk for t in old_types} == {m: t.pk for m, t in types.items()}
        ids = fill_as_before(old)
        migrate(latest)
    except BaseException:
        migrate(latest)
        raise

    draft = GameDraft.objects.select_related("campaign", "opened_by").get(pk=ids["draft"])
    assert (draft.campaign.slug, draft.number, draft.revision) == ("moved-table", 2, 7)
    assert (draft.shared, draft.phones, draft.stamps) == (
        {"megastructure": "ring"},
        {"phone-1": [3, 7]},
        {"shared": {"megastructure": 7}},
    )
    assert draft.opened_by.pk == draft.shared_by_id == ids["user"]
    cards = {c.corporation.key: (c.data, c.done, c.revision) for c in draft.cards.all()}
    assert cards == {"purple": ({"credits": "12"}, True, 7), "teal": ({"credits": "3"}, False, 0)}
    assert SeatCard.objects.get(corporation__key="teal").updated_by_id == ids["user"]
    # The panel kept was drawn in English: it is the English one now (live 0002, one per
    # language).
    live = draft.panels.get()
    assert (live.language, live.revision, live.html) == ("en-gb", 7, "<p>2 of 2 cards</p>")
    assert DraftLive.objects.count() == 1
    photo = GamePhoto.objects.select_related("game").get()
    assert (bytes(photo.jpeg), photo.width, photo.height) == (JPEG, 640, 480)
    assert photo.game.pk == ids["game"] and photo.game.photo == photo
    guest = GuestSeat.objects.select_related("draft").get(pk=ids["guest"])
    assert guest.draft == draft and list(draft.guest_seats.all()) == [guest]
    assert list(draft.campaign.drafts.all()) == [draft]
    # The content types came back to `live` with the same ids.
    assert {m: ContentType.objects.get(app_label="live", model=m).pk for m in MOVED} == {
        m: t.pk for m, t in types.items()
    }
    # Deleting the draft still cascades to its cards and panel and frees the guest's seat.
    draft.delete()
    assert (SeatCard.objects.count(), DraftLive.objects.count()) == (0, 0)
    assert GuestSeat.objects.get(pk=ids["guest"]).draft is None


def _models():
    return [(m._meta.model_name, m) for m in (GameDraft, SeatCard, DraftLive, GamePhoto)]

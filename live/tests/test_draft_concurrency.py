"""Acknowledged means stored (issue 29): two writers of one draft, each in its own thread and
on its own database connection, as gunicorn's threads and workers write it. The second must
wait for the first (the draft's row is every writer's lock) and then write over what the first
committed, never over the copy it read before waiting: on PostgreSQL under READ COMMITTED a
statement that waited for a row lock reads the locked row again but its other rows from before
the wait (the pattern of Django's own tests/select_for_update)."""

import threading
import time

import pytest
from django.db import connection, connections, transaction

from campaign.models import Corporation
from live import actions
from live.actions.drafts import Change
from live.models import GameDraft, SeatCard
from live.tests.factory import card, open_

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.every_database,
    pytest.mark.usefixtures("catalogue"),
]

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the row lock and its waits are PostgreSQL's"
)


def _waiting_backends() -> int:
    """How many other connections are waiting for a lock right now."""
    with connection.cursor() as cursor:
        # The activity is read once per transaction unless its snapshot is cleared.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND pid <> pg_backend_pid() AND datname = current_database()"
        )
        return cursor.fetchone()[0]


def _in_thread(work) -> tuple[threading.Thread, list]:
    """`work()` in a thread of its own, on its own connection; what it returned or raised."""
    outcome: list = []

    def run():
        try:
            outcome.append(work())
        except BaseException as error:  # the test reads it
            outcome.append(error)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, outcome


def _wait_for_a_waiter(thread: threading.Thread) -> None:
    deadline = time.monotonic() + 10
    while _waiting_backends() == 0:
        assert thread.is_alive(), "the second writer finished without waiting for the first"
        assert time.monotonic() < deadline, "the second writer never waited for the lock"
        time.sleep(0.01)


@postgresql_only
@pytest.mark.parametrize("second", ["push", "form", "done"])
def test_a_second_writer_of_one_card_waits_for_the_first_and_loses_nothing(table, second):
    """The host writes purple's credits and holds the transaction open; the purple phone's
    write (a push, the card's form, or "done") must wait, then keep the host's credits."""
    campaign, people = table
    draft = open_(campaign, people)
    purple = card(draft, "purple")
    number = draft.number

    def other_writer():
        if second == "push":
            return actions.push_changes(
                campaign,
                number,
                lambda read: [Change(1, "purple", "mining_tokens", "2", "")],
                draft_id=draft.pk,
                phone="purple-phone",
            )
        if second == "form":
            return actions.write_card(purple, {"mining_tokens": "2"}, was={"mining_tokens": ""})
        return actions.write_card(purple, {}, done=True)

    with transaction.atomic():
        actions.push_changes(
            campaign,
            number,
            lambda read: [Change(1, "purple", "credits", "17", "")],
            draft_id=draft.pk,
            phone="host-phone",
        )
        thread, outcome = _in_thread(other_writer)
        _wait_for_a_waiter(thread)
    thread.join(timeout=20)
    assert not thread.is_alive()
    assert not isinstance(outcome[0], BaseException), outcome
    stored = card(draft, "purple")
    assert stored.data.get("credits") == "17", stored.data
    if second == "done":
        assert stored.done
    else:
        assert stored.data["mining_tokens"] == "2"
    # Both batches raised the version: two, after the one the draft opened with.
    assert GameDraft.objects.get(pk=draft.pk).revision == draft.revision + 2


@postgresql_only
def test_a_push_that_waited_for_set_table_sees_the_card_it_added(table):
    """A corporation joins the campaign while the draft is open; the host's "who is at the
    table" adds its card, and a phone's push for that card waited for it: it finds the card."""
    campaign, people = table
    draft = open_(campaign, people)
    order = list(Corporation.objects.filter(campaign=campaign).order_by("order"))
    newcomer = Corporation.objects.create(
        campaign=campaign, key="newcomer", name="Newcomer", order=order[-1].order + 1
    )

    def push_to_the_new_card():
        return actions.push_changes(
            campaign,
            draft.number,
            lambda read: [Change(1, "newcomer", "credits", "4", "")],
            draft_id=draft.pk,
            phone="newcomer-phone",
        )

    with transaction.atomic():
        actions.set_table(draft, ["purple", "yellow", "teal", newcomer.key])
        thread, outcome = _in_thread(push_to_the_new_card)
        _wait_for_a_waiter(thread)
    thread.join(timeout=20)
    assert not isinstance(outcome[0], BaseException), outcome
    assert SeatCard.objects.get(draft=draft, corporation=newcomer).data == {"credits": "4"}
    assert outcome[0].last == 1

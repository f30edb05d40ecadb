"""#8's debt, derived (issue 22): with the card's rows in the campaign's box, the game page asks
how many red boxes each corporation checked in each power's row, and the replay reads their
values, rising box by box; an AI player is asked nothing (AI players never borrow)."""

from __future__ import annotations

import pytest

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.models import Campaign
from campaign.tests.test_views_game import edit_url, form_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

THREE = ("purple", "yellow", "teal")
ROWS = [
    {"name": "Emergency funds", "values": [1, 2, 3, 5]},
    {"name": "Fast hire", "values": [2, 4]},
    {"name": "Bribe", "values": [3, 6, 9]},
]


@pytest.fixture
def six() -> Campaign:
    tables = [leader_table(*THREE, sections=("credits",)) for _ in range(6)]
    data = make_campaign(corporations=THREE, tables=tables)
    data["corporations"][2]["ai"] = True
    data["box"] = {"debt_boxes": ROWS}
    data["games"][4]["debt_marks"] = [{"corporation": "purple", "row": 1}]
    return owned(actions.import_campaign(data))


def test_the_game_page_asks_boxes_per_row_and_the_values_follow_from_the_card(owner_client, six):
    page = owner_client.get(edit_url(six, 6)).content.decode()
    data = form_data(page)
    assert "game-debt_purple_row1" in data and "game-debt_yellow_row3" in data
    assert "game-debt_purple" not in data  # no value to type
    assert not any(name.startswith("game-debt_teal") for name in data)  # teal is an AI player
    data["game-debt_purple_row1"] = "2"
    data["game-debt_yellow_row2"] = "1"

    assert owner_client.post(edit_url(six, 6), data).status_code == 302

    six.refresh_from_db()
    game = six.games.get(number=6)
    assert game.debt_marks == [
        {"corporation": "purple", "row": 1},
        {"corporation": "purple", "row": 1},
        {"corporation": "yellow", "row": 2},
    ]
    # Purple's row 1: box 1 in game 5 (1), boxes 2 and 3 now (2 + 3).
    assert six.state["debt"] == {"purple": 6, "yellow": 2, "teal": 0}
    again = form_data(owner_client.get(edit_url(six, 6)).content.decode())
    assert (again["game-debt_purple_row1"], again["game-debt_yellow_row2"]) == ("2", "1")

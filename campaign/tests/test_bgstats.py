"""Send to BG Stats: a saved game opens BG Stats' "create play" address with the play filled in."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from campaign.bgstats import CREATE_PLAY_URL, PlaySeat, bgstats_play, create_play_url

pytestmark = pytest.mark.usefixtures("catalogue")


def decoded(url: str) -> dict:
    parts = urlsplit(url)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == CREATE_PLAY_URL
    return json.loads(parse_qs(parts.query)["data"][0])


def test_it_builds_the_play_with_scores_ranks_the_winner_and_the_start_player():
    play = bgstats_play(
        campaign_slug="thursday",
        campaign_name="Thursday group",
        number=6,
        played_on="2026-03-05",
        seats=[
            PlaySeat("purple", "Purple corporation", "Caro", 70, 1),
            PlaySeat("teal", "Teal corporation", "", 64, 2),
        ],
        winner="purple",
        start_player="teal",
        comments=["Election: Workers Union Party."],
    )
    data = decoded(create_play_url(play))
    assert data["playDate"] == "2026-03-05 00:00:00"
    assert data["game"]["name"] == "Solar 175"
    assert data["players"] == [
        {
            "name": "Caro",
            "sourcePlayerId": "thursday:purple",
            "score": 70,
            "rank": 1,
            "winner": True,
            "role": "Purple corporation",
            "startPlayer": False,
        },
        {
            "name": "Teal corporation",
            "sourcePlayerId": "thursday:teal",
            "score": 64,
            "rank": 2,
            "winner": False,
            "role": "Teal corporation",
            "startPlayer": True,
        },
    ]
    assert data["comments"].endswith("Election: Workers Union Party.")


def test_the_game_log_links_each_game_to_bg_stats(owner_client, three_games):
    campaign = owned(three_games)
    response = owner_client.get(reverse("campaign:game_bgstats", args=[campaign.slug, 3]))
    assert response.status_code == 302
    data = decoded(response["Location"])
    game = campaign.games.get(number=3)
    assert [p["score"] for p in data["players"]] == [p["total"] for p in game.result["players"]]
    winners = [p["sourcePlayerId"] for p in data["players"] if p["winner"]]
    assert winners == [f"{campaign.slug}:{game.result['winner']}"]
    # Game 2's winner took the first player token for game 3.
    previous = campaign.games.get(number=2).result["winner"]
    assert [p["sourcePlayerId"] for p in data["players"] if p["startPlayer"]] == [
        f"{campaign.slug}:{previous}"
    ]
    assert "Election:" in data["comments"]
    log = owner_client.get(reverse("campaign:games", args=[campaign.slug])).content.decode()
    assert reverse("campaign:game_bgstats", args=[campaign.slug, 3]) in log


def test_game_one_names_no_start_player(owner_client, three_games):
    campaign = owned(three_games)
    response = owner_client.get(reverse("campaign:game_bgstats", args=[campaign.slug, 1]))
    assert all("startPlayer" not in p for p in decoded(response["Location"])["players"])

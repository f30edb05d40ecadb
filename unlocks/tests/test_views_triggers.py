"""Every trigger kind of the sections data, through a replayed campaign, on the pages.

For each kind: a campaign file in which the event happens is imported; the sections page shows
the section unlocked after the right game with the replay's reason, and what unlocks next for
the same campaign one step earlier shows the progress in the group's own numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from solar175.sections import sections
from solar175.triggers import TRIGGER_KINDS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

THREE = ("purple", "yellow", "teal")
TYPE_II = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
)
TYPE_III = ("terraform-mars", "terraform-venus", "the-kraken", "titanica-elite")
TRACKER = (
    "presence_1",
    "presence_2",
    "presence_3",
    "presence_4",
    "presence_5",
    "presence_6",
    "megastructure",
    "bases",
    "military",
    "mining",
    "credits",
    "influence",
)


# --- campaign files: (the event happens, one step before it) -----------------------------


def plain(n: int, corporations=THREE) -> dict:
    return make_campaign(corporations=corporations, tables=[leader_table(*corporations)] * n)


def with_megastructures(n: int, keys: tuple[str, ...]) -> dict:
    """`n` games; games 5 onwards build `keys` in order."""
    data = plain(n)
    placed_nowhere = {"terraform-venus", "the-kraken", "titanica-elite", "dyson-swarm"}
    for game, key in zip(data["games"][4:], keys, strict=False):
        game["megastructure"] = key
        if key in placed_nowhere:
            # The reference places it nowhere: the game states its token's zone.
            game["megastructure_zone"] = 1
    return data


def ballots(*per_game: dict, manual=(), corporations=THREE) -> dict:
    data = make_campaign(
        corporations=corporations,
        tables=[leader_table(*corporations, ballots=b) for b in per_game],
    )
    data["manual_unlocks"] = list(manual)
    return data


def award_campaign(n: int) -> dict:
    """Purple leads credits and mining in games 1-8, yellow in 9-16."""
    names = ["purple"] * 8 + ["yellow"] * 8
    tables = [
        leader_table(name, *(c for c in THREE if c != name), sections=("credits", "mining"))
        for name in names[:n]
    ]
    return make_campaign(corporations=THREE, tables=tables)


def opening(after_game: int, unlocked, built=(), **extra) -> dict:
    return {
        "after_game": after_game,
        "tracker": {},
        "awards": [],
        "election_wins": {},
        "unlocked_sections": [{"section": n, "game": 0} for n in unlocked],
        "megastructures_built": [
            {"game": 4 + i, "megastructure": key} for i, key in enumerate(built, start=1)
        ],
        "cities": [],
        "incumbent_party": "united_federalists",
        **extra,
    }


def all_silvers(games: int) -> dict:
    """Every silver award won but Friend of the Bank of Yurushi; yellow, one credit box short,
    leads in credits from game 9."""
    sizes = {s: 6 if s.startswith("presence") else 8 for s in TRACKER}
    awards = [{"section": s, "tier": "gold", "corporation": "purple"} for s in TRACKER]
    awards += [
        {"section": s, "tier": "silver", "corporation": "yellow"} for s in TRACKER if s != "credits"
    ]
    start = opening(
        8,
        range(1, 16),
        built=TYPE_II,
        tracker={"purple": dict(sizes), "yellow": {**sizes, "credits": 7}},
        awards=awards,
    )
    return make_campaign(
        corporations=("purple", "yellow"),
        opening=start,
        tables=[leader_table("yellow", "purple")] * games,
    )


def all_others(manual: bool) -> dict:
    start = opening(8, [n for n in range(1, 34) if n not in (19, 31)], built=TYPE_II)
    data = make_campaign(
        corporations=("purple", "yellow"),
        opening=start,
        tables=[leader_table("purple", "yellow")] * 2,
    )
    if manual:
        data["manual_unlocks"] = [{"section": 19, "after_game": 10}]
    return data


def type_vi(games: int) -> dict:
    """Type II, three Type III and the Dyson Swarm (Type V) built before game 13; game 13
    completes a Type VI the group added to its campaign's box, on Mars."""
    start = opening(12, range(1, 12), built=(*TYPE_II, *TYPE_III[:3]))
    start["megastructures_built"].append({"game": 12, "megastructure": "dyson-swarm"})
    data = make_campaign(
        corporations=("purple", "yellow"),
        opening=start,
        tables=[leader_table("purple", "yellow")] * games,
    )
    data["box"] = {
        "megastructures": [
            {"key": "solar-crown", "name": "Solar Crown", "type": 6, "location": "Mars"}
        ]
    }
    if games:
        data["games"][-1]["megastructure"] = "solar-crown"
    return data


def flags(flag: str, game: int, n: int) -> dict:
    data = plain(n)
    data["games"][game - 1][flag] = True
    return data


WU, UF, BND = {"workers_union": 2}, {"united_federalists": 2}, {"brave_new_dawn": 2}
OVERTHROW = {"united_federalists": 1, "spoiled": 3}
REBELLION_EARLY = [{"section": 12, "after_game": 0}]

# kind, section, the campaign where it fires, after which game, reason, the campaign one step
# before, its progress words.
CASES: list[tuple[str, int, Callable[[], dict], int, str, Callable[[], dict], str]] = [
    (
        "end_of_game",
        1,
        lambda: plain(1),
        1,
        "the end of game 1 was reached",
        lambda: plain(0),
        "0 of 1 games played",
    ),
    (
        "megastructure_built",
        10,
        lambda: with_megastructures(5, TYPE_II[:1]),
        5,
        "Sky hooks throughout zone 5 was built in game 5",
        lambda: plain(4),
        "Sky hooks throughout zone 5 not built yet",
    ),
    (
        "all_of_type_built",
        11,
        lambda: with_megastructures(8, TYPE_II),
        8,
        "the last Type II megastructure, UFSS HQ Security Upgrade, was built in game 8",
        lambda: with_megastructures(7, TYPE_II),
        "Type II built 3 of 4",
    ),
    (
        "type_built",
        33,
        lambda: type_vi(1),
        13,
        "Type VI megastructure Solar Crown was completed in game 13",
        lambda: type_vi(0),
        "Type VI not completed yet",
    ),
    (
        "election_wins",
        13,
        lambda: ballots(*[WU] * 5),
        5,
        "the Workers Union Party won its 5th election in game 5",
        lambda: ballots(*[WU] * 4),
        "Workers Union Party wins 4 of 5",
    ),
    (
        "overthrows",
        25,
        lambda: ballots(*[OVERTHROW] * 5, manual=REBELLION_EARLY),
        5,
        "the Celestial Rebellion overthrew its 5th election in game 5",
        lambda: ballots(*[OVERTHROW] * 4, manual=REBELLION_EARLY),
        "Celestial Rebellion overthrows 4 of 5",
    ),
    (
        "brave_new_dawn_with_envelope",
        26,
        lambda: ballots(*[BND] * 8, manual=[{"section": 10, "after_game": 8}]),
        8,
        "the Brave New Dawn won its 8th election in game 8, and envelope 7 is open",
        lambda: ballots(*[BND] * 8),
        "Brave New Dawn wins 8 of 8; envelope 7 not opened yet",
    ),
    (
        "award_won",
        14,
        lambda: award_campaign(8),
        8,
        "Purple corporation won Benefactor of the Bank of Yurushi in game 8",
        lambda: award_campaign(6),
        "Benefactor of the Bank of Yurushi: Purple corporation has 6 of 8 credit boxes",
    ),
    (
        "first_silver",
        15,
        lambda: award_campaign(16),
        16,
        "Yellow corporation won Rio Astro Silver, the first silver award, in game 16",
        lambda: award_campaign(14),
        "closest silver award:",
    ),
    (
        "awards_held_by_one",
        22,
        lambda: make_campaign(
            corporations=THREE,
            tables=[
                leader_table(*THREE, sections=("credits", "mining", "megastructure", "military"))
            ]
            * 8,
        ),
        8,
        "Purple corporation won its 4th award in game 8",
        lambda: plain(2),
        "no awards won yet (one corporation needs 4)",
    ),
    (
        "all_silvers",
        32,
        lambda: all_silvers(1),
        9,
        "the last silver award, Friend of the Bank of Yurushi, was won by Yellow corporation "
        "in game 9",
        lambda: all_silvers(0),
        "11 of 12 silver awards won",
    ),
    (
        "any_of",
        32,
        lambda: with_megastructures(12, (*TYPE_II, *TYPE_III)),
        12,
        "the last Type III megastructure, Titanica Elite, was built in game 12",
        lambda: with_megastructures(11, (*TYPE_II, *TYPE_III)),
        "Type III built 3 of 4",
    ),
    (
        "neds_sold_out_after",
        16,
        lambda: flags("neds_sold_out", 5, 5),
        5,
        "NEDs sold out in game 5",
        lambda: flags("neds_sold_out", 4, 5),
        "NEDs have not sold out in a game after game 4",
    ),
    (
        "first_census",
        28,
        lambda: flags("census_completed", 2, 3),
        2,
        "the first census was completed in game 2",
        lambda: plain(3),
        "census not completed yet",
    ),
    (
        "first_repairs",
        29,
        lambda: flags("megastructure_repairs_completed", 3, 3),
        3,
        "the first megastructure repairs were completed in game 3",
        lambda: plain(3),
        "megastructure repairs not completed yet",
    ),
    (
        "manual",
        19,
        lambda: {**plain(5), "manual_unlocks": [{"section": 19, "after_game": 5}]},
        5,
        "the group chose to unlock it after game 5",
        lambda: plain(3),
        "the group decides, any time after game 4",
    ),
    (
        "all_others",
        31,
        lambda: all_others(manual=True),
        10,
        "every other section had been unlocked by game 10",
        lambda: all_others(manual=False),
        "31 of 32 other sections unlocked",
    ),
]


def test_every_trigger_kind_of_the_sections_data_is_covered():
    kinds = {s.trigger["kind"] for s in sections()}
    kinds |= {child["kind"] for s in sections() for child in s.trigger.get("triggers", ())}
    assert kinds <= TRIGGER_KINDS
    assert {case[0] for case in CASES} == kinds


def text(html: str) -> str:
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


@pytest.mark.parametrize(
    ("kind", "section", "fired", "game", "reason", "before", "words"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_the_trigger_shows_on_the_pages(
    owner_client, kind, section, fired, game, reason, before, words
):
    campaign = owned(actions.import_campaign(fired()))
    html = owner_client.get(reverse("unlocks:sections", args=[campaign.slug])).content.decode()
    assert section in [int(n) for n in re.findall(r'data-unlocked="(\d+)"', html)]
    card = re.search(rf'<article [^>]*data-unlocked="{section}".*?</article>', html, re.S)
    assert f"Unlocked after game {game}: {reason}" in text(card.group(0))
    detail = owner_client.get(reverse("unlocks:section", args=[campaign.slug, section]))
    assert reason in text(detail.content.decode())

    earlier = owned(actions.import_campaign(before()))
    html = owner_client.get(reverse("unlocks:next", args=[earlier.slug])).content.decode()
    row = re.search(rf'<li [^>]*id="next-{section}".*?</li>', html, re.S)
    assert row, f"#{section} is not waiting on the next page"
    assert words.lower() in text(row.group(0)).lower()
    locked = owner_client.get(reverse("unlocks:section", args=[earlier.slug, section]))
    assert words.lower() in text(locked.content.decode()).lower()

"""One game's stats from plain standings: plays, wins per player, the spread, the margins."""

from playlog.games import Standing
from playlog.stats import PlayRecord, game_stats, identity


def record(number, *rows):
    standings = tuple(Standing(name, total, won, seat) for name, total, won, seat in rows)
    identities = tuple(identity(None, name) for name, *_ in rows)
    return PlayRecord(number, standings, identities)


def test_wins_plays_spread_and_margins():
    stats = game_stats(
        [
            record(3, ("Ada", 10, True, 0), ("Ben", 10, True, 1)),
            record(2, ("ada", 12, False, 0), ("Ben", 15, True, 1)),
            record(1, ("Ada", 20, True, 0), ("Cy", 5, False, 1)),
        ]
    )
    assert stats.plays == 3 and stats.shared == 1
    by_name = {p.name: p for p in stats.players}
    # "Ada" and "ada" are one person (a typed name, ignoring case); the newest spelling names her.
    assert set(by_name) == {"Ada", "Ben", "Cy"}
    assert (by_name["Ada"].plays, by_name["Ada"].wins) == (3, 2)
    assert (by_name["Ada"].lowest, by_name["Ada"].median_text, by_name["Ada"].highest) == (
        10,
        "12",
        20,
    )
    assert [p.name for p in stats.players][:2] == ["Ada", "Ben"]
    assert stats.margins == ((3, None), (2, 3), (1, 15))


def test_a_member_is_one_person_whatever_name_they_played_under():
    assert identity(7, "Caro") == identity(7, "caroline")
    assert identity(None, "Caro") == identity(None, "caro")
    assert identity(None, "Caro") != identity(7, "Caro")


def test_no_play_is_empty():
    assert game_stats([]).empty

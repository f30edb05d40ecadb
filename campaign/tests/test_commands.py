"""`import_campaign`, `export_campaign` and `load_demo` (docs/campaign-file.md).

In-process (`call_command`) for what the database holds afterwards; as real subprocesses, on a
SQLite file of their own, for exit codes and exactly what reaches stdout and stderr.
"""

import copy
import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from accounts.models import Membership
from benchmarks.samples import leader_table, make_campaign
from campaign.campaign_io import dump_campaign
from campaign.models import Campaign
from campaign.tests.factory import DEMO, demo_data, rows
from scoring.models import Megastructure, TrackerSection
from tests.processes import manage, migrated_sqlite

PROJECT = Path(__file__).resolve().parents[2]
BAD_INPUT = 2


def write(tmp_path: Path, data, name: str = "campaign.json") -> Path:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return path


def run(*args) -> tuple[str, str]:
    stdout, stderr = StringIO(), StringIO()
    call_command(*map(str, args), stdout=stdout, stderr=stderr)
    return stdout.getvalue(), stderr.getvalue()


# --- the bad files -------------------------------------------------------------------------


def six_players(data):
    table = data["games"][3]["table"]
    table["players"].append(copy.deepcopy(table["players"][0]))
    table["players"].append(copy.deepcopy(table["players"][1]))


def out_of_order(data):
    data["games"][2]["number"], data["games"][3]["number"] = 4, 3


def unknown_megastructure(data):
    data["games"][5]["megastructure"] = "death-star"


def unknown_corporation(data):
    data["games"][1]["table"]["players"][2]["corporation"] = "magenta"


def contradicts_the_rules(data):
    # Game 1 plays zones 1 and 2 only: zone 3 opens with #1, after game 1.
    data["games"][0]["table"]["rules"] = {"zones_in_play": [1, 2, 3]}


def wrong_incumbent(data):
    # Game 2 won by the Workers Union: game 3's incumbent is theirs, not the Federalists'.
    data["games"][2]["table"]["incumbent_party"] = "united_federalists"


def unknown_award_section(data):
    data["opening"] = {
        "after_game": 2,
        "tracker": {"purple": {"presence_1": 6}},
        "awards": [{"section": "presence_9", "tier": "gold", "corporation": "purple"}],
        "election_wins": {"united_federalists": 2},
        "unlocked_sections": [1, 2, 3, 4],
        "megastructures_built": [],
        "cities": [],
        "incumbent_party": "united_federalists",
    }
    data["games"] = []


BAD_FILES = {
    "six players": (six_players, "games[3].table.players", "6"),
    "games not in order": (out_of_order, "games[2].number", "in order"),
    "unknown megastructure": (unknown_megastructure, "games[5].megastructure", "death-star"),
    "unknown corporation": (
        unknown_corporation,
        "games[1].table.players[2].corporation",
        "magenta",
    ),
    "table contradicting the derived rules": (
        contradicts_the_rules,
        "games[0].table.rules.zones_in_play",
        "[1, 2]",
    ),
    "table contradicting the derived incumbent": (
        wrong_incumbent,
        "games[2].table.incumbent_party",
        "workers_union",
    ),
    "award section that does not exist": (
        unknown_award_section,
        "opening.awards[0].section",
        "presence_9",
    ),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_a_bad_file_exits_2_naming_the_field_and_writes_nothing(catalogue, tmp_path, case):
    change, path, detail = BAD_FILES[case]
    data = demo_data()
    change(data)
    before = rows()
    with pytest.raises(CommandError) as caught:
        run("import_campaign", write(tmp_path, data))
    assert caught.value.returncode == BAD_INPUT
    message = str(caught.value)
    assert message.startswith(f"{path}: "), message
    assert detail in message
    assert "\n" not in message
    assert rows() == before


def _two_problems(data: dict) -> None:
    """Game 1 outposts in zone 3, locked until #1 (only the replay's derived rules see it), and
    a later game's credits out of bounds (its table alone shows it)."""
    data["games"][0]["table"]["players"][0]["outposts"] = {"1": 1, "3": 1}
    data["games"][2]["table"]["players"][0]["credits"] = -1


SAME_FIRST_ERROR = {**BAD_FILES, "game 1's zone before game 3's credits": (_two_problems,)}


@pytest.mark.parametrize("case", SAME_FIRST_ERROR, ids=list(SAME_FIRST_ERROR))
def test_replay_and_import_name_the_same_first_error(catalogue, tmp_path, case):
    """One file, one first error: the import runs the replay before writing anything."""
    data = demo_data()
    SAME_FIRST_ERROR[case][0](data)
    path = write(tmp_path, data)
    errors = []
    for command in ("replay", "import_campaign"):
        with pytest.raises(CommandError) as caught:
            run(command, path)
        errors.append(str(caught.value))
    assert errors[0] == errors[1]
    if case.startswith("game 1"):
        assert errors[1].startswith("games[0].table.players[0].outposts.3: ")


@pytest.mark.parametrize(
    ("content", "start"),
    [
        ('{"format": "solar175-campaign", "games": [', "is not JSON (Expecting value at line 1"),
        ("", "is not JSON"),
        (b"\xff\xfe not text", "is not UTF-8 text"),
    ],
)
def test_a_file_that_is_not_json_exits_2_and_writes_nothing(catalogue, tmp_path, content, start):
    path = tmp_path / "campaign.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    before = rows()
    with pytest.raises(CommandError) as caught:
        run("import_campaign", path)
    assert caught.value.returncode == BAD_INPUT
    assert str(caught.value).startswith(f"{path}: {start}")
    assert rows() == before


def test_a_missing_file_exits_2_and_writes_nothing(catalogue, tmp_path):
    before = rows()
    with pytest.raises(CommandError) as caught:
        run("import_campaign", tmp_path / "nowhere.json")
    assert caught.value.returncode == BAD_INPUT
    assert str(caught.value) == (
        f"{tmp_path / 'nowhere.json'}: cannot read the file (No such file or directory)"
    )
    assert rows() == before


# --- import and export ---------------------------------------------------------------------


def test_import_prints_the_new_slug_on_the_last_line(catalogue, tmp_path):
    stdout, stderr = run("import_campaign", DEMO)
    assert stdout.splitlines()[-1] == "demo-campaign"
    assert stderr == ""
    campaign = Campaign.objects.get(slug="demo-campaign")
    assert campaign.games.count() == 12
    assert campaign.state["games_played"] == 12
    stdout, _ = run("import_campaign", DEMO, "--name", "Second copy")
    assert stdout.splitlines()[-1] == "second-copy"


def test_export_prints_the_file(catalogue, tmp_path):
    run("import_campaign", DEMO)
    stdout, stderr = run("export_campaign", "demo-campaign")
    assert stdout == dump_campaign(Campaign.objects.get(slug="demo-campaign"))
    assert stdout == DEMO.read_text(encoding="utf-8")
    assert stderr == ""


def test_export_import_export_through_the_commands_is_byte_identical(catalogue, tmp_path):
    data = make_campaign(
        tables=[leader_table("purple", "yellow", "teal"), leader_table("teal", "purple")],
        corporations=3,
    )
    slug = run("import_campaign", write(tmp_path, data))[0].splitlines()[-1]
    first, _ = run("export_campaign", slug)
    again = run("import_campaign", write(tmp_path, first, "exported.json"))[0].splitlines()[-1]
    assert again != slug
    second, _ = run("export_campaign", again)
    assert second == first


def test_export_of_an_unknown_slug_exits_2(catalogue):
    with pytest.raises(CommandError) as caught:
        run("export_campaign", "no-such-campaign")
    assert caught.value.returncode == BAD_INPUT
    assert str(caught.value).startswith("slug: ")


# --- load_demo ------------------------------------------------------------------------------


def test_load_demo_loads_the_demo_once_on_a_just_migrated_database(db):
    # `migrate` has put the reference catalogue there (scoring's data migration).
    assert TrackerSection.objects.count() == 12
    stdout, _ = run("load_demo")
    assert Megastructure.objects.filter(pk="space-elevator-mars").exists()
    campaign = Campaign.objects.get(slug="demo-campaign")
    *_, address, login = stdout.splitlines()
    assert address == campaign.get_absolute_url() == "/campaigns/demo-campaign/"
    # The demo user owns it, with the password printed (`make run` shows it before serving).
    username, password = re.fullmatch(r"Demo login: (\w+) / (\S+)", login).groups()
    assert Membership.objects.get(campaign=campaign).user.username == username == "demo"
    assert Client().login(username=username, password=password)
    before = rows()
    users = list(User.objects.values_list("username", "password"))
    stdout, _ = run("load_demo")
    assert rows() == before
    assert list(User.objects.values_list("username", "password")) == users
    assert stdout.splitlines()[-2:] == ["/campaigns/demo-campaign/", login]


def test_load_demo_loads_an_emptied_catalogue_first(db):
    # Emptied after `migrate` (as `flush` leaves it): no sections, nothing recorded as seeded.
    from scoring.models import CatalogueSeed

    TrackerSection.objects.all().delete()
    CatalogueSeed.objects.all().delete()
    run("load_demo")
    assert TrackerSection.objects.count() == 12
    assert Campaign.objects.filter(slug="demo-campaign").exists()


def test_load_demo_keeps_the_groups_catalogue(catalogue):
    Megastructure.objects.filter(pk="dyson-swarm").update(name="Dyson Swarm (our box)")
    run("load_demo")
    assert Megastructure.objects.get(pk="dyson-swarm").name == "Dyson Swarm (our box)"


# --- real processes -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def database_url(tmp_path_factory) -> str:
    """A migrated SQLite file with the catalogue, for commands run as subprocesses."""
    return migrated_sqlite(tmp_path_factory.mktemp("db"), "commands.sqlite3")


@pytest.mark.long
def test_as_a_process_a_bad_file_exits_2_with_one_line_on_stderr(database_url, tmp_path):
    data = demo_data()
    six_players(data)
    result = manage(database_url, "import_campaign", write(tmp_path, data))
    assert result.returncode == BAD_INPUT
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["games[3].table.players: must list 2 to 5 players, not 6"]
    missing = manage(database_url, "import_campaign", tmp_path / "nowhere.json")
    assert missing.returncode == BAD_INPUT
    assert len(missing.stderr.splitlines()) == 1
    assert missing.stderr.startswith(f"{tmp_path / 'nowhere.json'}: ")
    unknown = manage(database_url, "export_campaign", "nobody")
    assert (unknown.returncode, unknown.stdout) == (BAD_INPUT, "")
    assert len(unknown.stderr.splitlines()) == 1


def test_as_a_process_export_import_export_is_byte_identical(database_url, tmp_path):
    imported = manage(database_url, "import_campaign", DEMO)
    assert imported.returncode == 0, imported.stderr
    slug = imported.stdout.splitlines()[-1]
    first = manage(database_url, "export_campaign", slug)
    assert first.returncode == 0 and first.stdout == DEMO.read_text(encoding="utf-8")
    again = manage(database_url, "import_campaign", write(tmp_path, first.stdout))
    assert again.returncode == 0
    second = manage(database_url, "export_campaign", again.stdout.splitlines()[-1])
    assert second.stdout == first.stdout

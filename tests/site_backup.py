"""A whole site to back up, and what must come back: for the backup and restore that
docs/hosting.md prints (tests/test_two_servers.py on PostgreSQL, tests/test_hosting.py on
SQLite), each run as printed.

`SITE` (run by `manage.py shell` in a migrated database with its catalogue) fills the site as a
group does: a campaign with its owner, a player and an open invite, a game draft with values
typed on two seats, and a play log with members, an invite and three plays (a Space Explorers
game played with the turn runner, a colonist game, a Startropolis game under way). `SITE_FACTS`
prints, as one JSON object, what a restore must give back: every campaign's file
(`export_campaign`), every play's file (`export_play`), every membership, invite and open
draft (each seat card), and every account with its password hash.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from benchmarks.served import PROJECT, run_code

DOC = PROJECT / "docs" / "hosting.md"
PASSWORD = "backup-test-password-175"

SITE = f"""
from django.contrib.auth import get_user_model
from accounts import actions as accounts
from accounts.models import Role
from benchmarks.samples import make_campaign
from campaign import actions
from live.actions import drafts
from playlog.tests import factory as plays
User = get_user_model()
host = User.objects.create_user("backup-host", password={PASSWORD!r})
player = User.objects.create_user("backup-player", password={PASSWORD!r})
campaign = actions.import_campaign(make_campaign(4, corporations=3, name="Backed-up table"))
accounts.add_owner(campaign, host)
accounts.join(accounts.create_invite(campaign, Role.PLAYER, days=7, user=host), player)
accounts.create_invite(campaign, Role.VIEWER, days=7, user=host)
draft = drafts.open_draft(campaign, user=host, shared={{"game-notes": "Typed at the table"}})
for card, value in zip(draft.cards.order_by("pk")[:2], ("7", "12")):
    drafts.write_card(card, {{"p1-megacredits": value}}, user=host)
log = plays.make_play_log(host, "Backed-up plays")
accounts.join(accounts.create_invite(log, Role.PLAYER, days=7, user=host), player)
accounts.create_invite(log, Role.VIEWER, days=3, user=host)
plays.se_play(log, "backup-host")
plays.colonists_play(log)
plays.st_play(log)
print(campaign.slug)
"""

SITE_FACTS = """
import json
from io import StringIO
from django.contrib.auth import get_user_model
from django.core.management import call_command
from accounts.models import Invite, Membership
from campaign.models import Campaign, Change
from live.models import GameDraft
from playlog.models import Play

def command(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()

def stamp(moment):
    return moment.isoformat(timespec="milliseconds") if moment else None

def space(row):
    return row.campaign.slug if row.campaign_id else "plays/" + row.play_log.slug

facts = {
    "campaigns": {c.slug: command("export_campaign", c.slug) for c in Campaign.objects.all()},
    "plays": {
        f"{p.play_log.slug}/{p.number}": command("export_play", p.play_log.slug, str(p.number))
        for p in Play.objects.select_related("play_log")
    },
    "memberships": sorted(
        [space(m), m.user.username, m.role]
        for m in Membership.objects.select_related("campaign", "play_log", "user")
    ),
    "invites": sorted(
        [space(i), i.role, i.token, stamp(i.expires_at), stamp(i.revoked_at)]
        for i in Invite.objects.select_related("campaign", "play_log")
    ),
    "drafts": sorted(
        [
            d.campaign.slug, d.number, d.shared, d.revision,
            sorted(
                [c.corporation.key, c.data, c.done]
                for c in d.cards.select_related("corporation")
            ),
        ]
        for d in GameDraft.objects.select_related("campaign")
    ),
    "accounts": sorted([u.username, u.password] for u in get_user_model().objects.all()),
    "history": Change.objects.count(),
}
print(json.dumps(facts, sort_keys=True))
"""


def site_facts(env) -> dict:
    return json.loads(run_code(env, SITE_FACTS).strip().splitlines()[-1])


def doc_block(name: str) -> str:
    """The `sh` block of docs/hosting.md that starts with `# tested: NAME`."""
    text = DOC.read_text(encoding="utf-8")
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        if block.startswith(f"# tested: {name}\n"):
            return block
    raise AssertionError(f"docs/hosting.md has no block '# tested: {name}'")


def run_sh(script: str, env: dict[str, str]) -> None:
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=Path(PROJECT),
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]

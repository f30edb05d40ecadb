"""Keep the score of a game an earlier version scored with no megastructure zone.

Until the zone became a game's required fact (9b70d36; 600b321 is the last commit before it),
a game could build a megastructure the catalogue placed nowhere without stating the zone of its
Megastructure Location Token, and was scored with no +5 presence bonus. The replay reads such a
game so again (solar175.replay_warnings.zone_missing: scored with no bonus, and a warning asking
the group for the zone), so The Kraken or the Dyson Swarm built that way keeps its score with
nothing to write here.

One case changes a score by itself: the reference now places Terraform Mars on Mars (scoring
0003, RULES-NOTES §6), and a staff correction in the admin may place another, so a game scored
with no zone would gain a +5 bonus the next time anything in its campaign is saved. A game's
cached replay entry says how it was scored; for each game scored with no zone (its entry's
`megastructure_zone` null) that states none and builds a megastructure its campaign's box now
places, the box places that megastructure nowhere: written where the group sees it (its Box
page marks the entry as its own), and the game's page asks for the zone. Nothing is scored
differently; a campaign with no such game is left as it is.
"""

from django.db import migrations

PLACED_NOWHERE = None
BOX_ORDER = ("locations", "megastructures", "ships", "debt_boxes")
MEGASTRUCTURE_ORDER = ("key", "name", "type", "location")


def _stated(game):
    if game.megastructure_zone is not None:
        return True
    zone = (game.table or {}).get("megastructure_zone")
    return isinstance(zone, int) and not isinstance(zone, bool)


def _scored_without_zone(game):
    entry = game.replay_entry or {}
    # An empty entry says nothing about how the game was scored: left as it is.
    return (
        bool(entry)
        and entry.get("megastructure") == game.megastructure
        and entry.get("megastructure_zone") is None
    )


def keep_zoneless_scores(apps, schema_editor):
    megastructure_model = apps.get_model("scoring", "Megastructure")
    campaign_model = apps.get_model("campaign", "Campaign")
    game_model = apps.get_model("campaign", "Game")
    reference = dict(megastructure_model.objects.values_list("key", "location_id"))
    candidates = game_model.objects.exclude(megastructure="").filter(megastructure_zone=None)
    by_campaign = {}
    for game in candidates.only(
        "campaign_id", "megastructure", "megastructure_zone", "table", "replay_entry"
    ):
        if not _stated(game) and _scored_without_zone(game):
            by_campaign.setdefault(game.campaign_id, []).append(game.megastructure)
    for campaign in campaign_model.objects.filter(pk__in=by_campaign):
        box = dict(campaign.box or {})
        entries = [dict(entry) for entry in box.get("megastructures", [])]
        own = {entry.get("key"): entry for entry in entries}
        changed = False
        for key in dict.fromkeys(by_campaign[campaign.pk]):
            entry = own.get(key)
            if entry is not None and "location" in entry:
                placed = entry["location"] is not None
            else:
                placed = reference.get(key) is not None
            if not placed:
                continue
            if entry is None:
                entry = {"key": key}
                entries.append(entry)
                own[key] = entry
            entry["location"] = PLACED_NOWHERE
            changed = True
        if not changed:
            continue
        box["megastructures"] = [
            {name: entry[name] for name in MEGASTRUCTURE_ORDER if name in entry}
            for entry in entries
        ]
        campaign.box = {key: box[key] for key in BOX_ORDER if key in box}
        campaign.save(update_fields=["box"])


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0014_house_rules"),
        ("scoring", "0005_leased_ships_presence_as_printed"),
    ]

    operations = [
        migrations.RunPython(keep_zoneless_scores, migrations.RunPython.noop, elidable=False),
    ]

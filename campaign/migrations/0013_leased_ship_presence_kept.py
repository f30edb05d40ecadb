"""Keep the scores a campaign already has when the reference stops guessing a leased ship's
presence (scoring 0005, docs/catalogue.md).

The first reference gave every White Star ship presence 2, and a campaign game whose table
names a ship's card with no presence of its own was scored with it. The reference now gives
none, so such a game would no longer replay, and with two such cards the group could not even
enter one in its box (each change replays the whole log). For each campaign whose games name a
card that way and whose box gives that card no presence, the box gets the value those games
were scored with, 2: written where the group sees it (its Box page marks it as its own) and
corrects it from its card. Nothing is scored differently; a campaign with no such game is left
as it is.
"""

from django.db import migrations

SCORED_WITH = 2
BOX_ORDER = ("locations", "megastructures", "ships", "debt_boxes")


def _named_cards(tables):
    for table in tables:
        for player in (table or {}).get("players") or []:
            for ship in (player or {}).get("ships") or []:
                if isinstance(ship, dict) and "card" in ship and "presence" not in ship:
                    yield ship["card"]


def keep_scored_presence(apps, schema_editor):
    ship = apps.get_model("scoring", "Ship")
    campaign_model = apps.get_model("campaign", "Campaign")
    game = apps.get_model("campaign", "Game")
    unprinted = set(ship.objects.filter(presence=None).values_list("name", flat=True))
    if not unprinted:
        return
    for campaign in campaign_model.objects.all():
        tables = game.objects.filter(campaign=campaign).values_list("table", flat=True)
        cards = [card for card in _named_cards(tables) if card in unprinted]
        box = dict(campaign.box or {})
        entries = [dict(entry) for entry in box.get("ships", [])]
        given = {entry["name"] for entry in entries if entry.get("presence") is not None}
        missing = [card for card in dict.fromkeys(cards) if card not in given]
        if not missing:
            continue
        for card in missing:
            entry = next((e for e in entries if e.get("name") == card), None)
            if entry is None:
                entries.append({"name": card, "presence": SCORED_WITH})
            else:
                # The box's own order of keys: name, presence, moves.
                rest = {k: v for k, v in entry.items() if k not in ("name", "presence")}
                entries[entries.index(entry)] = {"name": card, "presence": SCORED_WITH, **rest}
        box["ships"] = entries
        campaign.box = {key: box[key] for key in BOX_ORDER if key in box}
        campaign.save(update_fields=["box"])


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0012_draft_protocol"),
        ("scoring", "0005_leased_ships_presence_as_printed"),
    ]

    operations = [
        migrations.RunPython(keep_scored_presence, migrations.RunPython.noop, elidable=False),
    ]

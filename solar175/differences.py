"""What changed between two entries of a game, a line each, in the group's words.

Pure Python, no Django: the history's details ("credits of purple 12 → 14"), and the
edit-conflict message's list of what another person changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefile.words import _
from solar175.downstream import Words

_GAME_FIELDS = (
    ("played_on", _("played on")),
    ("megastructure", _("megastructure")),
    ("megastructure_zone", _("megastructure zone")),
    ("neds_sold_out", _("NEDs sold out")),
    ("census_completed", _("census completed")),
    ("megastructure_repairs_completed", _("megastructure repairs completed")),
)


_HUBS = ("hensler", "ufss", "military")

# A named HUB's value in the history's words ("hensler hub workers 3 → 4"): a sentence each, so
# a language names each HUB as it needs.
_HUB_LINES = {
    # Translators: %(what)s is "workers" or "algorithms" on the Hensler HUB.
    "hensler": lambda what: _("hensler hub %(what)s", what=what),
    # Translators: %(what)s is "workers" or "algorithms" on the UFSS HUB.
    "ufss": lambda what: _("ufss hub %(what)s", what=what),
    # Translators: %(what)s is "workers" or "algorithms" on the military HUB.
    "military": lambda what: _("military hub %(what)s", what=what),
}

# What each hire card's workers are called in the history ("general hire card: workers left").
_HIRE_CARD_LINES = {
    "general": _("general hire card: workers left"),
    "engineer": _("engineer hire card: workers left"),
    "pilot": _("pilot hire card: workers left"),
}

# A table's keys in the history's words (docs/table-file.md): each its own entry, the English
# the key with spaces ("mining tokens").
_KEY_WORDS = {
    "format": _("format"),
    "version": _("version"),
    "rules": _("rules"),
    "megastructure_zone": _("megastructure zone"),
    "incumbent_party": _("incumbent party"),
    "sections": _("sections"),
    "zones_in_play": _("zones in play"),
    "celestial_rebellion": _("celestial rebellion"),
    "trade_unions": _("trade unions"),
    "credits": _("credits"),
    "loans": _("loans"),
    "mining_tokens": _("mining tokens"),
    "megastructure_tokens": _("megastructure tokens"),
    "military_tokens": _("military tokens"),
    "outposts": _("outposts"),
    "bases": _("bases"),
    "ships": _("ships"),
    "zone": _("zone"),
    "presence": _("presence"),
    "card": _("card"),
    "political_influence_ip": _("political influence ip"),
    "bonus_ip": _("bonus ip"),
    "extra_vote": _("extra vote"),
    "workers": _("workers"),
    "algorithms": _("algorithms"),
}


def game_differences(
    before: Mapping[str, Any], after: Mapping[str, Any], names: Words | None = None
) -> list[str]:
    """What changed between two entries of a game (`campaign_io.game_to_dict`), a line each,
    in the group's words: "credits of Purple corporation 12 → 14", "city Mars/New Caro added".
    `names` gives the campaign's corporations' and the megastructures' names."""
    names = names or Words()
    lines = []
    if before.get("number") != after.get("number"):
        lines.append(
            _(
                "moved from game %(before)s to %(after)s",
                before=before.get("number"),
                after=after.get("number"),
            )
        )
    for key, label in _GAME_FIELDS:
        if before.get(key) != after.get(key):
            old, new = before.get(key), after.get(key)
            if key == "megastructure":
                old, new = (names.megastructure(m) if m else None for m in (old, new))
            lines.append(_changed(label, old, new))
    old_city, new_city = _city(before), _city(after)
    if old_city != new_city:
        if not old_city:
            lines.append(_("city %(new_city)s added", new_city=new_city))
        elif not new_city:
            lines.append(_("city %(old_city)s removed", old_city=old_city))
        else:
            lines.append(
                _("city %(old_city)s → %(new_city)s", old_city=old_city, new_city=new_city)
            )
    old_marks, new_marks = _debt_marks(before, names), _debt_marks(after, names)
    if old_marks != new_marks:
        lines.append(
            _("debt marks %(old_marks)s → %(new_marks)s", old_marks=old_marks, new_marks=new_marks)
        )
    old_table = _table_facts(before.get("table"), names)
    new_table = _table_facts(after.get("table"), names)
    old_players = _players(before.get("table"), names)
    new_players = _players(after.get("table"), names)
    lines += [
        _("%(corporation)s added to the table", corporation=key)
        for key in new_players
        if key not in old_players
    ]
    lines += [
        _("%(corporation)s taken off the table", corporation=key)
        for key in old_players
        if key not in new_players
    ]
    # A player added or taken off is one line, not one per thing they held.
    whole = tuple(f" of {key}" for key in set(old_players) ^ set(new_players))
    for label in [*new_table, *(label for label in old_table if label not in new_table)]:
        old, new = old_table.get(label), new_table.get(label)
        if old != new and not (whole and label.endswith(whole)):
            lines.append(_changed(label, old, new))
    old_notes, new_notes = before.get("notes") or "", after.get("notes") or ""
    if old_notes != new_notes:
        lines.append(
            _("notes added")
            if not old_notes
            else _("notes removed")
            if not new_notes
            else _("notes edited")
        )
    return lines


def _changed(label: str, old: Any, new: Any) -> str:
    # Translators: what changed (its label), its value before and after.
    return _("%(label)s %(old)s → %(new)s", label=label, old=_shown(old), new=_shown(new))


def _table_facts(table: Any, names: Words) -> dict[str, Any]:
    """A table's values by the label the history gives them ("credits of Purple corporation")."""
    if not isinstance(table, Mapping):
        return {}
    facts: dict[str, Any] = {}
    for player in table.get("players") or []:
        corporation = names.corporation(player.get("corporation", "?"))
        for key, value in player.items():
            if key == "corporation":
                continue
            if key == "outposts" and isinstance(value, Mapping):
                for zone, count in value.items():
                    facts[
                        _(
                            "outposts in zone %(zone)s of %(corporation)s",
                            zone=zone,
                            corporation=corporation,
                        )
                    ] = count
            else:
                facts[
                    _("%(what)s of %(corporation)s", what=words(key), corporation=corporation)
                ] = value
    hubs = table.get("hubs") or {}
    for name in _HUBS:
        for key, value in (hubs.get(name) or {}).items():
            facts[_HUB_LINES[name](words(key))] = value
    for zone, hub in (hubs.get("zones") or {}).items():
        for key, value in (hub or {}).items():
            facts[_("zone %(zone)s hub %(words)s", zone=zone, words=words(key))] = value
    for party, count in (table.get("ballots") or {}).items():
        party_name = names.party(party) if party != "spoiled" else _("spoiled")
        facts[_("ballots %(party)s", party=party_name)] = count
    for card, count in (table.get("hire_cards_left") or {}).items():
        facts[_HIRE_CARD_LINES.get(card) or _("%(card)s hire card: workers left", card=card)] = (
            count
        )
    for key, value in table.items():
        if key not in ("players", "hubs", "ballots", "hire_cards_left"):
            facts[words(key)] = value
    return facts


def _players(table: Any, names: Words) -> list[str]:
    if not isinstance(table, Mapping):
        return []
    return [
        names.corporation(player.get("corporation", "?")) for player in table.get("players") or []
    ]


def _city(game: Mapping[str, Any]) -> str:
    city = game.get("named_city") or {}
    return f"{city.get('location')}/{city.get('name')}" if city else ""


def _debt_marks(game: Mapping[str, Any], names: Words) -> str:
    marks = game.get("debt_marks") or []
    return _joined(
        [
            _(
                "%(what)s %(value)s",
                what=names.corporation(m.get("corporation")),
                value=(
                    f"{m.get('points')}"
                    if "points" in m
                    else _("a box of row %(row)s", row=m.get("row"))
                ),
            )
            for m in marks
        ],
        ", ",
    ) or _("none")


def _changed(label: str, old: Any, new: Any) -> str:
    # Translators: a value changed in the history, "credits of Purple 12 → 14".
    return _("%(label)s %(old)s → %(new)s", label=label, old=_shown(old), new=_shown(new))


def _shown(value: Any) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Mapping):
        return _joined(
            [
                # Translators: one value of a group of them, "zone 3", "presence yes".
                _("%(what)s %(value)s", what=words(str(k)), value=_shown(v))
                for k, v in value.items()
            ],
            " ",
        )
    if isinstance(value, list | tuple):
        return _joined([_shown(item) for item in value], ", ")
    return str(value)


def _joined(items: list[str], between: str) -> str:
    """`between.join(items)` that stays a sentence each language says (a Sentence within a
    Sentence: `hosting.words.translated` says the items in the person's language)."""
    if not items:
        return ""
    joined = items[0]
    for item in items[1:]:
        joined = (
            # Translators: two values one after the other, "zone 3 presence yes".
            _("%(before)s %(after)s", before=joined, after=item)
            if between == " "
            # Translators: a list of values, "3, 5, 7".
            else _("%(before)s, %(after)s", before=joined, after=item)
        )
    return joined


def words(key: str) -> str:
    """A table's key in the history's words ("mining tokens")."""
    return _KEY_WORDS.get(key) or key.replace("_", " ")


# --- comparing what two people saw ------------------------------------------------------


def _zero_like(value: Any) -> Any:
    """What an absent value means beside `value`: 0 beside a number, "no" beside a flag,
    zeros beside a mapping of numbers (outposts by zone)."""
    if isinstance(value, dict):
        return {key: _zero_like(item) for key, item in value.items()}
    return type(value)() if isinstance(value, bool | int | float | str | list) else None


def _filled(a: Any, b: Any) -> tuple[Any, Any]:
    """`a` and `b` with what one leaves out filled with the other's zero (a table imported
    from a file leaves out its zeros; the wizard writes every field)."""
    if isinstance(a, dict) and isinstance(b, dict):
        a, b = dict(a), dict(b)
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a:
                a[key] = _zero_like(b[key])
            elif key not in b:
                b[key] = _zero_like(a[key])
            else:
                a[key], b[key] = _filled(a[key], b[key])
        return a, b
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        pairs = [_filled(x, y) for x, y in zip(a, b, strict=True)]
        return [x for x, _ in pairs], [y for _, y in pairs]
    return a, b


def aligned(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict, dict]:
    """Two entries of a game whose tables name the same fields, so that only real changes
    differ (not "bonus IP of yellow — → 0" for a zero the file left out)."""
    old_table, new_table = _filled(before.get("table"), after.get("table"))
    return {**before, "table": old_table}, {**after, "table": new_table}


def real_differences(
    before: Mapping[str, Any], after: Mapping[str, Any], names: Words | None = None
) -> list[str]:
    """`game_differences` of two entries whose tables were filled alike (`aligned`): what
    another person really changed, not the zeros one of the two left out."""
    return game_differences(*aligned(before, after), names)

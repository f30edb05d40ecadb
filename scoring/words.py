"""What a page says of a refusal: the rules' sentence and where, in people's words.

The rules (solar175, gamefile) name what they refuse by its path in the file, and quote keys:
`games[3].table.players[1].credits: must be between 0 and 29`, `must be "down" or "up"`. That
is right for a command's one line (docs/commands.md) and for someone editing a file; a page
says it in the game's words instead: "Game 4, player 2's credits: must be between 0 and 29".

`where_in_words(path)` turns a path into a place; `message_in_words(message)` puts the names of
parties, powers, tracker sections, rule switches and megastructures where their keys are;
`refusal_sentence(error)` is both, as one sentence.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from gamefile.errors import FieldError
from hosting.words import translated
from scoring.catalogue import CatalogueNames
from solar175.explain import PARTY_NAMES
from solar175.house_rules import HOUSE_RULES

# A key of the table or campaign file, as the place it names says it.
FIELD_WORDS = {
    "megastructure_zone": gettext_lazy("Megastructure Location Token's zone"),
    "incumbent_party": gettext_lazy("party in power before the election"),
    "zones_in_play": gettext_lazy("zones in play"),
    "players": gettext_lazy("players"),
    **{rule.key: rule.words for rule in HOUSE_RULES},
    "celestial_rebellion": "Celestial Rebellion",
    "trade_unions": gettext_lazy("trade unions"),
    "hire_cards_left": gettext_lazy("workers left on the hire cards"),
    "political_influence_ip": gettext_lazy("political influence card IP"),
    "bonus_ip": gettext_lazy("end-game IP from a player power"),
    "extra_vote": gettext_lazy("extra vote"),
    "mining_tokens": gettext_lazy("mining tokens"),
    "megastructure_tokens": gettext_lazy("megastructure funding tokens"),
    "military_tokens": gettext_lazy("military tokens"),
    "named_city": gettext_lazy("city named"),
    "debt_marks": gettext_lazy("Bank of Yurushi debt boxes"),
    "manual_unlocks": gettext_lazy("sections unlocked by the group"),
    "after_game": gettext_lazy("after game"),
    "played_on": gettext_lazy("date played"),
    "neds_sold_out": gettext_lazy("NEDs sold out"),
    "census_completed": gettext_lazy("census completed"),
    "megastructure_repairs_completed": gettext_lazy("megastructure repairs completed"),
    "unlocked_sections": gettext_lazy("sections unlocked"),
    "election_wins": gettext_lazy("elections won"),
    "megastructures_built": gettext_lazy("megastructures built"),
    "naming_spaces": gettext_lazy("naming spaces"),
    "base_location": gettext_lazy("base location"),
    "united_federalists": "United Federalists",
    "workers_union": "Workers Union Party",
    "brave_new_dawn": "Brave New Dawn",
    "spoiled": gettext_lazy("spoiled ballots"),
    "hensler": "Hensler HUB",
    "ufss": "UFSS HUB",
    "military": "Military HUB",
}
# "players[1]" -> ("players", 1)
_PART = re.compile(r"([A-Za-z_]+)(?:\[(\d+)\])?")
# Translators: a place in a file, numbered from 1: "game 4", "player 2".
_ITEMS = {
    "games": gettext_lazy("game %(number)s"),
    "players": gettext_lazy("player %(number)s"),
    "corporations": gettext_lazy("corporation %(number)s"),
    "bases": gettext_lazy("base %(number)s"),
    "ships": gettext_lazy("ship %(number)s"),
    "loans": gettext_lazy("loan %(number)s"),
    "locations": gettext_lazy("location %(number)s"),
    "megastructures": gettext_lazy("megastructure %(number)s"),
    "awards": gettext_lazy("award %(number)s"),
    "cities": gettext_lazy("city %(number)s"),
}
_QUOTED_KEY = re.compile(r'"([a-z][a-z0-9]*(?:[_-][a-z0-9]+)+)"')
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_HYPHENATED = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")
# A path a sentence mentions ("repeats yellow of players[1]").
_PATH = re.compile(r"\b[a-z_]+\[\d+\](?:\.[a-z_]+(?:\[\d+\])?)*")


def _field(key: str) -> str:
    return str(FIELD_WORDS.get(key) or key.replace("_", " "))


def where_in_words(path: str, *, first_game: int = 1) -> str:
    """A file's path as a place: "games[3].table.players[1].credits" -> "game 4, player 2,
    credits" (`first_game`: the number of the file's first game, after an opening)."""
    if not path:
        return ""
    places: list[str] = []
    parts = path.split(".")
    index = 0
    while index < len(parts):
        part = parts[index]
        index += 1
        match = _PART.fullmatch(part)
        if part.isdigit():
            # A zone's entry: "outposts.3", "zones.3".
            if places and places[-1] in ("outposts", "zones"):
                what = places.pop()
                places.append(
                    _("outposts in zone %(zone)s") % {"zone": part}
                    if what == "outposts"
                    else _("zone %(zone)s HUB") % {"zone": part}
                )
            else:
                places.append(_("zone %(zone)s") % {"zone": part})
            continue
        if match is None:
            places.append(_field(part))
            continue
        key, number = match.group(1), match.group(2)
        if key in ("table", "fields", "rules", "hubs"):
            continue
        if number is not None and key in _ITEMS:
            position = int(number) + (first_game if key == "games" else 1)
            places.append(str(_ITEMS[key]) % {"number": position})
        elif number is not None:
            places.append(f"{_field(key)} {int(number) + 1}")
        else:
            places.append(_field(key))
    return ", ".join(places)


def _key_names() -> Mapping[str, str]:
    """Keys a sentence may quote, and their names: parties, powers, sections, megastructures."""
    names = CatalogueNames()
    words: dict[str, str] = {key: str(word) for key, word in FIELD_WORDS.items()}
    words.update({key: translated(name) for key, name in PARTY_NAMES.items()})
    words.update(names.powers)
    words.update(names.sections)
    words.update(names.megastructures)
    return words


def message_in_words(message: str, names: Mapping[str, str] | None = None) -> str:
    """The rules' sentence with the names of what it quotes by key."""
    names = names if names is not None else _key_names()

    def quoted(match: re.Match) -> str:
        key = match.group(1)
        return f"“{names[key]}”" if key in names else f"“{key.replace('_', ' ')}”"

    text = _PATH.sub(lambda m: where_in_words(m.group(0)), message)
    text = _QUOTED_KEY.sub(quoted, text)
    text = _HYPHENATED.sub(
        lambda m: f"“{names[m.group(0)]}”" if m.group(0) in names else m.group(0), text
    )
    return _SNAKE.sub(lambda m: names.get(m.group(0)) or m.group(0).replace("_", " "), text)


def refusal_sentence(error: FieldError, *, first_game: int = 1) -> str:
    """A refusal as a page says it: where, then the sentence, in people's words."""
    message = message_in_words(translated(error.message))
    where = where_in_words(error.path, first_game=first_game)
    text = f"{where}: {message}" if where else message
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."

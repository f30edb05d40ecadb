"""The seven colonist groups of the expert rules (CX:57-71) and what the text says of each.

Keys are the table format's (OTHER-GAMES.md §3.6), in the order the text lists the groups.
"""

from __future__ import annotations

from dataclasses import dataclass

from colonists.words import and_list
from gamefile.reading import one_of
from gamefile.words import _


@dataclass(frozen=True, slots=True)
class ColonistGroup:
    """One group of colonists: one stone in the game (CX:19, CX:34)."""

    key: str
    name: str
    # The resource named in this part of the rules, if any: only spice and Koprolith are
    # (CX:74). The others' resources are left unnamed rather than guessed. Spice is a word of
    # the sentence (translated); Koprolith is printed on the game (kept).
    resource: str | None
    # The Mechanics are "not bound to any specific resource" (CX:76).
    needs_resource: bool
    # The six have a colonist card in the layout (CX:9, CX:57); the Corpex "enter the game when
    # a player builds the condominium" (CX:71) and have none.
    has_card: bool

    @property
    def the(self) -> str:
        """The name in a sentence: "the Spice Merchants"."""
        # Translators: a colonist group's printed name in a sentence, "the Spice Merchants".
        return _("the %(group)s", group=self.name)

    @property
    def resource_words(self) -> str:
        """ "spice", or "the Adamant Cutters' resource" where this part names none."""
        return self.resource if self.resource else _("%(group)s' resource", group=self.the)


GROUPS: tuple[ColonistGroup, ...] = (
    ColonistGroup("adamant_cutters", "Adamant Cutters", None, True, True),
    # Translators: the Spice Merchants' resource, after "with" ("a territory with spice").
    ColonistGroup("spice_merchants", "Spice Merchants", _("spice"), True, True),
    ColonistGroup("crystalin_farmers", "Crystalin Farmers", None, True, True),
    ColonistGroup("fluidum_brewers", "Fluidum Brewers", None, True, True),
    ColonistGroup("koprolith_miners", "Koprolith Miners", "Koprolith", True, True),
    ColonistGroup("mechanics", "Mechanics", None, False, True),
    # "Corporate Executives (Corpex), the 7th group of colonists" (CX:71); their resource is
    # not printed in this part, so they count as needing one that the group knows.
    ColonistGroup("corpex", "Corpex", None, True, False),
)
GROUP_KEYS: tuple[str, ...] = tuple(group.key for group in GROUPS)
BY_KEY: dict[str, ColonistGroup] = {group.key: group for group in GROUPS}

ADAMANT_CUTTERS = "adamant_cutters"
SPICE_MERCHANTS = "spice_merchants"
CRYSTALIN_FARMERS = "crystalin_farmers"
FLUIDUM_BREWERS = "fluidum_brewers"
KOPROLITH_MINERS = "koprolith_miners"
MECHANICS = "mechanics"
CORPEX = "corpex"

# "No player can contract the Koprolith Miners AND the Spice Merchants. These two groups refuse
# to cooperate." (CX:138)
RIVALS: dict[str, str] = {KOPROLITH_MINERS: SPICE_MERCHANTS, SPICE_MERCHANTS: KOPROLITH_MINERS}

GROUP_KEYS_TEXT = one_of(GROUP_KEYS)


def group(key: str) -> ColonistGroup:
    """The group of a key known to be valid."""
    return BY_KEY[key]


def names(keys: list[str] | tuple[str, ...]) -> str:
    """ "the Mechanics and the Fluidum Brewers" (and "a, b and c" for more)."""
    return and_list([BY_KEY[key].the for key in keys])

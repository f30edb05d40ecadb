"""Small words for the sentences every figure comes with."""

from __future__ import annotations

from typing import Any

from gamefile.words import _

from .modules import MAX_TEXT


def money(amount: int) -> str:
    """`6M`, `−3M` (the rulebook's minus sign, as §2.10 prints it)."""
    return f"−{-amount}M" if amount < 0 else f"{amount}M"


def signed_money(amount: int) -> str:
    return f"−{-amount}M" if amount < 0 else f"+{amount}M"


def and_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    # Translators: a list of names, "Alpha, Beta and Gamma".
    return _("%(items)s and %(last)s", items=", ".join(words[:-1]), last=words[-1])


def who(value: Any) -> str:
    """A player or module key as given, for a sentence; "that" for anything else."""
    if isinstance(value, str) and value.isprintable() and 0 < len(value) <= MAX_TEXT:
        return value
    # Translators: stands for a player or module the input names unreadably, "that is not a player".
    return _("that")


def a_name(name: str) -> str:
    # Translators: an indefinite article before a module's printed name, "a Solar", "an Industry".
    return _("an %(name)s", name=name) if name[0] in "AEIOU" else _("a %(name)s", name=name)


def same(name: str | None) -> str:
    """A name as two are compared: spaces collapsed, case ignored ("Fungi" is "fungi")."""
    return " ".join((name or "").split()).casefold()

"""Small words for the sentences every figure comes with."""

from __future__ import annotations

from typing import Any

from .modules import MAX_TEXT


def money(amount: int) -> str:
    """`6M`, `−3M` (the rulebook's minus sign, as §2.10 prints it)."""
    return f"−{-amount}M" if amount < 0 else f"{amount}M"


def signed_money(amount: int) -> str:
    return f"−{-amount}M" if amount < 0 else f"+{amount}M"


def and_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" and {words[-1]}"


def who(value: Any) -> str:
    """A player or module key as given, for a sentence; "that" for anything else."""
    if isinstance(value, str) and value.isprintable() and 0 < len(value) <= MAX_TEXT:
        return value
    return "that"


def a_name(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def ordinal(number: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number if number < 20 else number % 10, "th")
    return f"{number}{suffix}"


def same(name: str | None) -> str:
    """A name as two are compared: spaces collapsed, case ignored ("Fungi" is "fungi")."""
    return " ".join((name or "").split()).casefold()

"""Numbers and lists in the sentences the pages show."""

from __future__ import annotations

MINUS = "\u2212"  # the minus sign of printed rules: "−1 VP"


def signed(number: int) -> str:
    """`3`, `−1` (a minus sign, not a hyphen)."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def vp(number: int) -> str:
    """`3 VP`, `−1 VP`."""
    return f"{signed(number)} VP"


def plus_vp(number: int) -> str:
    """`+2 VP`, `−1 VP`."""
    return f"+{number} VP" if number >= 0 else vp(number)


def sum_sentence(terms: list[int]) -> str:
    """`3 + 3 − 1 + 6 + 2 = 13 VP`; `0 VP` for no terms, `3 VP` for one."""
    if not terms:
        return vp(0)
    if len(terms) == 1:
        return vp(terms[0])
    text = signed(terms[0])
    for term in terms[1:]:
        text += f" {MINUS} {-term}" if term < 0 else f" + {term}"
    return f"{text} = {vp(sum(terms))}"


def and_list(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" and {words[-1]}"

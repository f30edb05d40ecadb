"""Numbers and lists in the sentences the pages show."""

from __future__ import annotations

from gamefile.words import _

MINUS = "\u2212"  # the minus sign of printed rules: "−1 VP"


def signed(number: int) -> str:
    """`3`, `−1` (a minus sign, not a hyphen)."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def vp(number: int) -> str:
    """`3 VP`, `−1 VP`."""
    # Translators: Victory Points, "3 VP".
    return _("%(number)s VP", number=signed(number))


def plus_vp(number: int) -> str:
    """`+2 VP`, `−1 VP`."""
    return _("+%(number)s VP", number=number) if number >= 0 else vp(number)


def sum_sentence(terms: list[int]) -> str:
    """`3 + 3 − 1 + 6 + 2 = 13 VP`; `0 VP` for no terms, `3 VP` for one."""
    if not terms:
        return vp(0)
    if len(terms) == 1:
        return vp(terms[0])
    text = signed(terms[0])
    for term in terms[1:]:
        text += f" {MINUS} {-term}" if term < 0 else f" + {term}"
    return _("%(terms)s = %(total)s", terms=text, total=vp(sum(terms)))


def and_list(words: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if len(words) <= 1:
        return "".join(words)
    # Translators: a list of names, "Alpha, Beta and Gamma".
    return _("%(items)s and %(last)s", items=", ".join(words[:-1]), last=words[-1])

"""The pseudo-locale (issue 33): every word the app marks, said in a language that shows at a
glance which text on a page went through the catalogue. Each translation is the English
wrapped in brackets, its letters accented (`⟦Ŝàṽé ţĥé ĝàɱé⟧`), its placeholders (`%(name)s`,
`%s`, `{url}`), HTML tags and entities kept exactly, both plural forms given: what a page
shows outside the brackets was never translated (tests/test_browser_walk.py looks for it with
`UNTRANSLATED`).

The catalogue is made at test time from the German one's entries (locale/de, complete: every
word the code marks, tests/test_translations.py), compiled with msgfmt into a temporary locale
directory (`pseudo_catalogue`, once a session), and spoken by a test that asks for
`pseudo_locale`: that directory first in LOCALE_PATHS and `PSEUDO` in LANGUAGES while it runs
(the live server runs in this process). A browser context whose `locale=` is `PSEUDO` (its
Accept-Language) then gets the pages in it. Django's own words (a form's "This field is
required.", the month names) have no catalogue in it: they come in English, as Django's own
(`django_words`).
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from pathlib import Path

import pytest

# A code Django accepts (`language_code_re`, a catalogue found for `to_locale`: en_XA) and no
# real language's: "en" with the private region XA, as pseudo-locales are usually named.
PSEUDO = "en-xa"
OPEN, CLOSE = "⟦", "⟧"
ACCENTED = str.maketrans(
    "abcdeghijklmnoprstuvwyzABCDEGHIJKLNOPRSTUWYZ",
    "àƀçđéĝĥîĵķĺɱñôƥŕšţûṽŵýžÀƁÇĐÉĜĤÎĴĶĹÑÔƤŔŠŢÛŴÝŽ",
)
# What a translation keeps exactly: placeholders (%(name)s, %s, %d, %%), str.format's {name},
# HTML tags and entities.
KEPT = re.compile(
    r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]|\{[^{}]*\}|<[^<>]*>|&#?[A-Za-z0-9]+;"
)
HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    f'"Language: {PSEUDO}\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
)


def pseudo(text: str) -> str:
    """`text` in the pseudo-locale: bracketed, its letters accented, but for what `KEPT`."""
    pieces, at = [], 0
    for kept in KEPT.finditer(text):
        pieces.append(text[at : kept.start()].translate(ACCENTED))
        pieces.append(kept.group())
        at = kept.end()
    pieces.append(text[at:].translate(ACCENTED))
    return OPEN + "".join(pieces) + CLOSE


def _quoted(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\t", "\\t") + '"'


def pseudo_po(entries: list[dict]) -> str:
    """A catalogue saying each of `entries` (the German catalogue's, parsed) in the
    pseudo-locale."""
    lines = [HEADER]
    for entry in entries:
        if not entry["msgid"]:
            continue
        if "msgctxt" in entry:
            lines.append(f"msgctxt {_quoted(entry['msgctxt'])}")
        lines.append(f"msgid {_quoted(entry['msgid'])}")
        if entry["plural"] is None:
            lines.append(f"msgstr {_quoted(pseudo(entry['msgid']))}")
        else:
            lines.append(f"msgid_plural {_quoted(entry['plural'])}")
            lines.append(f"msgstr[0] {_quoted(pseudo(entry['msgid']))}")
            lines.append(f"msgstr[1] {_quoted(pseudo(entry['plural']))}")
        lines.append("")
    return "\n".join(lines)


@pytest.fixture(scope="session")
def pseudo_catalogue(tmp_path_factory) -> Path:
    """A locale directory holding the pseudo-locale's compiled catalogue (made once a
    session, from the German catalogue's words)."""
    from django.conf import settings

    from tests.test_translations import _entries

    msgfmt = shutil.which("msgfmt")
    if not msgfmt:
        pytest.fail("msgfmt (Debian's gettext) is not installed: `make gettext`")
    german = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"
    root = tmp_path_factory.mktemp("pseudo-locale")
    folder = root / "en_XA" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "django.po"
    po.write_text(pseudo_po(_entries(german.read_text(encoding="utf-8"))), encoding="utf-8")
    subprocess.run([msgfmt, "-o", str(folder / "django.mo"), str(po)], check=True, timeout=60)
    return root


@pytest.fixture
def pseudo_locale(pseudo_catalogue):
    """While the test runs, the site speaks the pseudo-locale too (`PSEUDO`, to a phone whose
    language it is), its catalogue before the others."""
    from django.conf import settings
    from django.test.utils import override_settings
    from django.utils.translation import trans_real

    languages = [*settings.LANGUAGES, (PSEUDO, pseudo("Pseudo"))]
    paths = [pseudo_catalogue, *settings.LOCALE_PATHS]
    with override_settings(LANGUAGES=languages, LOCALE_PATHS=paths):
        # (override_settings' own receivers empty these too; said here, as they are relied on.)
        trans_real._translations = {}
        trans_real.translation_catalog_exists.cache_clear()
        trans_real.get_languages.cache_clear()
        trans_real._get_supported_language_variant.cache_clear()
        yield PSEUDO
    trans_real._translations = {}
    trans_real.translation_catalog_exists.cache_clear()
    trans_real.get_languages.cache_clear()
    trans_real._get_supported_language_variant.cache_clear()


@functools.cache
def django_words() -> frozenset[str]:
    """The msgids of the catalogues of Django and the other installed packages (not this
    project's; the admin's aside, which no walk reads): words they translate themselves, which
    have no pseudo-locale catalogue and so show in English in it."""
    from django.conf import settings
    from django.utils.translation import trans_real

    from tests.test_translations import _entries

    base = Path(settings.BASE_DIR).resolve()
    words: set[str] = set()
    for path in trans_real.all_locale_paths():
        path = Path(path).resolve()
        if path.is_relative_to(base) and ".venv" not in path.parts:
            continue
        if path.parent.name == "admin":
            continue  # Django's admin, which the walks leave out
        po = path / "de" / "LC_MESSAGES" / "django.po"
        if po.exists():
            for entry in _entries(po.read_text(encoding="utf-8")):
                words.update(word for word in (entry["msgid"], entry["plural"]) if word)
    return frozenset(words)

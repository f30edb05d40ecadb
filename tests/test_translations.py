"""The catalogues are complete (docs/translating.md): every .po file under a `locale`
directory of the repository has no empty and no fuzzy entry (a plural with one form left
empty is empty; a header still marked fuzzy, as `makemessages` writes a new catalogue, is
fuzzy too), and gettext's msgfmt accepts it (`--check`: its syntax, the placeholders of each
translation the same as its English's, the header's plural forms). A language is added to
LANGUAGES only with its complete catalogue; this keeps it complete.

Passes with no catalogue at all (before the first language is added). The check is tried on
catalogues made for it, so it is known to find what it is for.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "node_modules", ".git", "staticfiles"}


def catalogues(root: Path = ROOT) -> list[Path]:
    """Every .po file under a directory named `locale`, outside the virtualenv and node's."""
    found = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if name not in SKIPPED]
        if "locale" in Path(folder).relative_to(root).parts:
            found.extend(Path(folder) / name for name in files if name.endswith(".po"))
    return sorted(found)


def _entries(text: str) -> list[dict]:
    """The catalogue's entries, obsolete ones (#~) left out: each its flags, its msgid, its
    msgid_plural and its msgstr forms ({index: text}, index 0 for a singular's), decoded."""
    entries: list[dict] = []
    entry: dict | None = None
    field = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#~"):
            if not line:
                entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "msgid": "", "plural": None, "forms": {}, "line": number}
            entries.append(entry)
        if line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            keyword, rest = None, line
        else:
            field = keyword
        value = ast.literal_eval(rest) if rest else ""
        if field == "msgctxt":
            entry["msgctxt"] = entry.get("msgctxt", "") + value
        elif field == "msgid":
            entry["msgid"] += value
        elif field == "msgid_plural":
            entry["plural"] = (entry["plural"] or "") + value
        elif field == "msgstr":
            entry["forms"][0] = entry["forms"].get(0, "") + value
        elif field and (form := re.fullmatch(r"msgstr\[(\d+)\]", field)):
            index = int(form.group(1))
            entry["forms"][index] = entry["forms"].get(index, "") + value
    return entries


def _plural_forms(header: str) -> int:
    found = re.search(r"nplurals\s*=\s*(\d+)", header)
    return int(found.group(1)) if found else 2


def problems(path: Path) -> list[str]:
    """What keeps the catalogue at `path` from being complete, one sentence each (none: it
    is complete)."""
    said: list[str] = []
    entries = _entries(path.read_text(encoding="utf-8"))
    header = next((e for e in entries if e["msgid"] == "" and e["plural"] is None), None)
    forms = _plural_forms(header["forms"].get(0, "")) if header else 2
    if header is None:
        said.append(f'{path}: no header (msgid "")')
    elif "fuzzy" in header["flags"]:
        said.append(f"{path}:{header['line']}: the header is marked fuzzy (remove the flag)")
    for entry in entries:
        if entry is header:
            continue
        where = f"{path}:{entry['line']}: {entry['msgid'][:60]!r}"
        if "fuzzy" in entry["flags"]:
            said.append(f"{where} is fuzzy")
        expected = range(forms) if entry["plural"] is not None else range(1)
        if any(not entry["forms"].get(index, "").strip() for index in expected):
            said.append(f"{where} is not translated (or one of its plural forms is empty)")
    msgfmt = shutil.which("msgfmt")
    if msgfmt:
        result = subprocess.run(
            [msgfmt, "--check", "-o", os.devnull, str(path)],
            capture_output=True,
            text=True,
            env={**os.environ, "LC_ALL": "C"},
            timeout=60,
        )
        if result.returncode != 0:
            said.append(f"{path}: msgfmt --check refuses it:\n{result.stderr.strip()}")
    return said


def test_every_catalogue_is_complete():
    if not shutil.which("msgfmt") and os.environ.get("CI") == "true":
        pytest.fail("msgfmt (Debian's gettext) is not installed: `make gettext`")
    found = [problem for path in catalogues() for problem in problems(path)]
    assert not found, "\n".join(found)


HEADER = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def _catalogue(tmp_path: Path, body: str, header: str = HEADER) -> Path:
    path = tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(header + "\n" + body, encoding="utf-8")
    return path


COMPLETE = """\
# Translators: a button.
msgctxt "button"
msgid "Save"
msgstr "Speichern"

msgid ""
"The campaign %(name)s "
"is saved."
msgstr ""
"Die Kampagne %(name)s "
"ist gespeichert."

msgid "%(count)s game"
msgid_plural "%(count)s games"
msgstr[0] "%(count)s Spiel"
msgstr[1] "%(count)s Spiele"

#~ msgid "Gone"
#~ msgstr ""
"""


def test_a_complete_catalogue_passes_and_is_found(tmp_path):
    path = _catalogue(tmp_path, COMPLETE)
    assert catalogues(tmp_path) == [path]
    assert problems(path) == []


@pytest.mark.parametrize(
    "body, said",
    [
        ('msgid "Save"\nmsgstr ""\n', "'Save' is not translated"),
        ('msgid "Back"\nmsgstr ""\n"  "\n', "'Back' is not translated"),
        ('#, fuzzy, python-format\nmsgid "Save %(x)s"\nmsgstr "Sichern %(x)s"\n', "is fuzzy"),
        (
            'msgid "one game"\nmsgid_plural "%(n)s games"\nmsgstr[0] "ein Spiel"\nmsgstr[1] ""\n',
            "'one game' is not translated (or one of its plural forms is empty)",
        ),
        (
            'msgid "one game"\nmsgid_plural "%(n)s games"\nmsgstr[0] "ein Spiel"\n',
            "'one game' is not translated",
        ),
    ],
    ids=["empty", "blank", "fuzzy", "plural-form-empty", "plural-form-missing"],
)
def test_an_empty_or_fuzzy_entry_is_found(tmp_path, body, said):
    # (A plural form missing altogether, msgfmt refuses too.)
    found = problems(_catalogue(tmp_path, COMPLETE + "\n" + body))
    assert found and said in found[0], found


def test_a_header_still_fuzzy_is_found(tmp_path):
    found = problems(_catalogue(tmp_path, COMPLETE, header="#, fuzzy\n" + HEADER))
    assert len(found) == 1 and "the header is marked fuzzy" in found[0], found


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="msgfmt (gettext) is not installed")
def test_a_translation_that_drops_a_placeholder_is_refused(tmp_path):
    body = '#, python-format\nmsgid "Saved %(name)s."\nmsgstr "Gespeichert."\n'
    found = problems(_catalogue(tmp_path, COMPLETE + "\n" + body))
    assert len(found) == 1 and "msgfmt --check refuses it" in found[0], found


# The words the code and templates mark, gathered as `make messages` does (the same files
# left out) into a scratch catalogue: the repository's are not touched. makemessages writes a
# file's words to the first of its locale paths whose parent holds the file; the scratch
# directory, first in LOCALE_PATHS and beside the code, is that for every file, and the
# repository's `locale` directory is left out of the walk.
GATHER = """
import sys
import django
from django.conf import settings
from django.core.management import call_command
django.setup()
settings.LOCALE_PATHS = [sys.argv[1]]
call_command(
    "makemessages", locale=["de"], verbosity=0, no_obsolete=True, add_location="file",
    ignore_patterns=[".venv", "node_modules", "tests", "staticfiles", "media", "screenshots",
                     "tmp", ".git", "locale", ".marked-words-*"],
)
"""


def marked_words() -> set[tuple[str | None, str]]:
    """(msgctxt, msgid) of every word the code marks today."""
    scratch = Path(tempfile.mkdtemp(prefix=".marked-words-", dir=ROOT))
    try:
        subprocess.run(
            [sys.executable, "-c", GATHER, str(scratch)],
            cwd=ROOT,
            check=True,
            timeout=120,
            env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
        )
        return keys(scratch / "de" / "LC_MESSAGES" / "django.po")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def keys(path: Path) -> set[tuple[str | None, str]]:
    return {
        (entry.get("msgctxt"), entry["msgid"])
        for entry in _entries(path.read_text(encoding="utf-8"))
        if entry["msgid"]
    }


def test_each_shipped_language_has_every_word_the_code_marks():
    """A word marked in the code or a template and missing from a shipped language's catalogue
    would show in English on that language's pages: `make messages LANGS=<code>` brings it in,
    for the translator."""
    if not shutil.which("xgettext"):
        if os.environ.get("CI") == "true":
            pytest.fail("xgettext (Debian's gettext) is not installed: `make gettext`")
        pytest.skip("no xgettext (Debian's gettext)")
    from django.conf import settings

    marked = marked_words()
    assert len(marked) > 2000
    shipped = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
    assert shipped, "no language besides English is shipped"
    for code in shipped:
        path = ROOT / "locale" / code / "LC_MESSAGES" / "django.po"
        assert path.exists(), f"{code} is in LANGUAGES but has no catalogue ({path})"
        missing = sorted(msgid for _context, msgid in marked - keys(path))
        assert not missing, (
            f"{len(missing)} marked words are not in {path.relative_to(ROOT)} "
            f"(`make messages LANGS={code}`, then translate them): " + "; ".join(missing[:20])
        )


def test_the_pseudo_locale_brackets_and_accents_all_but_placeholders_and_tags(tmp_path):
    """The pseudo-locale's translation of a word (tests/plugins/pseudo_locale.py): the English
    bracketed and accented, each placeholder, tag and entity kept exactly; msgfmt accepts its
    catalogue, both plural forms given."""
    from tests.plugins.pseudo_locale import pseudo, pseudo_po

    said = pseudo('Saved %(name)s, %s of %d: <a href="{url}">the rules</a> &amp; more')
    assert said == '⟦Šàṽéđ %(name)s, %s ôf %d: <a href="{url}">ţĥé ŕûĺéš</a> &amp; ɱôŕé⟧', said
    entries = _entries(COMPLETE)
    po = tmp_path / "django.po"
    po.write_text(pseudo_po(entries), encoding="utf-8")
    assert 'msgstr[1] "⟦%(count)s ĝàɱéš⟧"' in po.read_text(encoding="utf-8")
    if shutil.which("msgfmt"):
        subprocess.run(["msgfmt", "-o", os.devnull, str(po)], check=True, timeout=60)

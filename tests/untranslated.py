"""The untranslated-text check a browser test runs on a page in the pseudo-locale
(tests/plugins/pseudo_locale.py, issue 33): every word the page shows went through the
catalogue (it is inside the pseudo-locale's brackets, ⟦…⟧), or is one the catalogue is not
for.

`UNTRANSLATED` (one evaluate in the page) reads every text node of the document but those in
<script>, <style>, <template> and <noscript> (visually hidden text and what is folded away
included, the <title> too), and the attributes a person reads or hears (`aria-label`, `title`,
`placeholder`, `alt`, a button's `value`); drops what is inside the brackets, nested ones too
(a text node is read in document order, so a sentence that holds a link is one bracket); and
returns each piece left that has a letter. `untranslated_failures` then lets through, each
piece taken whole or cut at its digits, punctuation and symbols, then word by word
(`Known.knows`):

- the game's printed terms and people's own input: every text value of every row of the
  database the test made (`known_terms`: the demo campaign's names and notes, the reference
  catalogue's sections, corporations and places, the users' names; of a JSON value, its
  strings of at most four words: names, not stored sentences), the names the rules' code
  prints (`game_terms`: colonist groups, Projects, modules, the score sheet's categories...),
  the glossary's printed terms (`PRINTED`), the time zones' and the languages' own names;
  an address shown as it is;
- Django's own words (`django_words`: msgids of the catalogues of Django and the packages
  installed, which translate them themselves and have no pseudo-locale catalogue);
- the app's name (`APP_NAMES`);
- a section's trigger, the rulebook's own printed sentence (`section_summaries`, from
  fixtures/sections.json); what `ALLOWED` lists and the English `STORED_ENGLISH` names (both
  empty now).
"""

from __future__ import annotations

import re

from tests.plugins.pseudo_locale import CLOSE, OPEN, django_words

UNTRANSLATED = """
([open, close]) => {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
  const left = [];
  let depth = 0;
  let unbalanced = 0;
  const outside = (text) => {
    let out = '';
    for (const ch of text) {
      if (ch === open) depth += 1;
      else if (ch === close) {
        if (depth > 0) depth -= 1; else unbalanced += 1;
      } else if (depth === 0) out += ch;
    }
    return out;
  };
  const where = (el) => {
    const id = el.id ? '#' + el.id : '';
    const cls = typeof el.className === 'string' && el.className
      ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    return el.tagName.toLowerCase() + id + cls;
  };
  const keep = (text, el, what) => {
    text = text.replace(/\\s+/g, ' ').trim();
    if (/\\p{L}/u.test(text)) left.push({text, where: where(el), what});
  };
  let texts = 0;
  const walker = document.createTreeWalker(
    document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    {acceptNode: (node) => node.nodeType === 1 && SKIP.has(node.tagName)
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType !== 3) continue;
    texts += 1;
    keep(outside(node.data), node.parentElement, 'text');
  }
  const open_at_end = depth;
  const attributes = ['aria-label', 'title', 'placeholder', 'alt'];
  // A button's value shows only on an <input> button (a <button>'s is what it posts).
  const selector = '[aria-label], [title], [placeholder], [alt], ' +
    'input[type=submit][value], input[type=button][value], input[type=reset][value]';
  for (const el of document.querySelectorAll(selector)) {
    const names = el.matches('input') ? [...attributes, 'value'] : attributes;
    for (const name of names) {
      if (!el.hasAttribute(name)) continue;
      depth = 0;
      texts += 1;
      keep(outside(el.getAttribute(name)), el, name);
    }
  }
  return {left, texts, open_at_end, unbalanced};
}
"""

APP_NAMES = ("Solar 175",)
# The game's printed terms kept in every language (/work/po/GUIDE.md's list, docs/translating.md)
# that no table of the code or the database holds on its own.
PRINTED = ("IP", "VP", "HUB", "HUBs", "Opponent", "Finish", "Metropolis", "Corpex", "NED")

# What the walk finds outside the brackets and a round leaves for later (none now): each a
# follow-up (issue 33, item 4). Each is a word a person reads in English on a German phone;
# remove its line once its code marks it. Whole pieces, then patterns a piece holds.
ALLOWED: dict[str, str] = {}
# Sentences the database keeps in English only, let through: none (the campaign's replay keeps
# each sentence's words beside its English, `gamefile.words.with_words`). A field named here as
# "app_label.Model.field" would let its long strings through as well as its short ones.
STORED_ENGLISH: tuple[str, ...] = ()


def section_texts(key: str) -> set[str]:
    """Each section's `key` ("title", "trigger_text") in fixtures/sections.json, as the
    rulebook prints it."""
    import json
    from pathlib import Path

    from django.conf import settings

    path = Path(settings.BASE_DIR) / "fixtures" / "sections.json"
    sections = json.loads(path.read_text(encoding="utf-8"))["sections"]
    return {section[key] for section in sections if isinstance(section.get(key), str)}


def section_summaries() -> set[str]:
    """Each section's trigger as the rulebook prints it ("trigger_text" in
    fixtures/sections.json: the rulebook's own sentence, kept as printed, as a section's title
    is). A section's summary of what it changes ("changes") is this app's and is translated
    (unlocks.section_words)."""
    return section_texts("trigger_text")


# What a piece is cut at: digits, punctuation and symbols (not a word's apostrophe or hyphen).
CUT = re.compile(r"[^\w\s'’-]+|[\d_]+")
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# A placeholder of Django's words (%(limit_value)d, %s): anything, in the page.
PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc]|\{[^{}]*\}")
# An address shown as it is (the table's QR code's link).
ADDRESS = re.compile(r"https?://\S+")
EDGES = " \t\n.,:;!?·•–—-()[]{}\"'’“”«»…/|*+#=<>%&"


def _key(text: str) -> str:
    return " ".join(text.split()).strip(EDGES).casefold()


class Known:
    """What may show outside the brackets: whole values (`whole`), the words of short ones
    (`words`: a name shown cut in two), Django's sentences with values in them (`patterns`)."""

    def __init__(self, values: set[str]) -> None:
        self.whole: set[str] = set()
        self.words: set[str] = set()
        patterns = []
        values = values | set(APP_NAMES) | set(PRINTED) | set(ALLOWED) | section_summaries()
        for value in values:
            for line in [value, *value.splitlines()]:
                key = _key(line)
                if key:
                    self.whole.add(key)
            # A name, a term: its words, should it be shown cut in two (`Purple` of `Purple
            # corporation`); not a note's, which would let most English words through.
            if len(value.split()) <= 4:
                self.words.update(word.casefold() for word in WORD.findall(value))
        for sentence in django_words():
            if PLACEHOLDER.search(sentence):
                parts = PLACEHOLDER.split(" ".join(sentence.split()).casefold())
                # Not one of fewer than two words besides its values ("%s", "By %(title)s"):
                # that would be almost any text.
                if len(WORD.findall(" ".join(parts))) >= 2:
                    patterns.append(".+?".join(re.escape(part) for part in parts))
            else:
                self.whole.add(_key(sentence))
        # Terms with punctuation in them ("Unnamed – rename from your card"), taken out of a
        # piece before it is cut at its punctuation; the longest first.
        self.punctuated = sorted(
            (value.strip() for value in values if CUT.search(value.strip()) and len(value) < 200),
            key=len,
            reverse=True,
        )
        self.django = re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None

    def knows(self, piece: str) -> bool:
        key = _key(piece)
        if not key or key in self.whole or ADDRESS.fullmatch(piece.strip()):
            return True
        if self.django is not None and self.django.fullmatch(" ".join(piece.split()).casefold()):
            return True
        if self.cut_known(piece):
            return True
        for term in self.punctuated:
            if term and term in piece:
                piece = piece.replace(term, " · ")
        return self.cut_known(piece)

    def cut_known(self, piece: str) -> bool:
        for part in CUT.split(piece):
            key = _key(part)
            if not key or key in self.whole:
                continue
            if not all(word.casefold() in self.words for word in WORD.findall(part)):
                return False
        return True


def known_terms() -> Known:
    """Every text value of every row of the database under test (the game's printed terms and
    people's own input the test made), its JSON values' strings too."""
    from django.apps import apps
    from django.db import models

    values: set[str] = set()

    def strings(value, nested: bool = False, stored: bool = False) -> None:
        # A JSON value's strings: names (a play's players, a table's corporations), not the
        # sentences a stored result explains itself in but where STORED_ENGLISH says.
        if isinstance(value, str):
            if not nested or stored or len(value.split()) <= 4:
                values.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                strings(item, True, stored)
        elif isinstance(value, list | tuple):
            for item in value:
                strings(item, True, stored)

    for model in apps.get_models():
        if model._meta.app_label in ("sessions", "admin", "contenttypes", "axes"):
            continue
        fields = [
            field
            for field in model._meta.concrete_fields
            if isinstance(field, models.CharField | models.TextField | models.JSONField)
        ]
        if not fields:
            continue
        stored = [f"{model._meta.label}.{field.name}" in STORED_ENGLISH for field in fields]
        for row in model._default_manager.values_list(*(field.attname for field in fields)):
            for value, english in zip(row, stored, strict=True):
                strings(value, stored=english)
    return Known(values | game_terms())


def game_terms() -> set[str]:
    """The game's printed terms the rules' code and the reference data name (not rows of the
    database): the colonist groups, the Space Explorers divisions and projects, the
    Startropolis modules and order cards, the megastructure types, the parties' initials on
    the charts, the trade cards, the reference catalogue's and the sections' names; and each
    language's own name (the language choice names each in itself)."""
    import json
    import zoneinfo
    from pathlib import Path

    from django.conf import settings

    from colonists.groups import GROUPS
    from pictures.charts import PARTY_INITIALS
    from scoring.wizard.sheet import CATEGORY_LABELS
    from solar175.box import TYPE_NAMES
    from space_explorers.rules import DIVISION_NAMES, PROJECT_NAMES
    from startropolis.modules import MODULE_TYPES, ORDER_CARD_NAMES
    from unlocks.rulebook import TRADE_CARDS

    terms = {group.name for group in GROUPS} | set(PROJECT_NAMES)
    printed = (DIVISION_NAMES, ORDER_CARD_NAMES, TYPE_NAMES, PARTY_INITIALS, TRADE_CARDS)
    # The score sheet's printed categories (Credits, Mining, Bases...).
    for names in (*printed, CATEGORY_LABELS):
        terms.update(name for name in names.values() if type(name) is str)
    terms.update(module.name for module in MODULE_TYPES.values())
    terms.update(name for _code, name in settings.LANGUAGES)
    # The time zones' names (the account's choice of one), and each of their parts.
    for zone in zoneinfo.available_timezones():
        terms.add(zone)
        terms.update(part.replace("_", " ") for part in zone.split("/"))
    fixtures = Path(settings.BASE_DIR) / "fixtures"
    for row in json.loads((fixtures / "catalogue.json").read_text(encoding="utf-8")):
        terms.update(value for value in row["fields"].values() if isinstance(value, str))
    terms.update(section_texts("title"))
    return terms


def untranslated_failures(page, label: str, known: Known) -> tuple[int, list[str]]:
    """`UNTRANSLATED` run on `page`: how many texts it read, and a line for each piece outside
    the brackets that `known` does not know, starting with `label`."""
    found = page.evaluate(UNTRANSLATED, [OPEN, CLOSE])
    failures = [
        f"{label}: untranslated {piece['text'][:120]!r} ({piece['what']} of {piece['where']})"
        for piece in found["left"]
        if not known.knows(piece["text"])
    ]
    if found["open_at_end"] or found["unbalanced"]:
        failures.append(
            f"{label}: brackets unbalanced ({found['open_at_end']} open at the end, "
            f"{found['unbalanced']} closed unopened): a translation cut or glued"
        )
    return found["texts"], sorted(set(failures), key=failures.index)

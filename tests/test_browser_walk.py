"""Every page, for everyone, in a real Chromium: one walk per person that checks each page for
everything the pages promise, instead of one walk per check.

The pages are every named address of every app, filled from the demo campaign, that answers
that person's GET with HTML (`html_pages`, tests/test_browser_every_page.py), so a page added
tomorrow is walked too: for the owner of the demo campaign, a player, a viewer and a signed-out
visitor (the sign-in pages, an invitation, the public pages). Each page is loaded once on a
phone (390x844), and for the owner and the visitor once at desktop width (1280x900) and on a
phone set dark (a player's and a viewer's pages are the owner's templates with fewer
controls). On each:

- **axe-core** (tests/test_browser_axe.py): no serious or critical violation, at each width walked
  (its `color-contrast` rule, about half its time, where the walk does not read every text's
  contrast itself: on the phone, for the player and the viewer);
- **the Content-Security-Policy** (tests/test_browser_csp.py): the header is sent, no
  `securitypolicyviolation` is raised and Chromium logs no policy error, once nothing the
  widest page asked for is still on its way (what it fetches after loading included), and no
  element carries an inline handler (`on*=`, `hx-on`), which the policy or htmx would ignore;
- **thumb-sized controls** (tests/test_browser_every_page.py): on the phone, no sideways
  scrolling and every control at least 44 px tall (by its label or row where that holds it);
- **contrast** (offline/tests/test_browser_contrast.py), owner and visitor: every piece of text
  reads against what is behind it (WCAG AA) in the phone's light and dark mode, and the page
  follows the phone's mode; the charts drawn as pictures are opened on their own in both modes.

Each tab speaks a language (issue 33): the owner's and the visitor's light phone German (axe
and the 390 px checks with German's longer words), their dark phone the pseudo-locale
(tests/plugins/pseudo_locale.py: every translation bracketed and accented, `⟦Ŝàṽé⟧`), their
desktop English; a player's and a viewer's phone the pseudo-locale. On each page in the
pseudo-locale, once what it fetched after loading is in, **every word is read**
(tests/untranslated.py): any text or read-out attribute outside the brackets that is not a
game term, a person's own input, Django's own words or the app's name fails the walk, with
the page, the person and the text. A guest's pages (the table's QR code, a seat refused,
their card and live panel, the draft put away) have their own small walk on a phone in the
pseudo-locale, and so do a few forms sent wrong (`REFUSED_FORMS`: the refusals' words).

Each check has its own test there that shows it finds what it looks for. The service worker is
blocked in these contexts (`service_workers="block"`): it changes nothing a page shows online,
offline/tests walk it, and tests/test_browser_csp.py registers it under the policy. Loaded once
per width and mode instead of once per check, the owner's pages cost half the browser's time
they did (six loads of each page before, three now). It runs once in `make test`, on the
PostgreSQL leg (`postgres_leg`): what the pages are made of does not depend on the database,
and that leg has room; where no PostgreSQL answers, the SQLite leg runs it.
"""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from live.actions.discards import discard_draft
from live.table_links import table_token
from offline.tests.contrast import SVG_CHECK, contrast_failures
from scoring.tests.catalogue import ensure_catalogue
from tests.plugins.pages import DESKTOP, PHONE
from tests.plugins.pseudo_locale import PSEUDO
from tests.test_browser_axe import axe_context, collect, start
from tests.test_browser_csp import INLINE_HANDLERS, WATCH, policy_violations, watch_console
from tests.test_browser_every_page import CHECK as TAP_CHECK
from tests.test_browser_every_page import MIN_TAP, PHONE_WIDTH, Demo, html_pages
from tests.untranslated import known_terms, untranslated_failures

# What the pages are made of does not depend on the database, and the walk is long: `make
# test` runs it once, on the PostgreSQL leg, which has room (tests/plugins/ordering.py).
pytestmark = [
    pytest.mark.browser,
    pytest.mark.postgres_leg,
    pytest.mark.django_db(transaction=True),
]

PEOPLE = ("owner", "player", "viewer", "signed out")
# Who is walked in the phone's dark mode too, and has every text's contrast checked; and at
# desktop width too. A player's and a viewer's pages are the owner's templates with fewer
# controls: the owner's walk reads them at desktop width, theirs on the phone.
CONTRAST_FOR = ("owner", "signed out")
DESKTOP_FOR = CONTRAST_FOR
# axe's `color-contrast` rule is about half of axe's time on a page. The walk reads every
# text's contrast itself for CONTRAST_FOR (on the phone, light and dark: `contrast_failures`),
# so axe leaves it out for them; for the others axe checks it (on the phone only).
AXE_SKIPS = {
    True: {"phone": ("color-contrast",), "desktop": ("color-contrast",)},
    False: {"phone": ()},
}
# The language of each tab (its Accept-Language, Playwright's `locale`): the owner's and the
# visitor's light phone in German (axe and the 390 px checks with German's longer words), their
# dark phone in the pseudo-locale (tests/plugins/pseudo_locale.py: every word read, the 390 px
# checks with the brackets), the desktop in English (axe on the English pages); a player's and
# a viewer's phone in the pseudo-locale. What a tab's <html lang> must then say.
GERMAN, ENGLISH, PSEUDO_PHONE = "de-DE", "en-GB", "en-XA"
HTML_LANG = {GERMAN: "de", ENGLISH: "en-gb", PSEUDO_PHONE: PSEUDO}


def tab_languages(person: str) -> dict[str, str]:
    if person not in CONTRAST_FOR:
        return {"phone": PSEUDO_PHONE}
    return {"phone": GERMAN, "desktop": ENGLISH, "dark": PSEUDO_PHONE}


# Pages a person looks at after the run: on the phone, and in the dark.
PHONE_SHOTS = {
    "campaign:checklist": "every-page-checklist.png",
    "unlocks:section": "every-page-section.png",
    "accounts:members": "every-page-members.png",
    "campaign:game_edit": "every-page-game-edit.png",
}
DARK_SHOTS = {
    "campaign:dashboard": "night-dashboard.png",
    "campaign:trackers": "night-trackers.png",
    "pictures:charts": "night-charts.png",
    "campaign:game_add": "night-wizard.png",
    "unlocks:sections": "night-sections.png",
    "unlocks:setup": "night-setup.png",
}


def walk_context(browser, *, axe: bool = True, **options):
    """A context whose every page has axe (unless not asked) and the policy listener before its
    own scripts, and whose pages' console policy errors are kept; no service worker."""
    if axe:
        context = axe_context(browser, **options)
    else:
        context = browser.new_context(**options, service_workers="block")
    context.add_init_script(script=WATCH)
    return context


def watch_requests(page):
    """`page`, which keeps the requests it has sent and not yet had answered
    (`page.on_its_way`)."""
    on_its_way: set = set()
    page.on("request", lambda request: on_its_way.add(request))
    page.on("requestfinished", lambda request: on_its_way.discard(request))
    page.on("requestfailed", lambda request: on_its_way.discard(request))
    page.on_its_way = on_its_way
    return page


def settled(page, seconds: float = 5) -> None:
    """Until every request `page` has sent is answered (what it fetches after loading). Not
    Playwright's "networkidle", which waits half a second of quiet after the last one: with
    three tabs a page, that was the walk's longest wait."""
    deadline = time.monotonic() + seconds
    page.evaluate("0")  # the events Chromium sent so far are read
    while page.on_its_way and time.monotonic() < deadline:
        page.wait_for_timeout(25)


def tap_failures(page, label: str) -> tuple[int, list[str]]:
    found = page.evaluate(TAP_CHECK, MIN_TAP)
    failures = []
    if found["width"] > PHONE_WIDTH:
        failures.append(f"{label}: scrolls sideways ({found['width']} px) {found['wide']}")
    if found["bad"]:
        failures.append(f"{label}: under {MIN_TAP} px: " + "; ".join(found["bad"]))
    return found["checked"], failures


def people(person: str) -> tuple[Demo, object, list[tuple[str, str]]]:
    """The demo campaign, the person walking it (None: signed out) and their pages."""
    ensure_catalogue()
    demo = Demo()
    player = make_user("walk-player")
    viewer = make_user("walk-viewer")
    for space in (demo.campaign, demo.plays.log):
        add_member(space, player, Role.PLAYER)
        add_member(space, viewer, Role.VIEWER)
    user, pages = {
        "owner": lambda: (demo.owner, html_pages(demo)),
        "player": lambda: (player, html_pages(demo, player)),
        "viewer": lambda: (viewer, html_pages(demo, viewer)),
        "signed out": lambda: (None, html_pages(demo, signed_out=True)),
    }[person]()
    names = {name for name, _ in pages}
    if person == "owner":
        assert len(pages) >= 40
        assert {"campaign:dashboard", "unlocks:sections", "public:dashboard"} <= names
        assert {"accounts:join", "pictures:charts"} <= names
    elif person == "signed out":
        assert {"login", "accounts:signup", "accounts:join", "offline:page"} <= names
        assert {"public:dashboard", "public:trackers"} <= names
        assert "campaign:dashboard" not in names
    else:
        assert {"campaign:dashboard", "playlog:log"} <= names
    return demo, user, pages


@pytest.mark.long
@pytest.mark.parametrize("person", PEOPLE)
def test_every_page_passes_every_check_for_everyone(
    browser, live_server, log_in, screenshot_path, pseudo_locale, person
):
    """One person's walk (the four run apart, so the suite's workers share them out)."""
    demo, user, pages = people(person)
    known = known_terms()
    started = time.monotonic()
    languages = tab_languages(person)
    tabs = {
        "phone": walk_context(browser, **PHONE, color_scheme="light", locale=languages["phone"])
    }
    if "desktop" in languages:
        tabs["desktop"] = walk_context(browser, **DESKTOP, locale=languages["desktop"])
    if "dark" in languages:
        tabs["dark"] = walk_context(
            browser, axe=False, **PHONE, color_scheme="dark", locale=languages["dark"]
        )
    tabs = {
        mode: watch_requests(watch_console(context.new_page())) for mode, context in tabs.items()
    }
    if user is not None:
        for tab in tabs.values():
            log_in(tab, live_server, user)

    failures: list[str] = []
    counted = {"axe": 0, "taps": 0, "texts": 0, "words": 0}
    shot: set[str] = set()
    axe_skips = AXE_SKIPS[person in CONTRAST_FOR]
    # The widest tab reads what a page fetched after loading and its inline handlers; the tab
    # in the pseudo-locale has every word read.
    phone, widest, dark = tabs["phone"], tabs.get("desktop", tabs["phone"]), tabs.get("dark")
    pseudo_tab = next(tabs[mode] for mode in tabs if languages[mode] == PSEUDO_PHONE)
    phones = [mode for mode in ("phone", "dark") if mode in tabs]
    widths = [width for width in ("phone", "desktop") if width in tabs]
    for name, url in pages:
        label = f"{person}, {name} {url}"
        for mode, tab in tabs.items():
            response = tab.goto(live_server.url + url)
            policy = response.headers.get("content-security-policy", "")
            assert "script-src 'self'" in policy, f"{label}: no policy sent"
            if not shot:  # the first page: each tab speaks its language (one evaluate a tab)
                lang = tab.evaluate("document.documentElement.lang")
                assert lang == HTML_LANG[languages[mode]], f"{label}, {mode}: the page is {lang}"
        # The phones' own checks first: axe's run may scroll the page while it works.
        for mode in phones:
            checked, bad = tap_failures(tabs[mode], f"{label}, {mode} ({languages[mode]})")
            counted["taps"] += checked
            failures += bad
        if dark is not None:
            for tab, scheme in ((phone, "light"), (dark, "dark")):
                theme = tab.evaluate("document.documentElement.dataset.bsTheme")
                assert theme == scheme, f"{label}: the page is {theme} on a {scheme} phone"
                checked, bad = contrast_failures(tab, f"{label}, {scheme}")
                counted["texts"] += checked
                failures += bad
            if person == "owner" and name in DARK_SHOTS and name not in shot:
                dark.screenshot(path=screenshot_path(DARK_SHOTS[name]), full_page=True)
        if person == "owner" and name in PHONE_SHOTS and name not in shot:
            phone.screenshot(path=screenshot_path(PHONE_SHOTS[name]), full_page=True)
        shot.add(name)
        for width in widths:
            start(tabs[width], skip=axe_skips[width])
        for width in widths:
            counted["axe"] += 1
            failures += [f"{label}, {width}: {found}" for found in collect(tabs[width])]
        # What the page fetched after loading is under the policy too.
        settled(widest)
        for mode, tab in tabs.items():
            failures += [f"{label}, {mode}: {found}" for found in policy_violations(tab)]
            tab.console_errors.clear()
        failures += [
            f"{label}: inline handler {found}" for found in widest.evaluate(INLINE_HANDLERS)
        ]
        # Every word, once what the page fetched after loading is in it.
        if pseudo_tab is not widest:
            settled(pseudo_tab)
        checked, bad = untranslated_failures(pseudo_tab, label, known)
        counted["words"] += checked
        failures += bad

    if person == "owner":
        # The charts drawn as pictures: their text on the chart card's background, both modes.
        charts = reverse("pictures:charts", kwargs={"slug": demo.campaign.slug})
        for tab, scheme in ((phone, "light"), (dark, "dark")):
            tab.goto(live_server.url + charts)
            card = tab.evaluate(
                "getComputedStyle(document.querySelector('.chart-card')).backgroundColor"
            )
            pictures = tab.eval_on_selector_all("img.chart-picture", "els => els.map(e => e.src)")
            assert len(pictures) == 3
            for src in pictures:
                tab.goto(src)
                found = tab.evaluate(SVG_CHECK, card)
                assert found["checked"] > 5, src
                counted["texts"] += found["checked"]
                failures += [
                    f"{src}, {scheme}: {f['text']!r} {f['colour']} on {f['background']} = "
                    f"{f['ratio']}"
                    for f in found["failures"]
                ]
    for tab in tabs.values():
        tab.context.close()
    seconds = time.monotonic() - started
    assert failures == [], f"{len(failures)} failures:\n" + "\n".join(failures)
    assert counted["axe"] == len(widths) * len(pages)
    assert counted["taps"] > (10 if person == "owner" else 3) * len(pages)
    if dark is not None:
        assert counted["texts"] > 40 * len(pages)
    assert counted["words"] > 20 * len(pages)
    print(f"walked {len(pages)} pages for {person} in {seconds:.0f} s: {counted}")


def test_a_guest_reads_every_word_in_their_language(browser, live_server, pseudo_locale):
    """The pages a guest sees, without an account, on a phone in the pseudo-locale: the table's
    QR code (the seat picker), its refusal of a seat taken without a name, their card with the
    live panel, and, once the draft is put away, their link's answer and the closed table;
    every word read, and the 390 px checks."""
    ensure_catalogue()
    demo = Demo()
    draft = demo.guest_seat().draft  # Sam, a guest at the table already
    # The host's table: every corporation seated, in order (Sam at the last).
    keys = list(demo.campaign.corporations.order_by("order").values_list("key", flat=True))
    draft.shared = {**draft.shared, "setup-players": str(len(keys))} | {
        f"setup-seat{n}_corporation": key for n, key in enumerate(keys, 1)
    }
    draft.save(update_fields=["shared"])
    qr = live_server.url + reverse("seats:table", kwargs={"token": table_token(draft)})
    context = walk_context(browser, axe=False, **PHONE, locale=PSEUDO_PHONE)
    guest = watch_requests(context.new_page())
    failures: list[str] = []
    counted = {"taps": 0, "words": 0}

    def check(what: str) -> None:
        settled(guest)
        label = f"guest, {what} {guest.url.removeprefix(live_server.url)}"
        assert guest.evaluate("document.documentElement.lang") == PSEUDO, label
        checked, bad = tap_failures(guest, label)
        counted["taps"] += checked
        failures.extend(bad)
        checked, bad = untranslated_failures(guest, label, known_terms())
        counted["words"] += checked
        failures.extend(bad)

    guest.goto(qr)
    check("the seat picker")
    take = guest.locator("form.guest-seat-form button[name=key]").first
    with guest.expect_navigation():
        take.click()  # no name: refused
    assert guest.locator(".alert-danger").count() == 1
    check("a seat refused")
    guest.locator("#guest-name").fill("Robin")
    with guest.expect_navigation():
        guest.locator("form.guest-seat-form button[name=key]").first.click()
    assert "/g/" in guest.url
    guest.locator("#draft-live").wait_for()
    check("their card and the live panel")
    discard_draft(draft, user=demo.owner)
    guest.reload()
    check("their link, the draft put away")
    guest.goto(qr)
    check("the table closed")
    context.close()
    assert failures == [], f"{len(failures)} failures:\n" + "\n".join(failures)
    assert counted["words"] > 100 and counted["taps"] > 10, counted


# Forms sent wrong, each on its page, for the refusals' words: (who, page's name, the form,
# fields filled: selector and value). The form is sent as the browser sends it, past its own
# checks.
REFUSED_FORMS = (
    (None, "accounts:signup", "main form", {"#id_username": "Refused", "#id_password1": "x9"}),
    ("owner", "campaign:create", "main form", {}),
    ("owner", "campaign:settings", "main form[method=post]", {"input[name=name]": ""}),
)
REFUSALS = ".form-errors, .invalid-feedback, .errorlist, .alert-danger, .is-invalid"


def test_the_forms_refusals_read_every_word_in_their_language(
    browser, live_server, log_in, pseudo_locale
):
    """A refusal's words are translated too: a few forms sent wrong, on a phone in the
    pseudo-locale (the sign-up without its second password, a new campaign without a name,
    the settings with the name taken away), each page that says why read for every word."""
    ensure_catalogue()
    demo = Demo()
    context = walk_context(browser, axe=False, **PHONE, locale=PSEUDO_PHONE)
    page = watch_requests(context.new_page())
    failures: list[str] = []
    counted = 0
    for who, name, form, fields in REFUSED_FORMS:
        if who == "owner":
            log_in(page, live_server, demo.owner)
        kwargs = {"slug": demo.campaign.slug} if name == "campaign:settings" else {}
        page.goto(live_server.url + reverse(name, kwargs=kwargs))
        for selector, value in fields.items():
            field = page.locator(selector).first
            if not field.is_visible():
                field.locator("xpath=ancestor::details[1]/summary").click()
            field.fill(value)
        with page.expect_navigation():
            page.eval_on_selector(form, "form => { form.noValidate = true; form.requestSubmit(); }")
        settled(page)
        label = f"a refusal, {name}"
        said = " ".join(page.locator(REFUSALS).all_inner_texts()).strip()
        assert said, f"{label}: no refusal shown"
        checked, bad = untranslated_failures(page, label, known_terms())
        counted += checked
        failures += bad
    context.close()
    assert failures == [], f"{len(failures)} failures:\n" + "\n".join(failures)
    assert counted > 100


def test_the_untranslated_check_sees_an_unmarked_word(browser, live_server, pseudo_locale):
    """The walk's check of every word itself: on a page in the pseudo-locale, a word put in
    unmarked (a text, an aria-label, a button's value) is reported, and a bracket left open;
    a person's own input (a user's name) is not, nor the page as it is."""
    make_user("Wilhelmina")
    known = known_terms()
    context = walk_context(browser, axe=False, **PHONE, locale=PSEUDO_PHONE)
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    assert page.evaluate("document.documentElement.lang") == PSEUDO
    checked, found = untranslated_failures(page, "login", known)
    assert found == [] and checked > 10
    page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('beforeend',"
        " '<p>⟦Ŝàṽéđ⟧ by Wilhelmina, 12:30 · <b>Unmarked words</b></p><p><i>Wilhelmina</i> 3</p>"
        '<button aria-label="Close it">×</button><input type="submit" value="Send">\')'
    )
    checked, found = untranslated_failures(page, "login", known)
    assert found == [
        "login: untranslated 'by Wilhelmina, 12:30 ·' (text of p)",
        "login: untranslated 'Unmarked words' (text of b)",
        "login: untranslated 'Close it' (aria-label of button)",
        "login: untranslated 'Send' (value of input)",
    ], found
    page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<p>⟦Ŝà</p>')")
    checked, found = untranslated_failures(page, "login", known)
    context.close()
    assert found[-1].startswith("login: brackets unbalanced (1 open at the end")

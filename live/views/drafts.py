"""A game entered together: the host's page (who is at the table, the shared part, everyone's
progress and the live totals, the QR code to join, the save), each seat's card on its own phone,
and the live panel every phone polls.

Everything a person types is written to the draft as they type it, through the draft protocol
(docs/draft-protocol.md): each phone numbers its changes and pushes them in order
(`live.views.draft_live.draft_push`: a field's value with the value the phone last saw, "my
card is done"), and asks "anything after version V?" (`draft_live.draft_live`: 204, or what
changed, who is done and the live panel, drawn here once per version, `live_panel`). Without
JavaScript the card's save button posts it whole. The table is read from the draft the same way
the one-phone wizard reads its form (`scoring.wizard.TableForm`), so the totals are the
engine's from the first tap.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.forms import CheckboxInput
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from accounts.models import GuestSeat
from accounts.qr import qr_svg
from campaign.frame import PLAYER, READER, Page, campaign_access, guest_link, page_frame
from campaign.views.campaigns import error_sentence
from campaign.views.games import _game_forms
from hosting.form_words import predicate_of
from hosting.words import translated
from live import actions
from live.actions.discards import discard_notice, discard_of
from live.actions.drafts import (
    SHARED,
    FieldConflict,
    KeptPerProcess,
    card_scope,
    next_number,
    order_of_play,
    phone_place,
)
from live.forms import PHONE_ID, DraftNamed, DraftSave, DraftWrite, TableSeating
from live.guest_closed import draft_protocol
from live.models import GameDraft, SeatCard
from live.table_links import table_token
from offline.keep import keep_offline, person_key
from scoring.catalogue import CatalogueNames
from scoring.wizard.sheet import live_sheet
from solar175.campaign_file import CampaignError, Power
from solar175.engine import TIE_BREAK_PLAY_ORDER
from solar175.table import nothing_entered

DRAFT = "live/draft.html"
SEAT = "live/draft_seat.html"
# The live panel, the conflicts and the write's answer: partials both pages include.
LIVE = "live/_draft_live.html"
# The seat prefix of the one-phone wizard's player forms ("p3-credits").
_SEAT_PREFIX = re.compile(r"^p\d+-")
# Each phone asks "anything after version V?" every this many seconds (live/static/js/draft.js;
# 204 when nothing changed).
POLL_SECONDS = 2
# The live panel (the forms read, the table scored, the panel drawn: tens of ms) is drawn at
# most once per version, and while people type (a new version every few hundred ms) at most
# once per this many seconds per draft: a poll meanwhile gets the last one drawn, with the
# version it is for, and the next poll the newer one.
LIVE_SECONDS = 2.0
# Fields of the shared part: the game's facts, the HUBs, the ballots, the token's zone.
SHARED_PREFIXES = ("game-", "hubs-", "ballots-", "setup-megastructure_zone")
# What a write for a closed draft answers.
CLOSED = gettext_lazy("This game has been saved; its draft is closed.")


def may_write(page: Page, card: SeatCard | None) -> bool:
    """The one place that decides whether this request may write `card` (None: the draft's
    shared part): a playing member writes the shared part, a card they hold, any card when
    they own the campaign, a card nobody holds; a guest their own card only
    (`actions.may_write_card`, docs/seats.md)."""
    if card is None:
        return page.campaign.can_play and getattr(page.campaign, "guest_seat", None) is None
    return actions.may_write_card(card, page.request.user, page.campaign)


def _draft(page: Page) -> GameDraft | None:
    return (
        GameDraft.objects.filter(campaign=page.campaign, number=next_number(page.campaign))
        .select_related("campaign")
        .first()
    )


def _draft_written(page: Page, named: int | None) -> GameDraft | None:
    """The draft a write is for: the open one, unless the write names another (`named`, the
    `_draft` its page was drawn from: `DraftNamed`). A phone that kept changes offline may send
    them after that game was saved and the next one's draft opened: they are not the next
    game's."""
    found = _draft(page)
    if found is not None and named is not None and named != found.pk:
        return None
    return found


def closed_words(page: Page) -> str:
    """Why no draft of the next game is open for a phone that had one: discarded (by whom,
    where what it held is), else saved."""
    discarded = discard_of(page.campaign, next_number(page.campaign))
    if discarded is None:
        return str(CLOSED)
    # A discard older than the last game written is not what closed this phone's draft (a
    # stale draft of that number closed before the game before it was saved again).
    latest = page.campaign.games.order_by("-updated_at").values_list("updated_at", flat=True)
    last = latest.first()
    return discard_notice(discarded) if last is None or discarded.made_at > last else str(CLOSED)


def _closed(page: Page, sentence: str, to: str) -> HttpResponse:
    """A write for a draft that is closed: htmx (and a phone sending what it kept offline)
    gets 410 and the sentence, so the phone keeps the values and says so; a page without
    JavaScript goes on with a message."""
    if sentence == CLOSED:
        sentence = closed_words(page)
    if page.request.htmx:
        return HttpResponse(sentence, status=410, content_type="text/plain; charset=utf-8")
    messages.info(page.request, sentence)
    if sentence != CLOSED and to == "campaign:games":
        # Discarded: where the next entry of that game starts, not the game log.
        to = "campaign:draft_join"
    return redirect(to, slug=page.campaign.slug)


def _cards(draft: GameDraft) -> list[SeatCard]:
    # `guest_name`: the guest holding the seat in this game, if any (docs/seats.md).
    guest = GuestSeat.objects.filter(draft=OuterRef("draft"), corporation=OuterRef("corporation"))
    return list(
        draft.cards.select_related("corporation", "corporation__holder", "updated_by")
        .annotate(guest_name=Subquery(guest.values("name")[:1]))
        .order_by("corporation__order", "corporation_id")
    )


def table_order(draft: GameDraft) -> list[str]:
    """The corporations at the table, in order of play (the draft's seat fields)."""
    shared = draft.shared
    try:
        count = int(shared.get("setup-players", 0))
    except (TypeError, ValueError):
        count = 0
    return [
        shared[f"setup-seat{n}_corporation"]
        for n in range(1, count + 1)
        if shared.get(f"setup-seat{n}_corporation")
    ]


def draft_data(draft: GameDraft, cards: list[SeatCard]) -> QueryDict:
    """The draft as the one-phone wizard's form data: the shared fields as they are, each
    card's under its seat's prefix in the order of play."""
    data = QueryDict(mutable=True)
    for name, value in draft.shared.items():
        if isinstance(value, list):
            data.setlist(name, value)
        else:
            data[name] = value
    by_key = {card.corporation.key: card for card in cards}
    for number, key in enumerate(table_order(draft), start=1):
        card = by_key.get(key)
        for name, value in (card.data if card else {}).items():
            if isinstance(value, list):
                data.setlist(f"p{number}-{name}", value)
            else:
                data[f"p{number}-{name}"] = value
    return data


def _forms(page: Page, draft: GameDraft, cards: list[SeatCard]):
    entry = page.state.next_game
    return _game_forms(page, entry=entry, game=None, data=draft_data(draft, cards))


def hub_shares_words(shares: list[dict[str, Any]]) -> str:
    """The HUBs each seat's phone enters, in words for the host's page: "Zone 1 HUB on Teal's;
    Zone 2 HUB on Purple's" (HTML: the names escaped)."""
    return mark_safe(
        "; ".join(
            # Translators: HUBs' names, then the corporation whose phone enters them.
            _("%(hubs)s on %(corporation)s's")
            % {"hubs": escape(", ".join(share["names"])), "corporation": escape(share["corp"].name)}
            for share in shares
        )
    )


def _seat_form(table_form, key: str):
    return next((form for form in table_form.players if form.seat.corporation.key == key), None)


# A refusal that names its place first ("Players: hold 31 mining resource tokens…",
# `scoring.words.refusal_sentence`): the place's words (a capital first), then a predicate
# (a small letter first), in any alphabet.
_PLACE_FIRST = re.compile(r"([^\W\d_][\w ]{0,40}): (.+)$")


def sentence_for(label: str, error: str, predicate: str | None = None) -> str:
    """One refusal as one plain sentence naming its field: "Credits must be a whole number.",
    never "Card: Bases: …" (a form-wide error already names what it is about) nor a doubled
    full stop. `predicate`: the refusal as what follows the field's name, when the form's
    words say so (`hosting.form_words.predicate_of`): the two are joined in the reader's
    language ("Credits darf höchstens 29 sein."), never by guessing from the sentence's
    English."""
    error = " ".join(str(translated(error)).split()).rstrip(" .")
    if predicate and label:
        error = _label_and_predicate(label, " ".join(str(predicate).split()).rstrip(" ."))
    else:
        # A place's words before its predicate ("Players: hold 31 mining resource tokens…"):
        # one sentence, "Players hold 31…".
        named = _PLACE_FIRST.match(error)
        if named and named.group(1)[0].isupper() and named.group(2)[0].islower():
            label, error = named.group(1), named.group(2)
        if not error:
            return ""
        if label and not error.lower().startswith(label.lower()):
            if error[0].islower():
                error = _label_and_predicate(label, error)
            else:
                # Translators: a field's label, then its refusal as a sentence of its own.
                error = pgettext("label and refusal", "%(label)s: %(error)s") % {
                    "label": label,
                    "error": error,
                }
    if not error:
        return ""
    # Translators: a refusal, ended as a sentence.
    return pgettext("a refusal ended", "%(sentence)s.") % {
        "sentence": f"{error[0].upper()}{error[1:]}"
    }


def _label_and_predicate(label: str, predicate: str) -> str:
    # Translators: a field's label, then what it must be ("Credits must be…").
    return pgettext("label and refusal", "%(label)s %(error)s") % {
        "label": label,
        "error": predicate,
    }


def _errors_in_words(form) -> list[str]:
    """A form's errors as sentences: each under its field's label, a form-wide one as it is."""
    found = []
    for name, errors in form.errors.as_data().items():
        label = str(form.fields[name].label or name) if name in form.fields else ""
        found += [
            sentence_for(label, " ".join(error.messages), predicate_of(error)) for error in errors
        ]
    return [sentence for sentence in found if sentence]


def _progress(page: Page, draft: GameDraft, cards: list[SeatCard], table_form) -> dict[str, Any]:
    """Every seat at the table: who holds it, whether it is done, what its card still needs."""
    order = table_order(draft)
    by_key = {card.corporation.key: card for card in cards}
    rows = []
    for key in order:
        card = by_key.get(key)
        if card is None:
            continue
        form = _seat_form(table_form, key)
        problems = _errors_in_words(form) if form is not None and form.errors else []
        rows.append(
            {
                "card": card,
                "corp": card.corporation,
                "colour": page.names.corporation(key).css_colour,
                "problems": problems,
                "url": reverse("campaign:draft_seat", args=[page.campaign.slug, key]),
            }
        )
    done = sum(1 for row in rows if row["card"].done)
    # What the shared part still needs (a zone to choose, a number out of the box), in words.
    shared = [
        sentence
        for form in (table_form.setup, table_form.hubs, table_form.ballots)
        for sentence in _errors_in_words(form)
    ]
    return {"seats": rows, "done": done, "total": len(rows), "shared_problems": shared}


def _live_context(page: Page, draft: GameDraft, cards=None, table_form=None) -> dict[str, Any]:
    cards = cards if cards is not None else _cards(draft)
    if table_form is None:
        table_form, _facts = _forms(page, draft, cards)
    valid = table_form.is_valid()
    return {
        "draft": draft,
        "progress": _progress(page, draft, cards, table_form),
        "sheet": live_sheet(table_form) if valid else None,
        "table_form": table_form,
        # Why there are no totals yet, each a sentence ending once.
        "waiting_for": [
            sentence
            for error in [*table_form.table_errors, *table_form.players_errors]
            if (sentence := sentence_for("", error))
        ]
        if not valid
        else [],
        "live_url": page.reverse("campaign:draft_live"),
        "push_url": page.reverse("campaign:draft_push"),
        "poll_seconds": POLL_SECONDS,
    }


# The catalogue's names as the live panel's draws read them, per campaign and revision (its
# box is the campaign's, so a new box is a new revision), kept per process: a table's panel is
# drawn every `LIVE_SECONDS` while it types, and reading the catalogue's nine tables again
# was a quarter of each draw. The reference catalogue itself changes only with
# `load_catalogue`; a draw shows its new names from the campaign's next change (or restart).
_DRAW_NAMES: KeptPerProcess[CatalogueNames] = KeptPerProcess(64)


def _draw_names(page: Page) -> CatalogueNames:
    key = (page.campaign.pk, str(page.campaign.revision))
    found = _DRAW_NAMES.get(key)
    if found is None:
        found = _DRAW_NAMES.put(key, page.names)
    return found


def _panel_html(page: Page, draft: GameDraft, cards=None, table_form=None) -> str:
    if table_form is None and page.campaign.pk is not None:
        page.__dict__["names"] = _draw_names(page)
    context = {**_live_context(page, draft, cards, table_form), "campaign": page.campaign}
    return render_to_string(f"{LIVE}#panel", context, request=None)


def live_panel(page: Page, draft: GameDraft, panel: int = 0) -> tuple[int, str]:
    """The live panel for the draft's version (its version, its HTML) in the reader's language,
    drawn once per version and language for every phone and server process (`DraftLive`);
    while the draft changes faster than `LIVE_SECONDS`, the last one drawn (its version is
    older: the next poll gets the newer). One request draws it (`actions.claim_live_panel`);
    the others meanwhile show the last one. `panel`: the version the phone has, whose HTML is
    not read again ("" comes back)."""
    language = get_language() or settings.LANGUAGE_CODE
    found = actions.kept_panel(draft, panel, language)
    now = timezone.now()
    if found is not None:
        revision, drawn_at, html = found
        fresh = (now - drawn_at).total_seconds() < LIVE_SECONDS
        # No HTML read: the phone's own panel, still one drawn.
        if revision >= draft.revision or (fresh and html != ""):
            return revision, html or ""
        if html != "" and not actions.claim_live_panel(draft, drawn_at, language):
            # Another request is drawing it now: the last one drawn, once for the table.
            return revision, html or ""
    html = _panel_html(page, draft)
    actions.keep_live_panel(draft, draft.revision, html, language)
    return draft.revision, html


def _visible_values(draft: GameDraft, cards: list[SeatCard], since: int = 0) -> dict[str, Any]:
    """What changed after version `since` (everything for 0), for the phones to lay under
    what they have not sent yet (`live/static/js/draft.js`): the shared fields by name
    (`shared`), each card's under its corporation (`card:<key>`). A field taken away (who is
    at the table) comes back empty."""
    stamps = draft.stamps or {}

    def changed(scope: str, values: dict[str, Any]) -> dict[str, Any]:
        if not since:
            return dict(values)
        names = [name for name, at in (stamps.get(scope) or {}).items() if at > since]
        return {name: values.get(name, "") for name in names}

    shared = {
        name: value
        for name, value in changed(SHARED, draft.shared).items()
        if name.startswith(SHARED_PREFIXES)
    }
    values: dict[str, Any] = {SHARED: shared} if shared else {}
    for card in cards:
        scope = card_scope(card.corporation.key)
        found = changed(scope, card.data)
        if found:
            values[scope] = found
    return values


def _delta(draft: GameDraft, cards: list[SeatCard], since: int, phone: str) -> dict[str, Any]:
    """A poll's or a write's answer: the draft's version, what changed since `since`, who is
    done, and the last change number applied for this phone."""
    return {
        "draft": draft.pk,
        "version": draft.revision,
        "values": _visible_values(draft, cards, since),
        "done": {card.corporation.key: card.done for card in cards},
        "applied": phone_place(draft, phone).last if phone else 0,
    }


def _initial_values(page: Page) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A new draft's first values: the order of play from the setup sheet's first player, the
    megastructure when the rules leave one choice, the +2 IP power ticked for its holder."""
    corporations = page.corporations
    order = order_of_play(page.campaign, corporations)
    shared: dict[str, Any] = {
        "setup-players": str(len(order)),
        # Today where the group plays (the frame activates the campaign's zone).
        "game-played_on": timezone.localdate().isoformat(),
    }
    for n, key in enumerate(order, start=1):
        shared[f"setup-seat{n}_corporation"] = key
    options = page.state.next_game.megastructure_options
    if len(options) == 1:
        shared["game-megastructure"] = options[0]
    cards = {c.key: ({"bonus": "on"} if c.power == Power.EXTRA_IP else {}) for c in corporations}
    return shared, cards


@campaign_access(READER)
@page_frame(DRAFT, "games")
def draft_join(page: Page) -> HttpResponse | dict[str, Any]:
    """The draft's short address (the QR code's): a member lands on their own seat's card; a
    member without a seat, on the host's page; before anyone opened it, a button to start."""
    if page.state.campaign_over:
        messages.info(
            page.request, _("The campaign is over: a Type VI megastructure has been built.")
        )
        return redirect("campaign:dashboard", slug=page.campaign.slug)
    discarded = page.request.GET.get("discarded", "")
    if discarded.isdigit() and len(discarded) < 12:
        # A phone of a discarded draft, sent here by its poll: what happened, and where it is.
        change = discard_of(page.campaign, next_number(page.campaign))
        if change is not None and change.pk == int(discarded):
            notice = discard_notice(change)
            # The phone's last write may have been told the same a moment before (`_closed`):
            # one sentence on the page, not the same twice. Looking keeps them to be shown.
            waiting = messages.get_messages(page.request)
            told = any(str(message) == notice for message in waiting)
            waiting.used = False
            if not told:
                messages.warning(page.request, notice)
    draft = _draft(page)
    if draft is not None:
        seat = next((c for c in page.corporations if c.holder_id == page.request.user.pk), None)
        if seat is not None and draft.cards.filter(corporation=seat).exists():
            return redirect("campaign:draft_seat", slug=page.campaign.slug, key=seat.key)
        return redirect("campaign:draft", slug=page.campaign.slug)
    return page.context(draft=None, number=next_number(page.campaign))


@campaign_access(PLAYER, methods=("POST",))
@page_frame(DRAFT, "games")
def draft_open(page: Page) -> HttpResponse:
    """Open the next game's draft (or join the open one), then go to the host's page."""
    shared, cards = _initial_values(page)
    try:
        actions.open_draft(page.campaign, user=page.request.user, shared=shared, cards=cards)
    except CampaignError as error:
        messages.error(page.request, error_sentence(error, page.campaign))
        return redirect("campaign:dashboard", slug=page.campaign.slug)
    return redirect("campaign:draft", slug=page.campaign.slug)


def hub_shares(draft: GameDraft, cards: list[SeatCard], table_form) -> dict[str, list[str]]:
    """The shared part's HUBs dealt over the seats' own phones: corporation key -> the HUB
    rows (`hensler`, `zone1`...) its phone enters beside its card, in the order of play.

    The host typed the whole shared part after their own card, twice a seat's taps and more
    (issue 31: 37 taps against 14-17; `bench table`); the HUBs were most of it (26 of 34 on
    the demo's game 6). Each HUB's workers and algorithms are counted off the board by
    whoever sits nearest as well as by the host, so they go round the seats held by members
    other than the host (who opened the draft); a guest writes their own card only
    (docs/seats.md) and gets none. With no such seat, the host keeps them all. Everyone
    playing may still write any of them on the host's page."""
    rows = [
        name.removesuffix("_workers")
        for name in table_form.hubs.fields
        if name.endswith("_workers")
    ]
    by_key = {card.corporation.key: card for card in cards}
    sharing = [
        key
        for key in table_order(draft)
        if key in by_key
        and by_key[key].corporation.holder_id is not None
        and by_key[key].corporation.holder_id != draft.opened_by_id
        and not getattr(by_key[key], "guest_name", None)
    ]
    if not sharing:
        return {}
    shares: dict[str, list[str]] = {key: [] for key in sharing}
    for n, row in enumerate(rows):
        shares[sharing[n % len(sharing)]].append(row)
    return shares


def _hub_share(page: Page, draft: GameDraft, cards, table_form, key: str) -> dict | None:
    """What seat `key`'s page shows of the shared part: its HUBs' fields (`hub_shares`),
    for a person who may write the shared part."""
    rows = hub_shares(draft, cards, table_form).get(key)
    if not rows or not may_write(page, None):
        return None
    hubs = table_form.hubs
    names = [str(hubs.fields[f"{row}_workers"].label).split(":")[0] for row in rows]
    return {
        # (title, workers, algorithms) a row, drawn as the host's page draws the HUBs.
        "rows": [
            (name, hubs[f"{row}_workers"], hubs[f"{row}_algorithms"])
            for name, row in zip(names, rows, strict=True)
        ],
        "names": names,
        "url": reverse("campaign:draft_shared", args=[page.campaign.slug]),
        "drawn": json.dumps(draft.shared),
    }


def _own_card(page: Page, draft: GameDraft, cards: list[SeatCard], table_form) -> dict | None:
    """The host's own seat's card, written on the host's page (docs/seats.md): the seat the
    signed-in person holds, at the table in this game, which they may write. None otherwise
    (a host without a seat, or whose corporation sits this game out): the page then asks
    them to take one as before. Without it, the host opened "Your own seat", another page,
    every game (issue 31)."""
    user = page.request.user
    card = next((c for c in cards if c.corporation.holder_id == user.pk), None)
    if card is None or not may_write(page, card):
        return None
    form = _seat_form(table_form, card.corporation.key)
    if form is None:
        return None
    return {
        "card": card,
        "form": form,
        "colour": page.names.corporation(card.corporation.key).css_colour,
        "write_url": page.reverse("campaign:draft_seat", card.corporation.key),
        "drawn": json.dumps(card.data),
    }


def _host_context(page: Page, draft: GameDraft, **extra: Any) -> dict[str, Any]:
    cards = _cards(draft)
    table_form, facts = extra.pop("forms", None) or _forms(page, draft, cards)
    # The QR code opens this draft's seat picker: members and guests (live.views.seats).
    join = page.request.build_absolute_uri(reverse("seats:table", args=[table_token(draft)]))
    at_table = set(table_order(draft))
    shares = [
        {
            "corp": next(c.corporation for c in cards if c.corporation.key == key),
            "names": [
                str(table_form.hubs.fields[f"{row}_workers"].label).split(":")[0] for row in rows
            ],
        }
        for key, rows in hub_shares(draft, cards, table_form).items()
    ]
    return page.context(
        number=draft.number,
        own=_own_card(page, draft, cards, table_form),
        hub_shares=shares,
        hub_shares_words=hub_shares_words(shares),
        join_url=join,
        join_qr=qr_svg(
            join, _("QR code to join the entry of game %(number)s") % {"number": draft.number}
        ),
        facts=facts,
        setup=table_form.setup,
        seating=[
            {
                "corp": c,
                "at_table": c.key in at_table,
                "position": table_order(draft).index(c.key) + 1 if c.key in at_table else "",
            }
            for c in page.corporations
        ],
        shared_url=reverse("campaign:draft_shared", args=[page.campaign.slug]),
        write_url=reverse("campaign:draft_shared", args=[page.campaign.slug]),
        drawn_shared=json.dumps(draft.shared),
        offline_person=person_key(page.request),
        **_live_context(page, draft, cards, table_form),
        **extra,
    )


@campaign_access(READER)
@page_frame(DRAFT, "games", offline=True)
def draft(page: Page) -> HttpResponse | dict[str, Any]:
    """The host's page: the QR code, who is at the table, the shared part, everyone's progress,
    the live totals and the save. A phone keeps it to open offline: it shows only what the
    campaign has unlocked, and its shared part keeps what is typed there on the phone
    (`live/static/js/draft.js`); the save needs the server."""
    found = _draft(page)
    if found is None:
        return redirect("campaign:draft_join", slug=page.campaign.slug)
    return _host_context(page, found)


def _posted_values(request, names: list[str]) -> dict[str, Any]:
    data = request.POST
    return {
        name: data.getlist(name) if len(data.getlist(name)) > 1 else data.get(name, "")
        for name in names
    }


def _conflict_lines(
    conflicts: list[FieldConflict], labels: dict[str, str], prefix: str = ""
) -> list[dict[str, Any]]:
    return [
        {
            "field": prefix + c.field,
            "label": labels.get(c.field, c.field),
            "yours": c.yours,
            "theirs": c.theirs,
            "by": c.by,
        }
        for c in conflicts
    ]


def _write_response(page: Page, draft: GameDraft, conflicts, labels, url: str, prefix: str = ""):
    """After a write: htmx gets the live panel and any conflict, swapped out of band; a page
    without JavaScript goes back to where it was (or shows the conflicts, status 409)."""
    lines = _conflict_lines(conflicts, labels, prefix)
    if page.request.htmx:
        context = {**_live_context(page, draft), "conflicts": lines, "oob": True}
        # A guest's panel names the other seats without their links (they cannot open them).
        guest_seat = getattr(page.campaign, "guest_seat", None)
        context.update(campaign=page.campaign, write_url=url, guest_seat=guest_seat)
        return page.render(context, template=f"{LIVE}#write-result", status=200)
    if lines:
        for line in lines:
            messages.warning(
                page.request,
                _(
                    "%(label)s: %(by)s set %(theirs)s while you typed %(yours)s. Yours was not "
                    "saved; enter it again to keep it."
                )
                % {
                    "label": line["label"],
                    "by": line["by"] or _("someone"),
                    "theirs": line["theirs"],
                    "yours": line["yours"],
                },
            )
    return None


@campaign_access(PLAYER, methods=("POST",))
@page_frame(DRAFT, "games")
def draft_shared(page: Page) -> HttpResponse:
    """Write fields of the shared part: one (htmx, `_field`) or the whole form (no JavaScript).
    `_was` (htmx) or `_drawn` (the form) says what the writer last saw (`DraftWrite`)."""
    named = DraftNamed(page.request.POST)
    if not named.is_valid():
        return _drawn_refused(page, named.refusal(), "campaign:draft")
    found = _draft_written(page, named.draft)
    if found is None:
        return _closed(page, CLOSED, "campaign:games")
    request = page.request
    cards = _cards(found)
    table_form, facts = _forms(page, found, cards)
    labels = _labels(facts, table_form)
    allowed = [name for name in labels if name.startswith(SHARED_PREFIXES)]
    write = DraftWrite(request.POST)
    if not write.is_valid():
        return _drawn_refused(page, write.refusal(), "campaign:draft")
    field, was, part = write.field, write.was, write.part
    names = [field] if field in allowed else [n for n in allowed if n in request.POST]
    if field is None and part == "hubs":
        # A seat's HUBs (`hub_shares`), posted whole from its card: those fields only; the
        # shared part's boxes are not on that form, so their absence unticks nothing.
        names = [n for n in names if n.startswith("hubs-")]
    elif field is None:
        # A whole form: the boxes left unticked are absent from the post.
        names = sorted(set(names) | {n for n in allowed if n in _checkboxes(facts)})
    try:
        written, conflicts = actions.write_shared(
            found, _posted_values(request, names), was=was, user=request.user
        )
    except CampaignError as error:
        messages.error(request, error_sentence(error, page.campaign))
        return redirect("campaign:games", slug=page.campaign.slug)
    url = reverse("campaign:draft_shared", args=[page.campaign.slug])
    response = _write_response(page, written, conflicts, labels, url)
    # A seat's HUBs go back to the draft's short address: its holder's own card.
    return response or redirect(
        "campaign:draft_join" if part == "hubs" else "campaign:draft", slug=page.campaign.slug
    )


def _drawn_refused(page: Page, sentence: str, to: str, **kwargs: Any) -> HttpResponse:
    """A write whose `_drawn` cannot be read (`DraftWrite.refusal`): nothing written, the
    sentence shown."""
    if page.request.htmx:
        return HttpResponse(sentence, status=400, content_type="text/plain; charset=utf-8")
    messages.error(
        page.request,
        _("%(sentence)s Nothing was saved: open the page again and retype.")
        % {"sentence": sentence},
    )
    return redirect(to, slug=page.campaign.slug, **kwargs)


def _checkboxes(form, *, prefixed: bool = True) -> set[str]:
    return {
        form.add_prefix(name) if prefixed else name
        for name, field in form.fields.items()
        if isinstance(field.widget, CheckboxInput)
    }


def _labels(facts, table_form) -> dict[str, str]:
    """Each shared field's posted name -> its label, in people's words."""
    labels = {}
    for form in (facts, table_form.hubs, table_form.ballots, table_form.setup):
        for name, field in form.fields.items():
            labels[form.add_prefix(name)] = str(field.label or name)
    return labels


def _card(page: Page, draft: GameDraft, key: str) -> SeatCard:
    card = (
        draft.cards.select_related("corporation", "corporation__holder", "updated_by")
        .filter(corporation__key=key)
        .first()
    )
    if card is None:
        raise Http404(_("No such seat in this game."))
    return card


def _seat_context(page: Page, draft: GameDraft, card: SeatCard, **extra: Any) -> dict[str, Any]:
    cards = _cards(draft)
    table_form, facts = _forms(page, draft, cards)
    form = _seat_form(table_form, card.corporation.key)
    return page.context(
        number=draft.number,
        card=card,
        form=form,
        at_table=form is not None,
        may_write=may_write(page, card),
        colour=page.names.corporation(card.corporation.key).css_colour,
        write_url=page.reverse("campaign:draft_seat", card.corporation.key),
        drawn=json.dumps(card.data),
        hub_share=_hub_share(page, draft, cards, table_form, card.corporation.key),
        offline_person=person_key(page.request),
        **_live_context(page, draft, cards, table_form),
        **extra,
    )


@guest_link(draft_protocol, key="key")
@campaign_access(READER, methods=("GET", "POST"))
@page_frame(SEAT, "games")
def draft_seat(page: Page, key: str) -> HttpResponse | dict[str, Any]:
    """One seat's card: its holder (or the owner; anyone playing for a seat nobody holds)
    writes it, a field at a time or all at once, and marks it done."""
    request = page.request
    if request.method == "POST" and not (page.campaign.can_play or page.campaign.guest_seat):
        raise PermissionDenied(_("Only the campaign's players write the cards."))
    if key not in page.corps:
        raise Http404(_("No such corporation in this campaign."))
    if request.method == "POST":
        named = DraftNamed(request.POST)
        if not named.is_valid():
            return _drawn_refused(page, named.refusal(), "campaign:draft_seat", key=key)
        found = _draft_written(page, named.draft)
    else:
        found = _draft(page)
    if found is None:
        return _closed(page, CLOSED, "campaign:games")
    card = _card(page, found, key)
    if request.method == "GET":
        context = _seat_context(page, found, card)
        response = page.render(context)
        # The phone keeps the card of a person who writes it, to go on typing offline; a card
        # they only read is not kept (nothing to type in, and it is someone else's).
        return keep_offline(request, response, page.campaign) if context["may_write"] else response
    if not may_write(page, card):
        raise_forbidden(card)
    context = _seat_context(page, found, card)
    form = context["form"]
    if form is None:
        messages.error(
            request,
            _("%(corporation)s is not at the table in this game.")
            % {"corporation": card.corporation.name},
        )
        return redirect("campaign:draft", slug=page.campaign.slug)
    # The seat's place in the order of play may have changed since the page was drawn, so
    # its prefix ("p2-") is read off whatever the page posted.
    posted_names = {_SEAT_PREFIX.sub("", name): name for name in request.POST}
    write = DraftWrite(request.POST)
    write.is_valid()
    field = _SEAT_PREFIX.sub("", write.cleaned_data["_field"] or "") or None
    if field is not None:
        names = [field] if field in form.fields and field in posted_names else []
    else:
        names = [name for name in form.fields if name in posted_names]
    values = {
        name: _posted_values(request, [posted_names[name]])[posted_names[name]] for name in names
    }
    if write.whole:
        # The whole card (its save button): an unticked box is absent from the post.
        for name in _checkboxes(form, prefixed=False):
            values.setdefault(name, "")
    if not write.is_valid():
        return _drawn_refused(page, write.refusal(), "campaign:draft_seat", key=key)
    was = write.was
    if was is not None:
        was = {_SEAT_PREFIX.sub("", str(name)): value for name, value in was.items()}
    try:
        written, conflicts = actions.write_card(
            card, values, was=was, done=write.done, user=request.user
        )
    except CampaignError as error:
        messages.error(request, error_sentence(error, page.campaign))
        return redirect("campaign:games", slug=page.campaign.slug)
    labels = {
        _SEAT_PREFIX.sub("", form.add_prefix(name)): str(f.label or name)
        for name, f in form.fields.items()
    }
    url = page.reverse("campaign:draft_seat", key)
    response = _write_response(page, written.draft, conflicts, labels, url, form.prefix + "-")
    return response or redirect(url)


def raise_forbidden(card: SeatCard):
    holder = card.corporation.holder
    if holder:
        raise PermissionDenied(
            _("%(corporation)s's card is written by %(name)s or the owner.")
            % {"corporation": card.corporation.name, "name": holder.get_username()}
        )
    raise PermissionDenied(
        _("%(corporation)s's card is written by its holder or the owner.")
        % {"corporation": card.corporation.name}
    )


def _int_param(value: str | None) -> int:
    return int(value) if value and value.isdigit() and len(value) < 10 else 0


def _phone_param(value: Any) -> str:
    """A phone's id as the phone sent it (letters, digits, dashes), else ""."""
    text = value if isinstance(value, str) else ""
    return text if PHONE_ID.match(text) else ""


@campaign_access(PLAYER, methods=("POST",))
@page_frame(DRAFT, "games")
def draft_table(page: Page) -> HttpResponse:
    """Who is at the table and in which order of play (the host's seating form)."""
    found = _draft(page)
    if found is None:
        return redirect("campaign:draft_join", slug=page.campaign.slug)
    seating = TableSeating(page.request.POST, keys=[(c.key, c.name) for c in page.corporations])
    if not seating.is_valid():
        messages.error(
            page.request, _("Who is at the table: %(refusal)s") % {"refusal": seating.refusal()}
        )
        return redirect("campaign:draft", slug=page.campaign.slug)
    order = seating.order()
    if not 2 <= len(order) <= 5:
        messages.error(page.request, _("Who is at the table: tick 2 to 5 corporations."))
        return redirect("campaign:draft", slug=page.campaign.slug)
    actions.set_table(found, order, user=page.request.user)
    return redirect("campaign:draft", slug=page.campaign.slug)


@campaign_access(PLAYER, methods=("POST",))
@page_frame(DRAFT, "games")
def draft_save(page: Page) -> HttpResponse:
    """Score the draft and save it as the next game, after the questions a table left blank,
    unfinished or decided by the order of play asks."""
    found = _draft(page)
    request = page.request
    if found is None:
        messages.info(request, _("This game has been saved already; here is its checklist."))
        last = page.campaign.games.order_by("-number").values_list("number", flat=True).first()
        if last is None:
            return redirect("campaign:games", slug=page.campaign.slug)
        return redirect("campaign:checklist", slug=page.campaign.slug, number=last)
    cards = _cards(found)
    table_form, facts = _forms(page, found, cards)
    questions: list[str] = []
    save_errors: list[str] = []
    valid = table_form.is_valid() & facts.is_valid()
    posted = DraftSave(request.POST)
    if not posted.is_valid():
        save_errors.append(posted.refusal())
    elif valid:
        score = table_form.score()
        asked = posted.cleaned_data
        if not all(card.done for card in cards if card.corporation.key in table_order(found)):
            if not asked["confirm_unfinished"]:
                questions.append("unfinished")
        if nothing_entered(table_form.state) and not asked["confirm_empty"]:
            questions.append("empty")
        if score.tie_break == TIE_BREAK_PLAY_ORDER and not asked["confirm_order"]:
            questions.append("order")
        if not questions:
            data = facts.cleaned_data
            try:
                game = actions.save_draft(
                    found,
                    expected_revision=posted.expected_revision,
                    table=table_form.to_table(include_fixed=False),
                    played_on=data["played_on"],
                    megastructure=data["megastructure"],
                    neds_sold_out=data["neds_sold_out"],
                    census_completed=data["census_completed"],
                    megastructure_repairs_completed=data["megastructure_repairs_completed"],
                    debt_marks=facts.debt_marks(),
                    notes=data["notes"],
                    phone=posted.phone,
                    seq=posted.seq,
                    user=request.user,
                )
            except CampaignError as error:
                save_errors.append(error_sentence(error, page.campaign))
            else:
                messages.success(
                    request,
                    _("Game %(number)s saved: now the checklist.") % {"number": game.number},
                )
                return redirect("campaign:checklist", slug=page.campaign.slug, number=game.number)
    if not valid:
        save_errors.append(
            _(
                "Some fields need a fix before the game can be saved: they are marked in red, "
                "here and on the cards listed above."
            )
        )
    context = _host_context(
        page, found, forms=(table_form, facts), questions=questions, save_errors=save_errors
    )
    return page.render(context, status=400)

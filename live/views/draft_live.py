"""The draft protocol's two addresses every phone of a game entered together calls
(docs/draft-protocol.md): `draft_push` (a phone's numbered changes, in order: a field's value
with the value the phone last saw, "my card is done") and `draft_live` ("anything after version
V?": 204, or what changed, who is done and the live panel, drawn once per version). The pages
they serve are `live.views.drafts`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ValidationError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from campaign.frame import PLAYER, READER, Page, campaign_access, guest_link, page_frame
from campaign.views.campaigns import error_sentence
from gamefile.errors import FieldError
from gamefile.fields import Fields
from gamefile.json_input import JsonInputError, parse_json_bytes
from hosting.form_words import predicate_of
from hosting.words import translated
from live import actions
from live.actions.discards import discard_notice, discard_of
from live.actions.drafts import (
    MAX_FIELDS,
    SHARED,
    Change,
    DraftRead,
    DraftRefused,
    KeptPerProcess,
    card_scope,
    next_number,
)
from live.guest_closed import draft_protocol
from live.models import GameDraft
from live.views.drafts import (
    CLOSED,
    DRAFT,
    LIVE,
    SHARED_PREFIXES,
    _cards,
    _conflict_lines,
    _delta,
    _forms,
    _int_param,
    _phone_param,
    closed_words,
    live_panel,
    may_write,
    sentence_for,
    table_order,
)

# A seat's link in the live panel (live/templates/live/_draft_live.html): the panel is
# drawn once per version for every phone, members' addresses in it; a guest's copy has them as
# plain names.
_SEAT_LINK = re.compile(r'<a href="[^"]*" class="word-break" data-seat-link>(.*?)</a>', re.S)


def _for_reader(page: Page, html: str) -> str:
    """The panel as this reader may follow it: a guest opens no other page of the campaign
    (docs/seats.md), so the seats' links, which would send them to the login, are names."""
    if getattr(page.campaign, "guest_seat", None) is None:
        return html
    return _SEAT_LINK.sub(r'<span class="word-break">\1</span>', html)


def _closed_answer(page: Page, number: int | None) -> JsonResponse:
    """A poll for a draft that is closed: the game it became, for every phone to go to."""
    games = page.campaign.games
    found = games.filter(number=number).exists() if number else False
    discarded = None if found else discard_of(page.campaign, number)
    if discarded is not None:
        # Discarded, not saved: every phone is told so, and lands where the next entry of
        # that game starts (a guest, on their link, which says the game's entry is closed).
        words = discard_notice(discarded)
        if page.campaign.guest_seat is not None:
            go = page.reverse("campaign:draft_seat", page.campaign.guest_seat.corporation.key)
        else:
            join = reverse("campaign:draft_join", args=[page.campaign.slug])
            go = f"{join}?discarded={discarded.pk}"
        return JsonResponse({"closed": words, "go": go, "number": number, "discarded": True})
    if not found:
        number = games.order_by("-number").values_list("number", flat=True).first()
    if page.campaign.guest_seat is not None:
        # A guest reads no campaign page: their link now says the game was saved.
        go = page.reverse("campaign:draft_seat", page.campaign.guest_seat.corporation.key)
        words = (
            _("Game %(number)s has been saved.") % {"number": number}
            if number
            else _("This draft is closed.")
        )
    elif number:
        go = reverse("campaign:checklist", args=[page.campaign.slug, number])
        words = _("Game %(number)s has been saved.") % {"number": number}
    else:
        go = reverse("campaign:games", args=[page.campaign.slug])
        words = _("This draft is closed.")
    return JsonResponse({"closed": words, "go": go, "number": number})


@gzip_page
@guest_link(draft_protocol)
@campaign_access(READER)
@page_frame(DRAFT, "games")
def draft_live(page: Page) -> HttpResponse:
    """ "Anything after version V?" (`v`; `d` the draft the phone has, `n` its game's number,
    `phone` its id). No: 204, after one indexed lookup. Yes: what changed since V, who is done,
    the last change number applied for this phone, and the live panel (drawn once per
    version, `live_panel`). Closed (the game saved): where the game is, for the phone to go."""
    params = page.request.GET
    if "v" not in params:
        # The phones' polling address: a person who opens it goes to the draft (a guest, to
        # their card).
        if page.campaign.guest_seat is not None:
            return redirect(
                page.reverse("campaign:draft_seat", page.campaign.guest_seat.corporation.key)
            )
        return redirect("campaign:draft_join", slug=page.campaign.slug)
    since = _int_param(params.get("v"))
    wanted = _int_param(params.get("d"))
    panel = _int_param(params.get("p"))
    # One statement: the draft and its cards (read into cards only when something is new).
    if wanted:
        polled = actions.poll_draft(page.campaign.pk, pk=wanted)
    else:
        polled = actions.poll_draft(page.campaign.pk, number=next_number(page.campaign))
    if polled is None:
        return _closed_answer(page, _int_param(params.get("n")))
    draft = polled.draft
    # Nothing new, and the phone's panel is this version's (or it asks for none).
    if draft.revision == since and (panel == draft.revision or "p" not in params):
        return HttpResponse(status=204)
    answer = _delta(draft, list(polled.cards().values()), since, _phone_param(params.get("phone")))
    if panel != draft.revision:
        panel_version, html = live_panel(page, draft, panel)
        if panel_version != panel:
            answer.update(panel=_for_reader(page, html), panel_version=panel_version)
    return JsonResponse(answer)


class PushRefused(Exception):
    """A batch of changes the server cannot take; `status` and the sentence."""

    def __init__(self, sentence: str, status: int = 400) -> None:
        super().__init__(sentence)
        self.status = status


# The push's JSON read by the project's field reader (gamefile.fields); each refusal is said in
# the protocol's own sentence (`_refused_as`), the one the phone shows.
_READ = Fields()


@contextmanager
def _refused_as(sentence: str) -> Iterator[None]:
    """The field reader's refusal inside, as the push's `sentence` (status 400)."""
    try:
        yield
    except FieldError:
        raise PushRefused(sentence) from None


def _whole_number(value: Any) -> int | None:
    """A JSON whole number (not true or false), else None."""
    try:
        return _READ.integer(value, "")
    except FieldError:
        return None


def _read_push(request) -> dict[str, Any]:
    """The batch as the phone sent it (JSON, read by the project's JSON reader)."""
    try:
        body = parse_json_bytes(request.body)
    except JsonInputError as error:
        raise PushRefused(
            # Translators: %(problem)s says what is wrong with the JSON ("is not JSON…").
            _("The changes sent %(problem)s.")
            % {"problem": translated(error.args[0] if error.args else str(error))}
        ) from None
    with _refused_as(_("The changes sent are not a list of changes.")):
        body = _READ.mapping(body, "")
        _READ.sequence(body.get("changes"), "changes")
    if not _phone_param(body.get("phone")):
        raise PushRefused(_("The changes sent name no phone (letters, digits and dashes)."))
    if len(body["changes"]) > MAX_FIELDS:
        # Never a part of them applied and the rest dropped without a word: draft.js sends
        # a field's last value once, so a draft's fields (MAX_FIELDS) are the most a phone
        # ever has to send.
        raise PushRefused(
            _(
                "A push carries at most %(most)s changes; this one carried %(count)s: nothing "
                "was applied. Send them in smaller batches."
            )
            % {"most": MAX_FIELDS, "count": len(body["changes"])}
        )
    return body


def _read_change(raw: Any) -> Change:
    with _refused_as(_("A change sent is not a change (an object with its number).")):
        raw = _READ.mapping(raw, "")
    with _refused_as(_("A change's number (seq) is a whole number from 1.")):
        seq = _READ.whole_number(raw.get("seq"), "seq", minimum=1, maximum=2**31 - 1)
    # The texts are checked as sent, no more: the reader's `text` would add its own bounds
    # (length, storable), and a value is cut to the draft's bound (`MAX_VALUE_LENGTH`) when
    # applied, as it always was.
    card = raw.get("card")
    if card is not None and not isinstance(card, str):
        raise PushRefused(_("A change's card is a corporation's key."))
    if "done" in raw:
        with _refused_as(_("“My card is done” is true or false, for one card.")):
            done = _READ.flag(raw["done"], "done")
            if card is None:
                _READ.refuse("done", "names no card")
        return Change(seq, card, done=done)
    field, value, was = raw.get("field"), raw.get("value", ""), raw.get("was")
    if not isinstance(field, str) or not field:
        raise PushRefused(_("A change names its field."))
    if not all(_text_or_texts(item) for item in (value, was)):
        raise PushRefused(
            _("A change's value for %(field)s is text or a list of texts.") % {"field": field}
        )
    return Change(seq, card, field, value, was)


def _text_or_texts(item: Any) -> bool:
    """A value as a form posts it (a text, or a list of texts for a multiple choice), or null."""
    if item is None or isinstance(item, str):
        return True
    return isinstance(item, list) and all(isinstance(v, str) for v in item)


# Each draft's fields by scope, as its forms define them (label, form field), kept per process
# for the draft's order of play and chosen megastructure (and the language its labels are in):
# a change is checked alone, by its own field, without drawing the whole form again.
_FIELDS: KeptPerProcess[dict[str, dict[str, tuple[str, Any]]]] = KeptPerProcess(128)


def _field_catalogue(page: Page, draft: GameDraft) -> dict[str, dict[str, tuple[str, Any]]]:
    shared = draft.shared
    key = (
        draft.pk,
        str(page.campaign.revision),
        tuple(table_order(draft)),
        shared.get("game-megastructure"),
        get_language(),
    )
    found = _FIELDS.get(key)
    if found is not None:
        return found
    table_form, facts = _forms(page, draft, _cards(draft))
    catalogue: dict[str, dict[str, tuple[str, Any]]] = {SHARED: {}}
    for form in (facts, table_form.hubs, table_form.ballots, table_form.setup):
        for name, field in form.fields.items():
            posted = form.add_prefix(name)
            if posted.startswith(SHARED_PREFIXES):
                catalogue[SHARED][posted] = (str(field.label or name), field)
    for form in table_form.players:
        catalogue[card_scope(form.seat.corporation.key)] = {
            name: (str(field.label or name), field) for name, field in form.fields.items()
        } | {"_prefix": (form.prefix + "-", None)}
    return _FIELDS.put(key, catalogue)


def _problem(label: str, field: Any, value: Any) -> str:
    """The field's own check of a value, in a sentence naming the field (the value is kept all
    the same: nothing typed is lost). A count's field carries no min/max validator (the whole
    table's check, `validate_table`, judges the range when the game is scored), so its
    stepper's bounds, the ones the page draws, are checked here: the phone shows the sentence
    under the field as it is typed (docs/draft-protocol.md)."""
    try:
        cleaned = field.clean(value)
    except ValidationError as error:
        return sentence_for(label, " ".join(error.messages), predicate_of(error))
    if not isinstance(cleaned, int) or isinstance(cleaned, bool):
        return ""
    attrs = getattr(field.widget, "attrs", {})
    low, high = attrs.get("min"), attrs.get("max")
    if (low is not None and cleaned < low) or (high is not None and cleaned > high):
        values = {"label": label, "low": low, "high": high, "value": cleaned}
        if high is None:
            return _("%(label)s must be %(low)s or more, not %(value)s.") % values
        if low is None:
            return _("%(label)s must be at most %(high)s, not %(value)s.") % values
        return _("%(label)s must be between %(low)s and %(high)s, not %(value)s.") % values
    return ""


@guest_link(draft_protocol)
@campaign_access(PLAYER, methods=("POST",))
@page_frame(DRAFT, "games")
def draft_push(page: Page) -> HttpResponse:
    """A phone's changes, numbered in its sequence (docs/draft-protocol.md): each field's
    value with what the phone last saw there, and "my card is done", applied once and in
    order. Answers what changed since the version the phone has (`since`), the last number
    applied for it, the conflicts (someone else's newer value: both shown), and each change's
    own check (its field's validation) or refusal.

    One transaction holds the draft's row from the read to the write (`actions.push_changes`:
    one plain statement reads the draft with its cards, one writes them), and each change is
    checked alone against its field (`_field_catalogue`): no form is built
    (docs/draft-protocol.md, docs/performance.md)."""
    try:
        body = _read_push(page.request)
        changes = [_read_change(raw) for raw in body["changes"]]
    except PushRefused as error:
        return JsonResponse({"error": str(error)}, status=error.status)
    phone = body["phone"]
    problems: dict[str, str] = {}
    refused: dict[str, str] = {}
    catalogues: list[dict] = []

    def checked(read: DraftRead) -> list[Change]:
        catalogue = _field_catalogue(page, read.draft)
        catalogues.append(catalogue)
        return _checked(page, read, changes, catalogue, problems, refused)

    wanted = body.get("draft")
    if wanted is not None and _whole_number(wanted) is None:
        return JsonResponse({"closed": str(CLOSED)}, status=410)
    try:
        applied = actions.push_changes(
            page.campaign,
            next_number(page.campaign),
            checked,
            draft_id=wanted,
            phone=phone,
            user=page.request.user,
        )
    except PushRefused as error:
        return JsonResponse({"error": str(error)}, status=error.status)
    except DraftRefused as error:
        return JsonResponse({"closed": error_sentence(error, page.campaign)}, status=410)
    if applied is None:
        return JsonResponse({"closed": closed_words(page)}, status=410)
    since = _int_param(str(body.get("since", "")))
    answer = _delta(applied.draft, list(applied.every.values()), since, phone)
    answer.update(problems=problems, refused=refused)
    # The live panel as a poll would send it, when the phone says which one it has: a phone
    # that has just been answered skips its next poll (live/static/js/draft.js), so a table
    # typing costs its pushes and few polls.
    shown = _whole_number(body.get("panel"))
    if shown is not None and shown != applied.draft.revision:
        panel_version, html = live_panel(page, applied.draft, shown)
        if panel_version != shown:
            answer.update(panel=_for_reader(page, html), panel_version=panel_version)
    if applied.conflicts:
        answer["conflicts"] = _conflicts_answer(page, applied, catalogues[0])
    return JsonResponse(answer)


def _checked(
    page: Page,
    read: DraftRead,
    changes: list[Change],
    catalogue: dict[str, dict[str, tuple[str, Any]]],
    problems: dict[str, str],
    refused: dict[str, str],
) -> list[Change]:
    """The batch checked against the draft as held: a card the person may not write refuses
    it all (`PushRefused`, 403; an unknown card 404); an unknown field, or a card not at the
    table, is refused alone (`refused`, numbered, nothing written); a value its field refuses
    is kept with its sentence (`problems`)."""
    accepted: list[Change] = []
    for change in changes:
        card = read.cards.get(change.card) if change.card is not None else None
        if change.card is not None and card is None:
            raise PushRefused(
                _("No seat %(card)s in this game.") % {"card": repr(change.card)}, 404
            )
        if not may_write(page, card):
            if card is None:
                raise PushRefused(_("Only the campaign's players write the shared part."), 403)
            holder = card.corporation.holder
            raise PushRefused(
                _("%(corporation)s's card is written by %(name)s or the owner.")
                % {"corporation": card.corporation.name, "name": holder.get_username()}
                if holder
                else _("%(corporation)s's card is written by its holder or the owner.")
                % {"corporation": card.corporation.name},
                403,
            )
        scope = SHARED if card is None else card_scope(change.card)
        fields = catalogue.get(scope)
        if fields is None:
            refused[f"{scope}/{change.field or 'done'}"] = _(
                "%(corporation)s is not at the table in this game."
            ) % {"corporation": card.corporation.name}
            accepted.append(Change(change.seq))  # numbered, nothing to write
            continue
        if change.field is not None:
            entry = fields.get(change.field) if change.field != "_prefix" else None
            if entry is None:
                refused[f"{scope}/{change.field}"] = _("There is no field “%(field)s” here.") % {
                    "field": change.field
                }
                accepted.append(Change(change.seq))
                continue
            sentence = _problem(*entry, change.value)
            if sentence:
                problems[f"{scope}/{change.field}"] = sentence
        accepted.append(change)
    return accepted


def _conflicts_answer(page: Page, applied, catalogue) -> list[dict[str, Any]]:
    """Each refused change, with both values and the alert a page shows it in."""
    lines = []
    for scope, conflict in applied.conflicts:
        fields = catalogue.get(scope, {})
        label = fields.get(conflict.field, (conflict.field, None))[0]
        if scope == SHARED:
            prefix, url = "", reverse("campaign:draft_shared", args=[page.campaign.slug])
        else:
            key = scope.removeprefix("card:")
            prefix = fields.get("_prefix", ("", None))[0]
            url = page.reverse("campaign:draft_seat", key)
        line = _conflict_lines([conflict], {conflict.field: label}, prefix)[0]
        html = render_to_string(
            f"{LIVE}#conflicts",
            {"conflicts": [line], "write_url": url, "draft": applied.draft, "oob": False},
            request=page.request,
        )
        lines.append(
            {"scope": scope, "field": conflict.field, "theirs": line["theirs"], "html": html}
        )
    return lines

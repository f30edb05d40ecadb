"""The spoiler-safe sections pages, "what unlocks next", the next-game setup sheet and the
rules reference.

Pages read the replay's cache (`Campaign.state`: `unlocked_sections`, `unlock_reasons`,
`progress`, `next_game`) and the sections data (`solar175.sections`); no rule is computed here.
They answer in a constant number of queries however long the campaign.

Spoilers: a locked section is built as a `locked_row` (number, printed trigger, progress) that
holds no title and no changes, so no template can show them by mistake. Only `section` shows a
locked section's title and changes, and only to the person who confirmed a reveal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from campaign import actions
from campaign.frame import PLAYER, READER, Page, campaign_access, page_frame
from campaign.models import Campaign
from gamefile.words import Sentence
from hosting.busy import BUSY_SENTENCE, DatabaseBusy
from hosting.words import translated
from offline.keep import keep_offline
from solar175.box import TYPE_NAMES
from solar175.campaign_file import CampaignError
from solar175.game_entry import manual_unlock_window, new_switches
from solar175.sections import (
    SECTION_NUMBERS,
    Section,
    sections,
    sections_by_number,
)
from solar175.state import LockedSection, NextGame
from unlocks import actions as unlock_actions
from unlocks import rulebook, section_words
from unlocks.forms import (
    ComponentChecklistForm,
    ManualUnlockForm,
    RevealForm,
    SectionNoteForm,
    note_version,
)
from unlocks.models import (
    FIRST_UNTRANSCRIBED_SECTION,
    ComponentTick,
    SectionNote,
    SectionReveal,
)

ELECTION_TOKEN_ANARCHY = "celestial_rebellion"


# --- lookups -----------------------------------------------------------------------------


def _get_section(number: int) -> Section:
    if number not in SECTION_NUMBERS:
        raise Http404(_("Sections are numbered 1 to 33."))
    return sections_by_number()[number]


def _unlocked(campaign: Campaign) -> dict[int, int]:
    """Section number -> the game after which it unlocked, from the replay's cache."""
    return campaign.replayed().unlocked()


def _revealed(request: HttpRequest, campaign: Campaign) -> set[int]:
    """The locked sections this person asked to read, on any of their devices (one query).

    Reveals are kept on the account; one made on this device before accounts is still found
    by its session."""
    reveals = SectionReveal.objects.filter(campaign=campaign).for_person(
        request.session.session_key or "", request.user
    )
    return set(reveals.values_list("section", flat=True))


# --- rows: what a section may show -------------------------------------------------------


def checklist_items(section: Section) -> list[tuple[str, str]]:
    """The things an unlocked section asks the group to do once: (key, words), the words in
    the reader's language.

    The section box icons (page 25): open an envelope, open a box, check a rule box; plus the
    cards its switches bring into the game (`rulebook.SWITCH_STEPS`).
    """
    return [(key, translated(said)) for key, said in checklist_sentences(section).items()]


def checklist_sentences(section: Section) -> dict[str, Sentence]:
    """`checklist_items`' words as sentences (English, keeping their catalogue entries): the
    History stores a tick in them (`unlocks.actions.save_checklist`), said again in each
    reader's language."""
    items = {
        f"envelope-{n}": Sentence(gettext_noop("Open envelope %(n)s"), {"n": n})
        for n in section.envelopes
    }
    items |= {f"box-{n}": Sentence(gettext_noop("Open Box %(n)s"), {"n": n}) for n in section.boxes}
    for box in section.rule_boxes:
        key = f"rule-box-p{box.page}-{slugify(box.where)[:40]}"
        items[key] = Sentence(
            gettext_noop("Check the #%(number)s rule box on page %(page)s (%(where)s)"),
            {"number": section.number, "page": box.page, "where": box.where},
        )
    with translation.override(None):  # each step's catalogue entry: its English
        items |= {
            f"step-{switch}": Sentence(str(rulebook.SWITCH_STEPS[switch]))
            for switch in section.switches
            if switch in rulebook.SWITCH_STEPS
        }
    return items


def _when(game: int) -> str:
    return (
        _("after game %(game)s") % {"game": game}
        if game
        else _("before the app (opening snapshot)")
    )


def unlocked_row(
    section: Section,
    *,
    game: int,
    reason: str,
    note: SectionNote | None,
    done: Iterable[str],
    manual: bool,
    form: ComponentChecklistForm | None = None,
    note_form: SectionNoteForm | None = None,
) -> dict[str, Any]:
    """Everything an unlocked section shows: title, when, why, changes and its checklist."""
    items = checklist_items(section)
    done = set(done) & {key for key, _ in items}
    if form is None:
        form = ComponentChecklistForm(
            items=items,
            initial={"done": sorted(done), "shown": " ".join(sorted(done))},
            prefix=f"s{section.number}",
        )
    untranscribed = section.number >= FIRST_UNTRANSCRIBED_SECTION
    if untranscribed and note_form is None:
        note_form = SectionNoteForm(instance=note, prefix=f"note{section.number}")
    typed_title = note.title if note else ""
    return {
        "number": section.number,
        "unlocked": True,
        "title": typed_title or section.title or "",
        "page": section.page,
        "game": game,
        "when": _when(game),
        "reason": reason,
        "changes": section_words.said(section.changes),
        "note": note.note if note else "",
        "untranscribed": untranscribed,
        "items": [(key, words, key in done) for key, words in items],
        "done_count": len(done),
        "form": form,
        "note_form": note_form if untranscribed else None,
        "manual": manual,
    }


def locked_row(
    section: Section,
    *,
    progress: LockedSection | None,
    revealed: bool,
    unlock_form: ManualUnlockForm | None,
    unlock_after: int | None,
) -> dict[str, Any]:
    """What a locked section may show: its number and the printed trigger. Never the title."""
    return {
        "number": section.number,
        "unlocked": False,
        "trigger_text": section.trigger_text,
        "unlock_words": _unlock_words(section, unlock_after),
        "progress": progress,
        "revealed": revealed,
        "unlock_form": unlock_form,
        "unlock_after": unlock_after,
    }


def _unlock_words(section: Section, unlock_after: int | None) -> str:
    """What the group's own unlock does, in a sentence ("" for a section with a trigger)."""
    if unlock_after is None:
        return ""
    return _(
        "The app cannot see this happen: when it has, your group "
        "unlocks #%(number)s here, after the game in which it "
        "happened. It then counts as unlocked from that game on, "
        "like a section whose trigger fired, and can be taken back."
    ) % {"number": section.number}


def _manual_unlock_form(
    campaign: Campaign, section: Section, data: Any = None
) -> tuple[ManualUnlockForm | None, int | None]:
    """The group's own unlock (#19 "whenever you feel ready ... (anytime after game 4)", #30's
    achievements). Returns (form or None, the game after which it becomes possible).

    The form offers the games played since the later of the trigger's `after_game` and the
    opening snapshot (the log holds nothing before it); the replay has the last word."""
    window = manual_unlock_window(
        section.trigger, campaign.replayed().games_played, campaign.opening
    )
    if window is None:
        return None, None
    earliest, games = window
    if not games or not campaign.can_play:
        # Not yet; or a viewer, who sees when the group may unlock it but not the form.
        return None, earliest
    return ManualUnlockForm(data, games=games, prefix=f"unlock{section.number}"), earliest


def _manual_sections(campaign: Campaign) -> set[int]:
    return {entry.get("section") for entry in campaign.manual_unlocks or []}


def _sections_context(
    page: Page,
    *,
    forms: Mapping[int, Any] | None = None,
    expanded: int | None = None,
) -> dict[str, Any]:
    """The sections page: unlocked (newest first, with checklists) and locked (number and
    trigger only). `forms` carries a submitted form back to its section with its errors.

    The last game's unlocks are shown open; earlier ones folded, except `expanded` (the
    section just saved) and the one the address asks for (`?open=7`)."""
    request, campaign = page.request, page.campaign
    forms = forms or {}
    if expanded is None:
        asked = request.GET.get("open", "")
        expanded = int(asked) if asked.isdigit() else None
    state = campaign.replayed()
    unlocked = _unlocked(campaign)
    reasons = state.unlock_reasons
    progress = {entry.section: entry for entry in state.progress}
    games_played = state.games_played
    ticks: dict[int, set[str]] = {}
    for number, item in ComponentTick.objects.filter(campaign=campaign).values_list(
        "section", "item"
    ):
        ticks.setdefault(number, set()).add(item)
    notes = {note.section: note for note in SectionNote.objects.filter(campaign=campaign)}
    revealed = _revealed(request, campaign)
    manual = _manual_sections(campaign)
    by_number = sections_by_number()

    unlocked_rows = []
    # Newest first: after a game the group reads and ticks what it has just unlocked.
    for number, game in sorted(unlocked.items(), key=lambda kv: (-kv[1], kv[0])):
        submitted = forms.get(number, {})
        unlocked_rows.append(
            unlocked_row(
                by_number[number],
                game=game,
                reason=reasons.get(str(number), ""),
                note=notes.get(number),
                done=ticks.get(number, ()),
                manual=number in manual,
                form=submitted.get("checklist"),
                note_form=submitted.get("note"),
            )
        )
    locked_rows = []
    for section in sections():
        if section.number in unlocked:
            continue
        unlock_form, unlock_after = _manual_unlock_form(campaign, section)
        unlock_form = forms.get(section.number, {}).get("unlock", unlock_form)
        locked_rows.append(
            locked_row(
                section,
                progress=progress.get(section.number),
                revealed=section.number in revealed,
                unlock_form=unlock_form,
                unlock_after=unlock_after,
            )
        )
    latest_game = max(unlocked.values(), default=None)
    for row in unlocked_rows:
        row["expanded"] = (
            row["game"] == latest_game or row["number"] == expanded or row["number"] in forms
        )
        if not campaign.can_play:
            # A viewer reads the checklist and notes; the forms are the players'.
            row["form"] = row["note_form"] = None
    return page.frame(
        unlocked=unlocked_rows,
        locked=locked_rows,
        latest=[row for row in unlocked_rows if latest_game and row["game"] == latest_game],
        games_played=games_played,
    )


# --- the sections page -------------------------------------------------------------------


@campaign_access(READER)
@page_frame("unlocks/sections.html", "sections", offline=True)
def section_list(page: Page) -> dict[str, Any]:
    return _sections_context(page)


@campaign_access(READER)
@page_frame(active="sections")
def section_detail(page: Page, number: int) -> HttpResponse:
    """One section. Unlocked: all of it. Locked: number and trigger, unless this person
    confirmed a reveal; then its title and changes, to them only."""
    request, campaign = page.request, page.campaign
    section = _get_section(number)
    unlocked = _unlocked(campaign)
    if number in unlocked:
        context = _sections_context(page, expanded=number)
        row = next(r for r in context["unlocked"] if r["number"] == number)
        response = render(request, "unlocks/section.html", {**context, "section": row})
        # An unlocked section may be kept on the phone; a locked one never is, not even for
        # the person who revealed it (docs/offline.md).
        return keep_offline(request, response, campaign)
    progress = next((p for p in campaign.replayed().progress if p.section == number), None)
    unlock_form, unlock_after = _manual_unlock_form(campaign, section)
    revealed = number in _revealed(request, campaign)
    row = locked_row(
        section,
        progress=progress,
        revealed=revealed,
        unlock_form=unlock_form,
        unlock_after=unlock_after,
    )
    context = page.frame(section=row)
    if revealed:
        # The person asked for it and confirmed: the title and changes, for their eyes only.
        context["spoiler"] = {
            "title": section.title or "",
            "changes": section_words.said(section.changes),
        }
    return render(request, "unlocks/section.html", context)


def _section_card(page: Page, number: int, kind: str, form: Any) -> HttpResponse:
    """An unlocked section's card again after one of its forms: with htmx the card alone
    (saved: `form` None; else the form with its errors), without it the whole page (400)."""
    context = _sections_context(
        page, forms={number: {kind: form}} if form else None, expanded=number
    )
    if page.request.htmx:
        row = next(r for r in context["unlocked"] if r["number"] == number)
        return page.render({**context, "row": row}, template="unlocks/sections.html#section-card")
    return page.render(context, template="unlocks/sections.html", status=400)


def _redirect_to_section(campaign: Campaign, number: int) -> HttpResponse:
    url = reverse("unlocks:sections", kwargs={"slug": campaign.slug})
    return redirect(f"{url}?open={number}#section-{number}")


@campaign_access(PLAYER, methods=("POST",))
@page_frame(active="sections")
def section_components(page: Page, number: int) -> HttpResponse:
    """Store which of an unlocked section's components and rule boxes the group has done."""
    request, campaign = page.request, page.campaign
    section = _get_section(number)
    if number not in _unlocked(campaign):
        raise Http404(_("Only an unlocked section has a checklist."))
    form = ComponentChecklistForm(request.POST, items=checklist_items(section), prefix=f"s{number}")
    if form.is_valid():
        try:
            unlock_actions.save_checklist(
                campaign,
                number,
                form.cleaned_data["done"],
                checklist_sentences(section),
                shown=form.shown_items(),
                user=request.user,
            )
        except DatabaseBusy:
            form.add_error(None, f"{BUSY_SENTENCE}.")
            return _section_card(page, number, "checklist", form)
        if not request.htmx:
            messages.success(request, _("Checklist of #%(number)s saved.") % {"number": number})
            return _redirect_to_section(campaign, number)
        form = None
    return _section_card(page, number, "checklist", form)


@campaign_access(PLAYER, methods=("POST",))
@page_frame(active="sections")
def section_note(page: Page, number: int) -> HttpResponse:
    """The group's title and note of an untranscribed section (20-33) once it is unlocked."""
    request, campaign = page.request, page.campaign
    _get_section(number)
    if number not in _unlocked(campaign) or number < FIRST_UNTRANSCRIBED_SECTION:
        raise Http404(_("Only an unlocked section 20-33 takes a note."))
    note = SectionNote.objects.filter(campaign=campaign, section=number).first()
    form = SectionNoteForm(request.POST, instance=note, prefix=f"note{number}")
    if form.is_valid():
        edited = form.save(commit=False)
        edited.campaign = campaign
        edited.section = number
        try:
            unlock_actions.save_note(
                edited,
                changed=form.has_changed(),
                drawn_from=form.cleaned_data["drawn_from"],
                user=request.user,
            )
        except unlock_actions.StaleNote as stale:
            _explain_stale_note(form, stale.note)
            return _section_card(page, number, "note", form)
        except DatabaseBusy:
            form.add_error(None, f"{BUSY_SENTENCE}.")
            return _section_card(page, number, "note", form)
        if not request.htmx:
            messages.success(request, _("Note on #%(number)s saved.") % {"number": number})
            return _redirect_to_section(campaign, number)
        form = None
    return _section_card(page, number, "note", form)


def _explain_stale_note(form: SectionNoteForm, note: SectionNote | None) -> None:
    """Keep the person's note, show what is stored now, and let a second save replace it."""
    now = f"“{note.title}”: {note.note}" if note is not None else _("(nothing)")
    if note is not None and note.updated_by_id:
        said = _(
            "This note was saved by %(who)s while you were typing; nothing of yours was saved "
            "and yours is kept below. Saved now: %(now)s Save again to replace it with yours."
        ) % {"who": note.updated_by, "now": now[:300]}
    else:
        said = _(
            "This note was saved while you were typing; nothing of yours was saved and yours is "
            "kept below. Saved now: %(now)s Save again to replace it with yours."
        ) % {"now": now[:300]}
    form.add_error(None, said)
    data = form.data.copy()
    data[form.add_prefix("drawn_from")] = note_version(note)
    form.data = data


@campaign_access(PLAYER, methods=("POST",))
@page_frame(active="sections")
def section_unlock(page: Page, number: int) -> HttpResponse:
    """The group unlocks a section by its own decision (#19, #30): through the log."""
    request, campaign = page.request, page.campaign
    section = _get_section(number)
    if number in _unlocked(campaign):
        return redirect("unlocks:section", slug=campaign.slug, number=number)
    form, _words = _manual_unlock_form(campaign, section, request.POST)
    if form is None:
        raise Http404(_("This section unlocks by its trigger, not by the group's decision."))
    if form.is_valid():
        try:
            actions.set_manual_unlock(
                campaign, number, form.cleaned_data["after_game"], user=request.user
            )
        except CampaignError as error:
            form.add_error("after_game", error.message)
        else:
            messages.success(
                request, _("Section #%(number)s unlocked. Read it now.") % {"number": number}
            )
            return redirect("unlocks:section", slug=campaign.slug, number=number)
    context = _sections_context(page, forms={number: {"unlock": form}})
    return render(request, "unlocks/sections.html", context, status=400)


@campaign_access(PLAYER, methods=("POST",))
def section_take_back(page: Page, number: int) -> HttpResponse:
    """Undo the group's own unlock of a section (a mistaken tap)."""
    request, campaign = page.request, page.campaign
    _get_section(number)
    if number not in _manual_sections(campaign):
        raise Http404(_("The group did not unlock this section by hand."))
    try:
        actions.set_manual_unlock(campaign, number, None, user=request.user)
    except CampaignError as error:
        messages.error(
            request,
            _("#%(number)s stays unlocked: %(message)s")
            % {"number": number, "message": error.message},
        )
    else:
        messages.success(request, _("Section #%(number)s is locked again.") % {"number": number})
    return _redirect_to_section(campaign, number)


@campaign_access(READER, methods=("GET", "POST"))
@page_frame(active="sections")
def section_reveal(page: Page, number: int) -> HttpResponse:
    """Reveal a locked section to one person: GET asks "are you sure?", POST confirms."""
    request, campaign = page.request, page.campaign
    section = _get_section(number)
    if number in _unlocked(campaign):
        return redirect("unlocks:section", slug=campaign.slug, number=number)
    form = RevealForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        unlock_actions.reveal_section(
            campaign, number, user=request.user, session_key=request.session.session_key or ""
        )
        return redirect("unlocks:section", slug=campaign.slug, number=number)
    context = page.frame(
        section={"number": section.number, "trigger_text": section.trigger_text},
        form=form,
    )
    status = 400 if request.method == "POST" else 200
    return render(request, "unlocks/reveal_confirm.html", context, status=status)


@campaign_access(READER, methods=("POST",))
def section_hide(page: Page, number: int) -> HttpResponse:
    """Forget this person's reveal: the section is hidden from them again."""
    request, campaign = page.request, page.campaign
    _get_section(number)
    unlock_actions.hide_section(
        campaign, number, user=request.user, session_key=request.session.session_key or ""
    )
    messages.info(request, _("Section #%(number)s is hidden again.") % {"number": number})
    return _redirect_to_section(campaign, number)


# --- what unlocks next -------------------------------------------------------------------


def _nearness(entry: LockedSection) -> tuple[float, int, int]:
    target = entry.target or 1
    return (-entry.current / target, target - entry.current, entry.section)


@campaign_access(READER)
@page_frame(active="next", offline=True)
def next_unlocks(page: Page) -> HttpResponse:
    """Every locked section with its progress in the group's own numbers, nearest first."""
    request, campaign = page.request, page.campaign
    rows = []
    for entry in sorted(campaign.replayed().progress, key=_nearness):
        rows.append(
            {
                "number": entry.section,
                "trigger_text": entry.trigger,
                "words": entry.words,
                "current": entry.current,
                "target": entry.target,
                "percent": round(100 * entry.current / (entry.target or 1)),
            }
        )
    return render(request, "unlocks/next.html", page.frame(rows=rows))


# --- the next game's setup sheet -----------------------------------------------------------


def _corporation_rows(page: Page, next_game: NextGame) -> list[dict[str, Any]]:
    powers = page.names.powers
    credits = next_game.starting_credits_by_corporation
    held = next_game.player_powers
    rows = []
    for corporation in page.corporations:
        rows.append(
            {
                "key": corporation.key,
                "name": corporation.name,
                "player": corporation.player,
                "ai": corporation.ai,
                "colour": corporation.css_colour or "",
                "credits": credits.get(corporation.key, next_game.starting_credits),
                "power": powers.get(held.get(corporation.key, ""), held.get(corporation.key, "")),
            }
        )
    return rows


@campaign_access(READER)
@page_frame("unlocks/setup.html", "setup", cached=True, offline=True)
def setup_sheet(page: Page) -> dict[str, Any]:
    """Everything the campaign changes for the next game (RULES-NOTES §9), on one page.

    What the last game's unlocks changed is marked new: the table sets it up for the first time.
    Its body is kept until the campaign changes (campaign.page_cache).
    """
    return _setup_sheet_body(page)


def _setup_sheet_body(page: Page) -> dict[str, Any]:
    campaign, names_ = page.campaign, page.names
    state = page.state
    next_game = state.next_game
    games_played = state.games_played
    new = new_switches(((u.section, u.game) for u in state.unlocked_sections), games_played)
    corporations = _corporation_rows(page, next_game)
    names = {c["key"]: c["name"] for c in corporations}
    parties = names_.parties
    hubs = names_.zone_hubs
    # The campaign's own box: its megastructures, where it places them.
    megastructures = {
        key: {
            "name": m.name,
            "type": TYPE_NAMES.get(m.type, ""),
            "location": m.location or "",
            "zone": m.zone,
        }
        for key, m in names_.megastructure_entries.items()
    }
    options = [
        megastructures.get(key, {"name": key, "type": "", "location": "", "zone": None})
        for key in next_game.megastructure_options
    ]
    chooser = next_game.megastructure_chooser
    last_game = campaign.games.order_by("-number").values_list("number", flat=True).first()
    # Setup step 8, the replay's `first_player`: the last game's winner; before the log's
    # first game, the page names none (an opening snapshot's winner included).
    first = next_game.first_player if last_game is not None else None
    incumbent = next_game.incumbent_party
    cards = next_game.political_influence_cards
    keep_both = [names.get(k, k) for k, kept in cards.kept.items() if kept > 1] if cards else []
    by_players = next_game.mining_tokens_by_players
    context = page.frame(
        next_game=next_game,
        corporations=corporations,
        zones=[
            {"number": z, "hub": hubs.get(z, ""), "new": f"zone_{z}" in new}
            for z in next_game.zones_in_play
        ],
        trade_row=[
            {
                "name": rulebook.TRADE_CARDS.get(k, k),
                "new": rulebook.TRADE_CARD_SWITCHES.get(k) in new,
            }
            for k in next_game.trade_row
        ],
        political_row=[
            {"name": parties.get(k, k), "new": k in new} for k in next_game.political_row
        ],
        incumbent=parties.get(incumbent, incumbent),
        anarchy_side=incumbent == ELECTION_TOKEN_ANARCHY,
        hire_cards=rulebook.HIRE_CARDS,
        options=options,
        fixed=len(options) == 1 and chooser is None,
        chooser=names.get(chooser, chooser) if chooser else None,
        first_player=names.get(first, first) if first else None,
        last_game=last_game,
        keep_both=keep_both,
        mining_by_players=sorted((int(n), t) for n, t in by_players.items()),
        new=new,
    )
    return context


# --- the rules reference -----------------------------------------------------------------


@campaign_access(READER)
@page_frame(active="rules", offline=True)
def rules_reference(page: Page) -> HttpResponse:
    """The rulebook's rule areas with the changes in force, each linked to its section.

    A locked section shows only that it may change the area later ("you will be checking off
    these sections as they unlock", page 4), never what it changes.
    """
    request, campaign = page.request, page.campaign
    unlocked = _unlocked(campaign)
    notes = {note.section: note for note in SectionNote.objects.filter(campaign=campaign)}
    by_number = sections_by_number()
    rule_boxes = [(s.number, box.where) for s in sections() for box in s.rule_boxes]
    areas = []
    for area in rulebook.RULE_AREAS:
        inside = area.inside_section
        if inside is not None and inside not in unlocked:
            continue
        in_force, later = [], []
        for number in rulebook.sections_changing(area, rule_boxes):
            url = reverse("unlocks:section", kwargs={"slug": campaign.slug, "number": number})
            if number in unlocked:
                section, note = by_number[number], notes.get(number)
                in_force.append(
                    {
                        "number": number,
                        "title": (note.title if note else "") or section.title or "",
                        "when": _when(unlocked[number]),
                        "changes": section_words.said(section.changes)
                        or (note.note if note else ""),
                        "url": url,
                    }
                )
            else:
                later.append({"number": number, "url": url})
        name = area.name
        if inside is not None and by_number[inside].title:
            name = f"{area.name} {by_number[inside].title}"
        areas.append(
            {
                "key": area.key,
                "name": name,
                "page": area.page,
                "rule": area.rule,
                "in_force": in_force,
                "later": later,
            }
        )
    return render(request, "unlocks/rules.html", page.frame(areas=areas))

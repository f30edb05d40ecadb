"""What one phone downloads in a minute of a game entered together, before and after gzip.

The night of `benchmarks.table_night` (game 6 of the demo campaign, four seats): the draft is
opened and every seat types its card through the real pages, as there. Then one minute of one
phone at that table, through the same addresses as its page (live/static/js/draft.js,
docs/draft-protocol.md): it asks "anything after version V?" every
`live.views.drafts.POLL_SECONDS`, with the version and the panel's version it has; before
each poll someone else at the table changes a value, so every poll brings what changed and the
panel back (a busy table, the heavy case); and every `OWN_WRITE_EVERY`th poll the phone pushes
a change of its own, numbered in its sequence. Every answer is asked for with
`Accept-Encoding: gzip` (the app compresses: hosting.middleware.CompressedText); its bytes as
sent and as uncompressed are both counted, so the two figures are of the very same minute.
The card page itself, loaded once, is said apart. Then the same minute of the host's phone
on the table's page, its own changes in the shared part (goal ≤ 100 KB compressed, issue 31);
its line also says what the minute was while the service worker fetched the whole page again
after each push (offline/sw.js, a `keep` asked by static/js/offline.js 2 s after each stored
change, as it did before issue 31): that minute plus one compressed page a push.
The minute is run without waiting: the live panel, which the server draws at most once
per `LIVE_SECONDS` (as often as a phone polls), is drawn for every poll
here, as it is at a real table's pace.
"""

from __future__ import annotations

import gzip
import json

from django.urls import reverse

from benchmarks.table_night import _changes, fields_of, night_table

MINUTE = 60
OWN_WRITE_EVERY = 3


class Counted:
    """The bytes a phone received: as sent, and uncompressed."""

    def __init__(self) -> None:
        self.sent = 0
        self.plain = 0

    def add(self, response) -> None:
        body = response.content
        compressed = response.get("Content-Encoding") == "gzip"
        self.sent += len(body)
        self.plain += len(gzip.decompress(body)) if compressed else len(body)


def _text(response) -> str:
    body = response.content
    return (gzip.decompress(body) if response.get("Content-Encoding") == "gzip" else body).decode()


def _kb(size: int) -> str:
    return f"{size / 1024:.0f} KB"


def draft_phone_bytes() -> list[str]:
    """Two lines: `draft phone: N KB a minute uncompressed, M KB compressed` and how, for a
    seat's phone and for the host's."""
    from live.views.drafts import POLL_SECONDS

    table = night_table("bytes", HTTP_ACCEPT_ENCODING="gzip")
    campaign, host, phones = table.campaign, table.host, table.phones
    # The host's phone asks for gzip as the seats' do (night_table gives them the header).
    host.defaults["HTTP_ACCEPT_ENCODING"] = "gzip"
    corporations, cards, shared_target = table.corporations, table.cards, table.shared_target
    host.post(reverse("campaign:draft_open", args=[campaign.slug]))

    # Every seat types its card and the host the shared part, as on the night: the panel then
    # carries the live totals and the whole score sheet.
    fields: dict[str, list[tuple[str, str, str]]] = {}
    for corporation in corporations:
        key = corporation.key
        url = reverse("campaign:draft_seat", args=[campaign.slug, key])
        page = fields_of(_text(phones[key].get(url)), "seat-form")
        prefix = next((n.split("-")[0] + "-" for n in page.values if n.startswith("p")), "p1-")
        target = {prefix + name: value for name, value in cards.get(key, {}).items()}
        fields[key] = _changes(page, target)
        for name, shown, wanted in fields[key]:
            phones[key].post(
                url, {name: wanted, "_field": name, "_was": shown}, HTTP_HX_REQUEST="true"
            )

    shared_url = reverse("campaign:draft_shared", args=[campaign.slug])
    draft_page = _text(host.get(reverse("campaign:draft", args=[campaign.slug])))
    for name, shown, wanted in _changes(fields_of(draft_page, "shared-form"), shared_target):
        host.post(shared_url, {name: wanted, "_field": name, "_was": shown}, HTTP_HX_REQUEST="true")

    # One minute of the first seat's phone, then one of the host's.
    mine, *others = [c.key for c in corporations]
    seat_url = reverse("campaign:draft_seat", args=[campaign.slug, mine])
    shared_fields = _changes(fields_of(draft_page, "shared-form"), shared_target)
    current: dict[tuple[str, str], str] = {}
    seat = _minute(table, phones[mine], seat_url, mine, others, fields, current)
    host = _minute(
        table,
        host,
        reverse("campaign:draft", args=[campaign.slug]),
        None,
        [c.key for c in corporations],
        {**fields, None: shared_fields},
        current,
    )
    return [
        f"draft phone: {_kb(seat.minute.plain)} a minute uncompressed, {_kb(seat.minute.sent)} "
        f"compressed ({seat.polls} polls, one every {POLL_SECONDS} s, each after another "
        f"seat's change; {seat.writes} writes of its own; its card page once: "
        f"{_kb(seat.page.plain)}, {_kb(seat.page.sent)} compressed)",
        f"draft host: {_kb(host.minute.plain)} a minute uncompressed, {_kb(host.minute.sent)} "
        f"compressed (the same minute on the table's page, its {host.writes} writes in the "
        f"shared part; its page once: {_kb(host.page.plain)}, {_kb(host.page.sent)} "
        f"compressed, no longer fetched again by the worker after each push; with that "
        f"fetch, as before issue 31: {_kb(host.minute.sent + host.writes * host.page.sent)} "
        f"compressed, goal ≤ 100 KB)",
    ]


class Minute:
    """One phone's minute: its page loaded once, what the minute brought, its polls and
    writes."""

    def __init__(self) -> None:
        self.page, self.minute = Counted(), Counted()
        self.polls = self.writes = 0


def _minute(table, phone, page_url, mine, others, fields, current) -> Minute:
    """A minute of `phone` (its page at `page_url`), writing `mine`'s card (None: the shared
    part) every `OWN_WRITE_EVERY`th poll while the seats `others` change theirs."""
    from live.views import drafts
    from live.views.drafts import POLL_SECONDS

    campaign, phones = table.campaign, table.phones
    seen = Minute()
    seen.page.add(phone.get(page_url))
    live_url = reverse("campaign:draft_live", args=[campaign.slug])
    push_url = reverse("campaign:draft_push", args=[campaign.slug])
    minute = seen.minute
    draft = campaign.drafts.get()
    version, panel_version, seq = draft.revision, 0, 0
    polls = MINUTE // POLL_SECONDS
    own_writes = 0
    others = [key for key in others if key != mine]

    def change(key: str, turn: int) -> object:
        """Seat `key` changes one of its values: to what the page first showed, or back."""
        name, shown, wanted = fields[key][turn % len(fields[key])]
        was = current.get((key, name), wanted)
        now = shown if was == wanted else wanted
        current[(key, name)] = now
        return phones[key].post(
            reverse("campaign:draft_seat", args=[campaign.slug, key]),
            {name: now, "_field": name, "_was": was},
            HTTP_HX_REQUEST="true",
        )

    # Real time between two polls is POLL_SECONDS = LIVE_SECONDS: each poll meets a new panel.
    live_seconds, drafts.LIVE_SECONDS = drafts.LIVE_SECONDS, 0
    try:
        for poll in range(polls):
            # Someone else at the table changes a value.
            change(others[poll % len(others)], poll // len(others))
            if poll % OWN_WRITE_EVERY == OWN_WRITE_EVERY - 1:
                name, shown, wanted = fields[mine][own_writes % len(fields[mine])]
                was = current.get((mine, name), wanted)
                now = shown if was == wanted else wanted
                current[(mine, name)] = now
                seq += 1
                if mine is None:
                    change_sent = {"seq": seq, "field": name}
                else:
                    change_sent = {"seq": seq, "card": mine, "field": name.split("-", 1)[1]}
                batch = {"draft": draft.pk, "phone": f"bytes-{mine}", "since": version}
                batch["changes"] = [{**change_sent, "value": now, "was": was}]
                pushed = phone.post(push_url, json.dumps(batch), content_type="application/json")
                assert pushed.status_code == 200, f"push {seq}: {pushed.status_code}"
                minute.add(pushed)
                version = json.loads(_text(pushed))["version"]
                own_writes += 1
            asked = {"v": version, "p": panel_version, "d": draft.pk, "phone": f"bytes-{mine}"}
            answer = phone.get(live_url, asked, HTTP_ACCEPT="application/json")
            minute.add(answer)
            assert answer.status_code == 200, f"poll {poll}: {answer.status_code}"
            body = json.loads(_text(answer))
            version = body["version"]
            panel_version = body.get("panel_version", panel_version)
    finally:
        drafts.LIVE_SECONDS = live_seconds
    seen.polls, seen.writes = polls, own_writes
    return seen

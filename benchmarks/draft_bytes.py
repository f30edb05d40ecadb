"""What one phone downloads in a minute of a game entered together, before and after gzip.

The night of `benchmarks.table_night` (game 6 of the demo campaign, four seats): the draft is
opened and every seat types its card through the real pages, as there. Then one minute of one
phone at that table, through the same addresses as its page (static/js/draft.js,
docs/draft-protocol.md): it asks "anything after version V?" every
`campaign.views.drafts.POLL_SECONDS`, with the version and the panel's version it has; before
each poll someone else at the table changes a value, so every poll brings what changed and the
panel back (a busy table, the heavy case); and every `OWN_WRITE_EVERY`th poll the phone pushes
a change of its own, numbered in its sequence. Every answer is asked for with
`Accept-Encoding: gzip` (the app compresses: hosting.middleware.CompressedText); its bytes as
sent and as uncompressed are both counted, so the two figures are of the very same minute.
The card page itself, loaded once, is said apart. The minute is run without waiting: the live
panel, which the server draws at most once per `LIVE_SECONDS` (as often as a phone polls), is
drawn for every poll here, as it is at a real table's pace.
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
    """One line: `draft phone: N KB a minute uncompressed, M KB compressed` and how."""
    from campaign.views import drafts
    from campaign.views.drafts import POLL_SECONDS

    table = night_table("bytes", HTTP_ACCEPT_ENCODING="gzip")
    campaign, host, phones = table.campaign, table.host, table.phones
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

    # One minute of the first seat's phone.
    mine, *others = [c.key for c in corporations]
    phone = phones[mine]
    seat_url = reverse("campaign:draft_seat", args=[campaign.slug, mine])
    card_page = Counted()
    card_page.add(phone.get(seat_url))
    live_url = reverse("campaign:draft_live", args=[campaign.slug])
    push_url = reverse("campaign:draft_push", args=[campaign.slug])
    minute = Counted()
    draft = campaign.drafts.get()
    version, panel_version, seq = draft.revision, 0, 0
    polls = MINUTE // POLL_SECONDS
    own_writes = 0
    current: dict[tuple[str, str], str] = {}

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
                change_sent = {"seq": seq, "card": mine, "field": name.split("-", 1)[1]}
                batch = {"draft": draft.pk, "phone": "bytes-phone", "since": version}
                batch["changes"] = [{**change_sent, "value": now, "was": was}]
                pushed = phone.post(push_url, json.dumps(batch), content_type="application/json")
                assert pushed.status_code == 200, f"push {seq}: {pushed.status_code}"
                minute.add(pushed)
                version = json.loads(_text(pushed))["version"]
                own_writes += 1
            asked = {"v": version, "p": panel_version, "d": draft.pk, "phone": "bytes-phone"}
            answer = phone.get(live_url, asked, HTTP_ACCEPT="application/json")
            minute.add(answer)
            assert answer.status_code == 200, f"poll {poll}: {answer.status_code}"
            body = json.loads(_text(answer))
            version = body["version"]
            panel_version = body.get("panel_version", panel_version)
    finally:
        drafts.LIVE_SECONDS = live_seconds
    return [
        f"draft phone: {_kb(minute.plain)} a minute uncompressed, {_kb(minute.sent)} "
        f"compressed ({polls} polls, one every {POLL_SECONDS} s, each after another seat's "
        f"change; {own_writes} writes of its own; its card page once: "
        f"{_kb(card_page.plain)}, {_kb(card_page.sent)} compressed)"
    ]

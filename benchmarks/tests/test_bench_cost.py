"""`bench cost`: one push's and one poll's CPU and statements, through the whole middleware
stack (benchmarks/draft_cost.py). The statement counts are the protocol's budget
(docs/draft-protocol.md): a push reads and holds its draft in one statement and writes it in
one, a poll reads the draft with its cards in one."""

import re

import pytest

from benchmarks.draft_cost import draft_request_costs
from scoring.tests.catalogue import ensure_catalogue

pytestmark = pytest.mark.django_db(transaction=True)

LINE = re.compile(
    r"cost: ([a-z, 0-9]+): ([\d.]+) ms CPU \(median of (\d+); p25 [\d.]+\), (\d+) statements"
)


def test_a_push_and_a_poll_cost_a_few_statements():
    ensure_catalogue()
    lines = draft_request_costs(repeat=6)
    found = {}
    for line in lines:
        match = LINE.fullmatch(line)
        assert match, line
        found[match.group(1)] = (float(match.group(2)), int(match.group(4)))
    assert set(found) == {"push", "poll", "poll 204", "push, drawing"}
    # The sign-in's session and person, the campaign with the role; then the push's
    # transaction (begin, the draft with its cards held, one write, commit on PostgreSQL;
    # a write each on SQLite) and the kept panel's version.
    assert found["push"][1] <= 9, lines
    assert found["poll"][1] <= 5, lines
    assert found["poll 204"][1] <= 4, lines
    # The push that draws the table's panel is the only one building forms.
    assert found["push, drawing"][1] > found["push"][1], lines

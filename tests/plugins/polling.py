"""Live pages poll quickly in the browser tests: the draft and Startropolis pages ask the
server for news every QUICK_POLL_SECONDS, where a phone at the table asks every 2 or 3 s."""

import pytest

# How often a live page asks the server for news in the browser tests: every half second,
# where a phone at the table asks every 2 s (a game's draft) or 3 s (a Startropolis play).
# What those tests show is that each phone follows the others without a tap, in the order
# things happened; at the table's pace they spent most of their time waiting for the next
# poll (the Startropolis game on four phones: 67 s, 33 s at this pace, for the same
# processor time).
QUICK_POLL_SECONDS = 0.5


@pytest.fixture(autouse=True)
def live_pages_poll_quickly(request, monkeypatch):
    """In a browser test the draft and Startropolis pages poll every QUICK_POLL_SECONDS."""
    if request.node.get_closest_marker("browser") is None:
        return
    import live.views.drafts
    import playlog.startropolis.views

    monkeypatch.setattr(live.views.drafts, "POLL_SECONDS", QUICK_POLL_SECONDS)
    monkeypatch.setattr(playlog.startropolis.views, "POLL_MS", round(QUICK_POLL_SECONDS * 1000))

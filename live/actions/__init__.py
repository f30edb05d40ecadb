"""Every write to the live table, as verb-named functions (as `campaign.actions` for the ledger).

- `drafts`: a game entered by the whole table at once, written a field at a time by several
  phones (the draft protocol, docs/draft-protocol.md), then saved through the ledger's one
  writing path (`campaign.actions.save_game`);
- `discards`: a draft closed unsaved, recorded in the campaign's history, and put back by an
  undo;
- `seats`: a guest's seat in one game's draft, and handing it to a member afterwards;
- `photos`: the photo of a game's final table attached or removed.
"""

from live.actions.drafts import (
    Change,
    DraftRefused,
    FieldConflict,
    apply_changes,
    claim_live_panel,
    keep_live_panel,
    kept_panel,
    may_write_card,
    open_draft,
    poll_draft,
    push_changes,
    save_draft,
    set_table,
    write_card,
    write_shared,
)

__all__ = [
    "Change",
    "DraftRefused",
    "FieldConflict",
    "apply_changes",
    "claim_live_panel",
    "keep_live_panel",
    "kept_panel",
    "may_write_card",
    "open_draft",
    "poll_draft",
    "push_changes",
    "save_draft",
    "set_table",
    "write_card",
    "write_shared",
]

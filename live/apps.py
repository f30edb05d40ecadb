from django.apps import AppConfig


class LiveConfig(AppConfig):
    """The live table: a game entered by the whole table at once (drafts, seats, guests,
    discards, the live panel, the push/poll protocol) and the photo of its final table
    (docs/architecture.md "The live table")."""

    name = "live"

    def ready(self) -> None:
        from campaign.actions.undo import register_undo
        from campaign.models import DRAFT_KINDS
        from live.actions.discards import undo_draft

        # A discarded draft is undone from the ledger's History: its undo is this app's.
        register_undo(DRAFT_KINDS, undo_draft)

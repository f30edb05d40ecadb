"""The live table's pages (all through `campaign.frame.campaign_page`, as the ledger's):

- `drafts`: the host's page, a seat's card, the shared part, the table's seats, the save;
- `draft_live`: the draft protocol's push ("these changes of mine") and poll ("anything after
  version V?"), JSON (docs/draft-protocol.md);
- `seats`: the seat picker, the table's QR code, a draft discarded, a guest's seat handed over;
- `photos`: the photo of a game's final table, shown, added, removed.
"""

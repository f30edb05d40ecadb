"""Campaign pages, one module per part (all through `campaign.frame`'s decorators):

- `campaigns`: the list, a new campaign (from scratch, mid-campaign, from a file), its file,
  its settings, deleting it;
- `pages`: what the replay derived — dashboard, game log, tracker cards, elections, cities
  (each also on the read-only public page);
- `games`: entering, editing, previewing, moving and deleting a game through the wizard;
- `checklist`: the post-game checklist (the city, the powers);
- `history`: the history of changes and the undo of one.

The charts page, its charts as SVG, a tracker card as PNG and a game's summary are the
`pictures` app's (`pictures.views`).

Views join the catalogue's names onto the replay's output and write only through
`campaign.actions`; no rule is computed here.
"""

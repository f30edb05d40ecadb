"""The rules of Solar 175, as plain data in and plain data out: no Django, no database.

- `table`: a game's end-of-game table (docs/table-file.md): read, checked, written back.
- `engine`: one game scored (election, worker values, IP per category, ranks, tracker boxes).
- `catalogue`: the catalogue as the rules read it (megastructures, tracker sections, awards,
  locations).
- `sections`: the 33 sections, their triggers as data and the rule switches they turn on.
- `triggers`: Campaign Events, each trigger kind a small predicate over the campaign so far.
- `campaign_file`: the campaign file (docs/campaign-file.md): read, checked, written back.
- `replay`: the whole campaign derived from its file, game by game.
- `differences`: what changed between two entries of a game, in the group's words.

The Django apps translate between their models and these; see `docs/architecture.md`.
"""

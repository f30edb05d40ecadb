"""Space Explorers, solo mode, in the play log (OTHER-GAMES.md §1): the setup, the turn runner,
the score sheet and the tiles the group entered, in one place: `forms`, `views`, `urls` (the
`space_explorers` namespace), the templates beside them and, in `pages`, what the play log's
shared pages ask of the game. The rules are the top-level `space_explorers` package."""

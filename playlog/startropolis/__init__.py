"""Startropolis in the play log (OTHER-GAMES.md §2): the setup, the round tracker and each
player's own view, the station's picture (`picture`), the final scoring and the end state of a
game played without the tracker, in one place: `forms` and `sheet_forms`, `views` and
`setup_views`, `urls` (the `startropolis` namespace), the templates beside them and, in
`pages`, what the play log's shared pages ask of the game. The rules are the top-level
`startropolis` package."""

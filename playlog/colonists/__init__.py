"""The colonist game (expert rules) in the play log (OTHER-GAMES.md §3): the score sheet, the
helpers at the table and the group's settings (the title, the categories), in one place:
`forms`, `views`, `urls` (the `colonists` namespace), the templates beside them and, in
`pages`, what the play log's shared pages ask of the game. The rules are the top-level
`colonists` package."""

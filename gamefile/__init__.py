"""What every game's file format shares: one error type naming the field, one JSON reader.

Pure Python, no Django. The Solar 175 rules (`solar175`) and the other games' rules
(`space_explorers`, `startropolis`, `colonists`) read a person's JSON through `json_input` and
refuse bad input with a `FieldError` whose `str()` is the one line a command prints:
`players[1].credits: must be between 0 and 29`. Every game's derived state declares its JSON
shape once, on its dataclasses, for one writer and one reader (`shape`).
"""

"""The bounds every reader of a person's input keeps, so no input can end in a traceback.

- `LARGEST_COUNT`: the sanity bound of a count the box does not bound itself (IP entries,
  military tokens, loan values, a ship's presence, election wins, debt points, game
  numbers). No count on a Solar 175 table or in a campaign reaches a thousand; a number past
  it is a typing slip, refused with a sentence rather than carried into the scores.
- `LONGEST_NUMBER`: a JSON number of more digits than this is refused by the JSON reader
  itself (Python gives up on 4,300 digits; a 4,000-digit count would score and then fail to
  print).
- `LONGEST_TEXT`: a text no field bounds more closely (a game's notes are the longest any file
  holds) is refused past this many characters.
- `cut`: a person's text quoted in an error line (a key, a path) is cut to a readable length,
  so a 10 MB key makes a one-line error, not a 10 MB one.
"""

from gamefile.words import Number, _

LARGEST_COUNT = 999
SANITY_SENTENCE = _(
    "must be at most %(most)s (no count in a game of Solar 175 comes near a thousand)",
    most=LARGEST_COUNT,
)
LONGEST_NUMBER = 15
LONGEST_TEXT = 5000
# An error line's parts: the field's path and the sentence.
PATH_LENGTH = 120
MESSAGE_LENGTH = 300


def cut(text: str, length: int) -> str:
    """`text`, or its first `length` characters and an ellipsis saying how long it was."""
    if len(text) <= length:
        return text
    return _("%(start)s… (%(length)s characters)", start=text[:length], length=Number(len(text)))

"""The error every reader of a person's input raises: which field, and what is allowed."""

import re

from gamefile.limits import MESSAGE_LENGTH, PATH_LENGTH, cut

# A control character in a key the path names (a NUL, a tab) is written as JSON writes it, so
# the line stays one printable line a terminal and a database take.
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def printable(text: str) -> str:
    return CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class FieldError(ValueError):
    """Bad input: `path` names the field (`players[1].credits`), `message` says what is allowed.

    `str()` is the one line the commands print and the pages show: "path: message".
    """

    def __init__(self, path: str, message: str) -> None:
        # A path or a sentence quoting a person's text is cut to a readable line.
        # A sentence left whole stays the Sentence it is (gamefile.words), so a page can say
        # it in the person's language.
        path, shown = cut(printable(path), PATH_LENGTH), cut(printable(message), MESSAGE_LENGTH)
        message = message if shown == message else shown
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return (self.path, self.message) == (other.path, other.message)

    def __hash__(self) -> int:
        return hash((type(self), self.path, self.message))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r}, {self.message!r})"

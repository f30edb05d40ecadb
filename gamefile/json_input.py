"""Reading JSON that a person hands the app: a file given to a command, or an upload.

One reader for the `score`, `replay` and `import_campaign` commands and the import page, so
each refuses unreadable input with the same plain sentence, and none of them can crash on JSON
that Python's own parser gives up on (deep nesting, numbers of thousands of digits).
"""

import json
from pathlib import Path
from typing import Any


class JsonInputError(ValueError):
    """Input that holds no JSON; `str()` is the sentence, without the file's name."""


def parse_json_text(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonInputError(
            f"is not JSON ({error.msg} at line {error.lineno} column {error.colno})"
        ) from None
    except RecursionError:
        raise JsonInputError("is not JSON this app reads (nested too deeply)") from None
    except ValueError as error:
        # Python refuses integers of more than 4300 digits (a guard against slow parsing).
        raise JsonInputError(f"is not JSON this app reads ({error})") from None


def parse_json_bytes(data: bytes) -> Any:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JsonInputError(f"is not UTF-8 text ({error.reason} at byte {error.start})") from None
    return parse_json_text(text)


def read_json_file(path: str | Path) -> Any:
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise JsonInputError(f"cannot read the file ({reason})") from None
    return parse_json_bytes(data)

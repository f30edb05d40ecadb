"""The one error the colonist game's rules raise: which field, and what is allowed."""

from gamefile.errors import FieldError


class ColonistsError(FieldError):
    """Bad input for the colonist game (expert rules): `str()` is "path: message"."""

"""The one error Startropolis input raises: which field, and what is allowed."""

from gamefile.errors import FieldError


class StartropolisError(FieldError):
    """A Startropolis table or session the app refuses; `str()` is "path: sentence"."""

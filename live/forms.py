"""What a write to a draft posts beside the fields it writes (docs/draft-protocol.md): the
protocol's own fields of a form post (htmx, or a page without JavaScript), read by one Django
form instead of by hand. Their refusals keep the sentences the pages always showed."""

from __future__ import annotations

from typing import Any

from django import forms

from gamefile.json_input import JsonInputError, parse_json_text


class Posted(forms.Field):
    """A value as it was posted, never required: None when the post leaves it out ("" is a
    value: the writer saw an empty box)."""

    def __init__(self) -> None:
        super().__init__(required=False)


class DraftWrite(forms.Form):
    """A write's own fields: `_field` the one field an htmx write posts (absent: the whole
    form), `_was` what the writer last saw of it, `_drawn` every value as the page showed the
    form (JSON, for a whole form), `_done` a card marked done ("1") or not (anything else;
    absent: unchanged), `_part` which part of the shared form ("hubs": a seat's HUBs).

    Valid unless `_drawn` holds JSON this app does not read (nested too deep, a number of
    thousands of digits) or something other than the form's values: `refusal` says why, and
    nothing is written, never taken for "saw nothing"."""

    _field = Posted()
    _was = Posted()
    _drawn = Posted()
    _done = Posted()
    _part = Posted()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        field = data.get("_field")
        if field is not None and data.get("_was") is not None:
            data["was"] = {field: data["_was"]}
        else:
            data["was"] = self._seen(data.get("_drawn"))
        return data

    @staticmethod
    def _seen(text: str | None) -> dict[str, Any] | None:
        if not text:
            return None
        try:
            drawn = parse_json_text(text)
        except JsonInputError as error:
            raise forms.ValidationError(f"What the page showed (_drawn) {error}.") from None
        if not isinstance(drawn, dict):
            raise forms.ValidationError("What the page showed (_drawn) is not the form's values.")
        return drawn

    @property
    def field(self) -> str | None:
        return self.cleaned_data["_field"]

    @property
    def was(self) -> dict[str, Any] | None:
        """What the writer last saw: `_was` for the one field posted, else the form's `_drawn`;
        None: the writer saw nothing (write anyway)."""
        return self.cleaned_data["was"]

    @property
    def done(self) -> bool | None:
        done = self.cleaned_data["_done"]
        return None if done is None else done == "1"

    @property
    def whole(self) -> bool:
        """The whole card posted (its save button: `_drawn` and no `_field`)."""
        return self.field is None and self.cleaned_data["_drawn"] is not None

    @property
    def part(self) -> str | None:
        return self.cleaned_data["_part"]

    def refusal(self) -> str:
        """Why the write is refused (the form is not valid)."""
        return self.non_field_errors()[0]

"""What a write to a draft posts beside the fields it writes (docs/draft-protocol.md): the
protocol's own fields of a form post (htmx, or a page without JavaScript), read by one Django
form instead of by hand. Their refusals keep the sentences the pages always showed."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from gamefile.json_input import JsonInputError, parse_json_text
from hosting.words import translated


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
            raise forms.ValidationError(
                # Translators: %(problem)s says what is wrong with the JSON ("is not JSON…").
                _("What the page showed (_drawn) %(problem)s.")
                % {"problem": translated(error.args[0] if error.args else str(error))}
            ) from None
        if not isinstance(drawn, dict):
            raise forms.ValidationError(
                _("What the page showed (_drawn) is not the form's values.")
            )
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


# --- the other bodies the live table reads (docs/architecture.md, "The live table's forms") ---


class Refusing(forms.Form):
    """A form whose first refusal is one plain sentence naming the field: its label, then the
    name it is posted under, then what it allows ("Revision (revision): Must be 0 or more.")."""

    def refusal(self) -> str:
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else None
            if label:
                # Translators: a field's label, the name it is posted under, its refusal.
                return _("%(label)s (%(name)s): %(error)s") % {
                    "label": label,
                    "name": self.add_prefix(name),
                    "error": errors[0],
                }
            return errors[0]
        return ""


class Flag(forms.Field):
    """A box ticked ("on" from a checkbox, "1" or "true" from a script) or not (absent, "",
    "0", "false", "off"); anything else is refused, never taken for "not ticked"."""

    TICKED = ("on", "1", "true")
    UNTICKED = (None, "", "0", "false", "off")

    def __init__(self, label: Any) -> None:
        super().__init__(required=False, label=label)

    def to_python(self, value: Any) -> bool:
        if value in self.TICKED:
            return True
        if value in self.UNTICKED:
            return False
        raise forms.ValidationError(_("Must be ticked (on) or not."), code="flag")


class DraftNamed(Refusing):
    """The draft a write's page was drawn from (`_draft`; absent: the open one)."""

    _draft = forms.IntegerField(
        required=False, min_value=1, label=gettext_lazy("The draft the page was drawn from")
    )

    @property
    def draft(self) -> int | None:
        return self.cleaned_data["_draft"]


# A phone's id as draft.js makes it (live/static/js/draft.js): letters, digits, dashes.
PHONE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# The largest change number read (draft.js numbers a phone's changes from 1).
MAX_SEQ = 999_999_999


class DraftSave(Refusing):
    """The host's save of the draft beside the shared form: the version the page showed
    (`revision`; absent, the draft changed since), the phone and its change number when
    draft.js sends the save (`_phone`, `_seq`; empty without JavaScript), and the questions a
    table answered (`confirm_unfinished`, `confirm_empty`, `confirm_order`)."""

    revision = forms.IntegerField(required=False, min_value=0, label=gettext_lazy("Revision"))
    _phone = forms.RegexField(
        PHONE_ID,
        required=False,
        label=gettext_lazy("Phone"),
        error_messages={"invalid": gettext_lazy("Must be letters, digits, - or _, at most 64.")},
    )
    _seq = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEQ,
        label=pgettext_lazy("one change a phone sends", "Change"),
    )
    confirm_unfinished = Flag(gettext_lazy("Not every seat is done: save anyway"))
    confirm_empty = Flag(gettext_lazy("Nothing has been entered anywhere: save anyway"))
    confirm_order = Flag(gettext_lazy("The order under “Who is at the table” is right"))

    @property
    def expected_revision(self) -> int:
        """The version the page showed; -1 when absent (the draft changed since)."""
        revision = self.cleaned_data["revision"]
        return -1 if revision is None else revision

    @property
    def phone(self) -> str | None:
        return self.cleaned_data["_phone"] or None

    @property
    def seq(self) -> int | None:
        """The save's change number, when a phone sent it (0 or absent: none)."""
        return (self.cleaned_data["_seq"] or None) if self.phone else None


class TableSeating(Refusing):
    """Who is at the table and in which order (the host's seating form): a box `at_{key}` and a
    place `position_{key}` per corporation; a ticked one without a place comes last."""

    def __init__(self, data: Any, *, keys: list[tuple[str, str]]) -> None:
        super().__init__(data)
        for key, name in keys:
            self.fields[f"at_{key}"] = Flag(_("%(name)s at the table") % {"name": name})
            self.fields[f"position_{key}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=99,
                label=_("Place of %(name)s in the order of play") % {"name": name},
            )
        self._keys = [key for key, _ in keys]

    def order(self) -> list[str]:
        data = self.cleaned_data
        placed = []
        for key in self._keys:
            if data[f"at_{key}"]:
                position = data[f"position_{key}"]
                placed.append((99 if position is None else position, key))
        return [key for _, key in sorted(placed)]


class NextPage(forms.Form):
    """Where to go on after choosing a seat (`next`): kept only when it is an address of this
    site (Django's `url_has_allowed_host_and_scheme`), else left out without a word, as Django's
    own login view does."""

    next = Posted()

    def __init__(self, data: Any, *, host: str, secure: bool) -> None:
        super().__init__(data)
        self._host, self._secure = host, secure

    def clean_next(self) -> str:
        wanted = self.cleaned_data["next"] or ""
        if wanted and url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={self._host}, require_https=self._secure
        ):
            return wanted
        return ""


def choose_one(keys: Any, sentence: str) -> forms.ChoiceField:
    """A choice among `keys` whose refusal (none, or one not listed) is `sentence`."""
    return forms.ChoiceField(
        choices=[(key, key) for key in keys],
        error_messages={"required": sentence, "invalid_choice": sentence},
    )


class SeatChoice(Refusing):
    """A member's seat (`key`): one of the campaign's corporations."""

    def __init__(self, data: Any, *, keys: Any) -> None:
        super().__init__(data)
        self.fields["key"] = choose_one(keys, _("Choose one of the corporations listed."))


class GuestSeatTake(Refusing):
    """A guest's seat at the table's QR code: the seat (`key`, one still free) and the name
    the table calls them (`name`, read by the seat's action: `guest_name`)."""

    name = Posted()

    def __init__(self, data: Any, *, free: Any) -> None:
        super().__init__(data)
        self.fields["key"] = choose_one(free, _("That seat is not free any more: choose another."))


class DiscardConfirm(forms.Form):
    """The discard's `confirm`: the draft's token as the page showed it (absent: unchecked)."""

    confirm = Posted()


class GuestTie(Refusing):
    """The member (`member`, a user id) the owner hands a guest's seat to: one of the campaign's."""

    def __init__(self, data: Any, *, members: Any) -> None:
        super().__init__(data)
        sentence = _("Member: choose one of the campaign's players.")
        self.fields["member"] = forms.ModelChoiceField(
            queryset=members,
            error_messages={"required": sentence, "invalid_choice": sentence},
        )

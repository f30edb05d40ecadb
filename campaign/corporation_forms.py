"""Forms of the corporations page: rename a corporation and its player, hand its seat to a
member, add a corporation between games for a new player.

Each form carries what it was drawn from (`drawn_from`: the corporation as the page showed it),
so a second person's change made meanwhile is never overwritten without a word.
"""

from __future__ import annotations

import json
from typing import Any

from crispy_forms.helper import FormHelper
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.actions.corporations import drawn_from
from campaign.models import Corporation
from gamefile.json_input import JsonInputError, parse_json_text
from hosting.names import NameField

NOBODY = ""
DRAWN_FROM_REFUSED = gettext_lazy(
    "This form's record of the corporation as the page showed it cannot be read (it is the "
    "list the page wrote, in JSON): nothing was saved. Reload the page and edit again."
)


def _helper() -> FormHelper:
    helper = FormHelper()
    helper.form_tag = False
    helper.disable_csrf = True
    return helper


def drawn_from_field(corporation: Corporation) -> str:
    """What a form about `corporation` was drawn from, as its hidden field holds it."""
    return json.dumps(drawn_from(corporation), separators=(",", ":"))


class CorporationEditForm(forms.Form):
    name = NameField(max_length=60, label=gettext_lazy("Corporation name"))
    player = NameField(max_length=60, required=False, label=gettext_lazy("Player's name"))
    ai = forms.BooleanField(required=False, label=gettext_lazy("Played by a minister card (AI)"))
    holder = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Seat held by"),
        help_text=gettext_lazy(
            "The member who fills in this corporation's card when the table enters a game together."
        ),
    )
    drawn_from = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, members: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["holder"].choices = [(NOBODY, _("Nobody (the host fills it in)"))] + [
            (str(pk), name) for pk, name in members
        ]
        self.helper = _helper()

    @classmethod
    def for_corporation(
        cls, corporation: Corporation, data=None, *, members
    ) -> CorporationEditForm:
        return cls(
            data,
            members=members,
            prefix=corporation.key,
            initial={
                "name": corporation.name,
                "player": corporation.player,
                "ai": corporation.ai,
                "holder": str(corporation.holder_id or NOBODY),
                "drawn_from": drawn_from_field(corporation),
            },
        )

    def holder_id(self) -> int | None:
        value = self.cleaned_data.get("holder") or NOBODY
        return int(value) if value != NOBODY else None

    def clean(self) -> dict:
        data = super().clean()
        # The page's own record of what it showed: read through the project's JSON reader, and
        # one that cannot be read is refused, never taken as "the form does not say" (which
        # would skip the check for someone else's change).
        text = data.get("drawn_from") or ""
        if text:
            try:
                value = parse_json_text(text)
            except JsonInputError as error:
                value = error
            if not isinstance(value, list):
                self.add_error(None, DRAWN_FROM_REFUSED)
            data["drawn_from"] = value
        return data

    def expected(self) -> list[Any] | None:
        """`drawn_from` as the page showed it (None from a form that does not say)."""
        value = self.cleaned_data.get("drawn_from") or None
        return value if isinstance(value, list) else None


class CorporationAddForm(forms.Form):
    colour = forms.ChoiceField(label=gettext_lazy("Colour"))
    name = NameField(max_length=60, label=gettext_lazy("Corporation name"))
    player = NameField(max_length=60, required=False, label=gettext_lazy("Player's name"))
    ai = forms.BooleanField(required=False, label=gettext_lazy("Played by a minister card (AI)"))
    holder = forms.ChoiceField(required=False, label=gettext_lazy("Seat held by"))

    def __init__(
        self, *args, colours: list[tuple[str, str]], members: list[tuple[int, str]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["colour"].choices = colours
        self.fields["holder"].choices = [(NOBODY, _("Nobody yet"))] + [
            (str(pk), name) for pk, name in members
        ]
        self.helper = _helper()

    def holder_id(self) -> int | None:
        value = self.cleaned_data.get("holder") or NOBODY
        return int(value) if value != NOBODY else None

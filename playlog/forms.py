"""The play log's own forms: a log's name, a play's people and date, a play file to import.
Each game's forms (its score sheet, its companion, its settings) are in its own package
(`playlog.space_explorers.forms`, `playlog.colonists.forms`, `playlog.startropolis.forms`)."""

from __future__ import annotations

import datetime
from typing import Any

from crispy_forms.helper import FormHelper
from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hosting.names import NameField
from hosting.time_zones import TimeZoneField
from hosting.words import translated
from playlog.playfile import NAME_LENGTH, NOTES_LENGTH, date_problem, play_file_data


class NoFormTag:
    def _helper(self) -> None:
        self.helper = FormHelper()
        self.helper.form_tag = False


class PlayLogForm(NoFormTag, forms.Form):
    name = NameField(
        max_length=100,
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("What the group calls it, e.g. “Thursday group”."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()


class NewPlayLogForm(PlayLogForm):
    # The phone's own zone (static/js/time-zone.js); changeable in the settings.
    time_zone = TimeZoneField(phone=True)


class PlayLogSettingsForm(PlayLogForm):
    time_zone = TimeZoneField(
        help_text=gettext_lazy(
            "The log's dates and times are shown in this zone, and a new play is dated "
            "with its today."
        ),
        # A page drawn before the zone could be chosen does not send it: left as it is.
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].offer(self.initial.get("time_zone", ""))


class PlayFileForm(NoFormTag, forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Play file"),
        help_text=gettext_lazy("A play file (JSON) downloaded from a play's page."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()


def member_choices(members: list[str]) -> list[tuple[str, str]]:
    return [("", _("— not a member —"))] + [(name, name) for name in members]


def mixed_person(name: str | None, member: str | None) -> str | None:
    """A member chosen beside a different typed name: which person is it? The sentence for the
    name field, or None (a member, a typed name, or the member's own name typed)."""
    typed = " ".join((name or "").split())
    if member and typed and typed.casefold() != member.casefold():
        return _(
            "You chose the member %(member)s and typed “%(typed)s”: keep one, the member or the "
            "name of someone without an account."
        ) % {"member": member, "typed": typed}
    return None


class PlayFactsForm(NoFormTag, forms.Form):
    """The date and the notes of a play."""

    played_on = forms.DateField(
        label=gettext_lazy("Played on"),
        # The ISO form: a date input shows nothing for the locale's 06/12/2026.
        widget=forms.DateInput(attrs={"type": "date", "min": "1950-01-01"}, format="%Y-%m-%d"),
        # Today in the log's zone (its page frame activates it).
        initial=timezone.localdate,
    )
    notes = forms.CharField(
        required=False,
        max_length=NOTES_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
        label=gettext_lazy("Notes"),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._helper()

    def clean_played_on(self) -> datetime.date:
        date = self.cleaned_data["played_on"]
        problem = date_problem(date)
        if problem:
            said = translated(problem)
            raise forms.ValidationError(f"{said[:1].upper()}{said[1:]}.")
        return date

    def play_file(self, game: str, people: list, table: Any, session: Any) -> dict[str, Any]:
        """The play file of a play with these facts (`playfile.play_file_data`)."""
        return play_file_data(
            game,
            self.cleaned_data["played_on"],
            people,
            self.cleaned_data["notes"],
            table,
            session,
        )


class PersonForm(forms.Form):
    """One person at the table: a member of the log, or a name typed in (not both, unless the
    name typed is the member's)."""

    name = NameField(max_length=NAME_LENGTH, required=False, label=gettext_lazy("Name"))
    member = forms.ChoiceField(required=False, label=gettext_lazy("Member"))

    def __init__(self, *args: Any, members: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = member_choices(members or [])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        problem = mixed_person(data.get("name"), data.get("member"))
        if problem:
            self.add_error("name", problem)
        return data

    def person(self) -> dict[str, Any] | None:
        """`{"name", "member"}`, or None for an empty row."""
        if not self.is_valid():
            return None
        name = " ".join(self.cleaned_data["name"].split())
        member = self.cleaned_data["member"] or None
        if not name and not member:
            return None
        return {"name": name or member, "member": member}


class PublicPageForm(forms.Form):
    """The settings page's switch of the public page: "enabled" sent (the "on" button), on;
    not sent (the "off" button), off."""

    enabled = forms.BooleanField(required=False, label=gettext_lazy("Public page"))


class ImportAgainForm(forms.Form):
    """ "Import it again as a new play" (templates/playlog/import_confirm.html): the file's text
    the page carries, so that no second upload is needed. Without `again`, a file upload."""

    again = forms.BooleanField(required=False, label=gettext_lazy("Import it again"))
    content = forms.CharField(
        required=False, strip=False, label=gettext_lazy("The text of the play file")
    )

    def text(self) -> str | None:
        """The file's text to import again, or None (an upload: `PlayFileForm`)."""
        sent = self.add_prefix("content") in self.data
        return self.cleaned_data["content"] if self.cleaned_data["again"] and sent else None

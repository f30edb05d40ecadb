"""Forms of the sections pages: the component checklist, the group's note on sections 20-33,
a manual unlock, and the "are you sure?" of a reveal.

Forms check shapes; whether a manual unlock is allowed is the replay's call
(`campaign.actions.set_manual_unlock` raises `CampaignError`, shown beside the form).
"""

from __future__ import annotations

from collections.abc import Sequence

from crispy_forms.helper import FormHelper
from django import forms
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from unlocks.models import SectionNote


def _helper() -> FormHelper:
    helper = FormHelper()
    # The templates own the <form> tag (its action, its htmx attributes, its buttons).
    helper.form_tag = False
    helper.disable_csrf = True
    return helper


class ComponentChecklistForm(forms.Form):
    """The items of one unlocked section that the group has done (ticked)."""

    done = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=pgettext_lazy("checklist", "Done"),
    )
    # The items ticked when the form was drawn: a save changes only what this person changed,
    # never a tick someone else made meanwhile (unlocks.actions.save_checklist).
    shown = forms.CharField(required=False, widget=forms.HiddenInput, max_length=4000)

    def __init__(self, *args, items: Sequence[tuple[str, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["done"].choices = list(items)
        self.helper = _helper()
        self.helper.form_show_labels = False

    def shown_items(self) -> set[str] | None:
        """The items the form showed ticked; None from a form that does not say."""
        if self.add_prefix("shown") not in self.data:
            return None
        return set((self.cleaned_data.get("shown") or "").split())


# A note is a few lines copied from the rulebook.
MAX_NOTE_LENGTH = 2000


class SectionNoteForm(forms.ModelForm):
    """The title and changes the group copies from its own rulebook (sections 20-33)."""

    # When the note was last saved as this form shows it ("" for none): a note saved by
    # someone else since is not replaced unknowingly.
    drawn_from = forms.CharField(required=False, widget=forms.HiddenInput, max_length=40)

    class Meta:
        model = SectionNote
        fields = ["title", "note"]
        labels = {
            "title": gettext_lazy("Title (from your rulebook)"),
            "note": gettext_lazy("What changed"),
        }
        widgets = {"note": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["note"].max_length = MAX_NOTE_LENGTH
        self.fields["note"].validators.append(MaxLengthValidator(MAX_NOTE_LENGTH))
        self.fields["note"].widget.attrs["maxlength"] = MAX_NOTE_LENGTH
        self.fields["drawn_from"].initial = note_version(self.instance)
        self.helper = _helper()


def note_version(note: SectionNote | None) -> str:
    return note.updated_at.isoformat() if note is not None and note.pk else ""


class ManualUnlockForm(forms.Form):
    """The group unlocks a section by its own decision, after a game already played."""

    after_game = forms.TypedChoiceField(
        coerce=int,
        label=gettext_lazy("Unlocked after game"),
        widget=forms.Select(attrs={"aria-label": gettext_lazy("Unlocked after game")}),
    )

    def __init__(self, *args, games: Sequence[int], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["after_game"]
        field.choices = [(n, _("after game %(n)s") % {"n": n}) for n in games]
        if games:
            field.initial = games[-1]
        self.helper = _helper()
        # Its label shows ("Unlocked after game"); the sentence above the form says what the
        # button does (templates/unlocks/_locked.html).


class RevealForm(forms.Form):
    """The second step of a reveal: the person confirmed they want to read a locked section."""

    confirm = forms.BooleanField(required=True, widget=forms.HiddenInput, initial=True)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()

"""The catalogue pages' one form: a visitor confirms they want to see what a section brings.

The reference catalogue is read-only here; a group's corrections and additions are its
campaign's box (`campaign.box_forms`).
"""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from django import forms


class RevealForm(forms.Form):
    """The confirming POST of a catalogue reveal: the visitor asked to see a section's cards."""

    confirm = forms.BooleanField(required=True, widget=forms.HiddenInput, initial=True)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True

"""A one-off game's own facts (its date and the version its editor started from)."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy

from campaign.models import Game
from scoring.wizard.widgets import FIELD_TEMPLATE


class OneOffGameForm(forms.ModelForm):
    """What a one-off game keeps besides its table: the day it was played."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Game
        fields = ["played_on"]
        widgets = {"played_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        labels = {"played_on": gettext_lazy("Played on")}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, prefix="game", **kwargs)
        if self.instance.pk:
            self.fields["version"].initial = self.instance.version
        else:
            self.fields["played_on"].initial = timezone.localdate()
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.field_template = FIELD_TEMPLATE

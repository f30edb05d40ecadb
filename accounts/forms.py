from crispy_forms.helper import FormHelper
from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import INVITE_DAYS, INVITE_ROLES, Role
from gamefile.names import has_visible
from hosting.names import invisible_name_error

INVITE_DAYS_OFFERED = (1, INVITE_DAYS, 30)


def invite_day_choices() -> list[tuple[int, str]]:
    """The invitation's lifetimes offered, in the active language (asked each time the form
    shows them)."""
    return [
        (days, ngettext("%(count)s day", "%(count)s days", days) % {"count": days})
        for days in INVITE_DAYS_OFFERED
    ]


class SignUpForm(UserCreationForm):
    email = forms.EmailField(
        required=False,
        help_text=gettext_lazy("Optional: only to reset your password if you forget it."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].widget.attrs.update(autocapitalize="none", autocomplete="username")
        self.helper = FormHelper()
        self.helper.form_tag = False

    def clean_username(self) -> str:
        # Django's validator takes letters of every script, blank-looking ones too (U+3164).
        if not has_visible(self.cleaned_data.get("username") or ""):
            raise invisible_name_error(gettext_lazy("Username"))
        return super().clean_username()


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        label=gettext_lazy("Role"),
        choices=[(role.value, role.label) for role in INVITE_ROLES],
        initial=Role.PLAYER,
        help_text=gettext_lazy("Players enter games and tick checklists; viewers only read."),
    )
    days = forms.TypedChoiceField(
        label=gettext_lazy("Expires after"),
        choices=invite_day_choices,
        coerce=int,
        initial=INVITE_DAYS,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices)


class PublicSwitchForm(forms.Form):
    enabled = forms.BooleanField(required=False)


class NextForm(forms.Form):
    """Where to go after signing up or in: the `next` the login page carries (a hidden field,
    or the address's query). The view goes there only if it is an address of this site."""

    next = forms.CharField(
        required=False, strip=False, max_length=2000, label=gettext_lazy("Next page")
    )

    def address(self) -> str:
        return self.cleaned_data["next"] if self.is_valid() else ""


def next_address(request) -> str:
    """The `next` sent with the form, else the one in the address, else nothing."""
    return NextForm(request.POST).address() or NextForm(request.GET).address()


class LanguageForm(forms.Form):
    """The language a person reads the pages in: their phone's (no choice kept, "") or one of
    the site's `LANGUAGES`, each named in its own language."""

    language = forms.ChoiceField(
        label=gettext_lazy("Language"), required=False, widget=forms.RadioSelect, initial=""
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [
            ("", gettext_lazy("My phone's language")),
            *settings.LANGUAGES,
        ]
        self.helper = FormHelper()
        self.helper.form_tag = False

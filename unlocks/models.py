"""What a group does with its unlocked sections, and what one person chose to see early.

None of this is replay input: the replay derives *which* sections are unlocked (and when, and
why) from the game log. These tables hold the group's bookkeeping around that:

- `ComponentTick` — a component opened or a rule box checked for an unlocked section
  (the section box icons: "opening envelopes, checking off rule changes in the rulebook and,
  opening boxes"). A row means ticked.
- `SectionReveal` — one person asked to read a locked section before it unlocked: by account
  when signed in (`user`), by session otherwise (a public page's visitor).
- `SectionNote` — sections 20-33 are not transcribed: when one unlocks, the group types its
  title and a note of what changed from their own rulebook.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Sections 20-33 are not in the rulebook text the app ships (RULES-NOTES §5).
FIRST_UNTRANSCRIBED_SECTION = 20
LAST_SECTION = 33


class ComponentTick(models.Model):
    """One item of an unlocked section's checklist that the group has done."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="component_ticks"
    )
    section = models.PositiveSmallIntegerField()
    # The checklist item's key (`unlocks.views.checklist_items`): "envelope-1", "box-1",
    # "rule-box-p12-the-6-zones-of-the-solar-system", "step-neds".
    item = models.CharField(max_length=60)
    ticked_at = models.DateTimeField(auto_now_add=True)
    ticked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["campaign", "section", "item"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "section", "item"], name="unlocks_componenttick_unique_item"
            ),
            models.CheckConstraint(
                condition=Q(section__gte=1, section__lte=LAST_SECTION),
                name="unlocks_componenttick_section_range",
            ),
        ]

    def __str__(self) -> str:
        return _("#%(section)s %(item)s ticked in %(campaign_id)s") % {
            "section": self.section,
            "item": self.item,
            "campaign_id": self.campaign_id,
        }


class SectionRevealQuerySet(models.QuerySet):
    def for_person(self, session_key: str, user=None) -> "SectionRevealQuerySet":
        """The reveals this person asked for: by account when signed in, else by session."""
        if user is not None and user.is_authenticated:
            return self.filter(Q(user=user) | Q(session_key=session_key, user__isnull=True))
        return self.filter(session_key=session_key)


class SectionReveal(models.Model):
    """One person chose to read a locked section early, after being asked to confirm."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="section_reveals"
    )
    section = models.PositiveSmallIntegerField()
    session_key = models.CharField(max_length=40, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    revealed_at = models.DateTimeField(auto_now_add=True)

    objects = SectionRevealQuerySet.as_manager()

    class Meta:
        ordering = ["campaign", "section", "revealed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "section", "session_key"],
                condition=Q(user__isnull=True),
                name="unlocks_sectionreveal_one_per_session",
            ),
            models.UniqueConstraint(
                fields=["campaign", "section", "user"],
                condition=Q(user__isnull=False),
                name="unlocks_sectionreveal_one_per_user",
            ),
            models.CheckConstraint(
                condition=~Q(session_key="") | Q(user__isnull=False),
                name="unlocks_sectionreveal_has_person",
            ),
            models.CheckConstraint(
                condition=Q(section__gte=1, section__lte=LAST_SECTION),
                name="unlocks_sectionreveal_section_range",
            ),
        ]

    def __str__(self) -> str:
        who = self.user or _("session %(session_key)s…") % {"session_key": self.session_key[:6]}
        return _("#%(section)s revealed to %(who)s") % {"section": self.section, "who": who}


class SectionNote(models.Model):
    """The title and changes the group typed for an untranscribed section (20-33)."""

    campaign = models.ForeignKey(
        "campaign.Campaign", on_delete=models.CASCADE, related_name="section_notes"
    )
    section = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=100, blank=True)
    note = models.TextField(
        blank=True, help_text=gettext_lazy("What changed: components, rules, setup.")
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["campaign", "section"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "section"], name="unlocks_sectionnote_one_per_section"
            ),
            models.CheckConstraint(
                condition=Q(section__gte=FIRST_UNTRANSCRIBED_SECTION, section__lte=LAST_SECTION),
                name="unlocks_sectionnote_untranscribed_only",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.section} {self.title or '(untitled)'}"

"""Who may see and change a campaign: the one place every campaign view asks.

Each function returns the campaign at `slug` for the request's person, or refuses:
`Http404` when they may not even know it exists, `PermissionDenied` (403) when they may
read it but not do what they asked.
"""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from campaign.models import Campaign


def campaign_for_reader(request: HttpRequest, slug: str) -> Campaign:
    """Any member may read the campaign."""
    return get_object_or_404(Campaign, slug=slug)


def campaign_for_player(request: HttpRequest, slug: str) -> Campaign:
    """Players and the owner enter and edit games and tick checklists."""
    return get_object_or_404(Campaign, slug=slug)


def campaign_for_owner(request: HttpRequest, slug: str) -> Campaign:
    """Only the owner changes settings and members, or deletes the campaign."""
    return get_object_or_404(Campaign, slug=slug)

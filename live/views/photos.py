"""A game's photo of the final table (docs/photos.md): added from the checklist (a phone's
camera), shown to the campaign's members only, replaced or removed by a player.

The photo's address is a member's page like any other (`campaign.access`): 404 to anyone
else, and the public page neither shows nor links it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign.frame import PLAYER, READER, Page, campaign_access, page_frame
from campaign.views.checklist import checklist_context
from campaign.views.games import get_game
from live.actions.photos import attach_photo, remove_photo
from live.models import GamePhoto
from live.photos import PhotoForm, PhotoRefused

CHECKLIST = "campaign/checklist.html"


@campaign_access(READER)
@page_frame(CHECKLIST, "games")
def game_photo(page: Page, number: int) -> HttpResponse:
    """The photo itself (a JPEG the app made), for the campaign's members."""
    game = get_game(page.campaign, number)
    photo = GamePhoto.objects.filter(game=game).only("jpeg").first()
    if photo is None:
        raise Http404(_("This game has no photo."))
    response = HttpResponse(bytes(photo.jpeg), content_type="image/jpeg")
    response["Content-Disposition"] = (
        f'inline; filename="{page.campaign.slug}-game-{game.number}.jpg"'
    )
    response["X-Content-Type-Options"] = "nosniff"
    return response


@campaign_access(PLAYER, methods=("POST",))
@page_frame(CHECKLIST, "games")
def game_photo_add(page: Page, number: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    form = PhotoForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            attach_photo(game, form.cleaned_data["photo"].read(), user=request.user)
        except PhotoRefused as refused:
            form.add_error("photo", refused.message)
        else:
            messages.success(
                request,
                _("The photo of game %(number)s's final table is saved.") % {"number": game.number},
            )
            return redirect(reverse("campaign:checklist", args=[campaign.slug, number]) + "#photo")
    return page.render(checklist_context(page, game, photo_form=form), status=400)


@campaign_access(PLAYER, methods=("POST",))
@page_frame(CHECKLIST, "games")
def game_photo_remove(page: Page, number: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    if remove_photo(game, user=request.user):
        messages.success(
            request,
            _("The photo of game %(number)s's final table is removed.") % {"number": game.number},
        )
    return redirect(reverse("campaign:checklist", args=[campaign.slug, number]) + "#photo")

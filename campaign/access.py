"""Who may see and change a campaign: the one place every campaign view asks (the lookup
itself is `accounts.access.space_for`, which the play log asks too).

Each function returns the campaign at `slug` for the request's person, or refuses:
`Http404` when they may not even know it exists, `PermissionDenied` (403) when they may
read it but not do what they asked.

| who                      | read | enter/edit games, checklists | members, public page, delete |
|--------------------------|------|------------------------------|------------------------------|
| owner                    | yes  | yes                          | yes                          |
| player                   | yes  | yes                          | 403                          |
| viewer                   | yes  | 403                          | 403                          |
| staff, not a member      | yes  | 403                          | 403                          |
| signed in, not a member  | 404  | 404                          | 404                          |
| anonymous                | 404  | 404                          | 404                          |

(The campaign views are `login_required`, so an anonymous person is sent to log in before
asking here.) The person's role comes with the campaign in one query, and the campaign comes
back knowing it, for the templates to leave out controls the person may not use (the views
refuse them anyway):

- `campaign.member_role`: "owner", "player", "viewer", or None (staff who are not members,
  the public page);
- `campaign.can_play`: may enter and edit games, tick checklists, unlock sections;
- `campaign.is_owner`: may manage members, the public page, delete the campaign;
- `campaign.public_token`: set only on the public page's campaign (`campaign_for_public`);
- `campaign.guest_seat`: set only on a guest's campaign (`campaign_for_guest`): the seat, one
  corporation in one game's draft, that the guest's link opens. A guest reads no more than a
  viewer (no role: `can_play` false) and writes that seat's card only
  (`live.actions.drafts.may_write_card`).
"""

from django.http import Http404, HttpRequest

from accounts.access import OWN, PLAY, READ, space_for
from accounts.models import GuestSeat
from campaign.models import Campaign


class GuestLinkClosed(Exception):
    """A guest's link whose game is closed (saved or discarded): `seat` says which it was."""

    def __init__(self, seat: GuestSeat) -> None:
        super().__init__(f"The entry of game {seat.number} is closed.")
        self.seat = seat


def _campaign_with_role(request: HttpRequest, slug: str, need: str) -> Campaign:
    """The campaign and the person's role in it, in one query (`accounts.access.space_for`)."""
    campaign = space_for(request, Campaign, slug, need)
    campaign.public_token = None
    campaign.guest_seat = None
    return campaign


def campaign_for_reader(request: HttpRequest, slug: str) -> Campaign:
    """Any member may read the campaign (and staff, to help a group)."""
    return _campaign_with_role(request, slug, READ)


def campaign_for_player(request: HttpRequest, slug: str) -> Campaign:
    """Players and the owner enter and edit games and tick checklists."""
    return _campaign_with_role(request, slug, PLAY)


def campaign_for_owner(request: HttpRequest, slug: str) -> Campaign:
    """Only the owner changes settings and members, or deletes the campaign."""
    return _campaign_with_role(request, slug, OWN)


def campaign_for_public(token: str) -> Campaign:
    """The campaign whose public page is switched on at this secret address, or 404.

    Read-only for everyone: no role, no edit controls, and only the pages the public
    addresses route to (never the sections, the setup sheet or the checklists)."""
    campaign = Campaign.objects.filter(public_link__token=token, public_link__enabled=True).first()
    if campaign is None:
        raise Http404("No public page here.")
    campaign.member_role = None
    campaign.can_play = False
    campaign.is_owner = False
    campaign.public_token = token
    campaign.guest_seat = None
    return campaign


def campaign_for_guest(token: str) -> Campaign:
    """The campaign of the guest seat whose link is `token`, knowing that seat (one query);
    404 when no seat has it, `GuestLinkClosed` when its game's draft is closed (saved or
    discarded): a link for that game only."""
    seat = (
        GuestSeat.objects.select_related("campaign", "corporation", "draft")
        .filter(token=token)
        .first()
    )
    if seat is None:
        raise Http404("No seat here.")
    campaign = seat.campaign
    if seat.draft is None or seat.draft.number != campaign.replayed().next_game.number:
        raise GuestLinkClosed(seat)
    campaign.member_role = None
    campaign.can_play = False
    campaign.is_owner = False
    campaign.public_token = None
    campaign.guest_seat = seat
    return campaign

"""Who may see and change a campaign: the one place every campaign view asks.

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
- `campaign.public_token`: set only on the public page's campaign (`campaign_for_public`).
"""

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404, HttpRequest

from accounts.models import PLAYING_ROLES, Membership, Role
from campaign.models import Campaign


def _campaign_with_role(request: HttpRequest, slug: str) -> Campaign:
    """The campaign and the person's role in it, in one query; 404 unless they may read it."""
    user = request.user
    if not user.is_authenticated:
        raise Http404("No campaign here.")
    campaign = _campaign_and_role(slug, user.pk)
    if campaign is None or (campaign.member_role is None and not user.is_staff):
        # Not a member: the same answer as a campaign that does not exist.
        raise Http404("No campaign here.")
    campaign.can_play = campaign.member_role in PLAYING_ROLES
    campaign.is_owner = campaign.member_role == Role.OWNER
    campaign.public_token = None
    return campaign


def _campaign_and_role(slug: str, user_id: int) -> Campaign | None:
    """The campaign at `slug` with `member_role`, the person's role in it or None.

    Every campaign page asks this first, so it is one plain statement: the same query as the
    ORM's `annotate(member_role=Subquery(...))` costs half a millisecond more to compile than
    to run, more than a page whose body is cached costs otherwise (docs/performance.md).
    """
    quote = connection.ops.quote_name
    field = Membership._meta.get_field
    sql = (
        f"SELECT c.*, (SELECT m.{quote(field('role').column)} "
        f"FROM {quote(Membership._meta.db_table)} m "
        f"WHERE m.{quote(field('campaign').column)} = c.{quote(Campaign._meta.pk.column)} "
        f"AND m.{quote(field('user').column)} = %s) AS member_role "
        f"FROM {quote(Campaign._meta.db_table)} c "
        f"WHERE c.{quote(Campaign._meta.get_field('slug').column)} = %s"
    )
    return next(iter(Campaign.objects.raw(sql, [user_id, slug])), None)


def campaign_for_reader(request: HttpRequest, slug: str) -> Campaign:
    """Any member may read the campaign (and staff, to help a group)."""
    return _campaign_with_role(request, slug)


def campaign_for_player(request: HttpRequest, slug: str) -> Campaign:
    """Players and the owner enter and edit games and tick checklists."""
    campaign = _campaign_with_role(request, slug)
    if not campaign.can_play:
        raise PermissionDenied(
            "You can read this campaign but not change it: ask its owner to make you a player."
        )
    return campaign


def campaign_for_owner(request: HttpRequest, slug: str) -> Campaign:
    """Only the owner changes settings and members, or deletes the campaign."""
    campaign = _campaign_with_role(request, slug)
    if not campaign.is_owner:
        raise PermissionDenied("Only the campaign's owner can do this.")
    return campaign


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
    return campaign

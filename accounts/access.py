"""Who may see and change a space (a campaign or a play log): the one lookup every page asks.

`space_for(request, model, slug, need)` returns the space at `slug` for the request's person,
or refuses: `Http404` when they may not even know it exists, `PermissionDenied` (403) when
they may read it but not do what they asked.

| who                      | read | enter/edit games, checklists | members, settings, delete |
|--------------------------|------|------------------------------|---------------------------|
| owner                    | yes  | yes                          | yes                       |
| player                   | yes  | yes                          | 403                       |
| viewer                   | yes  | 403                          | 403                       |
| staff, not a member      | yes  | 403                          | 403                       |
| signed in, not a member  | 404  | 404                          | 404                       |
| anonymous                | 404  | 404                          | 404                       |

The person's role comes with the space in one query, and the space comes back knowing it, for
the templates to leave out controls the person may not use (the views refuse them anyway):
`member_role` ("owner", "player", "viewer" or None for staff), `can_play`, `is_owner`.
`campaign.access` and `playlog.frame` are this lookup for their kind of space.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import connection, models
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from accounts.models import PLAYING_ROLES, Membership, Role, space_field

READ = "reader"
PLAY = "player"
OWN = "owner"


def _space_and_role(model: type[models.Model], slug: str, user_id: int) -> models.Model | None:
    """The space at `slug` with `member_role`, the person's role in it or None.

    Every page asks this first, so it is one plain statement: the same query as the ORM's
    `annotate(member_role=Subquery(...))` costs half a millisecond more to compile than to
    run, more than a page whose body is cached costs otherwise (docs/performance.md).
    """
    quote = connection.ops.quote_name
    field = Membership._meta.get_field
    space_column = field(space_field(model)).column
    sql = (
        f"SELECT s.*, (SELECT m.{quote(field('role').column)} "
        f"FROM {quote(Membership._meta.db_table)} m "
        f"WHERE m.{quote(space_column)} = s.{quote(model._meta.pk.column)} "
        f"AND m.{quote(field('user').column)} = %s) AS member_role "
        f"FROM {quote(model._meta.db_table)} s "
        f"WHERE s.{quote(model._meta.get_field('slug').column)} = %s"
    )
    return next(iter(model.objects.raw(sql, [user_id, slug])), None)


def space_for(
    request: HttpRequest, model: type[models.Model], slug: str, need: str = READ
) -> models.Model:
    """The space at `slug` if the person may `need` (READ, PLAY or OWN) it; else 404 or 403."""
    kind = model._meta.verbose_name
    user = request.user
    if not user.is_authenticated:
        raise Http404(f"No {kind} here.")
    space = _space_and_role(model, slug, user.pk)
    if space is None or (space.member_role is None and not user.is_staff):
        # Not a member: the same answer as a space that does not exist.
        raise Http404(f"No {kind} here.")
    space.can_play = space.member_role in PLAYING_ROLES
    space.is_owner = space.member_role == Role.OWNER
    if need == PLAY and not space.can_play:
        raise PermissionDenied(_read_only(model))
    if need == OWN and not space.is_owner:
        raise PermissionDenied(_owners_only(model))
    return space


def _is_play_log(model: type[models.Model]) -> bool:
    return model._meta.label_lower == "playlog.playlog"


def _read_only(model: type[models.Model]) -> str:
    if _is_play_log(model):
        return _(
            "You can read this play log but not change it: ask its owner to make you a player."
        )
    return _("You can read this campaign but not change it: ask its owner to make you a player.")


def _owners_only(model: type[models.Model]) -> str:
    if _is_play_log(model):
        return _("Only the play log's owner can do this.")
    return _("Only the campaign's owner can do this.")

"""A game's photo of the final table attached, replaced or removed (docs/photos.md).

Each write is one transaction with its line in the campaign's History (who, which game). A
photo is no part of the log: nothing is replayed, and the History cannot undo it (like a
checklist tick); a replaced or removed photo is gone, which the page says before it is done.
"""

from __future__ import annotations

from django.utils.translation import gettext

from campaign.actions.history import record_change
from campaign.models import ChangeKind, Game
from hosting.busy import writes
from live.models import GamePhoto
from live.photos import PhotoRefused, PreparedPhoto, prepare_photo


def attach_photo(game: Game, data: bytes, *, user=None) -> GamePhoto:
    """Keep `data` (an upload's bytes) as the photo of `game`'s final table, in place of the
    one it had: resized, as a JPEG of the app's own, without location data or any other
    metadata (`live.photos.prepare_photo`, before the transaction: it takes a moment).

    Preconditions: the person may play (`campaign.access.campaign_for_player`).
    `live.photos.PhotoRefused`, with nothing changed, when the bytes are no photo the app
    reads, are too large, or the game was deleted meanwhile.
    """
    return _keep(game, prepare_photo(data), user)


@writes
def _keep(game: Game, prepared: PreparedPhoto, user) -> GamePhoto:
    if not Game.objects.select_for_update().filter(pk=game.pk).exists():
        raise PhotoRefused(
            gettext("Game %(number)s was deleted meanwhile: nothing was saved.")
            % {"number": game.number}
        )
    replaced = GamePhoto.objects.filter(game=game).exists()
    photo, _ = GamePhoto.objects.update_or_create(
        game=game,
        defaults={
            "jpeg": prepared.jpeg,
            "width": prepared.width,
            "height": prepared.height,
            "added_by": user,
        },
    )
    record_change(
        game.campaign,
        ChangeKind.PHOTO_ADDED,
        f"game {game.number}" + (", in place of the one it had" if replaced else ""),
        user=user,
        game_number=game.number,
    )
    return photo


@writes
def remove_photo(game: Game, *, user=None) -> bool:
    """Remove the photo of `game`'s final table; False when it had none (nothing recorded)."""
    deleted, _ = GamePhoto.objects.filter(game=game).delete()
    if not deleted:
        return False
    record_change(
        game.campaign,
        ChangeKind.PHOTO_REMOVED,
        f"game {game.number}",
        user=user,
        game_number=game.number,
    )
    return True

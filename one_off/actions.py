"""The writes of one-off games (scored alone, outside any campaign). Each in one transaction;
views never save or delete themselves. (The reference catalogue is written only by its data
migration, `load_catalogue` and staff in the admin; a group's corrections are its campaign's
box, `campaign.actions.change_box`.)"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from campaign.models import Game
from solar175.engine import score_game
from solar175.table import read_table


class StaleGame(Exception):
    """Someone saved the game after this editor opened it."""


def save_one_off_game(
    game: Game | None,
    table: dict[str, Any],
    *,
    played_on: date,
    version: int | None = None,
    user=None,
) -> Game:
    """Store a one-off game's table and its score (the derived cache) in one transaction.

    `table` must be valid (`TableForm.to_table()`). Editing needs the `version` the editor
    started from: an older one raises `StaleGame` and changes nothing. A new game belongs to
    `user`, who alone sees and edits it.
    """
    result = score_game(read_table(table).valid_state()).as_dict()
    with transaction.atomic():
        if game is None:
            return Game.objects.create(
                campaign=None,
                number=1,
                played_on=played_on,
                table=table,
                result=result,
                created_by=user,
                updated_by=user,
            )
        updated = Game.objects.filter(pk=game.pk, campaign=None, version=version).update(
            table=table,
            result=result,
            played_on=played_on,
            version=F("version") + 1,
            updated_at=timezone.now(),
            updated_by=user,
        )
        if not updated:
            raise StaleGame
    game.refresh_from_db()
    return game


def delete_one_off_game(game: Game) -> None:
    """Delete a one-off game. Preconditions: it is the person's own (`campaign` is None)."""
    Game.objects.filter(pk=game.pk, campaign=None).delete()

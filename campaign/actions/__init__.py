"""Every write to a campaign, as verb-named functions (the zulip `actions` habit).

Each action runs in one transaction: it stores the change, records who made it (`history`),
then calls `cache.rebuild`, THE one function that re-derives the cache (`Campaign.state`, each
`Game.result`) by replaying the whole log. If the replay refuses the new log — an edit to game 3
makes game 7's table contradict the rules games 1-6 now derive, say — it raises
`CampaignError`, the transaction rolls back with nothing changed, and the error propagates for
the page to show its sentence (`error.path`, `error.message`).

- `campaigns`: a campaign created, imported from its file, its settings, the group's decisions
  (a section unlocked by hand, a player power), deleted;
- `corporations`: a corporation renamed or added between games, a seat taken or handed over;
- `box`: the campaign's own box corrected or added to (`change_box`), with what that changed
  downstream;
- `games`: a game added, edited, moved, deleted, its city named;
- `history`: the record of every change; `undo`: putting back what one replaced;
- `cache`: `rebuild` and the campaign's lock.

Views, commands and the import call these; nothing else writes a campaign, a game or the cache.
The live table's drafts, seats and photos are written by `live.actions`.
"""

from campaign.actions.box import BoxChanged, change_box
from campaign.actions.cache import rebuild, touch
from campaign.actions.campaigns import (
    create_campaign,
    create_campaign_from_file,
    delete_campaign,
    import_campaign,
    set_manual_unlock,
    set_power,
    set_time_zone,
    update_settings,
)
from campaign.actions.corporations import (
    SeatRefused,
    StaleCorporation,
    add_corporation,
    assign_seat,
    claim_seat,
    rename_corporation,
    update_corporation,
)
from campaign.actions.games import (
    KEEP,
    GameNumberTaken,
    Keep,
    StaleGameError,
    delete_game,
    give_megastructure_zone,
    move_game,
    name_city,
    save_game,
)
from campaign.actions.history import record_change
from campaign.actions.undo import UndoRefused, undo_change

__all__ = [
    "KEEP",
    "BoxChanged",
    "GameNumberTaken",
    "Keep",
    "SeatRefused",
    "StaleCorporation",
    "add_corporation",
    "assign_seat",
    "claim_seat",
    "rename_corporation",
    "StaleGameError",
    "UndoRefused",
    "change_box",
    "create_campaign",
    "create_campaign_from_file",
    "delete_campaign",
    "delete_game",
    "give_megastructure_zone",
    "import_campaign",
    "move_game",
    "name_city",
    "rebuild",
    "record_change",
    "save_game",
    "set_manual_unlock",
    "set_power",
    "set_time_zone",
    "touch",
    "undo_change",
    "update_corporation",
    "update_settings",
]

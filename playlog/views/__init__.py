"""The play log's shared pages: the logs and their settings (`logs`), their members
(`members`), a play, its file and the stats (`plays`). Each game's own pages are in its package
(`playlog.space_explorers`, `playlog.colonists`, `playlog.startropolis`)."""

"""The play log's pages: the logs (`logs`), their members (`members`), a play, its file and the
stats (`plays`), and each game's own pages (`space_explorers`, `colonists`)."""

from django.apps import AppConfig


class SpaceExplorersPagesConfig(AppConfig):
    name = "playlog.space_explorers"
    # Apart from the top-level rules package of the same name.
    label = "playlog_space_explorers"
    verbose_name = "Space Explorers (solo) in the play log"

from django.apps import AppConfig


class ColonistsPagesConfig(AppConfig):
    name = "playlog.colonists"
    # Apart from the top-level rules package of the same name.
    label = "playlog_colonists"
    verbose_name = "The colonist game in the play log"

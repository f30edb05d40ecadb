from django.apps import AppConfig


class StartropolisPagesConfig(AppConfig):
    name = "playlog.startropolis"
    # Apart from the top-level rules package of the same name.
    label = "playlog_startropolis"
    verbose_name = "Startropolis in the play log"

from django.apps import AppConfig


class PlayLogConfig(AppConfig):
    name = "playlog"
    verbose_name = "Play log of the other games"

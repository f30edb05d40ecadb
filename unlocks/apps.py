from django.apps import AppConfig


class UnlocksConfig(AppConfig):
    name = "unlocks"

from django.apps import AppConfig


class HostingConfig(AppConfig):
    name = "hosting"
    verbose_name = "Hosting: limits, throttles, headers"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        from hosting.converters import GameNumberConverter, RowIdConverter
        from hosting.form_words import install

        # Every form's refusals in the game's words, never Django's defaults.
        install()

        # `<number:…>` and `<id:…>` in the URLs: numbers the database can hold, else 404.
        register_converter(GameNumberConverter, "number")
        register_converter(RowIdConverter, "id")

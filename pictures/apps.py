from django.apps import AppConfig


class PicturesConfig(AppConfig):
    """The campaign's pictures: the charts page and its charts as SVG, a tracker card as PNG,
    a game's printable summary (docs/architecture.md "The pictures"). No models: an app for
    its templates (`pictures/templates/pictures/`) and its stylesheet (`css/pictures.css`)."""

    name = "pictures"

    def ready(self) -> None:
        # The drawings' words in the request's language (pictures.words: they import no Django).
        from hosting.words import translated
        from pictures import words

        words.say = translated

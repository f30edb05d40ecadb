from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "People and access"

    def ready(self) -> None:
        # A person's kept language goes into their session at sign-in (its receiver).
        from accounts import language  # noqa: F401

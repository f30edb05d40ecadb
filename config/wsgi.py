"""The app as gunicorn serves it (`make serve`, docs/hosting.md)."""

import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402  (configured by get_wsgi_application)

if not settings.DEBUG and settings.SECRET_KEY == settings.LOCAL_ONLY_SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY is not set: a hosted app (DEBUG off) needs its own long random "
        "SECRET_KEY in the environment (README, “Host it for your group”), and will not start "
        "on the public development key."
    )

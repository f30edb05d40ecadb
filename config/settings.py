"""Settings for the Solar 175 campaign manager.

One file, driven by the environment: SQLite in the project folder by default,
`DATABASE_URL` for PostgreSQL, `REDIS_URL` for a cache shared by several app servers, `DEBUG`,
`SECRET_KEY` and `ALLOWED_HOSTS` for hosting (docs/hosting.md).
"""

import hashlib
import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    """A whole number from the environment; anything else stops the app with a sentence."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit():
        raise ImproperlyConfigured(f"{name}: {value!r} is not a whole number (e.g. {default})")
    return int(value)


# Off unless asked for: `make run` asks (DEBUG=1); a hosted app never does.
DEBUG = env_bool("DEBUG", False)
# The fallback key is for a laptop only; `check --deploy` flags it (its "django-insecure-"
# prefix), and the app server refuses to start on it with DEBUG off (config/wsgi.py).
LOCAL_ONLY_SECRET_KEY = "django-insecure-local-only-set-SECRET_KEY-to-host"
SECRET_KEY = os.environ.get("SECRET_KEY") or LOCAL_ONLY_SECRET_KEY
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# Hosting behind HTTPS: HTTPS=1 turns on the redirect, secure cookies and HSTS together.
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("BEHIND_PROXY", False):  # BEHIND_PROXY below
    # The proxy terminates TLS and says so in this header.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The health address answers a monitor that asks over plain HTTP, inside the proxy.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "template_partials",
    "axes",
    "hosting",
    "scoring",
    "campaign",
    # The live table (a game entered together, its seats and photo): after the ledger it
    # builds on.
    "live",
    # The campaign's pictures (the charts, a tracker card's PNG, a game's summary): no models,
    # listed for its templates and stylesheet.
    "pictures",
    "unlocks",
    "accounts",
    "playlog",
    # The play log's games, each its own app (its pages, templates, template tags); a game's
    # package is named once, in playlog.games (GameRules.web), and listed here.
    "playlog.space_explorers",
    "playlog.colonists",
    "playlog.startropolis",
    "benchmarks",
    "offline",
]

MIDDLEWARE = [
    # Outermost: a HEAD request gets the headers of everything below and no body.
    "hosting.middleware.head_without_body",
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads a body: a request larger than the app takes is refused unread.
    "hosting.middleware.request_size_limit",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Above every middleware that reads or changes a response's body, so it compresses what
    # they finished (those above it add headers only; whitenoise's files come compressed).
    "hosting.middleware.CompressedText",
    "csp.middleware.CSPMiddleware",
    "offline.middleware.SessionCookieMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language: the phone's (Accept-Language) among LANGUAGES, else English; after
    # the session, before CommonMiddleware (docs/translating.md).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in person's chosen language over their phone's (accounts.language).
    "accounts.language.person_language",
    "hosting.middleware.private_pages",
    # Pages in the zone the person's phone told; a campaign's or a play log's frame uses its
    # own (docs/time-zones.md).
    "hosting.time_zones.person_time_zone",
    "hosting.middleware.BusyDatabaseMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Tells the service worker whose page a response is, and clears the phone on sign-out.
    "offline.middleware.OfflineHeadersMiddleware",
    # Last: it sees the login's outcome (django-axes).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # LANGUAGE_CODE and LANGUAGES for the templates (<html lang>, the language choice).
                "django.template.context_processors.i18n",
                # `signup_offered`: whether a page shows a "Sign up" link (SIGNUP below).
                "accounts.context_processors.signup",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

# An empty DATABASE_URL (as `make test-sqlite` sets it) means the default SQLite file.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones save at once (docs/hosting.md): readers never wait for a writer (WAL),
    # a write transaction takes the write lock when it starts rather than upgrading a read
    # lock halfway (which fails at once, whatever the timeout), and a writer waits its turn
    # for up to SQLITE_BUSY_SECONDS. Past that the person gets their form back with a sentence.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": int(os.environ.get("SQLITE_BUSY_SECONDS", 10)),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }

# Several test runs against one PostgreSQL server (two checkouts, say) each name their test
# databases apart: TEST_DATABASE_NAME=test_mine (pytest-xdist appends _gw0, _gw1, ...).
if os.environ.get("TEST_DATABASE_NAME"):
    DATABASES["default"]["TEST"] = {"NAME": os.environ["TEST_DATABASE_NAME"]}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The tests' SQLite database is a file, as the app's is, not Django's shared in-memory
    # one: the live server's threads and the test each get their own connection, with the
    # locking and waiting above. An in-memory database is one connection handed to every
    # thread, and two requests at once on it failed now and then ("no such savepoint",
    # "database table is locked", and once the emptying after a test, every later test of that
    # worker). One file per checkout, in /dev/shm where the machine has it (memory: as fast as
    # the in-memory database), else the temporary directory; xdist appends _gw0, _gw1...
    DATABASES["default"]["TEST"] = {
        "NAME": os.path.join(
            "/dev/shm" if os.access("/dev/shm", os.W_OK) else tempfile.gettempdir(),
            "solar175-test-" + hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:12],
        )
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that username waits AXES_COOLOFF_TIME at that address (elsewhere, its
# member still signs in); after AXES_ADDRESS_FAILURE_LIMIT wrong passwords from one address for
# any usernames, that address waits (hosting.auth.AddressLimitHandler). A right password clears
# its username's count at that address. Counted in the database: every worker and server.
AUTHENTICATION_BACKENDS = [
    "hosting.auth.ThrottledLoginBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", 10))
AXES_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", 100))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", 15)))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_HANDLER = "hosting.auth.AddressLimitHandler"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "hosting.views.login_locked_out"
AXES_VERBOSE = False
# Behind a proxy the connection's address is the proxy's: BEHIND_PROXY=1 reads the address
# the proxy adds to X-Forwarded-For, for requests coming from TRUSTED_PROXIES only
# (hosting.auth.client_address); any other peer is counted by its own address.
BEHIND_PROXY = env_bool("BEHIND_PROXY", False)
TRUSTED_PROXIES = [
    p.strip() for p in os.environ.get("TRUSTED_PROXIES", "127.0.0.1,::1").split(",") if p.strip()
]
AXES_CLIENT_IP_CALLABLE = "hosting.auth.client_address"
# Password-reset mails (hosting.throttle): per address asking and per email address, an hour.
PASSWORD_RESETS_PER_EMAIL_HOUR = 3
PASSWORD_RESETS_PER_ADDRESS_HOUR = 10

# Who may make an account (accounts.views.signup): `open`, anyone; `invite`, only someone who
# came through an invitation link (/join/<token>/) still open; `closed`, no one (the admin
# makes accounts). A table of five and a spare may sign up from one address in an hour
# (hosting.throttle); each account may own CAMPAIGNS_PER_ACCOUNT campaigns at once.
SIGNUP_POLICIES = ("open", "invite", "closed")
SIGNUP = os.environ.get("SIGNUP", "open").strip().lower() or "open"
if SIGNUP not in SIGNUP_POLICIES:
    raise ImproperlyConfigured(
        f"SIGNUP: {SIGNUP!r} is not one of {', '.join(SIGNUP_POLICIES)} (open is the default)"
    )
SIGNUPS_PER_ADDRESS_HOUR = 6
CAMPAIGNS_PER_ACCOUNT = env_int("CAMPAIGNS_PER_ACCOUNT", 50)

# The pages' language (docs/translating.md): the one a person chose in their account, else
# their phone's among LANGUAGES, else LANGUAGE_CODE. The one list of the languages shipped: a
# language is added here by the commit that brings its complete catalogue (locale/<code>/),
# each named in its own language.
LANGUAGE_CODE = "en-gb"
LANGUAGES = [
    ("en-gb", "English"),
    ("de", "Deutsch"),
]
# The catalogues (.po in the repository; the .mo files `make` compiles are never committed).
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where `collectstatic` puts the hashed, compressed files that whitenoise serves.
STATIC_ROOT = os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files when hosted (`collectstatic`); plain files in development.
        "BACKEND": os.environ.get(
            "STATICFILES_BACKEND", "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# The campaign pages keep their rendered bodies here (campaign/page_cache.py), and the
# pictures their drawings (pictures/views.py), under each campaign's revision, which
# the database holds: so a memory cache per worker process is right even with several
# workers, since none serves a body for a revision it did not just read. Bounded in bytes
# (hosting.cache), not only in entries. With several app servers, REDIS_URL names the cache
# they share (docs/hosting.md): each body is then drawn once for all of them.
CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "solar175")
if os.environ.get("REDIS_URL"):
    # django-redis, as an accelerator only: a call to an unreachable Redis is skipped (a miss,
    # a set not kept) instead of raised, so every page still answers, drawn in the worker; the
    # short timeouts keep a dead or silent Redis from holding a page long; and the log says
    # so once a minute a worker (hosting.logs.OnceAMinute, LOGGING below), not twice a page.
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": float(os.environ.get("CACHE_CONNECT_SECONDS", 0.25)),
                "SOCKET_TIMEOUT": float(os.environ.get("CACHE_READ_SECONDS", 0.25)),
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
    DJANGO_REDIS_LOGGER = "hosting.shared_cache"
else:
    CACHES = {
        "default": {
            "BACKEND": "hosting.cache.ByteBoundedLocMemCache",
            "LOCATION": "campaign-pages",
            "KEY_PREFIX": CACHE_KEY_PREFIX,
            "OPTIONS": {
                "MAX_ENTRIES": 2000,
                "MAX_BYTES": int(os.environ.get("CACHE_MAX_MB", 64)) * 1024 * 1024,
            },
        }
    }

# Django's own session engines. With the cache the app servers share (REDIS_URL), a session
# is read from it and written to it and the database (`cached_db`: a warm read skips the
# database); without one, the database (`db`). Never `cached_db` over the per-process memory
# cache: a sign-out in one worker would leave the session alive in the others' caches
# (docs/performance.md, "Sessions").
SESSION_ENGINE = "django.contrib.sessions.backends." + (
    "cached_db" if os.environ.get("REDIS_URL") else "db"
)

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# Campaign files are small: a 60-game campaign is about 150 KB. A form's fields are at most
# DATA_UPLOAD_MAX_MEMORY_SIZE; an uploaded file at most campaign.forms.MAX_CAMPAIGN_FILE_BYTES
# (the upload handler stops reading one byte past it); a whole request at most
# MAX_REQUEST_BYTES, refused before anything reads it (hosting.middleware).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000
MAX_REQUEST_BYTES = 3 * 1024 * 1024
FILE_UPLOAD_HANDLERS = ["hosting.uploads.LimitedUploadHandler"]

# Content-Security-Policy (django-csp): scripts and style sheets come from this site only, no
# inline script anywhere (htmx is told not to inject its indicator <style> nor to evaluate
# code: templates/base.html); style="" attributes stay allowed for the corporations' colours.
# `style-src` is the fallback of browsers that know neither -elem nor -attr.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "style-src-elem": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        # Bootstrap's check boxes and select arrows are data: SVG pictures.
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [SELF],
        "object-src": [NONE],
    }
}

# Django's own login, logout and password reset views (accounts/, templates/registration/).
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaign:list"
LOGOUT_REDIRECT_URL = "scoring:home"

# Mail (the password-reset links): sent by SMTP to EMAIL_HOST when it is set, printed to the
# console otherwise (development); EMAIL_BACKEND names another backend outright. A mail the
# server refuses or cannot take is said on the page (hosting.views), never silently dropped.
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)  # STARTTLS, usually on port 587
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)  # TLS from the first byte, usually port 465
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured(
        "EMAIL_USE_TLS and EMAIL_USE_SSL: set one of them, not both (TLS: STARTTLS, usually "
        "port 587; SSL: TLS from the start, usually port 465)"
    )
EMAIL_HOST = os.environ.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = env_int("EMAIL_PORT", 465 if EMAIL_USE_SSL else 587 if EMAIL_USE_TLS else 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
# Seconds a send waits for the mail server: a silent one holds the page no longer than this.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if os.environ.get("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "solar175@localhost")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "cache_outage": {
            "()": "hosting.logs.OnceAMinute",
            "sentence": (
                "The shared cache (REDIS_URL) cannot be reached: pages are drawn without it, "
                "slower, until it answers again"
            ),
        },
        "database_outage": {
            "()": "hosting.logs.DatabaseOutageOnceAMinute",
            "sentence": (
                "The app cannot reach its database: pages answer 503 with a sentence until it "
                "answers again"
            ),
        },
        # A 403 is one line, not a traceback (hosting.logs.ForbiddenOnOneLine).
        "forbidden": {"()": "hosting.logs.ForbiddenOnOneLine"},
    },
    # Each line with its time, level and logger, as gunicorn writes its own beside them:
    # [2026-12-07 14:51:57 +0000] [14537] [WARNING] django.request: Not Found: /nope/
    "formatters": {
        "line": {
            "format": "[%(asctime)s] [%(process)d] [%(levelname)s] %(name)s: %(message)s",
            "datefmt": "%Y-%m-%d %H:%M:%S %z",
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line"}},
    "loggers": {
        "hosting.shared_cache": {"filters": ["cache_outage"]},
        "django.request": {"filters": ["database_outage", "forbidden"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

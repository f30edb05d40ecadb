"""gunicorn's settings for `make serve` and the hosting tests (docs/hosting.md).

The request limits are gunicorn's own, checked before Django sees a byte: a request line (the
method and the address) of at most 4 KB, at most 50 headers of at most 8 KB each. The body is
Django's business (`MAX_REQUEST_BYTES`, hosting.middleware). The address and the number of
workers come from the command line or the environment (`GUNICORN_BIND`, `WEB_CONCURRENCY`).
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", 2))
# Threads in each worker (gthread): a request waiting on the database leaves the worker's
# core to another, so two workers keep two cores busy at a table's rate of small requests
# (docs/performance.md, "A game night's tables"); each thread holds its own connection.
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", 4))
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190
# A save replays the whole campaign (docs/performance.md: ~40 ms at 60 games); a request
# still running after this is stuck, and its worker is replaced.
timeout = 30
graceful_timeout = 20
# Behind the TLS proxy on this machine: trust its X-Forwarded-* headers (docs/hosting.md).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# GUNICORN_ACCESS_LOG=1: a line per request on the standard output (the journal under
# systemd); read as the settings read a switch (config/settings.env_bool), so "0" is off.
accesslog = (
    "-"
    if os.environ.get("GUNICORN_ACCESS_LOG", "").strip().lower() in {"1", "true", "yes", "on"}
    else None
)

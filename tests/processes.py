"""`manage.py` run as a real process, as a group runs the commands, against a database of the
test's own: the helpers the command tests and the campaign-file fuzz share."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def manage(url: str, *args, check: bool = False) -> subprocess.CompletedProcess:
    """`python manage.py ARGS` with `DATABASE_URL=url`; its output as UTF-8 text (a byte
    that is not is replaced, so a fuzzed file's output can still be read)."""
    return subprocess.run(
        [sys.executable, "manage.py", *map(str, args)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=120,
        check=check,
        env={**os.environ, "DATABASE_URL": url, "PYTHONIOENCODING": "utf-8"},
    )


def migrated_sqlite(directory: Path, name: str) -> str:
    """The URL of a new SQLite file in `directory`, just migrated, as a host does: the
    reference catalogue comes with `migrate` (no `load_catalogue`)."""
    url = f"sqlite:///{directory / name}"
    manage(url, "migrate", "--noinput", check=True)
    return url

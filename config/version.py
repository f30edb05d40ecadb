"""The project's version, written once: `[project] version` in pyproject.toml.

Shown in every page's footer (`hosting.templatetags.site_version`) and printed by
`python manage.py version`; CHANGELOG.md says what each version changed, docs/upgrading.md how
to go from one to the next. Read at import from the file a checkout ships, so a host running
a checkout knows what it runs without installing the project as a package.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def read_version(path: Path = PYPROJECT) -> str:
    with path.open("rb") as file:
        return tomllib.load(file)["project"]["version"]


VERSION = read_version()

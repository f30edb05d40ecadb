"""The version (pyproject.toml) is what the footer shows, what `manage.py version` prints and
the newest release CHANGELOG.md describes."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from django.urls import reverse

PROJECT = Path(__file__).resolve().parents[1]


def pyproject_version() -> str:
    with (PROJECT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]["version"]


def test_the_version_is_a_release_number():
    assert re.fullmatch(r"\d+\.\d+\.\d+", pyproject_version())


def test_manage_py_version_prints_the_projects_version_not_djangos():
    done = subprocess.run(
        [sys.executable, "manage.py", "version"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{pyproject_version()}\n"


@pytest.mark.django_db
def test_every_page_footer_shows_the_version(client):
    page = client.get(reverse("login")).content.decode()
    assert f"version <span data-version>{pyproject_version()}</span></footer>" in page


def test_the_changelog_describes_this_version_first():
    changelog = (PROJECT / "CHANGELOG.md").read_text(encoding="utf-8")
    releases = re.findall(r"^## \[?(\d+\.\d+\.\d+)\]?", changelog, flags=re.M)
    assert releases and releases[0] == pyproject_version()

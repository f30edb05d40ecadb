"""Hosting settings: `check --deploy` passes with production settings from the environment."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


# Set by the browser tests' fixture in this process; a hosted app never has it.
LOCAL_ONLY = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE", "HTTPS"}


def run_check(**env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in LOCAL_ONLY}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_passes_the_deploy_check_with_production_settings():
    result = run_check(
        SECRET_KEY=secrets.token_urlsafe(50), HTTPS="1", ALLOWED_HOSTS="solar.example.org"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_fails_the_deploy_check_without_a_secret_key_or_https():
    result = run_check(ALLOWED_HOSTS="solar.example.org")
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout  # the local-only key
    assert "security.W004" in result.stderr + result.stdout  # no HSTS


def test_debug_is_off_unless_asked_for():
    code = "from django.conf import settings; print(settings.DEBUG)"
    environment = {k: v for k, v in os.environ.items() if k != "DEBUG"}
    environment["DJANGO_SETTINGS_MODULE"] = "config.settings"
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.strip() == "False"

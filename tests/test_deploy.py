"""Hosting settings: `check --deploy` passes with production settings from the environment."""

import os
import re
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.test_proxies import env_file

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


# --- what a host installs (requirements.txt) and what the tests add -------------------------

REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)")


def pinned(path: Path) -> dict[str, tuple[str, list[str]]]:
    """A compiled requirements file: each package's version and the hashes pinned with it."""
    entries: dict[str, tuple[str, list[str]]] = {}
    name = None
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        found = REQUIREMENT.match(line)
        if found:
            name = canonicalize_name(found.group(1))
            entries[name] = (found.group(2), [])
        elif stripped.startswith("--hash=sha256:") and name:
            entries[name][1].append(stripped.split()[0].removeprefix("--hash=sha256:"))
        else:
            raise AssertionError(f"{path.name}: a line that pins nothing: {line!r}")
    return entries


def wanted(path: Path) -> list[Requirement]:
    """The packages an .in file asks for (its -r/-c lines aside)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        Requirement(line.split("#")[0])
        for line in lines
        if line.split("#")[0].strip() and not line.startswith("-")
    ]


PRODUCTION = ROOT / "requirements.txt"
DEVELOPMENT = ROOT / "requirements-dev.txt"


def test_every_package_is_pinned_with_its_hashes_and_as_the_in_files_ask():
    for compiled, source in ((PRODUCTION, "requirements.in"), (DEVELOPMENT, "requirements-dev.in")):
        entries = pinned(compiled)
        for name, (_, hashes) in entries.items():
            assert hashes and all(len(h) == 64 for h in hashes), (compiled.name, name)
        # Compiled after the last change of its .in file: each package it asks for is there,
        # at a version it allows.
        for requirement in wanted(ROOT / source):
            version = entries[canonicalize_name(requirement.name)][0]
            assert requirement.specifier.contains(version), (compiled.name, requirement, version)
    # The tests run the packages a host runs, at the very versions and files a host gets.
    production, development = pinned(PRODUCTION), pinned(DEVELOPMENT)
    assert {name: development.get(name) for name in production} == production


def test_a_host_installs_no_test_tool():
    production = pinned(PRODUCTION)
    tools = {canonicalize_name(r.name) for r in wanted(ROOT / "requirements-dev.in")}
    assert {"pytest", "playwright", "hypothesis", "ruff"} <= tools
    assert not tools & set(production), tools & set(production)
    # What only the tools bring (Playwright's greenlet, xdist's execnet) stays with them.
    assert not {"greenlet", "execnet", "pluggy", "iniconfig"} & set(production)
    assert pinned(DEVELOPMENT)["django"][0].startswith("5.2.")


def make_dry_run(*arguments: str) -> str:
    """What `make` would run (-n, every target as if out of date: -B), without running it."""
    # Run alone, not as a sub-make of `make test` (which would print its "Entering directory").
    dropped = ("PORT", "MAKEFLAGS", "MAKELEVEL", "MFLAGS")
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    result = subprocess.run(
        ["make", "--no-print-directory", "-n", "-B", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_make_serve_installs_the_production_packages_only():
    serve = make_dry_run("serve")
    assert "--require-hashes -r requirements.txt" in serve
    assert "requirements-dev" not in serve
    setup = make_dry_run("setup")
    assert "--require-hashes -r requirements-dev.txt" in setup


def test_make_run_serves_on_the_port_asked_for():
    assert make_dry_run("run").rstrip().endswith("runserver 127.0.0.1:8000")
    assert make_dry_run("run", "PORT=8765").rstrip().endswith("runserver 127.0.0.1:8765")


# --- deploy/: the systemd unit, the backup from cron ---------------------------------------

DEPLOY = ROOT / "deploy"


def test_the_systemd_unit_runs_what_make_serve_runs():
    """deploy/solar175.service's commands are `make serve`'s (the environment file names the
    static files' storage that `make serve` names on its command lines)."""
    recipe = re.search(r"^serve:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M)
    make_serve = [
        re.sub(r"^STATICFILES_BACKEND=(\S+) ", "", line.strip())
        .replace("$(MANAGE)", "python manage.py")
        .replace("$(VENV)/bin/gunicorn", "gunicorn")
        for line in recipe.group(1).splitlines()
    ]
    storages = set(re.findall(r"STATICFILES_BACKEND=(\S+)", recipe.group(1)))
    unit = (DEPLOY / "solar175.service").read_text()
    commands = [
        value.replace("/srv/solar175/.venv/bin/", "")
        for key, value in re.findall(r"^(ExecStartPre|ExecStart)=(.*)$", unit, re.M)
    ]
    assert commands == make_serve
    assert storages == {env_file()["STATICFILES_BACKEND"]}
    assert "EnvironmentFile=/etc/solar175/solar175.env" in unit


def test_systemd_accepts_the_unit(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if not analyze:
        pytest.skip("systemd-analyze is not installed (Debian's systemd): the unit is not checked")
    unit = (DEPLOY / "solar175.service").read_text()
    settings = tmp_path / "solar175.env"
    settings.write_text("")
    unit = unit.replace("/srv/solar175", str(ROOT)).replace(
        "/etc/solar175/solar175.env", str(settings)
    )
    (tmp_path / "solar175.service").write_text(unit)
    result = subprocess.run(
        [analyze, "verify", str(tmp_path / "solar175.service")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and not result.stderr.strip(), result.stderr


def test_the_backup_script_runs_the_documented_blocks():
    """deploy/backup.sh runs docs/hosting.md's tested backup blocks (tests/test_two_servers.py
    and tests/test_hosting.py run those as printed), line for line."""
    from tests.site_backup import doc_block

    script = [line.strip() for line in (DEPLOY / "backup.sh").read_text().splitlines()]
    for name in ("backup", "backup-sqlite"):
        lines = [line.strip() for line in doc_block(name).splitlines()[1:] if line.strip()]
        starts = [i for i, line in enumerate(script) if script[i : i + len(lines)] == lines]
        assert starts, f"deploy/backup.sh does not run the block '{name}' as printed"


def test_the_backup_runs_from_cron_with_the_environment_file_alone(tmp_path):
    """cron gives a job no environment: deploy/backup.sh, started with none (`env -i`, the
    PATH of deploy/solar175.cron), reads the settings from the environment file it is given."""
    import sqlite3

    from benchmarks.served import base_env, prepare

    database = tmp_path / "site.sqlite3"
    prepare(base_env(DATABASE_URL=f"sqlite:///{database}"))
    settings = (DEPLOY / "solar175.env").read_text()
    settings = re.sub(
        r"^DATABASE_URL=.*$", f"DATABASE_URL=sqlite:///{database}", settings, flags=re.M
    )
    settings = re.sub(
        r"^BACKUP_DIR=.*$", f"BACKUP_DIR={tmp_path / 'backups'}", settings, flags=re.M
    )
    (tmp_path / "solar175.env").write_text(settings)
    cron_path = re.search(r"^PATH=(.*)$", (DEPLOY / "solar175.cron").read_text(), re.M).group(1)

    def backup(*arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["env", "-i", f"PATH={cron_path}", "/bin/sh", str(DEPLOY / "backup.sh"), *arguments],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )

    done = backup(str(tmp_path / "solar175.env"))
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "backups" / "solar175.sqlite3") as copy:
        assert copy.execute("SELECT count(*) FROM django_migrations").fetchone()[0] > 50
    missing = backup(str(tmp_path / "no-such.env"))
    assert missing.returncode == 2
    assert missing.stderr.strip() == (
        f"backup.sh: cannot read the settings file {tmp_path / 'no-such.env'}"
    )


# --- gunicorn's access log switch ----------------------------------------------------------


def test_the_access_log_is_a_switch():
    import runpy
    from unittest import mock

    config = str(ROOT / "config" / "gunicorn.conf.py")
    for value, expected in (("1", "-"), ("0", None), ("", None)):
        with mock.patch.dict(os.environ, {"GUNICORN_ACCESS_LOG": value}):
            assert runpy.run_path(config)["accesslog"] == expected, value


# --- the database role and database (docs/hosting.md, step 3) -------------------------------


@pytest.mark.every_database
def test_the_documented_role_and_database_let_the_app_create_its_tables():
    """docs/hosting.md's block, run as printed against the test server but for the
    `runuser -u postgres --` (the test's connection is the server's superuser already) and the
    name (one of this run's own): the role signs in with the password it was given and creates
    a table in its database (on PostgreSQL 15 and later, only a database's owner may)."""
    import urllib.parse

    import psycopg
    from psycopg import sql

    from tests.site_backup import doc_block

    url = os.environ.get("DATABASE_URL", "")
    address = urllib.parse.urlparse(url)
    if not address.scheme.startswith("postgres"):
        pytest.skip("the PostgreSQL leg runs this (DATABASE_URL names no PostgreSQL server)")
    name = f"solar175_role_{secrets.token_hex(4)}"
    password = secrets.token_hex(16)
    block = doc_block("database").replace("runuser -u postgres -- ", "")
    block = re.sub(r"\bsolar175\b", name, block)
    shell = {
        "PATH": os.environ["PATH"],
        "PGHOST": address.hostname or "127.0.0.1",
        "PGPORT": str(address.port or 5432),
        "PGUSER": address.username or "postgres",
        "PGPASSWORD": address.password or "",
    }
    admin_url = url.rsplit("/", 1)[0] + "/postgres"
    try:
        result = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", block],
            env=shell,
            input=f"{password}\n{password}\n",
            capture_output=True,
            text=True,
            timeout=60,
            start_new_session=True,  # no terminal: createuser reads the password from stdin
        )
        assert result.returncode == 0, result.stderr
        host, port = shell["PGHOST"], shell["PGPORT"]
        role_url = f"postgres://{name}:{password}@{host}:{port}/{name}"
        with psycopg.connect(role_url, autocommit=True) as app:
            app.execute("CREATE TABLE made_by_the_app (id integer)")
            owner = app.execute("SELECT current_user").fetchone()[0]
        assert owner == name
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(name)))
            admin.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(name)))


# --- every environment variable the settings read is documented -----------------------------

SETTINGS_FILES = ("config/settings.py", "config/gunicorn.conf.py", "config/wsgi.py")


def variables_read(path: Path) -> tuple[set[str], list[str]]:
    """The environment variables a settings file reads (`os.environ.get("X")`,
    `os.environ["X"]`, `"X" in os.environ`, `os.getenv("X")`, `env_bool("X", …)` and any
    helper named env…), and the reads whose name is not written out (which this test cannot
    follow, so it refuses them). `os.environ.setdefault` writes: config/wsgi.py's
    DJANGO_SETTINGS_MODULE is Django's, not a setting."""
    import ast

    names: set[str] = set()
    unnamed: list[str] = []

    def environ(node: ast.AST) -> bool:
        return ast.unparse(node) in ("os.environ", "environ")

    def nodes(tree: ast.AST):
        # A helper named env… is followed where it is called: its own body reads a parameter.
        for child in ast.iter_child_nodes(tree):
            if isinstance(child, ast.FunctionDef) and child.name.startswith("env"):
                continue
            yield child
            yield from nodes(child)

    for node in nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            callee = ast.unparse(node.func)
            if re.fullmatch(r"(os\.)?environ\.(items|keys|values|copy)", callee):
                unnamed.append(ast.unparse(node))
                continue
            if not re.fullmatch(r"(os\.)?(environ\.get|getenv)|env\w*", callee):
                continue
            key = node.args[0] if node.args else None
        elif isinstance(node, ast.Subscript) and environ(node.value):
            key = node.slice
        elif isinstance(node, ast.Compare) and environ(node.comparators[0]):
            key = node.left
        else:
            continue
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            names.add(key.value)
        else:
            unnamed.append(ast.unparse(node))
    return names, unnamed


def documented_variables() -> set[str]:
    """The names in the first column of docs/hosting.md's table "Settings (the environment)"."""
    text = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    section = text.split("\n## Settings (the environment)\n", 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break
    names = set()
    for row in rows[2:]:  # the header and its rule
        names |= set(re.findall(r"`([A-Z][A-Z0-9_]*)", row.split("|")[1]))
    return names


def test_the_settings_table_names_every_variable_the_settings_read():
    read: set[str] = set()
    for name in SETTINGS_FILES:
        names, unnamed = variables_read(ROOT / name)
        assert not unnamed, f"{name} reads the environment by a name this test cannot see"
        read |= names
    assert {"SECRET_KEY", "GUNICORN_ACCESS_LOG", "DATABASE_URL"} <= read  # the parser reads
    documented = documented_variables()
    assert sorted(read - documented) == [], "read by the settings, not in docs/hosting.md"
    assert sorted(documented - read) == [], "in docs/hosting.md, read by no setting"

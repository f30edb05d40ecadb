"""The app served as a host serves it: gunicorn processes on free ports of this machine, and
a small browser that talks to them over real HTTP.

The hosting tests, the two-server test and the `concurrency` benchmark share these:

- `prepare(env)`: migrate a database and load the catalogue, as `make serve` does;
- `run_manage(env, code)`: Python code run by `manage.py shell` in that environment (the
  campaign and the people a test or a benchmark needs);
- `serving(env, workers=2)`: gunicorn with the project's own config (`config/gunicorn.conf.py`)
  on a free port of 127.0.0.1, waited for, and stopped (its whole process group) afterwards;
- `Browser`: cookies, CSRF and forms read from the page as a browser reads them.

Nothing here reaches beyond 127.0.0.1; every loop that waits is bounded in time.
"""

from __future__ import annotations

import hashlib
import http.cookiejar
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
# How long a served app may take to answer its first request (it imports Django, the cold
# machine may be busy with another test).
START_TIMEOUT = 60


def python(project: Path = PROJECT) -> str:
    """The project's own interpreter (its .venv), else this one."""
    candidate = project / ".venv" / "bin" / "python"
    return str(candidate) if candidate.exists() else sys.executable


def gunicorn(project: Path = PROJECT) -> list[str]:
    return [python(project), "-m", "gunicorn"]


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now (the kernel picks it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def base_env(**extra: str) -> dict[str, str]:
    """This process's environment without what a test run sets for itself, plus `extra`."""
    drop = {"DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE", "PYTEST_XDIST_WORKER"}
    env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("PYTEST")}
    env.update(extra)
    return env


def run_manage(
    env: Mapping[str, str], *args: str, project: Path = PROJECT, timeout: float = 300
) -> str:
    """`manage.py ARGS` in `env`; its output, or `RuntimeError` with it when it fails."""
    result = subprocess.run(
        [python(project), "manage.py", *args],
        cwd=project,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise RuntimeError(f"manage.py {' '.join(args)[:80]} failed:\n{result.stderr[-3000:]}")
    return result.stdout


def run_code(env: Mapping[str, str], code: str, *, project: Path = PROJECT) -> str:
    return run_manage(env, "shell", "-v", "0", "-c", code, project=project)


def prepare(env: Mapping[str, str], *, project: Path = PROJECT) -> None:
    """What `make serve` does to a new, empty database before serving it: migrate, the
    catalogue.

    The first database prepared from a given set of migrations, catalogue and pinned packages
    is prepared so, for real, and kept as a template (`_prepared_key`); a later one is a copy
    of it: `CREATE DATABASE ... TEMPLATE` on PostgreSQL, a copy of the file on SQLite. A
    `migrate` and a `load_catalogue` cost 10 to 15 s of a loaded two-core machine, and the
    hosting tests, the two-server test and the benchmarks each prepare a database or two."""
    url = env["DATABASE_URL"]
    key = _prepared_key(project)
    if url.startswith("sqlite:///"):
        _prepare_sqlite(env, Path(url.removeprefix("sqlite:///")), key, project)
    elif urllib.parse.urlparse(url).scheme.startswith("postgres"):
        _prepare_postgres(env, key, project)
    else:
        _migrate(env, project)


def _migrate(env: Mapping[str, str], project: Path) -> None:
    run_manage(env, "migrate", "--noinput", project=project)
    run_manage(env, "load_catalogue", project=project)


def _prepared_key(project: Path) -> str:
    """What a prepared database depends on: every migration of the project's apps, the
    catalogue's fixture, and the pinned packages (whose own apps have migrations too)."""
    digest = hashlib.sha256()
    files = sorted(project.glob("*/migrations/*.py"))
    files += [project / "fixtures" / "catalogue.json", project / "requirements.txt"]
    for path in files:
        if path.exists():
            digest.update(str(path.relative_to(project)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _prepare_sqlite(env: Mapping[str, str], target: Path, key: str, project: Path) -> None:
    if target.exists() and target.stat().st_size:
        _migrate(env, project)  # not a new database: migrate it as it is
        return
    template = Path(tempfile.gettempdir()) / f"solar175-prepared-{key}.sqlite3"
    if not template.exists():
        building = template.with_name(f"{template.name}.{os.getpid()}.{time.monotonic_ns()}")
        _migrate(dict(env, DATABASE_URL=f"sqlite:///{building}"), project)
        os.replace(building, template)  # whole or not at all, whoever finishes first
    shutil.copyfile(template, target)


def _prepare_postgres(env: Mapping[str, str], key: str, project: Path) -> None:
    import psycopg
    from psycopg import sql

    url = env["DATABASE_URL"]
    name = urllib.parse.urlparse(url).path.lstrip("/")
    template = f"solar175_prepared_{key}"
    admin_url = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        with psycopg.connect(url) as target:
            tables = target.execute(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            ).fetchone()[0]
        if tables:
            _migrate(env, project)  # not a new database: migrate it as it is
            return
        # One preparer at a time (the suite's workers, two legs): the others wait, then copy.
        admin.execute("SELECT pg_advisory_lock(175175)")
        try:
            exists = admin.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [template]
            ).fetchone()
            if not exists:
                building = f"{template}_building"
                admin.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(building))
                )
                admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(building)))
                _migrate(dict(env, DATABASE_URL=url.rsplit("/", 1)[0] + "/" + building), project)
                admin.execute(
                    sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                        sql.Identifier(building), sql.Identifier(template)
                    )
                )
            admin.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(name)))
            admin.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                    sql.Identifier(name), sql.Identifier(template)
                )
            )
        finally:
            admin.execute("SELECT pg_advisory_unlock(175175)")


@dataclass
class Served:
    url: str
    process: subprocess.Popen
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


@contextmanager
def serving(
    env: Mapping[str, str],
    *,
    workers: int = 2,
    project: Path = PROJECT,
    port: int | None = None,
    extra_args: tuple[str, ...] = (),
) -> Iterator[Served]:
    """gunicorn serving the project in `env` on a free port; stopped afterwards."""
    port = port or free_port()
    command = [*gunicorn(project), "config.wsgi", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", str(workers)]
    config = project / "config" / "gunicorn.conf.py"
    if config.exists():
        command += ["--config", str(config)]
    command += list(extra_args)
    with tempfile.NamedTemporaryFile(
        prefix="solar175-gunicorn-", suffix=".log", delete=False
    ) as log_file:
        log = Path(log_file.name)
    with open(log, "wb") as out:
        process = subprocess.Popen(
            command,
            cwd=project,
            env=dict(env),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    served = Served(f"http://127.0.0.1:{port}", process, log)
    try:
        _wait_until_answering(served)
        yield served
    finally:
        _stop(process)
        log.unlink(missing_ok=True)


def _wait_until_answering(served: Served) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if served.process.poll() is not None:
            raise RuntimeError(
                f"gunicorn exited with {served.process.returncode}:\n{served.log_text()[-3000:]}"
            )
        try:
            with socket.create_connection(("127.0.0.1", int(served.url.rsplit(":", 1)[1])), 1):
                pass
        except OSError:
            time.sleep(0.2)
            continue
        try:
            urllib.request.urlopen(served.url + "/accounts/login/", timeout=10).read()
            return
        except urllib.error.HTTPError:
            return  # it answers (a 500 here is the test's business)
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer in {START_TIMEOUT} s:\n{served.log_text()}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


# --- a small browser ---------------------------------------------------------------------


@dataclass
class Form:
    """A form as a browser would send it: its action and its fields' current values."""

    action: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    checkboxes: dict[str, list[str]] = field(default_factory=dict)

    def get(self, name: str) -> str | None:
        return next((value for key, value in self.fields if key == name), None)

    def set(self, name: str, value: str) -> None:
        self.fields = [(k, v) for k, v in self.fields if k != name] + [(name, value)]

    def names(self) -> list[str]:
        return [key for key, _ in self.fields]


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = Form(action=a.get("action", ""))
            self.forms.append(self._form)
        if self._form is None:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                self._form.checkboxes.setdefault(name, []).append(a.get("value", "on"))
                if "checked" in a:
                    self._form.fields.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button", "image", "file", "reset"):
                self._form.fields.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self._select, self._select_first, self._select_chosen = name, None, False
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a and not self._select_chosen:
                self._form.fields.append((self._select, value))
                self._select_chosen = True
        elif tag == "textarea" and name:
            self._textarea, self._text = name, []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None and self._form is not None:
            if not self._select_chosen and self._select_first is not None:
                self._form.fields.append((self._select, self._select_first))
            self._select = None
        elif tag == "textarea" and self._textarea is not None and self._form is not None:
            self._form.fields.append((self._textarea, "".join(self._text).removeprefix("\n")))
            self._textarea = None


def forms_of(html: str) -> list[Form]:
    parser = _FormParser()
    parser.feed(html)
    return parser.forms


@dataclass
class Response:
    status: int
    body: str
    headers: Mapping[str, str]
    url: str


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a 302 is an answer to look at
        return None


class Browser:
    """One person's browser: its own cookies; follows no redirect by itself."""

    def __init__(self, base_url: str, timeout: float = 60) -> None:
        self.base_url = base_url
        self.timeout = timeout
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def request(
        self, path: str, data: list[tuple[str, str]] | bytes | None = None, headers=None
    ) -> Response:
        url = path if path.startswith("http") else self.base_url + path
        body = None
        all_headers = dict(headers or {})
        if data is not None:
            body = data if isinstance(data, bytes) else urllib.parse.urlencode(data).encode()
            all_headers.setdefault("Content-Type", "application/x-www-form-urlencoded")
            all_headers.setdefault("Referer", self.base_url + "/")
            token = self.csrf_token()
            if token:
                all_headers.setdefault("X-CSRFToken", token)
        request = urllib.request.Request(url, data=body, headers=all_headers)
        try:
            with self.opener.open(request, timeout=self.timeout) as answer:
                return Response(
                    answer.status, answer.read().decode("utf-8", "replace"), answer.headers, url
                )
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            return Response(error.code, text, error.headers, url)

    def get(self, path: str, headers=None) -> Response:
        return self.request(path, headers=headers)

    def post(self, path: str, data: list[tuple[str, str]]) -> Response:
        return self.request(path, data)

    def csrf_token(self) -> str:
        return next((c.value for c in self.cookies if c.name == "csrftoken"), "") or ""

    def log_in(self, username: str, password: str) -> Response:
        page = self.get("/accounts/login/")
        form = next(f for f in forms_of(page.body) if "username" in f.names())
        form.set("username", username)
        form.set("password", password)
        return self.post("/accounts/login/", form.fields)

    def form(self, path: str, action_ends: str) -> Form:
        """The form on the page at `path` whose action ends with `action_ends`."""
        page = self.get(path)
        if page.status != 200:
            raise RuntimeError(f"GET {path}: {page.status}")
        for form in forms_of(page.body):
            if form.action.endswith(action_ends):
                return form
        raise RuntimeError(f"no form posting to …{action_ends} on {path}")

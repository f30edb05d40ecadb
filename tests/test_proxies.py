"""The TLS proxy samples of deploy/ as shipped, run with Debian's nginx and Debian's caddy in
front of gunicorn as `make serve` runs it, with the settings of deploy/solar175.env.

The one copy of each sample the test runs changes only what this machine needs: the ports
(free ones of 127.0.0.1, never 80 or 443; the IPv6 `listen` lines of the nginx site are
dropped), the upstream's port, and the certificate's paths (a self-signed certificate for
solar.example.org made here with openssl; in the Caddyfile, the sample's commented `tls` line
is the one switched on). nginx gets a main configuration file of the test's own around the
site (its pid, logs and temporary files in the test's directory), as /etc/nginx/nginx.conf is
around it on a host; caddy gets a global options block (its ports, no admin endpoint).

A phone is played by a small HTTPS client that asks for solar.example.org (its TLS name and
Host) at 127.0.0.1, from another loopback address than the proxy's (127.0.0.2 and 127.0.0.3),
so that the address the login throttle counts tells the phone's from the proxy's.
"""

from __future__ import annotations

import http.client
import http.cookies
import os
import re
import secrets
import shutil
import signal
import socket
import sqlite3
import ssl
import subprocess
import time
import urllib.parse
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from benchmarks.served import PROJECT, base_env, forms_of, free_port, prepare, serving

DEPLOY = PROJECT / "deploy"
HOST = "solar.example.org"
PASSWORD = "proxied-test-password-175"
# The loopback address each proxy's phone connects from (the proxies connect from 127.0.0.1).
PHONE_ADDRESS = {"nginx": "127.0.0.2", "caddy": "127.0.0.3"}


def env_file(path: Path = DEPLOY / "solar175.env") -> dict[str, str]:
    """The KEY=value lines of an environment file, as systemd and sh read these."""
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key] = value
    return values


def substitute(text: str, old: str, new: str) -> str:
    """`text` with `old`, which must be there exactly once, replaced by `new`: a sample
    changed so that the test would no longer run what it ships fails here, by name."""
    assert text.count(old) == 1, f"the sample no longer has exactly one {old!r}"
    return text.replace(old, new)


def program(name: str) -> str:
    """Debian's `name`, installed by `make proxies`. Missing: a failure under CI, elsewhere a
    loud skip."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if found:
        return found
    message = f"{name} is not installed: run `make proxies` (Debian's nginx and caddy)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    # In the run's warnings summary, which every run prints, not only among the skips.
    warnings.warn(f"!!! {message}: the {name} proxy tests did NOT run !!!", stacklevel=2)
    pytest.skip(message)


def _wait_for_port(port: int, process: subprocess.Popen, log: Path, what: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{_tail(log)}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port} in 30 s:\n{_tail(log)}")


def _tail(log: Path) -> str:
    return log.read_text(errors="replace")[-3000:] if log.exists() else ""


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    """A self-signed certificate for solar.example.org and its key."""
    directory = tmp_path_factory.mktemp("certificate")
    cert, key = directory / "fullchain.pem", directory / "privkey.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-days", "2", "-subj", f"/CN={HOST}", "-addext", f"subjectAltName=DNS:{HOST}"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


@dataclass
class App:
    port: int
    database: Path


@pytest.fixture(scope="module")
def app(tmp_path_factory, hosted_static_files) -> Iterator[App]:
    """gunicorn as `make serve` runs it, with deploy/solar175.env's settings: only the secret
    key, the database (a SQLite file here) and the port are the test's; the static files are
    those the suite collected with the same manifest storage (tests/plugins/static_files.py)."""
    directory = tmp_path_factory.mktemp("proxied")
    database = directory / "proxied.sqlite3"
    port = free_port()
    settings = env_file()
    assert settings["HTTPS"] == "1" and settings["BEHIND_PROXY"] == "1"
    settings.update(
        SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=f"sqlite:///{database}",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        STATIC_ROOT=str(hosted_static_files),
    )
    env = base_env(**settings)
    for name in ("REDIS_URL", "DEBUG"):
        env.pop(name, None)
    prepare(env)
    # The phone's account, written straight into the file (a `manage.py shell` costs seconds),
    # with the served app's hasher (the tests' own settings may hash faster).
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name,"
            " email, is_staff, is_active, date_joined) VALUES (?, 0, 'phone', '', '', '', 0, 1,"
            " datetime('now'))",
            [PBKDF2PasswordHasher().encode(PASSWORD, PBKDF2PasswordHasher().salt())],
        )
    with serving(env, workers=1, port=port):
        yield App(port, database)


@dataclass
class Proxy:
    name: str
    https_port: int
    http_port: int


def _nginx(app: App, certificate, directory: Path) -> tuple[list[str], int, int]:
    cert, key = certificate
    https_port, http_port = free_port(), free_port()
    site = (DEPLOY / "nginx-solar175.conf").read_text(encoding="utf-8")
    site = substitute(site, "    listen [::]:80;\n", "")
    site = substitute(site, "    listen [::]:443 ssl http2;\n", "")
    site = substitute(site, "listen 80;", f"listen 127.0.0.1:{http_port};")
    site = substitute(site, "listen 443 ssl http2;", f"listen 127.0.0.1:{https_port} ssl http2;")
    site = substitute(site, "/etc/letsencrypt/live/solar.example.org/fullchain.pem", str(cert))
    site = substitute(site, "/etc/letsencrypt/live/solar.example.org/privkey.pem", str(key))
    site = substitute(site, "http://127.0.0.1:8000;", f"http://127.0.0.1:{app.port};")
    (directory / "site.conf").write_text(site)
    temporary = " ".join(
        f"{kind}_temp_path {directory / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # What /etc/nginx/nginx.conf is around a site on a host, in the test's directory.
    main = (
        ("user root;\n" if os.geteuid() == 0 else "")
        + f"daemon off;\nworker_processes 1;\npid {directory / 'nginx.pid'};\n"
        + f"error_log {directory / 'error.log'};\nevents {{ worker_connections 64; }}\n"
        + "http {\n  include /etc/nginx/mime.types;\n"
        + f"  access_log {directory / 'access.log'};\n  {temporary}\n"
        + f"  include {directory / 'site.conf'};\n}}\n"
    )
    (directory / "nginx.conf").write_text(main)
    command = [program("nginx"), "-p", f"{directory}/", "-c", str(directory / "nginx.conf")]
    command += ["-e", str(directory / "error.log")]
    return command, https_port, http_port


def _caddy(app: App, certificate, directory: Path) -> tuple[list[str], int, int]:
    cert, key = certificate
    https_port, http_port = free_port(), free_port()
    sample = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    sample = substitute(
        sample,
        "# tls /etc/ssl/solar175/fullchain.pem /etc/ssl/solar175/privkey.pem",
        f"tls {cert} {key}",
    )
    sample = substitute(
        sample, "reverse_proxy 127.0.0.1:8000", f"reverse_proxy 127.0.0.1:{app.port}"
    )
    options = f"{{\n\tadmin off\n\thttp_port {http_port}\n\thttps_port {https_port}\n}}\n\n"
    (directory / "Caddyfile").write_text(options + sample)
    command = [program("caddy"), "run", "--config", str(directory / "Caddyfile")]
    command += ["--adapter", "caddyfile"]
    return command, https_port, http_port


@pytest.fixture(scope="module", params=["nginx", "caddy"])
def proxy(request, tmp_path_factory) -> Iterator[Proxy]:
    """The sample of `request.param` as shipped, serving solar.example.org over TLS in front
    of `app` (started once the proxy's program is known to be there)."""
    program(request.param)
    app, certificate = request.getfixturevalue("app"), request.getfixturevalue("certificate")
    directory = tmp_path_factory.mktemp(request.param)
    build = {"nginx": _nginx, "caddy": _caddy}[request.param]
    command, https_port, http_port = build(app, certificate, directory)
    log = directory / "proxy.log"
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        # caddy keeps its state under these; nothing of the machine's.
        "HOME": str(directory),
        "XDG_DATA_HOME": str(directory / "data"),
        "XDG_CONFIG_HOME": str(directory / "config"),
    }
    with open(log, "wb") as out:
        process = subprocess.Popen(
            command,
            cwd=directory,
            env=environment,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_for_port(https_port, process, log, request.param)
        _wait_for_port(http_port, process, log, request.param)
        yield Proxy(request.param, https_port, http_port)
    finally:
        _stop(process)


# --- a phone ----------------------------------------------------------------------------


class _TLS(http.client.HTTPSConnection):
    """An HTTPS connection to solar.example.org that reaches 127.0.0.1 (no name server asked),
    from the phone's own loopback address."""

    def connect(self) -> None:
        plain = socket.create_connection(("127.0.0.1", self.port), 30, self.source_address)
        self.sock = self._context.wrap_socket(plain, server_hostname=self.host)


class _Plain(http.client.HTTPConnection):
    def connect(self) -> None:
        self.sock = socket.create_connection(("127.0.0.1", self.port), 30, self.source_address)


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: str

    def cookies(self) -> dict[str, http.cookies.Morsel]:
        jar = http.cookies.SimpleCookie()
        for line in self.headers.get_all("Set-Cookie") or []:
            jar.load(line)
        return dict(jar)


class Phone:
    """A browser on a phone: it trusts the test's certificate, keeps its cookies, sends
    Origin and Referer with a form as browsers do, and follows no redirect by itself."""

    def __init__(self, proxy: Proxy, certificate) -> None:
        self.proxy = proxy
        self.address = PHONE_ADDRESS[proxy.name]
        self.context = ssl.create_default_context(cafile=str(certificate[0]))
        self.cookies: dict[str, str] = {}
        self.origin = f"https://{HOST}:{proxy.https_port}"

    def request(
        self, method: str, path: str, fields=None, plain: bool = False, raw: bytes | None = None
    ) -> Answer:
        if plain:
            connection = _Plain(HOST, self.proxy.http_port, source_address=(self.address, 0))
        else:
            connection = _TLS(
                HOST, self.proxy.https_port, context=self.context, source_address=(self.address, 0)
            )
        headers = {"Accept": "text/html"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if fields is not None or raw is not None:
            body = raw if raw is not None else urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = self.origin
            headers["Referer"] = self.origin + path
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            answer = Answer(response.status, response.headers, response.read().decode())
        finally:
            connection.close()
        for name, morsel in answer.cookies().items():
            self.cookies[name] = morsel.value
        return answer

    def log_in(self, username: str, password: str) -> Answer:
        page = self.request("GET", "/accounts/login/")
        form = next(f for f in forms_of(page.body) if "username" in f.names())
        form.set("username", username)
        form.set("password", password)
        return self.request("POST", "/accounts/login/", form.fields)


# --- what a host needs of its proxy ----------------------------------------------------


def test_the_login_page_answers_over_tls_with_secure_cookies(proxy, certificate):
    answer = Phone(proxy, certificate).request("GET", "/accounts/login/")
    assert answer.status == 200, (answer.status, answer.headers.get("Location"))
    assert 'name="password"' in answer.body
    assert answer.cookies()["csrftoken"]["secure"] is True
    assert "max-age=31536000" in answer.headers["Strict-Transport-Security"]


def test_signing_in_through_the_proxy_lands_on_the_campaigns_without_a_loop(proxy, certificate):
    phone = Phone(proxy, certificate)
    signed_in = phone.log_in("phone", PASSWORD)
    # A 302 to the campaigns (a 403 here: the CSRF check did not see the phone's origin).
    assert signed_in.status == 302, (signed_in.status, signed_in.body[:500])
    assert signed_in.headers["Location"] == "/campaigns/"
    assert signed_in.cookies()["sessionid"]["secure"] is True
    campaigns = phone.request("GET", "/campaigns/")
    assert campaigns.status == 200, (campaigns.status, campaigns.headers.get("Location"))
    assert "private" in campaigns.headers["Cache-Control"]


def test_the_service_worker_is_served(proxy, certificate):
    answer = Phone(proxy, certificate).request("GET", "/sw.js")
    assert answer.status == 200
    assert "javascript" in answer.headers["Content-Type"]


def test_plain_http_is_sent_to_https(proxy, certificate):
    answer = Phone(proxy, certificate).request("GET", "/accounts/login/?next=/", plain=True)
    # Each sample's own answer: nginx's `return 301` (deploy/nginx-solar175.conf), Caddy's
    # automatic HTTPS redirect, a 308.
    assert answer.status == {"nginx": 301, "caddy": 308}[proxy.name]
    assert re.fullmatch(
        rf"https://{re.escape(HOST)}(:\d+)?/accounts/login/\?next=/", answer.headers["Location"]
    )


def test_the_login_throttle_counts_the_phone_address_not_the_proxy(proxy, certificate, app):
    username = f"guess-{proxy.name}"
    refused = Phone(proxy, certificate).log_in(username, "not-the-password")
    assert refused.status == 200 and "Please enter a correct username" in refused.body
    with sqlite3.connect(app.database) as database:
        counted = database.execute(
            "SELECT ip_address FROM axes_accessattempt WHERE username = ?", [username]
        ).fetchall()
    assert counted == [(PHONE_ADDRESS[proxy.name],)]


def test_a_request_too_large_gets_the_app_sentence_not_the_proxy_page(proxy, certificate):
    """Each proxy lets a request of more than the app takes (3 MB) through, so that the app
    answers it with its sentence (hosting.middleware) instead of the proxy's bare 413 page."""
    answer = Phone(proxy, certificate).request(
        "POST", "/campaigns/import/", raw=b"x" * (3 * 1024 * 1024 + 512 * 1024)
    )
    assert answer.status == 413
    assert "the app takes at most 3.0 MB in one request" in answer.body, answer.body[:300]

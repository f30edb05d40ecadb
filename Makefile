# Solar 175 campaign manager. `make run` serves the app; `make test` passes every test.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
PG_URL ?= postgres://postgres@127.0.0.1:5432/postgres
# The shared cache of several app servers (tests/test_two_servers.py); each test run keeps its
# keys under a prefix of its own.
REDIS_URL_FOR_TESTS ?= redis://127.0.0.1:6379/0
# Three workers a leg on two cores: the tests wait a good part of their time (a browser test
# for a phone's next poll, a served app for its start, PostgreSQL for a commit), and with two
# workers a leg the cores stood idle about a third of the run (measured with both legs side by
# side: 142 % of 200 % busy, 674 s; three workers: 603 s, every test passing; docs/test-suite.md).
# A worker that has finished its share takes tests from another's (with xdist's default split
# one worker ran the last browser tests alone for minutes), and the slowest tests are named at
# the end of each leg.
PYTEST_ARGS ?= -n 3 --dist worksteal --durations=25
# pytest rewrites every test module's asserts when it imports it; where the environment says
# PYTHONDONTWRITEBYTECODE (this machine's does) every worker of every leg did it again, about a
# minute each. Written once into __pycache__ (git-ignored), both workers and both legs reuse it.
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(VENV)/bin/pytest

.PHONY: run serve install requirements proxies test screenshots test-sqlite test-postgres lint format migrations-check setup chromium axe graphviz gettext translations messages bench demo icons clean

# Two sets of packages, each compiled from its .in file with every package pinned and hashed
# (`make requirements`; docs/hosting.md, "What a host installs"): requirements.txt is what the
# app runs, all that a host installs (`make install`, `make serve`); requirements-dev.txt is
# the same packages at the same versions plus the tests and tools (`make setup`, which `make
# test` and `make run` start with). Each set has its own marker, so a host never gets the test
# tools. pip refuses any file whose hash is not the pinned one (--require-hashes).
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed-production: requirements.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet --require-hashes -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet --require-hashes -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed-production

setup: $(VENV)/.installed-dev

# After changing requirements.in or requirements-dev.in: both files compiled again, for Python
# 3.11 on any platform, keeping the versions already pinned unless an .in file asks otherwise
# (`make requirements COMPILE_ARGS=--upgrade` takes the newest each .in file allows).
COMPILE_ARGS ?=
COMPILE := $(VENV)/bin/uv pip compile --quiet --generate-hashes --universal --python-version 3.11 \
	--custom-compile-command "make requirements" $(COMPILE_ARGS)
requirements: setup
	$(COMPILE) requirements.in -o requirements.txt
	$(COMPILE) requirements-dev.in -o requirements-dev.txt

db.sqlite3: $(VENV)/.installed-dev
	$(MANAGE) migrate --noinput

demo: setup
	$(MANAGE) migrate --noinput
	$(MANAGE) load_demo

# `make run PORT=8001` serves on another port.
PORT ?= 8000
run: demo graphviz translations
	DEBUG=1 $(MANAGE) runserver 127.0.0.1:$(PORT)

# Chromium for the browser tests comes from Debian's packages (see BROWSER-TESTS.md): its
# headless shell, which the tests drive, and the full browser for the installability check.
chromium:
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then \
	  echo "Installing Chromium for the browser tests (Debian packages)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell fonts-dejavu-core >/dev/null; \
	fi

# axe-core, which the accessibility walk runs in Chromium (tests/test_browser_axe.py): the
# version package-lock.json pins, from the npm registry (node_modules/ is git-ignored).
axe:
	@if [ ! -f node_modules/axe-core/axe.min.js ]; then \
	  if ! command -v npm >/dev/null 2>&1; then \
	    echo "Installing Node.js and npm for axe-core (Debian packages)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null; \
	  fi; \
	  echo "Installing axe-core for the accessibility walk (npm ci)"; \
	  npm ci --no-audit --no-fund; \
	fi

# Graphviz draws the Startropolis station's picture (docs/startropolis.md), from Debian's
# package as Chromium is. Without root it says what to install and goes on: the pages then show
# the station as text, and the picture's tests fail until it is there.
graphviz:
	@if ! command -v dot >/dev/null 2>&1; then \
	  echo "Installing Graphviz for the Startropolis station picture (Debian package)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null) \
	    || { echo "!!! Could not install Graphviz: run 'apt-get install graphviz' as root."; \
	         if [ "$$CI" = "true" ]; then exit 1; fi; }; \
	fi

# gettext's tools (msgfmt, which compiles the catalogues; xgettext and msgmerge, which
# `make messages` runs), from Debian's package as Graphviz is. Without root it says what to
# install and goes on: the pages are then in English only.
gettext:
	@if ! command -v msgfmt >/dev/null 2>&1; then \
	  echo "Installing gettext for the translations (Debian package)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null) \
	    || { echo "!!! Could not install gettext: run 'apt-get install gettext' as root."; \
	         if [ "$$CI" = "true" ]; then exit 1; fi; }; \
	fi

# The catalogues (locale/<language>/LC_MESSAGES/django.po, docs/translating.md) compiled into
# the .mo files Django reads, beside them: built here, never committed (.gitignore), so they
# cannot drift from the .po files. Only a .po newer than its .mo is compiled again. Listed
# after `install` or `setup` by the targets that serve or test (it needs Django); nothing to
# do while the repository has no catalogue.
MESSAGES_IGNORED := --ignore=.venv --ignore=node_modules
translations: gettext
	@if [ -z "$$(find . \( -path ./.venv -o -path ./node_modules \) -prune -o -name '*.po' -print -quit)" ]; then \
	  :; \
	elif command -v msgfmt >/dev/null 2>&1; then \
	  $(MANAGE) compilemessages $(MESSAGES_IGNORED) --verbosity 0; \
	else \
	  echo "!!! No msgfmt (gettext): the catalogues are not compiled, the pages are in English."; \
	  if [ "$$CI" = "true" ]; then exit 1; fi; \
	fi

# The catalogues brought up to date with the code's and templates' marked words, one per
# language of LANGS (`make messages LANGS="de fr"`): new words come empty, changed ones fuzzy,
# for the translator (docs/translating.md). Each entry names its files but not their lines,
# so a catalogue's diff shows words, not every line number that moved; words no longer used
# are dropped. The scripts have no catalogue of their own: a page passes them its words.
LANGS ?= de
messages: setup gettext
	$(MANAGE) makemessages $(addprefix --locale=,$(LANGS)) $(MESSAGES_IGNORED) \
	  --ignore=tests --ignore=staticfiles --ignore=media --ignore=screenshots --ignore=tmp \
	  --add-location=file --no-obsolete

# Debian's nginx and caddy, which tests/test_proxies.py runs with deploy/'s samples in front of
# gunicorn. Installed without being started (Debian would start each on port 80 with its own
# default site): a policy-rc.d that refuses every start while apt-get runs, where the machine
# has none, and where systemd runs, the two services switched off again. Without root it says
# what to install and goes on (the test then says loudly it did not run); under CI it fails.
proxies:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ] || ! command -v caddy >/dev/null 2>&1; then \
	  echo "Installing nginx and caddy for the proxy tests (Debian packages, not started)"; \
	  policy=; if [ ! -e /usr/sbin/policy-rc.d ] && [ -w /usr/sbin ]; then \
	    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d && policy=1; fi; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx caddy >/dev/null); \
	  installed=$$?; \
	  if [ -n "$$policy" ]; then rm -f /usr/sbin/policy-rc.d; fi; \
	  if [ $$installed -eq 0 ] && [ -d /run/systemd/system ]; then systemctl disable --now nginx caddy >/dev/null 2>&1 || true; fi; \
	  if [ $$installed -ne 0 ]; then \
	    echo "!!! Could not install nginx and caddy: run 'apt-get install nginx caddy' as root."; \
	    if [ "$$CI" = "true" ]; then exit 1; fi; \
	  fi; \
	fi

# Style, then the architecture's contracts (pyproject.toml [tool.importlinter]).
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: setup
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

migrations-check: setup
	$(MANAGE) makemigrations --check --dry-run

# SQLITE_ARGS: what `make test` adds when the PostgreSQL leg runs beside it.
SQLITE_ARGS ?=
test-sqlite: setup chromium axe graphviz proxies translations
	DATABASE_URL= $(PYTEST) $(PYTEST_ARGS) $(SQLITE_ARGS)

# The PostgreSQL leg: every test that uses the database, against a real server (the pure rules'
# tests ask no database: the SQLite leg ran them), and with it the test of two app servers
# sharing that database and a Redis cache. Without PostgreSQL or Redis it says so
# loudly; under CI (CI=true) a missing server fails the run. The tests' connections commit
# without waiting for the server's disk (synchronous_commit=off, through libpq's PGOPTIONS, in
# the tests' own processes and the servers they start): what a commit shows other connections
# and the locks it releases are the same; only a crash of the server could lose the last
# commits, and a test database does not outlive its run.
test-postgres: setup chromium axe graphviz translations
	@if [ "$$CI" = "true" ]; then scripts/ensure_postgres.sh || true; scripts/ensure_redis.sh || true; fi
	@if ! $(PY) scripts/redis_ready.py "$(REDIS_URL_FOR_TESTS)"; then \
	  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	  echo "!!! No Redis answers at $(REDIS_URL_FOR_TESTS): the two-server test will NOT run. !!!"; \
	  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	  if [ "$$CI" = "true" ]; then exit 1; fi; \
	fi
	@if $(PY) scripts/pg_ready.py "$(PG_URL)"; then \
	  if $(PY) scripts/redis_ready.py "$(REDIS_URL_FOR_TESTS)" 2>/dev/null; then \
	    export TEST_REDIS_URL="$(REDIS_URL_FOR_TESTS)"; fi; \
	  DATABASE_URL="$(PG_URL)" PGOPTIONS="-c synchronous_commit=off" $(PYTEST) $(PYTEST_ARGS) --database-tests-only; \
	else \
	  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	  echo "!!! No PostgreSQL answers at $(PG_URL): the PostgreSQL leg did NOT run. !!!"; \
	  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	  if [ "$$CI" = "true" ]; then exit 1; fi; \
	fi

# The browser tests again, saving the screenshots they take into screenshots/ for a person to
# look at (`make test` skips taking them: tests/plugins/pages.py).
screenshots: setup chromium axe graphviz translations
	DATABASE_URL= SCREENSHOTS=1 $(PYTEST) $(PYTEST_ARGS) -m browser

# The two legs at once: each leaves a core idle part of the time (a browser test waiting for a
# phone's next poll, a test waiting on the PostgreSQL server), and the other fills it. The
# PostgreSQL leg writes to .test-postgres.log, printed when both are done; either failing
# fails the run. The catalogues are compiled first, once: each leg then finds them up to date.
# The PostgreSQL leg has fewer tests, so when a server answers it also runs the long tests
# marked `postgres_leg` (what they check does not depend on the database), which the SQLite
# leg then leaves: the two legs end about together. Where none answers, the SQLite leg runs them.
test: lint migrations-check setup chromium axe graphviz proxies translations
	@echo "The PostgreSQL leg runs alongside the SQLite leg; its report follows this one."
	@if $(PY) scripts/pg_ready.py "$(PG_URL)" >/dev/null 2>&1; then share=--postgres-leg-runs-its-share; else share=; fi; \
	  $(MAKE) --no-print-directory test-postgres > .test-postgres.log 2>&1 & postgres=$$!; \
	  $(MAKE) --no-print-directory test-sqlite SQLITE_ARGS="$$share"; sqlite=$$?; \
	  wait $$postgres; postgres=$$?; \
	  echo; echo "======== The PostgreSQL leg ========"; cat .test-postgres.log; \
	  if [ $$sqlite -ne 0 ]; then echo "!!! The SQLite leg failed."; fi; \
	  if [ $$postgres -ne 0 ]; then echo "!!! The PostgreSQL leg failed."; fi; \
	  [ $$sqlite -eq 0 ] && [ $$postgres -eq 0 ]

# The concurrency benchmark runs on PostgreSQL too when a server answers at PG_URL.
bench: setup
	PG_URL="$(PG_URL)" $(MANAGE) bench

# The app's icons and favicon, drawn from offline/icons.py into static/icons/ (committed:
# docs/offline.md); run after changing the drawing, then commit what it wrote.
icons: setup
	$(MANAGE) draw_icons

# What a host runs (docs/hosting.md; deploy/solar175.service runs the same four commands):
# the production packages only, the catalogues compiled (every language listed is served),
# then gunicorn with config/gunicorn.conf.py, the static files hashed and compressed. It
# refuses to start without SECRET_KEY.
serve: install graphviz gettext
	$(MANAGE) compilemessages --ignore=.venv --ignore=node_modules --verbosity 0
	$(MANAGE) migrate --noinput
	STATICFILES_BACKEND=whitenoise.storage.CompressedManifestStaticFilesStorage $(MANAGE) collectstatic --noinput
	STATICFILES_BACKEND=whitenoise.storage.CompressedManifestStaticFilesStorage $(VENV)/bin/gunicorn config.wsgi --config config/gunicorn.conf.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles

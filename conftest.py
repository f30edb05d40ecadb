"""The test suite's shared fixtures and hooks, one concern a module under tests/plugins/
(docs/test-suite.md, "Where the suite's machinery lives"):

- tests/plugins/ordering.py: `--database-tests-only` and the order tests run in (`first_to_run`)
- tests/plugins/suite_settings.py: hypothesis's profile, the fast password hasher
- tests/plugins/templates.py: plain template rendering, `response_context`
- tests/plugins/static_files.py: the static files collected and served as a host does
- tests/plugins/live_server.py: the live server, and `settle` after a browser test
- tests/plugins/chromium.py: the headless Chromium (`browser`) and its watchdog
- tests/plugins/between_tests.py: phones closed, then the catalogue put back after a flush
- tests/plugins/polling.py: live pages poll quickly in browser tests
- tests/plugins/pages.py: `PHONE`, `DESKTOP`, `phone_page`, `log_in`, `fill`, screenshots
- tests/plugins/people.py: `make_user`, `owner`, `owner_client`, `add_member`, `personas`
- tests/plugins/catalogue.py: `catalogue`, the reference catalogue in the database under test
- tests/plugins/pseudo_locale.py: `pseudo_locale`, the site speaking the pseudo-locale too

The first nine are in the order their autouse fixtures were defined in before the split.
"""

pytest_plugins = [
    "tests.plugins.ordering",
    "tests.plugins.suite_settings",
    "tests.plugins.templates",
    "tests.plugins.static_files",
    "tests.plugins.live_server",
    "tests.plugins.chromium",
    "tests.plugins.between_tests",
    "tests.plugins.polling",
    "tests.plugins.pages",
    "tests.plugins.people",
    "tests.plugins.catalogue",
    "tests.plugins.pseudo_locale",
]

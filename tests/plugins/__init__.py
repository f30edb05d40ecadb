"""The test suite's shared machinery, one concern a module, listed as pytest plugins by the
root conftest.py (pytest reads `pytest_plugins` only there). docs/test-suite.md names what
lives where."""

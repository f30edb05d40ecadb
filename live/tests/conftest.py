"""The campaigns the live table's tests share with the ledger's (campaign/tests/conftest.py)."""

from campaign.tests.conftest import demo, three_games, user

__all__ = ["demo", "three_games", "user"]

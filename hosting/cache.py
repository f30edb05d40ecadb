"""A worker's memory cache bounded in bytes, not only in entries.

Django's LocMemCache counts entries: 500 entries of a game log with long notes were gigabytes.
This one also keeps the bytes it holds (its values are stored pickled) under `MAX_BYTES`,
dropping the least recently read entries first, and never keeps one value larger than an
eighth of that: such a page is rendered for each request instead (correct, only slower).
With `REDIS_URL` the cache is Redis, whose own `maxmemory` bounds it (docs/hosting.md).
"""

from __future__ import annotations

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

DEFAULT_MAX_BYTES = 64 * 1024 * 1024
LARGEST_SHARE = 8


class ByteBoundedLocMemCache(LocMemCache):
    def __init__(self, name, params) -> None:
        super().__init__(name, params)
        options = params.get("OPTIONS", {})
        self.max_bytes = int(options.get("MAX_BYTES", DEFAULT_MAX_BYTES))

    def bytes_held(self) -> int:
        return sum(len(value) for value in self._cache.values())

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT) -> None:
        # `value` is the pickled bytes; called with the cache's lock held.
        if len(value) > self.max_bytes // LARGEST_SHARE:
            self._delete(key)
            return
        held = self.bytes_held() - len(self._cache.get(key, b""))
        while self._cache and held + len(value) > self.max_bytes:
            oldest, dropped = self._cache.popitem()  # the least recently read
            self._expire_info.pop(oldest, None)
            if oldest != key:
                held -= len(dropped)
        super()._set(key, value, timeout)

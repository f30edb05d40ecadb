"""Every named address of the project, read from the URL resolver: the security and spoiler
tests try each one, so a page added tomorrow is tried too without being listed anywhere."""

from __future__ import annotations

from collections.abc import Iterator

from django.urls import URLPattern, URLResolver, get_resolver

# Django's own admin: staff only, with its own tests.
SKIPPED_NAMESPACES = ("admin",)


def _walk(resolver: URLResolver, namespace: str = "") -> Iterator[tuple[str, URLPattern]]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = entry.namespace or ""
            if inner in SKIPPED_NAMESPACES:
                continue
            yield from _walk(entry, f"{namespace}{inner}:" if inner else namespace)
        elif entry.name:
            yield f"{namespace}{entry.name}", entry


def named_patterns() -> list[tuple[str, URLPattern]]:
    """(namespaced name, pattern) for every named pattern but the admin's, sorted by name."""
    return sorted(_walk(get_resolver()), key=lambda named: named[0])

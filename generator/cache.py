"""The caches of a build: one mechanism, bounded, that each build of the site renews.

One process builds a site many times: once per language (mkdocs-static-i18n runs the build again
for each), and again after every change under ``mkdocs serve``. What a build computed and the
next one is likely to ask for again (a board, a page with its boards set aside, a puzzle's page)
is kept in a :class:`BuildCache`, and every build cache is registered here. A build of the site
begins with :func:`new_build` (the plugin calls it before anything else of the build): each cache
then drops what the build before did not use. A cache so holds what the last two builds used,
and never more than twice its ``limit``: a build that asks for more starts over.

Only pure work goes into a build cache: an entry may be dropped at any moment and computed
again, with the same result. Caches that are pure and bounded by nature (one entry per variant,
per language, per look of the board) stay plain ``functools.cache`` functions.

>>> squares = BuildCache("squares", limit=100)
>>> squares.get(7, lambda: 7 * 7)
49
>>> squares.get(7, lambda: 0)  # remembered: not computed again
49
>>> new_build()
>>> squares.get(7, lambda: 0)  # the build before used it: still there
49
>>> new_build()
>>> new_build()  # a build that did not use it, and the next one drops it
>>> squares.get(7, lambda: 0)
0
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["BuildCache", "build_caches", "new_build"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BuildCache(Generic[K, V]):
    """Values by key, kept for the build that uses them and the one after (see the module)."""

    def __init__(self, name: str, *, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a build cache holds at least one entry; got limit={limit}")
        self.name = name
        self.limit = limit
        self._used: dict[K, V] = {}
        """What this build used."""
        self._before: dict[K, V] = {}
        """What the build before used and this one did not (yet)."""
        _CACHES.append(self)

    def get(self, key: K, compute: Callable[[], V]) -> V:
        """The value of ``key``: remembered, or ``compute()`` the first time."""
        value = self.find(key)
        return self.keep(key, compute()) if value is None else value

    def find(self, key: K) -> V | None:
        """The value remembered for ``key`` (now used by this build too), or ``None``."""
        if key in self._used:
            return self._used[key]
        if key in self._before:
            return self.keep(key, self._before.pop(key))
        return None

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` (in place of any value before); returns it."""
        if key not in self._used and len(self._used) >= self.limit:
            self.renew()
        self._before.pop(key, None)
        self._used[key] = value
        return value

    def renew(self) -> None:
        """A build begins: what the last one used is kept for this one, the rest dropped."""
        self._before = self._used
        self._used = {}

    def __len__(self) -> int:
        return len(self._used) + len(self._before)

    def __repr__(self) -> str:
        return f"<BuildCache {self.name}: {len(self)} of at most {2 * self.limit}>"


_CACHES: list[BuildCache[Any, Any]] = []


def build_caches() -> tuple[BuildCache[Any, Any], ...]:
    """Every build cache of the process, in the order they were made."""
    return tuple(_CACHES)


def new_build() -> None:
    """A build of the site begins: each build cache drops what the last build did not use."""
    for cache in _CACHES:
        cache.renew()

"""The rate limits' counts in this process's memory: ``RATELIMIT_STORAGE_URI`` unset, or
``local://`` (:mod:`referee.security`; ``redis://...`` shares them between processes).

The ``limits`` package's own in-memory store (``memory://``) drops the counts that ran
out on a timer thread, which it starts again at a count whenever the last timer has
ended (10 ms after it began): in a server where a change comes every few seconds, each
change started a thread, about 0.4 ms of CPU (a play costs 4 to 5). Here a count that
ran out is dropped where it is met, and all that ran out at most once a minute, by the
count that comes after: never a thread.

The limits count in fixed windows (Flask-Limiter's default strategy), which is all this
store keeps: a number and when its window ends.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from limits.storage import Storage

SCHEME = "local"
URI = f"{SCHEME}://"  # RATELIMIT_STORAGE_URI's default


class LocalCounts(Storage):
    """Fixed-window counts in a dict, guarded by a lock (a server's threads share it)."""

    STORAGE_SCHEME = [SCHEME]  # noqa: RUF012 (limits declares it so; registers it)
    SWEEP_EVERY = 60.0  # seconds between two sweeps of the counts that ran out
    clock: Callable[[], float] = staticmethod(time.time)  # a test's own clock

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 **options: float | str | bool) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._counts: dict[str, tuple[int, float]] = {}  # key: (count, when it runs out)
        self._lock = threading.Lock()
        self._swept = self.clock()

    @property
    def base_exceptions(self) -> type[Exception]:
        return ValueError

    def _live(self, key: str, now: float) -> tuple[int, float] | None:
        kept = self._counts.get(key)
        return kept if kept is not None and kept[1] > now else None

    def _sweep(self, now: float) -> None:
        """Drop every count that ran out (the lock held), at most once a ``SWEEP_EVERY``."""
        if now - self._swept < self.SWEEP_EVERY:
            return
        self._swept = now
        for key in [k for k, (_count, ends) in self._counts.items() if ends <= now]:
            del self._counts[key]

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Count ``amount`` more for ``key``; a count that ran out starts a new window of
        ``expiry`` seconds."""
        now = self.clock()
        with self._lock:
            self._sweep(now)
            count, ends = self._live(key, now) or (0, now + expiry)
            self._counts[key] = (count + amount, ends)
            return count + amount

    def get(self, key: str) -> int:
        with self._lock:
            live = self._live(key, self.clock())
        return live[0] if live is not None else 0

    def get_expiry(self, key: str) -> float:
        """When the window of ``key`` ends (now, if it has no count)."""
        now = self.clock()
        with self._lock:
            live = self._live(key, now)
        return live[1] if live is not None else now

    def check(self) -> bool:
        return True

    def reset(self) -> int:
        with self._lock:
            dropped = len(self._counts)
            self._counts.clear()
        return dropped

    def clear(self, key: str) -> None:
        with self._lock:
            self._counts.pop(key, None)

    def __len__(self) -> int:
        """How many counts are kept (those run out and not yet swept among them)."""
        return len(self._counts)

"""gunicorn's settings for ``make serve`` (read with ``gunicorn -c gunicorn.conf.py``).

From the environment: ``HOST`` and ``PORT`` (default 127.0.0.1:8000; on every interface,
``HOST=0.0.0.0`` or ``::``, the share links carry this machine's address in the local
network, as with ``make run``: ``SHARE_ON_LAN`` unless it is set otherwise) and
``WEB_CONCURRENCY`` (worker processes, default 2 × CPUs + 1); any other setting through
``GUNICORN_CMD_ARGS``. The app keeps nothing in a process (the database holds every
match; the signing key comes from ``SECRET_KEY`` or ``instance/secret_key``), so any
number of workers and servers can share one database.

The workers are sync processes: a request is CPU work (the engine replays the round,
the page is rendered) and a write holds SQLite's lock for a few milliseconds, so
processes use the cores and nothing else waits on a worker. Measured against gthread
workers (5 × 4 threads) under the same load, sync served as many requests or more with
half the 95th-percentile time of a write: threads of one process share its interpreter
lock, which stretches each write while it holds the database's (README, "Serving").
Slow phones and idle keep-alive connections are the reverse proxy's to hold.
"""

from __future__ import annotations

import gc
import os


def _cpus() -> int:
    """The CPUs this process may run on (a container's share, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _positive(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) < 1:
        raise SystemExit(f"{name} must be a whole number of at least 1, not {value!r}")
    return int(value)


wsgi_app = "referee:create_app()"
_host = os.environ.get("HOST", "").strip() or "127.0.0.1"
bind = [f"{_host}:{_positive('PORT', 8000)}"]
if _host in ("0.0.0.0", "::"):  # the workers read it when they make the app
    os.environ.setdefault("SHARE_ON_LAN", "1")
workers = _positive("WEB_CONCURRENCY", 2 * _cpus() + 1)
worker_class = "sync"
# a request never takes this long (the engine's budget keeps each well under a second):
# a worker silent for 30 s is stuck and is replaced
timeout = 30
graceful_timeout = 20
# each worker makes its own app and its own database connections (never shared by fork)
preload_app = False
accesslog = "-"
errorlog = "-"
loglevel = "info"
# Behind a reverse proxy on this machine, gunicorn takes X-Forwarded-Proto: https from it
# (its default forwarded_allow_ips is 127.0.0.1; FORWARDED_ALLOW_IPS names a proxy
# elsewhere).


def post_worker_init(worker: object) -> None:
    """Once a worker has made its app, every object it holds so far (the app, its
    templates, SQLAlchemy's and Jinja's caches: the most of its memory) is set aside from
    the garbage collector's passes, which would otherwise go through all of them again
    whenever a request's objects reach its older generations. They live as long as the
    worker; what a request makes is collected as before."""
    gc.freeze()

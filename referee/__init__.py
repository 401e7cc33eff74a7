"""Kasino Referee: the application factory.

The rules engine lives in :mod:`referee.rules` and knows nothing of Flask.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from . import languages, security, templating
from .extensions import Request, babel, csrf, db, migrate
from .sessions import CheckedOnceSessions

DEFAULT_DB_NAME = "referee.sqlite"


def _secret_key(instance_path: str) -> str:
    """The signing key: ``SECRET_KEY`` from the environment, else one kept in ``instance/``.

    Several app servers must share it, so it never lives only in a process.
    """
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    return security.instance_secret_key(Path(instance_path) / "secret_key")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the app; ``config`` overrides the defaults.

    With ``{"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"}`` nothing is
    written to disk.
    """
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    app.jinja_environment = templating.Environment  # before anything reads app.jinja_env
    default_db = "sqlite:///" + os.path.join(app.instance_path, DEFAULT_DB_NAME)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL", default_db),
        MAX_CONTENT_LENGTH=256 * 1024,
        # a form stays valid for a whole evening at the table
        WTF_CSRF_TIME_LIMIT=24 * 3600,
    )
    app.config.from_mapping(security.settings())  # security: cookies, hosts, limits
    if config:
        app.config.from_mapping(config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = (
            secrets.token_hex(32) if app.testing else _secret_key(app.instance_path)
        )
    if app.config["SQLALCHEMY_DATABASE_URI"] == default_db:
        os.makedirs(app.instance_path, exist_ok=True)

    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.request_class = Request  # WTForms' messages read once per language (extensions)
    app.session_interface = CheckedOnceSessions()  # a cookie's signature checked once
    db.init_app(app)
    migrate.init_app(app, db, directory=str(Path(__file__).parent / "migrations"))
    csrf.init_app(app)
    security.init(app)  # security: headers, trusted hosts, rate limits
    babel.init_app(app, locale_selector=languages.locale,
                   timezone_selector=languages.timezone)
    _sqlite_pragmas(app)

    from . import models  # noqa: F401  (the models register with SQLAlchemy)
    from .api import bp as api_bp
    from .check import bp as check_bp
    from .errors import register as register_errors
    from .exchange import bp as exchange_bp
    from .main import bp as main_bp
    from .matches import bp as matches_bp
    from .rounds import bp as rounds_bp
    from .rulebook import bp as rulebook_bp
    from .templating import register as register_templating

    csrf.exempt(api_bp)  # the JSON API is stateless and changes nothing
    for blueprint in (main_bp, matches_bp, rounds_bp, exchange_bp, check_bp, rulebook_bp,
                      api_bp, languages.bp):
        app.register_blueprint(blueprint)
    register_errors(app)
    register_templating(app)
    # a real server and database: SQLite's write lock, 503 when busy, GET /healthz
    from . import database, health, pwa

    database.init_app(app)
    health.register(app)
    pwa.register(app)  # installable: manifest, icons, service worker, offline page
    return app


def _sqlite_pragmas(app: Flask) -> None:
    """SQLite: foreign keys on, WAL journaling, and in WAL a commit that does not wait for
    the disk (``synchronous=NORMAL``: the database is never corrupted and a killed
    server loses nothing it acknowledged; only a power cut can take back the last
    commits). Nothing of this on other databases."""
    from sqlalchemy import event

    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return

    def on_connect(dbapi_connection, _record) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    with app.app_context():
        event.listen(db.engine, "connect", on_connect)

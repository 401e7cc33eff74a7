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

from .extensions import db

DEFAULT_DB_NAME = "referee.sqlite"


def _secret_key(instance_path: str) -> str:
    """The signing key: ``SECRET_KEY`` from the environment, else one kept in ``instance/``.

    Several app servers must share it, so it never lives only in a process.
    """
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


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
    default_db = "sqlite:///" + os.path.join(app.instance_path, DEFAULT_DB_NAME)
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL", default_db),
        MAX_CONTENT_LENGTH=256 * 1024,
    )
    if config:
        app.config.from_mapping(config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = (
            secrets.token_hex(32) if app.testing else _secret_key(app.instance_path)
        )
    if app.config["SQLALCHEMY_DATABASE_URI"] == default_db:
        os.makedirs(app.instance_path, exist_ok=True)

    app.json.sort_keys = False  # type: ignore[attr-defined]
    db.init_app(app)

    from .api import bp as api_bp

    app.register_blueprint(api_bp)
    return app

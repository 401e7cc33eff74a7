"""The database: migrations match the models, SQLite runs with foreign keys and WAL, and
the app factory writes nothing to disk in tests."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade
from sqlalchemy import text

from referee import create_app
from referee.extensions import db


def test_migrations_build_exactly_the_models(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/m.db"})
    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert diff == []


def test_sqlite_has_foreign_keys_on_and_wal_journaling(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/p.db"})
    with app.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_testing_config_writes_nothing_to_disk(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    probe = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    instance = Path(probe.instance_path)
    before = sorted(instance.iterdir()) if instance.exists() else []
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    with app.app_context():
        db.create_all()
    after = sorted(instance.iterdir()) if instance.exists() else []
    assert after == before and list(tmp_path.iterdir()) == []
    assert app.config["SECRET_KEY"]


def test_database_url_from_the_environment_selects_the_database(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/env.db")
    app = create_app({"TESTING": True})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path}/env.db"

"""Flask extensions, created unbound and bound to an app in ``create_app``."""

from functools import cache, cached_property
from typing import TYPE_CHECKING

from babel import support
from flask import Request as FlaskRequest
from flask_babel import Babel, get_locale
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for the typed SQLAlchemy 2.0 models."""


# objects stay loaded after a commit: a change commits and then shows the page from what it
# already holds (the round it changed is refreshed explicitly)
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})

# Type checkers cannot follow a base class made at run time (``db.Model``); to them the
# models derive from the declarative base it is made from.
if TYPE_CHECKING:
    Model = Base
else:
    Model = db.Model
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()

LANGUAGES = ("en", "nb", "sv", "fi", "da")


def statements_are_round_trips() -> bool:
    """Each statement is a round trip to a database server (PostgreSQL, which shares the
    cores here), not a call into SQLite in this process: then a request is cheaper with
    fewer, larger statements (measured in ``referee.web.find_link`` and
    ``referee.service._append``)."""
    return db.engine.dialect.name == "postgresql"  # the engine's: no session is made


@cache
def _wtforms_catalogue(locale: str) -> support.NullTranslations:
    """WTForms' own messages in one language, read from its package once per process (a
    file that never changes while it runs)."""
    from wtforms.i18n import messages_path

    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class Request(FlaskRequest):
    """The app's request: WTForms' messages in the request's language, found when a form
    first asks for them. Flask-WTF reads ``wtforms_translations`` and would otherwise
    read WTForms' catalogue from disk for each request that makes a form."""

    @cached_property
    def wtforms_translations(self) -> support.NullTranslations:
        return _wtforms_catalogue(str(get_locale()))

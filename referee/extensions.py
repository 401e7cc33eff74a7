"""Flask extensions, created unbound and bound to an app in ``create_app``."""

from flask_babel import Babel
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for the typed SQLAlchemy 2.0 models."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()

LANGUAGES = ("en", "nb", "sv", "fi", "da")

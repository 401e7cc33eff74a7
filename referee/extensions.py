"""Flask extensions, created unbound and bound to an app in ``create_app``."""

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for the typed SQLAlchemy 2.0 models."""


db = SQLAlchemy(model_class=Base)

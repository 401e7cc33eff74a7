"""Flask extensions, created unbound and bound to an app in ``create_app``."""

from typing import TYPE_CHECKING

from flask_babel import Babel
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

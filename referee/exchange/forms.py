"""The import form: one match file, at most :data:`referee.matchfile.MAX_BYTES`."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired, FileSize

from ..matchfile import MAX_BYTES, TOO_BIG


class ImportForm(FlaskForm):
    file = FileField(_l("The match file (.json)"), validators=[
        FileRequired(_l("Choose the .json file of a match: “Take the match with you” on "
                        "the match's page gives it.")),
        FileSize(MAX_BYTES, message=TOO_BIG),
    ])

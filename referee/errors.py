"""Error pages: a clear message, the same for a page and an htmx fragment, never a 500 page
without one."""

from __future__ import annotations

from flask import Flask
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .web import render


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        return render("error.html", "content", 400, title=_("The page expired"),
                      message=_("This form is too old or was not sent by this site. "
                                "Reload the page and try again; nothing was changed."))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if error.code and error.code < 400:
            return error
        titles = {403: _("Watching only"), 404: _("Not found"),
                  405: _("Not allowed"), 400: _("Bad request")}
        message = error.description or ""
        return render("error.html", "content", error.code or 500,
                      title=titles.get(error.code or 0, _("Something went wrong")),
                      message=message)

"""Error pages: a clear message, the same for a page and an htmx fragment, never a 500 page
without one. Under /api/ every error is JSON, in the API's shape."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from .api.routes import error_json
from .security import same_origin_path
from .web import render


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        return render("error.html", "content", 400, title=_("The page expired"),
                      message=_("This form is too old or was not sent by this site. "
                                "Reload the page and try again; nothing was changed."),
                      reload_url=_reload_url())

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        if error.code and error.code < 400:
            return error
        if request.path.startswith("/api/"):  # no route matched: still the API's answer
            return error_json(error)
        titles = {403: _("Watching only"), 404: _("Not found"),
                  405: _("Not allowed"), 400: _("Bad request"),
                  429: _("Too many requests")}
        message = error.description or ""
        response = render("error.html", "content", error.code or 500,
                          title=titles.get(error.code or 0, _("Something went wrong")),
                          message=message, reload_url=_reload_url())
        if error.code == 405 and getattr(error, "valid_methods", None):
            response.headers["Allow"] = ", ".join(error.valid_methods)  # type: ignore[attr-defined]
        return response


def _reload_url() -> str | None:
    """Where "Reload the page" leads after a failed htmx swap: the page htmx was on, only
    when it is a page of this site."""
    return same_origin_path(request.headers.get("HX-Current-URL"))

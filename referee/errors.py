"""Error pages: a clear message in the reader's language, the same for a page and an htmx
fragment, never a 500 page without one. Under /api/ every error is JSON, in the API's
shape.

A page's own refusals (``abort(409, _("The match is over..."))``) say what happened in
their own words; an error that comes with only Werkzeug's English description (a page
that is not there, a method the address does not take, a request too large) is said by
its status code instead (:data:`MESSAGES`)."""

from __future__ import annotations

from flask import Flask, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, default_exceptions

from .api.routes import error_json
from .security import same_origin_path
from .web import render

TITLES = {403: _l("Watching only"), 404: _l("Not found"), 405: _l("Not allowed"),
          400: _l("Bad request"), 410: _l("This link was replaced"), 413: _l("Too large"),
          429: _l("Too many requests")}
# what a status code means to a player, where the error brings no words of its own
MESSAGES = {
    400: _l("The page sent something this site cannot read. Go back, reload the page and "
            "try again; nothing was changed."),
    403: _l("This link may not do that. Nothing was changed."),
    404: _l("There is nothing at this address. Check the link, or start again from the "
            "home page."),
    405: _l("This address does not take that kind of request. Go back and use the page's "
            "own buttons and links; nothing was changed."),
    409: _l("That could not be done as things stand now. Reload the page to see them; "
            "nothing was changed."),
    413: _l("What was sent is larger than anything this site takes. Nothing was changed."),
    429: _l("Too many requests from this address. Wait a moment and try again; nothing was "
            "changed."),
}
UNKNOWN = _l("The request could not be answered (error %(code)d). Nothing was changed.")


def message_of(error: HTTPException) -> str:
    """The error's own words, unless they are only Werkzeug's English default for its
    class: then the words for its status code."""
    code = error.code or 500
    default = default_exceptions.get(code)
    own = error.description or ""
    if own and (default is None or own != default.description):
        return str(own)
    if code in MESSAGES:
        return str(MESSAGES[code])
    return str(UNKNOWN) % {"code": code}


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
        title = TITLES.get(error.code or 0, _l("Something went wrong"))
        response = render("error.html", "content", error.code or 500, title=str(title),
                          message=message_of(error), reload_url=_reload_url())
        if error.code == 405 and getattr(error, "valid_methods", None):
            response.headers["Allow"] = ", ".join(error.valid_methods)  # type: ignore[attr-defined]
        return response


def _reload_url() -> str | None:
    """Where "Reload the page" leads after a failed htmx swap: the page htmx was on, only
    when it is a page of this site."""
    return same_origin_path(request.headers.get("HX-Current-URL"))

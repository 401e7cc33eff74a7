"""Export a match (any of its links) and import one as a new match. Views stay thin: the
file format is :mod:`referee.matchfile`, the import :func:`referee.service.import_match`."""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, redirect, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from .. import service
from ..main import remember
from ..matchfile import MAX_BYTES, TOO_BIG, DocumentError, MatchDocument, dumps, loads
from ..models import LinkRole, Match
from ..web import access, render
from . import bp
from .forms import ImportForm
from .sheet import score_sheet

# the import's request: the file and the form around it (other requests stay within the
# app's MAX_CONTENT_LENGTH)
UPLOAD_LIMIT = MAX_BYTES + 16 * 1024


@bp.get("/match/<token>/export.csv")
def export_csv(token: str):
    match = access(token).match
    return _download(match, score_sheet(match), "text/csv", "csv")


@bp.get("/match/<token>/export.json")
def export_json(token: str):
    match = access(token).match
    return _download(match, dumps(MatchDocument.of(match)), "application/json", "json")


def _download(match: Match, body: str, mimetype: str, extension: str) -> Response:
    """A file to save, named after the variant and when the match began; never cached."""
    response = make_response(body)
    response.mimetype = mimetype
    name = f"kasino-{match.variant}-{match.created:%Y-%m-%d-%H%M}.{extension}"
    response.headers.set("Content-Disposition", "attachment", filename=name)
    response.cache_control.no_store = True
    return response


@bp.url_value_preprocessor
def _room_for_a_match_file(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """The import may send a larger body than other forms. Set before anything reads it:
    URL preprocessors run before the app's before-request functions (the CSRF check reads
    the form there)."""
    if endpoint == "exchange.import_match":
        request.max_content_length = UPLOAD_LIMIT


@bp.route("/matches/import", methods=["GET", "POST"])
def import_match():
    form = ImportForm()
    problem = None
    if form.validate_on_submit():
        try:
            match = service.import_match(loads(form.file.data.read(MAX_BYTES + 1)))
        except DocumentError as error:
            problem = str(error)
        else:
            remember(match.link(LinkRole.EDIT).id)
            return redirect(url_for("matches.show", token=match.edit_token), code=303)
    status = 422 if form.is_submitted() else 200
    return _page(form, problem, status)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(_error: RequestEntityTooLarge):
    return _page(ImportForm(formdata=None), str(TOO_BIG), 413)


def _page(form: ImportForm, problem: str | None, status: int) -> Response:
    return render("exchange/import.html", status=status, form=form, problem=problem,
                  max_kb=MAX_BYTES // 1024)

"""GET /rules and GET /rules/<variant>: the rule book, generated from the engine."""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from ..rules.variants import VARIANTS
from ..web import render
from . import bp
from .summary import describe


@bp.get("/rules")
def index():
    return render("rulebook/index.html", "variants", variants=list(VARIANTS.values()))


@bp.get("/rules/<variant>")
def variant(variant: str):
    found = VARIANTS.get(variant)
    if found is None:
        abort(404, _("There is no variant called “%(name)s” in the rule book. The variants are: "
                     "%(names)s.", name=variant[:40], names=", ".join(VARIANTS)))
    return render("rulebook/variant.html", "rulebook", page=describe(found.rules()))

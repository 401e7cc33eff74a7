"""Home: start a match, check a play, the rules, the matches opened on this phone."""

from __future__ import annotations

from flask import Blueprint, session

from ..web import render

bp = Blueprint("main", __name__)

RECENT = 12


def remember(token: str, label: str) -> None:
    """Keep a match on this phone's list (in the signed session cookie, not the server)."""
    recent = [entry for entry in session.get("recent", []) if entry[0] != token]
    session["recent"] = [[token, label[:80]], *recent][:RECENT]


@bp.get("/")
def home():
    return render("home.html", recent=session.get("recent", []))

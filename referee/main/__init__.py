"""Home: start a match, check a play, the rules, the matches opened on this phone.

The phone's list is kept on the server (:class:`~referee.models.PhoneMatch`) under an
opaque random id; the session cookie holds only that id, never a match's link. The list
keeps which link was opened and when; each match's label is worded when the page is
drawn, in the language the phone reads now (:func:`match_label`).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import Blueprint, redirect, session, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from sqlalchemy import delete, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import selectinload
from wtforms import IntegerField
from wtforms.validators import InputRequired, NumberRange

from ..extensions import db
from ..models import Link, LinkRole, Match, PhoneMatch, RoundRow, RoundStatus
from ..service import side_names
from ..web import find_link, render, wants_fragment
from ..words import variant_name

bp = Blueprint("main", __name__)

RECENT = 12
LABEL_LENGTH = 80  # characters of a label shown (two lines on a phone, the rest cut)
PHONE = "phone"  # the session key of this phone's id
_PHONE_ID = re.compile(r"[A-Za-z0-9_-]{43}")


def phone_id(create: bool = False) -> str | None:
    """This phone's id from its session, made (and kept in the session) if asked."""
    value = session.get(PHONE)
    if isinstance(value, str) and _PHONE_ID.fullmatch(value):
        return value
    if not create:
        return None
    value = secrets.token_urlsafe(32)
    session[PHONE] = value
    return value


def remember(link_id: int) -> None:
    """Keep the link a match was opened with (its id) on this phone's list, newest first,
    at most RECENT of them."""
    phone = phone_id(create=True)
    assert phone is not None
    if "recent" not in session and _top(phone) == link_id:
        return  # already first: a reload or a watcher's poll writes nothing
    _adopt_cookie_list(phone)
    _keep(phone, link_id, datetime.now(UTC))
    db.session.commit()


def match_label(match: Match, role: LinkRole = LinkRole.EDIT, seat: int | None = None) -> str:
    """The match as the home page lists it, in the reader's language: the variant (and
    whether only watched, or played from one seat) first, then the sides by their names
    (partners together: "Anna & Cia – Bo & Dan"), so that a label cut short on a phone
    keeps what tells matches apart. At most LABEL_LENGTH characters: long names are
    shortened here, with "…".
    """
    variant = variant_name(match.variant)
    if role is LinkRole.WATCH:
        label = _("%(variant)s, watching: %(names)s")
    elif role is LinkRole.SEAT:
        label = _("%(variant)s, playing as %(seat)s: %(names)s")
    else:
        label = _("%(variant)s: %(names)s")
    values = {"variant": variant, "seat": match.names[seat] if seat is not None else ""}
    names = " – ".join(side_names(match))
    room = LABEL_LENGTH - len(label % {**values, "names": ""})
    if len(names) > room:
        names = names[:max(room - 1, 0)].rstrip(" –") + "…"
    return (label % {**values, "names": names})[:LABEL_LENGTH]


def forget_link(link_id: int) -> None:
    """Take a link (its id) off this phone's list."""
    phone = phone_id()
    if phone is not None:
        db.session.execute(delete(PhoneMatch).where(PhoneMatch.phone_id == phone,
                                                    PhoneMatch.link_id == link_id))
        db.session.commit()


def _top(phone: str) -> int | None:
    """The link of the phone's newest entry."""
    return db.session.scalars(
        select(PhoneMatch.link_id)
        .where(PhoneMatch.phone_id == phone)
        .order_by(PhoneMatch.opened_at.desc(), PhoneMatch.id.desc()).limit(1)
    ).first()


@dataclass(frozen=True)
class Kept:
    """A match on this phone's list: the link it was opened with, and how it stands."""

    entry: int  # the PhoneMatch row, to forget it
    token: str
    role: LinkRole
    label: str  # worded now, in the reader's language
    finished: bool
    rounds: int  # rounds started
    playing: bool  # a round is open
    opened: datetime  # when this phone last opened it


def recent(phone: str | None) -> list[Kept]:
    """This phone's matches, newest first, with their state."""
    if phone is None:
        return []
    started = (select(func.count(RoundRow.id)).where(RoundRow.match_id == Match.id)
               .correlate(Match).scalar_subquery())
    open_rounds = (select(func.count(RoundRow.id))
                   .where(RoundRow.match_id == Match.id, RoundRow.status == RoundStatus.OPEN)
                   .correlate(Match).scalar_subquery())
    rows = db.session.execute(
        select(PhoneMatch, Link, Match, started, open_rounds)
        .join(Link, PhoneMatch.link_id == Link.id)
        .join(Match, Link.match_id == Match.id)
        .where(PhoneMatch.phone_id == phone, Link.revoked.is_(False))
        .order_by(PhoneMatch.opened_at.desc(), PhoneMatch.id.desc())
        .limit(RECENT)
        .options(selectinload(Match.players))  # the names of every label, in one query
    ).all()
    return [Kept(kept.id, link.token, link.role, match_label(match, link.role, link.seat),
                 match.finished, rounds, bool(playing), kept.opened_at)
            for kept, link, match, rounds, playing in rows]


class ForgetForm(FlaskForm):
    """Take a match off this phone's list (the match itself stays)."""

    entry = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


@bp.post("/phone/forget")
def forget():
    form = ForgetForm()
    phone = phone_id()
    if form.validate() and phone is not None:
        db.session.execute(delete(PhoneMatch).where(PhoneMatch.id == form.entry.data,
                                                    PhoneMatch.phone_id == phone))
        db.session.commit()
    if wants_fragment():
        return render("home.html", "matches", recent=recent(phone), forget=ForgetForm())
    return redirect(url_for("main.home"), code=303)


def _keep(phone: str, link_id: int, when: datetime) -> None:
    """Add the link opened to the phone's list, or move it to the top; one statement, so
    the same phone opening the same link twice at once keeps one row."""
    values = {"phone_id": phone, "link_id": link_id, "opened_at": when}
    key = ["phone_id", "link_id"]
    changes = {"opened_at": when}
    # INSERT ... ON CONFLICT DO UPDATE, on either database the app runs on
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(postgresql.insert(PhoneMatch).values(values)
                           .on_conflict_do_update(index_elements=key, set_=changes))
    else:
        db.session.execute(sqlite.insert(PhoneMatch).values(values)
                           .on_conflict_do_update(index_elements=key, set_=changes))
    older = select(PhoneMatch.id).where(PhoneMatch.phone_id == phone).order_by(
        PhoneMatch.opened_at.desc(), PhoneMatch.id.desc()).offset(RECENT)
    stale = list(db.session.scalars(older))
    if stale:
        db.session.execute(delete(PhoneMatch).where(PhoneMatch.id.in_(stale)))


def _adopt_cookie_list(phone: str) -> None:
    """Move a list kept in the cookie by an earlier version (``[[token, label], ...]``,
    newest first) to the server, and drop it from the cookie (the labels go: they are
    worded when the list is shown)."""
    entries = session.pop("recent", None)
    if not isinstance(entries, list):
        return
    now = datetime.now(UTC)
    for age, entry in reversed(list(enumerate(entries[:RECENT]))):
        if not (isinstance(entry, list | tuple) and len(entry) == 2
                and all(isinstance(part, str) for part in entry)):
            continue
        link = find_link(entry[0])
        if link is not None and not link.revoked:
            _keep(phone, link.id, now - timedelta(seconds=age + 1))


@bp.get("/")
def home():
    phone = phone_id(create="recent" in session)
    if phone is not None and "recent" in session:
        _adopt_cookie_list(phone)
        db.session.commit()
    return render("home.html", recent=recent(phone), forget=ForgetForm())

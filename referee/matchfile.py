"""A match as a file to take away: its whole event log as one JSON document (docs/EXPORT.md).

:meth:`MatchDocument.of` reads a match from the database and :func:`dumps` writes it;
:func:`loads` reads a file back strictly (every field and type checked, each event's data
exactly as the engine writes it) into typed values, or :class:`DocumentError` naming the
first thing wrong. Whether the events are legal is the engine's to say, when
:func:`referee.service.import_match` replays them. The links of a match (its tokens) are
never part of the document.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .models import Match, RoundMode, RoundStatus
from .names import NAME_LENGTH, first_repeat, readable, visible
from .rules.cards import Card, CardError
from .rules.events import Event, EventError, EventKind, Switched, event_from_json
from .rules.round import sides_of
from .rules.scoring import Tally
from .rules.turn import Action
from .rules.variants import VARIANTS, OptionError, get_rules
from .words import card_error_text, error_text
from .words import shown as _shown

FORMAT = "kasino-referee/match"
VERSION = 1
# bounds of what an import takes in, so that the largest document is read, replayed and
# written well within a second (`make bench` times it; tests/test_import.py imports it)
MAX_BYTES = 1024 * 1024
MAX_ROUNDS = 50
MAX_ROUND_EVENTS = 400  # a round of two packs (104 cards) with many plays taken back
MAX_EVENTS = 2000  # e.g. 40 rounds of one pack, or 19 of two, play by play
TOO_BIG = _l("The file is larger than %(n)d KB: a match file of this referee is never that "
             "large. Nothing was imported.", n=MAX_BYTES // 1024)
REASON_LENGTH = 200  # as the round page's overrule

MATCH_KEYS = ("format", "version", "variant", "options", "players", "first_dealer", "rounds")
ROUND_KEYS = ("number", "dealer", "mode", "status", "events")
EVENT_KEYS = ("kind", "data")
# the fields of each kind of event's data: those it must have, and those it may have
_PLAY_FIELDS: dict[str, type] = {"card": str, "action": str, "refs": list}
EVENT_FIELDS: dict[EventKind, tuple[dict[str, type], dict[str, type]]] = {
    EventKind.TABLE: ({"cards": list}, {}),
    EventKind.PLAY: (_PLAY_FIELDS, {"value": int}),
    EventKind.OVERRULE: ({**_PLAY_FIELDS, "reason": str}, {"value": int}),
    EventKind.UNDO: ({}, {}),
    EventKind.TALLY: ({"tallies": list}, {}),
    EventKind.CONFIRM: ({}, {}),
    EventKind.SWITCH: ({"mode": str}, {}),
}
TALLY_KEYS = tuple(Tally(0, 0, (), 0, 0, 0, False).to_json())
# what a round recorded play by play holds, and what a round of tallies only
KINDS_OF_MODE = {
    RoundMode.PLAY: (EventKind.TABLE, EventKind.PLAY, EventKind.OVERRULE, EventKind.UNDO,
                     EventKind.CONFIRM, EventKind.SWITCH),
    RoundMode.TALLY: (EventKind.TALLY, EventKind.UNDO, EventKind.CONFIRM, EventKind.SWITCH),
}


class DocumentError(ValueError):
    """A file that is not a match this referee takes in; the message says where and why."""


@dataclass(frozen=True)
class RoundDocument:
    number: int  # from 1
    dealer: int  # a seat, from 0
    mode: RoundMode  # as it is recorded now, after any switch
    status: RoundStatus
    events: tuple[Event, ...]

    @property
    def first_mode(self) -> RoundMode:
        """The way the round was started: before its switches, each to the other way."""
        return _started(self.mode, sum(isinstance(e, Switched) for e in self.events))

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer, "mode": self.mode.value,
                "status": self.status.value,
                "events": [{"kind": e.kind.value, "data": e.to_json()} for e in self.events]}


@dataclass(frozen=True)
class MatchDocument:
    variant: str
    options: Mapping[str, Any]
    players: tuple[str, ...]  # in seat order
    first_dealer: int  # a seat, from 0
    rounds: tuple[RoundDocument, ...]

    @classmethod
    def of(cls, match: Match) -> MatchDocument:
        return cls(match.variant, dict(match.options), tuple(match.names), match.first_dealer,
                   tuple(RoundDocument(r.number, r.dealer, r.mode, r.status, tuple(r.log))
                         for r in match.rounds))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "variant": self.variant,
                "options": dict(self.options), "players": list(self.players),
                "first_dealer": self.first_dealer,
                "rounds": [r.to_json() for r in self.rounds]}


def dumps(document: MatchDocument) -> str:
    """The document as JSON text: indented, each event on a line of its own."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    def block(items: list[str], indent: str) -> str:
        return "[]" if not items else "[\n" + ",\n".join(items) + f"\n{indent}]"

    data = document.to_json()
    rounds = []
    for rnd in data["rounds"]:
        fields = [f"      {line(k)}: {line(v)}" for k, v in rnd.items() if k != "events"]
        events = block([f"        {line(e)}" for e in rnd["events"]], "      ")
        rounds.append("    {\n" + ",\n".join([*fields, f'      "events": {events}']) + "\n    }")
    top = [f"  {line(k)}: {line(v)}" for k, v in data.items() if k != "rounds"]
    return "{\n" + ",\n".join([*top, f'  "rounds": {block(rounds, "  ")}']) + "\n}\n"


def where(number: int, index: int | None = None, kind: str | None = None) -> str:
    """A place in the file as messages name it: ``round 2``, ``round 2, event 14 (play)``."""
    if index is None:
        return _("round %(n)d", n=number)
    if kind is None:
        return _("round %(n)d, event %(event)d", n=number, event=index)
    return _("round %(n)d, event %(event)d (%(kind)s)", n=number, event=index, kind=kind)


# -- reading ----------------------------------------------------------------------------

def loads(data: bytes) -> MatchDocument:
    """A match file read strictly, or :class:`DocumentError` saying what is wrong first."""
    if len(data) > MAX_BYTES:
        raise DocumentError(str(TOO_BIG))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DocumentError(_("The file is not text: choose the .json file of a match "
                              "exported by Kasino Referee.")) from None
    try:
        raw = json.loads(text, object_pairs_hook=_no_twice, parse_constant=_no_constant)
    except json.JSONDecodeError as error:  # its message is Python's, in English: not shown
        raise DocumentError(_("The file is not valid JSON: it goes wrong at line %(line)d, "
                              "column %(column)d.", line=error.lineno,
                              column=error.colno)) from None
    except DocumentError:  # a key twice, or NaN: said by the hooks below
        raise
    except (ValueError, RecursionError):  # a number too long, lists nested too deep
        raise DocumentError(_("The file is not JSON that a match file can be.")) from None
    return read(raw)


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise DocumentError(_("The file names %(key)s twice in one object.",
                                  key=_shown(key)))
        found[key] = value
    return found


def _no_constant(name: str) -> NoReturn:
    raise DocumentError(_("The file holds %(name)s, which is not a number.", name=name))


def read(raw: Any) -> MatchDocument:
    """A match document (parsed JSON) checked field by field into typed values."""
    doc = _object(raw, lambda: _("The file"), MATCH_KEYS, MATCH_KEYS)
    if doc["format"] != FORMAT:
        raise DocumentError(_("This is not a match file of Kasino Referee: its “format” is "
                              "not “%(format)s”.", format=FORMAT))
    if not _is_int(doc["version"]) or doc["version"] != VERSION:
        raise DocumentError(_("This match file is of version %(given)s; this referee reads "
                              "version %(version)d.", given=_shown(doc["version"]),
                              version=VERSION))
    variant = doc["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise DocumentError(_("%(variant)s is not a variant; the variants are %(ids)s.",
                              variant=_shown(variant), ids=", ".join(VARIANTS)))
    options = doc["options"]
    if not isinstance(options, dict):
        raise DocumentError(_("The house rules (“options”) must be an object."))
    players = doc["players"]
    if not isinstance(players, list) or not all(
        isinstance(name, str) and name == name.strip() and 1 <= len(name) <= NAME_LENGTH
        for name in players
    ):
        raise DocumentError(_("“players” must list the players' names in seat order, each "
                              "of 1 to %(n)d characters.", n=NAME_LENGTH))
    for seat, name in enumerate(players, start=1):
        if not readable(name):
            raise DocumentError(_("The name of player %(n)d holds control characters or "
                                  "marks that turn the text around.", n=seat))
        if not visible(name):
            raise DocumentError(_("The name of player %(n)d shows nothing: no letter, digit "
                                  "or sign.", n=seat))
    repeat = first_repeat(players)
    if repeat is not None:
        raise DocumentError(_("Two players are called %(name)s: each needs a name of their "
                              "own.", name=players[repeat[1]]))
    try:
        sides_of(get_rules(variant, options), len(players))
    except OptionError as error:  # a house rule, or the seating: worded from its data
        raise DocumentError(_("The match cannot be played so: %(error)s.",
                              error=error_text(error, variant, options))) from None
    first = doc["first_dealer"]
    if not _is_int(first) or not 0 <= first < len(players):
        raise DocumentError(_("“first_dealer” must be a seat from 0 to %(last)d.",
                              last=len(players) - 1))
    rounds = doc["rounds"]
    if not isinstance(rounds, list):
        raise DocumentError(_("“rounds” must be a list of rounds."))
    if len(rounds) > MAX_ROUNDS:
        raise DocumentError(_("The file holds %(n)d rounds; a match file holds at most "
                              "%(max)d.", n=len(rounds), max=MAX_ROUNDS))
    read_rounds: list[RoundDocument] = []
    events = 0
    for number, rnd in enumerate(rounds, start=1):
        if read_rounds and read_rounds[-1].status is RoundStatus.OPEN:
            raise DocumentError(_("%(where)s is still open, so no round can follow it.",
                                  where=where(number - 1)))
        read_rounds.append(_round(rnd, number))
        events += len(read_rounds[-1].events)
        if events > MAX_EVENTS:
            raise DocumentError(_("The file holds more than %(max)d events; a match file "
                                  "holds at most %(max)d.", max=MAX_EVENTS))
    return MatchDocument(variant, options, tuple(players), first, tuple(read_rounds))


def _is_int(value: Any) -> bool:
    return type(value) is int


def _object(value: Any, place: Callable[[], str], required: tuple[str, ...],
            known: tuple[str, ...]) -> dict[str, Any]:
    """``value`` as an object with every ``required`` key and no key beyond ``known``;
    ``place`` words where it is, if it is not."""
    if not isinstance(value, dict):
        raise DocumentError(_("%(where)s must be a JSON object.", where=place()))
    for key in required:
        if key not in value:
            raise DocumentError(_("%(where)s has no “%(key)s”.", where=place(), key=key))
    for key in value:
        if key not in known:
            raise DocumentError(_("%(where)s has %(key)s, which a match file does not "
                                  "have there.", where=place(), key=_shown(key)))
    return value


def _round(value: Any, number: int) -> RoundDocument:
    place = where(number)
    rnd = _object(value, lambda: place, ROUND_KEYS, ROUND_KEYS)
    if not _is_int(rnd["number"]) or rnd["number"] != number:
        raise DocumentError(_("%(where)s is numbered %(given)s: the rounds are numbered 1, "
                              "2, 3 … in order.", where=place, given=_shown(rnd["number"])))
    if not _is_int(rnd["dealer"]):
        raise DocumentError(_("%(where)s: “dealer” must be a seat number.", where=place))
    try:
        mode = RoundMode(rnd["mode"])
        status = RoundStatus(rnd["status"])
    except (ValueError, TypeError):
        raise DocumentError(_("%(where)s: “mode” is play or tally, and “status” open or "
                              "confirmed.", where=place)) from None
    events = rnd["events"]
    if not isinstance(events, list):
        raise DocumentError(_("%(where)s: “events” must be a list.", where=place))
    if len(events) > MAX_ROUND_EVENTS:
        raise DocumentError(_("%(where)s holds %(n)d events; a round holds at most %(max)d.",
                              where=place, n=len(events), max=MAX_ROUND_EVENTS))
    current = _started(mode, sum(isinstance(e, dict) and e.get("kind") == EventKind.SWITCH
                                 for e in events))
    read: list[Event] = []
    for index, entry in enumerate(events, start=1):
        event = _event(entry, number, index, current)
        if isinstance(event, Switched):
            if event.mode is current:
                raise DocumentError(_(
                    "%(where)s: a switch goes to the other way, and the round is recorded "
                    "“%(mode)s” already.", where=where(number, index, event.kind),
                    mode=current.value))
            current = event.mode
        read.append(event)
    return RoundDocument(number, rnd["dealer"], mode, status, tuple(read))


def _started(mode: RoundMode, switches: int) -> RoundMode:
    """The way a round recorded ``mode`` now was started: each of its ``switches`` went to
    the other way."""
    return mode if switches % 2 == 0 else mode.other


def _event(value: Any, number: int, index: int, mode: RoundMode) -> Event:
    """One event, its data exactly as the engine writes it. (Where it is, is worded only
    for a message: a long file has thousands of events.)"""
    entry = _object(value, lambda: where(number, index), EVENT_KEYS, EVENT_KEYS)
    allowed = KINDS_OF_MODE[mode]
    kind = entry["kind"]
    if kind not in [k.value for k in allowed]:
        kinds = ", ".join(k.value for k in allowed)
        if mode is RoundMode.PLAY:
            message = _("a round recorded play by play has events of the kinds %(kinds)s, "
                        "not %(kind)s", kinds=kinds, kind=_shown(kind))
        else:
            message = _("a round of tallies only has events of the kinds %(kinds)s, not "
                        "%(kind)s", kinds=kinds, kind=_shown(kind))
        raise DocumentError(f"{where(number, index)}: {message}.")

    def place() -> str:
        return where(number, index, kind)

    required, optional = EVENT_FIELDS[EventKind(kind)]
    data = _object(entry["data"], place, tuple(required), (*required, *optional))
    for key, expected in {**required, **optional}.items():
        if key in data and type(data[key]) is not expected:
            raise DocumentError(_("%(where)s: “%(key)s” is %(given)s, which is not of its "
                                  "type.", where=place(), key=key, given=_shown(data[key])))
    reason = data.get("reason")
    if isinstance(reason, str) and not (reason == reason.strip() and 1 <= len(reason)
                                        <= REASON_LENGTH):
        raise DocumentError(_("%(where)s: the table's reason is 1 to %(n)d characters.",
                              where=place(), n=REASON_LENGTH))
    if kind == EventKind.TALLY:
        for tally in data["tallies"]:
            _object(tally, place, TALLY_KEYS, TALLY_KEYS)
    try:
        event = event_from_json(kind, data)
    except EventError:  # the engine's message is for a log: say what is wrong from the data
        raise DocumentError(f"{place()}: {_unreadable(EventKind(kind), data)}.") from None
    difference = _difference(data, event.to_json(), "")
    if difference is not None:
        path, given, wanted = difference
        raise DocumentError(_("%(where)s: %(field)s is %(given)s, where the referee writes "
                              "%(written)s.", where=place(), field=path or "data",
                              given=given, written=wanted))
    return event


def _unreadable(kind: EventKind, data: dict[str, Any]) -> str:
    """Why an event's data (of the right fields and types) cannot be read: the first card
    that is no card, an action that is none, else that a value is not as the referee
    writes it."""
    cards: list[tuple[str, Any]] = []
    if kind in (EventKind.PLAY, EventKind.OVERRULE):
        cards.append(("card", data["card"]))
    elif kind is EventKind.TABLE:
        cards.extend((f"cards[{i}]", code) for i, code in enumerate(data["cards"]))
    elif kind is EventKind.TALLY:
        for i, tally in enumerate(data["tallies"]):
            aces, field = tally.get("aces"), f"tallies[{i}].aces"
            if not isinstance(aces, list):
                return _("%(field)s is %(given)s, which is not a list of cards",
                         field=field, given=_shown(aces))
            cards.extend((f"tallies[{i}].aces[{j}]", code) for j, code in enumerate(aces))
    for field, code in cards:
        if not isinstance(code, str):
            return _("%(field)s is %(given)s, which is not a card code", field=field,
                     given=_shown(code))
        try:
            Card.parse(code)
        except CardError as error:
            return card_error_text(error, _shown(code))
    if kind is EventKind.SWITCH and data["mode"] not in set(RoundMode):
        return _("“mode” is play or tally, not %(given)s", given=_shown(data["mode"]))
    if kind in (EventKind.PLAY, EventKind.OVERRULE) and data["action"] not in set(Action):
        return _("“action” is capture, build, double or trail, not %(given)s",
                 given=_shown(data["action"]))
    return _("a value of its data is not as the referee writes it (numbers as numbers, "
             "yes and no as true and false)")


def _difference(given: Any, written: Any, path: str) -> tuple[str, str, str] | None:
    """The first place where ``given`` is not exactly ``written`` (types too: 1 is not
    true, nor 1.0): its path and both values, or None."""
    if isinstance(written, dict) and isinstance(given, dict):
        for key in [*written, *(k for k in given if k not in written)]:
            inner = f"{path}.{key}" if path else key
            if key not in given or key not in written:
                return inner, _shown(given.get(key)), _shown(written.get(key))
            found = _difference(given[key], written[key], inner)
            if found is not None:
                return found
        return None
    if isinstance(written, list) and isinstance(given, list) and len(given) == len(written):
        for i, (a, b) in enumerate(zip(given, written, strict=True)):
            found = _difference(a, b, f"{path}[{i}]")
            if found is not None:
                return found
        return None
    if type(given) is type(written) and given == written:
        return None
    return path, _shown(given), _shown(written)


"""Matches and rounds over the event log: the only place that writes events.

Every change to a round runs through :func:`_append` or :func:`undo`, which bump
the round's version with a conditional UPDATE: of two phones sending the same
turn, exactly one wins and the other gets :class:`StaleRound`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from .extensions import db
from .models import Event, Match, Player, Round
from .rules.cards import Card, parse_cards
from .rules.round import Round as EngineRound
from .rules.round import sides_of
from .rules.scoring import MatchResult, RoundScore, Tally, score_round, settle
from .rules.turn import Action, Play, Verdict
from .rules.variants import Rules, get_rules


class StaleRound(Exception):
    """The round changed since the page was loaded (another phone was quicker)."""


class RoundClosed(Exception):
    """The round is confirmed, or the match is over: nothing more is recorded."""


def rules_of(match: Match) -> Rules:
    return get_rules(match.variant, match.options)


def side_names(match: Match) -> list[str]:
    sides = sides_of(rules_of(match), len(match.players))
    names = match.names
    return [" & ".join(names[s] for s in side) for side in sides]


def create_match(variant: str, options: dict[str, Any], names: Sequence[str],
                 first_dealer: int = 0, rematch_of: Match | None = None) -> Match:
    rules = get_rules(variant, options)
    sides_of(rules, len(names))  # raises OptionError for impossible seatings
    match = Match(variant=variant, options=dict(options), first_dealer=first_dealer,
                  rematch_of_id=rematch_of.id if rematch_of else None)
    match.players = [Player(seat=i, name=name) for i, name in enumerate(names)]
    db.session.add(match)
    db.session.commit()
    return match


def rematch(match: Match) -> Match:
    """The same table again, the deal passing on as if the match went on."""
    dealer = (match.first_dealer + len(match.rounds)) % len(match.players)
    return create_match(match.variant, match.options, match.names, dealer, match)


def dealer_of(match: Match, number: int) -> int:
    return (match.first_dealer + number - 1) % len(match.players)


def confirmed(match: Match) -> list[Round]:
    return [r for r in match.rounds if r.status == "confirmed"]


def scores_before(match: Match, number: int) -> list[int]:
    sides = len(sides_of(rules_of(match), len(match.players)))
    scores = [0] * sides
    for r in confirmed(match):
        if r.number < number and r.result:
            scores = [a + b for a, b in zip(scores, r.result["totals"], strict=True)]
    return scores


def carry_before(match: Match, number: int) -> dict[str, int]:
    earlier = [r for r in confirmed(match) if r.number < number and r.result]
    return dict(earlier[-1].result.get("carry", {})) if earlier else {}


def current_round(match: Match) -> Round | None:
    return next((r for r in match.rounds if r.status == "open"), None)


def start_round(match: Match, mode: str) -> Round:
    """The open round, or a new one. Two phones starting one at once get the same round."""
    if match.finished:
        raise RoundClosed(_("The match is over."))
    open_round = current_round(match)
    if open_round is not None:
        return open_round
    number = len(match.rounds) + 1
    rnd = Round(match=match, number=number, dealer=dealer_of(match, number), mode=mode)
    db.session.add(rnd)
    try:
        db.session.commit()
    except IntegrityError:  # another phone created round `number` first
        db.session.rollback()
        db.session.refresh(match)
        existing = next((r for r in match.rounds if r.number == number), None)
        if existing is None:
            raise
        return existing
    return rnd


# -- replay -------------------------------------------------------------------------

def play_of(data: dict[str, Any]) -> Play:
    return Play(Card.parse(data["card"]), Action(data["action"]), tuple(data.get("refs", ())),
                data.get("value"))


def engine_round(rnd: Round) -> EngineRound:
    """The round's state: the engine replaying its events."""
    match = rnd.match
    game = EngineRound(rules_of(match), len(match.players), rnd.dealer,
                       scores_before(match, rnd.number), match.names)
    for event in rnd.events:
        if event.kind == "table":
            game.start(parse_cards(event.data["cards"]))
        elif event.kind == "play":
            game.play(play_of(event.data), overrule=event.reason)
    return game


@dataclass(frozen=True)
class Outcome:
    """What a recorded (or refused) play comes to."""

    recorded: bool
    verdict: Verdict


def _bump(rnd: Round, version: int, **values: Any) -> None:
    """Move the round from ``version`` to the next one (and set ``values``), or StaleRound.

    The conditional UPDATE is the lock: of two phones at the same version, one wins.
    """
    bumped = db.session.execute(
        update(Round).where(Round.id == rnd.id, Round.version == version)
        .values(version=version + 1, **values)
    )
    if bumped.rowcount != 1:
        db.session.rollback()
        raise StaleRound()


def _open(rnd: Round) -> None:
    if rnd.status != "open" or rnd.match.finished:
        raise RoundClosed(_("This round is closed: it is confirmed, or the match is over."))


def _append(rnd: Round, version: int, kind: str, data: dict[str, Any],
            reason: str | None = None) -> None:
    """Add one event if the round is still at ``version``; else StaleRound."""
    _open(rnd)
    _bump(rnd, version)
    db.session.add(Event(round_id=rnd.id, seq=len(rnd.events), kind=kind, data=data,
                         reason=reason))
    db.session.commit()
    db.session.refresh(rnd)


def check_version(rnd: Round, version: int) -> None:
    if rnd.version != version:
        raise StaleRound()


def record_table(rnd: Round, version: int, cards: Sequence[Card]) -> None:
    check_version(rnd, version)
    game = engine_round(rnd)
    game.start(cards)  # raises for a wrong size or a duplicate
    _append(rnd, version, "table", {"cards": [c.code for c in cards]})


def judge_play(rnd: Round, play: Play) -> Verdict:
    """The referee's verdict on a play in the round as it stands, recording nothing."""
    return engine_round(rnd).check(play)


def record_play(rnd: Round, version: int, play: Play, overrule: str | None = None) -> Outcome:
    """Judge the play; record it if legal (or overruled). Engine errors propagate."""
    check_version(rnd, version)
    game = engine_round(rnd)
    verdict = game.check(play)
    if not verdict.legal and overrule is None:
        return Outcome(False, verdict)
    game.play(play, overrule=overrule)  # raises if it cannot be applied at all
    data = {"card": play.card.code, "action": play.action.value, "refs": list(play.refs)}
    if play.value is not None:
        data["value"] = play.value
    _append(rnd, version, "play", data, overrule)
    return Outcome(True, verdict)


def undo(rnd: Round, version: int) -> None:
    """Take back the last event, as far back as the round's start."""
    _open(rnd)
    if not rnd.events:
        raise RoundClosed(_("There is nothing to undo: the round has just begun."))
    _bump(rnd, version)
    db.session.delete(rnd.events[-1])
    db.session.commit()
    db.session.refresh(rnd)


# -- results --------------------------------------------------------------------------

def tally_result(rnd: Round, tallies: Sequence[Tally]) -> tuple[RoundScore, MatchResult]:
    match = rnd.match
    rules = rules_of(match)
    names = side_names(match)
    before = scores_before(match, rnd.number)
    result = score_round(rules, tallies, names, before, carry_before(match, rnd.number))
    return result, settle(rules, before, result, names, [t.spades for t in tallies])


def round_result(
    rnd: Round, game: EngineRound | None = None
) -> tuple[RoundScore, MatchResult, list[Tally]] | None:
    """The points of a round that is over (or decided), else None.

    ``game`` is the round already replayed, when the caller has it.
    """
    if rnd.mode == "tally":
        event = next((e for e in rnd.events if e.kind == "tally"), None)
        if event is None:
            return None
        tallies = [tally_from_json(t) for t in event.data["tallies"]]
        return (*tally_result(rnd, tallies), tallies)
    game = game or engine_round(rnd)
    if not game.finished and game.decided is None:
        return None
    result, outcome = game.score(carry_before(rnd.match, rnd.number))
    return result, outcome, game.tallies()


def record_tally(rnd: Round, version: int, tallies: Sequence[Tally]) -> None:
    check_version(rnd, version)
    data = {"tallies": [tally_json(t) for t in tallies]}
    if rnd.events:
        raise RoundClosed(_("The tally is already entered; take it back to change it."))
    _append(rnd, version, "tally", data)


def tally_json(t: Tally) -> dict[str, Any]:
    return {"cards": t.cards, "spades": t.spades, "aces": [c.code for c in t.aces],
            "big_casino": t.big_casino, "little_casino": t.little_casino, "sweeps": t.sweeps,
            "last_capture": t.last_capture, "mulle": t.mulle,
            "double_sweeps": t.double_sweeps}


def tally_from_json(d: dict[str, Any]) -> Tally:
    return Tally(d["cards"], d["spades"], tuple(parse_cards(d["aces"])), d["big_casino"],
                 d["little_casino"], d["sweeps"], d["last_capture"], d.get("mulle", 0),
                 double_sweeps=d.get("double_sweeps", 0))


def confirm(rnd: Round, version: int) -> MatchResult:
    """Write the round's result into the match; the match may end here."""
    check_version(rnd, version)
    found = round_result(rnd)
    if found is None:
        raise RoundClosed(_("The round is not over yet."))
    result, outcome, tallies = found
    _open(rnd)
    _bump(rnd, version, status="confirmed")
    rnd.result = {
        "points": result.points,
        "totals": result.totals,
        "sweeps": result.sweeps,
        "spades": [t.spades for t in tallies],
        "cards": [t.cards for t in tallies],
        "explanation": result.explanation + outcome.explanation,
        "match_note": outcome.explanation,
        "carry": result.carry,
        "scores": outcome.scores,
    }
    match = rnd.match
    if outcome.finished:
        match.finished = True
        match.winner_side = outcome.winner
        match.result_note = " ".join(outcome.explanation)
    db.session.commit()
    db.session.refresh(rnd)
    return outcome

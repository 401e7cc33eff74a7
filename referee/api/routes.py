"""JSON API v1, exactly as ``shared/API.md``: variants, check, replay, score."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, jsonify, request
from werkzeug.exceptions import BadRequest, HTTPException

from referee.rules.cards import BIG_CASINO, LITTLE_CASINO, Card, pack
from referee.rules.partition import Budget, TooComplex
from referee.rules.reasons import Reason, Why
from referee.rules.round import (
    DuplicateCard,
    IllegalPlay,
    RoundError,
    RoundOver,
    RoundState,
    seat_sides,
    seatings,
    sides_of,
    tally_limits,
)
from referee.rules.scoring import (
    MatchResult,
    RoundScore,
    Tally,
    TallyError,
    carried,
    round_and_match,
    validate_tallies,
)
from referee.rules.turn import Spot, Verdict, judge
from referee.rules.variants import VARIANTS, MulleScoring, OptionError, Rules
from referee.words import finding_text, notes_text, reason_text, ruling_text, side_names

from .schema import (
    BadInput,
    CardCounter,
    build_json,
    check_keys,
    codes,
    groups_json,
    options_json,
    read_card,
    read_int,
    read_list,
    read_play,
    read_players,
    read_rules,
    read_table,
    require_object,
)

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def _bad(message: str, field: str) -> tuple[Any, int]:
    return jsonify({"error": message, "field": field}), 400


@bp.errorhandler(BadInput)
def _bad_input(error: BadInput):
    return _bad(error.message, error.field)


@bp.errorhandler(TooComplex)
def _too_complex(error: TooComplex):
    return _bad("this position is far larger than any real game", "table")


@bp.errorhandler(HTTPException)
def _http(error: HTTPException):
    return error_json(error)


@bp.after_request
def _options_without_a_body(response: Response) -> Response:
    """OPTIONS says what a path allows in its ``Allow`` header and nothing else: 204 with
    no body (Flask's own answer is an empty page typed as HTML; every body of the API is
    JSON, so it has none)."""
    if request.method == "OPTIONS" and response.status_code == 200:
        response.status_code = 204
        response.set_data(b"")
        del response.headers["Content-Type"]
    return response


ENDPOINTS = "GET /api/v1/variants, POST /api/v1/check, /api/v1/replay or /api/v1/score"


def error_json(error: HTTPException) -> Response:
    """Any HTTP error under /api/ in the API's shape, ``{"error": ..., "field": ...}``; the
    app's error handler sends here the requests no route of the API matched."""
    status = error.code or 500
    if error.code == 413:  # the contract's 400 for a malformed request
        message, status = "the request is larger than any real game", 400
    elif error.code == 404 and request.url_rule is None:
        message = f"there is no {request.path} in the API: it has {ENDPOINTS}"
    elif error.code == 405:
        allowed = [m for m in getattr(error, "valid_methods", None) or ()
                   if m not in ("HEAD", "OPTIONS")]
        message = f"{request.method} is not allowed on {request.path}; use {' or '.join(allowed)}"
    else:
        message = error.description or "the request cannot be answered"
    response = jsonify({"error": message, "field": "body"})
    response.status_code = status
    if error.code == 405 and getattr(error, "valid_methods", None):
        response.headers["Allow"] = ", ".join(error.valid_methods)  # type: ignore[attr-defined]
    return response


def _body(allowed: tuple[str, ...]) -> dict[str, Any]:
    try:
        raw = request.get_json(force=True) if request.get_data(cache=True) else None
    except RecursionError:  # JSON nested deeper than any real request
        raise BadInput("the body is nested too deeply to be a Kasino request", "body") from None
    except BadRequest:  # not JSON, not UTF-8, or a number too long to read
        raise BadInput("the body is not readable JSON: send one JSON object", "body") from None
    body = require_object(raw)
    check_keys(body, allowed)
    return body


def variant_json(rules: Rules) -> dict[str, Any]:
    v = rules.variant
    seated = seatings(v.id)
    return {
        "id": v.id,
        "name": v.name,
        "description": v.description,
        "target": v.target,
        "building": v.building.value,
        "packs": v.packs,
        "players": {"min": v.min_players, "max": v.max_players,
                    "counts": list(seated.counts), "alone": list(seated.alone),
                    "paired": list(seated.paired)},
        "table_cards": v.table_cards,
        "hand_size": v.hand_size,
        "values": {
            "ace": {"hand": list(rules.hand_values(Card.parse("AH"))),
                    "table": list(rules.table_values(Card.parse("AH")))},
            "big_casino": {"hand": list(rules.hand_values(BIG_CASINO)),
                           "table": list(rules.table_values(BIG_CASINO))},
            "little_casino": {"hand": list(rules.hand_values(LITTLE_CASINO)),
                              "table": list(rules.table_values(LITTLE_CASINO))},
            "courts_have_values": bool(rules.table_values(Card.parse("KH"))),
        },
        "points": {
            "most_cards": v.most_cards,
            "most_spades": v.most_spades,
            "spades": v.spade_scoring.value,
            "ace": v.ace,
            "big_casino": v.big_casino,
            "little_casino": v.little_casino,
            "last_capture": v.last_capture,
            "sweep": v.sweep,
            "mulle": v.mulle.value,
            "round_total": v.round_total,
        },
        "sweep_cancellation": v.sweep_cancellation,
        "spade_five_clears": v.spade_five_clears,
        "reverse": v.reverse,
        "match_end": v.match_end.value,
    }


@bp.get("/variants")
def variants():
    return jsonify({"variants": [variant_json(v.rules()) for v in VARIANTS.values()]})


@bp.post("/check")
def check():
    body = _body(("variant", "options", "players", "player", "table", "hand", "play"))
    rules = read_rules(body)
    players, _names = read_players(body, rules)
    player = read_int(body.get("player", 0), "player", 0, players - 1)
    counter = CardCounter(rules.packs)
    budget = Budget()  # the request's one search budget: the builds' sums, then the play
    table = read_table(body.get("table", []), rules, players, counter, budget)
    hand = None
    if "hand" in body:
        hand = []
        for i, code in enumerate(read_list(body["hand"], "hand", 16)):
            card = read_card(code, f"hand[{i}]")
            counter.add(card, f"hand[{i}]")
            hand.append(card)
    if "play" not in body:
        raise BadInput("say what is played", "play")
    play, _player = read_play(body["play"], "play", table, rules)
    if hand is None:
        counter.add(play.card, "play.card")
    elif play.card not in hand:
        raise BadInput(f"the hand does not hold {play.card.code}, the card played", "hand")
    sides = _sides(rules, players)
    spot = Spot(rules, player, tuple(table), sides=seat_sides(sides))
    verdict = judge(spot, play, hand, budget, alternatives=True)
    return jsonify({
        "legal": verdict.legal,
        "reason": ruling_text(verdict),
        "reason_code": verdict.why.code.value,
        "kind": verdict.kind,
        "value": verdict.value,
        "groups": groups_json(verdict.groups),
        "sweep": verdict.sweep,
        "pending": [f"holds {v}" for v in verdict.pending],
        "alternatives": options_json(verdict.options, table),
    })


def _read_scores(body: dict[str, Any], sides: int) -> list[int]:
    raw = body.get("scores", [0] * sides)
    scores = read_list(raw, "scores", sides)
    if len(scores) != sides:
        raise BadInput(f"scores must list one number per side ({sides})", "scores")
    return [read_int(s, f"scores[{i}]", -10_000, 10_000) for i, s in enumerate(scores)]


def _read_carry(body: dict[str, Any], rules: Rules) -> dict[str, int]:
    """Points tied majorities carried into this round: only with the house rule
    ``tie_carry_over``, and only for a majority these rules score."""
    raw = body.get("carry", {})
    if not isinstance(raw, dict):
        raise BadInput("carry must be an object like {\"cards\": 1}", "carry")
    if raw and not rules.tie_carry_over:
        raise BadInput("points are carried over only with the house rule tie_carry_over",
                       "carry")
    majorities = carried(rules)
    out = {}
    for key, value in raw.items():
        if key not in majorities:
            named = " and ".join(sorted(majorities)) or "no majority"
            raise BadInput(f"{rules.variant.name} carries over the points of {named}",
                           f"carry.{key}")
        out[key] = read_int(value, f"carry.{key}", 0, 1000)
    return out


def _sides(rules: Rules, players: int) -> list[list[int]]:
    try:
        return sides_of(rules, players)
    except OptionError as error:
        field = "players" if error.option == "players" else f"options.{error.option}"
        raise BadInput(str(error), field) from None


def _seating(
    body: dict[str, Any],
) -> tuple[Rules, int, list[str] | None, list[list[int]], list[int], dict[str, int]]:
    """Rules, seats, names, sides, match scores and carried points of a round request."""
    rules = read_rules(body)
    players, names = read_players(body, rules)
    sides = _sides(rules, players)
    return (rules, players, names, sides, _read_scores(body, len(sides)),
            _read_carry(body, rules))


def score_json(
    rules: Rules, sides: list[list[int]], names: Sequence[str], tallies: list[Tally],
    result: RoundScore, match: MatchResult,
) -> dict[str, Any]:
    """The round's points and the match after it; each line of the explanation in the
    request's language, with its stable code beside it (``explanation_codes``)."""
    notes = result.explanation + match.explanation
    out: dict[str, Any] = {
        "sides": [
            {
                "players": side,
                "cards": tally.cards,
                "spades": tally.spades,
                "sweeps": result.sweeps[i],
                "points": result.points[i],
                "total": result.totals[i],
            }
            for i, (side, tally) in enumerate(zip(sides, tallies, strict=True))
        ],
        "scores": match.scores,
        "finished": match.finished,
        "winner": match.winner,
        "explanation": notes_text(notes, names),
        "explanation_codes": [note.code.value for note in notes],
    }
    if rules.tie_carry_over:
        out["carry"] = result.carry
    return out


@bp.post("/score")
def score():
    body = _body(("variant", "options", "players", "scores", "piles", "sweeps",
                  "last_capture", "tallies", "mulle", "carry"))
    rules, _players, names, sides, scores, carry = _seating(body)
    if ("piles" in body) == ("tallies" in body):
        raise BadInput("give either piles or tallies", "piles")
    if "piles" in body:
        tallies = _tallies_from_piles(body, rules, sides)
    else:
        for key in ("sweeps", "last_capture", "mulle"):
            if key in body:
                raise BadInput(f"with tallies, {key} goes inside each tally", key)
        tallies = _read_tallies(body["tallies"], rules, sides)
    result, match = round_and_match(rules, tallies, scores, carry)
    return jsonify(score_json(rules, sides, side_names(sides, names), tallies, result, match))


def _side_list(body: dict[str, Any], key: str, sides: int) -> list[Any]:
    raw = read_list(body[key], key, sides)
    if len(raw) != sides:
        raise BadInput(f"{key} must have one entry per side ({sides})", key)
    return raw


def _mulle_points(rules: Rules, value: Any, field: str) -> int:
    scheme = rules.variant.mulle
    if scheme is MulleScoring.NONE:
        raise BadInput(f"{rules.variant.name} has no mulle", field)
    if isinstance(value, list):
        total = 0
        for j, code in enumerate(read_list(value, field, 52)):
            card = read_card(code, f"{field}[{j}]")
            total += (rules.variant.mulle_points if scheme is MulleScoring.FIVE
                      else max(rules.hand_values(card)))
        return total
    count = read_int(value, field, 0, 52)
    if scheme is not MulleScoring.FIVE:
        raise BadInput("list the cards that made each mulle; it scores their value", field)
    return rules.variant.mulle_points * count


def _count_card(seen: Counter[Card], first: dict[Card, str], card: Card, field: str,
                packs: int) -> None:
    """A card of a tally seen more often than the packs hold it (cards written 10♦, A♠)."""
    seen[card] += 1
    first.setdefault(card, field)
    if seen[card] > packs:
        times = "twice" if packs == 1 else f"{packs + 1} times"
        raise BadInput(f"{card.symbol} appears {times} ({first[card]} and {field}); "
                       f"{'one pack has one' if packs == 1 else 'two packs have two'} of "
                       "each card", field)


def _tallies_from_piles(body: dict[str, Any], rules: Rules, seating: list[list[int]],
                        ) -> list[Tally]:
    sides = len(seating)
    piles_raw = _side_list(body, "piles", sides)
    seen: Counter[Card] = Counter()
    first: dict[Card, str] = {}
    piles = []
    for i, pile in enumerate(piles_raw):
        cards = []
        for j, code in enumerate(read_list(pile, f"piles[{i}]", 52 * rules.packs)):
            card = read_card(code, f"piles[{i}][{j}]")
            _count_card(seen, first, card, f"piles[{i}][{j}]", rules.packs)
            cards.append(card)
        piles.append(cards)
    missing = Counter(pack(rules.packs))
    missing.subtract(seen)
    missing = +missing
    if missing:
        shown = " ".join(c.symbol for c in sorted(missing.elements()))
        raise BadInput(f"the piles must hold the whole pack; missing: {shown}", "piles")
    sweeps = [0] * sides
    if "sweeps" in body:
        sweeps = [read_int(s, f"sweeps[{i}]", 0, 52 * rules.packs)
                  for i, s in enumerate(_side_list(body, "sweeps", sides))]
    last = body.get("last_capture")
    if last is not None:
        last = read_int(last, "last_capture", 0, sides - 1)
    mulle = [0] * sides
    if "mulle" in body:
        mulle = [_mulle_points(rules, m, f"mulle[{i}]")
                 for i, m in enumerate(_side_list(body, "mulle", sides))]
    tallies = [Tally.from_pile(piles[i], sweeps[i], last == i, mulle[i]) for i in range(sides)]
    try:
        validate_tallies(tallies, rules.packs, tally_limits(rules, sum(map(len, seating))))
    except TallyError as error:
        # the piles hold the pack: what is left to refuse is a side's sweeps or mulles, all
        # the sweeps together, or the last capture, which the body gives beside the piles
        found = re.fullmatch(r"tallies\[(\d+)\]\.(\w+)", error.field)
        if found and found.group(2) != "last_capture":
            field = f"{found.group(2)}[{found.group(1)}]"
        elif error.why.code in (Why.TALLY_SWEEPS_TOGETHER, Why.TALLY_SWEEPS_TOGETHER_SISTEN):
            field = "sweeps"
        else:
            field = "last_capture"
        raise BadInput(str(error), field) from None
    return tallies


def _read_tallies(raw_value: Any, rules: Rules, seating: list[list[int]]) -> list[Tally]:
    sides = len(seating)
    raw = read_list(raw_value, "tallies", sides)
    if len(raw) != sides:
        raise BadInput(f"tallies must have one entry per side ({sides})", "tallies")
    packs = rules.packs
    tallies = []
    seen: Counter[Card] = Counter()
    first: dict[Card, str] = {}
    for i, entry in enumerate(raw):
        field = f"tallies[{i}]"
        entry = require_object(entry, field)
        check_keys(entry, ("cards", "spades", "aces", "big_casino", "little_casino", "sweeps",
                           "last_capture", "mulle", "double_sweeps"), field + ".")
        cards = read_int(entry.get("cards", 0), f"{field}.cards", 0, 52 * packs)
        spades = read_int(entry.get("spades", 0), f"{field}.spades", 0, 13 * packs)
        ace_cards = []
        for j, code in enumerate(read_list(entry.get("aces", []), f"{field}.aces", 4 * packs)):
            card = read_card(code, f"{field}.aces[{j}]")
            if not card.ace:
                raise BadInput(f"{card.symbol} is not an ace", f"{field}.aces[{j}]")
            _count_card(seen, first, card, f"{field}.aces[{j}]", packs)
            ace_cards.append(card)
        big = _casino(entry.get("big_casino", 0), f"{field}.big_casino", packs)
        little = _casino(entry.get("little_casino", 0), f"{field}.little_casino", packs)
        sweeps = read_int(entry.get("sweeps", 0), f"{field}.sweeps", 0, 52 * packs)
        double = read_int(entry.get("double_sweeps", 0), f"{field}.double_sweeps", 0, sweeps)
        if double and rules.variant.penalties is None:
            raise BadInput(f"{rules.variant.name} has no dubbeltabbe: a sweep is a sweep",
                           f"{field}.double_sweeps")
        last = entry.get("last_capture", False)
        if not isinstance(last, bool):
            raise BadInput("last_capture must be true or false", f"{field}.last_capture")
        mulle = _mulle_points(rules, entry["mulle"], f"{field}.mulle") if "mulle" in entry else 0
        tallies.append(Tally(cards, spades, tuple(ace_cards), big, little, sweeps, last, mulle,
                             None, double))
    try:
        validate_tallies(tallies, packs, tally_limits(rules, sum(map(len, seating))))
    except TallyError as error:
        raise BadInput(str(error), error.field) from None
    return tallies


def _casino(value: Any, field: str, packs: int) -> int:
    if isinstance(value, bool):
        return int(value)
    return read_int(value, field, 0, packs)


@bp.post("/replay")
def replay():
    body = _body(("variant", "options", "players", "dealer", "scores", "table", "plays",
                  "carry"))
    rules, players, names, sides, scores, carry = _seating(body)
    dealer = read_int(body.get("dealer", 0), "dealer", 0, players - 1)
    counter = CardCounter(rules.packs)
    table = read_table(body.get("table", []), rules, players, counter)
    rnd = RoundState(rules, players, dealer, scores, names, Budget())
    try:
        rnd.start([card for card in table if isinstance(card, Card)])
    except RoundError as error:
        raise BadInput(str(error), "table") from None
    plays_raw = read_list(body.get("plays", []), "plays", 52 * rules.packs)
    records: list[dict[str, Any]] = []
    failure: dict[str, Any] | None = None
    for i, raw in enumerate(plays_raw):
        field = f"plays[{i}]"
        play, player = read_play(raw, field, rnd.table, rules)
        try:
            record = rnd.play(play, player)
        except DuplicateCard as dup:
            raise BadInput(str(dup), f"{field}.card") from None
        except IllegalPlay as illegal:
            seat = rnd.turn if player is None else player
            refused = _ruling_json(illegal.verdict, names)
            records.append({"player": seat, "legal": False, "sweep": False,
                            "kind": illegal.verdict.kind, **refused})
            failure = {"play": i, "reason": refused["reason"], "code": refused["reason_code"]}
            break
        except RoundOver as over:
            if rnd.decided is None:
                raise BadInput(f"{over} (play {i} is one too many)", field) from None
            decided = over.why or Reason.of(Why.MATCH_DECIDED)
            failure = {"play": i, "reason": reason_text(decided), "code": decided.code.value}
            break
        except RoundError as bad:
            raise BadInput(str(bad), field) from None
        records.append({"player": record.player, "legal": True, "sweep": record.sweep,
                        "kind": record.verdict.kind, **_ruling_json(record.verdict, names)})
    return jsonify({
        "ok": failure is None,
        "error": failure,
        "state": _state_json(rnd),
        "plays": records,
        "violations": [
            {"deal": f.deal, "player": f.player, "reason": finding_text(f, names)[0],
             "code": f.why.code.value} for f in rnd.findings
        ],
        "score": _replay_score(rnd, rules, sides, carry),
    })


def _ruling_json(verdict: Verdict, names: Sequence[str] | None) -> dict[str, str]:
    """A play's ruling in the request's language, with its stable code."""
    return {"reason": ruling_text(verdict, names), "reason_code": verdict.why.code.value}


def _state_json(rnd: RoundState) -> dict[str, Any]:
    return {
        "table": codes(rnd.loose),
        "builds": [build_json(b) for b in rnd.builds],
        "turn": rnd.turn,
        "deal": rnd.deal,
        "deals": rnd.deals,
        "last_deal": rnd.last_deal,
        "finished": rnd.finished,
        "stock": rnd.stock,
        "sides": [
            {"players": side, "captured": codes(rnd.piles[i]), "sweeps": len(rnd.sweeps[i])}
            for i, side in enumerate(rnd.sides)
        ],
    }


def _replay_score(rnd: RoundState, rules: Rules, sides: list[list[int]],
                  carry: dict[str, int]) -> dict[str, Any] | None:
    if not rnd.finished and rnd.decided is None:
        return None
    result, match = rnd.score(carry)
    # the sides by their names, or by their seats in the request's language
    return score_json(rules, sides, side_names(rnd.sides, rnd.names), rnd.tallies(), result,
                      match)

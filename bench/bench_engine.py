"""Speed of the referee, printed as numbers (``make bench``); never a timed unit test.

Targets: the capture search on the fixed positions of ``bench/positions.py`` (8 cards
at most 0.06 ms median), a 12-card claim under 1 ms median, a 20-card claim under
20 ms, a whole 2-player round replayed through the API under 20 ms, a round page of
100 events (most of them overrules) under 20 ms, and the worst small request found by
``bench/hostile.py`` under 100 ms of CPU, and the largest match file imported within a
second of CPU.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from positions import SIZES, VARIANT, positions

from referee import create_app
from referee.extensions import db
from referee.models import Match, RoundMode
from referee.rules.capture import capture_options, check_capture
from referee.rules.cards import Card, pack
from referee.rules.partition import Budget, split_exact
from referee.rules.round import RoundState
from referee.rules.turn import Action, Play
from referee.rules.variants import get_rules

DANISH = get_rules("danish")
DUALS = [Card.parse(c) for c in ("AS", "AH", "AD", "AC", "10D", "2S")]


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def show(label: str, samples: list[float], target: float | None = None,
         on_max: bool = False) -> None:
    """One line of figures; the target applies to the median (or with ``on_max`` the max)."""
    median = statistics.median(samples)
    worst = max(samples)
    p95 = sorted(samples)[max(0, int(len(samples) * 0.95) - 1)]
    verdict = ""
    if target is not None:
        judged = worst if on_max else median
        verdict = (f"  target {'max' if on_max else 'median'} < {target:g} ms: "
                   f"{'met' if judged < target else 'MISSED'}")
    print(f"{label:<56} median {median:8.3f} ms  p95 {p95:8.3f} ms  max {worst:8.3f} ms"
          f"{verdict}")


def claim(size: int, rng: random.Random) -> tuple[Card, list[Card]]:
    """A legal Danish claim of ``size`` cards with several dual-valued cards in it."""
    while True:
        deck = [c for c in pack() if c not in DUALS]
        rng.shuffle(deck)
        played = Card.parse("AS")  # 1 or 14 from the hand
        cards = DUALS[1:] + deck[: size - len(DUALS) + 1]
        values = [DANISH.table_values(c) for c in cards]
        for target in (14, 1):
            if split_exact(values, target, Budget()) is not None:
                return played, cards


def capture_search() -> None:
    """The legal captures of a ten or an ace on the fixed positions (best of 3 per one)."""
    rules = get_rules(VARIANT)
    for size in SIZES:
        samples = []
        for position in positions(size):
            table = list(position.table)
            samples.append(min(timed(
                lambda p=position.played, t=table: capture_options(rules, p, t, Budget()), 3)))
        show(f"capture search, {size} loose cards (240 positions)", samples,
             0.06 if size == 8 else None)


def claims(rng: random.Random) -> None:
    for size, target in ((12, 1.0), (20, 20.0)):
        samples = []
        for _ in range(30):
            played, table = claim(size, rng)
            take = list(range(len(table)))
            verdict = check_capture(DANISH, played, table, take, Budget())
            if not verdict.legal:
                raise SystemExit(f"bench claim refused: {verdict.reason}")
            samples += timed(lambda p=played, t=table, k=take: check_capture(
                DANISH, p, t, k, Budget()), 5)
        show(f"claim check, {size}-card Danish claim ({len(DUALS) - 1} dual cards)", samples,
             target)


def replays(client: Any, rng: random.Random) -> None:
    for variant in ("swedish", "danish"):
        bodies = [_round_body(variant, rng) for _ in range(10)]
        for body in bodies:
            answer = client.post("/api/v1/replay", json=body).get_json()
            if not (answer["ok"] and answer["state"]["finished"]):
                raise SystemExit(f"bench round refused: {answer['error']}")
        samples = []
        for body in bodies:
            samples += timed(lambda b=body: client.post("/api/v1/replay", json=b), 3)
        show(f"whole 2-player {variant} round through /api/v1/replay", samples, 20.0)


def _round_body(variant: str, rng: random.Random) -> dict[str, Any]:
    """A legal round: each card takes its best capture when it has one, else trails."""
    rules = get_rules(variant)
    deck = pack()
    rng.shuffle(deck)
    r = RoundState(rules, players=2, dealer=1)
    r.start(deck[:4])
    plays: list[dict[str, Any]] = []
    for card in deck[4:]:
        options = capture_options(rules, card, r.table, Budget())
        if options:
            refs = options[0]
            r.play(Play(card, Action.CAPTURE, refs))
            plays.append({"card": card.code, "action": "capture", "take": list(refs)})
        else:
            r.play(Play(card, Action.TRAIL))
            plays.append({"card": card.code, "action": "trail"})
    return {"variant": variant, "players": 2, "dealer": 1,
            "table": [c.code for c in deck[:4]], "plays": plays}


def overruled_round(app: Any, rng: random.Random) -> None:
    """A Krypkasino round of 100 plays where the table trails every card: whenever the
    card could capture, the referee refuses and the table overrules it. The page of the
    round is what every watching phone polls."""
    from referee import service

    with app.app_context():
        match = service.create_match("krypkasino", {}, ["Ann", "Bo"], 0)
        rnd = service.start_round(match, RoundMode.PLAY)
        deck = pack(2)
        rng.shuffle(deck)
        service.record_table(rnd, rnd.version, deck[:4])
        overrules = 0
        for card in deck[4:]:
            trail = Play(card, Action.TRAIL)
            if service.record_play(rnd, rnd.version, trail).recorded:
                continue
            service.record_overrule(rnd, rnd.version, trail, "the table lets it lie")
            overrules += 1
        token = db.session.get(Match, match.id).view_token
        events = len(rnd.events)
    client = app.test_client()
    url = f"/match/{token}/round/1"
    if client.get(url).status_code != 200:
        raise SystemExit("bench round page does not answer")
    samples = timed(lambda: client.get(url), 20)
    show(f"round page of {events} events, {overrules} overrules (Krypkasino)", samples, 20.0)
    unchanged_polls(client, token)


def unchanged_polls(client: Any, token: str) -> None:
    """What a phone's poll costs when nothing changed (304 from the version: one indexed
    query, no replay), beside the framework's floor: the same app's most trivial endpoint,
    ``GET /healthz`` (one ``SELECT 1``, no session, no template). The floor and the polls
    take turns, request by request, so that a busy machine slows them alike."""
    if client.get("/healthz").status_code != 200:
        raise SystemExit("the floor, GET /healthz, does not answer 200")
    hx = {"HX-Request": "true"}
    polls: dict[str, tuple[str, dict[str, str]]] = {}
    for what, url in (("round page", f"/match/{token}/round/1"),
                      ("scoreboard", f"/match/{token}"), ("big screen", f"/match/{token}/tv")):
        headers = {**hx, "HX-PTag": client.get(url, headers=hx).headers["HX-PTag"]}
        if client.get(url, headers=headers).status_code != 304:
            raise SystemExit(f"an unchanged poll of the {what} is not a 304")
        polls[what] = (url, headers)
    floor: list[float] = []
    samples: dict[str, list[float]] = {what: [] for what in polls}
    for _ in range(300):
        floor += timed(lambda: client.get("/healthz"), 1)
        for what, (url, headers) in polls.items():
            samples[what] += timed(lambda u=url, h=headers: client.get(u, headers=h), 1)
    show("floor: GET /healthz", floor)
    for what, taken in samples.items():
        show(f"unchanged poll of the {what} (304)", taken)
        print(f"  = {statistics.median(taken) / statistics.median(floor):.2f} × the floor")


def largest_import() -> None:
    """The largest match file the import takes (2,000 events: 40 Swedish rounds played
    out), read, replayed through the engine and written: CPU ms, under a second."""
    import io
    import sys

    from referee import matchfile

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from played import long_match_file  # the same file tests/test_import.py imports

    body = json.dumps(long_match_file(matchfile.MAX_EVENTS // 50), indent=1).encode()
    client = app.test_client()
    cpu = []
    for _ in range(3):
        start = time.process_time()
        answer = client.post("/matches/import",
                             data={"file": (io.BytesIO(body), "match.json")})
        cpu.append((time.process_time() - start) * 1000)
        if answer.status_code != 303:
            raise SystemExit(f"the largest match file is not imported ({answer.status_code})")
    show(f"import of the largest match file ({len(body) // 1024} KB), CPU", cpu, 1000.0,
         on_max=True)


CASES = Path(__file__).parent / "hostile_cases"


def known_hostile_requests(client: Any) -> None:
    """The worst small requests found so far (``bench/hostile_cases``), CPU ms each."""
    samples = []
    worst = ("", 0.0)
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text())
        def request(case: dict[str, Any] = case) -> int:
            if case["method"] == "GET":
                return int(client.get(case["url"]).status_code)
            return int(client.post(case["path"], json=case["body"]).status_code)
        if request() >= 500:
            raise SystemExit(f"{path.name} answers 500")
        cpu = []
        for _ in range(3):
            start = time.process_time()
            request()
            cpu.append((time.process_time() - start) * 1000)
        samples.append(statistics.median(cpu))
        if samples[-1] > worst[1]:
            worst = (case["what"], samples[-1])
    show(f"known hostile requests ({len(samples)}), CPU", samples, 100.0, on_max=True)
    print(f"  the worst of them: {worst[0]} ({worst[1]:.1f} ms)")


def worst_small_request(seconds: float) -> None:
    from hostile import main as hostile

    hostile(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hostile-seconds", type=float, default=40.0,
                        help="how long the search for hostile requests runs")
    args = parser.parse_args()
    rng = random.Random(2026)
    print("Kasino Referee benchmark (times per call)")
    capture_search()
    claims(rng)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        db.create_all()
    replays(app.test_client(), rng)
    overruled_round(app, rng)
    largest_import()
    known_hostile_requests(app.test_client())
    worst_small_request(args.hostile_seconds)


if __name__ == "__main__":
    main()

"""Speed of the referee, printed as numbers (``make bench``); never a timed unit test.

Targets (issue 2): a 12-card claim under 1 ms median, a 20-card claim under 20 ms,
enumerating the maximal captures of a 16-card table under 50 ms, and a whole 2-player
round replayed through the API under 20 ms.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from referee import create_app
from referee.rules.capture import capture_options, check_capture
from referee.rules.cards import Card, pack
from referee.rules.partition import split_exact
from referee.rules.round import Round
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


def show(label: str, samples: list[float], target: float | None = None) -> None:
    median = statistics.median(samples)
    worst = max(samples)
    p95 = sorted(samples)[int(len(samples) * 0.95) - 1]
    verdict = ""
    if target is not None:
        verdict = f"  target < {target:g} ms: {'met' if median < target else 'MISSED'}"
    print(f"{label:<52} median {median:8.3f} ms  p95 {p95:8.3f} ms  max {worst:8.3f} ms{verdict}")


def claim(size: int, rng: random.Random) -> tuple[Card, list[Card]]:
    """A legal Danish claim of ``size`` cards with several dual-valued cards in it."""
    while True:
        deck = [c for c in pack() if c not in DUALS]
        rng.shuffle(deck)
        played = Card.parse("AS")  # 1 or 14 from the hand
        cards = DUALS[1:] + deck[: size - len(DUALS) + 1]
        values = [DANISH.table_values(c) for c in cards]
        for target in (14, 1):
            if split_exact(values, target) is not None:
                return played, cards


def main() -> None:
    rng = random.Random(2026)
    print("Kasino Referee benchmark (Danish rules unless said; times per call)")
    for size, target in ((12, 1.0), (20, 20.0)):
        samples = []
        for _ in range(30):
            played, table = claim(size, rng)
            take = list(range(len(table)))
            verdict = check_capture(DANISH, played, table, take)
            assert verdict.legal, verdict.reason
            samples += timed(lambda p=played, t=table, k=take: check_capture(DANISH, p, t, k), 5)
        show(f"claim check, {size}-card claim ({len(DUALS) - 1} dual cards)", samples, target)
    for size, target in ((12, None), (16, 50.0), (20, None)):
        samples = []
        for _ in range(60):
            deck = pack()
            rng.shuffle(deck)
            played, table = deck[0], deck[1: size + 1]
            samples += timed(lambda p=played, t=table: capture_options(DANISH, p, t), 1)
        show(f"maximal captures on a {size}-card table", samples, target)

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
    client = app.test_client()
    # the worst positions we know: many small cards, two packs; each must stay < 1 s
    small = [f"{r}{s}" for r in ("A", "2", "3") for s in "SHDC"] * 2
    hostile = [
        ("krypkasino", small, {"card": "KD", "action": "trail"}),
        ("mulle", small, {"card": "KD", "action": "capture", "take": small[:12]}),
        ("swedish", [c.code for c in pack()[1:]], {"card": "AS", "action": "trail"}),
    ]
    for variant, table, play in hostile:
        body = {"variant": variant, "table": table, "play": play}
        samples = timed(lambda b=body: client.post("/api/v1/check", json=b), 3)
        show(f"hostile /check: {variant}, {len(table)} table cards", samples, 1000.0)
    for variant in ("swedish", "danish"):
        bodies = [_round_body(variant, rng) for _ in range(10)]
        for body in bodies:
            answer = client.post("/api/v1/replay", json=body).get_json()
            assert answer["ok"] and answer["state"]["finished"], answer
        samples = []
        for body in bodies:
            samples += timed(lambda b=body: client.post("/api/v1/replay", json=b), 3)
        show(f"whole 2-player {variant} round through /api/v1/replay", samples, 20.0)


def _round_body(variant: str, rng: random.Random) -> dict:
    """A legal round: each card takes its best capture when it has one, else trails."""
    rules = get_rules(variant)
    deck = pack()
    rng.shuffle(deck)
    r = Round(rules, players=2, dealer=1)
    r.start(deck[:4])
    plays = []
    for card in deck[4:]:
        options = capture_options(rules, card, r.table)
        if options:
            refs = options[0]
            r.play(Play(card, Action.CAPTURE, refs))
            plays.append({"card": card.code, "action": "capture", "take": list(refs)})
        else:
            r.play(Play(card, Action.TRAIL))
            plays.append({"card": card.code, "action": "trail"})
    return {"variant": variant, "players": 2, "dealer": 1,
            "table": [c.code for c in deck[:4]], "plays": plays}


if __name__ == "__main__":
    main()

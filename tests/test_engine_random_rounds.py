"""Random rounds with builds, raises and doubles, every variant and seat count: the engine
never fails, the pack is conserved, and each recorded play was legal or overruled."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from played import random_round

from referee.rules.cards import pack
from referee.rules.variants import VARIANTS


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(6))
def test_random_round_conserves_the_pack(variant, seed):
    r = random_round(variant, random.Random(f"{variant}-{seed}"))
    deck = pack(r.rules.packs)
    assert all(rec.verdict.legal or rec.overruled for rec in r.records)
    if r.finished:
        assert sum(len(p) for p in r.piles) + sum(
            len(getattr(i, "cards", (i,))) for i in r.table) <= len(deck)
        if r.last_capturer is not None:
            assert Counter(c for pile in r.piles for c in pile) == Counter(deck)
        assert not r.unseen()
    result, _ = r.score()
    assert len(result.totals) == len(r.sides)


def test_the_sweeps_that_do_not_score_are_those_of_the_plays_that_made_them():
    """``unscored_sweeps`` reads the sweeps alone; it lists what looking up each play's
    own sweep finds (side by side, in the order played), and Finnish rounds have some."""
    found = 0
    rounds = [(v, seed) for v in sorted(VARIANTS) for seed in range(6)]
    rounds += [("finnish", seed) for seed in range(6, 100)]  # a few sweep in the last deal
    for variant, seed in rounds:
        r = random_round(variant, random.Random(f"{variant}-{seed}"))
        by_play = [(r.side_of[rec.player], s) for rec in r.records
                   if (s := r.sweep_of(rec)) is not None and not s.scored]
        assert r.unscored_sweeps() == by_play
        found += len(by_play)
    assert found > 0


@pytest.mark.parametrize("seed", range(12))
def test_krypkasino_penalties_so_far_come_to_the_rounds_points(seed):
    """What a pile shows during play (its cards' penalty points and its sweeps', RULES §7)
    is what the round's points come to once the last capturer has the cards left; and
    only Krypkasino counts so."""
    r = random_round("krypkasino", random.Random(f"penalties-{seed}"))
    assert r.finished
    score, _match = r.score()
    assert r.penalties_so_far() == tuple(score.totals)
    assert random_round("swedish", random.Random(seed)).penalties_so_far() is None

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

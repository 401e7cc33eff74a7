"""Random rounds with builds, raises and doubles, every variant and seat count: the engine
never fails, the pack is conserved, and each recorded play was legal or overruled."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from played import tries

from referee.rules.cards import pack
from referee.rules.round import RoundState
from referee.rules.turn import Action, Play
from referee.rules.variants import VARIANTS, get_rules


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(6))
def test_random_round_conserves_the_pack(variant, seed):
    rules = get_rules(variant)
    rng = random.Random(f"{variant}-{seed}")
    players = rng.randint(rules.variant.min_players, rules.variant.max_players)
    alone = rules.variant.most_players_alone
    if alone is not None and players > alone:  # more players only in two partnerships
        players, rules = 4, get_rules(variant, {"partnerships": True})
    deck = pack(rules.packs)
    rng.shuffle(deck)
    r = RoundState(rules, players, rng.randrange(players))
    r.start(deck[: r.table_size])
    rest = deck[r.table_size:]
    while not r.finished and r.decided is None:
        card = rest.pop()
        chosen = next((p for p in tries(r, card, rng) if r.can_play(p)), None)
        if chosen is None:  # e.g. Krypkasino with a capture we did not try: the table rules
            r.overrule(Play(card, Action.TRAIL), "test: the table lets it lie")
        else:
            r.play(chosen)
    assert all(rec.verdict.legal or rec.overruled for rec in r.records)
    if r.finished:
        assert sum(len(p) for p in r.piles) + sum(
            len(getattr(i, "cards", (i,))) for i in r.table) <= len(deck)
        if r.last_capturer is not None:
            assert Counter(c for pile in r.piles for c in pile) == Counter(pack(rules.packs))
        assert not r.unseen()
    result, _ = r.score()
    assert len(result.totals) == len(r.sides)

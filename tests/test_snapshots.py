"""The snapshot kept with a round is a cache of its log: after every change it equals a
full replay of the log, in every variant, through plays, overrules and undos."""

from __future__ import annotations

import random

import pytest

from referee import service
from referee.extensions import db
from referee.models import RoundMode
from referee.rules.cards import pack
from referee.rules.turn import Action, Play, legal_plays
from referee.rules.variants import VARIANTS

SEATS = {"mulle-glimne": 2}


def _check(rnd) -> None:
    db.session.expire_all()
    assert rnd.snapshot_version == rnd.version and rnd.snapshot is not None
    assert service.game_of(rnd).state() == service.replay(rnd).state()


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_snapshot_equals_a_full_replay_after_every_change(app, variant):
    rng = random.Random(variant)
    players = SEATS.get(variant, 2 if rng.random() < 0.5 else 3)
    match = service.create_match(variant, {}, [f"P{i}" for i in range(players)])
    rnd = service.start_round(match, RoundMode.PLAY)
    deck = list(pack(service.rules_of(match).packs))
    rng.shuffle(deck)
    game = service.game_of(rnd)
    service.record_table(rnd, rnd.version, deck[: game.table_size])
    _check(rnd)
    hand = deck[game.table_size:]
    changes = 0
    while hand and changes < 60:
        game = service.game_of(rnd)
        if game.over:
            break
        card = hand[-1]
        roll = rng.random()
        if roll < 0.1 and game.logged > 1:
            service.undo(rnd, rnd.version)
        elif roll < 0.2 and game.table:
            service.record_overrule(rnd, rnd.version,
                                    Play(card, Action.CAPTURE, (0,)), "the table says so")
            hand.pop()
        else:
            plays = legal_plays(game.spot(), card)
            if plays:
                assert service.record_play(rnd, rnd.version, rng.choice(plays)).recorded
            else:  # e.g. a build's owner may not trail and this card does nothing else
                service.record_overrule(rnd, rnd.version, Play(card, Action.TRAIL), "so")
            hand.pop()
        changes += 1
        _check(rnd)
    assert changes > 10


def test_a_snapshot_not_sealed_by_this_site_is_never_thawed(app, monkeypatch):
    """A snapshot is only a cache: one written into the database by anyone but this site
    (without its key), or damaged, is read as no snapshot and the log is replayed; the
    bytes are never unpickled."""
    match = service.create_match("swedish", {}, ["Ann", "Bo"])
    rnd = service.start_round(match, RoundMode.PLAY)
    service.record_table(rnd, rnd.version, pack()[:4])
    sealed = rnd.snapshot
    blob = sealed[32:]
    assert service.thaw(sealed, service.rules_of(match)).state() == service.replay(rnd).state()
    unpickled = []
    monkeypatch.setattr("referee.rules.round.pickle.loads",
                        lambda data: unpickled.append(data))
    other_key = app.config["SECRET_KEY"]
    for forged in (blob, b"\0" * 32 + blob, sealed[:-1], sealed[:32], b""):
        assert service.thaw(forged, service.rules_of(match)) is None
    app.config["SECRET_KEY"] = "another site's key"
    assert service.thaw(sealed, service.rules_of(match)) is None
    app.config["SECRET_KEY"] = other_key
    assert unpickled == []
    # a forged row: the page shows the round from its log
    rnd.snapshot = b"\0" * 32 + blob
    db.session.commit()
    monkeypatch.undo()
    db.session.expire_all()
    assert service.game_of(rnd).state() == service.replay(rnd).state()
    assert rnd.snapshot == sealed  # and the site's own snapshot is kept again

"""The round pages' plain reads (``referee.reads``): a link, its match, players and rounds
read with plain statements give what the ORM's objects give, in both of their shapes (one
statement, or the rounds apart); and a round so read is kept as the service wrote it."""

from __future__ import annotations

from itertools import product

import pytest
from sqlalchemy import select

from referee import reads, service
from referee.extensions import db
from referee.models import LinkRole, Match, RoundMode, RoundStatus, token_digest
from referee.rules.cards import pack, parse_cards
from referee.rules.turn import legal_plays

MATCH_FIELDS = ("id", "variant", "options", "first_dealer", "finished", "winner_side", "names")
ROUND_FIELDS = ("id", "number", "dealer", "mode", "status", "version", "result_json",
                "snapshot", "snapshot_version", "result", "tally_only", "open", "log")


@pytest.fixture(params=["joined", "apart"])
def shape(request, monkeypatch):
    """Read as on PostgreSQL (one statement) or as on SQLite (the rounds apart), on
    whichever database the suite runs."""
    monkeypatch.setattr(reads, "statements_are_round_trips",
                        lambda: request.param == "joined")
    return request.param


def _tallied(match: Match) -> None:
    """A round of three sides' tallies, entered and confirmed."""
    rnd = service.start_round(match, RoundMode.TALLY)
    service.record_tally(rnd, rnd.version, [
        service.SideCounts(20, 6, tuple(parse_cards(["AS", "AH"])), big_casino=1,
                           last_capture=True),
        service.SideCounts(16, 4, tuple(parse_cards(["AC"])), little_casino=1, sweeps=1),
        service.SideCounts(16, 3, tuple(parse_cards(["AD"])))])
    service.confirm(rnd, rnd.version)


def _three_handed() -> Match:
    """Three players (so each round comes once per player in the joined rows): two rounds
    tallied and confirmed, a third played a few plays, a seat's link replaced."""
    match = service.create_match("swedish", {"target": 21}, ["Ann", "Bo", "Cy"], 1)
    for _ in range(2):
        _tallied(match)
    rnd = service.start_round(match, RoundMode.PLAY)
    deck = pack()
    service.record_table(rnd, rnd.version, deck[:4])
    game = service.game_of(rnd)
    for card in deck[4:10]:
        service.record_play(rnd, rnd.version, legal_plays(game.spot(), card)[0])
        game = service.game_of(rnd)
    service.replace_seat_link(match, 2)
    return match


def _same(read, orm, fields) -> None:
    for name in fields:
        assert getattr(read, name) == getattr(orm, name), name


def _orm(match_id: int) -> Match:
    db.session.expire_all()
    return db.session.get(Match, match_id)


def test_every_link_reads_its_match_players_and_rounds_as_the_orm_does(app, shape):
    match = _three_handed()
    orm = _orm(match.id)
    assert len(orm.rounds) == 3 and orm.rounds[0].result is not None
    assert orm.rounds[2].snapshot is not None
    for link, number in product(orm.links, (1, 2, 3)):
        found = reads.read_link(token_digest(link.token), link.token, number)
        assert (found.id, found.role, found.seat, found.revoked) == \
            (link.id, link.role, link.seat, link.revoked)
        _same(found.match, orm, MATCH_FIELDS)
        assert [(p.seat, p.name) for p in found.match.players] == \
            [(p.seat, p.name) for p in orm.players]
        assert [r.number for r in found.match.rounds] == [1, 2, 3]
        for read, row in zip(found.match.rounds, orm.rounds, strict=True):
            if read.number == number:
                _same(read, row, ROUND_FIELDS)
            else:  # another round's snapshot is not read: as if it had none
                _same(read, row, tuple(f for f in ROUND_FIELDS if not f.startswith("snapshot")))
                assert read.snapshot is None and read.snapshot_version is None
            assert read.match is found.match
    assert sum(link.revoked for link in orm.links) == 1


def test_a_match_without_rounds_reads_no_rounds(app, shape):
    match = service.create_match("finnish", {}, ["Ann", "Bo"])
    link = match.link(LinkRole.WATCH)
    found = reads.read_link(token_digest(link.token), link.token, 1)
    assert found.match.rounds == [] and found.match.names == ["Ann", "Bo"]


def test_a_digest_with_another_token_reads_nothing(app, shape):
    """The token is compared in full, whatever its digest found (as the ORM's lookup)."""
    match = service.create_match("swedish", {}, ["Ann", "Bo"])
    edit, watch = match.link(LinkRole.EDIT), match.link(LinkRole.WATCH)
    assert reads.read_link(token_digest(edit.token), watch.token) is None
    assert reads.read_link(token_digest("no such link"), "no such link") is None


def _read_round(token: str, number: int) -> reads.RoundRead:
    found = reads.read_link(token_digest(token), token, number)
    return next(r for r in found.match.rounds if r.number == number)


def test_a_round_read_is_kept_as_the_service_wrote_it(app, shape):
    """The service changes a round read plainly as it changes the ORM's: after each
    change the copy in hand equals the round read again, and its snapshot a replay."""
    match = service.create_match("swedish", {"target": 1}, ["Ann", "Bo"])
    service.start_round(match, RoundMode.PLAY)
    token = match.edit_token
    rnd = _read_round(token, 1)
    deck = pack()
    service.record_table(rnd, rnd.version, deck[:4])
    changes = 0
    while not (game := service.game_of(rnd)).over:
        if changes % 7 == 3:
            service.undo(rnd, rnd.version)
        else:
            card = next(c for c in deck if game.seen[c] == 0)
            service.record_play(rnd, rnd.version, legal_plays(game.spot(), card)[0])
        changes += 1
        again = _read_round(token, 1)
        _same(rnd, again, ROUND_FIELDS)
        assert service.game_of(rnd).state() == service.replay(again).state()
    service.confirm(rnd, rnd.version)
    assert rnd.status is RoundStatus.CONFIRMED and rnd.result is not None
    # a target of 1: the first round ends the match, written and kept in hand
    assert rnd.match.finished and rnd.match.winner_side is not None
    stored = db.session.execute(select(Match.finished, Match.winner_side)
                                .where(Match.id == match.id)).one()
    assert tuple(stored) == (True, rnd.match.winner_side)
    _same(rnd, _read_round(token, 1), ROUND_FIELDS)
    _same(rnd, _orm(match.id).rounds[0], ROUND_FIELDS)

"""Matches played through the service as a table would record them: random rounds of legal
plays (with an overrule and a play taken back and made again), and rounds of tallies."""

from __future__ import annotations

import random

from referee import service
from referee.models import Match, RoundMode
from referee.rules.capture import capture_options
from referee.rules.cards import pack
from referee.rules.events import Confirmed, FirstTable, Overruled, Played
from referee.rules.partition import Budget
from referee.rules.round import RoundState
from referee.rules.turn import Action, Play
from referee.rules.variants import get_rules


def tries(r: RoundState, card, rng: random.Random) -> list[Play]:
    """Plays of ``card`` to try in a random round: its best captures, random builds and
    doubles, and the trail, in random order."""
    plays = [Play(card, Action.CAPTURE, option)
             for option in capture_options(r.rules, card, r.table, Budget())[:3]]
    n = len(r.table)
    for _ in range(6 if n else 0):
        refs = tuple(sorted(rng.sample(range(n), rng.randint(1, min(3, n)))))
        plays += [Play(card, Action.BUILD, refs, rng.randint(2, 16)),
                  Play(card, Action.DOUBLE, refs)]
    plays.append(Play(card, Action.TRAIL))
    rng.shuffle(plays)
    return plays


def random_play(game: RoundState, card, rng: random.Random) -> Play | None:
    """A legal play of ``card`` chosen at random, or None if none was found."""
    return next((p for p in tries(game, card, rng) if game.can_play(p)), None)


def random_round(variant: str, rng: random.Random, options: dict | None = None) -> RoundState:
    """A round of the variant at a random seating, played out on the engine with random
    legal plays; where none was found (Krypkasino with a capture not tried) the table lets
    the card lie, overruling the referee."""
    rules = get_rules(variant, options)
    players = rng.randint(rules.variant.min_players, rules.variant.max_players)
    alone = rules.variant.most_players_alone
    if alone is not None and players > alone:  # more players only in two partnerships
        players, rules = 4, get_rules(variant, {**(options or {}), "partnerships": True})
    deck = pack(rules.packs)
    rng.shuffle(deck)
    r = RoundState(rules, players, rng.randrange(players))
    r.start(deck[: r.table_size])
    rest = deck[r.table_size:]
    while not r.finished and r.decided is None:
        card = rest.pop()
        chosen = random_play(r, card, rng)
        if chosen is None:
            r.overrule(Play(card, Action.TRAIL), "test: the table lets it lie")
        else:
            r.play(chosen)
    return r


def play_round(match: Match, rng: random.Random, plays: int | None = None,
               overrule_at: int = 3, undo_at: int = 5) -> None:
    """A round play by play, confirmed once over (or left open after ``plays`` plays): the
    play ``overrule_at`` recorded as the table overruled it, the play ``undo_at`` taken
    back and made again."""
    rnd = service.start_round(match, RoundMode.PLAY)
    game = service.game_of(rnd)
    deck = pack(game.rules.packs)
    rng.shuffle(deck)
    service.record_table(rnd, rnd.version, deck[:game.table_size])
    rest = deck[game.table_size:]
    while not (game := service.game_of(rnd)).over:
        if plays is not None and game.index == plays:
            return
        card = rest.pop()
        chosen = random_play(game, card, rng)
        if chosen is None or game.index == overrule_at:
            service.record_overrule(rnd, rnd.version, chosen or Play(card, Action.TRAIL),
                                    "the table agreed")
            continue
        assert service.record_play(rnd, rnd.version, chosen).recorded
        if game.index == undo_at:
            service.undo(rnd, rnd.version)
            assert service.record_play(rnd, rnd.version, chosen).recorded
    service.confirm(rnd, rnd.version)


def tally_round(match: Match) -> None:
    """A round of tallies only, confirmed: the first side took every card but two hearts,
    which the second took in one sweep (where sweeps are counted)."""
    rnd = service.start_round(match, RoundMode.TALLY)
    rules = service.rules_of(match)
    boxes = service.tally_boxes(rules)
    cards = pack(rules.packs)
    first = service.SideCounts(
        len(cards) - 2, sum(c.spade for c in cards), tuple(c for c in cards if c.ace),
        rules.packs, rules.packs, last_capture=boxes["last_capture"])
    others = [service.SideCounts(2 if i == 0 else 0, 0, sweeps=int(boxes["sweeps"] and i == 0))
              for i in range(len(service.side_names(match)) - 1)]
    service.record_tally(rnd, rnd.version, [first, *others])
    service.confirm(rnd, rnd.version)


def long_match_file(rounds: int, seed: int = 0) -> dict:
    """A match file of a long Swedish match between two players (to 1000), every round
    played out by the engine alone and confirmed: 4 table cards, 48 plays and the
    confirmation, 50 events a round."""
    rules = get_rules("swedish", {"target": 1000})
    rng = random.Random(seed)
    played = []
    for number in range(1, rounds + 1):
        dealer = number % 2  # the first dealer is seat 1
        game = RoundState(rules, 2, dealer)
        deck = pack()
        rng.shuffle(deck)
        events = [FirstTable(tuple(deck[:game.table_size]))]
        game.apply(events[0])
        for card in deck[game.table_size:]:
            chosen = random_play(game, card, rng)
            event = Played(chosen) if chosen else Overruled(Play(card, Action.TRAIL), "agreed")
            game.apply(event)
            events.append(event)
        events.append(Confirmed())
        played.append({"number": number, "dealer": dealer, "mode": "play",
                       "status": "confirmed",
                       "events": [{"kind": e.kind.value, "data": e.to_json()} for e in events]})
    return {"format": "kasino-referee/match", "version": 1, "variant": "swedish",
            "options": {"target": 1000}, "players": ["Ann", "Bo"], "first_dealer": 1,
            "rounds": played}

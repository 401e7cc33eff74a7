"""Hostile positions: the small requests (at most 2 KB) that make the server burn most CPU.

A seeded generator proposes structured candidates for ``POST /api/v1/check``,
``/api/v1/replay``, ``/api/v1/score`` and the page ``GET /check?...`` in every
variant (tables of many small and dual-valued cards, builds on the table, claims
of many cards, Krypkasino's compulsory capture, builds and doubles onto many
items, replays of many plays); a hill-climbing loop then mutates the most
expensive ones. A request's cost is its CPU time (``time.process_time``). The
top five (one per endpoint, variant and action) are measured three more times
and ranked by the median: the worst always, the others while the time lasts.
Any 500 (or exception) is reported loudly, as the bug it is, and exits 1.

    .venv/bin/python bench/hostile.py [--seconds 40] [--seed N] [--dump DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from flask.testing import FlaskClient

from referee import create_app

LIMIT = 2048  # bytes of a POST body, or of the whole URL of a GET
TARGET_MS = 100.0
SEED = 2026
TOP = 5
ELITE = 12
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
PLAYED = ("AS", "AH", "AD", "AC", "10D", "2S", "KH", "QC", "JD", "9S", "10H", "8C", "7D", "5S")
FAMILIES = ("claim", "all", "trail", "builds", "build", "double")
FINALS = ("none", "claim-all", "claim-most", "trail")
ENDPOINTS = {
    "check": ("POST", "/api/v1/check"),
    "replay": ("POST", "/api/v1/replay"),
    "score": ("POST", "/api/v1/score"),
    "page": ("GET", "/check"),
}

Values = tuple[int, ...]


def _rank(code: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(code[:-1]) or int(code[:-1])


def _small(code: str) -> bool:
    return _rank(code) <= 5 or code in ("10D", "2S")


def _compact(body: Any) -> str:
    return json.dumps(body, separators=(",", ":"))


@dataclass(frozen=True)
class Variant:
    """What the search needs to know of a variant, read from ``GET /api/v1/variants``."""

    id: str
    packs: int
    building: str
    min_players: int
    max_players: int
    table_cards: int
    special: dict[str, tuple[Values, Values]]  # code -> (hand values, table values)
    courts: bool

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Variant:
        values = raw["values"]

        def pair(key: str) -> tuple[Values, Values]:
            return tuple(values[key]["hand"]), tuple(values[key]["table"])

        special = {f"A{s}": pair("ace") for s in SUITS}
        special["10D"] = pair("big_casino")
        special["2S"] = pair("little_casino")
        return cls(raw["id"], raw["packs"], raw["building"], raw["players"]["min"],
                   raw["players"]["max"], raw["table_cards"], special,
                   values["courts_have_values"])

    def values(self, code: str, hand: bool) -> Values:
        if code in self.special:
            return self.special[code][0 if hand else 1]
        rank = _rank(code)
        return () if rank > 10 and not self.courts else (rank,)

    def deck(self) -> Counter[str]:
        return Counter({f"{r}{s}": self.packs for r in RANKS for s in SUITS})


@dataclass(frozen=True)
class Build:
    cards: tuple[str, ...]
    value: int
    owner: int = 0
    locked: bool = False

    def json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "value": self.value, "owner": self.owner,
                "locked": self.locked}


Item = str | Build


def _cards_of(items: Sequence[Item]) -> list[str]:
    return [c for item in items for c in (item.cards if isinstance(item, Build) else (item,))]


@dataclass(frozen=True)
class Request:
    endpoint: str  # a key of ENDPOINTS
    variant: str
    payload: str  # the JSON body of a POST, or the whole URL of a GET
    what: str

    @property
    def size(self) -> int:
        return len(self.payload.encode())

    @property
    def label(self) -> str:
        method, path = ENDPOINTS[self.endpoint]
        return f"{method} {path}"


# -- candidates -------------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    """A position and a play, sent as ``POST /api/v1/check`` or as the page ``GET /check``."""

    variant: str
    table: tuple[Item, ...]
    card: str
    action: str  # capture, build, double, trail
    refs: tuple[int, ...] = ()
    value: int | None = None
    hand: tuple[str, ...] | None = None  # with the card played
    players: int = 2
    page: bool = False
    built_last_turn: bool = False

    def request(self, v: Variant) -> Request:
        loose = sum(1 for item in self.table if isinstance(item, str))
        builds = len(self.table) - loose
        verb = {"capture": f"claims {len(self.refs)} of", "trail": "trails on",
                "build": f"builds onto {len(self.refs)} of",
                "double": f"doubles onto {len(self.refs)} of"}[self.action]
        what = f"{self.variant} {self.card} {verb} {loose} loose"
        what += f" + {builds} builds" if builds else ""
        if self.value is not None and self.action in ("build", "double"):
            what += f", value {self.value}"
        what += ", hand given" if self.hand is not None else ""
        what += ", built last turn" if self.built_last_turn else ""
        if self.page:
            return Request("page", self.variant, "/check?" + self._query(), what)
        play: dict[str, Any] = {"card": self.card, "action": self.action}
        if self.action != "trail":
            play["take" if self.action == "capture" else "onto"] = list(self.refs)
        if self.value is not None and self.action in ("build", "double"):
            play["value"] = self.value
        body: dict[str, Any] = {"variant": self.variant}
        if self.players != 2:
            body["players"] = self.players
        body["table"] = [i.json() if isinstance(i, Build) else i for i in self.table]
        if self.hand is not None:
            body["hand"] = list(self.hand)
        body["play"] = play
        return Request("check", self.variant, _compact(body), what)

    def _query(self) -> str:
        """The page lists loose cards first, then builds: the refs follow that order."""
        loose = [i for i, item in enumerate(self.table) if isinstance(item, str)]
        builds = [i for i, item in enumerate(self.table) if isinstance(item, Build)]
        order = {old: new for new, old in enumerate(loose + builds)}
        lines = [
            ",".join(b.cards) + f"={b.value}@{b.owner + 1}" + ("!" if b.locked else "")
            for b in (self.table[i] for i in builds) if isinstance(b, Build)
        ]
        pairs = [("variant", self.variant), ("players", str(self.players)), ("player", "1"),
                 ("table", ",".join(str(self.table[i]) for i in loose)),
                 ("builds", ";".join(lines)), ("card", self.card), ("action", self.action)]
        if self.action != "trail":
            pairs.append(("take", ",".join(str(order[r]) for r in self.refs)))
        if self.value is not None and self.action in ("build", "double"):
            pairs.append(("value", str(self.value)))
        if self.hand is not None:
            rest = [c for c in self.hand if c != self.card]
            pairs.append(("hand", ",".join(rest)) if rest else ("last_card", "y"))
        if self.built_last_turn:
            pairs.append(("built_last_turn", "y"))
        return "&".join(f"{k}={quote(val, safe=',=@!')}" for k, val in pairs if val)


@dataclass(frozen=True)
class Replay:
    """A round built play by play by a hostile strategy; ``seed`` drives every choice."""

    variant: str
    seed: int
    trails: int  # how many cards are trailed before the captures start
    every: int  # then a capture every ``every`` plays, trails in between
    smallness: float  # weight of small cards among those drawn
    greedy: bool  # a capture takes every group it can (always in Krypkasino), else one group
    length: int  # plays before the final one
    final: str  # the last play: none, claim-all, claim-most, trail
    final_card: int  # index into PLAYED (the first one still out from there)

    def request(self, v: Variant) -> Request:
        body, captures, widest, last = _replay_body(self, v)
        what = (f"{self.variant} round of {len(body['plays'])} plays, {captures} captures, "
                f"up to {widest} loose{last}")
        return Request("replay", self.variant, _compact(body), what)


@dataclass(frozen=True)
class Score:
    variant: str
    seed: int
    tallies: bool

    def request(self, v: Variant) -> Request:
        rng = random.Random(self.seed)
        if self.tallies:
            spades = 13 * v.packs
            aces = [f"A{s}" for s in SUITS for _ in range(v.packs)]
            body: dict[str, Any] = {"variant": self.variant, "tallies": [
                {"cards": 26 * v.packs, "spades": spades - spades // 2, "aces": aces[::2],
                 "big_casino": v.packs - v.packs // 2, "little_casino": v.packs // 2,
                 "sweeps": rng.randint(0, 20), "last_capture": True},
                {"cards": 26 * v.packs, "spades": spades // 2, "aces": aces[1::2],
                 "big_casino": v.packs // 2, "little_casino": v.packs - v.packs // 2,
                 "sweeps": rng.randint(0, 20), "last_capture": False},
            ]}
        else:
            cards = list(v.deck().elements())
            rng.shuffle(cards)
            cut = rng.randint(1, len(cards) - 1)
            body = {"variant": self.variant, "scores": [rng.randint(0, 40), rng.randint(0, 40)],
                    "piles": [cards[:cut], cards[cut:]],
                    "sweeps": [rng.randint(0, 9), rng.randint(0, 9)], "last_capture": 0}
        return Request("score", self.variant, _compact(body),
                       f"{self.variant} {'tallies' if self.tallies else 'piles'}")


Gene = Position | Replay | Score


# -- replays: a small capture-only simulator --------------------------------------------

def _group(values: Sequence[Values], target: int) -> list[int] | None:
    """Indexes of some cards adding up to ``target`` (subset sum), or None."""
    reach: dict[int, list[int]] = {0: []}
    for i, options in enumerate(values):
        for total, used in list(reach.items()):
            for value in options:
                if total + value <= target and total + value not in reach:
                    reach[total + value] = [*used, i]
        if target in reach:
            return reach[target]
    return None


def _packing(values: Sequence[Values], target: int) -> list[int]:
    """Groups of ``target`` taken greedily until none is left: a maximal capture."""
    free = list(range(len(values)))
    taken: list[int] = []
    while (group := _group([values[i] for i in free], target)) is not None:
        chosen = {free[j] for j in group}
        taken += chosen
        free = [i for i in free if i not in chosen]
    return sorted(taken)


def _best_capture(v: Variant, card: str, table: Sequence[str], greedy: bool) -> list[int]:
    values = [v.values(c, hand=False) for c in table]
    best: list[int] = []
    for value in v.values(card, hand=True):
        taken = _packing(values, value) if greedy else sorted(_group(values, value) or ())
        if len(taken) > len(best):
            best = taken
    return best


def _draw(rng: random.Random, left: Counter[str], smallness: float) -> str | None:
    cards = sorted(c for c, n in left.items() if n > 0)
    if not cards:
        return None
    weights = [smallness if _small(c) else 1.0 for c in cards]
    return rng.choices(cards, weights)[0]


def _replay_body(gene: Replay, v: Variant) -> tuple[dict[str, Any], int, int, str]:
    """The body, its captures, the most loose cards at once, and what the final play does."""
    rng = random.Random(gene.seed)
    left = v.deck()
    table: list[str] = []
    for _ in range(v.table_cards):
        card = _draw(rng, left, gene.smallness)
        assert card is not None
        left[card] -= 1
        table.append(card)
    body: dict[str, Any] = {"variant": gene.variant, "table": list(table), "plays": []}
    plays: list[dict[str, Any]] = body["plays"]
    captures = widest = 0
    last = min(gene.length, 52 * v.packs - v.table_cards - 1)
    while len(plays) < last:
        widest = max(widest, len(table))
        want_capture = len(plays) >= gene.trails and (len(plays) - gene.trails) % gene.every == 0
        play = _replay_step(gene, v, rng, left, table, want_capture)
        if play is None:
            break
        plays.append(play)
        if len(_compact(body)) > LIMIT - 160:  # room for the final play
            plays.pop()
            break
        card = play["card"]
        left[card] -= 1
        if play["action"] == "trail":
            table.append(card)
        else:
            captures += 1
            taken = set(play["take"])
            table[:] = [c for i, c in enumerate(table) if i not in taken]
    widest = max(widest, len(table))
    final = _final_play(gene, rng, left, table)
    last = ""
    if final is not None:
        plays.append(final)
        if len(_compact(body)) > LIMIT:
            plays.pop()
        elif final["action"] == "trail":
            last = f", then {final['card']} trails on {len(table)}"
        else:
            last = f", then {final['card']} claims {len(final['take'])} of {len(table)}"
    return body, captures, widest, last


def _replay_step(gene: Replay, v: Variant, rng: random.Random, left: Counter[str],
                 table: list[str], want_capture: bool) -> dict[str, Any] | None:
    """A legal next play (as far as this simulator knows the rules), or None at the end.

    Krypkasino trails only a card that captures nothing, and its captures take groups
    greedily until none is left, which makes them maximal.
    """
    kryp = v.id == "krypkasino"
    tries = [c for c in (_draw(rng, left, gene.smallness) for _ in range(12)) if c]
    if not tries:
        return None
    takes = {c: _best_capture(v, c, table, gene.greedy or kryp) for c in tries}
    card = max(tries, key=lambda c: len(takes[c]))
    quiet = [c for c in tries if not takes[c]]
    if takes[card] and (want_capture or (kryp and not quiet)):
        return {"card": card, "action": "capture", "take": takes[card]}
    if kryp:
        return {"card": quiet[0], "action": "trail"} if quiet else None
    return {"card": tries[0], "action": "trail"}


def _final_play(gene: Replay, rng: random.Random, left: Counter[str],
                table: list[str]) -> dict[str, Any] | None:
    order = PLAYED[gene.final_card % len(PLAYED):] + PLAYED
    card = next((c for c in order if left[c] > 0), None)
    if gene.final == "none" or card is None or not table:
        return None
    if gene.final == "trail":
        return {"card": card, "action": "trail"}
    refs = list(range(len(table)))
    if gene.final == "claim-most":
        refs = sorted(rng.sample(refs, max(1, len(refs) * 3 // 5)))
    return {"card": card, "action": "capture", "take": refs}


# -- generating and mutating -------------------------------------------------------------

class Search:
    """Makes candidates and mutates them; every random choice comes from ``rng``."""

    def __init__(self, variants: dict[str, Variant], rng: random.Random) -> None:
        self.variants = variants
        self.rng = rng

    # positions ---------------------------------------------------------------------------
    def free(self, pos: Position) -> Counter[str]:
        left = self.variants[pos.variant].deck()
        left.subtract(_cards_of(pos.table))
        left.subtract(pos.hand if pos.hand is not None else (pos.card,))
        return +left

    def pick(self, left: Counter[str], smallness: float = 8.0) -> str | None:
        return _draw(self.rng, left, smallness)

    def position(self, variant: str, family: str) -> Position:
        rng, v = self.rng, self.variants[variant]
        left = v.deck()
        card = rng.choice([c for c in PLAYED if v.values(c, hand=True)] or list(PLAYED))
        left[card] -= 1
        table: list[Item] = []
        if family == "builds" or (family in ("build", "double") and rng.random() < 0.4):
            for _ in range(rng.randint(1, 6)):
                cards = [self.pick(left) for _ in range(rng.randint(2, 4))]
                chosen = [c for c in cards if c is not None]
                for c in chosen:
                    left[c] -= 1
                total = sum(min(v.values(c, hand=False) or (0,)) for c in chosen)
                table.append(Build(tuple(chosen), max(1, min(16, total)),
                                   rng.randrange(2), rng.random() < 0.3))
        loose = rng.randint(12, 52 * v.packs - 12)
        for _ in range(loose):
            c = self.pick(left, rng.choice((3.0, 8.0, 40.0)))
            if c is None:
                break
            left[c] -= 1
            table.append(c)
        rng.shuffle(table)
        action = {"claim": "capture", "all": "capture", "builds": "capture"}.get(family, family)
        refs: tuple[int, ...] = ()
        if family == "all":
            refs = tuple(range(len(table)))
        elif action == "capture":
            refs = tuple(sorted(rng.sample(range(len(table)), rng.randint(1, len(table)))))
        elif action in ("build", "double"):
            count = 1 if v.building in ("nordic", "danish") and rng.random() < 0.5 else \
                rng.randint(1, len(table))
            refs = tuple(sorted(rng.sample(range(len(table)), count)))
        value = rng.choice((None, rng.randint(1, 16))) if action in ("build", "double") else None
        pos = Position(variant, tuple(table), card, action, refs, value,
                       page=rng.random() < 0.3)
        if rng.random() < 0.25:
            pos = self.toggle_hand(pos)
        return self.fit(pos)

    def toggle_hand(self, pos: Position) -> Position:
        if pos.hand is not None:
            return replace(pos, hand=None)
        left = self.free(pos)
        extra = [c for c in (self.pick(left, 1.0) for _ in range(self.rng.randint(0, 5))) if c]
        return replace(pos, hand=tuple(dict.fromkeys((pos.card, *extra))))

    def fit(self, pos: Position) -> Position:
        """Within the pack, the players' range and 2 KB: drop what does not fit."""
        v = self.variants[pos.variant]
        seen: Counter[str] = Counter(pos.hand if pos.hand is not None else (pos.card,))
        table: list[Item] = []
        keep: list[int] = []
        for i, item in enumerate(pos.table):
            cards = _cards_of([item])
            if all(seen[c] + cards.count(c) <= v.packs for c in cards):
                seen.update(cards)
                keep.append(i)
                table.append(item)
        where = {old: new for new, old in enumerate(keep)}
        refs = tuple(sorted({where[r] for r in pos.refs if r in where}))
        players = min(max(pos.players, v.min_players), v.max_players)
        table = [replace(b, owner=min(b.owner, players - 1)) if isinstance(b, Build) else b
                 for b in table]
        pos = replace(pos, table=tuple(table), refs=refs, players=players)
        while pos.table and pos.request(v).size > LIMIT:
            last = len(pos.table) - 1
            pos = replace(pos, table=pos.table[:-1],
                          refs=tuple(r for r in pos.refs if r != last))
        return pos

    def mutate_position(self, pos: Position) -> Position:
        rng = self.rng
        moves = [self.add_cards] * 3 + [self.remove_item] * 2 + [
            self.replace_card, self.toggle_ref, self.toggle_ref, self.claim_all, self.other_card,
            self.other_variant, self.other_action, self.other_value, self.toggle_hand,
            self.other_form,
        ]
        return self.fit(rng.choice(moves)(pos))

    def add_cards(self, pos: Position) -> Position:
        """One to eight more cards (small ones mostly), half of them claimed."""
        table, refs = list(pos.table), list(pos.refs)
        left = self.free(pos)
        for _ in range(self.rng.choice((1, 1, 2, 4, 8))):
            card = self.pick(left)
            if card is None:
                break
            left[card] -= 1
            at = self.rng.randint(0, len(table))
            table.insert(at, card)
            refs = [r + (r >= at) for r in refs]
            if pos.action == "capture" and self.rng.random() < 0.5:
                refs.append(at)
        return replace(pos, table=tuple(table), refs=tuple(sorted(refs)))

    def remove_item(self, pos: Position) -> Position:
        if len(pos.table) < 2:
            return pos
        at = self.rng.randrange(len(pos.table))
        refs = tuple(r - (r > at) for r in pos.refs if r != at)
        return replace(pos, table=pos.table[:at] + pos.table[at + 1:], refs=refs)

    def replace_card(self, pos: Position) -> Position:
        card = self.pick(self.free(pos))
        if not pos.table or card is None:
            return pos
        at = self.rng.randrange(len(pos.table))
        return replace(pos, table=(*pos.table[:at], card, *pos.table[at + 1:]))

    def toggle_ref(self, pos: Position) -> Position:
        if not pos.table or pos.action == "trail":
            return pos
        refs = set(pos.refs) ^ {self.rng.randrange(len(pos.table))}
        return replace(pos, refs=tuple(sorted(refs)))

    def claim_all(self, pos: Position) -> Position:
        """Claim every item, or all but one."""
        refs = list(range(len(pos.table)))
        if refs and self.rng.random() < 0.5:
            del refs[self.rng.randrange(len(refs))]
        action = "capture" if pos.action == "trail" else pos.action
        return replace(pos, action=action, refs=tuple(refs))

    def other_card(self, pos: Position) -> Position:
        left = self.free(pos)
        left[pos.card] += 1
        card = self.rng.choice([c for c in PLAYED if left[c] > 0] or sorted(+left))
        hand = None if pos.hand is None else tuple(
            dict.fromkeys(card if c == pos.card else c for c in pos.hand))
        return replace(pos, card=card, hand=hand)

    def other_variant(self, pos: Position) -> Position:
        return replace(pos, variant=self.rng.choice(sorted(self.variants)))

    def other_action(self, pos: Position) -> Position:
        action = self.rng.choice(("capture", "trail", "build", "double"))
        refs = pos.refs or tuple(range(len(pos.table)))
        return replace(pos, action=action, refs=() if action == "trail" else refs)

    def other_value(self, pos: Position) -> Position:
        return replace(pos, value=self.rng.choice((None, *range(1, 17))))

    def other_form(self, pos: Position) -> Position:
        """The page instead of the API (or back), another number of players."""
        v = self.variants[pos.variant]
        rng = self.rng
        return replace(pos, page=not pos.page,
                       built_last_turn=not pos.page and v.building == "danish"
                       and rng.random() < 0.5,
                       players=rng.choice((pos.players, v.min_players, v.max_players)))

    # replays and scores ----------------------------------------------------------------------
    def replay(self, variant: str) -> Replay:
        rng = self.rng
        return Replay(variant, rng.randrange(10**6), rng.randint(0, 48), rng.randint(1, 4),
                      rng.choice((1.0, 4.0, 12.0, 40.0)), rng.random() < 0.5,
                      rng.randint(20, 100), rng.choice(FINALS), rng.randrange(len(PLAYED)))

    def mutate_replay(self, gene: Replay) -> Replay:
        rng = self.rng
        changes: list[dict[str, Any]] = [
            {"seed": rng.randrange(10**6)},
            {"trails": max(0, gene.trails + rng.choice((-6, -2, 2, 6)))},
            {"every": max(1, gene.every + rng.choice((-1, 1)))},
            {"smallness": max(1.0, gene.smallness * rng.choice((0.5, 2.0)))},
            {"greedy": not gene.greedy},
            {"length": max(1, gene.length + rng.choice((-8, -2, 2, 8)))},
            {"final": rng.choice(FINALS)},
            {"final_card": rng.randrange(len(PLAYED))},
            {"variant": rng.choice(sorted(self.variants))},
        ]
        return replace(gene, **rng.choice(changes))

    def mutate(self, gene: Gene) -> Gene:
        if isinstance(gene, Position):
            return self.mutate_position(gene)
        if isinstance(gene, Replay):
            return self.mutate_replay(gene)
        return replace(gene, seed=self.rng.randrange(10**6), tallies=not gene.tallies)

    def seeds(self) -> list[Gene]:
        """Structured candidates: first every variant claiming a whole table of small cards
        and its scores, then rounds over every family and variant, each round shuffled."""
        out: list[Gene] = [self.position(v, "all") for v in self.variants]
        out += [Score(v, self.rng.randrange(10**6), t) for v in self.variants
                for t in (False, True)]
        for _ in range(4):
            batch: list[Gene] = []
            for variant in self.variants:
                batch += [self.position(variant, family) for family in FAMILIES]
                batch.append(self.replay(variant))
            self.rng.shuffle(batch)
            out += batch
        return out


# -- measuring ---------------------------------------------------------------------------

@dataclass
class Tried:
    gene: Gene
    request: Request
    ms: float  # CPU time; after re-measuring, the median
    wall: float  # seconds the measurement took, to plan the re-measuring
    status: int
    runs: int = 1


def measure(client: FlaskClient, req: Request) -> tuple[float, float, int]:
    """CPU ms of one request, its wall-clock seconds and its status (an exception is a 500)."""
    method, path = ENDPOINTS[req.endpoint]
    wall = time.perf_counter()
    start = time.process_time()
    try:
        if method == "GET":
            status = client.get(req.payload).status_code
        else:
            status = client.post(path, data=req.payload,
                                 content_type="application/json").status_code
    except Exception as error:  # the test client re-raises what the app did not handle
        print(f"BUG: {req.label} raised {type(error).__name__}: {error}", file=sys.stderr)
        status = 500
    return (time.process_time() - start) * 1000, time.perf_counter() - wall, status


def _loud(t: Tried) -> None:
    print(f"BUG: {t.request.label} answered {t.status} ({t.request.what}): "
          f"{t.request.payload}", file=sys.stderr)


def _dump(directory: Path, name: str, t: Tried) -> None:
    method, path = ENDPOINTS[t.request.endpoint]
    record: dict[str, Any] = {"method": method, "path": path, "variant": t.request.variant,
                              "bytes": t.request.size, "cpu_ms": round(t.ms, 1),
                              "status": t.status, "what": t.request.what}
    if method == "GET":
        record["url"] = t.request.payload
    else:
        record["body"] = json.loads(t.request.payload)
    lines = [f" {json.dumps(key)}: {_compact(value) if key == 'body' else json.dumps(value)}"
             for key, value in record.items()]  # the body exactly as it was sent
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}.json").write_text("{\n" + ",\n".join(lines) + "\n}\n")


def _distinct(ranked: Sequence[Tried]) -> list[Tried]:
    """The top candidates, one per endpoint, variant and action: different regression cases."""
    kinds: set[tuple[str, str, str]] = set()
    out: list[Tried] = []
    for t in ranked:
        gene = t.gene
        kind = gene.action if isinstance(gene, Position) else t.request.endpoint
        key = (t.request.endpoint, t.request.variant, kind)
        if key not in kinds:
            kinds.add(key)
            out.append(t)
    return out[:TOP]


def _line(t: Tried) -> str:
    once = "" if t.runs > 1 else " (measured once: out of time)"
    return (f"{t.request.label:<20} {t.request.variant:<13} {t.request.size:5d} B  "
            f"{t.ms:9.1f} ms  [{t.status}]  {t.request.what}{once}")


def hunt(seconds: float, seed: int = SEED, dump: Path | None = None) -> tuple[float, int]:
    """Search for ``seconds``; print the worst requests; the worst median CPU ms, and 500s."""
    began = time.perf_counter()
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    variants = {raw["id"]: Variant.from_json(raw)
                for raw in client.get("/api/v1/variants").get_json()["variants"]}
    search = Search(variants, random.Random(seed))
    tried: dict[str, Tried] = {}
    bugs: list[Tried] = []

    def elapsed() -> float:
        return time.perf_counter() - began

    def ranked() -> list[Tried]:
        return sorted(tried.values(), key=lambda t: -t.ms)

    def reserve() -> float:
        """Seconds to keep for re-measuring the top candidates (at most a third)."""
        return min(3 * sum(t.wall for t in _distinct(ranked())), seconds / 3)

    def attempt(gene: Gene) -> Tried | None:
        req = gene.request(variants[gene.variant])
        if req.size > LIMIT or req.payload in tried:
            return None
        ms, wall, status = measure(client, req)
        t = Tried(gene, req, ms, wall, status)
        tried[req.payload] = t
        if status >= 500:
            bugs.append(t)
            _loud(t)
        return t

    for gene in search.seeds():
        if elapsed() > seconds * 0.35:
            break
        attempt(gene)
    rng = search.rng
    while elapsed() + reserve() < seconds:
        top = ranked()
        roll = rng.random()
        if roll < 0.6:
            parent = top[int(rng.random() ** 2 * min(ELITE, len(top)))]
        else:  # keep every endpoint and variant climbing, not only the leader
            endpoint = rng.choice(("check", "page", "replay"))
            variant = rng.choice(sorted(variants))
            mine = [t for t in top if t.request.endpoint == endpoint] if roll < 0.85 else \
                [t for t in top if t.request.variant == variant]
            parent = rng.choice((mine or top)[:3])
        gene = parent.gene
        for _ in range(rng.choice((1, 1, 2, 3))):
            gene = search.mutate(gene)
        attempt(gene)

    top = _distinct(ranked())
    for t in top:  # the worst always; the others while the time lasts
        if t is top[0] or elapsed() + 3 * t.wall < seconds:
            t.ms = statistics.median(measure(client, t.request)[0] for _ in range(3))
            t.runs = 3
    top.sort(key=lambda t: -t.ms)
    worst = top[0]
    met = "met" if worst.ms < TARGET_MS else "MISSED"
    print(f"worst small request (<=2 KB), of {len(tried)} tried: {worst.request.label} "
          f"{worst.request.variant} {worst.request.size} B   cpu {worst.ms:.1f} ms   "
          f"target < {TARGET_MS:g} ms: {met}")
    for n, t in enumerate(top, start=1):
        print(f"  {n}. {_line(t)}")
    if bugs:
        print(f"BUG: {len(bugs)} requests answered 500; nothing may (API.md)", file=sys.stderr)
    if dump is not None:
        for n, t in enumerate(top, start=1):
            _dump(dump, f"top{n}-{t.request.endpoint}-{t.request.variant}", t)
        for n, t in enumerate(bugs, start=1):
            _dump(dump, f"bug{n}-{t.request.endpoint}-{t.request.variant}", t)
    return worst.ms, len(bugs)


def main(seconds: float = 40.0) -> float:
    """Search for ``seconds`` and print the worst requests; the worst CPU ms (median of 3)."""
    return hunt(seconds)[0]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="time budget (default 40)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    parser.add_argument("--dump", type=Path, help="write the top bodies as JSON files here")
    args = parser.parse_args()
    _worst, bug_count = hunt(args.seconds, args.seed, args.dump)
    sys.exit(1 if bug_count else 0)

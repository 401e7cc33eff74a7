"""One turn: a card played with an action, judged against the table.

The referee's decision comes as a triad, in the style of pokerkit:
:func:`verify_play` raises :class:`IllegalPlay` (with the verdict and the card's
legal captures), :func:`can_play` answers a bool, and :func:`judge` returns the
:class:`Verdict` either way. Applying a play is the round's business
(:meth:`referee.rules.round.RoundState.play`).

A verdict covers capture, build, raise, double and trail, with the ownership
and one-build rules, the partner who may not raise (Norwegian and Danish), the
owner who may not trail (Anglo), the Danish builder who must capture next,
Krypkasino's compulsory capture, and the rule that every build's owner holds a
card that captures it (decided now when the hand is known, otherwise returned as
``pending`` for the retroactive check at the end of the deal).

>>> from .variants import get_rules
>>> P = Card.parse
>>> spot = Spot(get_rules("norwegian"), player=0, table=(P("4C"), P("KD")))
>>> v = judge(spot, Play(P("5H"), Action.BUILD, (0,), 9))
>>> v.legal, v.kind, v.pending, v.table[1].label, v.table[1].owner
(True, <Kind.BUILD: 'build'>, (9,), 'build of 9', 0)
>>> str(judge(spot, Play(P("5H"), Action.BUILD, (0,), 9), hand=(P("5H"), P("2C"))).why)
'must_hold(value=9)'
>>> can_play(spot, Play(P("5H"), Action.CAPTURE, (0,)))
False
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, islice
from typing import Any

from .capture import Capture, Group, can_capture, capture_options, check_capture
from .cards import Card, pack
from .partition import Budget, TooComplex, split_exact
from .reasons import Reason, Why
from .table import Build, Item, item_cards
from .variants import Building, Rules

__all__ = [
    "Action",
    "IllegalPlay",
    "Kind",
    "Play",
    "Spot",
    "Verdict",
    "build_sets",
    "can_play",
    "judge",
    "legal_plays",
    "verify_play",
]


class Action(enum.StrEnum):
    """What the player says the card does."""

    CAPTURE = "capture"
    BUILD = "build"
    DOUBLE = "double"
    TRAIL = "trail"


class Kind(enum.StrEnum):
    """What the play turned out to be (a build onto a build is a raise, or a double)."""

    CAPTURE = "capture"
    BUILD = "build"
    RAISE = "raise"
    DOUBLE = "double"
    TRAIL = "trail"
    TURN = "turn"  # played out of turn

    @property
    def builds(self) -> bool:
        return self in (Kind.BUILD, Kind.RAISE, Kind.DOUBLE)


@dataclass(frozen=True, slots=True)
class Play:
    """A card played with an action. ``refs`` index the table (take or onto)."""

    card: Card
    action: Action
    refs: tuple[int, ...] = ()
    value: int | None = None

    def __reduce__(self) -> tuple[type[Play], tuple[Any, ...]]:
        """Pickled as its fields, in order (a round's snapshot holds many)."""
        return Play, (self.card, self.action, self.refs, self.value)


@dataclass(frozen=True)
class Spot:
    """What the referee knows when a player is about to play."""

    rules: Rules
    player: int
    table: tuple[Item, ...]
    # the side of each seat; empty when every player plays alone
    sides: tuple[int, ...] = ()
    must_capture: bool = False  # Danish: this player built, raised or doubled last turn
    # the player's last card of the deal (the round counts the hands): the hand is known to
    # be that card alone, so a build made with it can never be backed (RULES §3.2)
    last_card: bool = False
    # the cards that have turned up so far (table and played), when the round knows them;
    # otherwise every card not on the table may still be in a hand
    seen: Counter[Card] | None = None

    def owned(self) -> set[int]:
        """The table indexes of the player's own builds."""
        return {i for i, item in enumerate(self.table)
                if isinstance(item, Build) and item.owner == self.player}

    def partner(self, seat: int) -> bool:
        """Is ``seat`` the player's partner (not the player)?"""
        return bool(self.sides) and seat != self.player and (
            self.sides[seat] == self.sides[self.player]
        )


@dataclass(frozen=True)
class Verdict:
    """The referee's ruling on a play: ``why`` is the rule that decided it (what a legal
    play did, or why it is refused) and ``detail`` what lies behind it, all as data."""

    legal: bool
    why: Reason
    kind: Kind
    value: int | None = None
    groups: tuple[Group, ...] = ()
    sweep: bool = False
    pending: tuple[int, ...] = ()  # build values the player must hold (hand unknown)
    table: tuple[Item, ...] = ()  # the table after the play, when legal
    taken: tuple[Card, ...] = ()  # cards into the player's pile, the played card last
    options: tuple[tuple[int, ...], ...] = field(default=())  # the card's legal captures
    detail: tuple[Reason, ...] = ()  # behind the ruling: each value tried, the card's value


class IllegalPlay(ValueError):
    """A play the rules do not allow; ``verdict`` says why and what the card could do."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(str(verdict.why))
        self.verdict = verdict


class _Illegal(Exception):
    def __init__(self, kind: Kind, why: Reason, detail: tuple[Reason, ...] = ()) -> None:
        super().__init__(str(why))
        self.kind = kind
        self.why = why
        self.detail = detail


def judge(
    spot: Spot, play: Play, hand: Sequence[Card] | None = None, budget: Budget | None = None,
    alternatives: bool = False,
) -> Verdict:
    """Judge ``play`` by ``spot.player``; ``hand`` (with the played card) if known.

    With ``alternatives`` the verdict lists the card's legal captures, best first. They
    are searched after the claim is judged: on a table too large to list them all in the
    budget, the claim still has its verdict (and the list one capture found greedily).
    Every search spends from ``budget`` (a fresh one when not given).
    """
    budget = budget or Budget()

    def options() -> tuple[tuple[int, ...], ...]:
        if not alternatives:
            return ()
        return tuple(capture_options(spot.rules, play.card, spot.table, budget))

    if hand is not None and play.card not in hand:
        return Verdict(False, Reason.of(Why.NOT_IN_HAND, card=play.card),
                       Kind(play.action.value), options=options())
    try:
        verdict = _ACTIONS[play.action](spot, play, budget)
        if hand is None and spot.last_card:
            _last_card(spot, play, verdict, budget)
        pending = _holding(spot, play, verdict, hand)
    except _Illegal as illegal:
        return Verdict(False, illegal.why, illegal.kind, options=options(),
                       detail=illegal.detail)
    return Verdict(
        True, verdict.why, verdict.kind, verdict.value, verdict.groups, verdict.sweep,
        pending, verdict.table, verdict.taken, options(), verdict.detail,
    )


# what leaves the player owning a build, which a card kept in the hand must capture
_BUILDS = frozenset({Kind.BUILD, Kind.RAISE, Kind.DOUBLE})


def _last_card(spot: Spot, play: Play, verdict: Verdict, budget: Budget) -> None:
    """The player's last card of the deal: the hand is known to hold nothing after it
    (RULES §3.2, "when the hand is known the check is immediate"). A build, raise or
    double made with it can never be backed. Any other play that leaves a build of the
    player's on the table is refused when this card could have captured every one of
    them; when it could not, no play saves the build, and the end of the deal reports it.
    """
    if verdict.kind in _BUILDS and verdict.value is not None:  # a build has its value
        raise _Illegal(verdict.kind, Reason.of(Why.LAST_CARD_BUILD, card=play.card,
                                               value=verdict.value))
    kept = [item.value for item in verdict.table
            if isinstance(item, Build) and item.owner == spot.player]
    if not kept:
        return
    owned = spot.owned()
    if any(owned <= set(option)
           for option in capture_options(spot.rules, play.card, spot.table, budget)):
        raise _Illegal(verdict.kind, Reason.of(Why.LAST_CARD_KEEPS_BUILD, card=play.card,
                                               value=min(kept)))


def verify_play(
    spot: Spot, play: Play, hand: Sequence[Card] | None = None, budget: Budget | None = None
) -> Verdict:
    """The verdict on a legal play; an illegal one raises :class:`IllegalPlay`, whose
    verdict lists the card's legal captures."""
    budget = budget or Budget()
    verdict = judge(spot, play, hand, budget)
    if not verdict.legal:
        options = tuple(capture_options(spot.rules, play.card, spot.table, budget))
        raise IllegalPlay(Verdict(False, verdict.why, verdict.kind, options=options,
                                  detail=verdict.detail))
    return verdict


def can_play(
    spot: Spot, play: Play, hand: Sequence[Card] | None = None, budget: Budget | None = None
) -> bool:
    """Is the play legal? (Never raises for an illegal play.)"""
    return judge(spot, play, hand, budget).legal


# -- capture and trail --------------------------------------------------------

def _capture(spot: Spot, play: Play, budget: Budget) -> Verdict:
    verdict: Capture = check_capture(spot.rules, play.card, spot.table, play.refs, budget)
    if not verdict.legal:
        raise _Illegal(Kind.CAPTURE, verdict.why, verdict.detail)
    taken_items = set(play.refs)
    rest = tuple(item for i, item in enumerate(spot.table) if i not in taken_items)
    taken = (*(c for i in sorted(taken_items) for c in item_cards(spot.table[i])), play.card)
    return Verdict(True, verdict.why, Kind.CAPTURE, verdict.value, verdict.groups,
                   verdict.sweep, table=rest, taken=taken, detail=verdict.detail)


def _must_capture(spot: Spot, play: Play, kind: Kind, budget: Budget) -> None:
    """The Danish builder's duty on the next turn: capture, if this card can."""
    if spot.must_capture and can_capture(spot.rules, play.card, spot.table, budget):
        raise _Illegal(kind, Reason.of(Why.MUST_CAPTURE_AFTER_BUILD, card=play.card))


def _trail(spot: Spot, play: Play, budget: Budget) -> Verdict:
    rules, card = spot.rules, play.card
    if play.refs:
        raise _Illegal(Kind.TRAIL, Reason.of(Why.TRAIL_ON_NOTHING))
    _must_capture(spot, play, Kind.TRAIL, budget)
    if rules.reverse and can_capture(rules, card, spot.table, budget):
        raise _Illegal(Kind.TRAIL, Reason.of(Why.CAPTURE_COMPULSORY, card=card))
    if rules.building.owner_may_not_trail:
        owned = [b for b in spot.table if isinstance(b, Build) and b.owner == spot.player]
        if owned:
            raise _Illegal(Kind.TRAIL, Reason.of(Why.OWNER_MAY_NOT_TRAIL, build=owned[0]))
    return Verdict(True, Reason.of(Why.TRAILS, card=card), Kind.TRAIL,
                   table=(*spot.table, card))


# -- builds ---------------------------------------------------------------------

def _build_rules(spot: Spot, play: Play, kind: Kind, budget: Budget) -> None:
    rules = spot.rules
    if rules.building is Building.NONE:
        raise _Illegal(kind, Reason.of(Why.NO_BUILDING))
    _must_capture(spot, play, kind, budget)
    if not play.refs:
        raise _Illegal(kind, Reason.of(Why.BUILD_ON_NOTHING))
    for i in (*play.refs, None):
        card = play.card if i is None else spot.table[i]
        if isinstance(card, Card) and not rules.can_build_with(card):
            raise _Illegal(kind, Reason.of(Why.COURT_NOT_BUILT))


def _capturable(spot: Spot, value: int, played: Card) -> bool:
    """Could any card that is still out (not on the table, not played) capture ``value``?"""
    out = Counter(pack(spot.rules.packs))
    if spot.seen is not None:
        out.subtract(spot.seen)
    else:
        for item in spot.table:
            out.subtract(item_cards(item))
    out[played] -= 1
    return any(n > 0 and value in spot.rules.hand_values(c) for c, n in out.items())


def _one_build_limit(spot: Spot, kind: Kind, keeping: Sequence[int]) -> None:
    """Without multiple builds a player owns at most one build."""
    if spot.rules.multiple_builds:
        return
    for i, item in enumerate(spot.table):
        if isinstance(item, Build) and item.owner == spot.player and i not in keeping:
            raise _Illegal(kind, Reason.of(Why.ONE_BUILD_AT_A_TIME, build=item))


def _new_table(spot: Spot, used: Sequence[int], build: Build) -> tuple[Item, ...]:
    rest = [item for i, item in enumerate(spot.table) if i not in set(used)]
    return (*rest, build)


def _build(spot: Spot, play: Play, budget: Budget) -> Verdict:
    rules, card, table = spot.rules, play.card, spot.table
    _build_rules(spot, play, Kind.BUILD, budget)
    builds = [i for i in play.refs if isinstance(table[i], Build)]
    loose = [item for i in play.refs if isinstance(item := table[i], Card)]
    loose_at = [i for i in play.refs if isinstance(table[i], Card)]
    if builds:
        target = table[builds[0]]
        if not isinstance(target, Build):
            raise _Illegal(Kind.RAISE, Reason.of(Why.BUILD_ON_NOTHING))
        if play.value is not None and play.value == target.value:
            return _double(spot, play, budget)
        return _raise(spot, play, target, builds, loose)
    if rules.building.one_on_one and len(loose) != 1:
        raise _Illegal(Kind.BUILD, Reason.of(Why.ONE_LOOSE_CARD))
    members = [card, *loose]
    values = [rules.table_values(c) for c in members]
    sums = _sums(values)
    if play.value is None and rules.building is not Building.ANGLO and len(sums) > 1:
        raise _Illegal(Kind.BUILD, Reason.of(Why.SAY_BUILD_VALUE, values=tuple(sums)))
    candidates = [play.value] if play.value is not None else sums
    for value in candidates:
        split = split_exact(values, value, budget)
        if split is None:
            continue
        sets = len(split)
        if sets > 1 and not rules.building.builds_in_sets:
            raise _Illegal(Kind.BUILD, Reason.of(Why.BUILD_IS_A_DOUBLE, card=card,
                                                 items=tuple(loose), value=value))
        _one_build_limit(spot, Kind.BUILD, keeping=())
        build = Build.of([*loose, card], value, spot.player, locked=sets > 1)
        after = _new_table(spot, loose_at, build)
        if not _capturable(spot, value, card):
            raise _Illegal(Kind.BUILD, Reason.of(Why.NO_CARD_CAPTURES, value=value))
        if sets == 1:
            return Verdict(True, Reason.of(Why.BUILDS, card=card, items=tuple(loose),
                                           value=value), Kind.BUILD, value, table=after)
        # the loose cards set by set, the card's set first, with each set's count of them
        first, *others = _in_sets(members, split)
        in_order = (first[1:], *others)
        return Verdict(True, Reason.of(
            Why.BUILDS_MULTIPLE, card=card, items=tuple(c for s in in_order for c in s),
            value=value, sets=tuple(len(s) for s in in_order)), Kind.BUILD, value, table=after)
    raise _Illegal(Kind.BUILD, Reason.of(Why.BUILD_SUM, card=card, items=tuple(loose),
                                         values=tuple(sums), value=play.value or 0))


def build_sets(rules: Rules, card: Card, items: Sequence[Item], value: int | None,
               budget: Budget | None = None) -> tuple[tuple[Card, ...], ...]:
    """The sets of a multiple build that ``card`` makes of the loose cards ``items`` for
    ``value`` (Casino, built at once: 3♦ on 8♣ and 5♣ for 8 is 3♦+5♣ and 8♣), the card's
    set first; nothing if it is one set adding up to the value, not a build of loose cards
    in sets, or not worked out within the budget.

    >>> from .variants import get_rules
    >>> P = Card.parse
    >>> [[c.code for c in s] for s in build_sets(get_rules("classic"), P("3D"),
    ...                                           (P("8C"), P("5C")), 8)]
    [['3D', '5C'], ['8C']]
    >>> build_sets(get_rules("classic"), P("3D"), (P("8C"), P("5C")), 16)
    ()
    """
    loose = [item for item in items if isinstance(item, Card)]
    if (value is None or not rules.building.builds_in_sets or not loose
            or len(loose) != len(items)):
        return ()
    members = [card, *loose]
    values = [rules.table_values(c) for c in members]
    if value in _sums(values):
        return ()
    try:
        split = split_exact(values, value, budget or Budget())
    except TooComplex:
        return ()
    return _in_sets(members, split) if split else ()


def _in_sets(members: Sequence[Card], split: Sequence[Sequence[tuple[int, int]]]
             ) -> tuple[tuple[Card, ...], ...]:
    """The sets of a build split by :func:`split_exact` (``members[0]`` the played card):
    each in the order laid, the played card's set first."""
    groups = sorted((sorted(i for i, _value in group) for group in split),
                    key=lambda indices: indices[0] != 0)
    return tuple(tuple(members[i] for i in indices) for indices in groups)


def _sums(values: Sequence[tuple[int, ...]]) -> list[int]:
    sums = {0}
    for options in values:
        sums = {s + v for s in sums for v in options}
    return sorted(sums)


def adds_up(rules: Rules, cards: Sequence[Card], value: int, budget: Budget) -> bool:
    """Whether ``cards`` can lie on the table as a build of ``value``: their table values
    split into sets each adding up to it (one set; several in a locked pile).

    >>> from .cards import parse_cards
    >>> from .variants import get_rules
    >>> norwegian = get_rules("norwegian")
    >>> [adds_up(norwegian, parse_cards(cards), value, Budget()) for cards, value in (
    ...     (["5H", "4C"], 9), (["5H", "4C"], 10), (["4C", "5H", "9D"], 9), (["AH", "AC"], 16))]
    [True, False, True, False]
    """
    return split_exact([rules.table_values(c) for c in cards], value, budget) is not None


def table_sums(rules: Rules, cards: Sequence[Card]) -> list[int]:
    """What ``cards`` add up to on the table, each value a card may count chosen in turn
    (a Danish ace 1 or 14), lowest first.

    >>> from .cards import parse_cards
    >>> from .variants import get_rules
    >>> table_sums(get_rules("danish"), parse_cards(["AH", "AC"]))
    [2, 15, 28]
    """
    return _sums([rules.table_values(c) for c in cards])


def _may_raise(spot: Spot, build: Build) -> None:
    """The owner raises their own build only by house rule (Danish and Anglo by default);
    doubling is not adding to it: anyone may double (RULES.md §3.2)."""
    rules = spot.rules
    if build.owner == spot.player and not rules.raise_own_build:
        raise _Illegal(Kind.RAISE, Reason.of(Why.NOT_OWN_BUILD))


def _raise(
    spot: Spot, play: Play, target: Build, builds: list[int], loose: list[Card]
) -> Verdict:
    rules, card = spot.rules, play.card
    if len(builds) > 1 or loose:
        raise _Illegal(Kind.RAISE, Reason.of(
            Why.RAISE_ONE_CARD_MULTIPLE if rules.building.builds_in_sets
            else Why.RAISE_ONE_CARD))
    if target.locked:
        raise _Illegal(Kind.RAISE, Reason.of(Why.LOCKED_BUILD, build=target))
    _may_raise(spot, target)
    if spot.partner(target.owner) and not rules.building.partner_may_raise:
        raise _Illegal(Kind.RAISE, Reason.of(Why.PARTNER_MAY_NOT_RAISE))
    possible = [target.value + v for v in rules.table_values(card)]
    value = play.value if play.value is not None else (possible[0] if len(possible) == 1 else None)
    if value is None:
        raise _Illegal(Kind.RAISE, Reason.of(Why.SAY_RAISE_VALUE, values=tuple(possible)))
    if value not in possible:
        raise _Illegal(Kind.RAISE, Reason.of(Why.RAISE_SUM, card=card, build=target,
                                             values=tuple(possible), value=value))
    _one_build_limit(spot, Kind.RAISE, keeping=builds)
    build = Build.of([*target.cards, card], value, spot.player)
    after = _new_table(spot, builds, build)
    if not _capturable(spot, value, card):
        raise _Illegal(Kind.RAISE, Reason.of(Why.NO_CARD_CAPTURES, value=value))
    code = Why.RAISES if target.owner == spot.player else Why.RAISES_TAKES_OVER
    return Verdict(True, Reason.of(code, card=card, build=target, value=value),
                   Kind.RAISE, value, table=after)


def _double(spot: Spot, play: Play, budget: Budget) -> Verdict:
    rules, card, table = spot.rules, play.card, spot.table
    _build_rules(spot, play, Kind.DOUBLE, budget)
    builds = [b for i in play.refs if isinstance(b := table[i], Build)]
    loose = [c for i in play.refs if isinstance(c := table[i], Card)]
    build_values = {b.value for b in builds}
    if len(build_values) > 1:
        raise _Illegal(Kind.DOUBLE, Reason.of(Why.DOUBLE_MIXED_VALUES))
    if rules.building is Building.NORDIC and len(play.refs) != 1:
        raise _Illegal(Kind.DOUBLE, Reason.of(Why.DOUBLE_ONE_ITEM))
    if rules.building is Building.DANISH and not builds and len(loose) != 1:
        raise _Illegal(Kind.DOUBLE, Reason.of(Why.DOUBLE_DANISH))
    if builds and play.value is not None and play.value not in build_values:
        code = (Why.MULTIPLE_KEEPS_VALUE if rules.building.builds_in_sets
                else Why.DOUBLE_KEEPS_VALUE)
        raise _Illegal(Kind.DOUBLE, Reason.of(code, total=min(build_values), value=play.value))
    # no owner's check: anyone may double, the build's owner included (RULES.md §3.2)
    members = [card, *loose]
    values = [rules.table_values(c) for c in members]
    if build_values:
        candidates = sorted(build_values)
    elif play.value is not None:
        candidates = [play.value]
    else:  # none said: the lowest value that makes sets (DECISIONS.md, a double's value)
        candidates = sorted({v for vs in values for v in vs})
    for value in candidates:
        split = split_exact(values, value, budget)
        if split is None or len(split) + len(builds) < 2:
            continue
        alone = value in rules.table_values(card)
        if rules.building is Building.NORDIC and not alone:
            continue
        if rules.building is Building.DANISH and not builds and not alone:
            continue
        _one_build_limit(spot, Kind.DOUBLE,
                         keeping=[i for i in play.refs if isinstance(table[i], Build)])
        cards = [c for i in sorted(play.refs) for c in item_cards(table[i])] + [card]
        build = Build.of(cards, value, spot.player, locked=True)
        after = _new_table(spot, play.refs, build)
        if not _capturable(spot, value, card):
            raise _Illegal(Kind.DOUBLE, Reason.of(Why.NO_CARD_CAPTURES, value=value))
        if builds and loose:
            why = Reason.of(Why.ADDS_SET, card=card, items=tuple(loose), builds=tuple(builds),
                            value=value)
        elif rules.building.builds_in_sets:  # a multiple build, as Casino players say
            why = Reason.of(Why.BUILDS_MULTIPLE, card=card,
                            items=tuple(table[i] for i in play.refs), value=value)
        else:
            why = Reason.of(Why.DOUBLES, card=card, items=tuple(table[i] for i in play.refs),
                            value=value)
        return Verdict(True, why, Kind.DOUBLE, value, table=after)
    raise _Illegal(Kind.DOUBLE, Reason.of(Why.DOUBLE_NO_SET, card=card,
                                          items=tuple(table[i] for i in play.refs)))


def _holding(
    spot: Spot, play: Play, verdict: Verdict, hand: Sequence[Card] | None
) -> tuple[int, ...]:
    """Values of the player's builds after the play, which the player must still hold."""
    owned = sorted({
        item.value for item in verdict.table
        if isinstance(item, Build) and item.owner == spot.player
    })
    if not owned:
        return ()
    if hand is None:
        return tuple(owned)
    rest = list(hand)
    rest.remove(play.card)
    for value in owned:
        if not any(value in spot.rules.hand_values(c) for c in rest):
            raise _Illegal(verdict.kind, Reason.of(Why.MUST_HOLD, value=value))
    return ()


def legal_plays(spot: Spot, card: Card, budget: Budget | None = None) -> list[Play]:
    """What ``card`` may do on this table, as the referee offers it at the table: its
    captures best first, then the builds, raises and doubles onto one table item, then
    the builds onto two or three loose cards (A♥ on 2♣+3♦: 6; in Casino also a multiple
    build, 3♦ on 8♣+5♣: two sets of 8), then the trail. Each is legal as far as the
    referee can tell without the hand (a build still has to be backed by the end of the
    deal). Other plays onto several items are not listed, but for building more on a
    build with one loose card; they are judged when claimed.

    >>> from .variants import get_rules
    >>> P = Card.parse
    >>> spot = Spot(get_rules("norwegian"), 0, (P("3S"), P("4C"), P("7D")))
    >>> for p in legal_plays(spot, P("7H")):  # 7+7 = 14: an ace from the hand takes it
    ...     print(p.action.value, p.refs, p.value)
    capture (0, 1, 2) None
    build (0,) 10
    build (1,) 11
    build (2,) 14
    double (2,) None
    trail () None

    Casino builds onto several loose cards, in sets too (8: 3♦+5♣ and 8♣; 5: 5♣ and
    3♦+2♥; or 10, all three in one):

    >>> spot = Spot(get_rules("classic"), 0, (P("8C"), P("5C"), P("2H")))
    >>> [(p.refs, p.value) for p in legal_plays(spot, P("3D")) if len(p.refs) > 1]
    [((0, 1), 8), ((1, 2), 5), ((1, 2), 10)]
    """
    budget = budget or Budget()
    rules = spot.rules
    try:
        captures = capture_options(rules, card, spot.table, budget)
    except TooComplex:  # not even one capture found from the reserve
        captures = []
    others: list[Play] = []
    several: list[Play] = []  # already judged
    if rules.building is not Building.NONE and rules.can_build_with(card):
        # what the card makes with each loose card it may build with, worked out once
        made_with = {j: _sums([rules.table_values(card), rules.table_values(c)])
                     for j, c in enumerate(spot.table)
                     if isinstance(c, Card) and rules.can_build_with(c)}
        for i, item in enumerate(spot.table):
            if isinstance(item, Build):
                raised = sorted({item.value + v for v in rules.table_values(card)})
                others += [Play(card, Action.BUILD, (i,), v) for v in raised]
                others.append(Play(card, Action.DOUBLE, (i,), item.value))
                # building more with one loose card: the two make another set of its
                # value (Danish "bygge mere", an Anglo set added; Nordic refuses it)
                others += [Play(card, Action.DOUBLE, tuple(sorted((i, j))), item.value)
                           for j, made in made_with.items() if item.value in made]
            elif i in made_with:
                others += [Play(card, Action.BUILD, (i,), v) for v in made_with[i]]
                # a pair that is a set two ways (a Danish ace on an ace: 1 or 14) is
                # offered as each, its value said; unsaid, a double takes the lower
                same = sorted(set(rules.table_values(card)) & set(rules.table_values(item)))
                if len(same) > 1:
                    others += [Play(card, Action.DOUBLE, (i,), v) for v in same]
                else:
                    others.append(Play(card, Action.DOUBLE, (i,)))
        if not rules.building.one_on_one:  # the Nordic games build with one loose card
            candidates = _builds_on_loose_cards(rules, card, spot.table, sorted(made_with))
            several = list(islice((p for p in islice(candidates, SEVERAL_JUDGED)
                                   if _offered(spot, p, budget)), SEVERAL_OFFERED))
    taking = [Play(card, Action.CAPTURE, option) for option in captures]
    if spot.last_card and spot.owned():  # a capture that leaves the build may be refused
        taking = [play for play in taking if _offered(spot, play, budget)]
    # the builds onto several cards after those onto one, before the trail
    offered = [*taking, *(play for play in others if _offered(spot, play, budget)), *several]
    trail = Play(card, Action.TRAIL)
    return [*offered, trail] if _offered(spot, trail, budget) else offered


# The most builds onto several loose cards offered for one card (a table of twelve low
# cards makes hundreds), and the most judged to find them: the first ones, onto two cards
# before three; any other is judged when claimed ("Another claim…").
SEVERAL_OFFERED = 12
SEVERAL_JUDGED = 120


def _builds_on_loose_cards(rules: Rules, card: Card, table: Sequence[Item],
                           loose: Sequence[int]) -> Iterator[Play]:
    """The builds of ``card`` onto two or three of the ``loose`` cards (their places on
    the table), for every value a card may take from the hand: the sum of the cards, or,
    where builds may be made in sets, a share of it (three cards in two sets of 8). Only
    candidates, made as they are asked for: each is judged before it is offered."""
    highest = _highest_hand_value(rules)
    for size in (2, 3):
        for group in combinations(loose, size):
            members = [card, *(table[j] for j in group)]
            sums = _sums([rules.table_values(c) for c in members if isinstance(c, Card)])
            sets = range(1, len(members) + 1) if rules.building.builds_in_sets else (1,)
            for value in sorted({s // n for s in sums for n in sets if s % n == 0}):
                if value <= highest:
                    yield Play(card, Action.BUILD, group, value)


@functools.cache
def _highest_hand_value(rules: Rules) -> int:
    """The highest value a card takes from the hand: no build is worth more."""
    return max(max(rules.hand_values(c), default=0) for c in pack())


def _offered(spot: Spot, play: Play, budget: Budget) -> bool:
    """Is the play legal, as far as the referee can judge it within the request's budget
    (or, once that is spent, its reserve)? A play it cannot judge there is not offered:
    it is judged in full when claimed."""
    for spending in (budget, budget.fallback()):
        try:
            return judge(spot, play, None, spending).legal
        except TooComplex:
            continue
    return False


_ACTIONS: dict[Action, Callable[[Spot, Play, Budget], Verdict]] = {
    Action.CAPTURE: _capture,
    Action.TRAIL: _trail,
    Action.BUILD: _build,
    Action.DOUBLE: _double,
}

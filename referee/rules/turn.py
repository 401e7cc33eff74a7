"""One turn: a card played with an action, judged against the table.

:func:`judge` is the referee's one decision: capture, build, raise, double or
trail, with the ownership and one-build rules, the owner who may not trail,
the Danish builder who must capture next, Krypkasino's compulsory capture, and
the rule that every build's owner holds a card that captures it (decided now
when the hand is known, otherwise returned as ``pending`` for the retroactive
check at the end of the deal).

>>> from .variants import get_rules
>>> P = Card.parse
>>> spot = Spot(get_rules("norwegian"), players=2, player=0, table=(P("4C"), P("KD")))
>>> v = judge(spot, Play(P("5H"), Action.BUILD, (0,), 9))
>>> v.legal, v.kind, v.pending, v.table[1].label, v.table[1].owner
(True, 'build', (9,), 'build of 9', 0)
>>> judge(spot, Play(P("5H"), Action.BUILD, (0,), 9), hand=(P("5H"), P("2C"))).reason
'you must keep a card that captures 9 to own a build of 9, and this hand has none'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from .capture import Capture, Group, can_capture, capture_options, check_capture
from .cards import Card, pack
from .partition import split_exact
from .table import Build, Item, item_cards
from .variants import Building, Rules

__all__ = ["Action", "Play", "Spot", "Verdict", "judge"]


class Action(enum.Enum):
    CAPTURE = "capture"
    BUILD = "build"
    DOUBLE = "double"
    TRAIL = "trail"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played with an action. ``refs`` index the table (take or onto)."""

    card: Card
    action: Action
    refs: tuple[int, ...] = ()
    value: int | None = None


@dataclass(frozen=True)
class Spot:
    """What the referee knows when a player is about to play."""

    rules: Rules
    players: int
    player: int
    table: tuple[Item, ...]
    must_capture: bool = False  # Danish: this player built last turn
    unseen: Counter[Card] | None = None  # cards that may still be in a hand


@dataclass(frozen=True)
class Verdict:
    legal: bool
    reason: str
    kind: str
    value: int | None = None
    groups: tuple[Group, ...] = ()
    sweep: bool = False
    pending: tuple[int, ...] = ()  # build values the player must hold (hand unknown)
    table: tuple[Item, ...] = ()  # the table after the play, when legal
    taken: tuple[Card, ...] = ()  # cards into the player's pile, the played card first
    options: tuple[tuple[int, ...], ...] = field(default=())


class _Illegal(Exception):
    def __init__(self, reason: str, kind: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind


def judge(
    spot: Spot, play: Play, hand: Sequence[Card] | None = None, alternatives: bool = True
) -> Verdict:
    """Judge ``play`` by ``spot.player``; ``hand`` (with the played card) if known.

    With ``alternatives`` the verdict lists the card's legal captures, best first.
    """
    rules, card, table = spot.rules, play.card, spot.table
    options = tuple(capture_options(rules, card, table)) if alternatives else ()
    if hand is not None and card not in hand:
        return Verdict(False, f"{card.symbol} is not in the hand given", play.action.value,
                       options=options)
    try:
        verdict = _ACTIONS[play.action](spot, play, options)
        pending = _holding(spot, play, verdict, hand)
    except _Illegal as illegal:
        return Verdict(False, illegal.reason, illegal.kind, options=options)
    return Verdict(
        True, verdict.reason, verdict.kind, verdict.value, verdict.groups, verdict.sweep,
        pending, verdict.table, verdict.taken, options,
    )


# -- capture and trail --------------------------------------------------------

def _capture(spot: Spot, play: Play, options: tuple[tuple[int, ...], ...]) -> Verdict:
    verdict: Capture = check_capture(spot.rules, play.card, spot.table, play.refs)
    if not verdict.legal:
        raise _Illegal(verdict.reason, "capture")
    taken_items = set(play.refs)
    rest = tuple(item for i, item in enumerate(spot.table) if i not in taken_items)
    taken = (play.card, *(c for i in sorted(taken_items) for c in item_cards(spot.table[i])))
    return Verdict(True, verdict.reason, "capture", verdict.value, verdict.groups,
                   verdict.sweep, table=rest, taken=taken)


def _trail(spot: Spot, play: Play, options: tuple[tuple[int, ...], ...]) -> Verdict:
    rules, card = spot.rules, play.card
    if play.refs:
        raise _Illegal("a trailed card takes nothing and goes on nothing", "trail")
    if spot.must_capture:
        raise _Illegal(
            "you built last turn, so in Danish rules you must capture something now", "trail"
        )
    if rules.reverse and can_capture(rules, card, spot.table):
        raise _Illegal(
            f"in Krypkasino capturing is compulsory: {card.symbol} can capture, so it may not "
            "be trailed", "trail",
        )
    if rules.building is Building.ANGLO:
        owned = [b for b in spot.table if isinstance(b, Build) and b.owner == spot.player]
        if owned:
            raise _Illegal(
                f"you own a {owned[0].label}, so you may not trail: capture, build or add "
                "to a build", "trail",
            )
    return Verdict(True, f"{card.symbol} is laid on the table", "trail",
                   table=(*spot.table, card))


# -- builds ---------------------------------------------------------------------

def _build_rules(spot: Spot, play: Play, kind: str) -> None:
    rules = spot.rules
    if rules.building is Building.NONE:
        raise _Illegal(f"{rules.variant.name} is played without building", kind)
    if spot.must_capture:
        raise _Illegal(
            "you built last turn, so in Danish rules you must capture something now", kind
        )
    if not play.refs:
        raise _Illegal(f"say which table cards the {kind} goes on", kind)
    for i in (*play.refs, None):
        card = play.card if i is None else spot.table[i]
        if isinstance(card, Card) and not rules.can_build_with(card):
            raise _Illegal(
                f"in {rules.variant.name} court cards have no number and cannot be built", kind
            )


def _capturable(spot: Spot, value: int, played: Card) -> bool:
    """Could any card that is still out (not on the table, not played) capture ``value``?

    ``spot.unseen``, when given, still counts the card being played.
    """
    if spot.unseen is not None:
        out = Counter(spot.unseen)
    else:
        out = Counter(pack(spot.rules.packs))
        for item in spot.table:
            out.subtract(item_cards(item))
    out[played] -= 1
    return any(n > 0 and value in spot.rules.hand_values(c) for c, n in out.items())


def _one_build_limit(spot: Spot, kind: str, keeping: Sequence[int]) -> None:
    """Without multiple builds a player owns at most one build."""
    if spot.rules.multiple_builds:
        return
    for i, item in enumerate(spot.table):
        if isinstance(item, Build) and item.owner == spot.player and i not in keeping:
            raise _Illegal(
                f"you already own a {item.label}; {spot.rules.variant.name} allows one "
                "build at a time", kind,
            )


def _new_table(spot: Spot, used: Sequence[int], build: Build) -> tuple[Item, ...]:
    rest = [item for i, item in enumerate(spot.table) if i not in set(used)]
    return (*rest, build)


def _build(spot: Spot, play: Play, options: tuple[tuple[int, ...], ...]) -> Verdict:
    rules, card, table = spot.rules, play.card, spot.table
    _build_rules(spot, play, "build")
    builds = [i for i in play.refs if isinstance(table[i], Build)]
    loose = [i for i in play.refs if not isinstance(table[i], Build)]
    if builds:
        target = cast(Build, table[builds[0]])
        if play.value is not None and play.value == target.value:
            return _double(spot, play, options)
        return _raise(spot, play, target, builds, loose)
    if rules.building in (Building.NORDIC, Building.DANISH) and len(loose) != 1:
        raise _Illegal(
            f"in {rules.variant.name} you build by laying the card on exactly one loose card",
            "build",
        )
    members = [card, *(table[i] for i in loose)]
    values = [rules.table_values(c) for c in members]  # type: ignore[arg-type]
    if play.value is None and rules.building is not Building.ANGLO and len(_sums(values)) > 1:
        raise _Illegal(
            f"say the value of the build: {' or '.join(map(str, _sums(values)))}", "build"
        )
    candidates = [play.value] if play.value is not None else _sums(values)
    for value in candidates:
        if not isinstance(value, int):
            continue
        split = split_exact(values, value)
        if split is None:
            continue
        sets = len(split)
        if sets > 1 and rules.building is not Building.ANGLO:
            raise _Illegal(
                f"{card.symbol} and {'+'.join(c.symbol for c in members[1:])} do not add up "
                f"to {value}: to lay a card on one of the same value, double", "build",
            )
        _one_build_limit(spot, "build", keeping=())
        build = Build.of(
            [*(table[i] for i in loose), card], value, spot.player, locked=sets > 1
        )  # type: ignore[misc]
        after = _new_table(spot, loose, build)
        if not _capturable(spot, value, card):
            raise _Illegal(f"no card that is still out captures {value}", "build")
        how = "a multiple build" if sets > 1 else "a build"
        on = "+".join(table[i].symbol for i in loose)  # type: ignore[union-attr]
        return Verdict(True, f"{card.symbol} on {on} makes {how} of {value}", "build", value,
                       table=after)
    shown = play.value if play.value is not None else "any value"
    on = "+".join(table[i].symbol for i in loose)  # type: ignore[union-attr]
    total = " or ".join(str(s) for s in _sums(values)) or "nothing"
    raise _Illegal(f"{card.symbol} on {on} makes {total}, not {shown}", "build")


def _sums(values: Sequence[tuple[int, ...]]) -> list[int]:
    sums = {0}
    for options in values:
        sums = {s + v for s in sums for v in options}
    return sorted(sums)


def _raise(
    spot: Spot, play: Play, target: Build, builds: list[int], loose: list[int]
) -> Verdict:
    rules, card = spot.rules, play.card
    if len(builds) > 1 or loose:
        raise _Illegal(
            "a raise adds one card from the hand to one build; to add a set of the same "
            "value, double", "raise",
        )
    if target.locked:
        raise _Illegal(f"the {target.label} cannot be raised", "raise")
    if target.owner == spot.player and not rules.raise_own_build:
        raise _Illegal(
            f"in {rules.variant.name} you may not add to your own build", "raise"
        )
    possible = [target.value + v for v in rules.table_values(card)]
    value = play.value if play.value is not None else (possible[0] if len(possible) == 1 else None)
    if value is None:
        raise _Illegal(
            f"say the new value: {' or '.join(str(v) for v in possible)}", "raise"
        )
    if value not in possible:
        raise _Illegal(
            f"{card.symbol} on a {target.label} makes {' or '.join(map(str, possible))}, "
            f"not {value}", "raise",
        )
    _one_build_limit(spot, "raise", keeping=builds)
    build = Build.of([*target.cards, card], value, spot.player)
    after = _new_table(spot, builds, build)
    if not _capturable(spot, value, card):
        raise _Illegal(f"no card that is still out captures {value}", "raise")
    whose = "" if target.owner == spot.player else "; the build is now yours"
    return Verdict(True, f"{card.symbol} raises the build of {target.value} to {value}{whose}",
                   "raise", value, table=after)


def _double(spot: Spot, play: Play, options: tuple[tuple[int, ...], ...]) -> Verdict:
    rules, card, table = spot.rules, play.card, spot.table
    _build_rules(spot, play, "double")
    builds = [i for i in play.refs if isinstance(table[i], Build)]
    loose = [i for i in play.refs if not isinstance(table[i], Build)]
    build_values = {table[i].value for i in builds}  # type: ignore[union-attr]
    if len(build_values) > 1:
        raise _Illegal("builds of different values cannot be put together", "double")
    if rules.building is Building.NORDIC and len(play.refs) != 1:
        raise _Illegal(
            f"in {rules.variant.name} you double by laying the card on one card or build",
            "double",
        )
    if rules.building is Building.DANISH and not builds and len(loose) != 1:
        raise _Illegal(
            f"in {rules.variant.name} you double a single card, or build more on a pile",
            "double",
        )
    if builds and play.value is not None and play.value not in build_values:
        raise _Illegal(
            f"the pile's value is {min(build_values)}, not {play.value}: doubling keeps it",
            "double",
        )
    for i in builds:
        b = cast(Build, table[i])
        if b.owner == spot.player and not rules.raise_own_build:
            raise _Illegal(f"in {rules.variant.name} you may not add to your own build",
                           "double")
    members = [card, *(table[i] for i in loose)]
    values = [rules.table_values(c) for c in members]  # type: ignore[arg-type]
    if build_values:
        candidates = sorted(build_values)
    elif play.value is not None:
        candidates = [play.value]
    else:
        candidates = sorted({v for vs in values for v in vs})
    for value in candidates:
        split = split_exact(values, value)
        if split is None or len(split) + len(builds) < 2:
            continue
        alone = value in rules.table_values(card)
        if rules.building is Building.NORDIC and not alone:
            continue
        if rules.building is Building.DANISH and not builds and not alone:
            continue
        _one_build_limit(spot, "double", keeping=builds)
        cards = [c for i in sorted(play.refs) for c in item_cards(table[i])] + [card]
        build = Build.of(cards, value, spot.player, locked=True)
        after = _new_table(spot, play.refs, build)
        if not _capturable(spot, value, card):
            raise _Illegal(f"no card that is still out captures {value}", "double")
        if builds and loose:
            extra = "+".join(table[i].symbol for i in loose)  # type: ignore[union-attr]
            target = " and ".join(table[i].label for i in builds)  # type: ignore[union-attr]
            reason = (f"{card.symbol} with {extra} adds another set of {value} to the "
                      f"{target}: now locked")
        else:
            on = ", ".join(
                table[i].label if isinstance(table[i], Build) else table[i].symbol  # type: ignore[union-attr]
                for i in play.refs
            )
            reason = f"{card.symbol} doubles {on}: a locked build of {value}"
        return Verdict(True, reason, "double", value, table=after)
    on = ", ".join(
        table[i].label if isinstance(table[i], Build) else table[i].symbol  # type: ignore[union-attr]
        for i in play.refs
    )
    raise _Illegal(
        f"{card.symbol} does not make a set of the same value as {on}", "double"
    )


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
            raise _Illegal(
                f"you must keep a card that captures {value} to own a build of {value}, "
                "and this hand has none", verdict.kind,
            )
    return ()


_ACTIONS = {
    Action.CAPTURE: _capture,
    Action.TRAIL: _trail,
    Action.BUILD: _build,
    Action.DOUBLE: _double,
}

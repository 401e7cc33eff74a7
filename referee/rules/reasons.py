"""Why a play is refused, as data: a stable code and its typed parameters.

The engine never words a ruling for a player; the web layer does, in the reader's
language, from :class:`Reason`. (The engine's ``reason`` sentences stay as the
detail behind a "why?".)

>>> from .cards import Card
>>> r = Reason.of(Why.SUM_NOT, cards=(Card.parse("3S"), Card.parse("5H")), total=8, value=7)
>>> r.code, r.get("total"), r.get("cards")
(<Why.SUM_NOT: 'sum_not'>, 8, (Card.parse('3S'), Card.parse('5H')))
>>> Reason.of(Why.EMPTY_CAPTURE).params
()
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import Card
from .table import Build, Item

__all__ = ["Param", "Reason", "Why"]


class Why(enum.StrEnum):
    """Every reason the referee refuses a play, and every finding at the end of a deal.
    The values are stable (API, storage)."""

    NOT_IN_HAND = "not_in_hand"  # card
    OUT_OF_TURN = "out_of_turn"  # turn, player (seats)
    EMPTY_CAPTURE = "empty_capture"
    COURT_PAIRS_ONLY = "court_pairs_only"  # card
    BUILD_TAKEN_WHOLE = "build_taken_whole"  # build, value (what the card captures)
    CARD_TOO_BIG = "card_too_big"  # card (the table card), value
    SUM_NOT = "sum_not"  # cards, total, value: 3+5 = 8, not 7
    SUM_NOT_MULTIPLE = "sum_not_multiple"  # cards, total, value
    SUM_NOT_EITHER = "sum_not_either"  # cards, total, values (a card of several values)
    SPLIT_FAILS = "split_fails"  # cards, total, value (a multiple that does not split)
    NO_SETS = "no_sets"  # cards, value (cards of several values, e.g. aces)
    HAND_VALUE = "hand_value"  # card, hand (values), table (values), items (taken)
    NOT_MAXIMAL = "not_maximal"  # value, items (a group the capture leaves)
    MUST_CAPTURE_AFTER_BUILD = "must_capture_after_build"  # card
    TRAIL_ON_NOTHING = "trail_on_nothing"
    CAPTURE_COMPULSORY = "capture_compulsory"  # card
    OWNER_MAY_NOT_TRAIL = "owner_may_not_trail"  # build
    NO_BUILDING = "no_building"
    BUILD_ON_NOTHING = "build_on_nothing"
    COURT_NOT_BUILT = "court_not_built"
    ONE_BUILD_AT_A_TIME = "one_build_at_a_time"  # build
    ONE_LOOSE_CARD = "one_loose_card"
    SAY_BUILD_VALUE = "say_build_value"  # values
    BUILD_IS_A_DOUBLE = "build_is_a_double"  # card, items, value
    NO_CARD_CAPTURES = "no_card_captures"  # value
    BUILD_SUM = "build_sum"  # card, items, values (what it makes), value (claimed, or 0)
    NOT_OWN_BUILD = "not_own_build"
    RAISE_ONE_CARD = "raise_one_card"
    LOCKED_BUILD = "locked_build"  # build
    PARTNER_MAY_NOT_RAISE = "partner_may_not_raise"
    SAY_RAISE_VALUE = "say_raise_value"  # values
    RAISE_SUM = "raise_sum"  # card, build, values, value
    DOUBLE_MIXED_VALUES = "double_mixed_values"
    DOUBLE_ONE_ITEM = "double_one_item"
    DOUBLE_DANISH = "double_danish"
    DOUBLE_KEEPS_VALUE = "double_keeps_value"  # total (the pile's value), value (claimed)
    DOUBLE_NO_SET = "double_no_set"  # card, items
    MUST_HOLD = "must_hold"  # value
    TOO_COMPLEX = "too_complex"
    # findings at the end of a deal or round
    UNBACKED_BUILD = "unbacked_build"  # value
    UNBACKED_RAISE = "unbacked_raise"  # value
    UNBACKED_DOUBLE = "unbacked_double"  # value
    BUILD_LEFT_AFTER_DEAL = "build_left_after_deal"  # build
    CARDS_NEVER_SEEN = "cards_never_seen"  # cards


Param = int | Card | Build | tuple[Item, ...] | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """A code and its parameters (cards, builds, values, seats), in a fixed order."""

    code: Why
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, code: Why, **params: Param) -> Reason:
        return cls(code, tuple(params.items()))

    def get(self, name: str) -> Param | None:
        return next((value for key, value in self.params if key == name), None)

    @property
    def names(self) -> frozenset[str]:
        return frozenset(key for key, _ in self.params)

"""What decided a play, as data: a stable code and its typed parameters.

The engine never words a ruling; the web layer does, in the reader's language, from
:class:`Reason`: the rule that refused a play, what a legal play did, the detail
behind a "why?" (every value tried, what is left over) and the findings at the end of
a deal. ``str()`` shows the data itself, for logs and tests.

>>> from .cards import Card
>>> r = Reason.of(Why.SUM_NOT, cards=(Card.parse("3S"), Card.parse("5H")), total=8, value=7)
>>> r.code, r.get("total"), r.get("cards")
(<Why.SUM_NOT: 'sum_not'>, 8, (Card.parse('3S'), Card.parse('5H')))
>>> Reason.of(Why.EMPTY_CAPTURE).params
()
>>> str(r)
'sum_not(cards=3♠+5♥, total=8, value=7)'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .table import Build, Item

__all__ = ["Param", "Reason", "Why"]


class Why(enum.StrEnum):
    """Every ruling of the referee: what a legal play did, why a play is refused, the
    detail behind a ruling, and every finding at the end of a deal. The values are
    stable (API, storage)."""

    # what a legal play did
    TAKES = "takes"  # card, items (the capture's groups are the verdict's)
    PAIRS = "pairs"  # card, items (a court card pairs one of its rank)
    TAKES_TABLE = "takes_table"  # card (the Danish 5♠ clears the table)
    TRAILS = "trails"  # card
    BUILDS = "builds"  # card, items, value
    # card, items, value (several sets: locked); of loose cards also sets: how many of
    # the items each set holds, in order, the card's set first (the card not counted)
    BUILDS_MULTIPLE = "builds_multiple"
    RAISES = "raises"  # card, build, value
    RAISES_TAKES_OVER = "raises_takes_over"  # card, build, value (an opponent's build)
    DOUBLES = "doubles"  # card, items, value
    ADDS_SET = "adds_set"  # card, items (from the table), builds, value
    AS_CLAIMED = "as_claimed"  # applied as the table claimed it, not judged
    # the detail behind a ruling
    COUNTS = "counts"  # card, values (what it counts everywhere)
    COUNTS_FROM_HAND = "counts_from_hand"  # card, hand, table (values)
    NO_NUMBER = "no_number"  # card (a court card that only pairs)
    LEFT_OVER_CARDS = "left_over_cards"  # cards (at best, after the sets of value)
    LEFT_OVER_SUM = "left_over_sum"  # sum, total (what the sum leaves over), value
    # why a play is refused

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
    NO_SETS = "no_sets"  # cards, totals (each sum they make), value (cards of several values)
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
    RAISE_ONE_CARD_MULTIPLE = "raise_one_card_multiple"  # Anglo: a set makes a multiple build
    LOCKED_BUILD = "locked_build"  # build
    PARTNER_MAY_NOT_RAISE = "partner_may_not_raise"
    SAY_RAISE_VALUE = "say_raise_value"  # values
    RAISE_SUM = "raise_sum"  # card, build, values, value
    DOUBLE_MIXED_VALUES = "double_mixed_values"
    DOUBLE_ONE_ITEM = "double_one_item"
    DOUBLE_DANISH = "double_danish"
    DOUBLE_KEEPS_VALUE = "double_keeps_value"  # total (the pile's value), value (claimed)
    MULTIPLE_KEEPS_VALUE = "multiple_keeps_value"  # total, value: the same, in Anglo words
    DOUBLE_NO_SET = "double_no_set"  # card, items
    MUST_HOLD = "must_hold"  # value
    LAST_CARD_BUILD = "last_card_build"  # card (the player's last of the deal), value
    LAST_CARD_KEEPS_BUILD = "last_card_keeps_build"  # card (the last of the deal), value
    TOO_COMPLEX = "too_complex"
    # findings at the end of a deal or round
    UNBACKED_BUILD = "unbacked_build"  # value
    UNBACKED_RAISE = "unbacked_raise"  # value
    UNBACKED_DOUBLE = "unbacked_double"  # value
    UNBACKED_KEPT = "unbacked_kept"  # value, card (a play that left the build owned)
    BUILD_LEFT_AFTER_DEAL = "build_left_after_deal"  # build
    CARDS_NEVER_SEEN = "cards_never_seen"  # cards
    MATCH_DECIDED = "match_decided"  # the match was decided during the round: no more plays
    # input that cannot be true (the error's ``why``; the API keeps its English message)
    TABLE_SIZE = "table_size"  # variant, players, size, given
    TABLE_DOWN = "table_down"  # the first table cards are already down
    TABLE_FIRST = "table_first"  # a play before the first table
    TURNED_UP = "turned_up"  # card, value (the play it turned up in, from 1)
    ON_FIRST_TABLE = "on_first_table"  # card (turned up on the first table)
    ROUND_OVER = "round_over"  # every card has been played
    NO_TABLE_ITEM = "no_table_item"  # value (the reference as given, from 0)
    SEATS_RANGE = "seats_range"  # variant, low, high
    SEATS_ALONE_OR_PAIRED = "seats_alone_or_paired"  # variant, low, high, paired (values)
    PARTNERS_NEED_FOUR = "partners_need_four"  # players
    SIDES_UNEQUAL = "sides_unequal"  # players, sides
    PAIRS_ODD = "pairs_odd"  # players (partnerships of two, an odd number of players)
    TALLY_NEGATIVE = "tally_negative"  # category
    TALLY_CARDS = "tally_cards"  # total, whole
    TALLY_SPADES = "tally_spades"  # total, whole
    TALLY_ACE_TWICE = "tally_ace_twice"  # card, count
    TALLY_ACES = "tally_aces"  # total, whole
    TALLY_CASINO = "tally_casino"  # category, packs
    TALLY_LAST_TWICE = "tally_last_twice"
    TALLY_LAST_MISSING = "tally_last_missing"  # whole
    TALLY_DOUBLE_SWEEPS = "tally_double_sweeps"
    TALLY_SPADES_OVER_CARDS = "tally_spades_over_cards"
    TALLY_CARDS_UNDER = "tally_cards_under"
    TALLY_SPADES_UNDER = "tally_spades_under"
    TALLY_SWEEPS_LAST_DEAL = "tally_sweeps_last_deal"  # count, most
    TALLY_SWEEPS = "tally_sweeps"  # count, plays, most
    TALLY_SWEEPS_SISTEN = "tally_sweeps_sisten"  # count, plays, most
    TALLY_SWEEPS_TOGETHER = "tally_sweeps_together"  # count, plays, most (all sides)
    TALLY_SWEEPS_TOGETHER_SISTEN = "tally_sweeps_together_sisten"  # count, plays, most
    TALLY_SWEEPS_CARDS = "tally_sweeps_cards"  # count (sweeps), least, pile (a side's cards)
    TALLY_LAST_NO_CARDS = "tally_last_no_cards"  # pile (a side's cards)
    TALLY_NOT_ACE = "tally_not_ace"  # card
    TALLY_MULLE_STEP = "tally_mulle_step"  # points, value (what each mulle scores)
    TALLY_MULLE_VALUE = "tally_mulle_value"  # points, pile (a side's cards), most


# a str is an identifier (a variant, a tally category), never words
Param = int | str | Card | Build | tuple[Item, ...] | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Reason:
    """A code and its parameters (cards, builds, values, seats), in a fixed order."""

    code: Why
    params: tuple[tuple[str, Param], ...] = ()

    def __reduce__(self) -> tuple[type[Reason], tuple[Any, ...]]:
        """Pickled as its fields, in order (a round's snapshot holds many)."""
        return Reason, (self.code, self.params)

    @classmethod
    def of(cls, code: Why, **params: Param) -> Reason:
        return cls(code, tuple(params.items()))

    def __str__(self) -> str:
        return f"{self.code}({', '.join(f'{k}={_shown(v)}' for k, v in self.params)})"

    def get(self, name: str) -> Param | None:
        return next((value for key, value in self.params if key == name), None)

    @property
    def names(self) -> frozenset[str]:
        return frozenset(key for key, _ in self.params)


def _shown(value: Param) -> str:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Build):
        return value.label
    if isinstance(value, tuple):
        joiner = "/" if all(isinstance(v, int) for v in value) else "+"
        return joiner.join(_shown(v) for v in value) if value else "()"
    return str(value)

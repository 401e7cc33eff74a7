"""Variants as data, and house rules as options over them.

Every rule system of RULES.md is one :class:`Variant` value: its card values,
building mode, deal, points, penalties and match end are all fields, so a
house-rule variant is data plus tests. A game is played under :class:`Rules`:
a variant plus the house options the table agreed on.

>>> rules = get_rules("norwegian")
>>> rules.hand_values(Card.parse("10D")), rules.table_values(Card.parse("10D"))
((16,), (10,))
>>> get_rules("swedish", {"target": 21}).target
21
>>> get_rules("swedish", {"colour": 1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.rules.variants.OptionError: 'colour' is not a house rule; the options are building, ...
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from .cards import BIG_CASINO, FIVE_OF_SPADES, LITTLE_CASINO, Card, pack
from .reasons import Reason, Why
from .table import Item, item_cards

__all__ = [
    "VARIANTS",
    "Building",
    "CardValues",
    "HalfDeal",
    "MatchEnd",
    "MulleScoring",
    "OptionError",
    "Penalties",
    "Rules",
    "SpadeScoring",
    "UnknownVariant",
    "Variant",
    "get_rules",
    "get_variant",
]


class UnknownVariant(ValueError):
    """A variant id the engine does not know."""


class OptionError(ValueError):
    """A house rule that does not exist, has the wrong type, or makes no sense here."""

    def __init__(self, message: str, option: str | None = None,
                 why: Reason | None = None) -> None:
        super().__init__(message)
        self.option = option
        self.why = why  # as data, where a player can meet it (the seating)


class Building(enum.StrEnum):
    """How builds are made (RULES.md §3.2)."""

    NONE = "none"
    NORDIC = "nordic"
    DANISH = "danish"
    ANGLO = "anglo"

    @property
    def one_on_one(self) -> bool:
        """A new build is the card played on exactly one loose card (Norwegian, Danish)."""
        return self in (Building.NORDIC, Building.DANISH)

    @property
    def builds_in_sets(self) -> bool:
        """A build may be several sets of its value, a multiple build (Anglo): a card laid
        on an item of its value adds a set to one, where the Nordic games double."""
        return self is Building.ANGLO

    @property
    def partner_may_raise(self) -> bool:
        """May the partner of a build's owner raise it? Never in Norwegian and Danish."""
        return self is Building.ANGLO

    @property
    def must_capture_next(self) -> bool:
        """Whoever builds, raises or doubles must capture on their next turn (Danish)."""
        return self is Building.DANISH

    @property
    def captured_within_the_deal(self) -> bool:
        """A build must be captured in the deal it was made (Danish)."""
        return self is Building.DANISH

    @property
    def owner_may_not_trail(self) -> bool:
        """The owner of a build may not trail (Anglo)."""
        return self is Building.ANGLO

    @property
    def owner_raises_by_default(self) -> bool:
        return self in (Building.DANISH, Building.ANGLO)

    @property
    def several_builds_by_default(self) -> bool:
        return self is Building.ANGLO


@dataclass(frozen=True)
class CardValues:
    """How cards count when capturing (RULES.md §2): (hand values, table values)."""

    ace: tuple[tuple[int, ...], tuple[int, ...]]
    big_casino: tuple[tuple[int, ...], tuple[int, ...]] = ((10,), (10,))
    little_casino: tuple[tuple[int, ...], tuple[int, ...]] = ((2,), (2,))
    courts_count: bool = True  # J 11, Q 12, K 13; else courts only pair

    def of(self, card: Card, *, hand: bool) -> tuple[int, ...]:
        if card.court:
            return (card.rank,) if self.courts_count else ()
        if card.ace:
            pair = self.ace
        elif card == BIG_CASINO:
            pair = self.big_casino
        elif card == LITTLE_CASINO:
            pair = self.little_casino
        else:
            return (card.rank,)
        return pair[0] if hand else pair[1]


SWEDISH_VALUES = CardValues(ace=((1, 14), (1, 14)))
NORDIC_VALUES = CardValues(ace=((14,), (1,)), big_casino=((16,), (10,)),
                           little_casino=((15,), (2,)))
DANISH_VALUES = CardValues(ace=((1, 14), (1, 14)), big_casino=((10, 16), (10, 16)),
                           little_casino=((2, 15), (2, 15)))
CLASSIC_VALUES = CardValues(ace=((1,), (1,)), courts_count=False)
KRYP_VALUES = CardValues(ace=((14,), (1,)))


class MatchEnd(enum.StrEnum):
    """How a match ends when sides reach the target (RULES.md §8)."""

    MOST_POINTS_THEN_SPADES = "most points, then most spades in that round"
    MOST_POINTS = "most points"
    HIGHEST_THEN_COUNT_OUT = "immediate points at once; else highest total, ties counted out"
    COUNT_OUT = "count out (cards, spades, 10♦, 2♠, aces, sweeps)"
    FEWEST_POINTS = "fewest penalty points"


class SpadeScoring(enum.StrEnum):
    MAJORITY = "majority"  # Variant.most_spades for most spades
    OVER_SIX = "over six"  # överspader: most_spades per spade over Variant.spades_over
    EACH = "each"  # mulle-glimne: spade_each a spade, ace_of_spades A♠ (2♠: little casino)


class MulleScoring(enum.StrEnum):
    NONE = "none"
    FIVE = "five"  # lone identical card: Variant.mulle_points
    CAPTURE_VALUE = "capture value"  # identical card among others: the hand value


@dataclass(frozen=True)
class Penalties:
    """Krypkasino's penalty points (RULES.md §7): what each card and sweep costs."""

    big_casino: int = 3
    little_casino: int = 2  # instead of its spade point
    ace: int = 1
    spade: int = 1  # so A♠ costs ace + spade
    sweep: int = 5  # to the sweeper, and taken off the player before
    twin_sweep: int = 10  # dubbeltabbe: a lone card taken by its identical twin

    def of(self, card: Card) -> int:
        if card == BIG_CASINO:
            return self.big_casino
        if card == LITTLE_CASINO:
            return self.little_casino
        return self.ace * card.ace + self.spade * card.spade


@dataclass(frozen=True)
class HalfDeal:
    """With ``players`` players the table starts with ``table`` cards and a first deal of
    ``hand`` cards each (Norwegian with 5 players: 52 = 2 + 10 + 40)."""

    players: int
    table: int
    hand: int


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    description: str
    packs: int
    values: CardValues
    building: Building
    table_cards: int
    hand_size: int
    min_players: int
    max_players: int
    target: int
    match_end: MatchEnd
    # points (RULES.md §6); 0 means the category does not score
    most_cards: int = 1
    most_spades: int = 2  # for most spades; with OVER_SIX for each spade over spades_over
    spade_scoring: SpadeScoring = SpadeScoring.MAJORITY
    spades_over: int = 6  # OVER_SIX: the spades a side takes before they score
    spade_each: int = 0  # EACH: what a spade scores (2♠ scores only as the little casino)
    ace_of_spades: int = 0  # EACH: what A♠ scores
    ace: int = 1
    big_casino: int = 2
    little_casino: int = 1
    last_capture: int = 1
    sweep: int = 1
    sweeps_optional: bool = False  # sweeps score only with the royal_sweeps option
    mulle: MulleScoring = MulleScoring.NONE
    mulle_points: int = 0  # each mulle, where a mulle scores a fixed number
    sweep_cancellation: bool = False
    # Finnish: cancellation is the variant's rule, not a default a table may turn off
    # (RULES.md §5: "finnish; danish by default; option elsewhere")
    cancellation_fixed: bool = False
    # Finnish: sweeps in the last deal do not score, nor once a side has this many points
    last_deal_sweeps_score: bool = True
    sweep_freeze: int | None = None
    spade_five_clears: bool = False
    penalties: Penalties | None = None  # Krypkasino: penalty points, compulsory capture
    half_deal: HalfDeal | None = None
    most_players_alone: int | None = None  # more players must play in partnerships
    round_total: int = 11  # points a round is worth before sweeps (docs and tests)
    sources: tuple[str, ...] = field(default=())  # the seeds (shared/seeds/<id>_*.txt)

    @property
    def reverse(self) -> bool:
        """Krypkasino: points are penalties, capturing is compulsory and maximal."""
        return self.penalties is not None

    @property
    def has_mulle(self) -> bool:
        return self.mulle is not MulleScoring.NONE

    def rules(self, options: Mapping[str, Any] | None = None) -> Rules:
        """The variant with the house rules ``options``: made once for each variant and
        options (a value of its own, immutable), so its tables of card values are worked
        out once, not in every request.

        >>> v = get_variant("swedish")
        >>> v.rules({"target": 21}) is v.rules({"target": 21}), v.rules({}).target
        (True, 16)
        """
        options = options or {}
        if not isinstance(options, Mapping):
            return Rules.make(self, options)
        # each value with its type, so that True and 1 (equal, with one hash) stay apart
        key = tuple(sorted((str(k), type(v).__name__, v) for k, v in options.items()))
        try:
            hash(key)
        except TypeError:  # a value no house rule takes (a list, ...): refused by make
            return Rules.make(self, options)
        return _made_rules(self, key)


OPTION_NAMES = (
    "building",
    "most_aces",
    "multiple_builds",
    "partnerships",
    "raise_own_build",
    "royal_sweeps",
    "sisten_is_sweep",
    "spade_five_clears",
    "sweep_cancellation",
    "target",
    "tie_carry_over",
)


@dataclass(frozen=True)
class Rules:
    """A variant with the table's house rules applied. Immutable."""

    variant: Variant
    target: int
    building: Building
    sweep_cancellation: bool
    multiple_builds: bool
    raise_own_build: bool
    most_aces: bool
    sisten_is_sweep: bool
    tie_carry_over: bool
    partnerships: bool | int
    sweeps_score: bool
    spade_five_clears: bool

    @classmethod
    def make(cls, variant: Variant, options: Mapping[str, Any]) -> Rules:
        if not isinstance(options, Mapping):
            raise OptionError("options must be an object of house rules", "options")
        for name in options:
            if name not in OPTION_NAMES:
                raise OptionError(
                    f"{name!r} is not a house rule; the options are {', '.join(OPTION_NAMES)}",
                    name,
                )
        v = variant

        def flag(name: str, default: bool) -> bool:
            value = options.get(name, default)
            if not isinstance(value, bool):
                raise OptionError(f"{name} must be true or false", name)
            return value

        target = options.get("target", v.target)
        if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= 1000:
            raise OptionError("target must be a whole number of points from 1 to 1000", "target")
        building_name = options.get("building", v.building.value)
        try:
            building = Building(building_name)
        except ValueError:
            raise OptionError(
                "building must be one of none, nordic, danish, anglo", "building"
            ) from None
        if v.reverse and building is not Building.NONE:
            raise OptionError(f"{v.name} is played without building", "building")
        sweeps_score = v.sweep > 0
        if "royal_sweeps" in options:
            if not v.sweeps_optional:
                where = " and ".join(o.name for o in VARIANTS.values() if o.sweeps_optional)
                raise OptionError(f"royal_sweeps only applies to {where}", "royal_sweeps")
            sweeps_score = flag("royal_sweeps", False)
        cancellation = flag("sweep_cancellation", v.sweep_cancellation)
        if v.cancellation_fixed and not cancellation:
            raise OptionError(f"in {v.name} sweeps always cancel", "sweep_cancellation")
        sisten = flag("sisten_is_sweep", False)
        if ((cancellation and "sweep_cancellation" in options) or sisten) and (
            not sweeps_score or v.reverse
        ):
            name = "sisten_is_sweep" if sisten else "sweep_cancellation"
            raise OptionError(f"{v.name} does not score sweeps, so {name} cannot apply", name)
        if sisten and not v.last_deal_sweeps_score:
            raise OptionError(
                f"in {v.name} sweeps in the last deal never score, so the last capture cannot "
                "count as one", "sisten_is_sweep",
            )
        most_aces = flag("most_aces", False)
        if most_aces and (v.ace == 0 or v.reverse):
            raise OptionError(f"{v.name} does not score aces one by one", "most_aces")
        tie_carry = flag("tie_carry_over", False)
        majorities = v.most_cards > 0 or most_aces or (
            v.most_spades > 0 and v.spade_scoring is SpadeScoring.MAJORITY)
        if tie_carry and (v.reverse or not majorities):  # Krypkasino; Mulle (Kortspelshandboken)
            raise OptionError(f"{v.name} has no majorities to carry over", "tie_carry_over")
        multiple = flag("multiple_builds", building.several_builds_by_default)
        raise_own = flag("raise_own_build", building.owner_raises_by_default)
        for name in ("multiple_builds", "raise_own_build"):
            if name in options and building is Building.NONE:
                raise OptionError(f"{v.name} is played without building", name)
        spade_five = flag("spade_five_clears", v.spade_five_clears)
        if spade_five and v.reverse:
            raise OptionError(f"the 5♠ rule does not apply to {v.name}", "spade_five_clears")
        partnerships = options.get("partnerships", False)
        if not isinstance(partnerships, bool) and not (
            isinstance(partnerships, int) and 2 <= partnerships <= 3
        ):
            raise OptionError(
                "partnerships must be true, false, or the number of sides (2 or 3)",
                "partnerships",
            )
        return cls(
            variant=v,
            target=target,
            building=building,
            sweep_cancellation=cancellation,
            multiple_builds=multiple,
            raise_own_build=raise_own,
            most_aces=most_aces,
            sisten_is_sweep=sisten,
            tie_carry_over=tie_carry,
            partnerships=partnerships,
            sweeps_score=sweeps_score,
            spade_five_clears=spade_five,
        )

    # -- values -----------------------------------------------------------
    @property
    def id(self) -> str:
        return self.variant.id

    @property
    def packs(self) -> int:
        return self.variant.packs

    @property
    def reverse(self) -> bool:
        return self.variant.reverse

    def __hash__(self) -> int:
        """The rules key what a request has searched (a card's captures on a table):
        hashed once, not field by field at every look-up."""
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(astuple(self))

    @property
    def builds(self) -> bool:
        """Is there building at all?"""
        return self.building is not Building.NONE

    @cached_property
    def _hand(self) -> dict[Card, tuple[int, ...]]:
        return {card: self.variant.values.of(card, hand=True) for card in pack()}

    @cached_property
    def _table(self) -> dict[Card, tuple[int, ...]]:
        return {card: self.variant.values.of(card, hand=False) for card in pack()}

    @cached_property
    def _order(self) -> dict[Card, tuple[int, int, int]]:
        return {card: (self._card_points(card), card.spade, card.order) for card in pack()}

    def card_facts(self, card: Card) -> tuple[int, int, int]:
        """(points, 1 for a spade, card order): what ranks a capture (RULES.md §3.1)."""
        return self._order[card]

    def hand_values(self, card: Card) -> tuple[int, ...]:
        """The values a card may take when it is the card played."""
        return self._hand[card]

    def table_values(self, card: Card) -> tuple[int, ...]:
        """The values a card may take on the table (captured or in a build)."""
        return self._table[card]

    def can_build_with(self, card: Card) -> bool:
        """Court cards have no number in classic and never build."""
        return bool(self.table_values(card))

    def clears_table(self, card: Card) -> bool:
        """The Danish 5♠ rule: this card may capture the whole table."""
        return self.spade_five_clears and card == FIVE_OF_SPADES

    def values_note(self, card: Card) -> Reason | None:
        """The value rule of this card, where it is not its face value."""
        hand = self.hand_values(card)
        table = self.table_values(card)
        if not hand:
            return Reason.of(Why.NO_NUMBER, card=card)
        if hand == table and len(hand) == 1 and (hand[0] == card.rank):
            return None
        if hand == table:
            return Reason.of(Why.COUNTS, card=card, values=hand)
        return Reason.of(Why.COUNTS_FROM_HAND, card=card, hand=hand, table=table)

    def card_points(self, card: Card) -> int:
        """Points the card itself is worth at the end of a round (no majorities)."""
        return self._order[card][0]

    def _card_points(self, card: Card) -> int:
        v = self.variant
        if v.penalties is not None:
            return v.penalties.of(card)
        points = 0
        if card == BIG_CASINO:
            points += v.big_casino
        if card == LITTLE_CASINO:
            points += v.little_casino
        elif card.spade and v.spade_scoring is SpadeScoring.EACH:
            points += v.ace_of_spades if card.ace else v.spade_each
        if card.ace and not self.most_aces:
            points += v.ace
        return points

    def mulle_value(self, card: Card, taken: Sequence[Item]) -> int:
        """What taking the table items ``taken`` with ``card`` scores as a mulle (RULES.md
        §6): in Mulle the identical card taken alone, a fixed number; in Mulle
        (Kortspelshandboken) the identical card anywhere among them, the card's hand value.

        >>> seven = Card.parse("7H")
        >>> mulle = get_rules("mulle")
        >>> mulle.mulle_value(seven, [seven]), mulle.mulle_value(seven, [seven, Card.parse("3C")])
        (5, 0)
        >>> get_rules("mulle-glimne").mulle_value(seven, [seven, Card.parse("3C")])
        7
        """
        v = self.variant
        if v.mulle is MulleScoring.FIVE:
            return v.mulle_points if len(taken) == 1 and taken[0] == card else 0
        if v.mulle is MulleScoring.CAPTURE_VALUE and any(card in item_cards(i) for i in taken):
            return max(self.hand_values(card))
        return 0

    def immediate_points(self, card: Card) -> int:
        """Points credited the moment the card is captured (Finnish: aces and casinos)."""
        if card.ace or card in (BIG_CASINO, LITTLE_CASINO):
            return self.card_points(card)
        return 0

    @property
    def categories(self) -> tuple[str, ...]:
        """The point categories this game can score, in score-sheet order; where the match
        is counted out (Royal Casino), in the order it counts out (RULES §8: cards,
        spades, 10♦, 2♠, aces, sweeps), so the sheet reads as the count goes.

        >>> get_rules("royal", {"royal_sweeps": True}).categories
        ('cards', 'spades', 'big_casino', 'little_casino', 'aces', 'sweeps')
        >>> get_rules("classic").categories
        ('cards', 'spades', 'aces', 'big_casino', 'little_casino')
        """
        v = self.variant
        scored = {
            "cards": v.most_cards > 0,
            "spades": v.most_spades > 0 or v.spade_scoring is not SpadeScoring.MAJORITY
            or v.reverse,
            "aces": v.ace > 0 or v.reverse,
            "big_casino": v.big_casino > 0 or v.reverse,
            "little_casino": v.little_casino > 0 or v.reverse,
            "last_capture": v.last_capture > 0,
            "sweeps": self.sweeps_score or v.reverse,
            "mulle": v.mulle is not MulleScoring.NONE,
        }
        order = COUNT_OUT_ORDER if v.match_end is MatchEnd.COUNT_OUT else scored
        return tuple(name for name in order if scored[name])


# the categories in the order a counted-out match credits them (RULES §8, Royal Casino)
COUNT_OUT_ORDER = ("cards", "spades", "big_casino", "little_casino", "aces", "last_capture",
                    "sweeps", "mulle")

_SWEDISH_SOURCE = ("000",)

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in [
        Variant(
            id="swedish", name="Swedish Kasino",
            description="No building; aces 1 or 14; tabbe and sistan score; to 16.",
            packs=1, values=SWEDISH_VALUES, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=16,
            match_end=MatchEnd.MOST_POINTS_THEN_SPADES, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="finnish", name="Finnish Kasino",
            description="No building; A 14, 10♦ 16, 2♠ 15 from the hand; mökkis cancel; "
            "aces and casinos count at once; to 16.",
            packs=1, values=NORDIC_VALUES, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=16,
            match_end=MatchEnd.HIGHEST_THEN_COUNT_OUT, last_capture=0,
            sweep_cancellation=True, cancellation_fixed=True, last_deal_sweeps_score=False,
            sweep_freeze=10, round_total=10, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="norwegian", name="Norwegian Kasino",
            description="Building and doubling; A 14, 10♦ 16, 2♠ 15 from the hand; to 16.",
            packs=1, values=NORDIC_VALUES, building=Building.NORDIC,
            table_cards=4, hand_size=4, min_players=2, max_players=5, target=16,
            match_end=MatchEnd.MOST_POINTS_THEN_SPADES, most_spades=1, round_total=10,
            half_deal=HalfDeal(players=5, table=2, hand=2),
            sources=("002",),
        ),
        Variant(
            id="danish", name="Danish Kasino",
            description="Building more; A, 10♦ and 2♠ count two ways; 5♠ clears the table; to 21.",
            packs=1, values=DANISH_VALUES, building=Building.DANISH,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.MOST_POINTS, sweep_cancellation=True, spade_five_clears=True,
            sources=("003",),
        ),
        Variant(
            id="classic", name="Casino (Anglo-American)",
            description="Courts only pair; builds and multiple builds; most cards 3; to 21.",
            packs=1, values=CLASSIC_VALUES, building=Building.ANGLO,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.MOST_POINTS, most_cards=3, most_spades=1, last_capture=0,
            sweep=0, sources=("004",),
        ),
        Variant(
            id="royal", name="Royal Casino",
            description="Casino with J 11, Q 12, K 13 and aces 1 or 14; count out to 21.",
            packs=1, values=SWEDISH_VALUES, building=Building.ANGLO,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.COUNT_OUT, most_cards=3, most_spades=1, last_capture=0,
            sweep=0, sweeps_optional=True, sources=("004",),
        ),
        Variant(
            id="overspader", name="Överspader",
            description="Swedish Kasino where each spade over six scores 1; to 21.",
            packs=1, values=SWEDISH_VALUES, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.MOST_POINTS_THEN_SPADES, most_spades=1,
            spade_scoring=SpadeScoring.OVER_SIX, round_total=9, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="mulle", name="Mulle",
            description="Two packs, five cards each; a lone identical card is a mulle worth 5.",
            packs=2, values=SWEDISH_VALUES, building=Building.NONE,
            table_cards=5, hand_size=5, min_players=2, max_players=4, target=50,
            match_end=MatchEnd.MOST_POINTS, most_cards=0, most_spades=1,
            mulle=MulleScoring.FIVE, mulle_points=5, round_total=16, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="mulle-glimne", name="Mulle (Kortspelshandboken)",
            description="Two packs, building, Finnish values; a mulle scores the card's value; "
            "2 players, or 4 in pairs.",
            packs=2, values=NORDIC_VALUES, building=Building.ANGLO,
            table_cards=8, hand_size=4, min_players=2, max_players=4, target=50,
            match_end=MatchEnd.MOST_POINTS, most_cards=0, most_spades=0,
            spade_scoring=SpadeScoring.EACH, spade_each=1, ace_of_spades=2, ace=0,
            big_casino=3, little_casino=2,
            last_capture=0, mulle=MulleScoring.CAPTURE_VALUE, most_players_alone=2,
            round_total=36, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="krypkasino", name="Krypkasino",
            description="Reverse Kasino with two packs: capture is compulsory, avoid points; "
            "to 50.",
            packs=2, values=KRYP_VALUES, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=6, target=50,
            match_end=MatchEnd.FEWEST_POINTS, most_cards=0, most_spades=0, ace=0,
            big_casino=0, little_casino=0, last_capture=0, sweep=0, penalties=Penalties(),
            round_total=42, sources=("000", "002"),
        ),
    ]
}


def get_variant(variant_id: str) -> Variant:
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise UnknownVariant(
            f"{variant_id!r} is not a variant; choose one of {' '.join(VARIANTS)}"
        )
    return VARIANTS[variant_id]


@lru_cache(maxsize=512)
def _made_rules(variant: Variant, key: tuple[tuple[str, str, Any], ...]) -> Rules:
    return Rules.make(variant, {name: value for name, _type, value in key})


def get_rules(variant_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a variant with house options applied."""
    return get_variant(variant_id).rules(options)


# the house rules that are a yes or a no (beside building, partnerships and the target)
HOUSE_FLAGS = tuple(name for name in OPTION_NAMES
                    if name not in ("building", "partnerships", "target"))


@lru_cache(maxsize=64)  # one a variant and building
def house_rules(variant_id: str, building: Building | None = None) -> tuple[str, ...]:
    """The house rules a table may set otherwise than the variant plays them: ``building``
    if another way of building is allowed, and each yes-or-no rule that some value of it
    changes, with ``building`` chosen (None: the variant's own); none if that building
    is refused.

    >>> house_rules("krypkasino")  # no building, no sweeps, no majorities (RULES §7)
    ()
    >>> "tie_carry_over" in house_rules("mulle"), "tie_carry_over" in house_rules("mulle-glimne")
    (True, False)
    >>> "multiple_builds" in house_rules("swedish"), "royal_sweeps" in house_rules("royal")
    (False, True)
    >>> "multiple_builds" in house_rules("swedish", Building.NORDIC)
    True
    """
    v = get_variant(variant_id)
    chosen = {} if building is None else {"building": building.value}
    try:
        own = v.rules(chosen)
    except OptionError:
        return ()
    trials = [("building", b.value) for b in Building if building is None] + [
        (name, value) for name in HOUSE_FLAGS for value in (True, False)]
    found: list[str] = []
    for name, value in trials:
        if name in found:
            continue
        try:
            changed = v.rules({**chosen, name: value})
        except OptionError:
            continue
        if changed != own:
            found.append(name)
    return tuple(found)

"""Variants as data, and house rules as options over them.

Every rule system of RULES.md is one :class:`Variant` value. A game is played
under :class:`Rules`: a variant plus the house options the table agreed on.

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
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import BIG_CASINO, LITTLE_CASINO, Card

__all__ = [
    "VARIANTS",
    "Building",
    "MatchEnd",
    "OptionError",
    "Rules",
    "UnknownVariant",
    "ValueScheme",
    "Variant",
    "get_rules",
]


class UnknownVariant(ValueError):
    """A variant id the engine does not know."""


class OptionError(ValueError):
    """A house rule that does not exist, has the wrong type, or makes no sense here."""

    def __init__(self, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.option = option


class Building(enum.Enum):
    NONE = "none"
    NORDIC = "nordic"
    DANISH = "danish"
    ANGLO = "anglo"


class ValueScheme(enum.Enum):
    """How cards count when capturing (RULES.md §2)."""

    SWEDISH = "swedish"  # A 1 or 14 everywhere
    NORDIC = "nordic"  # A 14/1, 10♦ 16/10, 2♠ 15/2 (hand/table)
    DANISH = "danish"  # A, 10♦, 2♠ dual everywhere
    CLASSIC = "classic"  # A 1, courts pair only
    KRYP = "kryp"  # A 14 from the hand, 1 on the table


class MatchEnd(enum.Enum):
    """How a match ends when sides reach the target (RULES.md §8)."""

    MOST_POINTS_THEN_SPADES = "most points, then most spades in that round"
    MOST_POINTS = "most points"
    COUNT_OUT_FINNISH = "count out (aces and casinos as captured)"
    COUNT_OUT_ROYAL = "count out (cards, spades, 10♦, 2♠, aces, sweeps)"
    FEWEST_POINTS = "fewest penalty points"


class SpadeScoring(enum.Enum):
    MAJORITY = "majority"
    OVER_SIX = "over six"  # överspader: 1 per spade over 6
    EACH = "each"  # mulle-glimne: 1 each, A♠ 2 (2♠ scores as little casino)


class MulleScoring(enum.Enum):
    NONE = "none"
    FIVE = "five"  # lone identical card: 5 points
    CAPTURE_VALUE = "capture value"  # identical card among others: the hand value


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    description: str
    packs: int
    values: ValueScheme
    building: Building
    table_cards: int
    hand_size: int
    min_players: int
    max_players: int
    target: int
    match_end: MatchEnd
    # points (RULES.md §6); 0 means the category does not score
    most_cards: int = 1
    most_spades: int = 2
    spade_scoring: SpadeScoring = SpadeScoring.MAJORITY
    ace: int = 1
    big_casino: int = 2
    little_casino: int = 1
    last_capture: int = 1
    sweep: int = 1
    mulle: MulleScoring = MulleScoring.NONE
    sweep_cancellation: bool = False
    finnish_sweeps: bool = False
    spade_five_clears: bool = False
    reverse: bool = False  # krypkasino: penalty points, compulsory capture
    round_total: int = 11  # points a round is worth before sweeps (docs and tests)
    sources: tuple[str, ...] = field(default=())

    def rules(self, options: Mapping[str, Any] | None = None) -> Rules:
        return Rules.make(self, options or {})


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
            raise OptionError("Krypkasino is played without building", "building")
        sweeps_score = v.sweep > 0
        if "royal_sweeps" in options:
            if v.id != "royal":
                raise OptionError("royal_sweeps only applies to Royal Casino", "royal_sweeps")
            sweeps_score = flag("royal_sweeps", False)
        cancellation = flag("sweep_cancellation", v.sweep_cancellation)
        sisten = flag("sisten_is_sweep", False)
        if ((cancellation and "sweep_cancellation" in options) or sisten) and (
            not sweeps_score or v.reverse
        ):
            name = "sisten_is_sweep" if sisten else "sweep_cancellation"
            raise OptionError(f"{v.name} does not score sweeps, so {name} cannot apply", name)
        if sisten and v.finnish_sweeps:
            raise OptionError(
                f"in {v.name} sweeps in the last deal never score, so the last capture cannot "
                "count as one", "sisten_is_sweep",
            )
        most_aces = flag("most_aces", False)
        if most_aces and (v.ace == 0 or v.reverse):
            raise OptionError(f"{v.name} does not score aces one by one", "most_aces")
        tie_carry = flag("tie_carry_over", False)
        if tie_carry and v.reverse:
            raise OptionError("Krypkasino has no majorities to carry over", "tie_carry_over")
        multiple = flag("multiple_builds", building is Building.ANGLO)
        raise_own = flag("raise_own_build", building in (Building.DANISH, Building.ANGLO))
        for name in ("multiple_builds", "raise_own_build"):
            if name in options and building is Building.NONE:
                raise OptionError(f"{v.name} is played without building", name)
        spade_five = flag("spade_five_clears", v.spade_five_clears)
        if spade_five and v.reverse:
            raise OptionError("the 5♠ rule does not apply to Krypkasino", "spade_five_clears")
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

    def hand_values(self, card: Card) -> tuple[int, ...]:
        """The values a card may take when it is the card played."""
        return _values(self.variant.values, card, hand=True)

    def table_values(self, card: Card) -> tuple[int, ...]:
        """The values a card may take on the table (captured or in a build)."""
        return _values(self.variant.values, card, hand=False)

    def can_build_with(self, card: Card) -> bool:
        """Court cards have no number in classic and never build."""
        return bool(self.table_values(card))

    def values_note(self, card: Card) -> str | None:
        """A sentence on the value rule of this card, where it is not its face value."""
        hand = self.hand_values(card)
        table = self.table_values(card)
        if not hand:
            return f"in {self.variant.name} a {card.rank_name} has no number: it only pairs"
        if hand == table and len(hand) == 1 and (hand[0] == card.rank):
            return None
        hand_text = " or ".join(str(v) for v in hand)
        if hand == table:
            return f"{card.symbol} counts {hand_text}"
        table_text = " or ".join(str(v) for v in table)
        return f"from the hand {card.symbol} counts {hand_text} (on the table {table_text})"

    def card_points(self, card: Card) -> int:
        """Points the card itself is worth at the end of a round (no majorities)."""
        v = self.variant
        if v.reverse:
            return kryp_penalty(card)
        points = 0
        if card == BIG_CASINO:
            points += v.big_casino
        if card == LITTLE_CASINO:
            points += v.little_casino
        elif card.spade and v.spade_scoring is SpadeScoring.EACH:
            points += 2 if card.ace else 1
        if card.ace and not self.most_aces:
            points += v.ace
        return points

    @property
    def categories(self) -> tuple[str, ...]:
        """The point categories this game can score, in score-sheet order."""
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
        return tuple(name for name, on in scored.items() if on)

    def with_options(self, **options: Any) -> Rules:
        return replace(self, **options)


def kryp_penalty(card: Card) -> int:
    """Krypkasino penalty points of one card (RULES.md §7)."""
    if card == BIG_CASINO:
        return 3
    if card == LITTLE_CASINO:
        return 2
    if card.ace and card.spade:
        return 2
    if card.ace or card.spade:
        return 1
    return 0


def _values(scheme: ValueScheme, card: Card, *, hand: bool) -> tuple[int, ...]:
    rank = card.rank
    if scheme is ValueScheme.CLASSIC:
        return () if rank > 10 else (rank,)
    if card.ace:
        if scheme in (ValueScheme.SWEDISH, ValueScheme.DANISH):
            return (1, 14)
        return (14,) if hand else (1,)
    if scheme is ValueScheme.NORDIC and hand:
        if card == BIG_CASINO:
            return (16,)
        if card == LITTLE_CASINO:
            return (15,)
    if scheme is ValueScheme.DANISH:
        if card == BIG_CASINO:
            return (10, 16)
        if card == LITTLE_CASINO:
            return (2, 15)
    return (rank,)


_SWEDISH_SOURCE = ("seed 000 (pagat, Nordic Casino)",)

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in [
        Variant(
            id="swedish", name="Swedish Kasino",
            description="No building; aces 1 or 14; tabbe and sistan score; to 16.",
            packs=1, values=ValueScheme.SWEDISH, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=16,
            match_end=MatchEnd.MOST_POINTS_THEN_SPADES, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="finnish", name="Finnish Kasino",
            description="No building; A 14, 10♦ 16, 2♠ 15 from the hand; mökkis cancel; "
            "count out to 16.",
            packs=1, values=ValueScheme.NORDIC, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=16,
            match_end=MatchEnd.COUNT_OUT_FINNISH, last_capture=0,
            sweep_cancellation=True, finnish_sweeps=True, round_total=10,
            sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="norwegian", name="Norwegian Kasino",
            description="Building and doubling; A 14, 10♦ 16, 2♠ 15 from the hand; to 16.",
            packs=1, values=ValueScheme.NORDIC, building=Building.NORDIC,
            table_cards=4, hand_size=4, min_players=2, max_players=5, target=16,
            match_end=MatchEnd.MOST_POINTS_THEN_SPADES, most_spades=1, round_total=10,
            sources=("seed 002 (Norwegian rule sheet)",),
        ),
        Variant(
            id="danish", name="Danish Kasino",
            description="Building more; A, 10♦ and 2♠ count two ways; 5♠ clears the table; to 21.",
            packs=1, values=ValueScheme.DANISH, building=Building.DANISH,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.MOST_POINTS, sweep_cancellation=True, spade_five_clears=True,
            sources=("seed 003 (Danish Wikipedia)",),
        ),
        Variant(
            id="classic", name="Casino (Anglo-American)",
            description="Courts only pair; builds and multiple builds; most cards 3; to 21.",
            packs=1, values=ValueScheme.CLASSIC, building=Building.ANGLO,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.MOST_POINTS, most_cards=3, most_spades=1, last_capture=0,
            sweep=0, sources=("seed 004 (Bicycle rules)",),
        ),
        Variant(
            id="royal", name="Royal Casino",
            description="Casino with J 11, Q 12, K 13 and aces 1 or 14; count out to 21.",
            packs=1, values=ValueScheme.SWEDISH, building=Building.ANGLO,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.COUNT_OUT_ROYAL, most_cards=3, most_spades=1, last_capture=0,
            sweep=0, sources=("seed 004 (Bicycle rules)",),
        ),
        Variant(
            id="overspader", name="Överspader",
            description="Swedish Kasino where each spade over six scores 1; to 21.",
            packs=1, values=ValueScheme.SWEDISH, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=4, target=21,
            match_end=MatchEnd.MOST_POINTS_THEN_SPADES, most_spades=1,
            spade_scoring=SpadeScoring.OVER_SIX, round_total=9, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="mulle", name="Mulle",
            description="Two packs, five cards each; a lone identical card is a mulle worth 5.",
            packs=2, values=ValueScheme.SWEDISH, building=Building.NONE,
            table_cards=5, hand_size=5, min_players=2, max_players=4, target=50,
            match_end=MatchEnd.MOST_POINTS, most_cards=0, most_spades=1,
            mulle=MulleScoring.FIVE, round_total=16, sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="mulle-glimne", name="Mulle (Kortspelshandboken)",
            description="Two packs, building, Finnish values; a mulle scores the card's value.",
            packs=2, values=ValueScheme.NORDIC, building=Building.ANGLO,
            table_cards=8, hand_size=4, min_players=2, max_players=4, target=50,
            match_end=MatchEnd.MOST_POINTS, most_cards=0, most_spades=0,
            spade_scoring=SpadeScoring.EACH, ace=0, big_casino=3, little_casino=2,
            last_capture=0, mulle=MulleScoring.CAPTURE_VALUE, round_total=36,
            sources=_SWEDISH_SOURCE,
        ),
        Variant(
            id="krypkasino", name="Krypkasino",
            description="Reverse Kasino with two packs: capture is compulsory, avoid points; "
            "to 50.",
            packs=2, values=ValueScheme.KRYP, building=Building.NONE,
            table_cards=4, hand_size=4, min_players=2, max_players=6, target=50,
            match_end=MatchEnd.FEWEST_POINTS, most_cards=0, most_spades=0, ace=0,
            big_casino=0, little_casino=0, last_capture=0, sweep=0, reverse=True,
            round_total=42, sources=("seed 000 (pagat)", "seed 002"),
        ),
    ]
}


def get_variant(variant_id: str) -> Variant:
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        raise UnknownVariant(
            f"{variant_id!r} is not a variant; choose one of {' '.join(VARIANTS)}"
        )
    return VARIANTS[variant_id]


def get_rules(variant_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a variant with house options applied."""
    return get_variant(variant_id).rules(options)

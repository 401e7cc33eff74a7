"""A variant's rules page, computed from the engine's data and nothing else.

:func:`describe` asks the engine (values, deal schedule, points, house-rule
checks) and puts its answers into words; so the page cannot disagree with the
referee.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from ..rules.cards import BIG_CASINO, LITTLE_CASINO, Card, Suit, pack
from ..rules.round import deal_schedule, sides_of
from ..rules.variants import (
    OPTION_NAMES,
    Building,
    MatchEnd,
    MulleScoring,
    OptionError,
    Rules,
    SpadeScoring,
    Variant,
)
from .texts import (
    BUILD_BACKING,
    BUILDING_NAMES,
    BUILDING_SUMMARIES,
    HOUSE_RULES,
    MATCH_END_SUMMARIES,
    MULLE_SUMMARIES,
    SPADE_SUMMARIES,
)

ACE = Card.parse("AH")
COURTS = (Card.parse("JH"), Card.parse("QH"), Card.parse("KH"))


@dataclass(frozen=True)
class ValueRow:
    key: str  # an id for the row: A, 10D, 2S, J, Q, K
    label: str
    card: Card | None  # shown as a card when the row is one card
    hand: str
    table: str


@dataclass(frozen=True)
class DealPart:
    count: int  # this many deals in a row ...
    sizes: tuple[int, ...]  # ... of these hand sizes, from the dealer's left

    @property
    def even(self) -> bool:
        return len(set(self.sizes)) == 1


@dataclass(frozen=True)
class DealRow:
    players: int
    table: int
    deals: int
    parts: tuple[DealPart, ...]


@dataclass(frozen=True)
class PointRow:
    key: str
    label: str
    points: int
    text: str


@dataclass(frozen=True)
class HouseRule:
    name: str
    label: str
    state: str


@dataclass(frozen=True)
class Page:
    variant: Variant
    rules: Rules
    values: list[ValueRow]
    deals: list[DealRow]
    building_name: str
    building: list[str]
    points: list[PointRow]
    points_notes: list[str]
    sweeps: list[str]
    penalties: list[PointRow]
    penalty_total: int
    krypkasino: list[str]
    match_end: list[str]
    house_rules: list[HouseRule]
    decisions: list[str]
    players: range


def describe(rules: Rules) -> Page:
    v = rules.variant
    penalties, penalty_total = _penalties(rules)
    return Page(
        variant=v,
        rules=rules,
        players=range(v.min_players, v.max_players + 1),
        values=_values(rules),
        deals=_deals(rules),
        building_name=str(BUILDING_NAMES[rules.building]),
        building=_building(rules),
        points=[] if v.reverse else _points(rules),
        points_notes=[] if v.reverse else _points_notes(rules),
        sweeps=[] if v.reverse else _sweeps(rules),
        penalties=penalties,
        penalty_total=penalty_total,
        krypkasino=_krypkasino(rules),
        match_end=[str(text) % {"aces": " ".join(s.symbol for s in Suit)}
                   for text in MATCH_END_SUMMARIES[v.match_end]],
        house_rules=_house_rules(rules),
        decisions=_decisions(rules),
    )


# -- cards and the deal ---------------------------------------------------------

def _values_text(values: tuple[int, ...]) -> str:
    if not values:
        return _("no number: it only pairs a card of its own rank")
    if len(values) == 2:
        return _("%(a)d or %(b)d", a=values[0], b=values[1])
    return ", ".join(str(v) for v in values)


def _values(rules: Rules) -> list[ValueRow]:
    rows = [ValueRow("A", _("A (every ace)"), None, _values_text(rules.hand_values(ACE)),
                     _values_text(rules.table_values(ACE)))]
    for card in (BIG_CASINO, LITTLE_CASINO):
        rows.append(ValueRow(card.code, card.symbol, card, _values_text(rules.hand_values(card)),
                             _values_text(rules.table_values(card))))
    for court in COURTS:
        rows.append(ValueRow(court.rank_name, court.rank_name, None,
                             _values_text(rules.hand_values(court)),
                             _values_text(rules.table_values(court))))
    return rows


def _deals(rules: Rules) -> list[DealRow]:
    v = rules.variant
    rows = []
    for players in range(v.min_players, v.max_players + 1):
        table, deals = deal_schedule(rules, players, players - 1)  # seat 1 left of the dealer
        parts: list[DealPart] = []
        for sizes in deals:
            if parts and parts[-1].sizes == tuple(sizes):
                parts[-1] = DealPart(parts[-1].count + 1, parts[-1].sizes)
            else:
                parts.append(DealPart(1, tuple(sizes)))
        rows.append(DealRow(players, table, len(deals), tuple(parts)))
    return rows


# -- building -------------------------------------------------------------------

def _building(rules: Rules) -> list[str]:
    lines = [str(text) for text in BUILDING_SUMMARIES[rules.building]]
    if rules.building is Building.NONE:
        return lines
    lines.append(_("A player may own several builds at once.") if rules.multiple_builds
                 else _("A player may own only one build at a time."))
    lines.append(_("A player may raise their own build.") if rules.raise_own_build
                 else _("A player may not add to their own build."))
    if not all(rules.can_build_with(c) for c in COURTS):
        lines.append(_("Court cards have no number and cannot be built; only number cards "
                       "build."))
    lines.append(str(BUILD_BACKING))
    return lines


# -- points ---------------------------------------------------------------------

def _row(key: str, label: str, points: int, text: str | None = None) -> PointRow:
    if not points:
        return PointRow(key, label, 0, _("not scored"))
    return PointRow(key, label, points, text or str(points))


def _points(rules: Rules) -> list[PointRow]:
    v = rules.variant
    each = v.packs > 1
    spades_text = str(SPADE_SUMMARIES[v.spade_scoring]) % {
        "n": max(v.most_spades, 1), "ace": rules.card_points(Card.parse("AS")),
    }
    spade_points = v.most_spades if v.spade_scoring is not SpadeScoring.EACH else 1
    rows = [
        _row("most_cards", _("Most cards"), v.most_cards),
        _row("spades", _("Spades"), spade_points, spades_text),
        _row("ace", _("Each ace"), v.ace),
        _row("big_casino", _("Big casino (10♦)"), v.big_casino,
             _("%(n)d each", n=v.big_casino) if each else None),
        _row("little_casino", _("Little casino (2♠)"), v.little_casino,
             _("%(n)d each", n=v.little_casino) if each else None),
        _row("last_capture", _("Last capture"), v.last_capture),
        _row("sweep", _("Each sweep"), v.sweep if rules.sweeps_score else 0),
    ]
    mulle = MULLE_SUMMARIES[v.mulle]
    mulle_points = (v.mulle_points if v.mulle is MulleScoring.FIVE
                    else int(v.mulle is not MulleScoring.NONE))
    rows.append(_row("mulle", _("Mulle"), mulle_points, None if mulle is None else str(mulle) % {
        "n": mulle_points, "ace": max(rules.hand_values(Card.parse("AH"))),
        "big": max(rules.hand_values(BIG_CASINO)),
    }))
    return rows


def _points_notes(rules: Rules) -> list[str]:
    v = rules.variant
    notes = []
    extra = v.mulle is not MulleScoring.NONE
    if rules.sweeps_score and extra:
        notes.append(_("Without sweeps and mulles a round is worth %(n)d points.",
                       n=v.round_total))
    elif rules.sweeps_score:
        notes.append(_("Without sweeps a round is worth %(n)d points.", n=v.round_total))
    elif extra:
        notes.append(_("Without mulles a round is worth %(n)d points.", n=v.round_total))
    else:
        notes.append(_("A round is worth %(n)d points.", n=v.round_total))
    spades = bool(v.most_spades) and v.spade_scoring is SpadeScoring.MAJORITY
    if v.most_cards and spades:
        notes.append(_("A tie for most cards or most spades gives nobody the points."))
    elif v.most_cards or spades:
        notes.append(_("A tie for most cards gives nobody the points.") if v.most_cards
                     else _("A tie for most spades gives nobody the points."))
    return notes


def _sweeps(rules: Rules) -> list[str]:
    v = rules.variant
    lines = []
    if rules.sweeps_score:
        lines.append(_("A sweep is a capture that leaves the table empty; it scores %(n)d. "
                       "After a sweep the next player must trail.", n=v.sweep))
        lines.append(_("If the last card played clears the table it is a sweep too; cards that "
                       "are only inherited at the end of the round are not."))
    elif _available(v, "royal_sweeps", True):
        lines.append(_("Sweeps do not score, unless the table plays the house rule that they "
                       "do."))
    else:
        lines.append(_("Sweeps do not score in %(name)s.", name=v.name))
    if not v.last_deal_sweeps_score:
        lines.append(_("Sweeps made in the last deal do not score."))
        lines.append(_("A sweep does not score if any side already has 10 or more match points "
                       "before the move that sweeps, counting the points of earlier captures "
                       "in the same round."))
    if rules.sweep_cancellation:
        lines.append(_("Sweeps cancel: whenever every side has at least one sweep, each side "
                       "turns one down. Each side keeps its count minus the smallest count "
                       "among all sides."))
    elif _available(v, "sweep_cancellation", True):
        lines.append(_("Sweeps do not cancel each other (a house rule can make them)."))
    if rules.spade_five_clears:
        lines.append(_("The 5♠ rule: 5♠ may capture the whole table, whatever lies on it, and "
                       "that counts as a sweep. Played otherwise it is an ordinary 5."))
    elif _available(v, "spade_five_clears", True):
        lines.append(_("There is no 5♠ rule: 5♠ is an ordinary 5 (a house rule can let it "
                       "take the whole table)."))
    return lines


def _penalties(rules: Rules) -> tuple[list[PointRow], int]:
    v = rules.variant
    if not v.reverse:
        return [], 0
    examples = [
        ("big_casino", _("Big casino (10♦)"), BIG_CASINO),
        ("little_casino", _("Little casino (2♠)"), LITTLE_CASINO),
        ("ace_of_spades", _("A♠"), Card.parse("AS")),
        ("ace", _("Every other ace"), Card.parse("AH")),
        ("spade", _("Every other spade"), Card.parse("3S")),
        ("other", _("Every other card"), Card.parse("3H")),
    ]
    rows = [_row(key, label, rules.card_points(card)) for key, label, card in examples]
    return rows, sum(rules.card_points(card) for card in pack(v.packs))


def _krypkasino(rules: Rules) -> list[str]:
    if not rules.reverse:
        return []
    return [
        _("Capture is compulsory: a card that can capture must, and the capture must be "
          "maximal: no larger legal capture of the same value may contain it. Only a card "
          "that captures nothing may be trailed."),
        _("Points are penalty points: the fewer, the better."),
        _("A sweep gives the sweeper 5 penalty points and takes 5 from the player before them; "
          "taking a lone card with its identical twin (dubbeltabbe) counts 10 each way."),
        _("Cards left on the table at the end go to the player who captured last."),
    ]


# -- house rules and decisions --------------------------------------------------

def _available(variant: Variant, option: str, value) -> bool:
    """Would the engine accept this house rule for the variant?"""
    try:
        variant.rules({option: value})
    except OptionError:
        return False
    return True


def _house_rules(rules: Rules) -> list[HouseRule]:
    v = rules.variant
    defaults = {
        "sweep_cancellation": rules.sweep_cancellation,
        "multiple_builds": rules.multiple_builds,
        "raise_own_build": rules.raise_own_build,
        "most_aces": rules.most_aces,
        "sisten_is_sweep": rules.sisten_is_sweep,
        "tie_carry_over": rules.tie_carry_over,
        "royal_sweeps": rules.sweeps_score,
        "spade_five_clears": rules.spade_five_clears,
    }
    out = []
    for name in sorted(OPTION_NAMES, key=list(HOUSE_RULES).index):
        label = str(HOUSE_RULES[name])
        if name == "target":
            out.append(HouseRule(name, label, _("usually %(n)d", n=rules.target)))
        elif name == "building":
            others = [str(BUILDING_NAMES[mode]) for mode in Building
                      if mode is not rules.building and _available(v, name, mode.value)]
            if others:
                out.append(HouseRule(name, label, ", ".join(others)))
        elif name == "partnerships":
            seatings = _seatings(v)
            if seatings:
                out.append(HouseRule(name, label, "; ".join(seatings)))
        elif _available(v, name, not defaults[name]):
            out.append(HouseRule(name, label, _("on unless the table agrees otherwise")
                                 if defaults[name] else _("off unless the table agrees")))
    return out


def _seatings(variant: Variant) -> list[str]:
    found = []
    for players in range(variant.min_players, variant.max_players + 1):
        for wanted in (True, 2, 3):
            try:
                sides = sides_of(variant.rules({"partnerships": wanted}), players)
            except OptionError:
                continue
            text = _("%(players)d players as %(sides)d sides of %(size)d", players=players,
                     sides=len(sides), size=len(sides[0]))
            if text not in found:
                found.append(text)
    return found


def _decisions(rules: Rules) -> list[str]:
    """The **Decision** paragraphs of RULES.md that bear on this variant."""
    v = rules.variant
    out = [_("If nobody captured in the whole round, the cards left on the table score for "
             "nobody.")]
    if not v.last_deal_sweeps_score:
        out.append(_("A sweep does not score once any side has 10 or more match points (10 "
                     "itself counts); the aces or casinos taken by the sweeping move itself do "
                     "not count against it."))
    if rules.sweep_cancellation or _available(v, "sweep_cancellation", True):
        text = _("Cancelled sweeps: each side keeps its count minus the smallest count among "
                 "all sides (3 v 1 becomes 2 v 0; 2, 1, 1 becomes 1, 0, 0; 2, 1, 0 stays).")
        if not rules.sweep_cancellation:
            text = _("With the house rule: %(rule)s", rule=text)
        out.append(text)
    if v.match_end is MatchEnd.HIGHEST_THEN_COUNT_OUT:
        out.append(_("Counting out: at the end of the round sweeps are credited last, after "
                     "most spades and most cards."))
    if v.mulle is not MulleScoring.NONE:
        out.append(_("The match is played to %(n)d points.", n=v.target))
    if v.reverse:
        out.append(_("A compulsory capture must be maximal: no further group of the same "
                     "value may remain takeable from what the capture leaves on the table. "
                     "With an 8 on a table of A 2 5 6 3 7, taking A+2+5 is legal (6, 3 and 7 "
                     "make no 8), but taking 3+5 is not (A+7 would remain)."))
        out.append(_("The match ends when a side reaches %(n)d penalty points; the side with "
                     "the fewest points wins.", n=v.target))
    return out

"""A variant's rules page, computed from the engine's data and nothing else.

:func:`describe` asks the engine (values, deal schedule, points, house-rule
checks, and the verdicts on the page's own examples) and puts its answers into
words; so the page cannot disagree with the referee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

from ..rules.capture import check_capture
from ..rules.cards import BIG_CASINO, LITTLE_CASINO, RANKS, Card, Suit, pack, parse_cards
from ..rules.partition import Budget
from ..rules.round import deal_schedule, sides_of
from ..rules.turn import Action, Play, Spot, judge
from ..rules.variants import (
    COUNT_OUT_ORDER,
    OPTION_NAMES,
    Building,
    MatchEnd,
    MulleScoring,
    OptionError,
    Rules,
    SpadeScoring,
    Variant,
)
from ..words import variant_name
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
    numbered: bool = True  # False: no number either way, said once across both columns


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

    @property
    def uneven_last_deal(self) -> bool:
        """The last deal gives some players fewer cards (the dealer among them)."""
        return not self.parts[-1].even


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
    players: list[int]  # the numbers of players the variant is played by
    players_text: str
    turns: list[str]
    values: list[ValueRow]
    deals: list[DealRow]
    deal_notes: list[str]
    capture: list[str]
    building_name: str
    building: list[str]
    points: list[PointRow]
    points_notes: list[str]
    sweeps: list[str]
    penalties: list[PointRow]
    penalty_total: int
    krypkasino: list[str]
    end_of_round: list[str]
    match_end: list[str]
    house_rules: list[HouseRule]
    decisions: list[str]


def describe(rules: Rules) -> Page:
    v = rules.variant
    penalties, penalty_total = _penalties(rules)
    players, players_text = _players(v)
    deals = _deals(rules, players)
    return Page(
        variant=v,
        rules=rules,
        players=players,
        players_text=players_text,
        turns=_turns(deals),
        values=_values(rules),
        deals=deals,
        deal_notes=_deal_notes(deals),
        capture=_capture(rules),
        building_name=str(BUILDING_NAMES[rules.building]),
        building=_building(rules),
        points=[] if v.reverse else _points(rules),
        points_notes=[] if v.reverse else _points_notes(rules),
        sweeps=[] if v.reverse else _sweeps(rules),
        penalties=penalties,
        penalty_total=penalty_total,
        krypkasino=_krypkasino(rules),
        end_of_round=_end_of_round(rules),
        match_end=[str(text) % {"aces": " ".join(s.symbol for s in Suit), "target": rules.target}
                   for text in MATCH_END_SUMMARIES[v.match_end]],
        house_rules=_house_rules(rules),
        decisions=_decisions(rules),
    )


# -- players, cards and the deal ----------------------------------------------------

def _seats_ok(variant: Variant, players: int, partnerships: bool) -> bool:
    try:
        sides_of(variant.rules({"partnerships": partnerships}), players)
    except OptionError:
        return False
    return True


def _players(variant: Variant) -> tuple[list[int], str]:
    """Who may play: every number from min to max alone, or some only in partnerships."""
    counts = range(variant.min_players, variant.max_players + 1)
    alone = [n for n in counts if _seats_ok(variant, n, False)]
    paired = [n for n in counts if n not in alone and _seats_ok(variant, n, True)]
    if not paired and alone == list(counts):
        return alone, _("%(low)d to %(high)d", low=alone[0], high=alone[-1])
    if not paired:
        return alone, ", ".join(map(str, alone))
    return sorted(alone + paired), _("%(alone)s, or %(paired)s in two partnerships",
                                     alone=", ".join(map(str, alone)),
                                     paired=", ".join(map(str, paired)))


def _values_text(values: tuple[int, ...]) -> str:
    if not values:
        return _("no number: it only pairs a card of its own rank")
    if len(values) == 2:
        return _("%(a)d or %(b)d", a=values[0], b=values[1])
    return ", ".join(str(v) for v in values)


def _values(rules: Rules) -> list[ValueRow]:
    """A row for each card whose value players ask about: from the hand and on the table
    (a card with no number either way says so once, across both: on a phone two columns
    of those words in Finnish were wider than the screen)."""

    def row(key: str, label: str, card: Card | None, of: Card) -> ValueRow:
        hand, table = rules.hand_values(of), rules.table_values(of)
        return ValueRow(key, label, card, _values_text(hand), _values_text(table),
                        numbered=bool(hand or table))

    return [row("A", _("A (every ace)"), None, ACE),
            *(row(card.code, card.symbol, card, card) for card in (BIG_CASINO, LITTLE_CASINO)),
            *(row(court.rank_name, court.rank_name, None, court) for court in COURTS)]


def _deals(rules: Rules, players: Sequence[int]) -> list[DealRow]:
    rows = []
    for count in players:
        table, deals = deal_schedule(rules, count, count - 1)  # seat 0 left of the dealer
        parts: list[DealPart] = []
        for sizes in deals:
            if parts and parts[-1].sizes == tuple(sizes):
                parts[-1] = DealPart(parts[-1].count + 1, parts[-1].sizes)
            else:
                parts.append(DealPart(1, tuple(sizes)))
        rows.append(DealRow(count, table, len(deals), tuple(parts)))
    return rows


def _turns(deals: Sequence[DealRow]) -> list[str]:
    """Who plays when (RULES.md §4), in agreement with the deal table."""
    lines = [_("Deal and play go clockwise. The player left of the dealer plays first, and "
               "turns go round the table in that order.")]
    if any(row.uneven_last_deal for row in deals):
        lines.append(_("So the dealer plays last, except in a short last deal that gives the "
                       "dealer fewer cards than others (see the deal below): then the last "
                       "card is played by the last player, going round from the dealer's "
                       "left, who still holds one."))
    else:
        lines.append(_("Every deal gives everyone the same number of cards, so the dealer "
                       "plays last in every deal."))
    lines.append(_("No cards are dealt to the table after the start; the deal that empties "
                   "the stock is the last deal."))
    return lines


def _deal_notes(deals: Sequence[DealRow]) -> list[str]:
    """Each short, uneven last deal: what the dealer gets and who plays the last card."""
    notes = []
    for row in deals:
        if not row.uneven_last_deal:
            continue
        sizes = row.parts[-1].sizes  # from the dealer's left; the dealer is last
        # turns go round from the dealer's left while cards last: the last card is
        # played by the last player, in that order, with the most cards
        last = max(i for i, size in enumerate(sizes) if size == max(sizes))
        facts = {"players": row.players, "sizes": ", ".join(map(str, sizes)),
                 "dealer": sizes[-1], "places": last + 1}
        if last == 0:
            text = _("With %(players)d players the last deal is short: %(sizes)s cards from "
                     "the dealer's left. The dealer gets %(dealer)d, and the player left of "
                     "the dealer plays the last card.", **facts)
        elif last == len(sizes) - 2:
            text = _("With %(players)d players the last deal is short: %(sizes)s cards from "
                     "the dealer's left. The dealer gets %(dealer)d, and the player on the "
                     "dealer's right plays the last card.", **facts)
        else:
            text = _("With %(players)d players the last deal is short: %(sizes)s cards from "
                     "the dealer's left. The dealer gets %(dealer)d, and the player "
                     "%(places)d places left of the dealer plays the last card.", **facts)
        notes.append(text)
    return notes


# -- capturing: RULES.md §3, §3.1 (and §7) -------------------------------------------

def _legal(rules: Rules, card: str, table: str, take: Sequence[int] | None = None) -> bool:
    """Does the engine let ``card`` take these table cards (all of them by default)?"""
    cards = parse_cards(table.split())
    indexes = range(len(cards)) if take is None else take
    return check_capture(rules, Card.parse(card), cards, list(indexes), Budget()).legal


def _capture(rules: Rules) -> list[str]:
    courts_pair = not all(rules.hand_values(c) for c in COURTS)
    if courts_pair:
        lines = [_("To capture, play a number card from the hand and take one or more groups "
                   "of table cards, each adding up to the card's value from the hand; the "
                   "table cards count their values on the table."),
                 _("A court card (J, Q, K) has no number: it takes exactly one table card of "
                   "its own rank, and nothing else.")]
    else:
        lines = [_("To capture, play a card from the hand and take one or more groups of table "
                   "cards, each adding up to the card's value from the hand; the table cards "
                   "count their values on the table.")]
    if _legal(rules, "9H", "9S 6C 3D 5H 4C"):
        lines.append(_("Several groups may be taken at once: a 9 takes 9, 6+3 and 5+4 in one "
                       "move."))
    table = "2S 3C 5D 8H"
    if (_legal(rules, "10H", table, [0, 1, 2]) and _legal(rules, "10H", table, [0, 3])
            and not _legal(rules, "10H", table)):
        lines.append(_("A card counts only once: from 2, 3, 5 and 8 a 10 takes 2+3+5 or 2+8, "
                       "never all four."))
    if rules.builds:
        lines.append(_("A build is taken whole, and only by a card of the build's value: it is "
                       "never split and never part of a sum (it may be taken together with "
                       "other groups of that value)."))
    lines.extend(_value_examples(rules))
    if rules.reverse:
        lines.append(_("Capturing is compulsory: a card that can capture must capture, and the "
                       "capture must leave no further group of the same value on the table. "
                       "With an 8 on a table of A 2 5 6 3 7, taking A+2+5 is legal (6, 3 and 7 "
                       "make no 8), but taking 3+5 is not, because A+7 would remain. Only a "
                       "card that can capture nothing may be trailed."))
    else:
        lines.append(_("Capturing is optional: a player may trail a card that could capture, "
                       "and may take less than everything the card could take."))
    lines.append(_("A capture that leaves the table empty is a sweep."))
    return lines


def _value_examples(rules: Rules) -> list[str]:
    """The value rules players argue about (RULES.md §2), as the engine applies them."""
    lines = []
    for card, lone in ((ACE, Card.parse("AS")), (BIG_CASINO, Card.parse("10S")),
                       (LITTLE_CASINO, Card.parse("2H"))):
        hand, table = rules.hand_values(card), rules.table_values(card)
        if len(hand) != 1 or len(table) != 1 or hand == table or not 14 <= hand[0] <= 26:
            continue
        # K and the card that makes up the rest: K+A is 13+1 = 14 for an ace
        other = Card.parse(RANKS[hand[0] - 14] + "C")
        takes = f"K+{other.rank_name}"
        if (_legal(rules, card.code, lone.code)
                or not _legal(rules, card.code, f"KC {other.code}")):
            continue
        sums = f"13+{hand[0] - 13}"
        if card.ace:
            lines.append(_("From the hand an ace counts %(hand)d, on the table %(table)d: so an "
                           "ace cannot take a lone ace, but it takes %(takes)s (%(sums)s).",
                           hand=hand[0], table=table[0], takes=takes, sums=sums))
        else:
            lines.append(_("From the hand %(card)s counts %(hand)d, on the table %(table)d: so "
                           "%(card)s cannot take a lone %(table)d, but it takes %(takes)s "
                           "(%(sums)s).", card=card.symbol, hand=hand[0], table=table[0],
                           takes=takes, sums=sums))
    if 14 in rules.hand_values(ACE) and 14 in rules.table_values(ACE) and _legal(
            rules, "AH", "AS AC 5D 8C"):
        lines.append(_("Where a card has two values the player chooses, for the card played and "
                       "for every table card in every group: an ace played as 14 takes a table "
                       "ace as 14 and, in the same move, A+5+8 as 1+5+8."))
    return lines


# -- building: RULES.md §3.2 ----------------------------------------------------------

def _build_values(rules: Rules, card: Card, on: Card) -> list[int]:
    """The values the engine lets ``card`` build on the loose card ``on``."""
    sums = sorted({a + b for a in rules.table_values(card) for b in rules.table_values(on)})
    spot = Spot(rules, 0, (on,))
    return [value for value in sums
            if judge(spot, Play(card, Action.BUILD, (0,), value)).legal]


def _building(rules: Rules) -> list[str]:
    if rules.building is Building.NONE:
        return [str(text) for text in BUILDING_SUMMARIES[rules.building]]
    lines = [str(text) for text in BUILDING_SUMMARIES[rules.building]]
    ace, eight = Card.parse("AS"), Card.parse("8C")
    values = _build_values(rules, ace, eight)
    table, hand = rules.table_values(ace), rules.hand_values(ace)
    facts = {"card": ace.symbol, "on": eight.symbol, "value": _values_text(tuple(values)),
             "table": _values_text(table), "hand": _values_text(hand)}
    if values and table != hand:
        lines.insert(1, _("A build's value is the sum of its cards' values on the table, not "
                          "from the hand: %(card)s played on %(on)s builds %(value)s, because "
                          "on the table an ace counts %(table)s (from the hand %(hand)s).",
                          **facts))
    elif values:
        lines.insert(1, _("A build's value is the sum of its cards' values on the table: "
                          "%(card)s played on %(on)s builds %(value)s.", **facts))
    if rules.building.partner_may_raise:
        lines.append(_("In partnerships the owner's partner may add to the build like anyone "
                       "else."))
    else:
        lines.append(_("In partnerships only an opponent may raise a build, never the "
                       "partner of its owner; the partner may double it, like any other "
                       "player."))
    lines.append(_("A player may own several builds at once.") if rules.multiple_builds
                 else _("A player may own only one build at a time."))
    if rules.raise_own_build:
        lines.append(_("A player may raise their own build, or add to it."))
    else:
        lines.append(_("A player may not raise their own build, but may double it, like "
                       "anyone else."))
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
    spade_points = v.spade_each if v.spade_scoring is SpadeScoring.EACH else v.most_spades
    spades_text = str(SPADE_SUMMARIES[v.spade_scoring]) % {
        "n": spade_points, "ace": v.ace_of_spades, "over": v.spades_over,
    }
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
    if v.match_end is MatchEnd.COUNT_OUT:  # in the order the match is counted out (§8)
        category = {"most_cards": "cards", "ace": "aces", "sweep": "sweeps"}
        rows.sort(key=lambda row: COUNT_OUT_ORDER.index(category.get(row.key, row.key)))
    mulle = MULLE_SUMMARIES[v.mulle]
    if mulle is not None:  # a variant without mulles does not mention them
        mulle_points = v.mulle_points if v.mulle is MulleScoring.FIVE else 1
        rows.append(_row("mulle", _("Mulle"), mulle_points, str(mulle) % {
            "n": mulle_points, "ace": max(rules.hand_values(Card.parse("AH"))),
            "big": max(rules.hand_values(BIG_CASINO)),
        }))
    return rows


def _points_notes(rules: Rules) -> list[str]:
    v = rules.variant
    notes = []
    extra = v.mulle is not MulleScoring.NONE
    if v.spade_scoring is SpadeScoring.OVER_SIX:
        # all the spades to one side: 13 (26 with two packs) less those that score nothing
        facts = {"n": v.round_total, "each": v.most_spades, "over": v.spades_over,
                 "more": v.most_spades * (13 * v.packs - v.spades_over)}
        if rules.sweeps_score:
            notes.append(_("Without sweeps a round is worth %(n)d points, plus %(each)d for "
                           "each spade over %(over)d that a side takes: up to %(more)d more.",
                           **facts))
        else:
            notes.append(_("A round is worth %(n)d points, plus %(each)d for each spade over "
                           "%(over)d that a side takes: up to %(more)d more.", **facts))
    elif rules.sweeps_score and extra:
        notes.append(_("Without sweeps and mulles a round is worth %(n)d points.",
                       n=v.round_total))
    elif rules.sweeps_score:
        notes.append(_("Without sweeps a round is worth %(n)d points.", n=v.round_total))
    elif extra:
        notes.append(_("Without mulles a round is worth %(n)d points.", n=v.round_total))
    elif v.sweeps_optional:
        notes.append(_("A round is worth %(n)d points. Sweeps come on top where the table "
                       "plays the house rule that they score.", n=v.round_total))
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
        lines.append(_("Sweeps do not score in %(name)s.", name=variant_name(v)))
    if not v.last_deal_sweeps_score:
        lines.append(_("Sweeps made in the last deal do not score."))
    if v.sweep_freeze is not None:
        lines.append(_("A sweep does not score if any side already has %(n)d or more match "
                       "points before the move that sweeps, counting the aces and casinos "
                       "already captured in the same round.", n=v.sweep_freeze))
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
    rows = [PointRow(key, label, points, str(points)) for key, label, card in examples
            for points in (rules.card_points(card),)]
    return rows, sum(rules.card_points(card) for card in pack(v.packs))


def _krypkasino(rules: Rules) -> list[str]:
    penalties = rules.variant.penalties
    if penalties is None:
        return []
    return [
        _("Capture is compulsory and must leave no further group of the same value on the "
          "table (see Capturing above)."),
        _("Points are penalty points: the fewer, the better."),
        _("A sweep gives the sweeper %(n)d penalty points and takes %(n)d from the player "
          "before them (the dealer, when the sweep is the round's first play); taking a lone "
          "card with its identical twin (dubbeltabbe) counts %(twin)d each way.",
          n=penalties.sweep, twin=penalties.twin_sweep),
    ]


# -- the end of the round: RULES.md §4 ----------------------------------------------

def _end_of_round(rules: Rules) -> list[str]:
    v = rules.variant
    lines = [_("When the last card of the round has been played, every card still on the "
               "table goes to the player who captured last (to their side).")]
    if v.reverse:
        lines.append(_("Their penalty points count against that player like those of any "
                       "other captured cards."))
    elif v.last_capture:
        lines.append(ngettext("That is the last capture: it scores %(num)d point.",
                              "That is the last capture: it scores %(num)d points.",
                              v.last_capture))
    else:
        lines.append(_("In %(name)s that scores no point of its own, as there is no point for "
                       "the last capture; the cards count with the rest of that side's cards.",
                       name=variant_name(v)))
    lines.append(_("If nobody captured in the whole round, the cards left on the table score "
                   "for nobody."))
    return lines


# -- house rules and decisions --------------------------------------------------

def _available(variant: Variant, option: str, value: object) -> bool:
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
        if not _seats_ok(variant, players, False):
            continue  # these players must play in partnerships (said under Players)
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
    if v.sweep_freeze is not None:
        out.append(_("A sweep does not score once any side has %(n)d or more match points "
                     "(%(n)d itself counts); the aces or casinos taken by the sweeping move "
                     "itself do not count against it.", n=v.sweep_freeze))
    if rules.sweep_cancellation or _available(v, "sweep_cancellation", True):
        text = _("Cancelled sweeps: each side keeps its count minus the smallest count among "
                 "all sides (3 v 1 becomes 2 v 0; 2, 1, 1 becomes 1, 0, 0; 2, 1, 0 stays).")
        if not rules.sweep_cancellation:
            text = _("With the house rule: %(rule)s", rule=text)
        out.append(text)
    if v.match_end is MatchEnd.HIGHEST_THEN_COUNT_OUT:
        out.append(_("Only a tie for the highest total is counted out, and then sweeps come "
                     "last, after most spades and most cards."))
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

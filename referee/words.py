"""The referee's rulings in plain words, from the engine's data.

The engine says *what* decided a play (a :class:`~referee.rules.reasons.Reason`:
a code and its cards and values); this module says it in a sentence a player
reads at a glance, through Flask-Babel. Cards are always written with their suit
symbols. The engine's own detail sentence stays available behind a "why?".
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from flask_babel import LazyString, get_locale
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext as _pl

from .languages import gettext as _
from .languages import ngettext, npgettext
from .rules.capture import Group
from .rules.cards import Card, CardError, UnknownRank, UnknownSuit
from .rules.events import Confirmed, Event, FirstTable, TallyEntered
from .rules.notes import Note, Say
from .rules.reasons import Param, Reason, Why
from .rules.round import Finding, PlayRecord, Sweep, SweepNote, SweepPenalty, Whereabouts
from .rules.scoring import Standing
from .rules.table import Build, Item
from .rules.turn import Action, Kind, Play, Verdict, build_sets
from .rules.variants import OPTION_NAMES, Building, OptionError, Rules, Variant

Words = dict[str, Any]  # a sentence's parameters, worded


@dataclass(frozen=True)
class Plural:
    """A sentence worded in the singular or the plural by one of the ruling's counts (the
    parameter ``count`` names)."""

    count: str
    singular: str
    plural: str
    context: str | None = None  # the catalogues' context, if it has one

    def __str__(self) -> str:  # the English plural: the sentence with all its parameters
        return self.plural

    def word(self, number: int, params: Words) -> str:
        if self.context is not None:
            return npgettext(self.context, self.singular, self.plural, number, **params)
        return ngettext(self.singular, self.plural, number, **params)


def plural_l(count: str, singular: str, plural: str) -> Plural:
    """A sentence worded by the count ``count`` (the catalogues take its two forms)."""
    return Plural(count, singular, plural)


def plural_pl(count: str, context: str, singular: str, plural: str) -> Plural:
    """:func:`plural_l` with the catalogues' ``context``."""
    return Plural(count, singular, plural, context)


REASONS: dict[Why, LazyString | Plural] = {
    Why.TAKES: _l("%(card)s takes %(items)s"),
    Why.PAIRS: _l("%(card)s pairs %(items)s"),
    Why.TAKES_TABLE: _l("%(card)s takes the whole table"),
    Why.TRAILS: _l("%(card)s is laid on the table"),
    Why.BUILDS: _l("%(card)s on %(items)s: a build of %(value)s"),
    Why.BUILDS_MULTIPLE: _l("%(card)s on %(items)s: a multiple build of %(value)s, locked"),
    Why.RAISES: _l("%(card)s raises the %(build)s to %(value)s"),
    Why.RAISES_TAKES_OVER: _l("%(card)s raises the %(build)s to %(value)s: the build is now "
                              "theirs"),
    Why.DOUBLES: _l("%(card)s doubles %(items)s: a locked build of %(value)s"),
    Why.ADDS_SET: _l("%(card)s with %(items)s adds another set of %(value)s to the "
                     "%(builds)s: now locked"),
    Why.AS_CLAIMED: _l("recorded as the table claimed it"),
    Why.COUNTS: _l("%(card)s counts %(values)s"),
    Why.COUNTS_FROM_HAND: _l("from the hand %(card)s counts %(hand)s, on the table "
                             "%(table)s"),
    Why.NO_NUMBER: _l("%(card)s has no number: it only pairs a card of its own rank"),
    Why.LEFT_OVER_CARDS: _l("at best %(cards)s would be left over"),
    Why.LEFT_OVER_SUM: _l("%(sum)s cannot be split into sets of %(value)s: %(total)s is left "
                           "over"),
    Why.NOT_IN_HAND: _l("%(card)s is not in that hand"),
    Why.OUT_OF_TURN: _l("it is %(turn)s's turn, not %(player)s's"),
    Why.EMPTY_CAPTURE: _l("a capture takes at least one card: to take nothing, trail"),
    Why.COURT_PAIRS_ONLY: _l("%(card)s takes one card of its own rank, nothing else"),
    Why.BUILD_TAKEN_WHOLE: _l(
        "a build is taken whole, by a card that captures its value: the %(build)s is not "
        "%(value)s"),
    Why.CARD_TOO_BIG: _l("%(card)s alone counts more than %(value)s"),
    Why.SUM_NOT: _l("%(cards)s = %(total)s, not %(value)s"),
    Why.SUM_NOT_EITHER: _l("%(cards)s = %(total)s, not %(values)s"),
    Why.SUM_NOT_MULTIPLE: _l("%(cards)s = %(total)s: not %(value)s, nor sets of %(value)s"),
    Why.SPLIT_FAILS: _l("%(cards)s = %(total)s, but they do not split into sets of %(value)s"),
    Why.NO_SETS: _l("%(cards)s = %(totals)s: not %(value)s, nor sets of %(value)s"),
    Why.HAND_VALUE: _l("your %(card)s counts %(hand)s from the hand, so it cannot take "
                       "%(items)s"),
    Why.NOT_MAXIMAL: _l("a capture must take all it can: %(items)s also make %(value)s and "
                        "would be left on the table"),
    Why.MUST_CAPTURE_AFTER_BUILD: _l("you built last turn, so you must capture now, and "
                                     "%(card)s can capture"),
    Why.TRAIL_ON_NOTHING: _l("a trailed card takes nothing and goes on nothing"),
    Why.CAPTURE_COMPULSORY: _l("capturing is compulsory: %(card)s can capture, so it may not "
                               "be trailed"),
    Why.OWNER_MAY_NOT_TRAIL: _l("you own the %(build)s, so you may not trail: capture, build "
                                "or add to a build"),
    Why.NO_BUILDING: _l("this game is played without building"),
    Why.BUILD_ON_NOTHING: _l("say which table cards the card goes on"),
    Why.COURT_NOT_BUILT: _l("court cards have no number and cannot be built"),
    Why.ONE_BUILD_AT_A_TIME: _l("you already own the %(build)s: one build at a time"),
    Why.ONE_LOOSE_CARD: _l("a build is the card laid on exactly one loose card"),
    Why.SAY_BUILD_VALUE: _l("say the build's value: %(values)s"),
    Why.BUILD_IS_A_DOUBLE: _l("%(card)s on %(items)s is two sets of %(value)s: that is a "
                              "double, not a build"),
    Why.NO_CARD_CAPTURES: _l("no card that is still out captures %(value)s"),
    Why.BUILD_SUM: _l("%(card)s on %(items)s makes %(values)s, not %(value)s"),
    Why.NOT_OWN_BUILD: _l("you may not add to your own build"),
    Why.RAISE_ONE_CARD: _l("a raise adds one card from the hand to one build; to add a set "
                           "of the same value, double"),
    Why.RAISE_ONE_CARD_MULTIPLE: _l("a raise adds one card from the hand to one build; to add "
                                    "a set of the same value, make a multiple build"),
    Why.LOCKED_BUILD: _l("the %(build)s cannot be raised"),
    Why.PARTNER_MAY_NOT_RAISE: _l("only an opponent may raise a build, not the owner's "
                                  "partner (a partner may double it)"),
    Why.SAY_RAISE_VALUE: _l("say the new value: %(values)s"),
    Why.RAISE_SUM: _l("%(card)s on the %(build)s makes %(values)s, not %(value)s"),
    Why.DOUBLE_MIXED_VALUES: _l("builds of different values cannot be put together"),
    Why.DOUBLE_ONE_ITEM: _l("a double lays the card on one card or one build"),
    Why.DOUBLE_DANISH: _l("a double lays the card on a single card, or adds a set to a pile"),
    Why.DOUBLE_KEEPS_VALUE: _l("the pile's value is %(total)s, not %(value)s: a double keeps "
                               "its value"),
    Why.MULTIPLE_KEEPS_VALUE: _l("the build's value is %(total)s, not %(value)s: a multiple "
                                 "build keeps its value"),
    Why.DOUBLE_NO_SET: _l("%(card)s does not make a set of the same value as %(items)s"),
    Why.MUST_HOLD: _l("a build of %(value)s needs a card that captures %(value)s kept in the "
                      "hand, and this hand has none"),
    Why.LAST_CARD_BUILD: _l("%(card)s is the last card of this hand: nothing is left to "
                            "capture a build of %(value)s with"),
    Why.LAST_CARD_KEEPS_BUILD: _l("%(card)s is the last card of this hand: it must capture "
                                  "the build of %(value)s, as no other card is left to "
                                  "capture it with"),
    Why.TOO_COMPLEX: _l("this position is far larger than any real game"),
    Why.UNBACKED_BUILD: _l("%(player)s built %(value)s but played no card that captures "
                           "%(value)s later in the deal"),
    Why.UNBACKED_RAISE: _l("%(player)s raised a build to %(value)s but played no card that "
                           "captures %(value)s later in the deal"),
    Why.UNBACKED_DOUBLE: _l("%(player)s doubled %(value)s but played no card that captures "
                            "%(value)s later in the deal"),
    Why.UNBACKED_KEPT: _l("%(player)s still owned a build of %(value)s after playing "
                          "%(card)s but played no card that captures %(value)s later in the "
                          "deal"),
    Why.BUILD_LEFT_AFTER_DEAL: _l("%(player)s's %(build)s was not captured in the deal it "
                                  "was made"),
    Why.CARDS_NEVER_SEEN: _l("these cards never turned up: %(cards)s"),
    Why.MATCH_DECIDED: _l("the match was decided during this round: no more plays"),
    Why.TABLE_SIZE: _l("%(variant)s with %(players)s players starts with %(size)s cards on "
                       "the table, not %(given)s"),
    Why.TABLE_DOWN: _l("the first table cards are already down"),
    Why.TABLE_FIRST: _l("lay out the first table cards before the first play"),
    Why.TURNED_UP: _l("%(card)s has already turned up (played in play %(value)s)"),
    Why.ON_FIRST_TABLE: _l("%(card)s has already turned up (on the first table)"),
    Why.ROUND_OVER: _l("the round is over: every card has been played"),
    Why.NO_TABLE_ITEM: _l("there is no table item %(value)s"),
    Why.SEATS_RANGE: _l("%(variant)s is played by %(low)s to %(high)s players"),
    Why.SEATS_ALONE_OR_PAIRED: _l("%(variant)s is played by %(low)s to %(high)s players, or "
                                  "%(paired)s in two partnerships"),
    Why.PARTNERS_NEED_FOUR: _l("partnerships need at least 4 players, not %(players)s"),
    Why.SIDES_UNEQUAL: _l("%(players)s players cannot sit as %(sides)s sides of equal size"),
    Why.PAIRS_ODD: _l("%(players)s players cannot all sit in pairs: one would be left over"),
    Why.TALLY_NEGATIVE: _l("a count cannot be below 0 (%(category)s)"),
    Why.TALLY_CARDS: _l("the cards add up to %(total)s, not %(whole)s"),
    Why.TALLY_SPADES: _l("the spades add up to %(total)s, not %(whole)s"),
    Why.TALLY_ACE_TWICE: _l("%(card)s is ticked %(count)s times: there are not that many"),
    Why.TALLY_ACES: plural_l(
        "total",
        "%(total)s ace is ticked, not %(whole)s: every ace belongs to one side",
        "%(total)s aces are ticked, not %(whole)s: every ace belongs to one side"),
    Why.TALLY_CASINO: _l("%(category)s: there are %(packs)s in play, and each belongs to "
                         "exactly one side"),
    Why.TALLY_LAST_TWICE: _l("only one side can have the last capture"),
    Why.TALLY_LAST_MISSING: _l("all %(whole)s cards were taken, so one side made the last "
                               "capture: tick which"),
    Why.TALLY_DOUBLE_SWEEPS: _l("a dubbeltabbe is one of the side's sweeps: no more of them "
                                "than sweeps"),
    Why.TALLY_SPADES_OVER_CARDS: _l("a side cannot have more spades than cards"),
    Why.TALLY_CARDS_UNDER: _l("a side has fewer cards than its aces and casinos"),
    Why.TALLY_SPADES_UNDER: _l("a side's spades must count its A♠ and 2♠"),
    Why.TALLY_SWEEPS_LAST_DEAL: plural_l(
        "count",
        "%(count)s sweep cannot count: sweeps in the last deal do not score, so this side has "
        "at most %(most)s",
        "%(count)s sweeps cannot count: sweeps in the last deal do not score, so this side has "
        "at most %(most)s"),
    Why.TALLY_SWEEPS: plural_l(
        "count",
        "%(count)s sweep is more than this side can make: its players play %(plays)s cards, "
        "each sweeps at most once, so at most %(most)s",
        "%(count)s sweeps are more than this side can make: its players play %(plays)s cards, "
        "each sweeps at most once, so at most %(most)s"),
    Why.TALLY_SWEEPS_SISTEN: plural_l(
        "count",
        "%(count)s sweep is more than this side can make: its players play %(plays)s cards "
        "and the last capture counts as one more, so at most %(most)s",
        "%(count)s sweeps are more than this side can make: its players play %(plays)s cards "
        "and the last capture counts as one more, so at most %(most)s"),
    Why.TALLY_SWEEPS_TOGETHER: plural_l(
        "count",
        "%(count)s sweep in all is more than the round allows: after a sweep the next player "
        "must trail, so at most every other one of the %(plays)s plays whose sweeps count "
        "sweeps: at most %(most)s",
        "%(count)s sweeps in all are more than the round allows: after a sweep the next "
        "player must trail, so at most every other one of the %(plays)s plays whose sweeps "
        "count sweeps: at most %(most)s"),
    Why.TALLY_SWEEPS_TOGETHER_SISTEN: plural_l(
        "count",
        "%(count)s sweep in all is more than the round allows: after a sweep the next player "
        "must trail, so at most every other one of the %(plays)s plays sweeps, and the last "
        "capture counts as one more: at most %(most)s",
        "%(count)s sweeps in all are more than the round allows: after a sweep the next "
        "player must trail, so at most every other one of the %(plays)s plays sweeps, and "
        "the last capture counts as one more: at most %(most)s"),
    Why.TALLY_SWEEPS_CARDS: plural_l(
        "count",
        "%(count)s sweep needs at least %(least)s cards in the side's pile, as a sweep takes "
        "a table card with the card played; this side has %(pile)s",
        "%(count)s sweeps need at least %(least)s cards in the side's pile, as each takes a "
        "table card with the card played; this side has %(pile)s"),
    Why.TALLY_LAST_NO_CARDS: plural_l(
        "pile",
        "a side with %(pile)s card cannot have made the last capture: a capture takes a "
        "table card with the card played",
        "a side with %(pile)s cards cannot have made the last capture: a capture takes a "
        "table card with the card played"),
    Why.TALLY_NOT_ACE: _l("%(card)s is not an ace"),
    Why.TALLY_MULLE_STEP: plural_l(
        "points",
        "%(points)s mulle point cannot be: each mulle scores %(value)s",
        "%(points)s mulle points cannot be: each mulle scores %(value)s"),
    Why.TALLY_MULLE_VALUE: plural_l(
        "points",
        "%(points)s mulle point is more than a pile of %(pile)s can hold: each mulle takes a "
        "card and its identical twin, so at most %(most)s",
        "%(points)s mulle points are more than a pile of %(pile)s can hold: each mulle takes "
        "a card and its identical twin, so at most %(most)s"),
}

# what a finding changes, in a sentence after the finding
CONSEQUENCES = {
    Why.UNBACKED_BUILD: _l(
        "The build was not allowed: its owner did not hold a card to take it. The points "
        "stand as played unless the table undoes back to it and plays it again."),
    Why.BUILD_LEFT_AFTER_DEAL: _l(
        "A build must be taken in the deal it is made. The points stand as played unless "
        "the table undoes back to it."),
    Why.CARDS_NEVER_SEEN: _l(
        "A play was recorded with the wrong card, so the cards taken and the points may be "
        "off. Check the plays; undo back to the wrong one to correct it."),
}
CONSEQUENCES[Why.UNBACKED_RAISE] = CONSEQUENCES[Why.UNBACKED_BUILD]
CONSEQUENCES[Why.UNBACKED_DOUBLE] = CONSEQUENCES[Why.UNBACKED_BUILD]
CONSEQUENCES[Why.UNBACKED_KEPT] = CONSEQUENCES[Why.UNBACKED_BUILD]


def card_text(card: Card) -> str:
    return card.symbol


def build_text(build: Build) -> str:
    if build.locked:
        return _("locked build of %(n)d", n=build.value)
    return _("build of %(n)d", n=build.value)


def item_text(item: Item) -> str:
    return card_text(item) if isinstance(item, Card) else build_text(item)


def items_text(items: Sequence[Item]) -> str:
    return "+".join(item_text(item) for item in items)


def values_text(values: Sequence[int]) -> str:
    return _(" or ").join(str(v) for v in values)


def _param(value: Param, names: Sequence[str] | None, name: str) -> str:
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, Build):
        return build_text(value)
    if isinstance(value, tuple):
        if all(isinstance(v, int) for v in value):
            return values_text([v for v in value if isinstance(v, int)])
        return items_text([v for v in value if not isinstance(v, int)])
    if isinstance(value, str):  # an identifier: a variant, a tally category
        if name == "variant":
            return variant_name(value)
        return str(CATEGORY_WORDS.get(value, value))
    if name in ("turn", "player"):
        return player_name(value, names)
    return str(value)


def seat_name(seat: int) -> str:
    """A seat of players without names (the API's ``players`` given as a count), from 0
    as the API counts its seats."""
    return _("seat %(n)d", n=seat)


def player_name(seat: int, names: Sequence[str] | None = ()) -> str:
    """The player at ``seat``: their name, or the seat when the players have none."""
    return names[seat] if names and 0 <= seat < len(names) else seat_name(seat)


class SideName(str):
    """A side as a sentence names it (its players' names, or its seats), knowing how many
    players it stands for: a sentence whose subject is a partnership ("Anna & Cia") takes
    its verb in the plural ("Anna & Cia score 3 sweeps", "Anna ja Cia saavat")."""

    players: int

    def __new__(cls, name: str, players: int = 1) -> SideName:
        side = super().__new__(cls, name)
        side.players = players
        return side


def together(side: object) -> bool:
    """The side (a :class:`SideName`) is a partnership: its sentences' verbs are plural.
    A plain name is one player's."""
    return isinstance(side, SideName) and side.players > 1


def _names_together(names: Sequence[str]) -> str:
    return " & ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


def side_names(sides: Sequence[Sequence[int]], names: Sequence[str] | None = ()) -> list[SideName]:
    """Each side by its players' names ("Anna & Cia", "Anna, Bo & Cia"), or by its seats in
    the reader's language when the players have no names."""
    if names:
        return [SideName(_names_together([player_name(seat, names) for seat in side]),
                         len(side)) for side in sides]
    return [SideName(seat_name(side[0]) if len(side) == 1 else
                     _("seats %(seats)s", seats="+".join(str(seat) for seat in side)), len(side))
            for side in sides]


# cards whose sums are not listed (one without a number, or too many aces to list)
CASINO_ONE_PACK = _l("%(category)s: tick it for the side that took it")
NO_SETS_UNSUMMED = _l("%(cards)s cannot be made into sets of %(value)s")
SEATS_EXACTLY_OR_PAIRED = _l("%(variant)s is played by %(low)s players, or %(paired)s in two "
                             "partnerships")


def reason_text(reason: Reason, names: Sequence[str] | None = (), **extra: str) -> str:
    """The ruling's rule in one sentence. ``names`` word the seats (by seat number when
    there are none); ``extra`` adds parameters the engine does not carry (the player of
    a finding)."""
    params = {key: _param(value, names, key) for key, value in reason.params}
    params.update(extra)
    wording = REASONS[reason.code]
    if reason.code is Why.SEATS_ALONE_OR_PAIRED and reason.get("low") == reason.get("high"):
        wording = SEATS_EXACTLY_OR_PAIRED  # not "2 to 2 players"
    if reason.code is Why.NO_SETS and not reason.get("totals"):
        wording = NO_SETS_UNSUMMED
    if reason.code is Why.TALLY_CASINO and reason.get("packs") == 1:
        wording = CASINO_ONE_PACK  # one pack: a box each side ticks or not
    if reason.code is Why.BUILDS_MULTIPLE and reason.get("sets"):
        wording = BUILDS_IN_SETS  # loose cards set by set: "3♦+5♣ and 8♣", not 8♣+5♣
        params["sets"] = sets_text(_reason_sets(reason))
    if isinstance(wording, Plural):
        number = reason.get(wording.count)
        return wording.word(number if isinstance(number, int) else 0, params)
    return str(wording) % params


BUILDS_IN_SETS = _l("%(sets)s: a multiple build of %(value)s, locked")


def _reason_sets(reason: Reason) -> list[list[Card]]:
    """A multiple build's sets from its reason: the card and the items, cut by ``sets``
    (how many items each set holds, the card's set first)."""
    card, items, counts = reason.get("card"), reason.get("items"), reason.get("sets")
    if not (isinstance(card, Card) and isinstance(items, tuple) and isinstance(counts, tuple)):
        return []
    loose = [item for item in items if isinstance(item, Card)]
    sets: list[list[Card]] = []
    for count in (c for c in counts if isinstance(c, int)):
        sets.append(([] if sets else [card]) + loose[:count])
        loose = loose[count:]
    return sets


def sets_text(sets: Sequence[Sequence[Card]]) -> str:
    """A multiple build's sets side by side: "3♦+5♣ and 8♣"."""
    return listed([items_text(each) for each in sets])


def verdict_text(verdict: Verdict, names: Sequence[str] | None = ()) -> str:
    """The ruling in one sentence: what a legal play did (a capture in the groups the
    referee split it into), or the rule that refused it."""
    why = verdict.why
    if why.code is not Why.TAKES or not verdict.groups:
        return reason_text(why, names)
    taken = groups_text(verdict.groups, " | ")
    if verdict.sweep:
        card = _param(why.get("card") or (), names, "card")
        return _("%(card)s takes %(items)s, and clears the table", card=card, items=taken)
    return reason_text(why, names, items=taken)


def detail_text(verdict: Verdict, names: Sequence[str] | None = ()) -> str:
    """What lies behind the ruling (each value tried, what is left over, the card's
    value rule), for a "why?"; empty when there is nothing more to say. A card that takes
    the whole table whatever it holds (the Danish 5♠) says so: "how can a 5 take 30?"."""
    if verdict.why.code is Why.TAKES_TABLE:
        card = _param(verdict.why.get("card") or (), names, "card")
        return _("whatever lies on it, by this table's rules, and that is a sweep; played "
                 "otherwise %(card)s is an ordinary card", card=card)
    return "; ".join(reason_text(r, names) for r in verdict.detail if r != verdict.why)


def ruling_text(verdict: Verdict, names: Sequence[str] | None = ()) -> str:
    """The ruling and its detail in one sentence (the JSON API's ``reason``)."""
    detail = detail_text(verdict, names)
    lead = verdict_text(verdict, names)
    return _("%(ruling)s (%(detail)s)", ruling=lead, detail=detail) if detail else lead


def error_text(error: Exception, variant: str | None = None,
               options: Mapping[str, Any] | None = None) -> str:
    """An engine error in the reader's language: from its reason where it carries one as
    data (a tally, the seating, the first table), from the house rule it names where it
    is a house rule (``variant`` and ``options``, when known, say which value of which
    game); otherwise the engine's own message."""
    why = getattr(error, "why", None)
    if isinstance(why, Reason):
        return reason_text(why)
    if isinstance(error, OptionError):
        worded = house_rule_text(error, variant, options)
        if worded is not None:
            return worded
    return str(error)


def house_rule_text(error: OptionError, variant: str | None = None,
                    options: Mapping[str, Any] | None = None) -> str | None:
    """A house rule refused, in words: an option that is not a house rule, or one that
    cannot have the value given in the variant. None for an option of another kind (the
    dealer or the scores of the API's round)."""
    option = error.option or ""
    if option == "options":
        return _("the house rules are an object of names and values")
    if option in OPTION_NAMES:
        if variant in VARIANT_NAMES and options is not None and option in options:
            return _("the house rule “%(option)s” cannot be %(value)s in %(variant)s",
                     option=option, value=shown(options[option]),
                     variant=variant_name(variant or ""))
        return _("the house rule “%(option)s” cannot be set so", option=option)
    if options is not None and option in options:
        return _("%(option)s is not a house rule; the house rules are %(names)s",
                 option=shown(option), names=", ".join(OPTION_NAMES))
    return None


def card_error_text(error: CardError, given: str) -> str:
    """A card code that names no card (``given``, as the message quotes it)."""
    if isinstance(error, UnknownSuit):
        return _("%(code)s has no suit: a card ends in S, H, D or C (or ♠ ♥ ♦ ♣)", code=given)
    if isinstance(error, UnknownRank):
        return _("%(code)s has no rank: the ranks are A 2 3 4 5 6 7 8 9 10 J Q K (T for 10)",
                 code=given)
    return _("%(code)s is not a card code: write the rank then the suit, like 10D or AS",
             code=given)


def shown(value: Any, length: int = 40) -> str:
    """A value given (a file's, a request's) as a message quotes it: JSON, cut short."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= length else text[:length - 1] + "…"


def finding_text(finding: Finding, names: Sequence[str] | None) -> tuple[str, str]:
    """A finding at the end of a deal, and what it changes."""
    text = reason_text(finding.why, names, player=player_name(finding.player, names))
    return text, str(CONSEQUENCES.get(finding.why.code, ""))


def play_text(play: Play, items: Sequence[Item], kind: Kind | None = None,
              value: int | None = None, groups: Sequence[Group] = (),
              building: Building | None = None,
              sets: Sequence[Sequence[Card]] = ()) -> str:
    """A play as players say it: "7♥ takes 3♠+4♣ and 7♦", "A♥ as 14 takes 8♦+5♦+A♣",
    "trail 7♥" ... ``items`` are the table items it takes or goes onto; ``kind`` and
    ``value`` what it turned out to be (a capture's value is said where the card takes as
    other than its number); ``groups`` a capture's items as the referee splits them, when
    known; ``building`` the variant's, where a double is a multiple build (Casino);
    ``sets``: the sets of a multiple build of loose cards ("3♦+5♣ and 8♣",
    :func:`~referee.rules.turn.build_sets`)."""
    card = card_text(play.card)
    said = play.value
    value = value if value is not None else said
    onto = items_text(items)
    if play.action is Action.TRAIL or kind is Kind.TRAIL:
        return _("trail %(card)s", card=card)
    if play.action is Action.CAPTURE:
        taken = groups_text(groups) if groups else onto
        if value is not None and value != play.card.rank:
            # a card that takes as other than its number: the ace as 14, Norwegian 10♦ as 16
            return _("%(card)s as %(value)d takes %(items)s", card=card, value=value,
                     items=taken)
        return _("%(card)s takes %(items)s", card=card, items=taken)
    raised = len(items) == 1 and isinstance(items[0], Build)
    if sets and value is not None:  # Casino's multiple build of loose cards, set by set
        return _("%(sets)s: a multiple build of %(value)d", sets=sets_text(sets),
                 value=value)
    if play.action is Action.DOUBLE or kind is Kind.DOUBLE:
        builds = [item for item in items if isinstance(item, Build)]
        loose = [item for item in items if isinstance(item, Card)]
        if building is not None and building.builds_in_sets:
            # the sets side by side, not summed: "3♦ on 8♣ and 5♣"
            apart = listed([item_text(item) for item in items])
            if value is not None:
                return _("%(card)s on %(items)s: a multiple build of %(value)d", card=card,
                         items=apart, value=value)
            return _("%(card)s on %(items)s: a multiple build", card=card, items=apart)
        if len(builds) == 1 and loose:  # Danish "bygge mere": another set on the pile
            return _("%(card)s with %(items)s builds more on the %(build)s", card=card,
                     items=items_text(loose), build=build_text(builds[0]))
        if said is not None and not builds:
            # the value said for loose cards (a Danish ace on an ace: as 1 or as 14)
            return _("%(card)s doubles %(items)s as %(value)d", card=card, items=onto,
                     value=said)
        return _("%(card)s doubles %(items)s", card=card, items=onto)
    if raised and value is not None:
        return _("%(card)s raises the %(build)s to %(value)d", card=card,
                 build=item_text(items[0]), value=value)
    if value is not None:
        return _("%(card)s on %(items)s: a build of %(value)d", card=card, items=onto,
                 value=value)
    return _("%(card)s builds on %(items)s", card=card, items=onto)


def claim_text(play: Play, items: Sequence[Item], rules: Rules, value: int | None = None,
               groups: Sequence[Group] = ()) -> str:
    """A play as claimed, before it is judged (an offer, a refusal), in the variant's
    words: a double or a build of loose cards in sets is a multiple build in Casino."""
    return play_text(play, items, value=value, groups=groups, building=rules.building,
                     sets=build_sets(rules, play.card, items, play.value)
                     if play.action is Action.BUILD else ())


def groups_text(groups: Sequence[Group], between: str | None = None) -> str:
    """Taken items in the groups the referee split them into, as said: "3♠+4♣ and 7♦",
    "2♠+5♣, 3♦+4♥ and 7♦" (or joined by ``between``)."""
    parts = [items_text(g.items) for g in groups]
    if between is not None:
        return between.join(parts)
    return listed(parts)


def listed(parts: Sequence[str]) -> str:
    """Parts said as a list: "A", "A and B", "A, B and C"."""
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + _(" and ") + parts[-1]


def records_text(records: Iterable[PlayRecord],
                 rules: Rules) -> list[tuple[PlayRecord, str]]:
    """Each recorded play with its words as it turned out (a capture in its groups, a
    multiple build in its sets): worded once per play and language (a round's page lists
    the latest plays, each shown again at every play after it), the language looked up
    once for the list."""
    locale = str(get_locale())
    return [(record, _record_text(record.play, record.items, record.verdict.kind,
                                  record.verdict.value, record.verdict.groups, rules,
                                  locale))
            for record in records]


@lru_cache(maxsize=4096)
def _record_text(play: Play, items: tuple[Item, ...], kind: Kind, value: int | None,
                 groups: tuple[Group, ...], rules: Rules, _locale: str) -> str:
    sets = build_sets(rules, play.card, items, value) if kind is Kind.BUILD else ()
    return play_text(play, items, kind, value, groups, rules.building, sets)


def hands_text(hands: Sequence[tuple[int, int]], names: Sequence[str]) -> str:
    """A short deal's hands for the dealer, in the order dealt: "this deal: Bo 2 cards,
    Cia 1 card, Anna 1 card"."""
    each = [ngettext("%(name)s %(num)d card", "%(name)s %(num)d cards", n, name=names[seat])
            for seat, n in hands]
    return _("this deal: %(hands)s", hands=", ".join(each))


def new_deal_text(deal: int, dealer: str, each: int) -> str:
    """When the hands of a deal are played out, what the dealer does now: "Deal 2: Bo
    deals 4 cards to each." (``each`` 0: a short deal, its hands told by
    :func:`hands_text`)."""
    if each == 0:
        return _("Deal %(deal)d: %(name)s deals the last cards.", deal=deal, name=dealer)
    return ngettext("Deal %(deal)d: %(name)s deals %(num)d card to each.",
                    "Deal %(deal)d: %(name)s deals %(num)d cards to each.", each,
                    deal=deal, name=dealer)


def whereabouts_text(where: Whereabouts, names: Sequence[str],
                     side_names: Sequence[str], packs: int = 1) -> str:
    """Where a card that has already turned up went: why it cannot be played now. With
    two packs (``packs``), both copies have turned up: said first, then where the last
    went."""
    said = _whereabouts(where, names, side_names)
    if packs < 2:
        return said
    return _("Both %(card)s of the two packs have turned up; the last: %(where)s",
             card=card_text(where.card), where=said)


def _whereabouts(where: Whereabouts, names: Sequence[str], side_names: Sequence[str]) -> str:
    card = card_text(where.card)
    if where.play is None and where.on_table:
        return _("%(card)s is one of the first table cards and still lies on the table: it "
                 "cannot be played.", card=card)
    if where.play is None:
        came = _("%(card)s was on the first table", card=card)
    else:
        came = _("%(name)s played %(card)s (play %(n)d)", name=names[where.play.player],
                 card=card, n=where.play.index + 1)
    if where.on_table:
        now = _("it is on the table")
    elif where.side is not None:
        now = _("it is in %(side)s's pile", side=side_names[where.side])
    else:
        now = _("it is out of play")
    return _("%(came)s and %(now)s: it cannot be played again.", came=came, now=now)


def sweep_text(sweep: Sweep, freeze: int | None, penalty: SweepPenalty | None = None,
               sides: Sequence[str] = ()) -> str:
    """A sweep as the verdict announces it: whether it scores, and if not why. In
    Krypkasino (``penalty``, its sides named by ``sides``) what it costs whom, a
    dubbeltabbe by its name: there a sweep is no good news."""
    if penalty is not None:
        said = {"points": penalty.points, "sweeper": sides[penalty.side]}
        if penalty.charged is None:
            return (_("a dubbeltabbe: +%(points)d penalty points for %(sweeper)s", **said)
                    if sweep.double else
                    _("a sweep: +%(points)d penalty points for %(sweeper)s", **said))
        said["charged"] = sides[penalty.charged]
        return (_("a dubbeltabbe: +%(points)d penalty points for %(sweeper)s, "
                  "\u2212%(points)d for %(charged)s", **said) if sweep.double else
                _("a sweep: +%(points)d penalty points for %(sweeper)s, "
                  "\u2212%(points)d for %(charged)s", **said))
    if sweep.double:
        return _("a dubbeltabbe!")
    if sweep.note is SweepNote.LAST_DEAL:
        return _("a sweep, but it does not score: it was made in the last deal")
    if sweep.note is SweepNote.FROZEN:
        return ngettext("a sweep, but it does not score: a side already had %(n)d point or more",
                        "a sweep, but it does not score: a side already had %(n)d points or "
                        "more", freeze or 0, n=freeze or 0)
    return _("a sweep!")


def mulle_text(points: int) -> str:
    """A mulle as the verdict announces it, with what it scores."""
    return ngettext("a mulle: %(num)d point", "a mulle: %(num)d points", points)


# -- a round's points and the match, line by line ---------------------------------------

# a category as a line names it (what is counted out, what brings sides to the target)
CATEGORY_WORDS = {
    "cards": _l("cards"),
    "spades": _l("spades"),
    "aces": _l("aces"),
    "big_casino": _l("the big casino (10♦)"),
    "little_casino": _l("the little casino (2♠)"),
    "last_capture": _l("the last capture"),
    "sweeps": _l("sweeps"),
    "mulle": _l("mulle"),
    "double_sweeps": _l("dubbeltabbe"),
}

# where note_text keeps a category's code (``category`` itself is its word, translated)
CATEGORY_CODE = "category_code"


@dataclass(frozen=True)
class SideLine:
    """A line whose subject is a side, in its two forms: one player's, and a partnership's
    (the catalogues' context "partnership"): its verb in the plural ("Anna & Cia score"),
    and its own entry even where English keeps the words ("took"), since other languages
    do not (Finnish "otti", "ottivat")."""

    alone: LazyString | Plural
    together: LazyString | Plural
    subject: str = "side"  # the parameter that names the side

    def __call__(self, p: Words) -> str:
        form = self.together if together(p.get(self.subject)) else self.alone
        if isinstance(form, Plural):
            number = p.get(form.count)  # a line kept before it had its count: one
            return form.word(number if isinstance(number, int) else 1, p)
        return form % p


MOST = {
    "spades": SideLine(
        plural_l("points", "%(side)s has most spades (%(counts)s): %(num)d point",
                 "%(side)s has most spades (%(counts)s): %(num)d points"),
        plural_pl("points", "partnership", "%(side)s have most spades (%(counts)s): %(num)d point",
                  "%(side)s have most spades (%(counts)s): %(num)d points")),
    "aces": SideLine(
        plural_l("points", "%(side)s has most aces (%(counts)s): %(num)d point",
                 "%(side)s has most aces (%(counts)s): %(num)d points"),
        plural_pl("points", "partnership", "%(side)s have most aces (%(counts)s): %(num)d point",
                  "%(side)s have most aces (%(counts)s): %(num)d points")),
    "cards": SideLine(
        plural_l("points", "%(side)s has most cards (%(counts)s): %(num)d point",
                 "%(side)s has most cards (%(counts)s): %(num)d points"),
        plural_pl("points", "partnership", "%(side)s have most cards (%(counts)s): %(num)d point",
                  "%(side)s have most cards (%(counts)s): %(num)d points")),
}
SPADES_OVER_SIX = SideLine(
    _l("%(side)s has %(count)d spades, %(over)d of which score nothing: %(points)s"),
    _pl("partnership", "%(side)s have %(count)d spades, %(over)d of which score nothing: "
        "%(points)s"))
WINNER = SideLine(_l("%(name)s wins the match."),
                  _pl("partnership", "%(name)s win the match."), subject="name")
LEFTOVER = SideLine(
    _l("The cards left on the table (%(cards)s) go to %(side)s, who made the last capture."),
    _pl("partnership", "The cards left on the table (%(cards)s) go to %(side)s, who made the "
        "last capture."))


def taken_back_text(event: Event, record: PlayRecord | None, names: Sequence[str],
                    rules: Rules | None = None) -> str:
    """What an undo took back, as its notice says: the play by name (its words as the
    variant's ``rules`` say them), the first table cards or the tallies."""
    if record is not None and rules is not None:
        return _("Taken back: %(name)s, %(play)s.", name=names[record.player],
                 play=records_text([record], rules)[0][1])
    if isinstance(event, FirstTable):
        return _("Taken back: the first table cards.")
    if isinstance(event, TallyEntered):
        return _("Taken back: the tallies.")
    if isinstance(event, Confirmed):
        return _("The round is open again, out of the match's totals until it is confirmed "
                 "again.")
    return _("The last entry was taken back.")


def winner_text(side: str) -> str:
    """The match's winner, as the scoreboard says it."""
    return WINNER({"name": side})


LEADS = SideLine(
    plural_l("points", "%(name)s leads by %(num)d point.", "%(name)s leads by %(num)d points."),
    plural_pl("points", "partnership", "%(name)s lead by %(num)d point.",
              "%(name)s lead by %(num)d points."), subject="name")


def standing_text(standing: Standing, sides: Sequence[str]) -> str:
    """Who is ahead in the match, under the scoreboard's totals: "Anna leads by 3 points."
    or "Anna and Bengt are level." (``sides``: the sides' names)."""
    if standing.level:
        return _("%(names)s are level.", names=listed([sides[i] for i in standing.ahead]))
    return LEADS({"name": sides[standing.ahead[0]], "points": standing.by})


def number_text(n: int, signed: bool = False) -> str:
    """A number of points as printed: a minus as a minus sign (−5, not a hyphen);
    ``signed``: a plus shown too (+5)."""
    return (f"{n:+d}" if signed else str(n)).replace("-", "\u2212")


def target_text(rules: Rules, short: bool = False) -> str:
    """How the match ends, under the scoreboard's title (``short``: the big screen's):
    in Krypkasino the fewest points win once a side reaches the target."""
    n = rules.target
    if rules.reverse:
        return (_("ends at %(n)d, the fewest win", n=n) if short else
                ngettext("Ends at %(num)d point: the fewest points win",
                         "Ends at %(num)d points: the fewest points win", n))
    return _("to %(n)d", n=n) if short else ngettext("To %(num)d point", "To %(num)d points", n)


def leftover_text(cards: str, side: str) -> str:
    """Where the cards left on the table at the end of the round go."""
    return LEFTOVER({"cards": cards, "side": side})


COUNTED_OUT = SideLine(
    _l("%(side)s reaches %(score)d (target %(target)d) first, counting out, with "
       "%(category)s, and wins"),
    _pl("partnership", "%(side)s reach %(score)d (target %(target)d) first, counting out, "
        "with %(category)s, and win"))
SPADES_EACH = SideLine(_l("%(side)s has %(spades)s: %(points)s"),
                       _pl("partnership", "%(side)s have %(spades)s: %(points)s"))
# the same, where A♠ or 2♠ makes the points differ from the count, with what they score
SPADES_EACH_HOW = SideLine(_l("%(side)s has %(spades)s: %(points)s (%(how)s)"),
                           _pl("partnership", "%(side)s have %(spades)s: %(points)s (%(how)s)"))


def _most(p: Words) -> str:
    return MOST.get(str(p.get(CATEGORY_CODE)), MOST["cards"])(p)


def points_text(n: int) -> str:
    """A line's points as every score line ends: "1 point", "2 points"."""
    return ngettext("%(num)d point", "%(num)d points", n)


_SWEEPS = SideLine(
    plural_l("count", "%(side)s scores %(num)d sweep: %(points)s",
             "%(side)s scores %(num)d sweeps: %(points)s"),
    plural_pl("count", "partnership", "%(side)s score %(num)d sweep: %(points)s",
              "%(side)s score %(num)d sweeps: %(points)s"))


def _worded(line: SideLine) -> Callable[[Words], str]:
    """A score line whose ``points`` (a number) it ends in are worded (:func:`points_text`)."""
    return lambda p: line({**p, "points": points_text(int(p["points"]))})


def _spades_each(p: Words) -> str:
    """A spade a point, and what A♠ and 2♠ score where the pile has them (Mulle,
    Kortspelshandboken: "15 spades: 14 points" says why)."""
    said = {"side": p["side"],
            "spades": ngettext("%(num)d spade", "%(num)d spades", p["count"]),
            "points": points_text(p["points"])}
    how = []
    if p.get("aces_of_spades"):
        how.append(_("A♠ scores %(ace)d", ace=p["ace_of_spades"]))
    if p.get("little"):
        how.append(_("2♠ scores only as the little casino"))
    if not how:
        return SPADES_EACH(said)
    return SPADES_EACH_HOW({**said, "how": ", ".join(how)})


def _most_tied(p: Words) -> str:
    category = p.get(CATEGORY_CODE)
    if category == "spades":
        return _("most spades tied (%(counts)s): nobody scores", **p)
    if category == "aces":
        return _("most aces tied (%(counts)s): nobody scores", **p)
    return _("most cards tied (%(counts)s): nobody scores", **p)


def _most_tied_carried(p: Words) -> str:
    category = p.get(CATEGORY_CODE)
    if category == "spades":
        return ngettext("most spades tied (%(counts)s): %(num)d point carried over",
                        "most spades tied (%(counts)s): %(num)d points carried over",
                        p["points"], **p)
    if category == "aces":
        return ngettext("most aces tied (%(counts)s): %(num)d point carried over",
                        "most aces tied (%(counts)s): %(num)d points carried over",
                        p["points"], **p)
    return ngettext("most cards tied (%(counts)s): %(num)d point carried over",
                    "most cards tied (%(counts)s): %(num)d points carried over",
                    p["points"], **p)


def _penalty_sweeps(p: Words) -> str:
    """Krypkasino's sweeps of a side: its own and the next player's (whose sweeps are
    charged to it), or only their sum in a result kept before the two were told apart."""
    own, charged = p.get("own"), p.get("charged")
    if not isinstance(own, int) or not isinstance(charged, int):
        return _("%(side)s: sweeps %(signed)s", **p)
    said = {**p, "own": number_text(own, signed=True),
            "charged": number_text(charged, signed=True),
            "signed": number_text(own + charged, signed=bool(own + charged))}
    if not own:
        return _("%(side)s: the next player's sweeps %(charged)s", **said)
    if not charged:
        return _("%(side)s: own sweeps %(own)s", **said)
    return _("%(side)s: own sweeps %(own)s, the next player's sweeps %(charged)s: "
             "%(signed)s in all", **said)


# Krypkasino's winner, naming the sides whose points ended the match (a result kept
# before they were named: "a side")
FEWEST_REACHED = SideLine(
    _l("%(side)s wins with the fewest points (%(score)d) once %(sides)s reached %(target)d"),
    _pl("partnership", "%(side)s win with the fewest points (%(score)d) once %(sides)s "
        "reached %(target)d"))
FEWEST = SideLine(
    _l("%(side)s wins with the fewest points (%(score)d) once a side reached %(target)d"),
    _pl("partnership", "%(side)s win with the fewest points (%(score)d) once a side "
        "reached %(target)d"))


# the card or cards worth points at once that a play took, or the last capture took from
# the cards left on the table (a line kept before it named them: the aces and casinos)
IMMEDIATE_TAKEN = SideLine(
    _l("%(side)s reaches %(score)d (target %(target)d) with %(taken)s from play %(play)d and "
       "wins in the middle of the round; no end-of-round points are added"),
    _pl("partnership", "%(side)s reach %(score)d (target %(target)d) with %(taken)s from play "
        "%(play)d and win in the middle of the round; no end-of-round points are added"))
IMMEDIATE_AT_PLAY = SideLine(
    _l("%(side)s reaches %(score)d (target %(target)d) with the aces and casinos of play "
       "%(play)d and wins in the middle of the round; no end-of-round points are added"),
    _pl("partnership", "%(side)s reach %(score)d (target %(target)d) with the aces and casinos "
        "of play %(play)d and win in the middle of the round; no end-of-round points are "
        "added"))
LEFTOVER_TAKEN = SideLine(
    _l("%(side)s reaches %(score)d (target %(target)d) with %(taken)s among the cards left on "
       "the table, taken after the last play, and wins before the round is added up; no "
       "end-of-round points are added"),
    _pl("partnership", "%(side)s reach %(score)d (target %(target)d) with %(taken)s among the "
        "cards left on the table, taken after the last play, and win before the round is "
        "added up; no end-of-round points are added"))
IMMEDIATE_LEFTOVER = SideLine(
    _l("%(side)s reaches %(score)d (target %(target)d) with the aces and casinos of the cards "
       "left on the table, taken after the last play, and wins before the round is added "
       "up; no end-of-round points are added"),
    _pl("partnership", "%(side)s reach %(score)d (target %(target)d) with the aces and casinos "
        "of the cards left on the table, taken after the last play, and win before the "
        "round is added up; no end-of-round points are added"))


def _with_taken(named: SideLine, kept: SideLine) -> Callable[[Words], str]:
    """The line that names the cards taken (``taken``), or the words of one kept before
    the notes named them."""
    return lambda p: (named if "taken" in p else kept)(p)


NOTES: dict[Say, Callable[[Words], str]] = {
    Say.MOST: _most,
    Say.MOST_TIED: _most_tied,
    Say.MOST_TIED_CARRIED: _most_tied_carried,
    Say.SPADES_OVER_SIX: lambda p: SPADES_OVER_SIX({**p, "over": p["count"] - p["points"],
                                                    "points": points_text(p["points"])}),
    Say.SPADES_EACH: _spades_each,
    Say.ACES: _worded(SideLine(
        plural_l("aces", "%(side)s took %(num)d ace (%(cards)s): %(points)s",
                 "%(side)s took %(num)d aces (%(cards)s): %(points)s"),
        plural_pl("aces", "partnership", "%(side)s took %(num)d ace (%(cards)s): %(points)s",
                  "%(side)s took %(num)d aces (%(cards)s): %(points)s"))),
    # two packs: a side may take both casinos of a kind
    Say.BIG_CASINO: _worded(SideLine(
        plural_l("count", "%(side)s took the big casino (10♦): %(points)s",
                 "%(side)s took both big casinos (10♦): %(points)s"),
        plural_pl("count", "partnership", "%(side)s took the big casino (10♦): %(points)s",
                  "%(side)s took both big casinos (10♦): %(points)s"))),
    Say.LITTLE_CASINO: _worded(SideLine(
        plural_l("count", "%(side)s took the little casino (2♠): %(points)s",
                 "%(side)s took both little casinos (2♠): %(points)s"),
        plural_pl("count", "partnership", "%(side)s took the little casino (2♠): %(points)s",
                  "%(side)s took both little casinos (2♠): %(points)s"))),
    Say.LAST_CAPTURE: _worded(SideLine(
        _l("%(side)s made the last capture: %(points)s"),
        _pl("partnership", "%(side)s made the last capture: %(points)s"))),
    # the note's count is the sweeps' credit: the points, as every other line ends in them
    Say.SWEEPS: lambda p: _SWEEPS({**p, "points": points_text(int(p["count"]))}),
    Say.PENALTY_SWEEPS: _penalty_sweeps,
    Say.MULLE: _worded(SideLine(_l("%(side)s made mulle: %(points)s"),
                        _pl("partnership", "%(side)s made mulle: %(points)s"))),
    Say.SWEEPS_FROZEN: lambda p: ngettext("a side had %(points)d or more point before the "
                                          "round: sweeps do not score",
                                          "a side had %(points)d or more points before the "
                                          "round: sweeps do not score", p["points"], **p),
    Say.SWEEPS_CANCEL: lambda p: _("sweeps %(counts)s cancel to %(counted)s", **p),
    Say.ENDED_MID_ROUND: lambda p: _("the match ended in the middle of the round"),
    Say.ENDED_WITH_LEFTOVER: lambda p: _("the match ended with the cards left on the table, "
                                         "before the round was added up"),
    # an ace counted out by its suit is named: "with A♣"
    Say.COUNTED_OUT: lambda p: COUNTED_OUT({**p, "category": p["cards"]} if p.get("cards")
                                           else p),
    Say.ONLY_ONE: SideLine(
        _l("%(side)s reaches %(score)d (target %(target)d) and wins (the only side to reach "
           "it)"),
        _pl("partnership", "%(side)s reach %(score)d (target %(target)d) and win (the only "
            "side to reach it)")),
    Say.MOST_POINTS: SideLine(
        _l("%(side)s wins with most points (%(score)d) of the sides that reached "
           "%(target)d"),
        _pl("partnership", "%(side)s win with most points (%(score)d) of the sides that reached "
            "%(target)d")),
    Say.MOST_SPADES: SideLine(
        _l("tied at %(score)d: %(side)s wins with most spades in the round (%(count)d)"),
        _pl("partnership", "tied at %(score)d: %(side)s win with most spades in the round "
            "(%(count)d)")),
    Say.TIED_SPADES: lambda p: _("tied at %(score)d with %(count)d spades each: another "
                                 "round", **p),
    Say.TIED: lambda p: _("tied at %(score)d: another round", **p),
    Say.FEWEST_POINTS: lambda p: (FEWEST_REACHED if p.get("sides") else FEWEST)(p),
    Say.FEWEST_TIED: lambda p: (
        _("%(sides)s reached %(target)d but the fewest points are tied (%(score)d): another "
          "round", **p) if p.get("sides") else
        _("a side reached %(target)d but the fewest points are tied (%(score)d): another "
          "round", **p)),
    Say.IMMEDIATE: SideLine(
        _l("%(side)s reaches %(score)d (target %(target)d) with the aces and casinos as they were "
           "captured, and wins in the middle of the round; no end-of-round points are added"),
        _pl("partnership", "%(side)s reach %(score)d (target %(target)d) with the aces and casinos "
            "as they were captured, and win in the middle of the round; no end-of-round "
            "points are added")),
    Say.IMMEDIATE_AT_PLAY: _with_taken(IMMEDIATE_TAKEN, IMMEDIATE_AT_PLAY),
    Say.IMMEDIATE_LEFTOVER: _with_taken(LEFTOVER_TAKEN, IMMEDIATE_LEFTOVER),
    Say.HIGHEST: SideLine(
        _l("%(side)s wins with the highest total, %(score)d against %(counts)s, once a side "
           "reached %(target)d"),
        _pl("partnership", "%(side)s win with the highest total, %(score)d against "
            "%(counts)s, once a side reached %(target)d")),
    Say.TIED_COUNT_OUT: lambda p: _("%(sides)s are tied at %(score)d: counted out from "
                                    "%(counts)s after the aces and casinos", **p),
    Say.TOGETHER_IMMEDIATE: lambda p: _("the aces and casinos bring them to %(target)d "
                                        "together: another round", **p),
    Say.COUNT_OUT_WINS: SideLine(
        _l("%(side)s reaches %(score)d (target %(target)d) first, with %(category)s, and wins"),
        _pl("partnership", "%(side)s reach %(score)d (target %(target)d) first, with %(category)s, "
            "and win")),
    Say.TOGETHER: lambda p: _("%(category)s bring them to %(target)d together: another "
                              "round", **p),
    Say.ANOTHER_ROUND: lambda p: _("another round"),
    Say.TEXT: lambda p: str(p["text"]),
}


def counts_text(counts: Sequence[int]) -> str:
    """What the sides counted, side by side: two as players say them ("27 v 25", "27 mot
    25"); more as a score is written, with dashes ("20–18–14"), not "20 v 18 v 14".

    >>> counts_text([20, 18, 14])
    '20–18–14'
    """
    if len(counts) == 2:
        return _(" v ").join(str(n) for n in counts)
    return "\u2013".join(str(n) for n in counts)


def note_text(note: Note, sides: Sequence[str]) -> str:
    """One line of a round's points or of the match, in the reader's language: ``sides``
    names the sides the note gives by index."""
    params: Words = {}
    for key, value in note.params:
        if key == "side" and isinstance(value, int):
            params[key] = sides[value] if 0 <= value < len(sides) else str(value)
        elif key == "sides" and isinstance(value, tuple):
            params[key] = _(" and ").join(sides[i] for i in value if isinstance(i, int)
                                          and 0 <= i < len(sides))
        elif key == "category" and isinstance(value, str):
            # the word for the sentence; the sentence itself is chosen from the code
            params[key] = str(CATEGORY_WORDS.get(value, value))
            params[CATEGORY_CODE] = value
        elif key == "cards" and isinstance(value, tuple):
            cards = [c for c in value if isinstance(c, Card)]
            params[key] = ", ".join(card_text(c) for c in cards)
            params["aces"] = len(cards)
        elif key == "taken" and isinstance(value, tuple):
            params[key] = listed([card_text(c) for c in value if isinstance(c, Card)])
        elif key in ("counts", "counted") and isinstance(value, tuple):
            params[key] = counts_text([v for v in value if isinstance(v, int)])
        else:
            params[key] = value
    if note.code is Say.PENALTY_SWEEPS:
        # the sign always shown, a minus as a minus sign (not a hyphen)
        params["signed"] = number_text(int(params.get("points", 0)), signed=True)
    said = NOTES[note.code](params)
    # a line of its own, so it starts with a capital: not a name, kept as it was written
    if said.startswith(tuple(sides)):
        return said
    return said[:1].upper() + said[1:]


def notes_text(notes: Sequence[Note], sides: Sequence[str]) -> list[str]:
    return [note_text(note, sides) for note in notes]


# -- the pack and the variants, as players name them ------------------------------------

# every rank as a word, for a language that says "pataseiska" (Finnish names a card in one
# word, its number included); a number stays a number where it is read as one
RANK_WORDS = {1: _l("ace"), 2: _pl("card rank", "2"), 3: _pl("card rank", "3"),
              4: _pl("card rank", "4"), 5: _pl("card rank", "5"), 6: _pl("card rank", "6"),
              7: _pl("card rank", "7"), 8: _pl("card rank", "8"), 9: _pl("card rank", "9"),
              10: _pl("card rank", "10"), 11: _l("jack"), 12: _l("queen"), 13: _l("king")}
CARD_NAMES = {
    "S": _l("%(rank)s of spades"),
    "H": _l("%(rank)s of hearts"),
    "D": _l("%(rank)s of diamonds"),
    "C": _l("%(rank)s of clubs"),
}


def card_name(card: Card) -> str:
    """A card in words, for a screen reader: "king of spades" (worded once per card and
    language: a pack picker names every card twice)."""
    return _card_name(card, str(get_locale()))


@lru_cache(maxsize=1024)
def _card_name(card: Card, _locale: str) -> str:
    return str(CARD_NAMES[card.suit.value]) % {"rank": RANK_WORDS[card.rank]}


VARIANT_NAMES = {
    "swedish": _l("Swedish Kasino"),
    "finnish": _l("Finnish Kasino"),
    "norwegian": _l("Norwegian Kasino"),
    "danish": _l("Danish Kasino"),
    "classic": _l("Casino (Anglo-American)"),
    "royal": _l("Royal Casino"),
    "overspader": _l("Överspader"),
    "mulle": _l("Mulle"),
    "mulle-glimne": _l("Mulle (Kortspelshandboken)"),
    "krypkasino": _l("Krypkasino"),
}
VARIANT_DESCRIPTIONS = {
    "swedish": _l("No building; aces 1 or 14; tabbe and sistan score; to 16."),
    "finnish": _l("No building; A 14, 10♦ 16, 2♠ 15 from the hand; mökkis cancel; aces and "
                  "casinos count at once; to 16."),
    "norwegian": _l("Building and doubling; A 14, 10♦ 16, 2♠ 15 from the hand; to 16."),
    "danish": _l("Building more; A, 10♦ and 2♠ count two ways; 5♠ clears the table; to 21."),
    "classic": _l("Courts only pair; builds and multiple builds; most cards 3; to 21."),
    "royal": _l("Casino with J 11, Q 12, K 13 and aces 1 or 14; count out to 21."),
    "overspader": _l("Swedish Kasino where each spade over six scores 1; to 21."),
    "mulle": _l("Two packs, five cards each; a lone identical card is a mulle worth 5."),
    "mulle-glimne": _l("Two packs, building, Finnish values; a mulle scores the card's "
                       "value; 2 players, or 4 in pairs."),
    "krypkasino": _l("Reverse Kasino with two packs: capture is compulsory, avoid points; "
                     "to 50."),
}


# the rule texts a variant's rules come from (``Variant.sources``: shared/seeds/<id>_*)
SOURCES = {
    "000": _l("pagat.com, Nordic Casino"),
    "002": _l("a Norwegian rule sheet"),
    "003": _l("the Danish Wikipedia"),
    "004": _l("the Bicycle rules of Casino"),
}


def sources_text(variant: Variant) -> str:
    return "; ".join(str(SOURCES[source]) for source in variant.sources)


def variant_name(variant: Variant | str) -> str:
    """The variant as players of the reader's language know it."""
    key = variant if isinstance(variant, str) else variant.id
    return str(VARIANT_NAMES[key])


def variant_description(variant: Variant | str) -> str:
    key = variant if isinstance(variant, str) else variant.id
    return str(VARIANT_DESCRIPTIONS[key])

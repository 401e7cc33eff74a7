"""Plain-language words for the engine's rule data, keyed by the engine's own enums.

Only explanations live here; every number on a rules page comes from the engine.
A new building mode or match end in the engine fails the rulebook's tests until
it is described here.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from ..rules.variants import Building, MatchEnd, MulleScoring, SpadeScoring

BUILDING_NAMES = {
    Building.NONE: _l("no building"),
    Building.NORDIC: _l("Norwegian building"),
    Building.DANISH: _l("Danish building"),
    Building.ANGLO: _l("Anglo-American building"),
}

BUILDING_SUMMARIES = {
    Building.NONE: (
        _l("There is no building and no doubling: every card played either captures or is "
           "laid on the table."),
    ),
    Building.NORDIC: (
        _l("Build by laying the card played on exactly one loose table card; the build's value "
           "is their sum."),
        _l("An opponent may raise an unlocked build by adding one card from the hand: the value "
           "becomes the new sum and the build becomes theirs."),
        _l("Double by laying a card on a loose card or a build of the same value: the result is "
           "a locked build of that value, owned by the doubler. A locked build cannot be "
           "raised."),
    ),
    Building.DANISH: (
        _l("Build as in Norwegian Kasino: the card played on exactly one loose card, the value "
           "their sum; builds may be raised and doubled."),
        _l("The original builder may raise their own build too. A pile that has been built "
           "more (a second set of the same value added) or doubled is locked."),
        _l("Whoever builds must capture something on their next turn (not necessarily the "
           "build). A build must be captured within the same deal, and a player may not start "
           "a new build while their previous build is on the table."),
    ),
    Building.ANGLO: (
        _l("A build is the card played with one or more table cards. A single build sums to its "
           "value; a multiple build is several sets each equal to the value, and it is "
           "locked."),
        _l("Anyone holding the new value may increase an unlocked single build by one card from "
           "the hand; table cards may be added only as extra sets equal to the value, which "
           "locks it."),
        _l("The owner of a build that nobody else has added to since the owner's last turn may "
           "not trail: they must capture, build or add to a build."),
        _l("No one may capture or add to a build so as to be left with no card equal to the "
           "value of a build they own."),
    ),
}

# Said of every mode with building (RULES.md §3.2).
BUILD_BACKING = _l(
    "Every build's owner must hold another card that captures it. The referee checks it at "
    "once when the hand is known, otherwise at the end of the deal against the cards the owner "
    "actually played."
)

MATCH_END_SUMMARIES = {
    MatchEnd.MOST_POINTS_THEN_SPADES: (
        _l("When several sides reach the target in the same round, the side with the most "
           "points wins; if that is tied, the most spades in that round; if still tied, "
           "another round is played."),
    ),
    MatchEnd.MOST_POINTS: (
        _l("When several sides reach the target in the same round, the side with the most "
           "points wins; if that is tied, another round is played."),
    ),
    MatchEnd.HIGHEST_THEN_COUNT_OUT: (
        _l("Counting out: points are credited in a fixed order and the first side to reach the "
           "target wins."),
        _l("Aces, 10♦ and 2♠ are credited the moment they are captured, so a match can end in "
           "the middle of a round. At the end of the round come most spades, then most cards, "
           "then sweeps."),
        _l("Cards left on the table are taken at the end of the last play, so their aces and "
           "casinos are credited then, before spades."),
        _l("If one step brings several sides to the target, the most points wins; if that is "
           "tied, another round is played."),
    ),
    MatchEnd.COUNT_OUT: (
        _l("Counting out: points are credited in a fixed order and the first side to reach the "
           "target wins. The order is most cards, most spades, 10♦, 2♠, the aces (%(aces)s), "
           "then sweeps."),
        _l("If one step brings several sides to the target, the most points wins; if that is "
           "tied, another round is played."),
    ),
    MatchEnd.FEWEST_POINTS: (
        _l("The match ends when a side reaches the target in penalty points; the side with the "
           "fewest points wins."),
    ),
}

SPADE_SUMMARIES = {
    SpadeScoring.MAJORITY: _l("%(n)d for most spades"),
    SpadeScoring.OVER_SIX: _l("%(n)d for each spade over six"),
    SpadeScoring.EACH: _l("%(n)d for each spade, %(ace)d for A♠ (2♠ scores as little casino)"),
}

MULLE_SUMMARIES = {
    MulleScoring.NONE: None,
    MulleScoring.FIVE: _l("%(n)d for each mulle: capturing the identical card (same rank and "
                          "suit) and nothing else"),
    MulleScoring.CAPTURE_VALUE: _l("the played card's hand value (6 for a 6, %(ace)d for an "
                                   "ace, %(big)d for 10♦) for capturing the identical card, "
                                   "alone or with other cards"),
}

HOUSE_RULES = {
    "target": _l("Play to another target"),
    "building": _l("Play with another building mode"),
    "partnerships": _l("Partnerships, partners opposite with piles pooled"),
    "sweep_cancellation": _l("Sweeps cancel each other"),
    "multiple_builds": _l("A player may own several builds at once"),
    "raise_own_build": _l("A player may raise their own build"),
    "most_aces": _l("1 point for most aces instead of 1 per ace"),
    "sisten_is_sweep": _l("The last capture always counts as a sweep too"),
    "tie_carry_over": _l("Tied majorities carry over to the next round's winner of them"),
    "royal_sweeps": _l("Sweeps score"),
    "spade_five_clears": _l("5♠ may capture the whole table"),
}

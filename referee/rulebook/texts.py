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
        _l("Build by laying the card played on exactly one loose table card."),
        _l("An opponent may raise an unlocked build by adding one card from the hand: the value "
           "becomes the new sum and the build becomes theirs."),
        _l("Double by laying a card on a loose card or a build of the same value: the result is "
           "a locked build of that value, owned by the doubler, who must hold another card of "
           "that value. A locked build cannot be raised, but it may be doubled again."),
    ),
    Building.DANISH: (
        _l("Build as in Norwegian Kasino, by laying the card played on exactly one loose table "
           "card."),
        _l("An opponent may raise an unlocked build by adding one card from the hand: the value "
           "becomes the new sum and the build becomes theirs."),
        _l("Double by laying a card of the same value on a loose card or a pile, or build more "
           "on a pile by adding a second set of the same value: the result is a locked pile, "
           "owned by the player who added to it, who must hold another card of that value. A "
           "locked pile cannot be raised, but it may be doubled or built more again."),
        _l("Whoever builds, raises or doubles must capture something on their next turn (not "
           "necessarily the build) if the card they play can capture anything; a card that can "
           "capture nothing may be trailed or built with. The duty holds whether or not their "
           "build is still on the table."),
        _l("A build must be captured within the same deal."),
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
        _l("Aces, 10♦ and 2♠ are credited the moment they are captured. As soon as one side "
           "reaches %(target)d with them it wins at once, in the middle of the round, and no "
           "end-of-round points are added."),
        _l("Otherwise the points are added up at the end of the round, and if any side has "
           "%(target)d or more, the highest total wins."),
        _l("Only a tie for the highest total is counted out: the aces and casinos (already "
           "credited), then most spades, then most cards, then sweeps. The first of the tied "
           "sides to reach %(target)d in that order wins; if one step brings them there "
           "together, another round is played."),
        _l("Cards left on the table are taken at the end of the last play, so their aces and "
           "casinos are credited then, with the immediate points."),
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
           "fewest points wins. If the fewest points are tied, another round is played."),
    ),
}

SPADE_SUMMARIES = {
    SpadeScoring.MAJORITY: _l("%(n)d for most spades"),
    SpadeScoring.OVER_SIX: _l("%(n)d for each spade over %(over)d"),
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

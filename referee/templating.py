"""Template filters and globals: cards shown by symbol and colour, never colour alone."""

from __future__ import annotations

import unicodedata
from collections.abc import MutableMapping, Sequence
from functools import lru_cache
from typing import Any

from babel.support import NullTranslations
from flask import Flask
from flask.templating import Environment as FlaskEnvironment
from flask_babel import format_date, format_time, get_locale
from flask_babel import lazy_gettext as _l
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from . import languages
from .languages import gettext, ngettext
from .rules.cards import RANKS, Card, Suit
from .rules.round import PileCount
from .rules.table import Build
from .rules.variants import Rules, SpadeScoring
from .sharing import qr_svg
from .words import (
    build_text,
    card_name,
    detail_text,
    leftover_text,
    notes_text,
    number_text,
    sources_text,
    standing_text,
    target_text,
    variant_description,
    variant_name,
    verdict_text,
    winner_text,
)


class Environment(FlaskEnvironment):
    """Flask's template environment, each template's globals one plain dict.

    Jinja keeps a template's globals as a ``ChainMap`` (its own over the environment's),
    copies them into every render's context, takes a set of their keys for the context,
    and compares that set with the imported template's keys at every ``{% from ... import
    %}``: a ``ChainMap`` answers each of its 44 keys in Python (21 µs a copy), a dict in C
    (0.5 µs). So the two are merged when a template is loaded. The environment's globals
    are all set when the app is made (``register`` below, ``security.init``,
    ``pwa.register``, Flask's and its extensions' own), before any template is loaded:
    a global added later would not reach a template already loaded."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def card_html(card: Card | str) -> Markup:
    """A card as ``10♦`` with its suit's class (red suits also get a colour)."""
    return _card_html(Card.parse(card) if isinstance(card, str) else card)


@lru_cache(maxsize=128)
def _card_html(card: Card) -> Markup:
    return Markup('<span class="c {cls}">{rank}<b>{sym}</b></span>').format(
        cls="red" if card.suit.red else "black", rank=card.rank_name, sym=card.suit.symbol
    )


def deck_tiles(name: str) -> Markup:
    """The whole pack as buttons named ``name``, each suit in two rows of seven: the
    same on every page view, so made once per language."""
    return _deck_tiles(name, str(get_locale()))


@lru_cache(maxsize=32)
def _deck_tiles(name: str, _locale: str) -> Markup:
    suits = []
    for suit in Suit:
        tiles = Markup("").join(
            Markup('<button type="submit" name="{name}" value="{code}" class="tile">{face}'
                   '<span class="sr">, {label}</span></button>').format(
                name=name, code=card.code, face=card_html(card), label=card_name(card))
            for card in (Card.parse(rank + suit.value) for rank in RANKS)
        )
        suits.append(Markup('<div class="suit">{}</div>').format(tiles))
    return Markup("\n").join(suits)


def item_html(item: Card | Build, owner: str | None = None) -> Markup:
    """A table item as a tile's face: a build's cards and label, and its ``owner``'s name
    within its dashed border when given."""
    if isinstance(item, Build):
        cards = Markup("").join(card_html(c) for c in item.cards)
        named = Markup(' <strong class="owner">{}</strong>').format(owner) if owner else ""
        return Markup('<span class="build">{cards} <em>{label}</em>{named}</span>').format(
            cards=cards, label=build_text(item), named=named
        )
    return card_html(item)


CATEGORY_LABELS = {
    "cards": _l("most cards"),
    "spades": _l("spades"),
    "aces": _l("aces"),
    "big_casino": _l("10♦ (big casino)"),
    "little_casino": _l("2♠ (little casino)"),
    "last_capture": _l("last capture"),
    "sweeps": _l("sweeps"),
    "mulle": _l("mulle"),
}
# Krypkasino's spades row: every spade but 2♠, which has its own row (RULES §7), beside a
# count of every spade taken
PENALTY_SPADES = _l("spades, 2♠ apart")
# the spades row where the majority scores (beside "most cards"); Överspader's and
# Mulle's (Kortspelshandboken), which score spade by spade, stay "spades"
MOST_SPADES = _l("most spades")


def category_label(rules: Rules, category: str) -> str:
    """A category's name over its row in this variant's tables of points."""
    if category == "spades" and rules.variant.penalties is not None:
        return str(PENALTY_SPADES)
    if category == "spades" and rules.variant.spade_scoring is SpadeScoring.MAJORITY:
        return str(MOST_SPADES)
    return str(CATEGORY_LABELS[category])


def pile_counts(c: PileCount, sweeps: bool = True) -> Markup:
    """A pile's cards, spades and sweeps (the round panel, the big screen), a list said
    with commas: each count in a span of its own, so a narrow pile wraps between them,
    never inside one, and a line ending in a comma reads on. The sweeps only where they
    score (``sweeps``), and what is left of them where they cancel; a Mulle pile's points.
    Worded once per language and counts: every play's panel shows one a side."""
    return _pile_counts(languages.catalogue(), c.cards, c.spades,
                        (c.sweeps, c.cancelled_to) if sweeps else None, c.mulle)


@lru_cache(maxsize=4096)
def _pile_counts(catalogue: object, cards: int, spades: int,
                 sweeps: tuple[int, int | None] | None, mulle: int) -> Markup:
    """:func:`pile_counts` in the language of ``catalogue`` (the request's, which the
    words below are taken from: it is here to key the cache)."""
    count = Markup('<span class="count">{}</span>')
    parts = [count.format(ngettext("%(num)d card", "%(num)d cards", cards) + ","),
             count.format(ngettext("%(num)d spade", "%(num)d spades", spades)
                          + ("," if sweeps is not None else ""))]
    if sweeps is not None:
        swept, cancelled_to = sweeps
        parts.append(count.format(ngettext("%(num)d sweep", "%(num)d sweeps", swept)
                                  + ("," if mulle and cancelled_to is None else "")))
        if cancelled_to is not None:
            parts.append(Markup('<span class="cancelled">{}</span>').format(
                gettext("(%(num)d once they cancel)", num=cancelled_to)
                + ("," if mulle else "")))
    if mulle:
        parts.append(count.format(ngettext("%(num)d mulle point", "%(num)d mulle points",
                                           mulle)))
    return Markup(" ").join(parts)


def _formatted(worded: str, escaped: bool, variables: dict[str, Any]) -> str:
    """A translation as a template words it (Jinja's i18n does the same): marked safe where
    the template escapes, then always formatted with its parameters."""
    return (Markup(worded) if escaped else worded) % variables


@lru_cache(maxsize=4096)
def _worded(translations: NullTranslations, string: str, escaped: bool) -> str:
    """A template's words without parameters from a catalogue, as :func:`catalogue_words`
    words them."""
    return _formatted(translations.ugettext(string), escaped, {})


def catalogue_words() -> dict[str, Any]:
    """``_``, ``gettext`` and ``ngettext`` for one render, bound to the request's catalogue
    once: the ones Flask-Babel installs look the catalogue up again for every string (a
    round's panel has dozens). They word exactly as Jinja's own i18n ones do: the
    translation marked safe where the template escapes, then always formatted with its
    parameters (so ``%%`` reads ``%``). Words without parameters are worded once per
    catalogue (a round's panel has a dozen: its headings, buttons and labels)."""
    translations = languages.catalogue()

    @pass_eval_context
    def gettext(eval_ctx: EvalContext, string: str, /, **variables: Any) -> str:
        if not variables:
            return _worded(translations, string, eval_ctx.autoescape)
        return _formatted(translations.ugettext(string), eval_ctx.autoescape, variables)

    @pass_eval_context
    def ngettext(eval_ctx: EvalContext, singular: str, plural: str, num: int, /,
                 **variables: Any) -> str:
        variables.setdefault("num", num)
        return _formatted(translations.ungettext(singular, plural, num), eval_ctx.autoescape,
                          variables)

    return {"_": gettext, "gettext": gettext, "ngettext": ngettext}


# How wide a name may be to lie over one of two columns of a round's points on a 360 px
# phone, in widths of an average letter of the header's bold type (a column holds about 60
# px: "Mikael" and "Wilmar" lie; "Elisabet" and "Mikaela" would break, and stand upright,
# as every name does from three sides; static/app.css, tests/browser/test_browser_tally.py)
LYING_WIDTH = 6.0
_NARROW = frozenset("iljtfrI.,;:!'|()- ")
_WIDEST = frozenset("MW")


def letters_wide(name: str) -> float:
    """A name's width in average letters of bold type: M and W two, other capitals and m,
    w a third more, i, l, t and the like half, a character of East Asian width two.

    >>> letters_wide("Mikael"), letters_wide("Elisabet")
    (6.0, 6.8)
    """
    wide = 0.0
    for c in name:
        if c in _WIDEST or unicodedata.east_asian_width(c) in ("W", "F"):
            wide += 2
        elif c in _NARROW:
            wide += 0.5
        elif c.isupper() or c in "mw":
            wide += 1.3
        else:
            wide += 1
    return round(wide, 2)


def names_upright(names: Sequence[str]) -> bool:
    """Whether the sides' names over a round's points stand upright: from three sides, or
    when a name is too wide to lie over one of two columns."""
    return len(names) > 2 or any(letters_wide(name) > LYING_WIDTH for name in names)


def register(app: Flask) -> None:
    app.context_processor(catalogue_words)
    # the words of the templates a template imports (their macros have no context to find
    # catalogue_words in): from the request's catalogue, not looked up again for each
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: languages.catalogue().ugettext(s),
        ngettext=lambda s, p, n: languages.catalogue().ungettext(s, p, n),
        pgettext=lambda c, s: languages.catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: languages.catalogue().unpgettext(c, s, p, n),
        newstyle=True)
    app.jinja_env.filters["card"] = card_html
    app.jinja_env.filters["item"] = item_html
    app.jinja_env.filters["points"] = number_text
    app.jinja_env.globals.update(SUITS=list(Suit), RANKS=RANKS, Card=Card, deck_tiles=deck_tiles,
                                 qr_svg=qr_svg,
                                 category_label=category_label,
                                 LANGUAGE_NAMES=languages.NAMES, this_page=languages.here,
                                 get_locale=get_locale, explain=notes_text, build_text=build_text,
                                 ruling=verdict_text, ruling_detail=detail_text,
                                 format_date=format_date, format_time=format_time,
                                 sources_text=sources_text, winner_text=winner_text,
                                 leftover_text=leftover_text, names_upright=names_upright,
                                 target_text=target_text, standing_text=standing_text,
                                 card_name=card_name, variant_name=variant_name,
                                 variant_description=variant_description,
                                 pile_counts=pile_counts)

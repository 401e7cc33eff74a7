"""Template filters and globals: cards shown by symbol and colour, never colour alone."""

from __future__ import annotations

from flask import Flask
from markupsafe import Markup, escape

from .rules.cards import RANKS, Card, Suit
from .rules.table import Build


def card_html(card: Card | str) -> Markup:
    """A card as ``10♦`` with its suit's class (red suits also get a colour)."""
    if isinstance(card, str):
        card = Card.parse(card)
    return Markup('<span class="c {cls}">{rank}<b>{sym}</b></span>').format(
        cls="red" if card.suit.red else "black", rank=card.rank_name, sym=card.suit.symbol
    )


def item_html(item: Card | Build) -> Markup:
    if isinstance(item, Build):
        cards = Markup("").join(card_html(c) for c in item.cards)
        return Markup('<span class="build">{cards} <em>{label}</em></span>').format(
            cards=cards, label=escape(item.label)
        )
    return card_html(item)


def register(app: Flask) -> None:
    app.jinja_env.filters["card"] = card_html
    app.jinja_env.filters["item"] = item_html
    app.jinja_env.globals.update(SUITS=list(Suit), RANKS=RANKS, Card=Card)

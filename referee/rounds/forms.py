"""Round forms. Cards arrive as codes and leave as engine values; no rule is decided here."""

from __future__ import annotations

import functools

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    FieldList,
    FormField,
    IntegerField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import AnyOf, InputRequired, Length, NumberRange, Optional, ValidationError

from ..rules.cards import Card, CardError


def _card(form, field) -> None:
    try:
        field.card = Card.parse(field.data or "")
    except CardError as error:
        raise ValidationError(str(error)) from None


class VersionForm(FlaskForm):
    """Any change to a round names the version of the page it was made on."""

    version = IntegerField(validators=[InputRequired(), NumberRange(min=0, max=2**31 - 1)])


def _codes(text: str | None) -> list[str]:
    codes = (text or "").replace(",", " ").split()
    for code in codes:
        try:
            Card.parse(code)
        except CardError as error:
            raise ValidationError(str(error)) from None
    return codes


def _card_list(form, field) -> None:
    _codes(field.data)


class PickForm(FlaskForm):
    """What the phone has picked so far, carried in the page's address (GET): the card
    about to be played, or the first table cards chosen one tap at a time."""

    class Meta:
        csrf = False

    card = StringField(validators=[Optional(), Length(max=3), _card])
    table = StringField(validators=[Optional(), Length(max=200), _card_list])
    add = StringField(validators=[Optional(), Length(max=3), _card])
    drop = IntegerField(validators=[Optional(), NumberRange(0, 104)])
    plays = StringField(validators=[Optional(), AnyOf(["all"])])  # every play, not the last

    def table_cards(self) -> list[Card]:
        """The first table cards chosen so far, with ``add`` and ``drop`` applied."""
        cards = [Card.parse(code) for code in _codes(self.table.data)]
        if self.drop.data is not None and self.drop.data < len(cards):
            del cards[self.drop.data]
        if self.add.data:
            cards.append(self.add.card)
        return cards


class TableForm(VersionForm):
    """The first table cards, as the phone picked them (two packs: a card may repeat)."""

    table = StringField(_l("First table cards"), validators=[InputRequired(
        _l("Pick the first table cards.")), Length(max=200), _card_list])

    def cards(self) -> list[Card]:
        return [Card.parse(code) for code in _codes(self.table.data)]


class PlayForm(VersionForm):
    card = StringField(_l("Card played"), validators=[InputRequired(_l("Pick the card played.")),
                                                     _card])
    refs = SelectMultipleField(_l("Table cards and builds"), coerce=int, validate_choice=False)
    action = StringField(validators=[InputRequired(), AnyOf(["capture", "build", "double",
                                                             "trail"])])
    value = IntegerField(_l("Build value"), validators=[Optional(), NumberRange(1, 16)])
    reason = StringField(_l("Why the table overrules"), validators=[Optional(), Length(max=200)])


class SideTallyForm(FlaskForm):
    """One side's counts with one pack; ``tally_form(packs)`` gives the limits of the game."""

    class Meta:
        csrf = False

    cards = IntegerField(_l("Cards"), validators=[InputRequired(), NumberRange(0, 52)])
    spades = IntegerField(_l("Spades"), validators=[InputRequired(), NumberRange(0, 13)])
    # one box per ace of the pack(s): AS, AC, ... and with two packs also AS2, AC2, ...
    aces = SelectMultipleField(_l("Aces"), validate_choice=False)
    big_casino = IntegerField(_l("10♦"), default=0, validators=[Optional(), NumberRange(0, 1)])
    little_casino = IntegerField(_l("2♠"), default=0, validators=[Optional(), NumberRange(0, 1)])
    # the engine refuses more sweeps than the side's players play cards (validate_tallies)
    sweeps = IntegerField(_l("Sweeps"), default=0, validators=[Optional(), NumberRange(0, 52)])
    last_capture = BooleanField(_l("Last capture"))
    # Mulle: how many mulles (5 points each); Kortspelshandboken: the mulle points
    mulle = IntegerField(_l("Mulle"), default=0, validators=[Optional(), NumberRange(0, 500)])
    double_sweeps = IntegerField(_l("Dubbeltabbe"), default=0,
                                 validators=[Optional(), NumberRange(0, 52)])


class TallyForm(VersionForm):
    sides = FieldList(FormField(SideTallyForm), min_entries=2, max_entries=6)


@functools.cache
def tally_form(packs: int) -> type[TallyForm]:
    """The tally form of a game with ``packs`` packs: its limits follow the pack
    (52 cards, 13 spades, one 10♦ and one 2♠ a pack)."""
    if packs == 1:
        return TallyForm
    most_cards, most_spades = 52 * packs, 13 * packs

    class PackSideTallyForm(SideTallyForm):
        cards = IntegerField(_l("Cards"),
                             validators=[InputRequired(), NumberRange(0, most_cards)])
        spades = IntegerField(_l("Spades"),
                              validators=[InputRequired(), NumberRange(0, most_spades)])
        big_casino = IntegerField(_l("10♦"), default=0,
                                  validators=[Optional(), NumberRange(0, packs)])
        little_casino = IntegerField(_l("2♠"), default=0,
                                     validators=[Optional(), NumberRange(0, packs)])
        sweeps = IntegerField(_l("Sweeps"), default=0,
                              validators=[Optional(), NumberRange(0, most_cards)])
        double_sweeps = IntegerField(_l("Dubbeltabbe"), default=0,
                                     validators=[Optional(), NumberRange(0, most_cards)])

    class PackTallyForm(TallyForm):
        sides = FieldList(FormField(PackSideTallyForm), min_entries=2, max_entries=6)

    return PackTallyForm


def ace_boxes(packs: int) -> list[tuple[str, str]]:
    """(value, label) for each ace a side can hold: with two packs each ace twice."""
    out = []
    for copy in range(packs):
        for suit in "SCHD":
            out.append((f"A{suit}{'2' if copy else ''}", f"A{suit}"))
    return out


def aces_of(values: list[str]) -> list[Card]:
    return [Card.parse(v[:2]) for v in values if v[:2] in ("AS", "AC", "AH", "AD")]

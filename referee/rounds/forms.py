"""Round forms. Cards arrive as codes and leave as engine values; no rule is decided here."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import asdict

from flask_babel import gettext as _
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

from ..numbers import whole_number
from ..rules.cards import Card, CardError
from ..service import SideCounts


def _card(form, field) -> None:
    try:
        field.card = Card.parse(field.data or "")
    except CardError as error:
        raise ValidationError(str(error)) from None


class VersionForm(FlaskForm):
    """Any change to a round names the version of the page it was made on.

    Its CSRF token is checked for the whole app before any view runs (``CSRFProtect`` in
    ``create_app``: a POST without a valid one is refused with 400), so the form does
    not check it a second time."""

    class Meta:
        csrf = False

    # a hidden field, never shown with its label: named here so that WTForms does not
    # word one from its name (which looks its own catalogue up for every form made)
    version = IntegerField("version", validators=[InputRequired(),
                                                  NumberRange(min=0, max=2**31 - 1)])


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
    # the round's version the pick was made at: an address kept from before a change (a
    # tab reopened, another phone's play) shows the round as it is now, nothing picked
    v = IntegerField(validators=[Optional(), NumberRange(0, 2**31 - 1)])

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
    action = StringField("action", validators=[InputRequired(), AnyOf(
        ["capture", "build", "double", "trail"])])  # a button's value: its label is not shown
    value = IntegerField(_l("Build value"), validators=[Optional(), NumberRange(1, 16)])

    def validate(self, extra_validators=None) -> bool:
        """The claim comes first, the verdict after: a capture, build or double with no
        table item ticked is a form still to complete, not a play to judge."""
        if not super().validate(extra_validators):
            return False
        if self.action.data != "trail" and not self.refs.data:
            card = self.card.card.symbol
            self.refs.errors = [_("Tick what %(card)s takes.", card=card)
                                if self.action.data == "capture" else
                                _("Tick what %(card)s goes onto.", card=card)]
            return False
        return True


class OverruleForm(PlayForm):
    """A play the table records against the referee, with its reason (none: the referee's
    verdict on the claim is shown again, with the reason asked for)."""

    reason = StringField(_l("Why the table overrules"), validators=[Optional(), Length(max=200)])


class SideTallyForm(FlaskForm):
    """One side's counts with one pack; ``tally_form(packs)`` gives the limits of the game."""

    class Meta:
        csrf = False

    cards = whole_number(_l("Cards"), 0, 52, required=True)
    spades = whole_number(_l("Spades"), 0, 13, required=True)
    # one box per ace of the pack(s): AS, AC, ... and with two packs also AS2, AC2, ...
    aces = SelectMultipleField(_l("Aces"), validate_choice=False)
    big_casino = whole_number(_l("10♦"), 0, 1, default=0)
    little_casino = whole_number(_l("2♠"), 0, 1, default=0)
    # the engine refuses more sweeps than the side's players play cards (validate_tallies)
    sweeps = whole_number(_l("Sweeps"), 0, 52, default=0)
    last_capture = BooleanField(_l("Last capture"))
    # Mulle: how many mulles (5 points each); Kortspelshandboken: the mulle points
    mulle = whole_number(_l("Mulle"), 0, 500, default=0)
    double_sweeps = whole_number(_l("Dubbeltabbe"), 0, 52, default=0)

    def counts(self) -> SideCounts:
        """The side's counts as the service takes them (a box left empty counts 0)."""
        return SideCounts(self.cards.data, self.spades.data, tuple(aces_of(self.aces.data or [])),
                          self.big_casino.data or 0, self.little_casino.data or 0,
                          self.sweeps.data or 0, bool(self.last_capture.data),
                          self.mulle.data or 0, self.double_sweeps.data or 0)


class TallyForm(VersionForm):
    """Each side's counts: ``side_count`` entries, whatever the post holds (a side left
    out is refused at its boxes, never skipped)."""

    sides = FieldList(FormField(SideTallyForm), min_entries=2, max_entries=6)

    def __init__(self, *args, side_count: int = 2, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.side_count = side_count
        while len(self.sides.entries) < side_count:
            self.sides.append_entry()

    def counts(self) -> list[SideCounts]:
        return [entry.form.counts() for entry in self.sides.entries[: self.side_count]]

    def place_error(self, field: str, message: str) -> dict[str, list[str]]:
        """Put the engine's refusal of ``field`` (``tallies[i].key`` for one side's count,
        anything else for the whole tally) at its box; the errors left for the whole form."""
        found = re.fullmatch(r"tallies\[(\d+)\]\.(\w+)", field)
        if found and int(found.group(1)) < len(self.sides.entries):
            box = self.sides.entries[int(found.group(1))].form._fields.get(found.group(2))
            if box is not None:
                box.errors = [*box.errors, message]
                return {}
        return {"tally": [message]}


@functools.cache
def tally_form(packs: int) -> type[TallyForm]:
    """The tally form of a game with ``packs`` packs: its limits follow the pack
    (52 cards, 13 spades, one 10♦ and one 2♠ a pack)."""
    if packs == 1:
        return TallyForm
    most_cards, most_spades = 52 * packs, 13 * packs

    class PackSideTallyForm(SideTallyForm):
        cards = whole_number(_l("Cards"), 0, most_cards, required=True)
        spades = whole_number(_l("Spades"), 0, most_spades, required=True)
        big_casino = whole_number(_l("10♦"), 0, packs, default=0)
        little_casino = whole_number(_l("2♠"), 0, packs, default=0)
        sweeps = whole_number(_l("Sweeps"), 0, most_cards, default=0)
        double_sweeps = whole_number(_l("Dubbeltabbe"), 0, most_cards, default=0)

    class PackTallyForm(TallyForm):
        sides = FieldList(FormField(PackSideTallyForm), min_entries=2, max_entries=6)

    return PackTallyForm


def filled_tally_form(packs: int, counts: Sequence[SideCounts]) -> TallyForm:
    """The tally form holding ``counts`` (a tally taken back to be corrected), its boxes
    as a phone would post them: each ace's box by its pack (the second A♠ is ``AS2``)."""
    sides = []
    for side in counts:
        boxes: list[str] = []
        for ace in side.aces:
            box = ace.code
            boxes.append(box + "2" if box in boxes else box)
        sides.append({**asdict(side), "aces": boxes})
    return tally_form(packs)(formdata=None, data={"sides": sides}, side_count=len(sides))


def ace_boxes(packs: int, spades_only: bool = False) -> list[tuple[str, str]]:
    """(value, label) for each ace a side can hold: with two packs each ace twice; only
    the A♠ where no other ace scores (Mulle (Kortspelshandboken))."""
    out = []
    for copy in range(packs):
        for suit in "S" if spades_only else "SCHD":
            out.append((f"A{suit}{'2' if copy else ''}", f"A{suit}"))
    return out


def aces_of(values: list[str]) -> list[Card]:
    return [Card.parse(v[:2]) for v in values if v[:2] in ("AS", "AC", "AH", "AD")]

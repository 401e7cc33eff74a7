"""The check form: a whole position read from the query string.

Parsing only. Every bad input becomes a message at its field and no ruling is
given; the rules themselves are the engine's. A valid form yields a
:class:`Position`: engine values ready for :func:`referee.rules.turn.judge`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, IntegerField, RadioField, SelectField, TextAreaField
from wtforms.validators import (
    DataRequired,
    NumberRange,
    Optional,
    StopValidation,
    ValidationError,
)

from ..languages import home_variant
from ..rules.cards import Card, CardError
from ..rules.partition import Budget
from ..rules.round import seatings, sides_of
from ..rules.table import Build, Item
from ..rules.turn import Action, Play, Spot, adds_up, table_sums
from ..rules.variants import VARIANTS, Building, OptionError, Rules
from ..words import VARIANT_NAMES, error_text, items_text, values_text, variant_name

try:
    from wtforms import SelectChoice
except ImportError:  # WTForms < 3.3 takes (value, label) tuples
    SelectChoice = None

MIN_SEATS = min(v.min_players for v in VARIANTS.values())
MAX_SEATS = max(v.max_players for v in VARIANTS.values())
MAX_CARDS = 52 * max(v.packs for v in VARIANTS.values())
MAX_HAND = 16
MAX_BUILDS = 20
MAX_BUILD_VALUE = 16
MAX_PLAY_VALUE = 30
MAX_TEXT = 2000

ACTIONS = [
    (Action.CAPTURE.value, _l("capture")),
    (Action.BUILD.value, _l("build or raise")),
    (Action.DOUBLE.value, _l("double")),
    (Action.TRAIL.value, _l("trail")),
]


def _choices(pairs: Sequence[tuple[str, Any]]) -> list[Any]:
    """Choices as WTForms 3.3 wants them (SelectChoice), or as tuples before it."""
    if SelectChoice is None:
        return list(pairs)
    return [SelectChoice(value, label) for value, label in pairs]

_SEPARATORS = re.compile(r"[\s,;]+")
_BUILD_LINE = re.compile(
    r"^(?P<cards>[^=@!]+?)\s*=\s*(?P<value>[^@!\s]+)\s*"
    r"(?:@\s*(?P<owner>[^!\s]*))?\s*(?P<locked>!)?$"
)


def _readable(form, field: Field) -> None:
    """Stop at the message that the input is not a number; no second one about its range."""
    if field.process_errors:
        raise StopValidation()


def _card_or_error(code: str) -> Card:
    try:
        return Card.parse(code)
    except CardError:
        raise ValueError(
            _("“%(code)s” is not a card: write the rank then the suit, like 10D, AS or 9♥.",
              code=code[:12])
        ) from None


class CardsField(Field):
    """Card codes: one per value (checkboxes), or several separated by spaces or commas."""

    def __init__(self, label=None, validators=None, longest: int = MAX_CARDS, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.longest = longest

    def process_data(self, value) -> None:
        self.data = list(value or ())

    def process_formdata(self, valuelist: list[str]) -> None:
        codes = [code for raw in valuelist for code in _SEPARATORS.split(raw) if code]
        self.data = []
        if len(codes) > self.longest:
            raise ValueError(_("That is %(n)d cards; no real game has more than %(most)d here.",
                               n=len(codes), most=self.longest))
        errors = []
        for code in codes:
            try:
                self.data.append(_card_or_error(code))
            except ValueError as error:
                errors.append(str(error))
        if errors:  # the good cards stay chosen; the first bad one is named
            raise ValueError(errors[0])

    def _value(self) -> str:
        return " ".join(card.code for card in self.data or ())


class CardField(Field):
    """One card code (the radio picker), or nothing yet."""

    def process_data(self, value) -> None:
        self.data = value

    def process_formdata(self, valuelist: list[str]) -> None:
        code = valuelist[0].strip() if valuelist else ""
        self.data = _card_or_error(code) if code else None

    def _value(self) -> str:
        return self.data.code if self.data else ""


class ShownField(Field):
    """The table items the take boxes were made for (a hidden field, never in a link).

    Laying out the table changes the items after the boxes were ticked; with this list a
    tick follows its item. Anything unreadable is ignored: the ticks then count as given.
    """

    data: list[str] | None

    def process_data(self, value) -> None:
        self.data = None

    def process_formdata(self, valuelist: list[str]) -> None:
        text = valuelist[0] if valuelist else ""
        keys = text.split()
        ok = len(text) <= 2 * MAX_TEXT and len(keys) <= MAX_CARDS + MAX_BUILDS
        self.data = keys if ok else None


class IndexesField(Field):
    """Table item numbers (0-based, as the checkboxes send them), each once, in order."""

    def process_data(self, value) -> None:
        self.data = list(value or ())

    def process_formdata(self, valuelist: list[str]) -> None:
        chosen: list[int] = []
        for raw in valuelist:
            for part in _SEPARATORS.split(raw):
                if not part:
                    continue
                if not part.isdigit() or len(part) > 3:
                    self.data = []
                    raise ValueError(
                        _("“%(text)s” is not one of the table items: tick them in the list.",
                          text=part[:12]))
                if int(part) not in chosen:
                    chosen.append(int(part))
        self.data = chosen


@dataclass(frozen=True)
class BuildLine:
    """A build as typed: ``5H+4C=9@2!`` (cards, value, owner seat from 1, locked)."""

    cards: tuple[Card, ...]
    value: int
    seat: int
    locked: bool

    @property
    def text(self) -> str:
        return (f"{'+'.join(c.code for c in self.cards)}={self.value}@{self.seat}"
                f"{'!' if self.locked else ''}")

    def build(self) -> Build:
        return Build(self.cards, self.value, self.seat - 1, self.locked)


class BuildsField(TextAreaField):
    """Builds on the table, one a line (or separated by ``;``)."""

    def process_data(self, value) -> None:
        self.data = list(value or ())

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = []
        text = "\n".join(valuelist)
        if len(text) > MAX_TEXT:
            raise ValueError(_("That is far more builds than any table holds."))
        lines = [line.strip() for line in re.split(r"[\n;]", text) if line.strip()]
        if len(lines) > MAX_BUILDS:
            raise ValueError(_("That is far more builds than any table holds."))
        self.data = [self._line(n, line) for n, line in enumerate(lines, start=1)]

    @staticmethod
    def _line(n: int, line: str) -> BuildLine:
        match = _BUILD_LINE.match(line)
        if match is None:
            raise ValueError(_("Build %(n)d (“%(line)s”): write the cards, the value and the "
                               "owner's seat, like 5H+4C=9@2 (a trailing ! if it is locked).",
                               n=n, line=line[:40]))
        cards = []
        for code in re.split(r"[+\s,]+", match["cards"]):
            if not code:
                continue
            try:
                cards.append(Card.parse(code))
            except CardError:
                raise ValueError(_("Build %(n)d: “%(code)s” is not a card; write the rank then "
                                   "the suit, like 10D, AS or 9♥.", n=n, code=code[:12])) from None
        if len(cards) < 2:
            raise ValueError(_("Build %(n)d: a build has at least two cards.", n=n))
        value = match["value"]
        if not value.isdigit() or not 1 <= int(value) <= MAX_BUILD_VALUE:
            raise ValueError(_("Build %(n)d: its value is a number from 1 to %(most)d.",
                               n=n, most=MAX_BUILD_VALUE))
        owner = match["owner"]
        if not owner:
            # the example made first: an f-string inside the call would look to the
            # catalogue's extraction like a message it cannot translate
            example = f"{line.rstrip('!')}@1"
            raise ValueError(_("Build %(n)d: say whose build it is, like %(example)s.",
                               n=n, example=example))
        if not owner.isdigit() or len(owner) > 2 or int(owner) < 1:  # seat > players: validate
            raise ValueError(_("Build %(n)d: the owner is a seat number from 1 to %(most)d.",
                               n=n, most=MAX_SEATS))
        return BuildLine(tuple(cards), int(value), int(owner), bool(match["locked"]))

    def _value(self) -> str:
        if self.raw_data:
            return "\n".join(self.raw_data)
        return "\n".join(line.text for line in self.data or ())


@dataclass(frozen=True)
class Position:
    """A checked position in engine values: the spot, the play (if chosen) and the hand."""

    rules: Rules
    players: int
    player: int  # seat index from 0
    table: tuple[Item, ...]
    play: Play | None
    hand: tuple[Card, ...] | None
    must_capture: bool

    @property
    def spot(self) -> Spot:
        """The engine's view; the cards still out are all but the table's (its default)."""
        return Spot(self.rules, self.player, self.table, must_capture=self.must_capture)


class CheckForm(FlaskForm):
    """Read with ``CheckForm(formdata=request.args or None, meta={"csrf": False},
    budget=...)``: ``budget`` is the request's search budget, which checking that each
    build adds up to its value spends from (a new one if none is given)."""

    def __init__(self, *args: Any, budget: Budget | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.budget = budget if budget is not None else Budget()

    variant = SelectField(_l("Variant"), default=home_variant, validate_choice=False,
                          choices=_choices([(v.id, VARIANT_NAMES[v.id])
                                            for v in VARIANTS.values()]))
    players = IntegerField(
        _l("Players"), default=2,
        invalid_value_message=_l("Write the number of players as a number."),
        validators=[_readable, DataRequired(_l("Say how many play.")),
                    NumberRange(MIN_SEATS, MAX_SEATS,
                                _l("Kasino is played by %(min)s to %(max)s players."))],
    )
    player = IntegerField(
        _l("Whose turn (seat)"), default=1,
        invalid_value_message=_l("Write the seat as a number."),
        validators=[_readable, DataRequired(_l("Say whose turn it is.")),
                    NumberRange(1, MAX_SEATS, _l("A seat is a number from %(min)s to %(max)s."))],
    )
    table = CardsField(_l("Loose cards on the table"))
    builds = BuildsField(_l("Builds on the table"))
    card = CardField(_l("The card played"))
    action = RadioField(_l("What the card does"), choices=_choices(ACTIONS), validate_choice=False,
                        validators=[Optional()])
    take = IndexesField(_l("What it takes or goes onto"))
    value = IntegerField(
        _l("Build value"),
        invalid_value_message=_l("Write the build value as a number."),
        validators=[Optional(), _readable,
                    NumberRange(1, MAX_PLAY_VALUE, _l("A value is from %(min)s to %(max)s."))],
    )
    hand = CardsField(_l("The player's hand"), longest=MAX_HAND)
    last_card = BooleanField(_l("It is the player's last card"))
    built_last_turn = BooleanField(_l("This player built last turn (Danish building)"))
    shown = ShownField()
    # sent by the page while the position is being laid out: no ruling yet
    draft = BooleanField()

    position: Position | None = None

    # -- field by field ----------------------------------------------------------
    def validate_variant(self, field: SelectField) -> None:
        if field.data not in VARIANTS:
            raise ValidationError(_("“%(name)s” is not a variant; choose one from the list.",
                                    name=str(field.data)[:40]))

    def validate_action(self, field: RadioField) -> None:
        if field.data and field.data not in {value for value, _label in ACTIONS}:
            raise ValidationError(_("Choose capture, build, double or trail."))

    # -- the whole position ---------------------------------------------------------
    @property
    def rules(self) -> Rules | None:
        variant = VARIANTS.get(self.variant.data or "")
        return variant.rules() if variant else None

    def items(self) -> list[Item]:
        """The table as the take checkboxes list it: loose cards, then builds."""
        return [*self.table.data, *(line.build() for line in self.builds.data)]

    def item_keys(self) -> list[str]:
        """A name for each item of :meth:`items` that stays the same whatever else is laid
        out: the card's code (``~2`` for a second copy), or the build as written."""
        seen: Counter[str] = Counter()
        keys = []
        for text in [*(card.code for card in self.table.data),
                     *(line.text for line in self.builds.data)]:
            seen[text] += 1
            keys.append(text if seen[text] == 1 else f"{text}~{seen[text]}")
        return keys

    def missing(self) -> str | None:
        """The first part of the claim not chosen yet: ``card``, ``action`` or ``take``
        (what a capture, build or double takes or goes onto); None once it is complete."""
        if self.card.data is None:
            return "card"
        if not self.action.data:
            return "action"
        if self.action.data != Action.TRAIL.value and not self.take.data:
            return "take"
        return None

    def _follow_shown(self) -> None:
        """Each tick made in the boxes of ``shown`` moves to where its item is now."""
        if not self.shown.data:
            return
        now = {key: n for n, key in enumerate(self.item_keys())}
        moved = set()
        for i in self.take.data:
            if i >= len(self.shown.data):
                moved.add(i)  # not a box the page showed: judged as given
            elif self.shown.data[i] in now:
                moved.add(now[self.shown.data[i]])
        self.take.data = sorted(moved)

    def validate(self, extra_validators=None) -> bool:
        self.position = None
        valid = super().validate(extra_validators)
        self._follow_shown()
        rules = self.rules
        if rules is None or self.players.errors or self.player.errors:
            return False
        v = rules.variant
        players = self.players.data
        if players not in seatings(v.id).counts:  # alone or in partnerships (RULES §6)
            try:
                sides_of(rules, players)  # refuses it, in the variant's words for its seats
            except OptionError as error:
                self.players.errors.append(error_text(error, v.id))
            return False
        if self.player.data > players:
            self.player.errors.append(_("Choose a seat from 1 to %(n)d.", n=players))
            valid = False
        for n, line in enumerate(self.builds.data, start=1):
            if line.seat > players:
                self.builds.errors.append(
                    _("Build %(n)d belongs to seat %(seat)d, but there are %(players)d players.",
                      n=n, seat=line.seat, players=players))
                valid = False
        if self.builds.data and rules.building is Building.NONE:
            self.builds.errors.append(
                _("%(name)s is played without building, so no build can be on the table.",
                  name=variant_name(v)))
            valid = False
        elif not self._builds_add_up(rules):
            valid = False
        if not valid:
            return False
        valid = self._count_cards(rules.packs)
        items = self.items()
        if any(i >= len(items) for i in self.take.data):
            self.take.errors.append(ngettext(
                "That choice is not on the table, which has %(num)d item: tick what the card "
                "takes or goes onto in the list.",
                "That choice is not on the table, which has %(num)d items: tick what the card "
                "takes or goes onto in the list.", len(items)))
            valid = False
        if not valid:
            return False
        self.position = self._position(rules, items)
        return True

    def _builds_add_up(self, rules: Rules) -> bool:
        """Each build's cards make its value, in one set or several (5H+4C=10 cannot lie on
        any table); their sums named where they are not it."""
        ok = True
        for n, line in enumerate(self.builds.data, start=1):
            if adds_up(rules, line.cards, line.value, self.budget):
                continue
            cards = items_text(line.cards)
            sums = table_sums(rules, line.cards)
            self.builds.errors.append(
                _("Build %(n)d: %(cards)s cannot be a build of %(value)d; they add up to "
                  "%(sums)s.", n=n, cards=cards, value=line.value,
                  sums=values_text(sums)) if sums else
                _("Build %(n)d: %(cards)s cannot be a build of %(value)d.",
                  n=n, cards=cards, value=line.value))
            ok = False
        return ok

    def _count_cards(self, packs: int) -> bool:
        """A card appears at most once per pack among the table, the builds, the play, the hand."""
        seen: Counter[Card] = Counter()
        where: dict[Card, list[str]] = {}
        ok = True

        def add(card: Card, place: str, field: Field) -> None:
            nonlocal ok
            if seen[card] >= packs:
                places = ", ".join(dict.fromkeys(where[card]))
                field.errors.append(
                    _("%(card)s is already %(place)s, and a pack has only one %(card)s.",
                      card=card.symbol, place=places) if packs == 1 else
                    _("Both %(card)s are already in play (%(places)s); two packs have only two.",
                      card=card.symbol, places=places))
                ok = False
                return
            seen[card] += 1
            where.setdefault(card, []).append(place)

        for card in self.table.data:
            add(card, _("on the table"), self.table)
        for n, line in enumerate(self.builds.data, start=1):
            for card in line.cards:
                add(card, _("in build %(n)d", n=n), self.builds)
        played = self.card.data
        if played is not None:
            add(played, _("the card played"), self.card)
        rest = list(self.hand.data)
        if played is not None and played in rest:
            rest.remove(played)  # the hand may list the card played; it is the same card
        for card in rest:
            add(card, _("in the hand"), self.hand)
        return ok

    def _position(self, rules: Rules, items: list[Item]) -> Position:
        played = self.card.data
        hand: tuple[Card, ...] | None = None
        if played is not None and (self.hand.data or self.last_card.data):
            rest = list(self.hand.data)
            if played in rest:
                rest.remove(played)
            hand = (played, *rest)
        play = None
        if played is not None and self.missing() is None:
            action = Action(self.action.data)
            value = self.value.data if action in (Action.BUILD, Action.DOUBLE) else None
            play = Play(played, action, tuple(self.take.data), value)
        return Position(
            rules=rules, players=self.players.data, player=self.player.data - 1,
            table=tuple(items), play=play, hand=hand,
            must_capture=bool(self.built_last_turn.data) and rules.building.must_capture_next,
        )

    # -- the position as a URL ---------------------------------------------------------
    def query(self, **changes: Any) -> str:
        """The position as a canonical query string; ``changes`` replace fields."""
        fields: dict[str, Any] = {
            "variant": self.variant.data,
            "players": self.players.data,
            "player": self.player.data,
            "table": [card.code for card in self.table.data],
            "builds": "\n".join(line.text for line in self.builds.data) or None,
            "card": self.card.data.code if self.card.data else None,
            "action": self.action.data or None,
            "take": list(self.take.data),
            "value": self.value.data if self.action.data in ("build", "double") else None,
            "hand": [card.code for card in self.hand.data],
            "last_card": "y" if self.last_card.data else None,
            "built_last_turn": "y" if self.built_last_turn.data else None,
        }
        fields.update(changes)
        pairs: list[tuple[str, Any]] = []
        for key, value in fields.items():
            if isinstance(value, Sequence) and not isinstance(value, str):
                pairs.extend((key, v) for v in value)
            elif value is not None:
                pairs.append((key, value))
        return urlencode(pairs)

"""The new-match form. Every field's error is shown at the field and listed at the top."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional

from ..languages import home_variant
from ..names import NAME_LENGTH, readable, repeats, visible
from ..numbers import whole_number
from ..rules.round import sides_of
from ..rules.variants import VARIANTS, OptionError
from ..words import VARIANT_NAMES, error_text, variant_name

MIN_SEATS = min(v.min_players for v in VARIANTS.values())
MAX_SEATS = max(v.max_players for v in VARIANTS.values())
TRISTATE = [SelectChoice("", _l("as the variant")), SelectChoice("on", _l("on")),
            SelectChoice("off", _l("off"))]
PICK_PLAYERS = _l("Choose the number of players from the list.")
PICK_DEALER = _l("Choose who deals first: tick it beside a name.")
HOUSE_RULES = {
    "sweep_cancellation": _l("Sweeps cancel each other"),
    "multiple_builds": _l("Several builds at once"),
    "raise_own_build": _l("You may raise your own build"),
    "most_aces": _l("1 point for most aces instead of 1 per ace"),
    "sisten_is_sweep": _l("The last capture is also a sweep"),
    "tie_carry_over": _l("Tied majorities carry over to the next round"),
    "royal_sweeps": _l("Sweeps score (Royal Casino)"),
    "spade_five_clears": _l("5♠ takes the whole table"),
}
# the choices of partnership beside "everyone for themselves": the engine's option, and
# the number of players the choice's words name (None: any the engine takes)
# (pairs of six are the three sides of two: one choice)
PARTNERSHIPS: dict[str, tuple[bool | int, int | None]] = {"pairs": (True, None), "2": (2, 6)}


def names_other_count(choice: str, players: int) -> int | None:
    """The number of players a choice of partnership names, where it is not ``players``
    ("two sides of three (6 players)" for four); None where the choice fits."""
    named = PARTNERSHIPS.get(choice, (False, None))[1]
    return named if named not in (None, players) else None
# the fields NewMatchForm.options reads
OPTION_FIELDS = ("partnerships", "target", "building", *HOUSE_RULES)


class NewMatchForm(FlaskForm):
    """Fields in the order of the page, so the list of problems reads as the page does."""

    variant = SelectField(
        _l("Variant"),
        choices=[SelectChoice(v.id, VARIANT_NAMES[v.id]) for v in VARIANTS.values()],
        default=home_variant, validators=[InputRequired(_l("Choose a variant."))],
        invalid_choice_message=_l("Choose a variant from the list."),
    )
    players = RadioField(
        _l("Number of players"),
        choices=[SelectChoice(str(n), str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)],
        coerce=int, default=MIN_SEATS,
        validators=[InputRequired(_l("Choose the number of players."))],
        invalid_value_message=PICK_PLAYERS, invalid_choice_message=PICK_PLAYERS,
    )
    names = FieldList(
        StringField(_l("Name"), validators=[Optional(), Length(max=NAME_LENGTH)]),
        min_entries=MAX_SEATS, max_entries=MAX_SEATS,
    )
    first_dealer = RadioField(
        _l("Deals first"),
        choices=[SelectChoice(str(n), _l("deals first")) for n in range(1, MAX_SEATS + 1)],
        coerce=int, default=1,
        validators=[InputRequired(_l("Choose who deals first."))],
        invalid_value_message=PICK_DEALER, invalid_choice_message=PICK_DEALER,
    )
    partnerships = SelectField(
        _l("Partnerships"),
        choices=[SelectChoice("", _l("everyone for themselves")),
                 SelectChoice("pairs", _l("pairs, partners opposite")),
                 SelectChoice("2", _l("two sides of three (6 players)"))],
        default="",
    )
    target = whole_number(_l("Play to (points)"), 1, 1000, message=_l(
        "Write the target as a whole number of points, from 1 to 1000."))
    building = SelectField(
        _l("Building"),
        choices=[SelectChoice("", _l("as the variant")), SelectChoice("none", _l("no building")),
                 SelectChoice("nordic", _l("Norwegian")), SelectChoice("danish", _l("Danish")),
                 SelectChoice("anglo", _l("Anglo-American"))],
        default="",
    )
    sweep_cancellation = SelectField(HOUSE_RULES["sweep_cancellation"], choices=TRISTATE,
                                     default="")
    multiple_builds = SelectField(HOUSE_RULES["multiple_builds"], choices=TRISTATE, default="")
    raise_own_build = SelectField(HOUSE_RULES["raise_own_build"], choices=TRISTATE, default="")
    most_aces = SelectField(HOUSE_RULES["most_aces"], choices=TRISTATE, default="")
    sisten_is_sweep = SelectField(HOUSE_RULES["sisten_is_sweep"], choices=TRISTATE, default="")
    tie_carry_over = SelectField(HOUSE_RULES["tie_carry_over"], choices=TRISTATE, default="")
    royal_sweeps = SelectField(HOUSE_RULES["royal_sweeps"], choices=TRISTATE, default="")
    spade_five_clears = SelectField(HOUSE_RULES["spade_five_clears"], choices=TRISTATE,
                                    default="")

    def validate(self, extra_validators=None) -> bool:
        """Each field, then the seats and the house rules as the chosen variant allows them.

        Every check whose fields were readable runs, so the page lists all the problems at
        once; the engine decides the seatings and the house rules.
        """
        valid = super().validate(extra_validators)
        variant = VARIANTS.get(self.variant.data or "")
        if variant is None or self.players.errors:
            return False
        count = self.players.data
        if not variant.min_players <= count <= variant.max_players:
            try:
                sides_of(variant.rules(), count)  # the variant's words for its seatings
            except OptionError as error:
                self.players.errors.append(self._refused(error, self.players, variant.id))
            valid = False
        seated = self.names.entries[:count]
        written = [(e.data or "") for e in seated]
        repeated = repeats(written)  # a repeat's index: the first's, whose spelling is named
        for n, entry in enumerate(seated, start=1):
            name = (entry.data or "").strip()
            if entry.errors:
                continue
            if not name:
                entry.errors.append(_("Give seat %(n)d a name (1 to %(most)d characters)", n=n,
                                      most=NAME_LENGTH))
            elif not readable(name):
                entry.errors.append(_("A name cannot hold control characters or marks that "
                                      "turn the text around: write it again"))
            elif not visible(name):
                entry.errors.append(_("Write a name that shows: letters, digits or signs, "
                                      "not only spaces"))
            elif n - 1 in repeated:
                first = written[repeated[n - 1]].strip()
                entry.errors.append(_("Two players are called %(name)s: give each their own "
                                      "name (Anna K, Anna L)", name=first))
            valid = valid and not entry.errors
        if not self.first_dealer.errors and self.first_dealer.data > count:
            self.first_dealer.errors.append(
                _("Choose who deals first among the %(n)d players: tick it beside a name.",
                  n=count))
            valid = False
        named = names_other_count(self.partnerships.data or "", count)
        if named is not None and not self.partnerships.errors:
            self.partnerships.errors.append(_(
                "“%(choice)s” is for %(n)d players, not %(count)d: choose again",
                choice=next(c.label for c in self.partnerships.choices
                            if c.value == self.partnerships.data), n=named,
                count=count))
            valid = False
        if not any(self[name].errors for name in ("players", *OPTION_FIELDS)):
            try:
                sides_of(variant.rules(self.options()), count)
            except OptionError as error:
                field = self._fields.get(error.option or "", self.variant)
                field.errors.append(self._refused(error, field, variant.id))
                valid = False
        return valid

    def _refused(self, error: OptionError, field: Field, variant: str) -> str:
        """The seating or a house rule the engine refuses, in the reader's language: a
        house rule by the words of its box on this page."""
        if error.why is None and field is not self.variant:
            return _("“%(rule)s” cannot be chosen for %(variant)s", rule=field.label.text,
                     variant=variant_name(variant))
        return error_text(error, variant, self.options())

    def problems(self) -> list[tuple[str, str]]:
        """Every error, in the order of the page, with the id of the input it belongs to."""
        found: list[tuple[str, str]] = []
        for field in self:
            for entry in field.entries if isinstance(field, FieldList) else [field]:
                found.extend((input_id(entry), str(error)) for error in entry.errors)
        return found

    def seated_names(self) -> list[str]:
        count = self.players.data or 0
        return [(entry.data or "").strip() for entry in self.names.entries[:count]]

    def options(self) -> dict[str, Any]:
        """The house rules the table chose; nothing for 'as the variant'."""
        options: dict[str, Any] = {}
        if self.target.data is not None:
            options["target"] = self.target.data
        if self.building.data:
            options["building"] = self.building.data
        for name in HOUSE_RULES:
            value = getattr(self, name).data
            if value:
                options[name] = value == "on"
        if self.partnerships.data in PARTNERSHIPS:
            options["partnerships"] = PARTNERSHIPS[self.partnerships.data][0]
        return options


def input_id(field: Field) -> str:
    """The id to focus for a field: a radio group's chosen button, else its first."""
    if isinstance(field, RadioField):
        buttons = list(field)
        return next((b.id for b in buttons if b.checked), buttons[0].id)
    return field.id


class SeatLinkForm(FlaskForm):
    """A change to a seat's link (a new one, or this phone leaving the seat): only the
    form's token, against cross-site requests."""


class StartRoundForm(FlaskForm):
    """The next round: recorded play by play, or only its tallies."""

    mode = RadioField(_l("How to record the round"),
                      choices=[SelectChoice("play", _l("Play by play")),
                               SelectChoice("tally", _l("Only the tallies"))],
                      validators=[InputRequired()])

"""The new-match form. Every field's error is shown at the field."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..rules.variants import VARIANTS

MAX_SEATS = max(v.max_players for v in VARIANTS.values())
TRISTATE = [SelectChoice("", _l("as the variant")), SelectChoice("on", _l("on")),
            SelectChoice("off", _l("off"))]
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


class NewMatchForm(FlaskForm):
    variant = RadioField(
        _l("Variant"),
        choices=[SelectChoice(v.id, f"{v.name}: {v.description}") for v in VARIANTS.values()],
        default="swedish", validators=[InputRequired()],
    )
    players = IntegerField(_l("Number of players"), default=2,
                           validators=[InputRequired(), NumberRange(2, MAX_SEATS)])
    names = FieldList(
        StringField(_l("Name"), validators=[Optional(), Length(max=40)]),
        min_entries=MAX_SEATS, max_entries=MAX_SEATS,
    )
    partnerships = SelectField(
        _l("Partnerships"),
        choices=[SelectChoice("", _l("everyone for themselves")),
                 SelectChoice("pairs", _l("pairs, partners opposite")),
                 SelectChoice("3", _l("three sides (6 players)")),
                 SelectChoice("2", _l("two sides of three (6 players)"))],
        default="",
    )
    target = IntegerField(_l("Play to (points)"), validators=[Optional(), NumberRange(1, 1000)])
    first_dealer = IntegerField(_l("Who deals first (seat number, from 1)"), default=1,
                                validators=[InputRequired(), NumberRange(1, MAX_SEATS)])
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
        if self.partnerships.data == "pairs":
            options["partnerships"] = True
        elif self.partnerships.data in ("2", "3"):
            options["partnerships"] = int(self.partnerships.data)
        return options


class StartRoundForm(FlaskForm):
    """The next round: recorded play by play, or only its tallies."""

    mode = RadioField(_l("How to record the round"),
                      choices=[SelectChoice("play", _l("Play by play")),
                               SelectChoice("tally", _l("Only the tallies"))],
                      validators=[InputRequired()])

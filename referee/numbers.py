"""Boxes for a whole number (a tally's counts, a match's target): one clear message when
what was written is not a whole number in the box's range, never two.

WTForms gives a box that reads "abc" its conversion error ("Not a valid integer value.")
and then, the value being missing, its range error as well; and a box left empty that
must be filled a third message of its own. Here every one of those is the box's one
sentence ("Write a whole number from 0 to 52.").
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, IntegerField
from wtforms.validators import InputRequired, NumberRange, Optional, StopValidation


def _written(form: Any, field: Field) -> None:
    """Stop at a box whose text was not a whole number: its message is already there."""
    if field.process_errors:
        raise StopValidation()


def whole_number(label: Any, low: int, high: int, *, required: bool = False,
                 message: Any = None, **kwargs: Any) -> IntegerField:
    """A box for a whole number from ``low`` to ``high`` (the page's input carries the
    range as min and max); empty, it is refused when ``required``, else it counts as its
    ``default``. ``message``: the one sentence for anything else written (by default
    "Write a whole number from low to high.")."""
    said = message or _l("Write a whole number from %(low)d to %(high)d.", low=low, high=high)
    first = InputRequired(said) if required else Optional()
    return IntegerField(label, validators=[first, _written, NumberRange(low, high, said)],
                        invalid_value_message=said, **kwargs)

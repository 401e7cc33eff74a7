"""What a player's name may be, wherever one comes in (the new-match page, the JSON API,
an imported match file): 1 to 40 characters once trimmed, none of them a control
character (a NUL, a line break) or half of a character (a lone surrogate), and at a new
match each player's own, so that "Anna to play" says whose turn it is.

>>> readable("Anna-Liisa 🃏"), readable("An\\x00na"), readable("\\ud800")
(True, False, False)
>>> first_repeat(["Anna", "Bo", " anna "])
2
>>> first_repeat(["Anna", "Anne"]) is None
True
>>> repeats(["Anna", "anna", "Bo", "ANNA "])
{1: 0, 3: 0}
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

NAME_LENGTH = 40
_UNREADABLE = frozenset(("Cc", "Cs"))  # control characters, lone surrogates


def readable(name: str) -> bool:
    """No control character and no lone surrogate in ``name``."""
    return not any(unicodedata.category(c) in _UNREADABLE for c in name)


def same(name: str) -> str:
    """The name as two names are compared: trimmed, and in any case."""
    return name.strip().casefold()


def repeats(names: Sequence[str]) -> dict[int, int]:
    """Every name that an earlier one already is (:func:`same`): its index, and the index
    of the first name it repeats (whose spelling a message names)."""
    first: dict[str, int] = {}
    found = {}
    for i, name in enumerate(names):
        key = same(name)
        if key in first:
            found[i] = first[key]
        else:
            first[key] = i
    return found


def first_repeat(names: Sequence[str]) -> int | None:
    """The index of the first name that an earlier one already is."""
    return min(repeats(names), default=None)

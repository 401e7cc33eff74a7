"""What a player's name may be, wherever one comes in (the new-match page, the JSON API,
an imported match file): 1 to 40 characters once trimmed, something in them to see,
none of them a control character (a NUL, a line break), half of a character (a lone
surrogate) or a mark that turns the text around, and at a new match each player's own,
so that "Anna to play" says whose turn it is.

>>> readable("Anna-Liisa 🃏"), readable("An\\x00na"), readable("\\ud800")
(True, False, False)
>>> repeats(["Anna", "Anne"])
{}
>>> repeats(["Anna", "anna", "Bo", "ANNA "])
{1: 0, 3: 0}
>>> first_repeat(["Bo", "Anna", "bo", "anna"]), first_repeat(["Anna", "Anne"])
((2, 0), None)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

NAME_LENGTH = 40
_UNREADABLE = frozenset(("Cc", "Cs"))  # control characters, lone surrogates
# marks that turn the text after them around (a name "Anna\u202e" would reverse every
# line it stands in): the embeddings, overrides and isolates, and the lone direction marks
_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                       "\u2066\u2067\u2068\u2069")


def readable(name: str) -> bool:
    """No control character, no lone surrogate and no mark of text direction in ``name``.

    >>> readable("Anna\u202e"), readable("Ali \u200d")
    (False, True)
    """
    return not any(unicodedata.category(c) in _UNREADABLE or c in _DIRECTION for c in name)


def visible(name: str) -> bool:
    """Something in ``name`` shows: a letter, a digit, a punctuation mark or a symbol (an
    emoji), not only spaces and characters of no width.

    >>> visible("\u200b\u200b"), visible(" \u3000 "), visible("🃏"), visible("Bo")
    (False, False, True, True)
    """
    return any(unicodedata.category(c)[0] in "LNPS" for c in name)


def same(name: str) -> str:
    """The name as two names are compared: trimmed, in any case, and without the
    characters that show nothing (a zero-width space inside "Ann\u200ba" is still Anna).

    >>> same(" Ann\u200bA "), same("Åsa") == same("åsa")
    ('anna', True)
    """
    return "".join(c for c in name if unicodedata.category(c) != "Cf").strip().casefold()


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


def first_repeat(names: Sequence[str]) -> tuple[int, int] | None:
    """The first name that an earlier one already is: its index, and the index of the
    name it repeats (whose spelling a message names); None when every name is its own."""
    found = repeats(names)
    if not found:
        return None
    at = min(found)
    return at, found[at]

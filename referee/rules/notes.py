"""How a round's points and the match's outcome came about, as data: a stable code and
its typed parameters (sides by index, counts, points, cards), never a sentence. The web
layer and the API word them in the reader's language (:mod:`referee.words`).

>>> from .cards import Card
>>> note = Note.of(Say.ACES, side=1, cards=(Card.parse("AS"), Card.parse("AH")), points=2)
>>> note.get("points"), Note.from_json(note.to_json()) == note
(2, True)
>>> note.to_json()
{'code': 'aces', 'side': 1, 'cards': ['AS', 'AH'], 'points': 2}
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card

__all__ = ["Note", "NoteParam", "Say"]


class Say(enum.StrEnum):
    """Every line of a round's explanation and of what it did to the match. The values
    are stable (API, storage); the comment names each code's parameters."""

    # the round's points
    MOST = "most"  # side, category, counts (the side's first, then the others'), points
    MOST_TIED = "most_tied"  # category, counts: nobody scores
    MOST_TIED_CARRIED = "most_tied_carried"  # category, counts, points carried over
    SPADES_OVER_SIX = "spades_over_six"  # side, count, points, over (those that score nothing)
    SPADES_EACH = "spades_each"  # side, count, points, aces_of_spades, ace_of_spades, little
    ACES = "aces"  # side, cards, points
    BIG_CASINO = "big_casino"  # side, points
    LITTLE_CASINO = "little_casino"  # side, points
    LAST_CAPTURE = "last_capture"  # side, points
    SWEEPS = "sweeps"  # side, count (the sweeps that score)
    # side, points (signed: Krypkasino), own (for its sweeps), charged (for the sweeps of
    # the player after it; own and charged are missing in results kept before them)
    PENALTY_SWEEPS = "penalty_sweeps"
    MULLE = "mulle"  # side, points
    SWEEPS_FROZEN = "sweeps_frozen"  # points: a side had that many before the round
    SWEEPS_CANCEL = "sweeps_cancel"  # counts, counted
    ENDED_MID_ROUND = "ended_mid_round"  # only the points credited during play count
    # the same, decided by the cards left on the table, taken after the last play
    ENDED_WITH_LEFTOVER = "ended_with_leftover"
    # the match
    COUNTED_OUT = "counted_out"  # side, score, target, category, cards (the ace, by suit)
    ONLY_ONE = "only_one"  # side, score, target: the only side to reach it
    MOST_POINTS = "most_points"  # side, score, target: most points of the sides past it
    MOST_SPADES = "most_spades"  # side, score, count: tied on points, most spades
    TIED_SPADES = "tied_spades"  # score, count: tied on points and spades: another round
    TIED = "tied"  # score: tied on points: another round
    # side, score, target, sides (those that reached it; missing in results kept before)
    FEWEST_POINTS = "fewest_points"
    FEWEST_TIED = "fewest_tied"  # score, target, sides (as above): another round
    IMMEDIATE = "immediate"  # side, score, target: aces and casinos, mid-round
    # side, score, target, play (its number), taken (its aces and casinos; a note kept
    # before it named them has none)
    IMMEDIATE_AT_PLAY = "immediate_at_play"
    # side, score, target, taken: with the leftover (taken: as above)
    IMMEDIATE_LEFTOVER = "immediate_leftover"
    HIGHEST = "highest"  # side, score, counts (the others'), target
    TIED_COUNT_OUT = "tied_count_out"  # sides, score, counts: counted out from these
    TOGETHER_IMMEDIATE = "together_immediate"  # target: aces and casinos bring them there
    COUNT_OUT_WINS = "count_out_wins"  # side, score, target, category
    TOGETHER = "together"  # category, target: another round
    ANOTHER_ROUND = "another_round"
    # a line stored before lines were data (its English words, shown as they are)
    TEXT = "text"  # text


NoteParam = int | str | tuple[int, ...] | tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Note:
    """A code and its parameters, in a fixed order."""

    code: Say
    params: tuple[tuple[str, NoteParam], ...] = ()

    def __reduce__(self) -> tuple[type[Note], tuple[Any, ...]]:
        """Pickled as its fields, in order (a round's snapshot holds many)."""
        return Note, (self.code, self.params)

    @classmethod
    def of(cls, code: Say, **params: NoteParam) -> Note:
        return cls(code, tuple(params.items()))

    def get(self, name: str) -> NoteParam | None:
        return next((value for key, value in self.params if key == name), None)

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., name: value, ...}``: cards by their codes, tuples as lists."""
        out: dict[str, Any] = {"code": self.code.value}
        for key, value in self.params:
            if isinstance(value, tuple):
                out[key] = [v.code if isinstance(v, Card) else v for v in value]
            else:
                out[key] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Note:
        """A stored line: a note, or (stored before notes were data) its English words."""
        if isinstance(data, str):
            return cls.of(Say.TEXT, text=data)
        params: list[tuple[str, NoteParam]] = []
        for key, value in data.items():
            if key == "code":
                continue
            if key in ("cards", "taken"):
                params.append((key, tuple(Card.parse(code) for code in value)))
            elif isinstance(value, list):
                params.append((key, tuple(int(v) for v in value)))
            elif isinstance(value, str):
                params.append((key, value))
            else:
                params.append((key, int(value)))
        return cls(Say(data["code"]), tuple(params))

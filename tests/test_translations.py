"""Every word in five languages: each message of each catalogue translated (no fuzzy
guess, the same placeholders as the English), and every code the engine gives (a
refusal, a finding, a line of a round's points or of the match) worded in every
language with example parameters, with nothing left unfilled and no English left."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Message
from flask_babel import force_locale

from referee import catalogues
from referee.extensions import LANGUAGES
from referee.rules.cards import Card, parse_cards
from referee.rules.notes import Note, Say
from referee.rules.reasons import Reason, Why
from referee.rules.table import Build
from referee.words import note_text, reason_text

TRANSLATED = [language for language in LANGUAGES if language != catalogues.SOURCE]
PLACEHOLDER = re.compile(r"%(?:\([a-z_]+\))?[+]?[sd%]")


def _forms(message: Message) -> tuple[tuple[str, ...], tuple[str, ...]]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return ids, strings


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_none_is_a_guess(language):
    missing = [_forms(m)[0][0] for m in catalogues.read(language)
               if m.id and ("fuzzy" in m.flags or not all(_forms(m)[1]))]
    assert missing == [], f"{language}: {len(missing)} untranslated, e.g. {missing[:3]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_has_the_placeholders_of_its_original(language):
    wrong = []
    for message in catalogues.read(language):
        if not message.id:
            continue
        ids, strings = _forms(message)
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        for i, string in enumerate(strings):
            found = sorted(PLACEHOLDER.findall(string))
            # a singular may say "one" where the English plural counts %(num)d
            if found != wanted and not (i == 0 and len(ids) > 1 and
                                        found == [p for p in wanted if p != "%(num)d"]):
                wrong.append((ids[0], wanted, found))
    assert wrong == [], f"{language}: {wrong[:3]}"


CARDS = tuple(parse_cards(["AS", "AH"]))
BUILD = Build.of(tuple(parse_cards(["3D", "6C"])), 9, 1)
NOTE_PARAMS = {"side": 0, "sides": (0, 1), "category": "spades", "counts": (27, 25),
               "counted": (1, 0), "points": 2, "count": 7, "cards": CARDS, "score": 16,
               "target": 16, "play": 5}
REASON_PARAMS = {"card": Card.parse("7H"), "cards": CARDS, "total": 8, "sum": 15, "value": 7,
                 "values": (7, 14), "build": BUILD, "items": (Card.parse("3S"), BUILD),
                 "hand": 16, "turn": 0, "player": 1, "builds": (BUILD,), "table": (10,),
                 "variant": "finnish", "players": 3, "size": 4, "given": 5, "low": 2,
                 "high": 4, "paired": (6,), "sides": 2, "category": "big_casino",
                 "whole": 52, "count": 2, "plays": 24, "most": 24, "packs": 1, "least": 4,
                 "pile": 3, "points": 15}
SIDES = ("Aino", "Eero")
NAMES = ("Aino", "Eero")
LEFT_OVER = re.compile(r"%\(|%[sd]")


def _english(word):
    with force_locale("en"):
        return word()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_note_is_worded_in_every_language(app, language):
    with app.test_request_context():
        for code in Say:
            if code is Say.TEXT:
                continue
            for category in ("cards", "spades", "aces"):
                note = Note.of(code, **{**NOTE_PARAMS, "category": category})
                english = _english(lambda n=note: note_text(n, SIDES))
                with force_locale(language):
                    worded = note_text(note, SIDES)
                assert not LEFT_OVER.search(worded), (language, code, worded)
                assert worded != english, (language, code, "still English")


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_refusal_and_finding_is_worded_in_every_language(app, language):
    with app.test_request_context():
        for code in Why:
            reason = Reason.of(code, **REASON_PARAMS)
            english = _english(lambda r=reason: reason_text(r, NAMES))
            with force_locale(language):
                worded = reason_text(reason, NAMES)
            assert not LEFT_OVER.search(worded), (language, code, worded)
            assert worded != english, (language, code, "still English")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_template_words_in_the_language_of_the_moment_and_escapes_what_it_fills_in(
        app, language):
    """The templates' ``_`` and ``ngettext`` are bound to the request's catalogue once per
    render (referee/templating.py): each render follows the language then in force, a
    parameter is escaped, and the plural form is the language's."""
    from flask import render_template_string

    catalog = catalogues.read(language)

    def worded(msgid: str, form: int | None = None) -> str:
        string = catalog[msgid].string
        chosen = string[form] if form is not None else string
        return chosen or msgid  # English, the source, leaves its strings empty

    source = ('{{ _("%(name)s to play", name="<b>Anna</b>") }}|'
              '{{ ngettext("%(num)d play", "%(num)d plays", 1) }}|'
              '{{ ngettext("%(num)d play", "%(num)d plays", 7) }}')
    with app.test_request_context():
        with force_locale(language):
            shown = render_template_string(source)
        after = render_template_string(source)
    one, many = ((0, 1) if language != "en" else (None, None))
    expected = "|".join([
        worded("%(name)s to play").replace("%(name)s", "&lt;b&gt;Anna&lt;/b&gt;"),
        (worded("%(num)d play", one) if one is not None else "%(num)d play").replace(
            "%(num)d", "1"),
        (worded("%(num)d play", many) if many is not None else "%(num)d plays").replace(
            "%(num)d", "7"),
    ])
    assert shown == expected
    assert after == "&lt;b&gt;Anna&lt;/b&gt; to play|1 play|7 plays"  # English again

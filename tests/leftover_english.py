"""English left on a page in another language: the words of the English source text
(four letters or more) that the language's own translations never use.

Shared by the page tests and the browser tests; names, addresses and the words that are
the same in both languages (the game's own words, the language names) are not English
left over."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

CATALOGUES = Path(__file__).resolve().parents[1] / "referee" / "translations"
SAME = {
    # the game's own words, the language names, proper names
    "kasino", "casino", "mulle", "krypkasino", "english", "norsk", "svenska", "suomi",
    "dansk", "anglo", "tabbe", "dubbeltabbe", "pagat", "sisten", "sistan", "sidsten",
    "royal", "verspader", "kortspelshandboken", "bicycle", "wikipedia", "json", "kkis",
    # words that are the same in English and a Nordic language
    "variant", "send", "full", "minus", "plus", "extra", "hand", "give", "link", "links",
    "import", "scan",
}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
WORD = re.compile(r"[A-Za-z]{4,}")
ADDRESS = re.compile(r"https?://\S+")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english_only(language: str) -> frozenset[str]:
    with (CATALOGUES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalogue = read_po(po)
    english: set[str] = set()
    own: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= _words(text)
        source = _words(" ".join(message.id if isinstance(message.id, tuple) else (message.id,)))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            # a word the translation only copies from its own source is not the language's
            own |= _words(text or "") - source
    return frozenset(english - own - SAME)


def english_in(text: str, language: str, names: Iterable[str] = ()) -> list[str]:
    """The English words in ``text`` (a page's words), sorted."""
    text = ADDRESS.sub(" ", text)
    for name in names:
        text = text.replace(name, " ")
    return sorted({w for w in WORD.findall(text) if w.lower() in english_only(language)})


ATTRIBUTES = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')


def html_words(body: str) -> str:
    """What a reader meets on an HTML page: its text (closed parts too) and the words of
    its attributes for screen readers, titles and placeholders."""
    text = re.sub(r"<[^>]+>", " ", body)
    return html.unescape(" ".join([text, *ATTRIBUTES.findall(body)]))

"""The message catalogues: ``make messages`` (``python -m referee.catalogues``) extracts
every marked string of the code and templates, brings each language's catalogue up to
date (``referee/translations/<lang>/LC_MESSAGES/messages.po``: new strings untranslated,
gone strings dropped, no guessed "fuzzy" translations), fills English from the source
text and compiles the ``.mo`` files Flask-Babel reads. The ``.mo`` files are built at
setup and never committed; ``python -m referee.catalogues --compile`` builds only them.
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .extensions import LANGUAGES

PACKAGE = Path(__file__).parent
ROOT = PACKAGE.parent
TRANSLATIONS = PACKAGE / "translations"
SOURCES = [("referee", "**.py", "python"), ("templates", "**.html", "jinja2")]
# (words.plural_l marks a sentence worded by a count: its second and third arguments;
# plural_pl the same with the catalogues' context before them; _pl is lazy_pgettext)
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "_l": None,
            "lazy_gettext": None, "lazy_ngettext": (1, 2), "plural_l": (2, 3),
            "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
            "_pl": ((1, "c"), 2), "plural_pl": ((2, "c"), 3, 4)}
SOURCE = "en"


def po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"


def extract() -> Catalog:
    """Every marked string of the code and the templates, as a template catalogue."""
    template = Catalog(project="Kasino Referee", charset="utf-8",
                       creation_date=datetime(2026, 1, 1, tzinfo=UTC))
    for folder, pattern, method in SOURCES:
        found = extract_from_dir(str(ROOT / folder), [(pattern, method)], keywords=KEYWORDS)
        for filename, lineno, message, comments, context in found:
            template.add(message, None, [(f"{folder}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language)


def _messages(catalog: Catalog) -> Iterator[Message]:
    return (message for message in catalog if message.id)


def update(template: Catalog) -> None:
    """Each language's catalogue made to hold exactly the template's strings."""
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = read(language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, project="Kasino Referee", charset="utf-8")
        # a copy each: the catalogue takes the template's new messages as they are
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True,
                       update_creation_date=False)
        catalog.obsolete.clear()
        if language == SOURCE:  # English is the source text itself
            for message in _messages(catalog):
                message.string = message.id
                message.flags.discard("fuzzy")
        catalog.revision_date = datetime(2026, 1, 1, tzinfo=UTC)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=0, sort_output=True, omit_header=False,
                     include_previous=False)


def compile_all() -> None:
    """Compile each language's catalogue (fuzzy translations left out)."""
    for language in LANGUAGES:
        catalog = read(language)
        with po_path(language).with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--compile", action="store_true", help="only compile the catalogues")
    args = parser.parse_args(argv)
    if not args.compile:
        update(extract())
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())

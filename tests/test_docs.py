"""The documents keep their promises: every test docs/DECISIONS.md names exists, and
docs/CODES.md (the list API.md points to) lists exactly the codes the engine gives."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    return names


def test_every_test_the_decisions_name_exists():
    named = set(re.findall(r"`(test_\w+)`", (ROOT / "docs" / "DECISIONS.md").read_text()))
    assert named, "DECISIONS.md names its tests"
    assert sorted(named - _test_names()) == []


def test_the_codes_document_lists_every_code_and_no_other():
    """Every code of a ruling, a refusal, a finding (``Why``) and of a line of a round's
    points or of the match (``Say``) has its row in docs/CODES.md, and no row names a
    code the engine no longer gives."""
    from referee.rules.notes import Say
    from referee.rules.reasons import Why

    rows = re.findall(r"^\| `(\w+)` \|", (ROOT / "docs" / "CODES.md").read_text(), re.M)
    assert len(rows) == len(set(rows)), "a code listed twice"
    given = {code.value for code in Why} | {code.value for code in Say}
    assert sorted(given - set(rows)) == [], "codes missing from docs/CODES.md"
    assert sorted(set(rows) - given) == [], "docs/CODES.md lists codes that are gone"

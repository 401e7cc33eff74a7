"""The documents keep their promises: every test docs/DECISIONS.md names exists."""

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

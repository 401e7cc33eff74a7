"""The engine stays pure: no Flask, SQLAlchemy or WTForms, nothing from the rest of referee."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "referee" / "rules"
FORBIDDEN = ("flask", "sqlalchemy", "flask_sqlalchemy", "wtforms", "flask_wtf", "werkzeug")


def test_engine_sources_import_only_the_standard_library_and_each_other():
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: must stay inside referee.rules
                    assert node.level == 1, f"{path.name} imports from outside referee.rules"
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top not in FORBIDDEN, f"{path.name} imports {name}"
                assert top != "referee", f"{path.name} imports {name} absolutely"


def test_engine_loads_alone_without_any_web_module():
    # Load referee/rules as a package of its own, so referee/__init__ (Flask) never runs.
    code = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location(
    "kasino_rules", {str(RULES / "__init__.py")!r},
    submodule_search_locations=[{str(RULES)!r}])
module = importlib.util.module_from_spec(spec)
sys.modules["kasino_rules"] = module
spec.loader.exec_module(module)
import pkgutil
for info in pkgutil.iter_modules([{str(RULES)!r}]):
    importlib.import_module("kasino_rules." + info.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in {FORBIDDEN!r} or m.startswith("referee"))
print(",".join(bad))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

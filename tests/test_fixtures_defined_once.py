"""Each fixture is defined once: a fixture two tests share lives in the nearest conftest.py,
and fixtures that mean different things have names that say what each one is."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def fixture_names(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            if ast.unparse(called) in ("pytest.fixture", "fixture"):
                renamed = [k.value.value for k in getattr(decorator, "keywords", []) if k.arg == "name"]
                names.append(renamed[0] if renamed else node.name)
    return names


def test_no_fixture_is_defined_twice():
    where = defaultdict(list)
    for path in sorted(TESTS.rglob("*.py")):
        for name in fixture_names(path):
            where[name].append(str(path.relative_to(TESTS)))
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}


def test_the_check_sees_fixtures():
    assert fixture_names(TESTS / "conftest.py")[:2] == ["corpus_dir", "password"]

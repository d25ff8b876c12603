"""The layers point one way (docs/architecture.md): read from every module's imports.

games.bridge imports nothing else of the project and no Django; games.formats may use
games.bridge and nothing else; the models never import what the pages show, nor the task workers' code,
and say nothing in the page's language; the project's modules are imported at the top of a
module, and no model is looked up by name; a view never borrows another view's private helpers.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "games"


def modules(package: str) -> list[Path]:
    return sorted(path for path in (GAMES / package).rglob("*.py") if "migrations" not in path.parts)


def module_name(path: Path) -> str:
    parts = path.relative_to(GAMES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path, *, run_time_only: bool = True) -> Iterator[tuple[str, list[str]]]:
    """(module, names) of each import in ``path``, relative ones made absolute, the ones
    under ``if TYPE_CHECKING:`` left out with ``run_time_only``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    skipped = set()
    if run_time_only:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and _type_checking(node):
                skipped.update(id(child) for statement in node.body for child in ast.walk(statement))
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            yield base, [alias.name for alias in node.names]


def outside(package: str, allowed: tuple[str, ...]) -> list[str]:
    found = []
    for path in modules(package):
        for module, _ in imports(path):
            if module.startswith(("games", "django")) and not module.startswith(allowed):
                found.append(f"{module_name(path)} imports {module}")
    return found


def test_the_rules_of_bridge_import_nothing_else_of_the_project():
    assert outside("bridge", ("games.bridge",)) == []


def test_the_file_formats_import_only_the_rules_of_bridge():
    assert outside("formats", ("games.formats", "games.bridge")) == []


@pytest.mark.parametrize("package", ["bridge", "formats"])
def test_neither_imports_django_even_for_type_checkers(package):
    assert [
        f"{module_name(path)} imports {module}"
        for path in modules(package)
        for module, _ in imports(path, run_time_only=False)
        if module.split(".")[0] == "django"
    ] == []


def test_the_models_never_import_what_the_pages_show():
    pages = ("games.presentation", "games.views", "games.admin", "games.forms", "games.templatetags")
    assert [
        f"{module_name(path)} imports {module}"
        for path in modules("models")
        for module, _ in imports(path, run_time_only=False)
        if module.startswith(pages)
    ] == []


def _asks_the_language(path: Path) -> bool:
    """Whether ``path`` asks which language the request is answered in, by any name
    (``get_language()``, ``translation.get_language()``, ``words.for_language(...)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    asked = {"get_language", "for_language"}
    return any(
        (isinstance(node, ast.Name) and node.id in asked)
        or (isinstance(node, ast.Attribute) and node.attr in asked)
        or (isinstance(node, ast.alias) and node.name in asked)
        for node in ast.walk(tree)
    )


def test_the_models_say_nothing_in_the_pages_language():
    """A page says a result, a refusal or a seat in its own language
    (games.presentation): the models hand over the parts (a record's, a refusal's key or
    sentence and its seats), and neither ask which language the request is answered in
    nor import that language's bridge words. A translated message on an exception
    (gettext) is the models' own."""
    words = [
        f"{module_name(path)} imports {module}"
        for path in modules("models")
        for module, names in imports(path, run_time_only=False)
        if module.startswith("games.bridge.words") or (module == "games.bridge" and "words" in names)
    ]
    asking = [f"{module_name(path)} asks the language" for path in modules("models") if _asks_the_language(path)]
    assert words + asking == []


def test_the_models_never_import_the_workers_code():
    """Work that leaves the request is asked for by a signal that ``games.tasks`` answers."""
    assert [
        f"{module_name(path)} imports {module}"
        for path in modules("models")
        for module, _ in imports(path, run_time_only=False)
        if module == "games.tasks" or module.startswith("games.tasks.")
    ] == []


def test_no_model_is_looked_up_by_name_outside_the_migrations():
    """An import cycle held apart by ``apps.get_model`` is a cycle still: the models reach
    each other through their imports, or through a relation's model."""
    assert [module_name(path) for path in modules("") if "get_model(" in path.read_text(encoding="utf-8")] == []


def _local_imports(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for function in ast.walk(tree):
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                if isinstance(node, ast.ImportFrom) and node.level:
                    yield node.lineno, f"{package} (relative)"
                elif isinstance(node, ast.ImportFrom):
                    yield node.lineno, node.module or ""
                elif isinstance(node, ast.Import):
                    yield from ((node.lineno, alias.name) for alias in node.names)


def test_the_projects_modules_are_imported_at_the_top():
    """A module of the project imported inside a function hides an import cycle; only a
    heavy third-party engine (endplay, the bidding engine, reportlab) is imported where it
    is used, and the app's ready(), which Django runs once the models are loaded."""
    assert [
        f"{module_name(path)}:{line} imports {module}"
        for path in modules("")
        if path.name != "apps.py"
        for line, module in _local_imports(path)
        if module.startswith("games") or "(relative)" in module
    ] == []


def test_what_is_loaded_with_a_row_is_asked_of_django_not_of_its_dict():
    """A board's play at a table is loaded by ``Prefetch(to_attr=...)`` and asked for by its
    name (``board.played``), never looked for in an instance's ``__dict__``."""
    assert [module_name(path) for path in modules("") if "__dict__" in path.read_text(encoding="utf-8")] == []


def test_no_view_borrows_another_views_private_names():
    borrowed = []
    for path in modules("views"):
        for module, names in imports(path):
            if module.startswith("games.views.") and module != module_name(path):
                borrowed += [f"{module_name(path)} imports {module}.{name}" for name in names if name.startswith("_")]
    assert borrowed == []


def test_nothing_uses_a_private_name_of_a_dependency():
    """Only the public APIs of what the site depends on (endplay's ``dds`` and ``types``,
    Django's): a private module or name may change in any release."""
    private = []
    for path in modules(""):
        for module, names in imports(path, run_time_only=False):
            if module.startswith("games"):
                continue
            if any(part.startswith("_") and part != "__future__" for part in module.split(".")):
                private.append(f"{module_name(path)} imports {module}")
            private += [f"{module_name(path)} imports {module}.{name}" for name in names if name.startswith("_")]
    assert private == []

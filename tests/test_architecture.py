"""The layout ARCHITECTURE.md draws: no rag/ module imports from a later stage, and none is over 300 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import PROJECT_ROOT

RAG = PROJECT_ROOT / "rag"
MAX_LINES = 300  # STYLE.md: modules stay under ~300 lines
# the data path's stages, in order; rag/'s other top-level modules (settings, errors, types …) are the core, stage 0
STAGES = {"settings": 0, "corpus": 1, "index": 2, "retrieval": 3, "answer": 4, "api": 5, "serve": 6, "integrations": 6}
FACADE = 6  # rag/__init__.py re-exports every stage, up to serve's upload and feedback
# Known breaches, each with who is on it: xfail while the module is over MAX_LINES, an ordinary case once it is not
# (so a split landing never breaks main; then delete its entry). Never add an entry to make a new module pass.
OVER: dict[str, str] = {}


def module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(RAG.rglob("*.py"))}


def stage(module: str) -> int:
    """The stage of a rag module name (a package, a module, or a name imported from one)."""
    parts = module.split(".")
    if parts == ["rag"]:
        return FACADE
    if parts[1] in STAGES:
        return STAGES[parts[1]]
    if (RAG / parts[1]).is_dir():
        raise AssertionError(f"rag/{parts[1]}/ is a package with no stage: add it to STAGES in data-path order")
    return 0


def imported(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every rag module `source` imports, at the top or inside a function; `from rag import api` is rag.api."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from . import x / from ..index import store
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.add(name if name in MODULES else base)
    return {name for name in found if name == "rag" or name.startswith("rag.")}


def later_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """The imports of `module` from a stage after its own."""
    own = stage(module)
    return sorted(f"{name} (stage {stage(name)})" for name in imported(source, module, is_package)
                  if stage(name) > own)


@pytest.mark.parametrize("path", MODULES.values(), ids=MODULES.keys())
def test_no_module_imports_from_a_later_stage(path):
    module = module_name(path)
    later = later_imports(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")
    assert later == [], f"{module} is stage {stage(module)}"


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def _size_case(path: Path):
    rel = path.relative_to(PROJECT_ROOT).as_posix()
    over = rel in OVER and line_count(path) > MAX_LINES
    marks = [pytest.mark.xfail(reason=f"over {MAX_LINES} lines: {OVER[rel]}", strict=True)] if over else []
    return pytest.param(path, id=rel, marks=marks)


@pytest.mark.parametrize("path", [_size_case(p) for p in MODULES.values()])
def test_no_module_is_over_300_lines(path):
    lines = line_count(path)
    assert lines <= MAX_LINES, f"{path.relative_to(PROJECT_ROOT)} has {lines} lines"


@pytest.mark.parametrize("source, module, expected", [
    ("from rag.index.store import PaperIndex", "rag.corpus.papers", ["rag.index.store (stage 2)"]),
    ("import rag.api", "rag.answer.pipeline", ["rag.api (stage 5)"]),
    ("from rag import api", "rag.retrieval.hybrid", ["rag.api (stage 5)"]),
    ("from rag import search", "rag.index.keyword", ["rag (stage 6)"]),  # the façade is above every stage
    ("def f():\n    from rag.serve import upload", "rag.api", ["rag.serve.upload (stage 6)"]),  # lazy imports too
    ("from ..answer import pipeline", "rag.index.store", ["rag.answer.pipeline (stage 4)"]),
    ("from . import pipeline", "rag.answer.llm", []),
    ("from .serve import cli", "rag/__init__", []),  # the façade
    ("from .. import api", "rag.corpus/__init__", ["rag.api (stage 5)"]),  # a package's __init__
    ("from rag.settings import Settings\nfrom rag.corpus.text import split_sentences", "rag.index.keyword", []),
    ("from rag.api import search\nimport rag", "rag.serve.cli", []),
    ("import numpy\nfrom chromadb import api", "rag.types", []),
])
def test_the_checker_finds_a_later_import(source, module, expected):
    module, init, _ = module.partition("/__init__")
    assert later_imports(source, module, is_package=bool(init)) == expected

"""How the project's modules import each other: the dependencies point one way with no cycle,
each heavy library stays in its one package, and a command loads only what it uses
(`solve FILE.json` never loads OpenCV, pygame or pynput)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
PACKAGES = ("puzzle", "vision", "bot", "game", "siblings")
# Which packages each may import: puzzle <- vision <- bot, puzzle <- game, siblings alone (the
# bot's `sibling` command is their one door into the CLI).
MAY_IMPORT = {"puzzle": {"puzzle"}, "vision": {"puzzle", "vision"},
              "bot": {"puzzle", "vision", "bot", "siblings"}, "game": {"puzzle", "game"},
              "siblings": {"siblings"}}
# Where each heavy library may be imported: the module names (or package prefixes) allowed.
LIBRARY_HOMES = {"z3": ("puzzle.solver", "siblings"), "cv2": ("vision",), "mss": ("vision",),
                 "pytesseract": ("vision",), "tesserocr": ("vision",), "pynput": ("bot",),
                 "pygame": ("game",), "jinja2": ("vision.report",),
                 "imageio": ("vision.video",), "imageio_ffmpeg": ("vision.video",)}


def project_modules() -> dict[str, Path]:
    """Every module of the four packages by dotted name; a package by its __init__."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((PROJECT / package).rglob("*.py")):
            parts = path.relative_to(PROJECT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules `name` imports anywhere in its file, lazy imports included (an
    import inside a function still closes a cycle the moment it runs)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # `from bot import x`
    return {module for module in found if module in known and module != name}


def libraries(path: Path) -> set[str]:
    """The top-level names of everything `path` imports, lazy imports included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def cycles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Each cycle found by a depth-first walk, as the modules along it."""
    done: set[str] = set()
    for start in sorted(graph):
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        on_path = [start]
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                on_path.pop()
                done.add(node)
            elif child in on_path:
                yield on_path[on_path.index(child):] + [child]
            elif child not in done:
                stack.append((child, iter(sorted(graph[child]))))
                on_path.append(child)


def test_no_module_of_the_project_is_part_of_an_import_cycle() -> None:
    known = project_modules()
    graph = {name: imported(name, path, known) for name, path in known.items()}
    assert graph["bot.cli"] and graph["bot.commands.replay"]  # the walk does see imports
    found = [" -> ".join(cycle) for cycle in cycles(graph)]
    assert found == []


def test_dependencies_point_one_way() -> None:
    known = project_modules()
    wrong = [f"{name} imports {other}" for name, path in known.items()
             for other in imported(name, path, known)
             if other.split(".")[0] not in MAY_IMPORT[name.split(".")[0]]]
    assert wrong == []


def test_each_heavy_library_is_imported_in_its_one_home() -> None:
    outside = [f"{name} imports {library}" for name, path in project_modules().items()
               for library in libraries(path) & set(LIBRARY_HOMES)
               if not any(name == home or name.startswith(home + ".")
                          for home in LIBRARY_HOMES[library])]
    assert outside == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert list(cycles(graph)) == [["a", "b", "c", "a"]]


def loaded_by(*argv: str) -> set[str]:
    """The top-level packages `python -m bot ARGV` imports, from its -X importtime log."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "bot", *argv],
                            cwd=PROJECT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    names = [line.rpartition("|")[2].strip() for line in result.stderr.splitlines()
             if line.startswith("import time:")]
    return {name.split(".")[0] for name in names}


def test_solving_a_puzzle_file_loads_no_vision_pygame_or_pynput() -> None:
    loaded = loaded_by("solve", "puzzle/examples/level-07.json")
    assert "z3" in loaded and "puzzle" in loaded  # the log is read right
    assert not loaded & {"cv2", "vision", "numpy", "pygame", "game", "pynput", "mss"}


def test_the_parser_alone_loads_nothing_heavy() -> None:
    loaded = loaded_by("--help")
    assert not loaded & {"cv2", "vision", "numpy", "z3", "pygame", "game", "pynput", "mss"}

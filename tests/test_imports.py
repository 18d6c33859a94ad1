"""The package's import graph: every module imports, nothing imports in a cycle, and no import points up the layers
of docs/ARCHITECTURE.md. The graph is read from the source (ast), function-level imports included; imports under
`if TYPE_CHECKING:` are for type hints only and are left out."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "transformer_demo"
# Bottom to top: a module may import its own layer and those below, never one above (docs/ARCHITECTURE.md). Names are
# module paths under the package; a folder's name stands for everything in it that is not named on its own.
LAYERS = [
    ["errors", "files", "config", "tokenization", "model", "confidence", "scoring", "viz", "attention_view",
     "parameters", "layer_html", "augmentation"],
    ["decoding", "inspection", "data", "hub", "source_words", "checkpoint", "inference", "training.runtime",
     "training.loss", "training.ema", "serving.limits", "serving.hosting"],
    ["tasks", "engines", "export", "evaluation", "calibration", "quality_suite", "curves", "training", "serving.runs"],
    ["registry", "publish", "doctor"],
    ["services", "serving.door"],
    ["ui", "cli", "bench", "__main__", "serving.routes", "serving.translate_api"],
]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imported(module: str, path: Path) -> set[str]:
    """The package's modules that module imports."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found, skip = set(), set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if type_checking_only(node):
            skip |= {id(child) for child in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names}
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imported(module, path) for module, path in MODULES.items()}


def layer_of(module: str) -> int:
    """The layer of the longest name in LAYERS that is the module or a folder holding it."""
    local = module.partition(".")[2]
    found = [(len(name), rank) for rank, names in enumerate(LAYERS) for name in names
             if local == name or local.startswith(name + ".")]
    assert found, f"{module} is in no layer: add it to LAYERS (and to docs/ARCHITECTURE.md)"
    return max(found)[1]


@pytest.mark.parametrize("module", [m for m in MODULES if not m.endswith("__main__")])
def test_every_module_imports(module: str) -> None:
    importlib.import_module(module)


def test_no_import_cycle() -> None:
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in sorted(GRAPH[module]):
            if state.get(target) == "open":
                cycle = path[path.index(target):] + [target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, path + [target])
        state[module] = "done"

    for module in GRAPH:
        if module not in state:
            visit(module, [module])


def test_no_import_points_up_the_layers() -> None:
    upward = [f"{module} (layer {layer_of(module)}) imports {target} (layer {layer_of(target)})"
              for module, targets in GRAPH.items() if module != "transformer_demo"
              for target in targets if target != "transformer_demo" and layer_of(target) > layer_of(module)]
    assert upward == []

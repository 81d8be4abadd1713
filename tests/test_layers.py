"""The layers of the package hold: no import cycles, and no import a layer may not make.

Every import counts (at the top, under TYPE_CHECKING, inside a function): a cycle or a forbidden
edge is a design fault whether or not Python happens to resolve it at run time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "autofrotz"

# The layers, one row each: the modules that form it (a module or a package, by dotted prefix) and the
# layers it may import. A module in no row is the top (the turn loop, the session, the command line, the
# benches and evals, the rule catalogue that reads every layer's tables): it may import anything. The
# rule tables' row and switches are a leaf every layer with rules consults. Only the game reaches the
# back ends, so every side copy of an interpreter is made by game_interface (open_game, side_copy), apart
# from the benches and evals that measure the back ends themselves.
LAYERS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "base": (("config", "stdio", "fences", "watchdog", "model_health"), frozenset()),
    "words": (("words",), frozenset()),
    "record": (("storage",), frozenset()),
    "switches": (("rules.table", "rules.switches"), frozenset()),
    "policy": (("policy",), frozenset()),
    "reading": (("reading",), frozenset({"words"})),
    "game": (
        ("game_interface", "backends", "games", "textworld_games"),
        frozenset({"base", "words", "reading"}),
    ),
    "llm": (("llm", "relay_cli"), frozenset({"base", "record"})),
    "world": (
        ("managers", "maze", "maze_bridge", "side_copies"),
        frozenset({"base", "words", "reading", "record", "switches", "llm", "game"}),
    ),
    "agents": (
        ("agents", "context", "notebook"),
        frozenset({"base", "words", "reading", "record", "switches", "policy", "llm", "world"}),
    ),
    "learning": (
        ("knowledge",),
        frozenset({"base", "words", "reading", "record", "switches", "policy", "world", "agents", "game"}),
    ),
    "hooks": (("hooks",), frozenset({"base", "record"})),
    "web": (("web", "control"), frozenset({"base", "words", "record", "hooks"})),
}


def module_names() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(
    module: str, node: ast.Import | ast.ImportFrom, is_package: bool, known: set[str]
) -> Iterator[str]:
    """The package modules one import statement names (a name imported from a package counts as its
    submodule when there is one)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            here = module.split(".") if is_package else module.split(".")[:-1]
            here = here[: len(here) - (node.level - 1)]
            base = ".".join(here + ([base] if base else []))
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    for name in names:
        while name not in known and "." in name:
            name = name.rsplit(".", 1)[0]
        if name in known and name != module:
            yield name


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports anywhere in its source."""
    modules = module_names()
    known = set(modules)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[module].update(_imported(module, node, path.name == "__init__.py", known))
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iteratively).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def layer_of(module: str) -> str | None:
    """The layer a module belongs to (None: the top, which may import anything).

    >>> layer_of("autofrotz.words.directions"), layer_of("autofrotz.backends.base"), layer_of("autofrotz.app")
    ('words', 'game', None)
    """
    name = module.removeprefix("autofrotz.")
    for layer, (prefixes, _may) in LAYERS.items():
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return layer
    return None


def test_every_layer_names_modules_that_exist() -> None:
    modules = {m.removeprefix("autofrotz.") for m in module_names()}
    for layer, (prefixes, may) in LAYERS.items():
        assert may <= set(LAYERS), layer
        for prefix in prefixes:
            assert any(m == prefix or m.startswith(prefix + ".") for m in modules), (layer, prefix)


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert found == [], "import cycles:\n" + "\n".join(" <-> ".join(g) for g in found)


def test_no_layer_imports_what_it_may_not() -> None:
    wrong = []
    for module, imported in sorted(import_graph().items()):
        layer = layer_of(module)
        if layer is None:
            continue
        may = LAYERS[layer][1] | {layer}
        wrong += [
            f"{module} ({layer}) -> {t} ({layer_of(t)})" for t in sorted(imported) if layer_of(t) not in may
        ]
    assert wrong == [], "forbidden imports:\n" + "\n".join(wrong)


def test_only_the_game_layer_and_the_measuring_tools_reach_the_back_ends() -> None:
    tools = ("autofrotz.bench.", "autofrotz.evals.")
    reach = [
        f"{module} -> {t}"
        for module, imported in sorted(import_graph().items())
        for t in sorted(imported)
        if t.startswith("autofrotz.backends") and layer_of(module) != "game" and not module.startswith(tools)
    ]
    assert reach == []


def test_the_checks_see_a_forbidden_edge_and_a_cycle() -> None:
    """The graph reader finds lazy imports too: the game importing the world would be caught."""
    graph = import_graph()
    assert "autofrotz.backends.jericho_backend" in graph["autofrotz.game_interface"]  # inside open_game
    assert layer_of("autofrotz.managers.map_manager") not in LAYERS["game"][1]
    assert cycles({**graph, "autofrotz.words.commands": {"autofrotz.game_interface"}}) != cycles(graph)


def test_the_layers_form_an_order() -> None:
    """No two layers may import each other, however indirectly."""
    assert cycles({layer: set(may) for layer, (_prefixes, may) in LAYERS.items()}) == []


def test_the_seams_of_a_game_are_typed() -> None:
    """The session's parts and the turn context name what they hold: no field is typed Any."""
    import dataclasses

    from autofrotz.agents.base import TurnContext
    from autofrotz.orchestrator import Parts
    from autofrotz.session import Session

    loose = [
        f"{kind.__name__}.{f.name}: {f.type}"
        for kind in (Parts, Session, TurnContext)
        for f in dataclasses.fields(kind)
        if "Any" in str(f.type)
    ]
    assert loose == []


def subclassed_within(sources: dict[str, str]) -> list[str]:
    """ "module.Class(Base)" for every class whose base is a class defined in one of these modules (the
    sources by dotted module name), named there or imported from another of them.

    >>> subclassed_within({"m.a": "class A:\\n    pass", "m.b": "from m.a import A\\nclass B(A):\\n    pass"})
    ['m.b.B(A)']
    >>> subclassed_within({"m.a": "class A:\\n    pass", "m.b": "from m.a import A\\nclass B:\\n    a: A"})
    []
    """
    trees = {module: ast.parse(text) for module, text in sources.items()}
    defined = {
        (module, node.name)
        for module, tree in trees.items()
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    }
    found = []
    for module, tree in sorted(trees.items()):
        local = {name: (module, name) for m, name in defined if m == module}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in trees:
                local.update({alias.asname or alias.name: (node.module, alias.name) for alias in node.names})
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            bases = [b.id for b in node.bases if isinstance(b, ast.Name) and local.get(b.id) in defined]
            found += [f"{module}.{node.name}({base})" for base in bases]
    return found


def test_the_managers_are_composed_not_inherited() -> None:
    """No class of the map and item managers inherits from another class of theirs: each manager holds
    its parts (the room graph, the maze groups; the registry, the reply rules) as attributes."""
    sources = {
        module: path.read_text(encoding="utf-8")
        for module, path in module_names().items()
        if module.startswith("autofrotz.managers.")
    }
    assert subclassed_within(sources) == []


def test_the_knowledge_layer_is_composed_not_inherited() -> None:
    """No class of the knowledge layer inherits from another class of ours: KnowingAgent holds its parts
    (the routes over the known map, the wider pool, the policy's rows), a row holds the rule it plans or
    tells for, and a rule's part of the run's state is a plain dataclass."""
    sources = {
        module: path.read_text(encoding="utf-8")
        for module, path in module_names().items()
        if module.startswith("autofrotz.knowledge.")
    }
    assert subclassed_within(sources) == []


def private_reaches(sources: dict[str, str]) -> list[str]:
    """Where code reaches a private name (one leading underscore) of an object other than its own
    (``self``, ``cls``): ``agent._send``, ``self.agent._goals()``."""
    found = []
    for module, source in sources.items():
        for node in ast.walk(ast.parse(source)):
            if (
                not isinstance(node, ast.Attribute)
                or not node.attr.startswith("_")
                or node.attr.startswith("__")
            ):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            found.append(f"{module}:{node.lineno} {ast.unparse(node)}")
    return found


def test_the_knowledge_layer_reaches_no_private_name_of_another_object() -> None:
    """The rows of a later run's policy get what they need as parts and public methods of small part
    objects (the routes, the sender, the agent's memory, the known goals), never a private method of
    KnowingAgent; no module of the layer reaches into another object's privates."""
    sources = {
        module: path.read_text(encoding="utf-8")
        for module, path in module_names().items()
        if module.startswith("autofrotz.knowledge.")
    }
    assert private_reaches(sources) == []
    assert private_reaches({"rows": "LATER = [lambda agent: Told(agent.rule, agent._tell)]"}) == [
        "rows:1 agent._tell"
    ]


MAX_MODULE_LINES = 600


def test_no_module_is_over_600_lines() -> None:
    """Small modules: a module past 600 lines is split by what its parts do."""
    long = {
        name: n
        for name, path in module_names().items()
        if (n := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"

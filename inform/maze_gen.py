"""Write the maze test games (inform/maze_*.inf) and their truth files from one table per game.

Run `python inform/maze_gen.py` after editing a layout; both outputs are committed. The truth file
lists every maze room, every exit's destination (a list when the link is random) and the markers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
ALIKE = "You are in a maze of twisty little passages, all alike."
WARREN = "You are in a warren of low, damp tunnels, all alike."
DIFFERENT = [
    "You are in a maze of twisty little passages, all different.",
    "You are in a little maze of twisting passages, all different.",
    "You are in a twisting maze of little passages, all different.",
    "You are in a twisting little maze of passages, all different.",
    "You are in a twisty little maze of passages, all different.",
    "You are in a little twisty maze of passages, all different.",
]
THINGS = [
    ("red apple", "red apple"),
    ("wooden spoon", "wooden spoon"),
    ("paper cup", "paper cup"),
    ("silver coin", "silver coin"),
    ("blue feather", "blue feather"),
    ("glass marble", "glass marble"),
    ("tin whistle", "tin whistle"),
    ("wool mitten", "wool mitten"),
    ("clay pot", "clay pot"),
    ("rubber ball", "rubber ball"),
    ("bone button", "bone button"),
    ("copper wire", "copper wire"),
    ("pine cone", "pine cone"),
    ("chalk stick", "chalk stick"),
]


@dataclass
class Layout:
    """One test game: outside rooms, maze rooms and their exits (a list value is a random link)."""

    name: str
    outside: dict[str, tuple[str, str, dict[str, str]]]
    maze: dict[str, tuple[str, str, dict[str, str | list[str]]]]
    start: str
    entry_moves: list[str]
    exits_beyond: list[str]
    markers: int = 12
    dark: bool = False
    thief: bool = False
    groups: list[list[str]] = field(default_factory=list)


def _alike(
    n: int, edges: dict[str, dict[str, str | list[str]]], name: str = "Maze", desc: str = ALIKE
) -> dict:
    return {f"M{i}": (name, desc, edges.get(f"M{i}", {})) for i in range(1, n + 1)}


def _outside(beyond: dict[str, tuple[str, str, dict[str, str]]]) -> dict:
    rooms = {
        "Courtyard": (
            "Courtyard",
            "A sunny courtyard. A stone archway stands to the north.",
            {"n": "Archway"},
        ),
        "Archway": (
            "Archway",
            "A crumbling archway. Beyond it to the north the ground drops into dim passages.",
            {"s": "Courtyard", "n": "M1"},
        ),
    }
    rooms.update(beyond)
    return rooms


PLAIN = Layout(
    "maze_plain",
    _outside(
        {
            "Garden": ("Garden", "A quiet walled garden full of roses.", {"w": "M7"}),
            "Tower": ("Tower", "The top of a windy tower. Stairs lead down.", {"d": "M10"}),
        }
    ),
    _alike(
        10,
        {
            "M1": {"n": "M2", "e": "M3", "s": "Archway"},
            "M2": {"s": "M1", "e": "M4", "n": "M5"},
            "M3": {"w": "M1", "n": "M4", "e": "M6"},
            "M4": {"w": "M2", "e": "M7", "d": "M8"},
            "M5": {"s": "M2", "e": "M5", "n": "M9"},
            "M6": {"w": "M3", "n": "M7", "u": "M10"},
            "M7": {"s": "M6", "w": "M4", "e": "Garden", "ne": "M8"},
            "M8": {"u": "M4", "w": "M9", "s": "M3"},
            "M9": {"e": "M8", "s": "M5", "n": "M10"},
            "M10": {"s": "M9", "u": "Tower", "w": "M1"},
        },
    ),
    "M1",
    ["n", "n"],
    ["Garden", "Tower"],
)

RANDOM = Layout(
    "maze_random",
    _outside({"Garden": ("Garden", "A quiet walled garden full of roses.", {"w": "M6"})}),
    _alike(
        6,
        {
            "M1": {"n": "M2", "s": "Archway", "e": "M3"},
            "M2": {"s": "M1", "e": ["M4", "M5"]},
            "M3": {"w": "M1", "n": "M4"},
            "M4": {"w": "M2", "s": "M3", "e": "M6"},
            "M5": {"w": "M2", "n": "M6"},
            "M6": {"s": "M5", "w": "M4", "e": "Garden"},
        },
    ),
    "M1",
    ["n", "n"],
    ["Garden"],
)

DARK = Layout(
    "maze_dark",
    _outside({"Garden": ("Garden", "A quiet walled garden full of roses.", {"w": "M6"})}),
    _alike(
        6,
        {
            "M1": {"n": "M2", "s": "Archway", "e": "M3"},
            "M2": {"s": "M1", "e": "M4"},
            "M3": {"w": "M1", "n": "M4", "e": "M5"},
            "M4": {"w": "M2", "e": "M6"},
            "M5": {"w": "M3", "n": "M6"},
            "M6": {"s": "M5", "w": "M4", "e": "Garden"},
        },
    ),
    "M1",
    ["n", "n"],
    ["Garden"],
    dark=True,
)

THIEF = Layout(
    "maze_thief",
    _outside({"Garden": ("Garden", "A quiet walled garden full of roses.", {"w": "M8"})}),
    _alike(
        8,
        {
            "M1": {"n": "M2", "s": "Archway", "e": "M3"},
            "M2": {"s": "M1", "e": "M4", "n": "M5"},
            "M3": {"w": "M1", "n": "M4"},
            "M4": {"w": "M2", "s": "M3", "e": "M6"},
            "M5": {"s": "M2", "e": "M6", "n": "M7"},
            "M6": {"w": "M4", "n": "M8"},
            "M7": {"s": "M5", "e": "M8"},
            "M8": {"w": "M7", "s": "M6", "e": "Garden"},
        },
    ),
    "M1",
    ["n", "n"],
    ["Garden"],
    markers=14,
    thief=True,
)

NESTED = Layout(
    "maze_nested",
    _outside({"Meadow": ("Sunlit Meadow", "A sunlit meadow of tall grass and bees.", {"w": "W3"})}),
    {
        **_alike(
            4,
            {
                "M1": {"n": "M2", "s": "Archway", "e": "M3"},
                "M2": {"s": "M1", "e": "M4"},
                "M3": {"w": "M1", "n": "M4"},
                "M4": {"w": "M2", "s": "M3", "n": "W1"},
            },
        ),
        "W1": ("Warren", WARREN, {"s": "M4", "n": "W2", "e": "W4"}),
        "W2": ("Warren", WARREN, {"s": "W1", "e": "W3"}),
        "W3": ("Warren", WARREN, {"w": "W2", "e": "Meadow", "s": "W4"}),
        "W4": ("Warren", WARREN, {"w": "W1", "n": "W3"}),
    },
    "M1",
    ["n", "n"],
    ["Meadow"],
    groups=[["M1", "M2", "M3", "M4"], ["W1", "W2", "W3", "W4"]],
)

DIFFERENT_LAYOUT = Layout(
    "maze_different",
    _outside({"Garden": ("Garden", "A quiet walled garden full of roses.", {"w": "M6"})}),
    {
        f"M{i + 1}": ("Maze", DIFFERENT[i], edges)
        for i, edges in enumerate(
            [
                {"n": "M2", "s": "Archway", "e": "M3"},
                {"e": "M4", "w": "M3"},
                {"n": "M1", "e": "M5"},
                {"s": "M2", "e": "M6", "d": "M5"},
                {"u": "M1", "n": "M6"},
                {"w": "M4", "e": "Garden", "s": "M2"},
            ]
        )
    },
    "M1",
    ["n", "n"],
    ["Garden"],
)

LAYOUTS = [PLAIN, RANDOM, DARK, THIEF, NESTED, DIFFERENT_LAYOUT]


def _exit_value(target: str | list[str]) -> str:
    if isinstance(target, str):
        return target
    picks = " ".join(f"{i + 1}: return {t};" for i, t in enumerate(target))
    return f"[; switch (random({len(target)})) {{ {picks} }} ]"


def _room(obj_id: str, name: str, desc: str, exits: dict, lit: bool) -> str:
    props = "".join(f",\n       {d}_to {_exit_value(t)}" for d, t in exits.items())
    light = "\n  has light" if lit else ""
    return f'Object {obj_id} "{name}"\n  with description "{desc}"{props}{light};\n'


THIEF_SRC = """
Object thief "shifty thief"
  with name 'shifty' 'thief',
       describe [; "^A shifty thief is here, eyeing your belongings."; ],
       stolen 0,
       daemon [ o pick;
           pick = random(MAZE_COUNT);
           objectloop (o ofclass MazeRoom) { pick--; if (pick == 0) move self to o; }
           if (self.stolen >= 3 || parent(self) == location) return;
           pick = nothing;
           objectloop (o in parent(self)) if (o ofclass Marker) pick = o;
           if (pick ~= nothing) { move pick to self; self.stolen++; }
       ],
  has animate;
"""


def inform_source(lay: Layout) -> str:
    """The Inform 6 source of one layout."""
    out = [f'Constant Story "{lay.name.upper()}";\n', 'Constant Headline "^An AutoFrotz maze test.^";\n']
    out += ['Include "Parser";\n', 'Include "VerbLib";\n', "Class MazeRoom;\n", "Class Marker;\n"]
    if lay.thief:
        out.append(f"Constant MAZE_COUNT {len(lay.maze)};\n")
    for rid, (name, desc, exits) in lay.outside.items():
        out.append(_room(rid, name, desc, exits, True))
    for rid, (name, desc, exits) in lay.maze.items():
        out.append(_room(rid, name, desc, exits, not lay.dark).replace("Object ", "MazeRoom ", 1))
    for i, (short, words) in enumerate(THINGS[: lay.markers]):
        names = " ".join(f"'{w}'" for w in words.split())
        out.append(f'Marker thing{i} "{short}"\n  with name {names};\n')
    if lay.dark:
        out.append(
            "Object lamp \"brass lamp\"\n  with name 'brass' 'lamp',\n"
            "       after [; SwitchOn: give self light; SwitchOff: give self ~light; ],\n"
            "  has switchable;\n"
        )
    if lay.thief:
        out.append(THIEF_SRC)
    body = "".join(f"move thing{i} to player; " for i in range(lay.markers))
    if lay.dark:
        body += "move lamp to player; "
    if lay.thief:
        body += "move thief to M5; StartDaemon(thief); "
    out.append(f"[ Initialise; location = Courtyard; {body}];\n")
    out.append('Include "Grammar";\n')
    return "".join(out)


def truth(lay: Layout) -> dict:
    """The machine-readable truth: maze rooms, each exit's destination(s), markers and groups."""
    return {
        "game": lay.name,
        "start": lay.start,
        "entry_moves": lay.entry_moves,
        "maze_rooms": {rid: {"name": n, "description": d} for rid, (n, d, _) in lay.maze.items()},
        "edges": {rid: dict(exits) for rid, (_, _, exits) in lay.maze.items()},
        "outside": {rid: name for rid, (name, _, _) in lay.outside.items()},
        "entry": "Archway",
        "exits_beyond": lay.exits_beyond,
        "markers": [short for short, _ in THINGS[: lay.markers]],
        "groups": lay.groups or [list(lay.maze)],
        "dark": lay.dark,
        "thief": lay.thief,
    }


def main() -> None:
    """Write every layout's .inf and .truth.json next to this file."""
    for lay in LAYOUTS:
        (HERE / f"{lay.name}.inf").write_text(inform_source(lay))
        (HERE / f"{lay.name}.truth.json").write_text(json.dumps(truth(lay), indent=1) + "\n")


if __name__ == "__main__":
    main()

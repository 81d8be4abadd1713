"""Generated games: a fixed list of TextWorld games, built during set-up, never committed.

Each entry becomes games/tw-<label>.z8 (made by TextWorld's `tw-make custom`, which carries its own
Inform 7 compiler), tw-<label>.json (TextWorld's map, objects and quest), tw-<label>.walkthrough
(the winning commands, one a line) and tw-<label>.truth.json (room and inventory after every
walkthrough step, read from TextWorld's own state tracking, plus the maximum score).
When textworld is not installed the build says so and skips these games; nothing fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAKE_TIMEOUT_S = 120
TW_PREFIX = "tw-"
INSTALL_HINT = "pip install textworld==1.7.0 (in .venv; requirements.txt pins it)"


@dataclass(frozen=True)
class TwGame:
    world_size: int
    nb_objects: int
    quest_length: int
    seed: int

    @property
    def label(self) -> str:
        return f"w{self.world_size}q{self.quest_length}o{self.nb_objects}s{self.seed}"

    @property
    def stem(self) -> str:
        return TW_PREFIX + self.label


# The fixed list: quest lengths 1-8, world sizes 3-12, the last few with many objects.
TW_GAMES: tuple[TwGame, ...] = (
    TwGame(3, 4, 1, 101),
    TwGame(4, 6, 2, 102),
    TwGame(5, 8, 3, 103),
    TwGame(6, 8, 4, 104),
    TwGame(7, 10, 5, 105),
    TwGame(8, 10, 6, 106),
    TwGame(9, 12, 7, 107),
    TwGame(10, 12, 8, 108),
    TwGame(12, 14, 5, 109),
    TwGame(11, 12, 3, 110),
    TwGame(3, 16, 4, 111),
    TwGame(6, 24, 6, 112),
    TwGame(10, 30, 4, 113),
    TwGame(12, 40, 8, 114),
)

OUTPUT_SUFFIXES = (".z8", ".json", ".walkthrough", ".truth.json")
_PRINTED_NAME_RE = re.compile(r'^The printed name of (\w+) is "(.*)"\.$', re.MULTILINE)


class TextWorldUnavailable(RuntimeError):
    """textworld (its tw-make and Python package) is not installed."""


def tw_make() -> str | None:
    """The tw-make command beside this interpreter, or on PATH; None when textworld is missing."""
    beside = Path(sys.executable).parent / "tw-make"
    if beside.is_file():
        return str(beside)
    return shutil.which("tw-make")


def outputs(game: TwGame, games_dir: Path) -> list[Path]:
    """The four files one game leaves in games_dir."""
    return [games_dir / (game.stem + suffix) for suffix in OUTPUT_SUFFIXES]


def is_built(game: TwGame, games_dir: Path) -> bool:
    """Whether all four files of a game are present."""
    return all(path.is_file() for path in outputs(game, games_dir))


def build_one(game: TwGame, games_dir: Path, make: str) -> str:
    """Generate one game into games_dir (through a temporary folder); 'up to date' or 'built'."""
    if is_built(game, games_dir):
        return "up to date"
    games_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=games_dir, prefix=".tw-build-") as tmp:
        story = Path(tmp) / (game.stem + ".z8")
        _run_tw_make(game, story, make)
        doc = json.loads(story.with_suffix(".json").read_text(encoding="utf-8"))
        commands = [str(c) for c in doc["metadata"]["walkthrough"]]
        story.with_suffix(".walkthrough").write_text("".join(c + "\n" for c in commands), encoding="utf-8")
        names = printed_names(story.with_suffix(".ni").read_text(encoding="utf-8"))
        truth = play_truth(story, game.stem, commands, names)
        (Path(tmp) / (game.stem + ".truth.json")).write_text(json.dumps(truth, indent=1) + "\n")
        for suffix in OUTPUT_SUFFIXES:  # the .z8 last, so a present .z8 means a finished build
            os.replace(Path(tmp) / (game.stem + suffix), games_dir / (game.stem + suffix))
    return "built"


def _run_tw_make(game: TwGame, story: Path, make: str) -> None:
    cmd = [
        make, "custom", "--world-size", str(game.world_size), "--nb-objects", str(game.nb_objects),
        "--quest-length", str(game.quest_length), "--seed", str(game.seed), "--output", str(story),
        "--silent",
    ]  # fmt: skip
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=MAKE_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise RuntimeError(f"tw-make took over {MAKE_TIMEOUT_S} s on {game.stem}") from exc
    if done.returncode != 0 or not story.is_file():
        raise RuntimeError(
            f"tw-make failed on {game.stem} (exit {done.returncode}):\n{done.stdout}{done.stderr}"
        )


def printed_names(inform7_source: str) -> dict[str, str]:
    """Entity id -> printed name, from the Inform 7 source tw-make writes beside the story.

    >>> printed_names('The printed name of r_0 is "-= Studio =-".\\nThe printed name of o_1 is "glass".')
    {'r_0': '-= Studio =-', 'o_1': 'glass'}
    """
    return dict(_PRINTED_NAME_RE.findall(inform7_source))


def play_truth(story: Path, stem: str, commands: list[str], names: dict[str, str]) -> dict[str, Any]:
    """Room and inventory after every walkthrough step, from TextWorld's state tracking."""
    try:
        import textworld  # noqa: PLC0415 - optional: only set-up and tests need it
    except ImportError as exc:
        raise TextWorldUnavailable(INSTALL_HINT) from exc
    infos = textworld.EnvInfos(facts=True, location=True, max_score=True, score=True)
    env = textworld.start(str(story), infos)
    try:
        state = env.reset()
        steps = [_truth_step(None, state, names)]
        for command in commands:
            state, _score, _done = env.step(command)
            steps.append(_truth_step(command, state, names))
        return {
            "game": stem,
            "max_score": int(state["max_score"]),
            "final_score": int(state["score"]),
            "won": bool(state["won"]),
            "steps": steps,
        }
    finally:
        env.close()


def _truth_step(command: str | None, state: Any, names: dict[str, str]) -> dict[str, Any]:
    room_id = next(
        f.arguments[1].name for f in state["_facts"] if f.name == "at" and f.arguments[0].name == "P"
    )
    held = sorted(
        names[f.arguments[0].name] for f in state["_facts"] if f.name == "in" and f.arguments[1].name == "I"
    )
    return {
        "command": command,
        "room": names[room_id],
        "room_number": int(state["location"].num),
        "inventory": held,
    }


def max_score(path: Path) -> int | None:
    """A generated game's maximum score: the sum of its quests' rewards in the .json beside it."""
    doc_path = path.with_suffix(".json")
    if not path.name.lower().startswith(TW_PREFIX) or not doc_path.is_file():
        return None
    doc = json.loads(doc_path.read_text(encoding="utf-8"))
    return sum(int(quest.get("reward", 0)) for quest in doc.get("quests", []))


def build(games_dir: Path, games: tuple[TwGame, ...] = TW_GAMES) -> dict[str, str]:
    """Generate every listed game that is missing; TextWorldUnavailable when textworld is not installed."""
    missing = [g for g in games if not is_built(g, games_dir)]
    if not missing:
        return {g.stem: "up to date" for g in games}
    make = tw_make()
    if make is None:
        raise TextWorldUnavailable(INSTALL_HINT)
    outcomes: dict[str, str] = {}
    for game in games:
        try:
            outcomes[game.stem] = build_one(game, games_dir, make)
        except (RuntimeError, OSError, ValueError, KeyError) as exc:  # one bad game does not stop the rest
            print(f"games: {game.stem} not built: {exc}", file=sys.stderr)
            outcomes[game.stem] = "failed"
    return outcomes

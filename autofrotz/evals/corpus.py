"""The evaluation corpus: every game we can measure perception on, each with a split and a driver.

- kind "story": every story file of the manifest installed in games/ (../shared/games). Those jericho
  has a walkthrough for play it; the others are driven by our exploration driver (evals/explore.py).
- kind "own": our Inform games, inform/NAME.inf compiled into games/NAME.z5, when they come with
  inform/NAME.walkthrough (one command per line) or, for the maze games, inform/NAME.truth.json
  (those are explored).
- kind "textworld": games/tw-*.z8 made by TextWorld at set-up, played by tw-*.walkthrough (one
  command per line) or the winning commands in tw-*.json.
- kind "user": a story file outside all of these (a user's own game), named by its path in a --games
  list or found in the games directory (`measured_games`), played by jericho's walkthrough when it has
  one, else explored.

A third of the corpus is in the "check" split (`split_of`): rules are written and tuned on "dev" only;
"check" is only measured.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from autofrotz.games import GAMES_DIR, INFORM_DIR, STORY_SUFFIXES, load_manifest

KINDS = ("story", "own", "textworld", "user")
SPLITS = ("dev", "check")
EXPLORE_TURNS = 200  # turns of the exploration driver for a game without a walkthrough


@dataclass(frozen=True)
class CorpusGame:
    """One game of the corpus and how its commands are produced."""

    name: str
    path: Path
    kind: str  # "story", "own" or "textworld"
    split: str  # "dev" or "check"
    walkthrough: tuple[str, ...] | None  # None: the exploration driver chooses the commands
    max_score: int | None

    @property
    def driver(self) -> str:
        """ "walkthrough" or "explore"."""
        return "walkthrough" if self.walkthrough else "explore"


def split_of(name: str) -> str:
    """ "check" for a third of the games (sha256 of the lowercased file stem, mod 3 == 0), else "dev".

    >>> [split_of(n) for n in ("zork1", "ZORK1.z5", "Balances", "Advent", "cellar", "tw-house-1")]
    ['check', 'check', 'check', 'dev', 'check', 'dev']
    """
    stem = Path(name).stem if Path(name).suffix.lower().startswith(".z") else name
    return "check" if int(hashlib.sha256(stem.lower().encode()).hexdigest(), 16) % 3 == 0 else "dev"


def corpus(games_dir: Path = GAMES_DIR, inform_dir: Path = INFORM_DIR) -> list[CorpusGame]:
    """Every corpus game present on this machine, stories first, then our own, then TextWorld's."""
    return [*story_games(games_dir), *own_games(games_dir, inform_dir), *textworld_games(games_dir)]


def measured_games(games_dir: Path = GAMES_DIR, inform_dir: Path = INFORM_DIR) -> list[CorpusGame]:
    """The corpus, then every other story file in games_dir (kind "user") that is not one of our own
    Inform games (a source in inform_dir without a walkthrough or truth file)."""
    games = corpus(games_dir, inform_dir)
    listed = {g.path.name.lower() for g in games}
    ours = {p.stem.lower() for p in inform_dir.glob("*.inf")}
    others = [
        p
        for p in sorted(games_dir.glob("*.z*"), key=lambda p: p.name.lower())
        if p.suffix.lower() in STORY_SUFFIXES and p.name.lower() not in listed and p.stem.lower() not in ours
    ]
    return games + [user_game(p) for p in others]


def user_game(path: Path) -> CorpusGame:
    """A story file outside the corpus listing, played by jericho's walkthrough when it has one."""
    from autofrotz.evals.eval_session import walkthrough
    from autofrotz.games import max_score

    steps = walkthrough(path)
    return _game(path, "user", tuple(steps) if steps else None, max_score(path))


def story_games(games_dir: Path) -> list[CorpusGame]:
    """The manifest's story files found in games_dir."""
    from autofrotz.evals.eval_session import walkthrough

    found = []
    for entry in sorted(load_manifest(), key=lambda e: e.file.lower()):
        path = games_dir / entry.file
        if path.is_file():
            steps = walkthrough(path)
            found.append(_game(path, "story", tuple(steps) if steps else None, entry.max_score))
    return found


def own_games(games_dir: Path, inform_dir: Path) -> list[CorpusGame]:
    """Our compiled Inform games that bring a walkthrough or a truth file."""
    found = []
    for source in sorted(inform_dir.glob("*.inf"), key=lambda p: p.name.lower()):
        story = games_dir / f"{source.stem}.z5"
        steps = read_commands(source.with_suffix(".walkthrough"))
        if story.is_file() and (steps or source.with_suffix(".truth.json").is_file()):
            found.append(_game(story, "own", steps, _truth_max_score(source.with_suffix(".truth.json"))))
    return found


def textworld_games(games_dir: Path) -> list[CorpusGame]:
    """TextWorld games made at set-up (games/tw-*.z8)."""
    found = []
    for story in sorted(games_dir.glob("tw-*.z8"), key=lambda p: p.name.lower()):
        steps = read_commands(story.with_suffix(".walkthrough")) or _json_walkthrough(
            story.with_suffix(".json")
        )
        found.append(_game(story, "textworld", steps, _textworld_max_score(story.with_suffix(".json"))))
    return found


def read_commands(path: Path) -> tuple[str, ...] | None:
    """One command per line (blank lines and lines starting with # skipped); None without the file."""
    if not path.is_file():
        return None
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    commands = tuple(line for line in lines if line and not line.startswith("#"))
    return commands or None


def select(games: list[CorpusGame], spec: str = "all", split: str = "all") -> list[CorpusGame]:
    """Games by a comma-separated list of "all", "walkthrough" (jericho's walkthrough stories), kinds
    ("story", "own", "textworld", "user"), game names and paths to story files."""
    if split not in (*SPLITS, "all"):
        raise ValueError(f"unknown split {split!r}; valid: dev, check, all")
    chosen = _by_spec(games, spec)
    return [g for g in chosen if split == "all" or g.split == split]


def _by_spec(games: list[CorpusGame], spec: str) -> list[CorpusGame]:
    chosen: list[CorpusGame] = []
    missing = []
    for token in (t.strip() for t in spec.split(",") if t.strip()):
        group = _group(games, token)
        if group is None:
            missing.append(token)
        chosen += [g for g in group or () if g not in chosen]
    if missing:
        raise ValueError(
            f"not in the corpus: {', '.join(missing)} (nor a path to a story file); "
            f"have: {', '.join(g.name for g in games)}"
        )
    return chosen


def _group(games: list[CorpusGame], token: str) -> list[CorpusGame] | None:
    """The games one word of a --games list names, or None when it names none."""
    if token == "all":
        return list(games)
    if token == "walkthrough":
        return [g for g in games if g.kind == "story" and g.walkthrough]
    if token in KINDS:
        return [g for g in games if g.kind == token]
    path = Path(token).expanduser()
    if path.suffix.lower() in STORY_SUFFIXES and path.is_file():
        return [_by_path(games, path)]
    stem = Path(token).stem.lower() if Path(token).suffix.lower().startswith(".z") else token.lower()
    named = [g for g in games if g.name.lower() == stem]
    return named or None


def _by_path(games: list[CorpusGame], path: Path) -> CorpusGame:
    """The corpus game a path names, or the file as a user's game once it reads as a story file."""
    from autofrotz.games import GameNotFoundError, check_story

    same = [g for g in games if g.path.resolve() == path.resolve()]
    if same:
        return same[0]
    try:
        return user_game(check_story(path))
    except GameNotFoundError as exc:
        raise ValueError(str(exc)) from None


def _game(path: Path, kind: str, steps: tuple[str, ...] | None, max_score: int | None) -> CorpusGame:
    return CorpusGame(path.stem, path, kind, split_of(path.stem), steps, max_score)


def _json_walkthrough(path: Path) -> tuple[str, ...] | None:
    """The winning commands TextWorld stores in a game's metadata."""
    doc = _json(path)
    steps = (doc.get("metadata") or {}).get("walkthrough") if doc else None
    return tuple(str(s) for s in steps) if steps else None


def _textworld_max_score(path: Path) -> int | None:
    doc = _json(path)
    if not doc:
        return None
    if isinstance(doc.get("max_score"), int):
        return int(doc["max_score"])
    quests = doc.get("quests")
    return len(quests) if isinstance(quests, list) and quests else None  # one point a quest by default


def _truth_max_score(path: Path) -> int | None:
    doc = _json(path)
    value = doc.get("max_score") if doc else None
    return int(value) if isinstance(value, int) else None


def _json(path: Path) -> dict | None:
    if not path.is_file():
        return None
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None

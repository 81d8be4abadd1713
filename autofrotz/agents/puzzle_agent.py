"""The puzzle agent: detects puzzles, suggests solutions, remembers failed attempts.

Detection by rules runs every turn and costs nothing; the LLM pass (detection and suggestions)
runs on triggers (new room or item, a failed action, an inventory change) or every few turns,
never more often than once per ``min_gap`` turns.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from autofrotz.agents import puzzle_rules as rules
from autofrotz.agents.base import Suggestion
from autofrotz.agents.prompting import render_prompt
from autofrotz.agents.stuck import is_failure
from autofrotz.context import fence, one_line
from autofrotz.storage.models import Puzzle

CONFIDENCES = ("high", "medium", "low")
SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "new_puzzles": {"type": "array", "items": {"type": "object"}},
        "suggestions": {"type": "array", "items": {"type": "object"}},
        "solved": {"type": "array", "items": {"type": "integer"}},
    },
    "required": ["new_puzzles", "suggestions", "solved"],
}


@dataclass(frozen=True)
class Signals:
    """What changed this turn (the triggers of an LLM pass)."""

    new_room: bool = False
    new_item: bool = False
    failed: bool = False
    inventory_changed: bool = False

    @property
    def any(self) -> bool:
        return self.new_room or self.new_item or self.failed or self.inventory_changed


@dataclass
class PuzzleUpdate:
    """The result of one evaluation."""

    found: list[Puzzle] = field(default_factory=list)
    solved: list[Puzzle] = field(default_factory=list)
    suggestions: list[Suggestion] = field(default_factory=list)
    llm_called: bool = False
    error: str | None = None


@dataclass
class WorldView:
    """The slice of the world the puzzle agent reads."""

    turn: int
    output: str
    command: str | None
    room_id: str | None
    inventory: list[str]
    known_items: list[str]
    map: Any = None


def prompt_variables(game_name: str) -> dict[str, str]:
    """The variables the puzzle agent passes to prompts/puzzle_agent.txt."""
    return {"game_name": game_name}


class PuzzleAgent:
    """Keeps the puzzle list and the current suggestions."""

    def __init__(self, llm: Any = None, game_name: str = "", min_gap: int = 10, every: int = 15) -> None:
        self.llm = llm
        self.min_gap = min_gap
        self.every = every
        self.system_prompt = render_prompt("puzzle_agent.txt", **prompt_variables(game_name))
        self.puzzles: list[Puzzle] = []
        self.suggestions: list[Suggestion] = []
        self.last_llm_turn = -(10**6)

    # --- evaluation -------------------------------------------------------------------------
    def evaluate(self, view: WorldView, signals: Signals, allow_llm: bool = True) -> PuzzleUpdate:
        """Detect new puzzles and refresh suggestions for this turn."""
        update = PuzzleUpdate(found=self._detect(view), solved=self._solved_by_rules(view))
        suggestions = self._rule_suggestions(view)
        if allow_llm and self._llm_due(view.turn, signals, bool(update.found)):
            suggestions = self._llm_pass(view, update) + suggestions
        self.suggestions = self._fresh(suggestions)[:3]
        update.suggestions = list(self.suggestions)
        return update

    def _llm_due(self, turn: int, signals: Signals, found: bool) -> bool:
        if self.llm is None or turn - self.last_llm_turn < self.min_gap:
            return False
        # Without a trigger the pass still runs now and then: the LLM may see puzzles the rules miss.
        return found or signals.any or turn - self.last_llm_turn >= self.every

    def _detect(self, view: WorldView) -> list[Puzzle]:
        found = []
        for sentence, kind in rules.detect(view.output):
            if not self._known(sentence, view.room_id):
                found.append(self.add(sentence, kind, view.room_id, view.turn))
        return found

    def _known(self, description: str, location: str | None) -> bool:
        key = description.lower()
        return any(p.description.lower() == key and p.location == location for p in self.puzzles)

    def add(self, description: str, kind: str, location: str | None, turn: int, items: Any = ()) -> Puzzle:
        """Register a puzzle and return it."""
        next_id = max((p.puzzle_id for p in self.puzzles), default=0) + 1
        related = [str(i) for i in items] if isinstance(items, list | tuple) else []
        puzzle = Puzzle(next_id, description, location=location, related_items=related, created_turn=turn)
        puzzle.kind = kind
        self.puzzles.append(puzzle)
        return puzzle

    def add_maze(self, group_id: str, entry_room: str | None, turn: int) -> Puzzle:
        """Register a detected maze as a puzzle (the maze solver handles it)."""
        return self.add(f"Maze {group_id}: rooms that look alike", "maze", entry_room, turn)

    def _solved_by_rules(self, view: WorldView) -> list[Puzzle]:
        if not view.command or is_failure(view.output):
            return []
        lit = self._lit_rooms(view)
        if lit:
            return lit
        if not any(p.search(view.output) for p in rules.SOLVED_PATTERNS):
            return []
        solved = []
        for puzzle in self.open_puzzles():
            if puzzle.location == view.room_id and puzzle.kind in ("locked", "blocked"):
                solved.append(self.solve(puzzle.puzzle_id, view.turn))
        return [p for p in solved if p is not None]

    def _lit_rooms(self, view: WorldView) -> list[Puzzle]:
        """Darkness puzzles of this room are solved once the room is seen without darkness."""
        if any(kind == "dark" for _, kind in rules.detect(view.output)) or len(view.output.strip()) < 20:
            return []
        dark = [p for p in self.open_puzzles() if p.kind == "dark" and p.location == view.room_id]
        return [s for s in (self.solve(p.puzzle_id, view.turn) for p in dark) if s is not None]

    def solve(self, puzzle_id: int, turn: int) -> Puzzle | None:
        """Mark a puzzle solved; returns it, or None if it was not open."""
        for puzzle in self.puzzles:
            if puzzle.puzzle_id == puzzle_id and puzzle.status in ("open", "in_progress"):
                puzzle.status, puzzle.solved_turn = "solved", turn
                return puzzle
        return None

    def open_puzzles(self) -> list[Puzzle]:
        """Puzzles still to solve."""
        return [p for p in self.puzzles if p.status in ("open", "in_progress")]

    # --- suggestions ------------------------------------------------------------------------
    def _rule_suggestions(self, view: WorldView) -> list[Suggestion]:
        suggestions = []
        for puzzle in self.open_puzzles():
            item = rules.tool_for(puzzle.kind, view.inventory)
            if item is None:
                continue
            target = rules.locked_target(puzzle.description)
            action = rules.ACTION_FOR_KIND[puzzle.kind].format(target=target, item=item)
            route = self._route(view, puzzle.location)
            confidence = "high" if puzzle.kind == "locked" else "medium"
            suggestion = Suggestion(puzzle.puzzle_id, action, (item,), confidence, "tool matches", route)
            suggestions.append(suggestion)
        return suggestions

    def _route(self, view: WorldView, location: str | None) -> tuple[str, ...]:
        if view.map is None or location is None or view.room_id is None or location == view.room_id:
            return ()
        try:
            return tuple(str(step) for step in view.map.get_path(view.room_id, location))
        except Exception:  # no known path yet: the suggestion still stands without a route
            return ()

    def _fresh(self, suggestions: list[Suggestion]) -> list[Suggestion]:
        """Drop suggestions already tried and failed, and duplicates; high confidence first."""
        tried = {a.split(" -> ")[0].lower() for p in self.puzzles for a in p.attempts}
        seen: set[str] = set()
        kept = []
        for s in sorted(suggestions, key=lambda s: CONFIDENCES.index(s.confidence)):
            key = s.action.lower()
            if key not in tried and key not in seen:
                seen.add(key)
                kept.append(s)
        return kept

    def record_attempt(self, command: str, output: str) -> None:
        """If a suggested action failed, remember it on its puzzle so it is not suggested again."""
        if not is_failure(output):
            return
        for s in self.suggestions:
            if s.action.lower() == command.lower().strip():
                puzzle = next((p for p in self.puzzles if p.puzzle_id == s.puzzle_id), None)
                if puzzle is not None:
                    puzzle.attempts.append(f"{command} -> {one_line(output, 80)}")

    # --- LLM pass ---------------------------------------------------------------------------
    def messages(self, view: WorldView) -> list[dict[str, str]]:
        """The user message for an LLM pass: puzzles first, the changing state last."""
        puzzles = "\n".join(
            f"- #{p.puzzle_id} [{p.kind}] {p.description} (at {p.location}); "
            f"failed: {'; '.join(p.attempts) or '-'}"
            for p in self.open_puzzles()
        )
        known = ", ".join(view.known_items) or "-"
        carrying = ", ".join(view.inventory) or "nothing"
        body = (
            f"## Open puzzles\n{puzzles or '(none)'}\n\n## Known items\n{known}\n\n"
            f"## Now (turn {view.turn})\nRoom: {view.room_id}\nCarrying: {carrying}\n"
            f"Latest output (after > {view.command or '(start)'}):\n{fence(view.output, 1200)}"
        )
        return [{"role": "user", "content": body}]

    def _llm_pass(self, view: WorldView, update: PuzzleUpdate) -> list[Suggestion]:
        self.last_llm_turn = view.turn
        update.llm_called = True
        try:
            reply = self.llm.complete_json(self.messages(view), self.system_prompt, schema=SCHEMA)
            return self._apply_reply(reply, view, update)
        except AssertionError:  # a fake model's unexpected call is a test failure, never a default
            raise
        except Exception as exc:  # a failed pass leaves the rule-based suggestions in place
            update.error = f"{type(exc).__name__}: {exc}"
            return []

    def _apply_reply(self, reply: Any, view: WorldView, update: PuzzleUpdate) -> list[Suggestion]:
        if not isinstance(reply, dict):
            raise ValueError(f"malformed puzzle reply: {reply!r:.200}")
        for raw in _dicts(reply.get("new_puzzles")):
            description = str(raw.get("description") or "").strip()
            if description and not self._known(description, view.room_id):
                kind = str(raw.get("kind") or "general")
                puzzle = self.add(description, kind, view.room_id, view.turn, raw.get("related_items"))
                update.found.append(puzzle)
        for puzzle_id in reply.get("solved") or []:
            solved = self.solve(puzzle_id, view.turn) if isinstance(puzzle_id, int) else None
            if solved is not None:
                update.solved.append(solved)
        return [s for s in (self._suggestion(raw, view) for raw in _dicts(reply.get("suggestions"))) if s]

    def _suggestion(self, raw: dict[str, Any], view: WorldView) -> Suggestion | None:
        action = str(raw.get("action") or "").strip()
        if not action:
            return None
        puzzle_id = raw.get("puzzle_id") if isinstance(raw.get("puzzle_id"), int) else None
        confidence = raw.get("confidence") if raw.get("confidence") in CONFIDENCES else "low"
        items = tuple(str(i) for i in raw.get("items") or [] if isinstance(i, str))
        puzzle = next((p for p in self.puzzles if p.puzzle_id == puzzle_id), None)
        route = self._route(view, puzzle.location if puzzle else None)
        reasoning = str(raw.get("reasoning") or "")[:200]
        return Suggestion(puzzle_id, action, items, str(confidence), reasoning, route)

    # --- persistence ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """State for saves and resume."""
        return {
            "puzzles": [asdict(p) for p in self.puzzles],
            "suggestions": [asdict(s) for s in self.suggestions],
            "last_llm_turn": self.last_llm_turn,
        }

    def load_dict(self, data: dict[str, Any]) -> None:
        """Restore the state written by to_dict."""
        self.puzzles = [Puzzle(**p) for p in data.get("puzzles", [])]
        self.suggestions = [
            Suggestion(**{**s, "items": tuple(s["items"]), "navigation": tuple(s["navigation"])})
            for s in data.get("suggestions", [])
        ]
        self.last_llm_turn = int(data.get("last_llm_turn", -(10**6)))


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []

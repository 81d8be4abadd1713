"""The puzzle agent: keeps the puzzles, keyed by their obstacle, suggests solutions, remembers attempts.

Detection by rules runs every turn and costs nothing. A puzzle is filed where its obstacle is (the room
where the player met it), or "location unknown" when the text that named it was read elsewhere (a note
telling of a door); it moves to the room where the obstacle is met. It is closed by the reply that
resolves it (the door unlocks, the room is lit), never by a success elsewhere. An attempt is recorded
by what it means (the same action on the same thing, however worded). Hints stay until they are acted
on or a failure disproves them. The model is asked on new clue text, a new obstacle, a score change, a
death and when play is stuck, once in EVERY turns when something else happened, and never after the
game has ended.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from autofrotz.agents import puzzle_obstacles as obstacles
from autofrotz.agents import puzzle_rules as rules
from autofrotz.agents.base import Suggestion
from autofrotz.agents.prompting import render_prompt, with_reference
from autofrotz.agents.puzzle_prompt import (
    CONFIDENCES,
    KINDS,
    SCHEMA,
    item_places,
    map_summary,
    puzzle_lines,
    recent_actions,
)
from autofrotz.context import clipped, fence, one_line
from autofrotz.managers.exit_states import BLOCKED_STATE, LEADS
from autofrotz.reading import EMPTY, Reading, reading_of
from autofrotz.storage.models import Puzzle
from autofrotz.words.directions import is_stationary_command, is_travel_command

__all__ = ["SCHEMA", "PuzzleAgent", "PuzzleUpdate", "Signals", "WorldView"]
HINTS_KEPT = 3
MERGED_CHARS = 300  # a puzzle's description grows by what else is said of its obstacle up to this length
EVERY = 20  # turns between the model's looks when no event calls for it
RULE_HINT = "tool matches"  # the reasoning of a hint the rules made


@dataclass(frozen=True)
class Signals:
    """What changed this turn: the moments the model is asked."""

    new_room: bool = False
    new_item: bool = False
    failed: bool = False
    inventory_changed: bool = False
    score_changed: bool = False
    death: bool = False
    clue: bool = False  # the reply was kept as a clue (something read, examined or told)
    stuck: bool = False
    ended: bool = False  # the game is over: nothing more to advise

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
    items: Any = None  # the item manager, for where things are
    history: list[Any] = field(default_factory=list)  # recent turns (HistoryEntry)
    reading: Reading = EMPTY  # the reply's one reading: the turn loop hands in the turn's own

    def __post_init__(self) -> None:
        self.reading = reading_of(self.reading, self.command or "", self.output)

    def room(self, room_id: str | None) -> Any:
        """The map's room of that id (None when the map does not know it)."""
        if room_id is None or self.map is None:
            return None
        return next((r for r in self.map.rooms() if r.room_id == room_id), None)

    def name_of(self, room_id: str | None) -> str | None:
        """A room's display name (never its internal id when the map knows it)."""
        room = self.room(room_id)
        return room.name if room is not None else room_id

    def exit_states(self, room_id: str | None) -> dict[str, dict[str, Any]]:
        """The exits of a room the map knows, with their states ({} for a room it does not know)."""
        room = self.room(room_id)
        return dict(room.exit_states) if room is not None else {}


def prompt_variables(game_name: str) -> dict[str, str]:
    """The variables the puzzle agent passes to prompts/puzzle_agent.txt."""
    return {"game_name": game_name}


def system_prompt(game_name: str) -> str:
    """The analyst's prompt, then the command reference the game agent gets: its actions are commands,
    and the two take its static prefix (with the schema) past the 1,024 tokens Anthropic and OpenAI
    need before they cache anything (llm/cache_rules.py), so every call after the first reads it."""
    return with_reference(render_prompt("puzzle_agent.txt", **prompt_variables(game_name)))


class PuzzleAgent:
    """Keeps the puzzle list and the current suggestions."""

    def __init__(self, llm: Any = None, game_name: str = "", every: int = EVERY) -> None:
        self.llm = llm
        self.every = every
        self.system_prompt = system_prompt(game_name)
        self.puzzles: list[Puzzle] = []
        self.suggestions: list[Suggestion] = []
        self.last_llm_turn = -(10**6)
        self.was_stuck = False  # asked once when play gets stuck, not every turn it stays so
        self.keys_used: dict[str, str] = {}  # a key that unlocked something -> that thing
        self.acted_on: set[str] = set()  # hints done (by meaning): not offered again

    # --- evaluation -------------------------------------------------------------------------
    def evaluate(self, view: WorldView, signals: Signals, allow_llm: bool = True) -> PuzzleUpdate:
        """Detect new puzzles, close solved ones and refresh the suggestions for this turn."""
        self._note_key_used(view)
        acted = obstacles.action_key(view.command or "")
        if any(obstacles.action_key(s.action) == acted for s in self.suggestions):
            self.acted_on.add(acted)  # done once: if its puzzle stays open, doing it again changes nothing
        found = self._detect(view) + self._blocked_ways(view)
        self._note_barred_ways(view)
        update = PuzzleUpdate(found=found, solved=self._solved_by_rules(view, signals.score_changed))
        self._link_tools(view)
        suggestions = self._rule_suggestions(view)
        if allow_llm and not signals.ended and self._llm_due(view.turn, signals, bool(update.found)):
            suggestions = self._llm_pass(view, update) + suggestions
        self.suggestions = self._fresh([*suggestions, *self._still_standing(view)])[:HINTS_KEPT]
        update.suggestions = list(self.suggestions)
        return update

    def _llm_due(self, turn: int, signals: Signals, found: bool) -> bool:
        if self.llm is None:
            return False
        newly_stuck, self.was_stuck = signals.stuck and not self.was_stuck, signals.stuck
        if found or newly_stuck or signals.score_changed or signals.death or signals.clue:
            return True
        # a new room or thing, a failure or a change in what is carried: a look now and then, for what the
        # rules do not detect (the events above are asked about as they come)
        return signals.any and turn - self.last_llm_turn >= self.every

    def _detect(self, view: WorldView) -> list[Puzzle]:
        found = []
        for sentence, kind in rules.detect(view.output):
            obstacle = obstacles.named_obstacle(sentence, view.command)
            here = view.room_id if obstacles.placed_here(view.command, obstacle) else None
            known = self._by_obstacle(kind, obstacle)
            if known is None:
                # a sentence that calls its obstacle "it" is filed under the thing's name
                named = sentence if obstacles.names_thing(sentence, obstacle) else f"{obstacle}: {sentence}"
                raised_by = "" if here is None or _moves_or_looks(view.command) else view.command or ""
                puzzle = self.add(named, kind, here, view.turn, obstacle=obstacle)
                puzzle.raised_by = raised_by
                found.append(puzzle)
                continue
            if sentence not in known.description and len(known.description) < MERGED_CHARS:
                known.description = f"{known.description} {sentence}"  # more said of the same obstacle
            if known.location is None and here is not None:
                known.location = here  # met at last: the puzzle moves to where its obstacle is
        return found

    def _by_obstacle(self, kind: str, obstacle: str, among: list[Puzzle] | None = None) -> Puzzle | None:
        """The puzzle of the same obstacle, whatever its kind (of the same kind for an unnamed "it")."""
        key = obstacles.head(obstacle)
        return next(
            (
                p
                for p in (self.open_puzzles() if among is None else among)
                if obstacles.head(p.obstacle) == key and (p.kind == kind or key not in obstacles.VAGUE)
            ),
            None,
        )

    def _blocked_ways(self, view: WorldView) -> list[Puzzle]:
        """A way out of this room the game barred in words that pose an obstacle (found by walking it or
        trying it in a side copy) is a puzzle here, once: never filed again after it was solved."""
        room = next((r for r in view.map.rooms() if r.room_id == view.room_id), None) if view.map else None
        found, met_here = [], [p for p in self.puzzles if p.location in (view.room_id, None)]
        for direction, state in sorted((room.exit_states if room else {}).items()):
            if state.get("state") != BLOCKED_STATE or not state.get("reason"):
                continue
            for sentence, kind in rules.detect(str(state["reason"])):
                obstacle = obstacles.obstacle_of(sentence)
                known = self._by_obstacle(kind, obstacle, among=met_here)
                if kind in ("locked", "blocked") and obstacle not in obstacles.VAGUE and known is None:
                    described = f"{direction}: {sentence}"
                    found.append(self.add(described, kind, view.room_id, view.turn, obstacle=obstacle))
                    met_here.append(found[-1])  # a door barring two ways is one puzzle
        return found

    def add(
        self,
        description: str,
        kind: str,
        location: str | None,
        turn: int,
        items: Any = (),
        obstacle: str = "",
    ) -> Puzzle:
        """Register a puzzle and return it."""
        next_id = max((p.puzzle_id for p in self.puzzles), default=0) + 1
        related = [str(i) for i in items] if isinstance(items, list | tuple) else []
        puzzle = Puzzle(next_id, description, location=location, related_items=related, created_turn=turn)
        puzzle.kind = kind
        puzzle.obstacle = obstacle or obstacles.obstacle_of(description)
        self.puzzles.append(puzzle)
        return puzzle

    def add_maze(self, group_id: str, entry_room: str | None, turn: int) -> Puzzle:
        """Register a detected maze as a puzzle (the maze solver handles it)."""
        return self.add(f"Maze {group_id}: rooms that look alike", "maze", entry_room, turn, obstacle="maze")

    def _note_barred_ways(self, view: WorldView) -> None:
        """The ways of this room barred in words that name a lock's or a barrier's obstacle are its ways:
        once one of them is walked, the obstacle is behind the player."""
        states = view.exit_states(view.room_id)
        for puzzle in self.open_puzzles():
            if puzzle.kind not in ("locked", "blocked") or puzzle.location != view.room_id:
                continue
            for direction, state in sorted(states.items()):
                said = str(state.get("reason") or "")
                barred = state.get("state") == BLOCKED_STATE and obstacles.names_thing(said, puzzle.obstacle)
                if barred and direction not in puzzle.bars:
                    puzzle.bars.append(direction)

    def _barred_ways_walked(self, view: WorldView) -> list[Puzzle]:
        """Puzzles one of whose barred ways leads on now, walked since: open, whatever opened it."""
        walked = [
            p
            for p in self.open_puzzles()
            if p.bars
            and any(view.exit_states(p.location).get(way, {}).get("state") == LEADS for way in p.bars)
        ]
        return [s for s in (self.solve(p.puzzle_id, view.turn) for p in walked) if s is not None]

    def _solved_by_rules(self, view: WorldView, score_changed: bool = False) -> list[Puzzle]:
        if not view.command or view.reading.turned_down:
            return []
        lit = self._lit_rooms(view) + self._needs_met(view)
        if lit:
            return lit
        solved = self._barred_ways_walked(view) + [
            self.solve(p.puzzle_id, view.turn)
            for p in self.open_puzzles()
            if self._resolves(p, view, score_changed)
        ]
        return [p for p in solved if p is not None]

    def _resolves(self, puzzle: Puzzle, view: WorldView, score_changed: bool) -> bool:
        """Whether this turn's reply resolves a puzzle: points scored for acting on its obstacle; the
        action the game once refused with it now done without that refusal; or, for a lock or a barrier,
        the reply to an action (not a move or a look, which only describe) saying that it opened."""
        command, output = view.command or "", view.output
        if puzzle.kind == "maze":
            return False
        if score_changed and obstacles.names_thing(command, puzzle.obstacle):
            return True
        if (
            puzzle.raised_by
            and puzzle.created_turn < view.turn
            and obstacles.action_key(command) == obstacles.action_key(puzzle.raised_by)
        ):
            return not any(obstacles.head(obstacles.named_obstacle(s, command)) == obstacles.head(
                puzzle.obstacle) for s, _ in rules.detect(output))  # fmt: skip
        if puzzle.kind not in ("locked", "blocked") or _moves_or_looks(command):
            return False
        opened = [s for s in rules.sentences(output) if any(p.search(s) for p in rules.SOLVED_PATTERNS)]
        return bool(opened) and (
            obstacles.names_thing(command, puzzle.obstacle)
            or any(obstacles.names_thing(s, puzzle.obstacle) for s in opened)
        )

    def _needs_met(self, view: WorldView) -> list[Puzzle]:
        """A clue that a thing is needed is used up once that thing is carried."""
        carried = " ".join(view.inventory).lower().split()
        met = [p for p in self.open_puzzles() if p.kind == "clue" and obstacles.head(p.obstacle) in carried]
        return [s for s in (self.solve(p.puzzle_id, view.turn) for p in met) if s is not None]

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
            target = puzzle.obstacle or rules.locked_target(puzzle.description)
            act = rules.needed_act(puzzle.description)
            if act is not None:  # "you need something to cut it with": cut it with the tool carried
                item = rules.tool_for_act(act, view.inventory)
                action, confidence = f"{act} {obstacles.head(target)} with {item}", "medium"
            else:
                item, confidence = self._tool(puzzle, view.inventory)
                action = rules.ACTION_FOR_KIND.get(puzzle.kind, "").format(target=target, item=item)
            if item is None:
                continue
            route = self._route(view, puzzle.location)
            suggestion = Suggestion(puzzle.puzzle_id, action, (item,), confidence, RULE_HINT, route)
            suggestions.append(suggestion)
        return suggestions

    def _tool(self, puzzle: Puzzle, inventory: list[str]) -> tuple[str | None, str]:
        """The carried tool for a puzzle's kind and how sure the rules are: a key whose own name points at
        this lock (or a plain "key") is a high hint, a key that points at no other lock a medium one."""
        if puzzle.kind != "locked":
            return rules.tool_for(puzzle.kind, inventory), "medium"
        keys = [name for name in inventory if rules.tool_for("locked", [name])]
        fitting = [k for k in keys if rules.key_fits(k, puzzle.obstacle, puzzle.description)]
        others = [p for p in self.puzzles if p is not puzzle and p.kind == "locked"]
        # a key whose own name points at another lock ("gate key" once a gate was met) is that lock's
        spare = [
            k
            for k in keys
            if not any(rules.key_fits(k, p.obstacle, p.description) for p in others)
            and not (k in self.keys_used and not obstacles.names_thing(self.keys_used[k], puzzle.obstacle))
        ]  # nor a key that has unlocked something else
        return (fitting[0], "high") if fitting else ((spare[0], "medium") if spare else (None, "medium"))

    def _note_key_used(self, view: WorldView) -> None:
        """An "unlock X with K" answered without a failure or refusal: K is X's key."""
        used = rules.key_used(view.command or "")
        if used and not view.reading.turned_down:
            thing, key = used
            self.keys_used[key] = thing

    def _link_tools(self, view: WorldView) -> None:
        """A thing known anywhere that fits the act a puzzle's clue says is needed is linked to it."""
        for puzzle in self.open_puzzles():
            act = rules.needed_act(puzzle.description)
            item = rules.tool_for_act(act, [*view.inventory, *view.known_items]) if act else None
            if item is not None and item not in puzzle.related_items:
                puzzle.related_items.append(item)

    def _still_standing(self, view: WorldView) -> list[Suggestion]:
        """Last turn's hints that were neither acted on nor closed: they stay, their routes renewed."""
        acted = obstacles.action_key(view.command or "")
        open_ids = {p.puzzle_id for p in self.open_puzzles()}
        kept = []
        for s in self.suggestions:
            if s.reasoning == RULE_HINT:
                continue  # the rules propose their hints afresh each turn, from what is carried now
            if obstacles.action_key(s.action) == acted or (
                s.puzzle_id is not None and s.puzzle_id not in open_ids
            ):
                continue
            puzzle = next((p for p in self.puzzles if p.puzzle_id == s.puzzle_id), None)
            route = self._route(view, puzzle.location if puzzle else None)
            kept.append(Suggestion(s.puzzle_id, s.action, s.items, s.confidence, s.reasoning, route))
        return kept

    def _route(self, view: WorldView, location: str | None) -> tuple[str, ...]:
        if view.map is None or location is None or view.room_id is None or location == view.room_id:
            return ()
        try:
            return tuple(str(step) for step in view.map.get_path(view.room_id, location))
        except Exception:  # no known path yet: the suggestion still stands without a route
            return ()

    def _fresh(self, suggestions: list[Suggestion]) -> list[Suggestion]:
        """Drop suggestions whose meaning was already tried (failed, or done without closing its puzzle),
        and duplicates; high first."""
        tried = {obstacles.action_key(a.split(" -> ")[0]) for p in self.puzzles for a in p.attempts}
        tried |= self.acted_on
        seen: set[str] = set()
        kept = []
        for s in sorted(suggestions, key=lambda s: CONFIDENCES.index(s.confidence)):
            key = obstacles.action_key(s.action)
            if key not in tried and key not in seen:
                seen.add(key)
                kept.append(s)
        return kept

    def record_attempt(self, reading: Reading) -> None:
        """A failed action on a puzzle's obstacle (or a hint's action) is remembered by its meaning."""
        command, output = reading.command, reading.text
        if not reading.turned_down:
            return
        acted = obstacles.action_key(command)
        hinted = {s.puzzle_id for s in self.suggestions if obstacles.action_key(s.action) == acted}
        for puzzle in self.open_puzzles():
            if puzzle.puzzle_id in hinted or obstacles.names_thing(command, puzzle.obstacle):
                note = f"{command} -> {one_line(output, 80)}"
                if all(obstacles.action_key(a.split(" -> ")[0]) != acted for a in puzzle.attempts):
                    puzzle.attempts.append(note)

    # --- LLM pass ---------------------------------------------------------------------------
    def messages(self, view: WorldView) -> list[dict[str, str]]:
        """The user message for an LLM pass: the world first (the map only grows, mostly), then the
        puzzles, the recent actions and the changing state last; one story fence, as every line of it
        is the game's words or built from them (each part is bounded, so the whole is too)."""
        name_of = view.name_of
        carrying = ", ".join(view.inventory) or "nothing"
        world = (
            f"## Map: the rooms found, with the ways barred, one way or warned\n"
            f"{clipped(map_summary(view.map, name_of), 6000)}\n\n"
            f"## Things and where they were seen\n{clipped(item_places(view.items, name_of), 3000)}\n\n"
            f"## Open puzzles\n{clipped(puzzle_lines(self.open_puzzles(), name_of), 4000)}\n\n"
            f"## Recent actions\n{recent_actions(view.history)}\n\n"
        )
        room = name_of(view.room_id) or "unknown"
        now = f"## Now (after turn {view.turn})\nRoom: {room}\nCarrying: {carrying}"
        latest = clipped(f"> {view.command or '(start)'}\n{view.output}", 1200)
        body = fence(f"{world}{now}\n\n## Latest output, after the command shown\n{latest}", 20_000)
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
            self._take_puzzle(raw, view, update)
        for puzzle_id in reply.get("solved") or []:
            solved = self.solve(puzzle_id, view.turn) if isinstance(puzzle_id, int) else None
            if solved is not None:
                update.solved.append(solved)
        return [s for s in (self._suggestion(raw, view) for raw in _dicts(reply.get("suggestions"))) if s]

    def _take_puzzle(self, raw: dict[str, Any], view: WorldView, update: PuzzleUpdate) -> None:
        description = str(raw.get("description") or "").strip()
        kind = str(raw.get("kind") or "general")
        kind = kind if kind in KINDS else "general"
        obstacle = " ".join(obstacles.words(str(raw.get("obstacle") or ""))) or obstacles.obstacle_of(
            description
        )
        if not description or self._by_obstacle(kind, obstacle) is not None:
            return
        here = view.room_id if obstacles.names_thing(view.output, obstacle) else None
        puzzle = self.add(description, kind, here, view.turn, raw.get("related_items"), obstacle=obstacle)
        update.found.append(puzzle)

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
            "keys_used": dict(self.keys_used),
            "acted_on": sorted(self.acted_on),
        }

    def load_dict(self, data: dict[str, Any], keep_newer: bool = False) -> None:
        """Restore the state written by to_dict; ``keep_newer`` (a death's rollback): obstacles met after
        that save stay open, since the world still holds them."""
        newer = [p for p in self.open_puzzles() if p.created_turn > _last_created(data)] if keep_newer else []
        self.puzzles = [Puzzle(**p) for p in data.get("puzzles", [])] + newer
        self.suggestions = [
            Suggestion(**{**s, "items": tuple(s["items"]), "navigation": tuple(s["navigation"])})
            for s in data.get("suggestions", [])
        ]
        self.last_llm_turn = int(data.get("last_llm_turn", -(10**6)))
        self.keys_used = {str(k): str(v) for k, v in dict(data.get("keys_used") or {}).items()}
        self.acted_on = {str(k) for k in data.get("acted_on") or ()}


def _moves_or_looks(command: str | None) -> bool:
    """A move or a look: its reply describes what is there rather than answering an action."""
    return is_travel_command(command) or is_stationary_command(command)


def _last_created(data: dict[str, Any]) -> int:
    return max((int(p.get("created_turn") or 0) for p in data.get("puzzles", [])), default=-1)


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []

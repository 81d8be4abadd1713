"""The turn loop: one command per turn, from context assembly to terminal conditions.

A turn starts from the world model as the previous output left it, so the phases of the spec run
in this rotation: context (4), decision (5), execute (6), receive (1), parse and update (2), puzzle
evaluation (3), terminal conditions (9), record (7), notify (8). A death is recovered before the
record, so every turn's record is the state play continues from (what a resume relies on).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autofrotz.agents import outcome
from autofrotz.agents.base import Decision, Follows, GameAgentProtocol, HistoryEntry, TurnContext, UsesModel
from autofrotz.agents.commands import SAFE_DEFAULT, looks_risky
from autofrotz.agents.puzzle_agent import PuzzleAgent, PuzzleUpdate, Signals, WorldView
from autofrotz.agents.stuck import StuckDetector
from autofrotz.config import Config
from autofrotz.context import HISTORY_TURNS, one_line, recent_turns, world_fields
from autofrotz.control import HUMAN, GameControl
from autofrotz.game_interface import RunningGame, StepResult
from autofrotz.hooks import base as ev
from autofrotz.hooks.dispatcher import HookDispatcher
from autofrotz.managers.item_manager import ItemManager
from autofrotz.managers.map_manager import MapManager
from autofrotz.mind import Mind, maze_events
from autofrotz.model_health import ModelHealth, on_failure
from autofrotz.notebook import TurnSeen
from autofrotz.reading import EMPTY, Reading, is_clue, read_reply, reading_of
from autofrotz.saves import SaveRotation
from autofrotz.storage.models import Game, Room, Turn, TurnBundle
from autofrotz.storage.record import Record
from autofrotz.storage.recording import CallRecorder, metrics_for
from autofrotz.storage.states import unpack_state
from autofrotz.things_in_sight import SightCheck, brief_things_here
from autofrotz.turn_perception import Changes, Reply, side_copies_free, update_world
from autofrotz.turn_score import maximum_score, scored_by_notices
from autofrotz.turn_world import (
    first_seen,
    game_row,
    inventory,
    known_items,
    puzzle_lines,
    room_name,
    snapshot,
)
from autofrotz.words.directions import edge_label, is_travel_command
from autofrotz.words.vocabulary import Vocabulary

if TYPE_CHECKING:
    from autofrotz.budget import Budget
    from autofrotz.knowledge.session import Learning
    from autofrotz.llm.base import BaseLLM
    from autofrotz.maze_bridge import MazeRun

log = logging.getLogger(__name__)


@dataclass
class Parts:
    """Everything the orchestrator drives, built by the app (or a test)."""

    config: Config
    game: RunningGame
    db: Record
    map: MapManager
    items: ItemManager
    game_agent: GameAgentProtocol
    puzzle_agent: PuzzleAgent
    hooks: HookDispatcher = field(default_factory=HookDispatcher)
    recorder: CallRecorder = field(default_factory=CallRecorder)
    game_file: str = "game"
    outcome_llm: BaseLLM | None = None
    map_llm: BaseLLM | None = None
    item_llm: BaseLLM | None = None
    maze_solver_factory: Callable[[Orchestrator], MazeRun] | None = None
    max_score: int | None = None
    control: GameControl | None = None  # page requests (pause, step, pace, typed commands)
    learning: Learning | None = None  # what earlier runs taught, and this run's learner
    budget: Budget | None = None  # spending meter, fallbacks at 80%, stop at 100%


class Orchestrator:
    """Plays one game: a new one (start) or a recorded one (resume), until a terminal condition."""

    def __init__(self, parts: Parts) -> None:
        self.p = parts
        self.config = parts.config
        self.mind = Mind(parts, history=deque(maxlen=HISTORY_TURNS))
        self.saves = SaveRotation(parts.game, parts.config.save_slots)
        self.last_death: int | None = None  # turn of the last death recovered from a save
        self.restored_from: int | None = None  # the save a death on this turn went back to (for the record)
        self.restored_score: int | None = None  # and the score stored with that save
        self.stuck = StuckDetector()
        self.saved_before: tuple[bytes, str] | None = None  # a risky-action save, stored with its turn
        self.game_id = 0
        self.turn = 0
        self.status = "playing"
        self.health = ModelHealth()  # the game agent's model failing turn after turn (model_health.py)
        self.stop_reason = ""  # one line saying why play stopped early, when it did
        self.sight = SightCheck(parts.game)  # names of a room's text the game answers as things in sight
        self.reading = EMPTY  # the last reply's reading, handed to the next turn's context

    @property
    def maze_solver(self) -> MazeRun | None:
        """The running maze mode (commands from the solver), kept in the mind so saves include it."""
        return self.mind.maze

    @maze_solver.setter
    def maze_solver(self, value: MazeRun | None) -> None:
        self.mind.maze = value

    # ----- lifecycle ---------------------------------------------------------------------------
    def start(self) -> int:
        """Start the interpreter, create the game record and record turn 0 (the intro)."""
        intro = self.p.game.start()  # first: a story that fails to start leaves no record behind
        self.game_id = self.p.db.create_game(self._game_row())
        self.p.recorder.game_id = self.game_id
        self._emit(ev.GameStart(self.game_id, self.p.game_file))
        self.p.recorder.begin(0)
        changes = self._parse_and_update(intro, None, 0)
        self.mind.last_output = intro
        game, here = self.p.game, room_name(self.p.map, self.p.map.current_room)
        self.mind.notebook.open(intro, here, maximum_score(game, self.p.max_score, intro), game.score_now())
        point = self.saves.save(0, self.mind.dump(self.stuck))
        self._record(0, Decision("", "game start"), intro, None, None, "start", point.packed, changes.errors)
        return self.game_id

    def run(self) -> str:
        """Play turns until the game ends or max_turns is reached; returns the final status."""
        control = self.p.control
        while self.status == "playing" and self.turn < self.config.max_turns:
            if self._budget_spent():
                break
            # Between turns: page requests, the pace, a pause; a typed command plays as a human turn.
            typed = control.next_turn() if control is not None else None
            self.run_turn(typed=typed)
            if control is not None:
                control.turn_done()
        self.finish(self.status if self.status != "playing" else "abandoned")
        return self.status

    def finish(self, status: str) -> None:
        """Close the game record and tell the observers."""
        self.status = status
        self.p.db.finish_game(self.game_id, status, self.mind.score)
        self._emit(ev.GameEnd(self.game_id, status, self.turn, self.mind.score))

    def _budget_spent(self) -> bool:
        """Before a turn: fallbacks at 80% of a budget, and status 'budget' at 100% (budget.py)."""
        if self.p.budget is None or not self.p.budget.before_turn(self):
            return False
        self.status = "budget"
        return True

    # ----- one turn ----------------------------------------------------------------------------
    def run_turn(self, replay: Turn | None = None, typed: str | None = None) -> None:
        """Play (or, on resume, replay) one turn; ``typed``: a command from the page, played for the agent."""
        n = self.turn + 1
        self.restored_from = self.restored_score = None
        self.p.recorder.begin(n)
        if replay is None:
            self._emit(ev.TurnStart(n, self.p.map.current_room))
        # Phase 4: context assembly, from the world as the last output left it.
        context = self._assemble_context(n)
        # Phase 5: decision (the maze solver's while a maze is being mapped).
        agent_state = self.mind.agent_state() if replay is None else None  # as of the end of turn n-1
        decision = self._decide(context, replay) if typed is None else self._typed(context, typed)
        if replay is None and typed is None and self.health.failed_too_often(decision, self._model()):
            self.p.db.write_calls(self.game_id, self.turn, self.p.recorder.drain())  # the turn is not played
            on_failure(self)
            return
        risky = decision.risky or looks_risky(decision.command)
        if replay is None and decision.source != "maze" and risky and not self._dying(n):
            self._save_state(n - 1, agent_state=agent_state)
        self.mind.death_note = ""
        # Phases 6 and 1: execute the command and receive the output.
        decision, result = self._execute(decision)
        result = scored_by_notices(result, self.mind.score)
        reading = read_reply(
            decision.command, result.text, result.outcome
        )  # read once, for every reader below
        self.reading = reading
        if self.maze_solver is not None:
            self.maze_solver.observe(reading)
        # Phase 2: parse and update the world model (in maze mode the map is the solver's).
        maze = decision.source == "maze"
        changes = self._parse_and_update(result.text, decision.command, n, result.score, maze, reading)
        clue = self._clue(reading)
        # Phase 3: puzzle evaluation (rules every turn, the LLM on triggers).
        # the maze solver reads no hints: the model is not asked on its turns, unless they kill
        live = replay is None and (not maze or result.outcome == "death")
        puzzles = self._evaluate_puzzles(reading, clue, n, changes, live)
        score_before = self.mind.score
        self._remember(n, reading, result, changes, maze)
        # Phase 9: terminal conditions; a death is recovered here, before the record.
        event, state, errors = self._check_terminal(result, decision.command, n, replay is not None)
        rooms = self.p.map.rooms()  # the map as the turn leaves it, once for the notebook, record and events
        self._note(
            n, reading, clue, result, score_before, replay.event if replay is not None else event, rooms
        )
        self.turn = n
        if replay is not None:
            return
        # Phase 7: record the turn, its world, metrics and LLM calls in one transaction.
        errors = [e for e in (decision.error, puzzles.error, *changes.errors, *errors) if e]
        self._record(n, decision, result.text, result.score, result.moves, event, state, errors, rooms)
        # Phase 8: notify the observers.
        self._notify(n, decision, result, event, changes, puzzles, rooms)

    def _clue(self, reading: Reading) -> bool:
        """Whether the reply is a clue worth keeping, judged against the room and item names the world
        model knows once it has read the reply."""
        names = [r.name for r in self.p.map.rooms()] + known_items(self.p.items)
        return is_clue(reading.command, reading.text, names)

    # ----- phase helpers -----------------------------------------------------------------------
    def _note(
        self,
        n: int,
        reading: Reading,
        clue: bool,
        result: StepResult,
        score_before: int | None,
        event: str | None,
        rooms: list[Room],
    ) -> None:
        """The notebook reads the turn: points, a death, a new room, a clue (notebook.py)."""
        here = self.p.map.current_room
        room = next((r.name for r in rooms if r.room_id == here), here) if event != "death" else None
        self.mind.notebook.observe(n, reading, TurnSeen(score_before, result.score, event, room, clue))

    def _assemble_context(self, n: int) -> TurnContext:
        context = self._context(n)
        brief_things_here(context, self.sight if side_copies_free(self.p.game) else None)
        return context

    def _context(self, n: int) -> TurnContext:
        m = self.mind
        book = m.notebook
        recent = recent_turns(list(m.history), n) or list(m.history)[-1:]  # or the latest output's turn
        first_recent = recent[0].turn if recent else n
        return TurnContext(
            max_score=book.max_score,
            goal=book.goal,
            clues=[f"{c['turn']}. > {c['command']} -> {c['text']}" for c in book.clues],
            earlier=book.earlier(first_recent),
            turn_number=n,
            game_file=self.p.game_file,
            last_command=m.last_command,
            last_output=m.last_output,
            puzzles=puzzle_lines(self.p.puzzle_agent, self.p.map),
            suggestions=list(self.p.puzzle_agent.suggestions),
            stuck_note=self.stuck.check(),
            history=list(m.history),
            death_note=m.death_note,
            score=m.score,
            opening_score=book.opening_score,
            moves=m.moves,
            map=self.p.map,
            items=self.p.items,
            vocabulary=self._vocabulary(),
            reading=self.reading,
            **world_fields(self.p.map, self.p.items),
        )

    def _vocabulary(self) -> Vocabulary:
        """The story's dictionary (read once from the story file)."""
        return self.p.game.vocabulary()

    def _decide(self, context: TurnContext, replay: Turn | None) -> Decision:
        maze_command = self._maze_command()  # on replay too: the solver re-decides, like a fixed agent
        if maze_command is not None:
            decision = Decision(maze_command, self._maze_reasoning(maze_command), source="maze")
        elif replay is not None and replay.agent == HUMAN:
            decision = self._typed(context, replay.command_sent)  # taken in as when it was played
        elif replay is not None and (
            replay.agent_reasoning.startswith("maze solver") or not self.p.game_agent.deterministic
        ):
            decision = Decision(replay.command_sent, replay.agent_reasoning, source="replay")
        else:
            decision = self._agent_decision(context)
        if replay is not None and decision.command != replay.command_sent:
            log.warning("resume: turn %d decided %r, recorded %r", context.turn_number, decision, replay)
            source = "maze" if decision.source == "maze" else "replay"
            decision = Decision(replay.command_sent, replay.agent_reasoning, source=source)
        return decision

    def _model(self) -> BaseLLM | None:
        """The game agent's model, None when it plays without one."""
        return self.p.game_agent.llm if isinstance(self.p.game_agent, UsesModel) else None

    def _typed(self, context: TurnContext, typed: str) -> Decision:
        """A command typed on the page. An agent that can follow a command chosen elsewhere takes the
        turn in as if it had sent it, so after a hand-back it goes on from where the game is."""
        if isinstance(self.p.game_agent, Follows):
            self.p.game_agent.follow(context, typed, "typed on the page")
        return Decision(typed, "typed on the page", source=HUMAN)

    def _maze_reasoning(self, command: str) -> str:
        return self.maze_solver.reasoning(command) if self.maze_solver is not None else "maze solver"

    def _agent_decision(self, context: TurnContext) -> Decision:
        try:
            decision: Decision = self.p.game_agent.decide(context)
            return decision
        except AssertionError:  # a fake model's unexpected call is a test failure, never a default
            raise
        except Exception as exc:  # the agents handle LLM failures; this guards against their bugs
            log.exception("game agent failed")
            return Decision(SAFE_DEFAULT, "agent error; safe default", error=f"{type(exc).__name__}: {exc}")

    def _maze_command(self) -> str | None:
        if self.p.maze_solver_factory is None or not self._maze_active():
            self.maze_solver, self.mind.maze_saved = None, None
            return None
        if self.maze_solver is None:
            self.maze_solver = self.p.maze_solver_factory(self)
        command = self.maze_solver.next_command()
        if not command:  # finished: the map has left maze mode, the game agent plays this turn
            self.maze_solver = None
            return None
        return str(command)

    def _maze_active(self) -> bool:
        try:
            return bool(self.p.map.is_maze_active())
        except Exception:
            return False

    def _execute(self, decision: Decision) -> tuple[Decision, StepResult]:
        """Send the command; one the interface refuses (save, quit...) is replaced by a safe default."""
        from autofrotz.words.commands import ForbiddenCommandError, check_command

        try:
            result = self.p.game.send(decision.command)
            # The record shows what the interpreter was given (read at the game's dictionary length).
            sent = check_command(decision.command, self.p.game.word_chars)
            if sent != decision.command:
                decision = replace(decision, command=sent)
        except ForbiddenCommandError as exc:
            fallback, result = self._send_safe_default()
            decision = replace(
                decision, command=fallback, error=f"refused command {decision.command!r}: {exc}"
            )
        return decision, result

    def _send_safe_default(self) -> tuple[str, StepResult]:
        """The safe default instead of a refused command; 'wait' if even that once trapped the game."""
        from autofrotz.game_interface import InterpreterDiedError, TrappedCommandError

        for command in (SAFE_DEFAULT, "wait", "inventory"):
            try:
                return command, self.p.game.send(command)
            except TrappedCommandError:
                continue
        raise InterpreterDiedError("the story stops answering every safe command (look, wait, inventory)")

    def _parse_and_update(
        self, text: str, command: str | None, n: int, score: int | None = None, maze: bool = False,
        reading: Reading | None = None,
    ) -> Changes:  # fmt: skip
        """Phase 2: the world model reads the reply (turn_perception.py), with the turn's reading."""
        reply = Reply(text, command, n, score, maze, reading)
        return update_world(self.p.game, self.p.map, self.p.items, self.mind, reply)

    def _evaluate_puzzles(
        self, reading: Reading, clue: bool, n: int, changes: Changes, live: bool
    ) -> PuzzleUpdate:
        agent, text, command = self.p.puzzle_agent, reading.text, reading.command
        agent.record_attempt(reading)
        items = self.p.items
        view = WorldView(
            n, text, command, self.p.map.current_room, inventory(items), known_items(items), self.p.map,
            items, [*self.mind.history, HistoryEntry(n, command, one_line(text, 400))], reading,
        )  # fmt: skip
        ended = reading.outcome == "victory" or (reading.outcome == "death" and not self.config.save_on_death)
        signals = Signals(
            changes.new_room, changes.new_items > 0, reading.failure, changes.inventory_changed,
            score_changed=changes.score_changed and self.mind.score is not None,  # not the first reading
            death=reading.outcome == "death",
            clue=clue, stuck=bool(self.stuck.check()), ended=ended,
        )  # fmt: skip
        return agent.evaluate(view, signals, allow_llm=live)

    def _remember(
        self, n: int, reading: Reading, result: StepResult, changes: Changes, maze: bool = False
    ) -> None:
        m, command = self.mind, reading.command
        if result.score is not None:
            m.score = result.score
        if result.moves is not None:
            m.moves = result.moves
        m.last_command, m.last_output = command, result.text
        m.history.append(HistoryEntry(n, command, one_line(result.text, 400), self.p.map.current_room))
        # the maze solver's turns go round rooms on purpose: they are no sign that the agent is stuck
        self.stuck.record(reading, self.p.map.current_room, changes.progressed or maze)

    def _check_terminal(
        self, result: StepResult, command: str, n: int, replaying: bool
    ) -> tuple[str | None, bytes | None, list[str]]:
        """(event, interpreter state to store, errors) after this turn's output."""
        if replaying:  # the record already holds what happened; the stored state covers any death
            return None, None, []
        found, error = result.outcome, None
        if found is None and self.p.outcome_llm is not None and self.reading.ending_hinted:
            found, error = outcome.classify(self.p.outcome_llm, result.text)
        errors = [error] if error else []
        if found == "victory":
            self.status = "won"
            return "victory", None, errors
        if found == "death":
            if self.config.save_on_death and self.saves.latest() is not None:
                return "death", self._recover_from_death(n, command, result.text), errors
            self.status = "lost"
            return "death", None, errors
        if n % max(1, self.config.save_every) == 0 and not self._dying(n):
            return None, self._save_state(n, store=False), errors
        return None, None, errors

    def _dying(self, n: int) -> bool:
        """Whether a death came so recently that a new save could be a trap that rotates out older ones."""
        return self.last_death is not None and n - self.last_death <= max(1, self.config.save_every)

    def _recover_from_death(self, n: int, command: str, text: str) -> bytes:
        point = self.saves.restore_after_death()
        assert point is not None
        self._mark_deadly_way(n, command)
        self.last_death = n
        self.restored_from, self.restored_score = point.turn, point.mind.get("score")
        self.mind.load(point.mind, world_only=True)
        self.stuck.reset()
        self.maze_solver = None
        lost = n - point.turn
        self.mind.death_note = (
            f"You died after '{command}' ({one_line(text, 200)}). The game was restored to turn "
            f"{point.turn}, {lost} turn{'s' if lost != 1 else ''} ago"
            f"{f' ({self.saves.rule}: the newer saves all died twice)' if self.saves.rule else ''}."
            " Avoid repeating that approach."
        )
        self.mind.last_output = self.mind.death_note
        raw, _ = unpack_state(point.packed)
        return self.saves.pack(raw, self.mind.dump(self.stuck))

    def _mark_deadly_way(self, n: int, command: str) -> None:
        """A move that ended in death warns against that way, from the room the player left."""
        left = self.mind.history[-2].room if len(self.mind.history) > 1 else None
        label = edge_label(command)
        if left and label and is_travel_command(command) and left in self.p.map.graph:
            self.p.map.note_exit_words(left, label, f"you died going this way (turn {n})", "deaths")

    def _save_state(self, n: int, store: bool = True, agent_state: dict[str, Any] | None = None) -> bytes:
        """Save into the next slot; a risky-action save is stored with the turn it precedes, in one
        transaction, so a crash inside the turn leaves neither (a resume then saves again, as play did)."""
        point = self.saves.save(n, self.mind.dump(self.stuck, agent_state))
        if store:
            self.saved_before = (point.packed, point.slot)
        return point.packed

    def _record(
        self,
        n: int,
        decision: Decision,
        text: str,
        score: int | None,
        moves: int | None = None,
        event: str | None = None,
        state: bytes | None = None,
        errors: list[str] | None = None,
        rooms: list[Room] | None = None,
    ) -> None:
        calls = self.p.recorder.drain()
        errors = errors or []
        reasoning = decision.reasoning + (f" [errors: {'; '.join(errors)}]" if errors else "")
        if self.restored_from is not None and self.saves.rule:  # the death went down the save ladder
            reasoning += f" [death: {self.saves.rule}, back to turn {self.restored_from}]"
        now = datetime.now(UTC).isoformat(timespec="seconds")
        event = event or ("error" if errors else None)
        room = self.p.map.current_room
        turn = Turn(
            self.game_id,
            n,
            decision.command,
            text,
            room,
            inventory(self.p.items),
            reasoning,
            now,
            score,
            moves,
            event,
            agent=decision.source,
            restored_from=self.restored_from,
            restored_score=self.restored_score,
            decided_by=self.mind.pending_room.decided_by if self.mind.pending_room is not None else "",
            agent_rule=decision.rule,
            agent_vetoes=list(decision.vetoes),
        )
        bundle = TurnBundle(
            turn,
            snapshot(self.p.map, self.p.items, self.p.puzzle_agent, rooms),
            metrics_for(calls, self.game_id, n),
            calls,
            state,
        )
        bundle.saved_before, self.saved_before = self.saved_before, None
        if self.p.learning is not None:
            bundle.knowledge = self.p.learning.facts(
                self.game_id,
                n,
                reading_of(self.reading, decision.command, text),
                score,
                event,
                bundle.world,
                self.restored_score,
            )
        self.p.db.write_turn(self.game_id, bundle)

    def _notify(
        self,
        n: int,
        decision: Decision,
        result: StepResult,
        event: str | None,
        changes: Changes,
        puzzles: PuzzleUpdate,
        rooms: list[Room],
    ) -> None:
        room = self.mind.pending_room
        if room is not None and room.room_id and (changes.moved or changes.new_room):
            description = next((r.description for r in rooms if r.room_id == room.room_id), "")
            self._emit(
                ev.RoomEnter(room.room_id, room.room_name or room.room_id, description, changes.new_room)
            )
        for u in self.mind.pending_items:
            if u.change == "seen" and first_seen(self.p.items, u, n):
                self._emit(ev.ItemFound(u.item_id, u.name, self.p.map.current_room))
            elif u.change == "taken":
                self._emit(ev.ItemTaken(u.item_id, u.name))
        for p in puzzles.found:
            self._emit(ev.PuzzleFound(p.puzzle_id, p.description))
        for p in puzzles.solved:
            self._emit(ev.PuzzleSolved(p.puzzle_id, p.description))
        for maze_event in maze_events(self.mind, self.p.map, self.p.puzzle_agent, n):
            self._emit(maze_event)
        self.mind.pending_items, self.mind.pending_room = [], None
        self._emit(self._turn_end(n, decision, result, event))

    def _turn_end(self, n: int, decision: Decision, result: StepResult, event: str | None) -> ev.TurnEnd:
        room_id = self.p.map.current_room
        here = next((r for r in self.p.map.rooms() if r.room_id == room_id), None)  # after the maze events
        return ev.TurnEnd(
            n,
            decision.command,
            result.text,
            room_id,
            here.name if here is not None else room_id,
            self.mind.score,
            self.mind.moves,
            event,
            decision.reasoning,
            self.p.budget.spent if self.p.budget is not None else self.p.recorder.total_cost,
            self.game_id,
            decision.source,
            self.restored_from,
            self.restored_score,
            budget_usd=self.config.budget_usd,
            budget_usd_per_hour=self.config.budget_usd_per_hour,
            exits=tuple(here.exits if here is not None else ()),
            inventory=tuple(inventory(self.p.items)),
            total_tokens=self.p.recorder.total_tokens,
            rule=decision.rule,
            vetoes=decision.vetoes,
        )

    def _emit(self, event: ev.Event) -> None:
        self.p.hooks.emit(event)

    def _game_row(self) -> Game:
        return game_row(
            self.config, self.p.game_file, self.p.max_score, self.p.game.story_sha256, self.p.learning
        )


def game_name(game_file: str) -> str:
    """A readable game name from a file name or path.

    >>> game_name("games/zork1.z5")
    'zork1'
    """
    return Path(game_file).stem

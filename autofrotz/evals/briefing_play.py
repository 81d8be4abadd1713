"""One measured game of `eval briefing`: the game agent's briefing against the interpreter's truth.

The game is built by `Session.open` as `main.py` builds it (rules parsers and puzzle agent, a fresh
start), with the LLM game agent; its model is a tap that keeps the request and the eval chooses every
command (the walkthrough, else the exploration driver), so the turn loop, its context assembly and
its rendering are the real ones. At each turn, before the command is sent, the context the orchestrator
assembled and the prompt the model received are compared with the truth: the true room and what it
holds, the true inventory and score, and the true exits, found by trying each direction in side copies
of the interpreter that are thrown away. The maze solver is left out, so every turn reaches the agent.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from autofrotz.agents.base import Decision, TurnContext
from autofrotz.bench.figures import progress
from autofrotz.evals.briefing_asked import ParserAsked
from autofrotz.evals.briefing_goals import goal_of
from autofrotz.evals.briefing_metrics import (
    DIRECTIONS,
    RunWords,
    Tally,
    carried_agrees,
    exit_counts,
    goal_in,
    things_named_here,
)
from autofrotz.evals.briefing_things import ParserWords, briefed_each, pair_things
from autofrotz.evals.corpus import EXPLORE_TURNS, CorpusGame
from autofrotz.evals.eval_session import EvalSession, Truth
from autofrotz.evals.explore import Explorer
from autofrotz.game_interface import GameInterfaceError
from autofrotz.llm.base import BaseLLM, Reply, Request, message_text
from autofrotz.reading.outcomes_endings import detect_outcome
from autofrotz.reading.outcomes_prompts import awaiting_key
from autofrotz.side_copies import spoken
from autofrotz.words.directions import edge_label

SIDE_SLOT = "briefing_exits"
CLOCK_COMMAND = "wait"  # a turn that goes nowhere: where the story's clock alone carries the player
TAP_REPLY = json.dumps({"reasoning": "", "command": "look"})  # valid, never sent: the eval chooses


class PromptTap(BaseLLM):
    """The game agent's model in the eval: keeps each request and answers a valid reply at once."""

    provider: ClassVar[str] = "prompt_tap"
    needs_api_key: ClassVar[bool] = False

    def __init__(self) -> None:
        super().__init__("prompt-tap", "game_agent", max_retries=0, max_repairs=0, sleep=lambda _s: None)
        self.last: Request | None = None

    def _complete(self, request: Request) -> Reply:
        self.last = request
        return Reply(TAP_REPLY)

    def prompt(self) -> str:
        """The last request's system prompt and messages, as the model reads them."""
        if self.last is None:
            return ""
        return "\n".join([self.last.system_prompt, *(message_text(m) for m in self.last.messages)])

    def prompt_chars(self) -> int:
        """Characters of the briefing the last request carried (its messages): what changes from turn to
        turn. The system prompt is the same every turn and read from the providers' caches; it is counted
        apart (system_chars)."""
        if self.last is None:
            return 0
        return sum(len(message_text(m)) for m in self.last.messages)

    def system_chars(self) -> int:
        """Characters of the last request's system prompt."""
        return len(self.last.system_prompt) if self.last is not None else 0


class Driver:
    """The commands of a measured game: its walkthrough in order, else the exploration driver."""

    def __init__(self, walkthrough: tuple[str, ...] | None) -> None:
        self.steps = list(walkthrough or ())
        self.explorer = None if walkthrough else Explorer()

    def next_command(self, reply: str, truth: Truth) -> str:
        """The command after a reply, knowing the true room and what is in it."""
        if self.explorer is not None:
            return self.explorer.next_command(reply, truth.room_number, truth.around)
        return self.steps.pop(0) if self.steps else "look"


def true_exits(game: Any, here: int, last_reply: str, extra: Iterable[str] = ()) -> set[str] | None:
    """The labels among the twelve directions and `extra` commands whose move takes the player out of
    the true room `here`, each tried in a side copy that is thrown away; None while the game waits for
    a key (a side copy would take the key). A move that ends where waiting a turn ends too was made by
    the story's clock (a ride, a guide, a fall), not by the way: it is no exit. Each way is sent in words
    the story's dictionary holds, as the map's side copies send it (side_copies.spoken)."""
    if awaiting_key(last_reply):
        return None
    game.save(SIDE_SLOT)
    moved, say = set(), spoken(game)
    try:
        clock = _lands(game, CLOCK_COMMAND, here)
        for label in (*DIRECTIONS, *(e for e in extra if e not in DIRECTIONS)):
            game.restore(SIDE_SLOT)
            reached = _lands(game, say(label), here)
            if reached is not None and reached != clock:
                moved.add(label)
    finally:
        game.restore(SIDE_SLOT)
    return moved


def _lands(game: Any, command: str, here: int) -> int | None:
    """The true room one command, sent in the side copy, leaves the player in when it is not `here`. A
    move the game answers with the player's death leads nowhere one can go on from: where a story then
    puts the dead player (the room of the death, an afterlife, this room again) is no exit."""
    try:
        if detect_outcome(game.send(command).text) == "death":
            return None
        room = game.ground_truth().room_number
    except GameInterfaceError:  # refused, or the truth is unknown after the move: not shown to move
        return None
    return None if room == here else int(room)


class MeasuringAgent:
    """The eval's game agent: asks the real LLM game agent (whose tap keeps the prompt), measures the
    briefing against the truth, and plays the driver's command."""

    def __init__(
        self, inner: Any, tap: PromptTap, game: CorpusGame, truths: EvalSession, trace: bool = False
    ) -> None:
        self.inner, self.tap, self.game, self.truths = inner, tap, game, truths
        self.driver = Driver(game.walkthrough)
        self.words: dict[int, RunWords] = {}  # per true room: the words printed while the player was there
        self.goal = goal_of(game.name)
        self.max_score = game.max_score if game.max_score is not None else _story_max(game.path)
        self.tally = Tally()
        self.parser_words = ParserWords.of_story(game.path)  # the story's words for each object
        self.trace = trace
        self.notes: list[str] = []  # this step's disagreements, printed with --trace

    deterministic = False  # the eval replays nothing
    watch_pace_s = 0.0

    def brief(self, briefing: str) -> None:
        """Nothing: the LLM agent it asks was briefed when it was made."""

    def decide(self, ctx: TurnContext) -> Decision:
        """Measure this turn's briefing, then play the driver's command."""
        self.truths.saw(ctx.last_output)
        truth = self.truths.truth()
        if truth.room_number is not None:
            self.words.setdefault(truth.room_number, RunWords()).read(ctx.last_output)
        self.inner.decide(ctx)  # the request the model would get, kept by the tap
        self.notes = []
        self._measure(ctx, truth)
        if self.trace and self.notes:
            where = f"{self.game.name} {ctx.turn_number} after {ctx.last_command!r} in {truth.room_name!r}"
            progress(f"{where}: {'; '.join(self.notes)}")
        return Decision(self.driver.next_command(ctx.last_output, truth), "eval briefing driver")

    def _measure(self, ctx: TurnContext, truth: Truth) -> None:
        t = self.tally
        t.steps += 1
        t.prompt_chars.append(self.tap.prompt_chars())
        t.system_chars.append(self.tap.system_chars())
        if self.goal is not None:
            t.goal_steps += 1
            t.goal_hits += goal_in(self.tap.prompt(), self.goal)
        if self.max_score is not None:
            t.max_score_steps += 1
            t.max_score_hits += ctx.max_score == self.max_score
        if truth.room_number is None:
            t.unknown_steps += 1
            return
        self._exits(ctx, truth.room_number)
        self._things(ctx, truth)

    def _exits(self, ctx: TurnContext, here: int) -> None:
        briefed = [edge_label(label) for label in ctx.exits]
        moved = true_exits(self.truths.game, here, ctx.last_output, briefed)
        if moved is None:
            return
        t = self.tally
        counts = exit_counts(briefed, moved)
        self._note("exits not true", sorted(set(briefed) - moved))
        self._note("exits missed", sorted(set(DIRECTIONS) & moved - set(briefed)))
        t.exits_briefed += counts[0]
        t.exits_briefed_true += counts[1]
        t.exits_true += counts[2]
        t.exits_true_briefed += counts[3]

    def _things(self, ctx: TurnContext, truth: Truth) -> None:
        t = self.tally
        if truth.room_number is not None and truth.room_name:  # no name: the tree's names are unreadable
            # the local globals the room lists (a house, a river) are around it as its children are
            around, around_nums = self.parser_words.around(
                truth.room_number, [*truth.around_nums, *truth.within_nums]
            )
            around, around_nums = [*truth.around, *around], [*truth.around_nums, *around_nums]
            # recall: the things directly here whose names were printed while the player was here
            named = things_named_here(around, self.words[truth.room_number])
            # a thing on a table or in an open box is here too
            nums = [*around_nums, *truth.within_nums]
            here = self.parser_words.things([*around, *truth.within], nums)
            # "Seen here", "Also named here"
            briefed = [*ctx.visible_items, *ctx.named_here]
            # where the story file gives an object no parser words, its parser is asked in a side copy
            ask = ParserAsked(self.truths.game, truth, nums, ctx.last_output)
            paired = pair_things(briefed, here, named, self.parser_words.keeps, ask)
            # precision over the names briefed; recall lets a name briefed with a count take that many
            each = [*briefed_each(ctx.visible_items, ctx.counts_here), *ctx.named_here]
            counted = (
                paired if each == briefed else pair_things(each, here, named, self.parser_words.keeps, ask)
            )
            t.items_briefed += paired.briefed
            t.items_briefed_true += paired.briefed_true
            t.items_true += counted.named
            t.items_true_briefed += counted.named_briefed
            self._note("here, not true", paired.not_true)
            self._note("here, missed", counted.missed)
        if truth.inventory_known:
            t.carried_steps += 1
            agrees = carried_agrees(ctx.inventory, truth.inventory)
            t.carried_hits += agrees
            self._note("carried", [] if agrees else [f"{ctx.inventory} vs true {truth.inventory}"])
        if truth.score is not None:
            t.score_steps += 1
            t.score_hits += ctx.score == truth.score

    def _note(self, what: str, names: list[str]) -> None:
        if names:
            self.notes.append(f"{what}: {', '.join(names)}")


def _story_max(path: Path) -> int | None:
    from autofrotz.games import max_score

    return max_score(path)


def turns_for(game: CorpusGame, steps: int | None) -> int:
    """Turns to play: the walkthrough's length or the exploration turns, at most `steps` when given."""
    turns = len(game.walkthrough) if game.walkthrough else EXPLORE_TURNS
    return max(1, min(turns, steps)) if steps else turns


def measure_game(game: CorpusGame, steps: int | None = None, trace: bool = False) -> Tally:
    """Play one game through the real session and return its tally (`trace`: each step's disagreements
    on stderr)."""
    from autofrotz.agents.game_agent import GameAgent
    from autofrotz.config import config_from_dict
    from autofrotz.orchestrator import game_name
    from autofrotz.session import Session

    truths = EvalSession(game.path)
    with tempfile.TemporaryDirectory(prefix="briefing-") as tmp:
        raw = {
            "game_file": str(game.path.resolve()),
            "database_path": str(Path(tmp) / "briefing.db"),
            "max_turns": turns_for(game, steps),
            "hooks": [],
            "fresh": True,
        }
        with Session.open(config_from_dict(raw), web=False, console=False, game=truths.game) as session:
            parts = session.orchestrator.p
            tap = PromptTap()
            inner = GameAgent(tap, game_name(parts.game_file))
            assert parts.learning is not None  # a session opens its learning, fresh or not
            inner.brief(parts.learning.briefing())  # as the session briefs an LLM agent on earlier runs
            agent = MeasuringAgent(inner, tap, game, truths, trace)
            parts.game_agent, parts.maze_solver_factory = agent, None
            session.play()
    return agent.tally

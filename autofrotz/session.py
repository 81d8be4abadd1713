"""Builds everything one game needs from the config, and tears it down again."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from autofrotz.agents.base import GameAgentProtocol, UsesModel
from autofrotz.agents.game_agent import GameAgent
from autofrotz.agents.plain_agent import PlainAgent, is_plain
from autofrotz.agents.puzzle_agent import PuzzleAgent
from autofrotz.agents.scripted import ScriptedAgent
from autofrotz.budget import STATUS as BUDGET_STATUS
from autofrotz.budget import Budget, prior_spending
from autofrotz.config import ROLES, Config
from autofrotz.control import GameControl
from autofrotz.games import game_path_label
from autofrotz.hooks.base import Observer
from autofrotz.hooks.console import ConsoleProgress
from autofrotz.hooks.dispatcher import HookDispatcher
from autofrotz.hooks.registry import HookEnv, HookError, build_observers
from autofrotz.model_health import STATUS as MODEL_ERROR
from autofrotz.orchestrator import Orchestrator, Parts, game_name
from autofrotz.storage.record import Record
from autofrotz.storage.recording import CallRecorder

SCRIPT_PROVIDER = "script"  # game agent only: plays the command file named by "model"


if TYPE_CHECKING:
    from autofrotz.game_interface import RunningGame
    from autofrotz.llm.base import BaseLLM, Gate
    from autofrotz.maze_bridge import MazeMode
    from autofrotz.web.runner import WebServerHandle


class SessionError(RuntimeError):
    """A game cannot be set up (unknown game, bad provider, nothing to resume...)."""


@dataclass
class Session:
    """A built game: orchestrator, database, interpreter, and the optional web server."""

    config: Config
    orchestrator: Orchestrator
    db: Record
    game: RunningGame
    resume_id: int | None = None
    web_handle: WebServerHandle | None = None
    notice: str | None = None
    llms: dict[str, BaseLLM | None] = field(
        default_factory=dict
    )  # each role's model, closed with the session

    @classmethod
    def open(
        cls,
        config: Config,
        resume_id: int | None = None,
        web: bool = True,
        observers: list[Observer] | None = None,
        console: bool = True,
        game: RunningGame | None = None,
        preflight: bool = False,
    ) -> Session:
        """Build a session (``game``: an opened interpreter to use; ``preflight``: ask each model once
        first); SessionError names what is wrong."""
        from autofrotz.storage.database import Database

        _check_rules_off(config)
        if resume_id is None:
            _resolve(config.game_file)  # an unknown game is refused before a database file is made
        db = _open_database(Database, config.database_path)
        try:
            return cls._build(config, db, resume_id, web, observers or [], console, game, preflight)
        except BaseException:
            db.close()
            raise

    @classmethod
    def _build(
        cls,
        config: Config,
        db: Record,
        resume_id: int | None,
        web: bool,
        extra: list[Observer],
        console: bool,
        game: RunningGame | None = None,
        preflight: bool = False,
    ) -> Session:
        if resume_id is not None:
            _claim(db, resume_id)
            config = _resumed_config(config, db, resume_id)
        path = _resolve(config.game_file)
        if resume_id is not None:
            _check_resumed_story(db, resume_id, path)
        recorder = CallRecorder()
        budget = _budget(config, recorder, db, resume_id)
        notice = RoleNotice()
        llms = {role: _role_llm(role, config, recorder, notice, budget.gate) for role in _model_roles(config)}
        line = notice.line()
        if line:
            print(line, file=sys.stderr)
        _check_models(config, llms, preflight)
        handle = _start_web(config, web)
        observers = _observers(config, handle is not None, extra, console)
        game = game if game is not None else _open_game(path, config)
        parts = _parts(config, game, db, llms, recorder, HookDispatcher(observers), game_path_label(path))
        _add_learning(parts, config, db, path, resume_id)
        parts.control = GameControl(pace_for(config, handle is not None, parts.game_agent))
        # the takeover box refuses the story's own save words too
        parts.control.story_words = (game.word_chars, game.control_words())
        parts.budget = budget
        return cls(config, Orchestrator(parts), db, game, resume_id, handle, line, llms)

    def play(self) -> str:
        """Start (or resume) the game and play it to its end; returns the final status."""
        from autofrotz.resume import ResumeError, resume

        if self.resume_id is None:
            self.orchestrator.start()
        else:
            try:
                replayed = resume(self.orchestrator, self.resume_id)
            except ResumeError as exc:
                raise SessionError(str(exc)) from None
            where = f"at turn {self.orchestrator.turn} ({replayed} turns replayed)"
            print(f"resumed game {self.resume_id} {where}", file=sys.stderr)
        control = self.orchestrator.p.control
        if self.web_handle is None or control is None:
            return self._post_mortem(self._budget_line(self.orchestrator.run()))
        game_id = self.orchestrator.game_id
        hub = self.web_handle.hub
        pace = control.status()["pace_s"]
        print(
            f"watch live at {self.web_handle.url}#/game/{game_id} (game {game_id}, {pace:g} s a turn; "
            "pause, step, change the pace or take over from the page)",
            file=sys.stderr,
        )
        hub.register_control(game_id, control)
        control.page_open = lambda: hub.subscriber_count(game_id) > 0
        try:
            return self._post_mortem(self._budget_line(self.orchestrator.run()))
        finally:
            hub.unregister_control(game_id, control)

    def _post_mortem(self, status: str) -> str:
        """After a run, a model writes the next run's strategy guide (skipped when no model plays, and
        while runs start fresh: a guide nobody reads would only cost a call)."""
        parts = self.orchestrator.p
        llm = parts.game_agent.llm if isinstance(parts.game_agent, UsesModel) else None
        wanted = self.config.strategy_guide and not self.config.fresh and not is_plain(self.config)
        wanted = wanted and status != MODEL_ERROR
        if parts.learning is not None and llm is not None and wanted:
            from autofrotz.knowledge.briefing import write_guide

            write_guide(parts.learning, self.orchestrator, llm, game_name(parts.game_file), status)
        return status

    def _budget_line(self, status: str) -> str:
        """Say in one line how to go on when the budget stopped the game."""
        budget = self.orchestrator.p.budget
        if status == BUDGET_STATUS and budget is not None:
            print(budget.stop_line(self.orchestrator.game_id), file=sys.stderr)
        elif self.orchestrator.stop_reason:  # the game agent's model failed (model_health.py)
            print(self.orchestrator.stop_reason, file=sys.stderr)
        return status

    def close(self) -> None:
        """Stop the interpreter, the observers, the web server and the database."""
        self.game.close()
        for llm in self.llms.values():
            if llm is not None:
                llm.close()  # a Gemini explicit cache is deleted here
        self.orchestrator.p.hooks.close()
        if self.web_handle is not None:
            self.web_handle.stop()
        self.db.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _resumed_config(config: Config, db: Record, game_id: int) -> Config:
    from autofrotz.resume import ResumeError, game_info

    try:
        info = game_info(db, game_id)
    except ResumeError as exc:
        raise SessionError(str(exc)) from None
    seed = info.seed if info.seed is not None else config.seed
    return replace(config, game_file=info.game_file, seed=seed, backend=info.backend)


def _claim(db: Record, game_id: int) -> None:
    """Take the game's lock before anything else, so two resumes of one game cannot both play."""
    from autofrotz.storage.locks import GameLockedError

    try:
        db.claim(game_id)
    except GameLockedError as exc:
        raise SessionError(str(exc)) from None


def _check_resumed_story(db: Record, game_id: int, path: Path) -> None:
    from autofrotz.resume import ResumeError, check_same_story, game_info

    try:
        check_same_story(game_info(db, game_id), game_id, path)
    except ResumeError as exc:
        raise SessionError(str(exc)) from None


OPEN_TRIES = 5  # a new database file opened by several processes at once (bench workers) is busy a moment


def _open_database(database: Callable[[str], Record], path: str) -> Record:
    """The database, retried a few times while another process holds it (two bench workers creating
    one new file: switching it to WAL or migrating it takes a lock the busy timeout does not wait for)."""
    import sqlite3
    import time

    from autofrotz.storage.guard import DatabaseRefusedError

    for attempt in range(1, OPEN_TRIES + 1):
        try:
            return database(path)
        except DatabaseRefusedError as exc:
            raise SessionError(str(exc)) from None
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == OPEN_TRIES:
                raise SessionError(f"cannot use database {path}: {exc}") from None
            time.sleep(0.2 * attempt)
        except sqlite3.Error as exc:
            raise SessionError(f"cannot use database {path}: {exc}") from None
    raise AssertionError("unreachable")  # pragma: no cover


def _resolve(game_file: str) -> Path:
    from autofrotz.games import GameNotFoundError, check_story, resolve_game

    try:
        return check_story(resolve_game(game_file))
    except GameNotFoundError as exc:
        raise SessionError(str(exc)) from None


def _budget(config: Config, recorder: CallRecorder, db: Record, resume_id: int | None) -> Budget:
    """The game's spending meter; a resumed game starts from what it had spent before."""
    budget = Budget.from_config(config, recorder)
    if resume_id is not None:
        budget.seed(*prior_spending(db, resume_id))
    return budget


def _model_roles(config: Config) -> tuple[str, ...]:
    """The roles that get their model: in plain mode only the game agent (the baseline has no world
    model to parse with, and no puzzle agent)."""
    return ("game_agent",) if is_plain(config) else ROLES


def _role_llm(
    role: str, config: Config, recorder: CallRecorder, notice: RoleNotice, gate: Gate | None = None
) -> BaseLLM | None:
    """The model of one role, or None for the built-in agent, rules, or a missing key."""
    from autofrotz.llm import LLMError, MissingAPIKeyError, UnknownProviderError, build_llm

    if role == "game_agent" and config.agent(role).provider == SCRIPT_PROVIDER:
        return None
    try:
        return build_llm(role, config, sink=recorder, gate=gate)
    except MissingAPIKeyError as exc:
        notice.missing.setdefault(exc.env_var, []).append(role)
        return None
    except (UnknownProviderError, LLMError) as exc:  # e.g. a local provider without base_url
        raise SessionError(f"agents.{role}: {exc}") from None


def _check_models(config: Config, llms: dict[str, BaseLLM | None], preflight: bool) -> None:
    """Warn about unpriced paid models, refuse a budget they would dodge, and (when asked) call each once."""
    from autofrotz.model_checks import ModelCheckError, check_prices
    from autofrotz.model_checks import preflight as ask_each

    try:
        for warning in check_prices(config, llms):
            print(warning, file=sys.stderr)
        if preflight:
            ask_each(config, llms)
    except ModelCheckError as exc:
        raise SessionError(str(exc)) from None


def _start_web(config: Config, web: bool) -> WebServerHandle | None:
    if not (web and config.web_server.enabled and "web_monitor" in config.hooks):
        return None
    try:
        from autofrotz.web.runner import start_from_config

        return start_from_config(config.web_server, config.database_path)
    except Exception as exc:  # the game plays on without a monitor; say so once
        print(f"web monitor not started ({exc}); playing without it", file=sys.stderr)
        return None


def _observers(config: Config, web: bool, extra: list[Observer], console: bool) -> list[Observer]:
    env = HookEnv(config, config.database_path, web, config.web_server.host, config.web_server.port)
    try:
        observers = build_observers(config.hooks, env)
    except HookError as exc:
        raise SessionError(str(exc)) from None
    if console and "console" not in config.hooks:
        observers.insert(0, ConsoleProgress())
    return observers + extra


def _open_game(path: Path, config: Config) -> RunningGame:
    from autofrotz.game_interface import GameInterfaceError, open_game

    try:
        return open_game(
            path, config.backend, config.seed, dfrotz_path=config.dfrotz_path, force=config.dfrotz_force
        )
    except GameInterfaceError as exc:
        raise SessionError(f"cannot open {path}: {exc}") from None


def pace_for(config: Config, web: bool, agent: GameAgentProtocol) -> float:
    """Seconds between turns: the config's, else the agent's watchable pace with a monitor.

    Model calls already pace a game, so an LLM agent (or a script) plays at full speed by default.
    """
    if config.pace_s is not None:
        return config.pace_s
    return agent.watch_pace_s if web else 0.0


def make_game_agent(config: Config, llm: BaseLLM | None, name: str) -> GameAgentProtocol:
    """The game agent a config asks for: scripted, built-in (no model) or the LLM agent."""
    settings = config.agent("game_agent")
    if settings.provider == SCRIPT_PROVIDER:
        try:
            return ScriptedAgent.from_file(settings.model)
        except (OSError, UnicodeDecodeError) as exc:
            raise SessionError(f"agents.game_agent: cannot read script {settings.model!r}: {exc}") from None
    if llm is not None:
        return PlainAgent(llm, name) if is_plain(config) else GameAgent(llm, name)
    from autofrotz.agents.builtin_agent import BuiltinAgent

    return BuiltinAgent()


def _add_learning(parts: Parts, config: Config, db: Record, path: Path, resume_id: int | None) -> None:
    """Load what earlier runs of this story taught and let the game agent use it (see knowledge/)."""
    from autofrotz.agents.builtin_agent import BuiltinAgent
    from autofrotz.knowledge.advisor import KnowingAgent
    from autofrotz.knowledge.session import Learning

    fresh = config.fresh if resume_id is None else _started_fresh(db, resume_id, config.fresh)
    learning = Learning.open(db.conn, path, config.seed, fresh, resume_id)
    parts.learning = learning
    learning.game = parts.game
    parts.game.traps.update(learning.traps)  # commands that trapped this story in earlier runs
    agent = parts.game_agent
    if isinstance(agent, BuiltinAgent) and not learning.lore.empty:
        parts.game_agent = KnowingAgent(agent, learning.lore, learning.path)
    else:
        agent.brief(learning.briefing())


def _started_fresh(db: Record, game_id: int, default: bool) -> bool:
    """Whether a game being resumed started blank: a resume plays on as the game began (its agent's
    recorded decisions are re-made the same way), whatever the config says now."""
    row = db.conn.execute("SELECT extra FROM games WHERE game_id = ?", (game_id,)).fetchone()
    knew = json.loads(row[0]).get("knew") if row is not None and row[0] else None
    return bool(knew["fresh"]) if isinstance(knew, dict) and "fresh" in knew else default


def parser_mode(config: Config, role: str, llm: BaseLLM | None) -> str:
    """The parser mode of a role; rules when it has no model."""
    return config.agent(role).mode if llm is not None else "rules"


def _check_rules_off(config: Config) -> None:
    """Each name of the config's `rules_off` is a rule of some table that may be switched off (the
    catalogue reads every layer's tables, so the session checks them, not the config)."""
    from autofrotz.rules.catalogue import check_rules_off

    try:
        check_rules_off(config.rules_off)
    except ValueError as exc:
        raise SessionError(f"rules_off: {exc}") from None


def _parts(
    config: Config,
    game: RunningGame,
    db: Record,
    llms: dict[str, BaseLLM | None],
    recorder: CallRecorder,
    hooks: HookDispatcher,
    label: str,
) -> Parts:
    from autofrotz.games import max_score
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.map_manager import MapManager
    from autofrotz.rules import switches

    switches.use(config.rules_off)  # checked against every table when the session was opened
    name = game_name(label)
    map_llm, item_llm = llms.get("map_parser"), llms.get("item_parser")
    map_manager = MapManager(
        map_llm, parser_mode(config, "map_parser", map_llm), config.maze.similarity_threshold
    )
    return Parts(
        config=config,
        game=game,
        db=db,
        map=map_manager,
        items=ItemManager(
            item_llm,
            parser_mode(config, "item_parser", item_llm),
            inventory_checks=config.backend == "jericho",
        ),
        game_agent=make_game_agent(config, llms["game_agent"], name),
        puzzle_agent=PuzzleAgent(llms.get("puzzle_agent"), name),
        hooks=hooks,
        recorder=recorder,
        game_file=label,
        outcome_llm=map_llm or llms.get("puzzle_agent"),
        map_llm=map_llm,
        item_llm=item_llm,
        maze_solver_factory=None if is_plain(config) else maze_factory(),  # plain: the model plays mazes too
        max_score=max_score(game.path),
    )


def maze_factory() -> Callable[[Orchestrator], MazeMode] | None:
    """The maze solver bridge, when the maze package is available."""
    try:
        from autofrotz.maze_bridge import make_solver
    except ImportError:
        return None
    return make_solver


@dataclass
class RoleNotice:
    """Roles that fell back to the built-in agent or rules because a key is missing."""

    missing: dict[str, list[str]] = field(default_factory=dict)  # env var -> roles

    def line(self) -> str | None:
        """One line naming the roles and how to set the keys, or None."""
        if not self.missing:
            return None
        roles = sorted(r for rs in self.missing.values() for r in rs)
        names = " / ".join(sorted(self.missing))
        example = sorted(self.missing)[0]
        return (
            f"no API key ({names} not set): {', '.join(roles)} use the built-in agent / rules; "
            f"set the key to use the configured model, e.g. `export {example}=...`"
        )

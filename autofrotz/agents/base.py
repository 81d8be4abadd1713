"""What every game agent receives and returns: the turn context and a decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from autofrotz.reading import EMPTY, Reading, reading_of
from autofrotz.words.vocabulary import Vocabulary

if TYPE_CHECKING:
    from autofrotz.agents.world_view import ItemReader, MapReader
    from autofrotz.llm.base import BaseLLM


@dataclass(frozen=True)
class Decision:
    """One command to send, with the agent's brief reasoning."""

    command: str
    reasoning: str = ""
    risky: bool = False
    error: str | None = None  # set when the agent fell back to a safe default
    source: str = "agent"  # agent | builtin | script | maze
    rule: str = ""  # the named rule that chose the command (a row of `python main.py rules`), "" for a model
    vetoes: tuple[str, ...] = ()  # rules that ruled out commands this turn before it was chosen


@dataclass(frozen=True)
class HistoryEntry:
    """One recent turn, for short-term memory."""

    turn: int
    command: str
    output: str
    room: str | None = None


@dataclass(frozen=True)
class Suggestion:
    """A puzzle agent proposal for the game agent."""

    puzzle_id: int | None
    action: str
    items: tuple[str, ...] = ()
    confidence: str = "low"  # high | medium | low
    reasoning: str = ""
    navigation: tuple[str, ...] = ()


@dataclass
class TurnContext:
    """Everything the game agent may use to choose the next command."""

    turn_number: int
    game_file: str
    last_command: str | None
    last_output: str
    room_id: str | None
    room_name: str | None
    room_description: str = ""
    room_text: str = ""  # the room's whole text at its first visit, for the briefing
    exits: list[str] = field(default_factory=list)
    unexplored_exits: list[str] = field(default_factory=list)
    inventory: list[str] = field(default_factory=list)
    visible_items: list[str] = field(default_factory=list)
    counts_here: dict[str, int] = field(default_factory=dict)  # a name seen here -> how many (when several)
    seen_lines: list[str] = field(default_factory=list)  # the same things with their state and contents
    carried_lines: list[str] = field(default_factory=list)  # what is carried, with state and contents
    named_here: list[str] = field(default_factory=list)  # things the room's text names (named_things.py)
    known_rooms: list[str] = field(default_factory=list)  # in order of discovery
    room_descriptions: list[str] = field(default_factory=list)  # each known room's description
    unexplored_summary: str = ""
    puzzles: list[str] = field(default_factory=list)
    suggestions: list[Suggestion] = field(default_factory=list)
    stuck_note: str = ""
    history: list[HistoryEntry] = field(default_factory=list)
    death_note: str = ""
    score: int | None = None
    opening_score: int | None = None  # the score before the first command: briefed until a turn reads one
    moves: int | None = None
    max_score: int | None = None
    exit_lines: list[str] = field(default_factory=list)  # each true exit with its state, as briefed
    refused: list[str] = field(default_factory=list)  # directions the game refused here, with its words
    goal: str = ""  # the opening's stated goal
    clues: list[str] = field(default_factory=list)  # read, examined or told: "turn. > command -> text"
    earlier: list[str] = field(default_factory=list)  # the log of events older than `history`
    # The live world model, for algorithmic agents (the LLM agent reads only the text above).
    map: MapReader | None = None
    items: ItemReader | None = None
    # The story file's dictionary: the words its parser reads (the game's word list, not its state).
    vocabulary: Vocabulary = field(default_factory=Vocabulary)
    # The last reply's one reading (reading/): the turn loop hands in the turn's own; a context made
    # without it, or with another reply's, reads its last_output here.
    reading: Reading = EMPTY

    def __post_init__(self) -> None:
        self.reading = reading_of(self.reading, self.last_command or "", self.last_output)


class GameAgentProtocol(Protocol):
    """The seam every game agent fits: ``decide(context) -> Decision``, and what the session and a resume
    ask of it."""

    # The same context gives the same decision: a resume re-decides recorded turns (rebuilding the
    # agent's own state) rather than replaying them.
    deterministic: bool
    # Seconds between turns while a page watches, when the config sets no pace: an agent that decides
    # without a model call plays hundreds of turns a second, too fast to follow.
    watch_pace_s: float

    def decide(self, context: TurnContext) -> Decision: ...

    def brief(self, briefing: str) -> None:
        """Take in the text briefing on what earlier runs of this story taught (or ignore it)."""
        ...


# What some game agents offer beyond the seam: the turn loop, a save and the session ask with isinstance.
@runtime_checkable
class KeepsState(Protocol):
    """A game agent with state of its own that a save keeps (the built-in agent, a later run's policy, the
    plain baseline's transcript)."""

    def to_dict(self) -> dict[str, Any]: ...

    def load_dict(self, state: dict[str, Any]) -> None: ...


@runtime_checkable
class Follows(Protocol):
    """A game agent that takes in a command chosen elsewhere (typed on the page) as if it had sent it."""

    def follow(self, context: TurnContext, command: str, reason: str) -> Decision: ...


@runtime_checkable
class UsesModel(Protocol):
    """A game agent that plays through a model (the LLM game agent, the plain baseline)."""

    llm: BaseLLM

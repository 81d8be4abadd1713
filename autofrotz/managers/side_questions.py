"""Side questions as data: what the map and the items want asked in side copies of the game this turn,
and the game's answers.

Perception runs in rounds of three phases. A manager returns its questions (`SideQuestions`: which
commands, routes, surveys, examines and takes, and why); `side_copies.SideCopies.answer` asks them all
in copies it saves and restores, at no game turn; the manager's update takes the `SideAnswers` as an
argument. A question that depends on an earlier answer (a survey when the tried routes told nothing,
the way back after a way that showed the room again) is a later round of the same three phases.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from autofrotz.words.directions import OPPOSITES

if TYPE_CHECKING:
    from autofrotz.managers.map_state import ExitAnswers, Facts, Route


@dataclass(frozen=True)
class Survey:
    """A survey of the room a move led into (map_survey): every compass move from here, and every second
    move from each first move that showed a room named `here`; replies are read as room names with the
    names the map knows and whether the game prints headers (map_side_exit.shown_name)."""

    here: str
    known: frozenset[str] = frozenset()
    headerless: bool = False


@dataclass(frozen=True)
class SideQuestions:
    """One round's questions of one manager, each answered in a fresh side copy; `why` names the rules
    or reasons that asked them (for a reader of the code and of a trace).

    >>> SideQuestions().empty, SideQuestions(look=True, why=("moved_without_header",)).empty
    (True, False)
    >>> SideQuestions(routes=(("open door",),))
    Traceback (most recent call last):
    ...
    ValueError: side copies try only compass exits, not (('open door',),)
    """

    look: bool = False  # "look" (the room's own description)
    inventory: bool = False  # "inventory" (the game's own listing)
    routes: tuple[Route, ...] = ()  # compass moves one after another, then "look", one copy a route
    survey: Survey | None = None
    ways: tuple[str, ...] = ()  # each way tried once, one copy each
    examines: tuple[str, ...] = ()  # "examine NAME" for each name
    takes: tuple[str, ...] = ()  # "take NAME" for each name
    why: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if any(not route or any(label not in OPPOSITES for label in route) for route in self.routes):
            raise ValueError(f"side copies try only compass exits, not {self.routes!r}")

    @property
    def empty(self) -> bool:
        """Nothing to ask."""
        return not (
            self.look
            or self.inventory
            or self.routes
            or self.survey
            or self.ways
            or self.examines
            or self.takes
        )


@dataclass(frozen=True)
class SideAnswers:
    """The game's answers to one round's questions; None for a question not asked or not safe to ask
    (the game waits for a key, the interpreter failed). `survey_sent` counts the survey's commands."""

    look: str | None = None
    inventory: str | None = None
    exits: ExitAnswers | None = None
    survey: Facts | None = None
    survey_sent: int = 0
    ways: dict[str, str] | None = None
    examines: dict[str, str] | None = None
    takes: dict[str, str] | None = None
    asked: SideQuestions = field(default_factory=SideQuestions)

    @property
    def map_sends(self) -> int:
        """The side commands the map's looks, exit trials and surveys sent (the perception eval's side
        queries): one a look, each move of a route and the look after it, each move of a survey.

        >>> SideAnswers(look="Hall", exits=((("north",), ("Attic",), "Attic"),), survey_sent=3).map_sends
        6
        """
        routes = sum(len(replies) + 1 for _, replies, _ in self.exits or ())
        return (self.look is not None) + routes + self.survey_sent

    @property
    def sends(self) -> int:
        """Every side command answered: the map's, each way, examine and take, an inventory.

        >>> SideAnswers(inventory="Empty-handed.", ways={"north": "Hall", "up": "No."}).sends
        3
        """
        many = (self.ways, self.examines, self.takes)
        return (self.inventory is not None) + self.map_sends + sum(len(said or ()) for said in many)


NO_ANSWERS = SideAnswers()

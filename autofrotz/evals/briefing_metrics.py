"""Scoring helpers for `eval briefing`: one step's briefing against the truth, and the sums over steps.

Every figure is a share of counts summed over the steps of all games (so long games weigh more, as in
`eval perception`): precision is what the briefing lists that is true over what it lists, recall what is
true that it lists over what is true.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass, field, fields
from typing import Any

from autofrotz.evals.inventory_metrics import STOP_WORDS, inventory_matches, normalise
from autofrotz.words.directions import DIRECTION_WORDS, edge_label

DIRECTIONS = tuple(DIRECTION_WORDS)  # the twelve ways a player may try: compass, up, down, in, out
WORD = re.compile(r"[a-z0-9$]+")
CODED_NAME = re.compile(r"\([A-Za-z][A-Za-z0-9_]*\)")  # a tree name that is an identifier: "(SHAWM)"
CLIPPED_LETTERS = 4  # a code at least this long is named by a printed word it begins (as word_match)


@dataclass
class Tally:
    """Counts of one game (or of many, added up)."""

    steps: int = 0
    unknown_steps: int = 0  # steps whose truth the interpreter could not tell: not scored
    exits_briefed: int = 0
    exits_briefed_true: int = 0
    exits_true: int = 0
    exits_true_briefed: int = 0
    items_briefed: int = 0
    items_briefed_true: int = 0
    items_true: int = 0
    items_true_briefed: int = 0
    carried_steps: int = 0
    carried_hits: int = 0
    score_steps: int = 0  # steps whose true score is known
    score_hits: int = 0
    max_score_steps: int = 0  # steps of games whose maximum is known
    max_score_hits: int = 0
    goal_steps: int = 0  # steps of games whose opening states a goal
    goal_hits: int = 0
    prompt_chars: list[int] = field(default_factory=list)  # the briefing (the request's messages)
    system_chars: list[int] = field(default_factory=list)  # the system prompt, the same every turn

    def add(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


def exit_counts(briefed: list[str], moved: set[str]) -> tuple[int, int, int, int]:
    """(briefed, briefed and true, true, true and briefed) for one step. `moved` holds the labels whose
    move left the room (the twelve directions, and any other briefed label, were tried); the true exits
    are the directions among them. Labels compare as the map labels moves ("N", "go north": "north").

    >>> exit_counts(["north", "Up", "south", "climb tree"], {"north", "up", "east", "climb tree"})
    (4, 3, 3, 2)
    >>> exit_counts([], set())
    (0, 0, 0, 0)
    """
    labels = {edge_label(b) for b in briefed}
    true = {m for m in moved if m in DIRECTIONS}
    return len(labels), len(labels & moved), len(true), len(true & labels)


class RunWords:
    """The words the game's text has printed so far in a run."""

    def __init__(self) -> None:
        self.words: set[str] = set()

    def read(self, text: str) -> None:
        """Remember the words of one reply."""
        self.words.update(WORD.findall(text.lower()))

    def named(self, name: str) -> bool:
        """Whether the text has named an object: every content word of its name (or a plural of it).
        A tree name that is a code ("(CURT)", "(AQUAL)": an identifier, often clipped, where the story
        prints its names by routines) is named by a printed word it begins, as `names_match` pairs it.

        >>> seen = RunWords(); seen.read("A brass lamp, two coins and velvet curtains are here.")
        >>> seen.named("brass lamp"), seen.named("coin"), seen.named("rusty lamp"), seen.named("")
        (True, True, False, False)
        >>> seen.named("(CURT)"), seen.named("curt"), seen.named("(CUR)"), seen.named("(LAMP)")
        (True, False, False, True)
        """
        words = normalise(name)
        content = [w for w in words if w not in STOP_WORDS] or words
        clipped = CODED_NAME.fullmatch(name.strip()) is not None
        return bool(content) and all(self._seen(w, clipped) for w in content)

    def _seen(self, word: str, clipped: bool = False) -> bool:
        if any(form in self.words for form in (word, word + "s", word + "es")):
            return True
        return clipped and len(word) >= CLIPPED_LETTERS and any(w.startswith(word) for w in self.words)


def things_named_here(around: tuple[str, ...] | list[str], seen: RunWords) -> list[int]:
    """The objects directly in the true room whose names the game's text has printed, by index.

    >>> seen = RunWords(); seen.read("You see a rusty key.")
    >>> things_named_here(("floor tile", "rusty key", "(42)"), seen)
    [1]
    """
    return [i for i, name in enumerate(around) if seen.named(name)]


def carried_agrees(briefed: list[str], truth: list[str]) -> bool:
    """Whether the briefed inventory is the true one, by eval perception's inventory matching."""
    return bool(inventory_matches(briefed, truth))


def flat(text: str) -> str:
    """Text with its whitespace runs made single spaces, for finding a sentence across line breaks.

    >>> flat("The bell  must\\nbe rung.")
    'The bell must be rung.'
    """
    return " ".join(text.split())


def goal_in(prompt: str, goal: str) -> bool:
    """Whether the prompt still holds the goal sentence (whitespace normalised, case kept).

    >>> goal_in("Latest output:\\nThe bell must\\n be rung tonight.", "The bell must be rung tonight.")
    True
    """
    return flat(goal) in flat(prompt)


def share(hits: int, total: int) -> float | None:
    """A share from 0 to 100, None when there is nothing to count.

    >>> share(1, 4), share(0, 0)
    (25.0, None)
    """
    return round(100.0 * hits / total, 2) if total else None


def figures(t: Tally) -> dict[str, Any]:
    """The FIGURES.md keys of `eval briefing` (without split suffixes) from one tally."""
    return {
        "exit_precision": share(t.exits_briefed_true, t.exits_briefed),
        "exit_recall": share(t.exits_true_briefed, t.exits_true),
        "items_here_precision": share(t.items_briefed_true, t.items_briefed),
        "items_here_recall": share(t.items_true_briefed, t.items_true),
        "carried_agreement": share(t.carried_hits, t.carried_steps),
        "goal_retained": share(t.goal_hits, t.goal_steps),
        "prompt_chars_median": statistics.median(t.prompt_chars) if t.prompt_chars else None,
        "system_chars_median": statistics.median(t.system_chars) if t.system_chars else None,
        "score_shown": share(t.score_hits, t.score_steps),
        "max_score_shown": share(t.max_score_hits, t.max_score_steps),
    }

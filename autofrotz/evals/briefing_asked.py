"""The story's own parser asked which object a briefed name is, for `eval briefing`.

Some story files keep no parser words the reader can find (`zmachine.object_words` reads none: a
translation whose parser looks words up in tables of its own), and their object tree names each object
by a code ("(SCENT)" for the flask of perfume, "(STONE)" for the toadstone). There a briefed name that
pairs with no object by words is tried in a side copy: "take NAME" is sent, and the object of the room
that the tree then no longer holds in the room is the one the parser took the name for; when the parser
says it did not read the name (a word it does not know), its head noun alone is asked. Only objects
without parser words are so asked about (where the file gives words, they decide), and a name the game
refuses to take (a person, a fixture) pairs with nothing, as before. The copy is thrown away.
"""

from __future__ import annotations

from typing import Any

from autofrotz.evals.briefing_metrics import WORD
from autofrotz.evals.eval_session import Truth
from autofrotz.evals.inventory_metrics import STOP_WORDS
from autofrotz.game_interface import GameInterfaceError
from autofrotz.reading.outcomes_prompts import awaiting_key
from autofrotz.reading.patterns import HALF_READ, NOT_UNDERSTOOD, WORDS_HEAD

ASK_SLOT = "briefing_names"
ASK_VERB = "take"


def ask_commands(name: str) -> list[str]:
    """The commands that ask the parser for a name: its words (no quotes, no commas), then its head noun
    alone (its last content word, as `briefing_things.referent` reads a name), asked only when the
    parser did not read the whole name (`unread`).

    >>> ask_commands('gleaming "toad" stone'), ask_commands("..."), ask_commands("the lamp")
    (['take gleaming toad stone', 'take stone'], [], ['take the lamp', 'take lamp'])
    """
    words = WORD.findall(name.lower())
    content = [w for w in words if w not in STOP_WORDS]
    commands = [" ".join(words), *content[-1:]] if words else []
    return [f"{ASK_VERB} {text}" for text in dict.fromkeys(commands)]


def taken(before: tuple[int, ...], direct: tuple[int, ...], after: set[int]) -> int | None:
    """The one object of the room (`before`, of which `direct` lie directly in it) that `after` no
    longer holds; when several went (a box with its contents), the one that lay directly in the room.

    >>> taken((4, 5, 6), (4, 5), {4, 6}), taken((4, 5, 6), (4, 5), {4}), taken((4, 6), (4,), {6})
    (5, 5, 4)
    >>> taken((4, 5), (4, 5), {4, 5}) is None, taken((4, 5), (4, 5), set()) is None
    (True, True)
    """
    gone = [num for num in before if num not in after]
    if len(gone) > 1:
        gone = [num for num in gone if num in direct]
    return gone[0] if len(gone) == 1 else None


def unread(reply: str) -> bool:
    """Whether the parser says it did not read the command: a word it does not know ("gleaming
    toadstone": "I don't understand that"), or only part of it. "You can't see any such thing" read it.

    >>> unread("I don't understand that"), unread("I only understood you as far as wanting to take it.")
    (True, True)
    >>> unread("You can't see any such thing.")
    False
    """
    head = reply[:WORDS_HEAD]
    return bool(NOT_UNDERSTOOD.search(head) or HALF_READ.search(head))


class ParserAsked:
    """One step's side copy where briefed names are asked of the story's parser (each asked once)."""

    def __init__(self, game: Any, truth: Truth, nums: list[int], last_reply: str) -> None:
        self.game, self.here, self.nums = game, truth.room_number, nums  # nums: the paired things' objects
        self.direct, self.before = truth.around_nums, (*truth.around_nums, *truth.within_nums)
        self.usable = not awaiting_key(last_reply)  # a side copy would take the key the game waits for
        self.saved = False
        self.answers: dict[str, int | None] = {}

    def __call__(self, name: str) -> int | None:
        """The index in `nums` of the object "take NAME" takes out of the room, None when none or unclear."""
        if name not in self.answers:
            self.answers[name] = self._ask(name)
        return self.answers[name]

    def _ask(self, name: str) -> int | None:
        if not self.usable:
            return None
        for command in ask_commands(name):
            found, reply = self._taken_by(command)
            if found is not None or not unread(reply):  # the head noun alone only for an unread name
                return found
        return None

    def _taken_by(self, command: str) -> tuple[int | None, str]:
        """The index of the object the command took out of the room, and the game's reply."""
        if not self.saved:
            self.game.save(ASK_SLOT)
            self.saved = True
        try:
            reply = str(self.game.send(command).text)
            truth = self.game.ground_truth()
        except GameInterfaceError:  # refused, or the truth unknown after it: no answer
            return None, ""
        finally:
            self.game.restore(ASK_SLOT)
        if truth.room_number != self.here:
            return None, reply
        num = taken(self.before, self.direct, {*truth.around_nums, *truth.within_nums})
        return (self.nums.index(num) if num in self.nums else None), reply

"""Rule ``ask about what an earlier run read of them``: a person's description names their concern.

Games describe a person by their looks first and then by what they are busy with ("She is sorting a
stack of overdue notices, muttering about the broken scanner."). What they are busy with is usually
what they will talk about: the convention of a character who answers one topic and brushes off the
rest. An earlier run that examined the person kept the reply; a later run, meeting the person in the
same room, asks about the things named in the sentences that say what the person is doing ("he is
...ing"), the last named first, each once a run. Looks alone ("a tall man in a grey coat") give no
topics: asked about, they cost turns and tell nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from autofrotz.agents import builtin_words as w
from autofrotz.agents.base import TurnContext
from autofrotz.knowledge.rules import on
from autofrotz.knowledge.told import notes_nothing
from autofrotz.reading.told_people import BUSY
from autofrotz.reading.told_text import SENTENCE_BREAK, WORDS

RULE = "ask about what an earlier run read of them"
TOPICS = 4  # topics asked of one person, from the end of their description
LOOKS = ("examine ", "x ", "look at ")
NOT_TOPICS = frozenset({"man", "woman", "person", "one", "eyes", "face", "hair", "glasses", "hands"})


def topics_of(person: str, reply: str) -> list[str]:
    """The head nouns of the sentences of a person's description that say what they are busy with ("She
    is stamping ..."), the last named first, the person's own name left out.

    >>> topics_of("clerk", "A tired clerk. She is stamping a form and glaring at the broken scanner.")
    ['scanner', 'form']
    >>> topics_of("clerk", "A tired clerk in a grey suit. She looks bored.")
    []
    >>> topics_of("lamp", "A brass lamp. It is not lit.")
    []
    """
    busy = [sentence for sentence in SENTENCE_BREAK.split(reply) if BUSY.search(sentence)]
    own = set(person.lower().split())
    heads = [p.split()[-1].lower() for sentence in busy for p in w.noun_phrases(sentence)]
    found = [h for h in heads if h not in own and h not in NOT_TOPICS and len(h) > 2]
    return list(dict.fromkeys(reversed(found)))[:TOPICS]


def described(played_runs: Iterator[tuple[int, Any, list[Any]]]) -> dict[tuple[str, str], list[str]]:
    """(room, person) -> topics, from the earlier runs' examines of a person (``played_runs``: what
    ``path._earlier`` yields)."""
    found: dict[tuple[str, str], list[str]] = {}
    for _game_id, _start, played in played_runs:
        for p in played:
            command = (p.command or "").strip().lower()
            look = next((v for v in LOOKS if command.startswith(v)), None)
            if look is None or not p.room:
                continue
            person = command[len(look) :].strip()
            topics = topics_of(person, p.text or "")
            if topics and (p.room, person.split()[-1]) not in found:
                found[(p.room, person.split()[-1])] = topics
    return found


def ask_next(
    described_people: dict[tuple[str, str], list[str]], room: str | None, here: set[str], asked: list[str]
) -> tuple[str, str] | None:
    """(command, rule) asking the next topic of a person an earlier run examined in this room, when the
    person is ``here`` (a word of the room's texts or nouns); ``asked`` keeps "room|person|topic".

    >>> asked = []
    >>> ask_next({("hall", "porter"): ["boiler"]}, "hall", {"porter"}, asked)
    ('ask porter about boiler', 'ask about what an earlier run read of them: porter')
    >>> ask_next({("hall", "porter"): ["boiler"]}, "hall", {"porter"}, asked) is None
    True
    """
    for (where, person), topics in described_people.items():
        if where != room or person not in here:
            continue
        for topic in topics:
            key = f"{where}|{person}|{topic}"
            if key not in asked:
                asked.append(key)
                return f"ask {person} about {topic}", f"{RULE}: {person}"
    return None


ASK_STEPS = 20  # steps walked towards a person an earlier run examined, a run


@dataclass
class Asked:
    """What was asked, and the steps walked to ask."""

    ask_steps: int = 0  # steps walked towards a person an earlier run examined
    asked_about: list[str] = field(default_factory=list)  # "room|person|topic" asked


@dataclass
class AskHere:
    """The person an earlier run examined in this room, here again, is asked about what the description
    named (each topic once a run)."""

    asked: Asked
    known: dict[tuple[str, str], list[str]]  # (room, person) -> topics, of earlier runs
    nouns: Callable[[str], list[str]]  # the nouns the agent saw in a room
    name = RULE
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        if not on(RULE):
            return None
        said = f"{ctx.room_description or ''} {ctx.last_output or ''}".lower()
        here = set(WORDS.findall(said)) | {n.split()[-1] for n in self.nouns(ctx.room_id or "?") if n}
        return ask_next(self.known, ctx.room_id, here, self.asked.asked_about)


@dataclass
class AskWalk:
    """Elsewhere, once the path is over, a step towards the nearest room where an earlier run examined a
    person this run has topics left for (``ASK_STEPS`` steps a run: a story's clock may close before the
    person is met by chance)."""

    asked: Asked
    known: dict[tuple[str, str], list[str]]  # (room, person) -> topics, of earlier runs
    path_done: Callable[[], bool]  # whether the proven path is over
    route: Callable[[TurnContext, list[str]], list[str]]  # the shortest known route to one of the rooms
    name = RULE
    observe = notes_nothing

    def next_command(self, ctx: TurnContext) -> tuple[str, str] | None:
        kept = self.asked
        if not on(RULE) or not self.path_done() or kept.ask_steps >= ASK_STEPS:
            return None
        asked = set(kept.asked_about)
        rooms = [
            room
            for (room, person), topics in self.known.items()
            if room != ctx.room_id and any(f"{room}|{person}|{t}" not in asked for t in topics)
        ]
        steps = self.route(ctx, rooms) if rooms else []
        if not steps:
            return None
        kept.ask_steps += 1
        return steps[0], f"{RULE}: walk to them"

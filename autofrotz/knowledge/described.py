"""Rule ``ask about what an earlier run read of them``: a person's description names their concern.

Games describe a person by their looks first and then by what they are busy with ("She is sorting a
stack of overdue notices, muttering about the broken scanner."). What they are busy with is usually
what they will talk about: the convention of a character who answers one topic and brushes off the
rest. An earlier run that examined the person kept the reply; a later run, meeting the person in the
same room, asks about the things the reply named, the last named first (the activity comes last),
each once a run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from autofrotz.agents import builtin_words as w

RULE = "ask about what an earlier run read of them"
TOPICS = 4  # topics asked of one person, from the end of their description
LOOKS = ("examine ", "x ", "look at ")
PERSON_TEXT = re.compile(r"(?:^|[.!?]\s+)(?:he|she)\b", re.I)  # a sentence about him or her
NOT_TOPICS = frozenset({"man", "woman", "person", "one", "eyes", "face", "hair", "glasses", "hands"})


def topics_of(person: str, reply: str) -> list[str]:
    """The head nouns a description of a person names, last first, the person's own name left out.

    >>> topics_of("clerk", "A tired clerk. She is stamping a form and glaring at the broken scanner.")
    ['scanner', 'form']
    >>> topics_of("lamp", "A brass lamp. It is not lit.")
    []
    """
    if not PERSON_TEXT.search(reply):
        return []
    own = set(person.lower().split())
    heads = [p.split()[-1].lower() for p in w.noun_phrases(reply)]
    found = [h for h in heads if h not in own and h not in NOT_TOPICS and len(h) > 2]
    return list(dict.fromkeys(reversed(found)))[:TOPICS]


def described(
    played_runs: Iterator[tuple[int, Any, list[Any]]], runs: dict[int, int]
) -> dict[tuple[str, str], list[str]]:
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

"""IF knowledge for puzzle detection as data: the detection rows (their patterns are
`reading/told_puzzles.py`'s, each row switched by its name here) and the tools for each kind of obstacle."""

from __future__ import annotations

import re

from autofrotz.reading.told_puzzles import DETECTION_RULES as DETECTION_RULES
from autofrotz.reading.told_puzzles import LOCKED_SUBJECT, NEEDED_ACT
from autofrotz.reading.told_puzzles import SOLVED_PATTERNS as SOLVED_PATTERNS
from autofrotz.reading.told_text import SENTENCE_BREAK, WORDS
from autofrotz.rules.switches import is_on

# Words that name a tool for a kind of obstacle: general IF conventions, not one game's objects.
TOOLS_FOR_KIND: dict[str, tuple[str, ...]] = {
    "locked": ("key",),
    "dark": ("lamp", "lantern", "torch", "candle", "light", "flashlight", "match"),
}
ACTION_FOR_KIND: dict[str, str] = {"locked": "unlock {target} with {item}", "dark": "turn on {item}"}
# A clue that some tool is needed for an act ("you need something to cut it with"): the words that name a
# tool for that act, by the genre's conventions. The hint is the act itself: "{verb} {target} with {item}".
TOOLS_FOR_VERB: dict[str, tuple[str, ...]] = {
    "prise": ("crowbar", "bar", "jemmy"),
    "pry": ("crowbar", "bar", "jemmy"),
    "cut": ("knife", "axe", "saw", "scissors", "shears", "sword"),
    "chop": ("axe", "hatchet"),
    "dig": ("shovel", "spade"),
    "light": ("match", "matches", "lighter"),
}


def sentences(text: str) -> list[str]:
    """Split story text into sentences.

    >>> sentences("The door is locked. You hear a noise!")
    ['The door is locked.', 'You hear a noise!']
    """
    flat = " ".join(text.split())
    return [s.strip() for s in SENTENCE_BREAK.split(flat) if s.strip()]


def detect(text: str) -> list[tuple[str, str]]:
    """(sentence, kind) for each sentence that reveals a puzzle.

    >>> detect("A cellar. The door is locked. It is pitch black here.")
    [('The door is locked.', 'locked'), ('It is pitch black here.', 'dark')]
    >>> detect("You need an exit? Try going east.")  # a question poses no obstacle
    []
    """
    found = []
    for sentence in sentences(text):
        if sentence.endswith("?"):
            continue
        for name, pattern, kind in DETECTION_RULES:
            if is_on(name) and pattern.search(sentence):
                found.append((sentence, kind))
                break
    return found


def locked_target(sentence: str) -> str:
    """The noun phrase before 'is locked', for a suggested action.

    >>> locked_target("The oak door is locked.")
    'oak door'
    >>> locked_target("It seems locked.")
    'it'
    """
    match = LOCKED_SUBJECT.search(sentence)
    words = (match.group(1) if match else "it").lower().split()
    return " ".join(w for w in words if w != "the")[-30:] or "it"


def needed_act(sentence: str) -> str | None:
    """The act a clue says some tool is needed for, when the genre knows tools for it.

    >>> needed_act("You need something to prise it out with."), needed_act("You need a key.")
    ('prise', None)
    """
    match = NEEDED_ACT.search(sentence)
    verb = match.group(1).lower() if match else None
    return verb if verb in TOOLS_FOR_VERB else None


def tool_for_act(verb: str, item_names: list[str]) -> str | None:
    """The first item whose name marks it as a tool for an act.

    >>> tool_for_act("prise", ["lamp", "rusty crowbar"]), tool_for_act("prise", ["locking bars"])
    ('rusty crowbar', None)
    """
    tools = TOOLS_FOR_VERB.get(verb, ())
    return next((name for name in item_names if any(w in tools for w in name.lower().split())), None)


def key_fits(key: str, obstacle: str, description: str) -> bool:
    """Whether a key's own name points at this lock: it is plain "key", or a word that qualifies it
    ("box key", "iron key") is in the obstacle's name or the text that told of it.

    >>> key_fits("box key", "signal box door", "The signal box door is locked.")
    True
    >>> key_fits("box key", "cellar door", "The cellar door is locked."), key_fits("key", "gate", "")
    (False, True)
    """
    qualifiers = [w for w in WORDS.findall(key.lower()) if w not in TOOLS_FOR_KIND["locked"]]
    said = set(WORDS.findall(f"{obstacle} {description}".lower()))
    return not qualifiers or any(w in said for w in qualifiers)


# reads a command: "unlock THING with KEY", the thing and the key
KEY_USE = re.compile(r"\s*unlock\s+(?:the\s+)?(.+?)\s+with\s+(?:the\s+)?(.+?)\s*$", re.I)


def key_used(command: str) -> tuple[str, str] | None:
    """(the thing, the key) of an "unlock THING with KEY" command, else None.

    >>> key_used("unlock iron gate with gate key"), key_used("open gate")
    (('iron gate', 'gate key'), None)
    """
    match = KEY_USE.match(command)
    return (match.group(1).lower(), match.group(2).lower()) if match else None


def tool_for(kind: str, item_names: list[str]) -> str | None:
    """The first item whose name marks it as the tool for this kind of obstacle.

    >>> tool_for("locked", ["lamp", "small brass key"])
    'small brass key'
    >>> tool_for("blocked", ["lamp"]) is None
    True
    """
    for name in item_names:
        words = name.lower().split()
        if any(tool in words for tool in TOOLS_FOR_KIND.get(kind, ())):
            return name
    return None

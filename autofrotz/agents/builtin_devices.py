"""Machines, mechanisms and events for the built-in agent: load, switch on and aim devices; work a panel's
other controls once one of them did something; wait for someone the game says is coming.

Also the fallback naming rule: a thing we know exists but whose two-word name the parser refused is
called by its head noun from then on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autofrotz.agents import builtin_words as w
from autofrotz.agents.builtin_memory import Memory, Vocab  # noqa: F401 (doctests)
from autofrotz.reading import Reading
from autofrotz.reading.agent_events import APPROACH, RIDE
from autofrotz.reading.told_text import HYPHENED_WORDS

# Devices that act on whatever they are pointed at (launchers, optics): the genre's aiming verbs apply.
AIMABLE = w.word_class("launcher cannon catapult")
LOADS = 2  # things carried by the handful (a plural name) a machine is loaded with, at most
AIM_TARGETS = 12  # things in a room a device is turned towards, at most
OPERATE = ("push", "press", "pull", "turn", "flip")
WAITS = 1  # turns to wait for an arrival the game announced


def device_actions(
    inventory: list[str], nouns: list[str], known: Sequence[str] = (), aliases: Sequence[str] = ()
) -> list[str]:
    """Load a machine with small things we carry, switch it on, then aim it at each thing here.

    Aiming comes last on purpose: once a machine is loaded and running, each new aim is tried by the
    next launch.

    >>> device_actions(["cannon", "iron balls"], ["sun", "iron gate", "tree"], ["tree"])[:3]
    ['put iron balls in cannon', 'turn on cannon', 'point cannon at tree']
    >>> device_actions(["brass lamp"], ["radio"])
    ['turn on radio']
    >>> device_actions(["machine"], ["tree"], aliases=["launching machine"])[-1]  # its full name, once read
    'point machine at tree'
    """
    held = [_name(i) for i in inventory]
    devices = list(dict.fromkeys(w.head(n) for n in held + nouns if w.has_class(n, w.DEVICES | AIMABLE)))
    aimers = {w.head(n) for n in [*held, *nouns, *aliases] if _aims(n)}
    loads = [n for n in held if w.head(n).endswith("s") and w.head(n) not in devices][:LOADS]
    out: list[str] = []
    for device in devices:
        out += [f"put {load} in {device}" for load in loads]
        out.append(f"turn on {device}")
        if device in AIMABLE or device in aimers:
            ranked = sorted(nouns, key=lambda n: n not in known)  # things known to exist first
            targets = [n for n in ranked if w.head(n) != device and n not in held][:AIM_TARGETS]
            out += [f"point {device} at {t}" for t in targets]
    return out


AIM_STEMS = ("launch", "firing", "shoot", "throwing")  # a machine named for what it sends flying


def _aims(name: str) -> bool:
    """Whether a device's own name says it sends things flying ("ball launching machine").

    >>> _aims("launching machine"), _aims("sewing machine")
    (True, False)
    """
    return any(stem in word for word in name.split() for stem in AIM_STEMS)


def _name(phrase: str) -> str:
    """A carried item's name without its count ("twenty-one iron balls" -> "iron balls")."""
    words = [x for x in phrase.lower().split() if x not in w.PHRASE_STARTERS and not w.is_count(x)]
    return " ".join(words[-2:])


def other_controls(command: str, reply: Reading, controls: list[str]) -> list[str]:
    """After a control did something, the other controls in reach are worth working next.

    >>> from autofrotz.reading import read_reply as r
    >>> other_controls("push button", r("", "A red light starts to flash."), ["button", "light switch"])
    ['push light switch']
    >>> other_controls("push button", r("", "Nothing obvious happens."), ["button", "light switch"])
    []
    """
    verb, _, thing = command.partition(" ")
    if verb not in OPERATE or not w.has_class(thing, w.SWITCHES) or reply.held_back:
        return []
    names = dict.fromkeys(c for c in controls if w.has_class(c, w.SWITCHES) and w.head(c) != w.head(thing))
    return [f"push {c}" for c in names]


def arrival_waits(reply: str) -> list[str]:
    """Someone is on the way: stay put for a turn or two to see what they do.

    >>> arrival_waits("You hear quick footsteps in the corridor as a porter hurries up.")
    ['wait']
    >>> arrival_waits("The door is locked.")
    []
    """
    return ["wait"] * WAITS if APPROACH.search(reply) else []


def head_fallback(command: str, reply: str, known: list[str], mem: Memory) -> str | None:
    """The command again with a known thing called by its head noun, when the full name was not understood.

    >>> m = Memory()
    >>> head_fallback("take broken branch", "You can't see any such thing.", ["broken branch"], m)
    'take branch'
    >>> m.vocab.renamed
    {'broken branch': 'branch'}
    >>> head_fallback("take old bucket", "You can't see any such thing.", [], Memory()) is None
    True
    """
    if not w.not_here(reply[:120]):
        return None
    for name in known:
        words = name.split()
        if len(words) < 2 or name in mem.vocab.renamed or not re.search(rf"\b{re.escape(name)}\b", command):
            continue
        mem.vocab.renamed[name] = words[-1]
        return re.sub(rf"\b{re.escape(name)}\b", words[-1], command)
    return None


def renamed(names: list[str], mem: Memory) -> list[str]:
    """Names with the parser-refused ones replaced by their head nouns.

    >>> m = Memory(vocab=Vocab(renamed={"firing machine": "machine"}))
    >>> renamed(["old ball firing machine", "tin bucket"], m)
    ['machine', 'tin bucket']
    """
    out = []
    for name in names:
        key = " ".join(HYPHENED_WORDS.findall(name.lower())[-2:])
        out.append(mem.vocab.renamed.get(key, mem.vocab.renamed.get(_name(name), name)))
    return out


def ride_exits(command: str, reply: Reading, exits: list[str]) -> list[str]:
    """Rule step-out-where-the-room-moved-to: a control that moved the room we stand in (a lift) opens its
    ways on another place: the room's exits are walked before the next control is worked.

    >>> from autofrotz.reading import read_reply as r
    >>> ride_exits("push second button", r("", "The lift rises. The doors open."), ["north"])
    ['north']
    >>> ride_exits("push button", r("", "A red light starts to flash."), ["north"])
    []
    """
    verb = command.partition(" ")[0]
    if verb not in OPERATE or reply.held_back or not RIDE.search(reply.text[:300]):
        return []
    return list(dict.fromkeys(exits))

"""The built-in agent's tactics on what the last reply said (read by `reply_reading.py`).

Each tactic is a named rule: it reads the reply and either plans commands (kept with the rule's
name, which becomes the turn's reasoning) or prunes words and moves from later commands. The order of
RULES is the policy. Nothing here knows a game; it reads replies by their shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple, Protocol

from autofrotz.agents import reply_reading as rr
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_explore import is_move
from autofrotz.agents.builtin_switch import on
from autofrotz.agents.builtin_tactics import objects
from autofrotz.reading import EMPTY, Reading
from autofrotz.reading.told_steps import ASLEEP, MENU_LINE, MENU_PROMPT
from autofrotz.reading.told_text import WORDS
from autofrotz.reading.told_things import KEYISH
from autofrotz.reading.told_ways import (
    IN_THE_WAY,
    IN_THE_WAY_ONLY,
    OPENED,
    REFUSED,
    STUCK,
    UNLOCKED,
    WAY_NAME_TAIL,
)
from autofrotz.words.vocabulary import Vocabulary

# Light sources by their stock names (lamp, lantern, torch, candle...): the convention of every cave game.
LIGHTS = rr.words("lamp lantern torch candle flashlight light")
# What an opening in the dark may be answered with; the vocabulary keeps only what this game can read.
DARK_OPENING = ("turn on light", "switch on light", "turn on lamp", "stand up", "wake up")
OPENING_TURNS = 3  # an opening in the dark or in bed is read from the first replies only
BLOCK_TURNS = 20  # a way a person blocked stays closed this long (or until the score changes): guards move on
UNSEEN_TURNS = 100  # a thing said not to be here is left alone this long (it may turn up later)
QUEUE_LIMIT = 12
GIFTS = 3  # things carried offered to someone who blocks the way


class Plan(NamedTuple):
    """A command a reply rule planned, for the room it was planned in; `forced` ignores the agent's try
    limits (a retry, an answer), never what replies ruled out."""

    command: str
    rule: str
    room: str | None
    forced: bool = False


@dataclass
class ReplyMemory:
    """What the reply rules keep between turns (plain data, saved with the agent)."""

    unknown: list[str] = field(default_factory=list)  # words the parser does not know, game-wide
    unseen: dict[str, dict[str, int]] = field(default_factory=dict)  # room -> {name said not here: turn}
    plans: list[list[Any]] = field(default_factory=list)  # Plan fields, as lists for JSON
    questions: dict[str, int] = field(default_factory=dict)  # question text -> times answered
    answered: dict[str, list[str]] = field(default_factory=dict)  # room -> names the game took there
    blocked: dict[str, int] = field(default_factory=dict)  # "room|move" -> turn a person blocked it
    retried: list[str] = field(default_factory=list)  # "room|command" retried after its first step
    held_up: dict[str, str] = field(default_factory=dict)  # room -> the move a shut way refused there
    locked: dict[str, list[str]] = field(default_factory=dict)  # room -> things found locked there
    next_option: str = ""  # a command to send again once its answered question got a real reply
    last_room: str | None = None
    start_room: str | None = None
    score: int = 0


@dataclass(frozen=True)
class Reply:
    """The last command, where it was sent, what came back, and what we know now."""

    command: str
    room: str | None  # where the command was sent
    here: str | None  # where we are now
    text: str
    turn: int
    inventory: tuple[str, ...]
    vocabulary: Vocabulary
    shown: str = ""  # the room's own text, what it shows and what we carry: things known to be here
    reading: Reading = EMPTY  # the reply's one reading (reading/)

    @property
    def moved(self) -> bool:
        return self.here != self.room


class Rule(Protocol):
    @property
    def name(self) -> str: ...

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]: ...


@dataclass(frozen=True)
class YesNo:
    """A reply ending in a yes/no question is answered: yes first, no when asked again."""

    name: str = "answer-yes-no"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        if not seen.reading.yes_no_question:
            return []
        question = " ".join(seen.text.split())[-80:]
        asked = mem.questions.get(question, 0)
        mem.questions[question] = asked + 1
        return [Plan("yes" if asked % 2 == 0 else "no", self.name, seen.here, True)]


@dataclass(frozen=True)
class WhichOne:
    """ "Which do you mean, the A or the B?" is answered with an option; when the answer got a reply the
    parser understood, the command that raised the question is sent again, so that each option is
    answered once (rule every-option-of-a-question: giving a form to "the secretary" may mean either of
    two; an answer the parser only half read says the question was a misreading, and the rest go too)."""

    name: str = "answer-which"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        again_after, mem.next_option = mem.next_option, ""
        options = [o for o in rr.choices(seen.reading) if rr.words_known(o, seen.vocabulary)]
        if not options:
            if again_after and not seen.reading.half_read:
                return [Plan(again_after, f"{self.name}: the next option", seen.here, True)]
            return []
        question = " ".join(seen.text.split())[-80:]
        again = seen.command.lower() in options  # the answer itself was met by the question again
        key = question if again else f"{seen.command}|{question}"
        asked = mem.questions.get(key, 0)
        mem.questions[key] = asked + 1
        mem.questions[question] = mem.questions.get(question, 0) + (0 if again else 1)
        if asked + 1 < len(options) and seen.command and not again:
            mem.next_option = seen.command
        return [Plan(options[asked % len(options)], self.name, seen.here, True)]


@dataclass(frozen=True)
class MenuChoice:
    """A numbered menu with a prompt to pick: answer with its options in turn (1, then 2 if asked again)."""

    name: str = "answer-menu"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        options = list(dict.fromkeys(MENU_LINE.findall(seen.text)))
        if len(options) < 2 or not MENU_PROMPT.search(seen.text[-300:]):
            return []
        question = " ".join(seen.text.split())[-80:]
        asked = mem.questions.get(question, 0)
        mem.questions[question] = asked + 1
        return [Plan(options[asked % len(options)], self.name, seen.here, True)]


@dataclass(frozen=True)
class FirstSteps:
    """A refusal naming what must come first: do that, then the command it held up (once)."""

    name: str = "first-step"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        plans = [Plan(c, r.rule, seen.here) for r in rr.first_steps(seen.text) for c in r.commands]
        plans = [p for p in plans if p.command != seen.command]
        retry = f"{seen.room or '?'}|{seen.command}"
        if plans and seen.command and not seen.moved and retry not in mem.retried:
            mem.retried.append(retry)  # right after the first way of doing the step; other ways after it
            plans.insert(1, Plan(seen.command, "retry-after-first-step", seen.here, True))
        return plans


@dataclass(frozen=True)
class UnknownWords:
    """Words the parser says it does not know (or misuses) leave every later command."""

    name: str = "unknown-word"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        for _rule, word in seen.reading.unknown_words:
            if word not in mem.unknown and word not in ("look", "wait", "inventory"):
                mem.unknown.append(word)
        return []


@dataclass(frozen=True)
class NotHere:
    """ "You can't see any X here": X leaves the commands of this room."""

    name: str = "not-here"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        here = mem.unseen.get(seen.here or "?", {})
        words = set(WORDS.findall(seen.text.lower()))
        for name in [n for n in here if n.split()[-1] in words and n not in objects(seen.command)]:
            del here[name]  # the reply shows it here now (a box opened, someone arrived)
        if seen.moved:
            return []
        named = objects(seen.command)
        answered = mem.answered.setdefault(seen.room or "?", [])
        gone = rr.unseen(seen.reading, named, seen.shown) + (named if seen.reading.out_of_reach else [])
        if not gone:  # the game took these names here: a later "no such thing" is the verb's fault
            answered += [n for n in named if n not in answered]
        listed = mem.unseen.setdefault(seen.room or "?", {})
        listed.update({n: seen.turn for n in gone if n not in answered})
        return []


@dataclass(frozen=True)
class Blocked:
    """Someone stops a move: leave that way alone for a while; talk to them, ask about what they say,
    offer what we carry, follow them."""

    name: str = "person-blocks"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        found = rr.blocker(seen.text) if is_move(seen.command) and not seen.moved else None
        if found is None or (not found.name and rr.first_steps(seen.text)):
            return []  # nobody named, a step named: first-step does it and tries the way again
        mem.blocked[f"{seen.room or '?'}|{seen.command}"] = seen.turn
        if not found.name:
            return []
        who = found.name.split()[-1]
        commands = [f"talk to {who}", *(f"ask {who} about {t}" for t in found.topics)]
        commands += [f"give {_short(i)} to {who}" for i in seen.inventory[:GIFTS]]
        commands.append(f"follow {who}")
        return [Plan(c, self.name, seen.here) for c in commands]


@dataclass(frozen=True)
class DarkOpening:
    """In the dark: take and light a light the reply names; at the start, find and switch on a light."""

    name: str = "light-in-dark"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        plans: list[Plan] = []
        if any(set(_short(i).split()) & LIGHTS for i in seen.inventory):
            return plans  # a light in hand: the agent's own urgent rule lights it
        for light in rr.light_named(seen.reading, LIGHTS):
            plans += [Plan(f"{v} {light}", self.name, seen.here) for v in ("take", "turn on", "light")]
        opening = seen.turn <= OPENING_TURNS and seen.here == self_start(mem, seen)
        if opening and seen.reading.dark_anywhere:
            plans += [Plan(c, "dark-opening", seen.here) for c in DARK_OPENING]
        if opening and ASLEEP.search(seen.text):
            plans += [Plan(c, "asleep-opening", seen.here) for c in ("wake up", "stand up")]
        return plans


@dataclass(frozen=True)
class SuggestedUse:
    """An examined thing's description says what we can do with it ("You can wear it"): do that."""

    name: str = "suggested-use"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        named = objects(seen.command) if seen.command.startswith(("examine ", "look at ", "read ")) else []
        if len(named) != 1:
            return []
        return [Plan(f"{v} {named[0]}", self.name, seen.here) for v in rr.suggested_verbs(seen.text)]


# What stands in a way without being a way itself ("The desk is in the way.", told_ways.IN_THE_WAY_ONLY):
# furniture, a boulder, a crate. The genre moves such things by pushing them; doors and their kin are opened.
WAY_KINDS = rr.words("door doors trapdoor hatch gate gates portal curtain curtains flap")
# Ways the genre lets you climb over when they will not open (a stuck gate, a fence, a low wall).
CLIMBED_WAYS = rr.words("gate gates wall hedge stile barrier")


@dataclass(frozen=True)
class ShutWay:
    """A way shut by a door, a lock on what we tried to open: open it (with the key we carry when it
    is locked), then send again the move it held up."""

    name: str = "open-the-way"

    def react(self, seen: Reply, mem: ReplyMemory) -> list[Plan]:
        if seen.moved or not seen.command:
            return []
        here, text = seen.here, seen.text[:300]
        verb, named = seen.command.split()[0], objects(seen.command)
        plans: list[Plan] = []
        if is_move(seen.command):
            found = IN_THE_WAY.search(text)
            door = _way_name(found.group(1)) if found else ""
            if door:
                mem.held_up[here or "?"] = seen.command
                pushed = IN_THE_WAY_ONLY.search(text) and door.split()[-1] not in WAY_KINDS
                # move-what-is-in-the-way: a thing, not a door, blocks the move: push it aside
                opening = Plan(f"push {door}", "move-what-is-in-the-way", here, True) if pushed else None
                plans.append(opening or Plan(f"open {door}", self.name, here, True))
            return self._unlock(seen, door, mem) + plans
        if verb == "open" and named and seen.reading.locked_any:
            return self._unlock(seen, named[0], mem)
        stuck_door = verb == "open" and stuck_way(named, text)
        tried = self._unlock(seen, named[0], mem, stuck=True) if stuck_door else []
        if tried:  # the key carried first; with none, the rules below (a stuck gate is climbed)
            return tried
        stuck = verb == "open" and named and mem.held_up.get(here or "?") and seen.reading.refusal_lock_head
        if stuck and named[0].split()[-1] in CLIMBED_WAYS:
            # climb-what-will-not-open: a gate that is stuck (not locked) is climbed over instead
            return [Plan(f"climb {named[0]}", "climb-what-will-not-open", here, True)]
        if verb == "take" and named and KEYISH.search(named[0]) and not REFUSED.search(text):
            keys = [named[0]]  # a key found: the locks met in this room come next
            return [Plan(f"unlock {t} with {k}", "unlock-once-a-key-is-found", here, True)
                    for t in mem.locked.get(here or "?", []) for k in keys]  # fmt: skip
        if verb == "unlock" and named and UNLOCKED.search(text) and not REFUSED.search(text):
            return [Plan(f"open {named[0]}", "open-what-was-unlocked", here, True)]
        move = mem.held_up.get(here or "?")
        if verb == "push" and move and not REFUSED.search(text) and not seen.reading.refusal_lock_head:
            del mem.held_up[here or "?"]  # move-what-is-in-the-way: the thing moved, the way may be clear
            return [Plan(move, "move-what-is-in-the-way", here, True)]
        if verb == "open" and move and OPENED.search(text) and not REFUSED.search(text):
            del mem.held_up[here or "?"]
            return [Plan(move, "go-through-what-was-opened", here, True)]
        return []

    def _unlock(self, seen: Reply, thing: str, mem: ReplyMemory, stuck: bool = False) -> list[Plan]:
        """Unlock a locked thing with each key we carry (remembered for a key found later)."""
        if not thing or not (stuck or seen.reading.locked_any):
            return []
        locked = mem.locked.setdefault(seen.here or "?", [])
        locked += [] if thing in locked else [thing]
        keys = [k for k in map(_key_name, seen.inventory) if k]
        return [Plan(f"unlock {thing} with {k}", "unlock-what-is-locked", seen.here, True) for k in keys]


def stuck_way(named: list[str] | str, text: str) -> bool:
    """Rule a-way-that-will-not-budge-may-be-locked: a door-like thing that would not open, in words
    other than a lock's.

    >>> stuck_way("oak door", "You try to open the door, but find that it won't budge.")
    True
    >>> stuck_way("box", "It won't budge."), stuck_way("door", "You can't see any such thing.")
    (False, False)
    """
    thing = named if isinstance(named, str) else (named[0] if named else "")
    words = thing.split()
    return (
        bool(words)
        and words[-1] in WAY_KINDS
        and bool(STUCK.search(text[:300]))
        and on("a-way-that-will-not-budge-may-be-locked")
    )


def _way_name(phrase: str) -> str:
    """What shuts a way, as a command names it: no owner's name, nothing after "to"/"of".

    >>> _way_name("the door to the closet"), _way_name("Kati's bedroom door"), _way_name("oak door")
    ('door', 'bedroom door', 'oak door')
    """
    words = rr.tidy(WAY_NAME_TAIL.split(phrase)[0]).split()
    return " ".join(w for w in words if not w.endswith("'s"))


ANSWERS = (
    "answer-yes-no",
    "answer-which",
    "answer-menu",
)  # answers are for the question just asked: one turn only
RULES: tuple[Rule, ...] = (
    YesNo(),
    WhichOne(),
    MenuChoice(),
    UnknownWords(),
    NotHere(),
    Blocked(),
    FirstSteps(),
    ShutWay(),
    DarkOpening(),
    SuggestedUse(),
)


def self_start(mem: ReplyMemory, seen: Reply) -> str | None:
    """The room the story opened in (the first one the rules saw)."""
    if mem.start_room is None:
        mem.start_room = seen.here or "?"
    return mem.start_room if mem.start_room != "?" else seen.here


def _short(name: str) -> str:
    """A carried thing's name without its article."""
    return rr.tidy(name).split(" of ")[0]


def _key_name(name: str) -> str:
    """How to name a carried key in "unlock X with K": its name, or for a bundle ("a set of keys", "a ring
    of keys", "bunch of keys") the key word after "of" (the bundle's own head would not read as a key).

    >>> _key_name("a small brass key"), _key_name("a set of keys"), _key_name("a brass lantern")
    ('small brass key', 'keys', '')
    """
    own = _short(name)
    if KEYISH.search(own):
        return own
    return next((x for x in rr.tidy(name).split(" of ")[1:] if KEYISH.search(x)), "")


def shown_here(ctx: TurnContext) -> str:
    """The text of what is known to be here: the room's description, the things the item list shows
    here, and the inventory as listed (not what a reply once said we hold)."""
    return "\n".join([ctx.room_description or "", *ctx.visible_items, *ctx.inventory])


class ReplyTactics:
    """Reads each reply through RULES, plans commands and says which commands replies ruled out."""

    def __init__(self) -> None:
        self.mem = ReplyMemory()
        self.vocabulary = Vocabulary()

    def observe(self, ctx: TurnContext, carried: list[str]) -> None:
        """Learn from the last reply (call once per turn, before choosing); carried: what we hold."""
        mem = self.mem
        self.vocabulary = ctx.vocabulary
        if ctx.death_note:
            mem.plans = []
            return
        if ctx.score is not None and ctx.score != mem.score:
            mem.score, mem.blocked = ctx.score, {}  # progress: people may let us pass now
        sent_from = mem.last_room if mem.last_room is not None else ctx.room_id  # first turn: here
        seen = Reply(ctx.last_command or "", sent_from, ctx.room_id, ctx.last_output or "", ctx.turn_number,
                     tuple(carried), ctx.vocabulary, shown_here(ctx), ctx.reading)  # fmt: skip
        fresh = [plan for rule in RULES if on(rule.name) for plan in rule.react(seen, mem)]
        kept = [Plan(*p) for p in mem.plans if p[2] == ctx.room_id and p[1] not in ANSWERS]
        fresh = list({p.command: p for p in reversed(fresh)}.values())[::-1]  # one plan per command
        queue = fresh + [p for p in kept if p.command not in {f.command for f in fresh}]
        mem.plans = [list(p) for p in queue[:QUEUE_LIMIT]]

    def pick(self, ctx: TurnContext, can: Callable[[str], bool]) -> tuple[str, str] | None:
        """The first planned command still worth sending here: (command, rule)."""
        for fields in self.mem.plans:
            plan = Plan(*fields)
            if plan.room != ctx.room_id:
                continue
            keeps = self.keeps(plan.command, ctx.room_id, ctx.turn_number, tuple(ctx.inventory))
            if (plan.forced or can(plan.command)) and (keeps or plan.rule in ANSWERS):
                return plan.command, plan.rule
            mended = None if keeps else self.mend(plan.command)
            if mended and (plan.forced or can(mended)) and self.keeps(mended, ctx.room_id, ctx.turn_number):
                fields[0] = mended  # plans-in-known-words: sent (and struck off) as the game can read it
                return mended, plan.rule
        return None

    def answering(self, room: str | None) -> bool:
        """Whether a question the last reply asked is waiting for its answer here."""
        return any(Plan(*p).rule in ANSWERS and Plan(*p).room == room for p in self.mem.plans)

    def keeps(self, command: str, room: str | None, turn: int, carried: tuple[str, ...] = ()) -> bool:
        """Whether replies leave this command open: known words, object-shaped names, not ruled out
        (a thing not here may be brought here later: what we carry is never ruled out)."""
        mem, words = self.mem, command.lower().split()
        if any(w in mem.unknown for w in words) or not rr.words_known(command, self.vocabulary):
            return False
        named = objects(command)
        if not all(rr.object_shaped(o) for o in named):
            return False
        unseen = mem.unseen.get(room or "?", {})
        held = {w for name in carried for w in _short(name).split()}
        if any(
            turn - unseen.get(o, -UNSEEN_TURNS) < UNSEEN_TURNS and not set(o.split()) & held for o in named
        ):
            return False
        since = mem.blocked.get(f"{room or '?'}|{command}")
        return since is None or turn - since > BLOCK_TURNS

    def mend(self, command: str) -> str | None:
        """The command with the words the story's dictionary lacks dropped from its names, when each
        name keeps its head noun ("take tennis balls" -> "take balls"); None if nothing to mend."""
        mended = command
        for name in objects(command):
            kept = [w for w in name.split() if self.vocabulary.knows(w)]
            if not kept or kept[-1] != name.split()[-1]:
                return None  # the head noun itself is unknown: no name of this thing will do
            mended = mended.replace(name, " ".join(kept), 1)
        return mended if mended != command else None

    def commit(self, room: str | None, command: str) -> None:
        """The command chosen this turn (by any rule), sent from room."""
        self.mem.last_room = room
        self.mem.plans = [p for p in self.mem.plans if p[0] != command]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self.mem)

    def load_dict(self, data: dict[str, Any]) -> None:
        known = {k: v for k, v in data.items() if k in ReplyMemory.__dataclass_fields__}
        self.mem = ReplyMemory(**known)

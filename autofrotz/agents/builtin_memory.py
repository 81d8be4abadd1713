"""What the built-in agent remembers between turns: five named structures with typed keys, saved as
JSON for resume.

- ``attempts``: commands tried per room, refusals, deaths, walks (keys are ``Spot(room, what)``);
- ``vocab``: what the parser does not understand (words, verbs, two-word verbs, names, stock replies);
- ``seen``: what replies showed (nouns per room, objects, people, treasure, things held or absent);
- ``plans``: the follow-up queue, each command with the rule that queued it;
- ``now``: the agent's position in the story (last command and room, score, light, visit counters).

A later run's knowledge adds vetoes of its own through a ``Counsel`` the agent is handed
(``BuiltinAgent.advise``; knowledge/informed.py): ``failed``, ``deadly``, ``tried`` and ``blind_worth``
ask it after this run's own record, which ``failed_this_run`` and ``deadly_this_run`` read alone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any, NamedTuple, Protocol

from autofrotz.agents.builtin_switch import on

MOVES = frozenset(
    ["north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest", "up", "down"]
    + ["in", "out"]
)  # the moves the explorer sends
RECENT = 12  # tries kept as "recent": a death restores a save at most this many turns old
DURABLE = 3  # refusals this often repeated survive a change in the room
CLUE_TIMES = 2  # times one answer to one command queues the same follow-up (a-clue-is-followed-twice)
CLUES_KEPT = 400  # follow-ups remembered with the answer that asked for them (a-clue-is-followed-twice)
ANSWERS_KEPT = 40  # refused moves' answers remembered per room (a-refusal-said-twice-lists-the-ways)


def _first_paragraph(text: str) -> str:
    """A reply's own answer: its first paragraph, spaced and cased alike, at most 200 characters (what
    follows is the world's own news: a clock, a chatterer).

    >>> _first_paragraph("  It  Hums.\\n\\nA bird sings.")
    'it hums.'
    """
    return " ".join(text.strip().split("\n\n", 1)[0].split()).lower()[:200]


class Spot(NamedTuple):
    """A command (or a thing's name) in a room: the key of everything tried or ruled out there."""

    room: str
    what: str


def spot(room: str | None, what: str) -> Spot:
    """The key of a command tried in a room ("?" for an unknown room).

    >>> spot("kitchen", "open door"), spot(None, "look")
    (Spot(room='kitchen', what='open door'), Spot(room='?', what='look'))
    """
    return Spot(room or "?", what)


def _rows(counts: dict[Spot, int]) -> list[list[Any]]:
    return [[k.room, k.what, n] for k, n in counts.items()]


def _counts(rows: list[list[Any]]) -> dict[Spot, int]:
    return {Spot(str(r), str(w)): int(n) for r, w, n in rows}


@dataclass
class Attempts:
    """Commands tried per room, what the game refused, what killed us, and walks along exits."""

    tries: dict[Spot, int] = field(default_factory=dict)
    fails: dict[Spot, int] = field(default_factory=dict)
    recent: list[Spot] = field(default_factory=list)
    killers: list[Spot] = field(default_factory=list)
    deaths: dict[str, int] = field(default_factory=dict)  # room -> deaths there
    travel: dict[Spot, int] = field(default_factory=dict)  # walks along one exit since the last news
    dir_tried: dict[str, list[str]] = field(default_factory=dict)  # room -> directions tried from it
    # room -> moves refused there before a change made us forget them (ways-past-an-opened-door)
    shut_moves: dict[str, list[str]] = field(default_factory=dict)
    opened_in: list[str] = field(default_factory=list)  # rooms where that rule has queued its moves once
    refusals: dict[str, list[str]] = field(default_factory=dict)  # room -> answers of refused moves there
    clued: list[str] = field(
        default_factory=list
    )  # "room|command|follow-up|answer" (a-clue-is-followed-twice)
    reply_opened: list[str] = field(default_factory=list)  # "room|direction" (go-the-way-the-reply-opens)

    def unmark(self, room: str | None, command: str) -> None:
        """Forget one command's tries and refusal in a room: a reply made it worth sending again."""
        self.tries.pop(spot(room, command), None)
        self.fails.pop(spot(room, command), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (keys as [room, what] pairs)."""
        return {
            "tries": _rows(self.tries),
            "fails": _rows(self.fails),
            "recent": [list(k) for k in self.recent],
            "killers": [list(k) for k in self.killers],
            "deaths": dict(self.deaths),
            "travel": _rows(self.travel),
            "dir_tried": {k: list(v) for k, v in self.dir_tried.items()},
            "shut_moves": {k: list(v) for k, v in self.shut_moves.items()},
            "opened_in": list(self.opened_in),
            "clued": list(self.clued),
            "reply_opened": list(self.reply_opened),
            "refusals": {k: list(v) for k, v in self.refusals.items()},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Attempts:
        """Inverse of to_dict."""
        return cls(
            tries=_counts(data.get("tries", [])),
            fails=_counts(data.get("fails", [])),
            recent=[Spot(*k) for k in data.get("recent", [])],
            killers=[Spot(*k) for k in data.get("killers", [])],
            deaths=dict(data.get("deaths", {})),
            travel=_counts(data.get("travel", [])),
            dir_tried={k: list(v) for k, v in data.get("dir_tried", {}).items()},
            shut_moves={k: list(v) for k, v in data.get("shut_moves", {}).items()},
            opened_in=list(data.get("opened_in", [])),
            clued=list(data.get("clued", [])),
            reply_opened=list(data.get("reply_opened", [])),
            refusals={k: list(v) for k, v in data.get("refusals", {}).items()},
        )


@dataclass
class Vocab:
    """What this game's parser does not take, learned from its replies."""

    bad_words: list[str] = field(default_factory=list)  # "I don't know the word ..."
    bad_verbs: list[str] = field(default_factory=list)  # "That's not a verb I recognise."
    bad_phrases: list[str] = field(default_factory=list)  # two-word verbs understood only as far as the first
    renamed: dict[str, str] = field(default_factory=dict)  # names the parser refused -> their head nouns
    stock: dict[str, list[str]] = field(default_factory=dict)  # short reply -> verbs it answered
    scenery: list[str] = field(default_factory=list)  # names the game called scenery: no command names them


@dataclass
class Seen:
    """What replies showed: the nouns of each room, kinds of things, treasure, pockets, words to say."""

    nouns: dict[str, list[str]] = field(default_factory=dict)  # room -> noun phrases mentioned there
    hinted: dict[str, list[str]] = field(default_factory=dict)  # room -> directions replies pointed at
    objects: list[str] = field(default_factory=list)  # names a multiple-object reply listed: real objects
    fixed: list[str] = field(default_factory=list)  # things the game said cannot be taken
    refused: list[str] = field(default_factory=list)  # things a "take all" answer named and did not hand over
    parts: list[str] = field(default_factory=list)  # parts an examined thing showed
    people: list[str] = field(default_factory=list)  # names the parser treats as animate
    trusted: list[str] = field(default_factory=list)  # names replies said are really here
    absent: list[Spot] = field(default_factory=list)  # (room, name) the game said is not there
    held: list[str] = field(default_factory=list)  # things replies said we hold
    junk: list[str] = field(default_factory=list)  # things dropped to make room, or left for points
    valuables: list[str] = field(default_factory=list)  # what the game marks or scores as treasure
    deposits: list[str] = field(default_factory=list)  # containers a put into raised the score
    locked_rooms: list[str] = field(default_factory=list)
    treasure_rooms: list[str] = field(default_factory=list)  # rooms whose text says to leave treasure there
    sayables: list[str] = field(default_factory=list)  # quoted names read: destinations, passwords
    speaking_rooms: list[str] = field(default_factory=list)  # where saying them may do something
    spells: list[str] = field(default_factory=list)  # spells the text named
    inanimate: list[str] = field(default_factory=list)  # names the parser said are not animate (not-a-person)
    gifts: list[str] = field(default_factory=list)  # things someone gave us (keep-what-was-given)
    topics: list[str] = field(
        default_factory=list
    )  # nouns of the opening and of speech (ask-about-what-was-said)
    uses: list[list[str]] = field(default_factory=list)  # [thing, what it is for, steps...]: purpose read
    holders: list[list[str]] = field(default_factory=list)  # [room, container, words shown]: opened there
    barred: list[list[str]] = field(default_factory=list)  # [room, thing, move]: open-what-bars-the-way
    left_behind: list[str] = field(default_factory=list)  # "room|move": leave-behind-what-bars-the-way
    unopenable: list[str] = field(default_factory=list)  # things the parser said do not open
    vessels: list[list[str]] = field(default_factory=list)  # [room, thing]: called empty (fill-what-is-empty)
    worn: list[str] = field(
        default_factory=list
    )  # things we wear: not put anywhere (wear-again-what-was-taken-off)
    rides: dict[str, int] = field(default_factory=dict)  # "room|control" that moved the room -> rides since
    described: list[str] = field(default_factory=list)  # words an examine answered as a thing of their own
    start_room: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        data = asdict(self)
        data["absent"] = [list(k) for k in self.absent]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seen:
        """Inverse of to_dict, ignoring unknown keys."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        known["absent"] = [Spot(*k) for k in known.get("absent", [])]
        return cls(**known)


class Queued(NamedTuple):
    """A command waiting its turn, and the name of the rule that queued it."""

    command: str
    rule: str


@dataclass
class Plans:
    """The follow-up queue, front first: what a rule put at the front stays there until sent or trimmed
    from the back."""

    queue: list[Queued] = field(default_factory=list)
    suggested: list[str] = field(default_factory=list)  # commands the game itself quoted

    def commands(self) -> list[str]:
        """The queued commands, front first."""
        return [q.command for q in self.queue]

    def add(self, commands: list[str], rule: str, front: bool = False) -> None:
        """Queue commands under a rule's name: at the front (in the order given), or at the back
        (skipping what is already queued).

        >>> p = Plans()
        >>> p.add(["take key"], "take-nearby"); p.add(["look"], "look-after-open", front=True)
        >>> p.add(["take key"], "again"); p.commands(), p.rule_of("take key")
        (['look', 'take key'], 'take-nearby')
        """
        if not on(rule):  # switched off for a measurement (builtin_switch.py)
            return
        if front:
            fresh = [Queued(c, rule) for c in dict.fromkeys(commands)]
            self.queue = fresh + [q for q in self.queue if q.command not in {f.command for f in fresh}]
            return
        for command in commands:
            if command not in self.commands():
                self.queue.append(Queued(command, rule))

    def rule_of(self, command: str) -> str:
        """The rule that queued a command ("" when it is not queued)."""
        return next((q.rule for q in self.queue if q.command == command), "")

    def remove(self, command: str) -> None:
        """A command was sent: it leaves the queue."""
        self.queue = [q for q in self.queue if q.command != command]

    def trim(self, limit: int) -> None:
        """Keep the front `limit` commands: the back, queued last and least urgent, goes.

        >>> p = Plans()
        >>> p.add(["a", "b", "c"], "r"); p.add(["first"], "urgent", front=True); p.trim(2); p.commands()
        ['first', 'a']
        """
        del self.queue[limit:]

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {"queue": [list(q) for q in self.queue], "suggested": list(self.suggested)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Plans:
        """Inverse of to_dict."""
        return cls([Queued(*q) for q in data.get("queue", [])], list(data.get("suggested", [])))


@dataclass
class Now:
    """Where the agent stands in the story: its last move, the score, the light, its counters."""

    last_room: str | None = None
    last_command: str = ""
    last_kind: str = ""  # the memory room the last command was counted in ("inv" for held things)
    last_sig: str = ""  # the last room's name and description, to tell copies of a room apart
    visit_room: str | None = None
    visit_actions: int = 0
    idle: int = 0
    lit: bool = False
    score: int = 0
    flee: bool = False  # just restored after a death: leave the room first
    progress_mark: str = ""
    clone_move: str = ""
    turn: int = 0  # the turn being decided
    death_turn: int = 0  # the turn of the last death (retry-a-deadly-way-out waits after it)
    chase_trail: list[str] = field(default_factory=list)  # rooms run through while something hunts us


class Counsel(Protocol):
    """Vetoes from outside this run's record (a later run's knowledge), asked after the record's own."""

    def failed(self, mem: Memory, room: str | None, command: str) -> bool: ...

    def deadly(self, mem: Memory, room: str | None, command: str) -> bool: ...

    def tried(self, mem: Memory, room: str | None, command: str, times: int) -> int: ...

    def blind_worth(self, mem: Memory, room: str | None) -> bool: ...


@dataclass
class Memory:
    """The built-in agent's memory: attempts, vocab, seen, plans, now."""

    attempts: Attempts = field(default_factory=Attempts)
    vocab: Vocab = field(default_factory=Vocab)
    seen: Seen = field(default_factory=Seen)
    plans: Plans = field(default_factory=Plans)
    now: Now = field(default_factory=Now)
    counsel: Counsel | None = field(default=None, compare=False, repr=False)  # not saved: handed each run

    def tried(self, room: str | None, command: str) -> int:
        """How often a command was sent in a room (a counsel may count a known dead end as tried)."""
        times = self.attempts.tries.get(spot(room, command), 0)
        return times if self.counsel is None else self.counsel.tried(self, room, command, times)

    def blind_worth(self, room: str | None) -> bool:
        """Whether directions a room does not mention are worth trying (a later run may know better)."""
        return self.counsel is None or self.counsel.blind_worth(self, room)

    def failed(self, room: str | None, command: str) -> bool:
        """Whether the game refused this command in this room (since the room last changed), or the
        counsel rules it out."""
        return self.failed_this_run(room, command) or (
            self.counsel is not None and self.counsel.failed(self, room, command)
        )

    def failed_this_run(self, room: str | None, command: str) -> bool:
        """Whether the game refused this command in this room (since the room last changed)."""
        return spot(room, command) in self.attempts.fails

    def note_try(self, room: str | None, command: str) -> None:
        """Count one attempt."""
        k, a = spot(room, command), self.attempts
        a.tries[k] = a.tries.get(k, 0) + 1
        a.recent = [*a.recent, k][-RECENT:]

    def note_fail(self, room: str | None, command: str) -> None:
        """Remember a refusal."""
        k = spot(room, command)
        self.attempts.fails[k] = self.attempts.fails.get(k, 0) + 1

    def forget_room_failures(self, room: str | None) -> None:
        """Something changed in a room: refusals there may no longer hold (a door opened)."""
        a, here = self.attempts, room or "?"
        for k in [
            k for k, n in a.fails.items() if k.room == here and n < DURABLE and "take all" not in k.what
        ]:
            if k.what in MOVES:
                a.shut_moves[here] = [m for m in a.shut_moves.get(here, []) if m != k.what] + [k.what]
            del a.fails[k]
            a.tries.pop(k, None)
        a.dir_tried.pop(here, None)

    def refused_alike(self, room: str | None, text: str) -> bool:
        """Whether another move refused in this room got this very answer (its first paragraph). A room
        whose own refusal is said word for word for every way it lacks says where the ways are, for all
        of them (rule a-refusal-said-twice-lists-the-ways in the agent).

        >>> m = Memory()
        >>> said = "Only the hall lies south."
        >>> m.refused_alike("cell", said), m.refused_alike("cell", said), m.refused_alike("yard", said)
        (False, True, False)
        """
        said = self.attempts.refusals.setdefault(room or "?", [])
        first = _first_paragraph(text)
        if first in said:
            return True
        said.append(first)
        del said[:-ANSWERS_KEPT]
        return False

    def unheard_clues(self, room: str | None, command: str, follows: list[str], text: str) -> list[str]:
        """Rule `a-clue-is-followed-twice`: the follow-ups a reply's clue asks for (stand on something to
        reach, take what is out of reach, look after an opening) that this very answer to this very
        command has not already asked for twice here. A clue is worth a second try (something else may
        have changed meanwhile: a thing searched again after a box was opened), but the same command
        answered alike a third time is the same clue, already followed (a thing "well out of reach"
        answered the take and the climb alike, and each reply queued the other again for the rest of
        the game). Another command answered alike ("open box", "open chest": "Opened.") is another clue.

        >>> m = Memory()
        >>> [m.unheard_clues("hall", "take bell", ["stand on chair"], "It is out of reach.") for _ in "123"]
        [['stand on chair'], ['stand on chair'], []]
        >>> m.unheard_clues("hall", "take bell", ["stand on chair", "take rope"], "It is  out of reach.")
        ['take rope']
        >>> m.unheard_clues("hall", "take bell", ["stand on chair"], "It is nearly in reach.")
        ['stand on chair']
        >>> m.unheard_clues("hall", "ring bell", ["stand on chair"], "It is out of reach.")
        ['stand on chair']
        """
        if not on("a-clue-is-followed-twice"):
            return follows
        first = _first_paragraph(text)
        keys = {f: f"{room or '?'}|{command}|{f}|{first}" for f in follows}
        fresh = [f for f in follows if self.attempts.clued.count(keys[f]) < CLUE_TIMES]
        self.attempts.clued = (self.attempts.clued + [keys[f] for f in fresh])[-CLUES_KEPT:]
        return fresh

    def forget_successes(self) -> None:
        """After a restore the world went back a few turns: what succeeded since may be needed again."""
        a = self.attempts
        a.tries = {k: v for k, v in a.tries.items() if k in a.fails or k not in a.recent}
        a.recent = []
        a.dir_tried = {}
        a.clued = []  # the world went back: an answer heard before is news again
        self.now.lit = False
        self.plans.queue = []
        self.seen.held = []

    def add_hint(self, room: str | None, direction: str) -> None:
        """A direction a reply pointed at (a staircase revealed, a passage opened)."""
        listed = self.seen.hinted.setdefault(room or "?", [])
        if direction not in listed:
            listed.append(direction)

    def deadly(self, room: str | None, command: str) -> bool:
        """Whether this command killed us here (fights get a second chance), or the counsel knows it kills."""
        return self.deadly_this_run(room, command) or (
            self.counsel is not None and self.counsel.deadly(self, room, command)
        )

    def deadly_this_run(self, room: str | None, command: str) -> bool:
        """Whether this command killed us here this run (fights get a second chance)."""
        deaths = self.attempts.killers.count(spot(room, command))
        return deaths >= (2 if command.startswith("attack") else 1)

    def absent(self, room: str | None, name: str) -> bool:
        """Whether the game said this thing is not in this room."""
        return spot(room, name) in self.seen.absent

    def room_nouns(self, room: str | None) -> list[str]:
        """The noun phrases mentioned in a room."""
        return self.seen.nouns.get(room or "?", [])

    def add_noun(self, room: str | None, phrase: str) -> None:
        """Remember a noun phrase mentioned in a room."""
        listed = self.seen.nouns.setdefault(room or "?", [])
        if phrase not in listed:
            listed.append(phrase)

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> m = Memory()
        >>> m.note_try("hall", "open door"); m.plans.add(["take key"], "take-nearby")
        >>> Memory.from_dict(m.to_dict()) == m
        True
        """
        return {
            "attempts": self.attempts.to_dict(),
            "vocab": asdict(self.vocab),
            "seen": self.seen.to_dict(),
            "plans": self.plans.to_dict(),
            "now": asdict(self.now),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        """Inverse of to_dict; a save from before the structures (flat "room|command" keys) is read too."""
        if "attempts" not in data:
            data = _from_flat(data)

        def pick(kind: Any, part: dict[str, Any]) -> dict[str, Any]:
            return {k: v for k, v in part.items() if k in {f.name for f in fields(kind)}}

        return cls(
            attempts=Attempts.from_dict(data.get("attempts", {})),
            vocab=Vocab(**pick(Vocab, data.get("vocab", {}))),
            seen=Seen.from_dict(data.get("seen", {})),
            plans=Plans.from_dict(data.get("plans", {})),
            now=Now(**pick(Now, data.get("now", {}))),
        )


def _split(key: str) -> list[str]:
    room, _, what = key.partition("|")
    return [room, what]


def _from_flat(flat: dict[str, Any]) -> dict[str, Any]:
    """The structured form of a memory saved flat, keys as "room|command" strings.

    >>> _from_flat({"tries": {"hall|open door": 2}, "queue": ["look"], "lit": True})["attempts"]["tries"]
    [['hall', 'open door', 2]]
    """
    counts = {
        k: [[*_split(key), n] for key, n in flat.get(k, {}).items()] for k in ("tries", "fails", "travel")
    }
    attempts = {**counts, "recent": [_split(k) for k in flat.get("recent", [])]}
    attempts |= {"killers": [_split(k) for k in flat.get("killers", [])], "deaths": flat.get("deaths", {})}
    attempts["dir_tried"] = flat.get("dir_tried", {})
    seen = {k: v for k, v in flat.items() if k in Seen.__dataclass_fields__ and k != "absent"}
    seen["absent"] = [_split(k) for k in flat.get("absent", [])]
    if not isinstance(seen.get("deposits", []), list):
        seen["deposits"] = []
    plans = {
        "queue": [[c, "follow-up"] for c in flat.get("queue", [])],
        "suggested": flat.get("suggested", []),
    }
    return {"attempts": attempts, "vocab": flat, "seen": seen, "plans": plans, "now": flat}

"""Stated objectives: text that tells the player what to do, step by step, read as commands in order.

Tutorials, generated quests (TextWorld's among them) and many games open with, or have a character give,
a chain of imperative clauses: "First, pick up the key from the floor. Then head east. After that,
unlock the box." These rules split such text at sentence ends, commas and sequencing words, find each
clause's verb in a small table of general English verbs (``VERBS``: pick up/retrieve/grab -> take,
travel/head/venture -> the direction, place/sit/rest ... on -> put on, ...), keep the noun phrase in the
game's own words (checked against its dictionary, location qualifiers such as "from the floor of the
hall" or "inside the vault" dropped) and hand the commands to the agent one at a time, in order.

Every reading rule has a name; the command carries it as the turn's reasoning. No noun or sentence of
a particular game is here: only verbs, sequencing words and the shapes of instructions.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from autofrotz.agents.builtin_words import DETERMINERS, word_class
from autofrotz.reading.agent_objectives import (
    FLOOR,
    HANDOVER,
    INTO,
    KEYISH,
    LEAD_WORD,
    LOCATION,
    NAME_TAIL,
    NAME_WORD,
    NOT_A_NAME,
    ON_OR_IN,
    PLAIN_WORD,
    SENTENCE_END,
    SEQUENCE_SPLIT,
    STATE_GOAL,
    TO_JOINT,
    TO_VERB_IT,
    TRAILING_AND,
    VERB_PATTERN,
    WITH_TOOL,
)
from autofrotz.reading.agent_objectives import VERBS as VERBS
from autofrotz.words.directions import DIRECTION_WORDS, OPPOSITES
from autofrotz.words.vocabulary import Vocabulary

# ----- reading (the patterns are reading/agent_objectives.py's) -----


# Words that may stand before a clause's verb: sequencing words, politeness, hedges. Anything else before
# the verb means the clause is not an instruction ("You begin to take stock...").
LEAD_WORDS = word_class(
    """first firstly then next now finally lastly also and so please just simply off of all
    stop step thing things like okay ok alright after that this done once with"""
)
STATE_VERBS = {"wide open": "open", "open": "open", "opened": "open", "ajar": "open", "unlocked": "unlock"}
STATE_VERBS |= {"closed": "close", "shut": "close", "locked": "lock"}
ON_PREPS = frozenset(["on", "onto", "upon", "on top of"])
NOT_NAMES = word_class(
    """it them him her this that these those stuff things thing everything something anything all one
    place places room rooms way floor ground here there around any every each no"""
)
MAX_NAME_WORDS = 5
COMPASS_WORD = {w: d for d, words in DIRECTION_WORDS.items() for w in words if len(w) > 2}


class Step(NamedTuple):
    """One instruction read as a command, with the name of the rule that read it."""

    command: str
    rule: str


def read_steps(text: str, vocabulary: Vocabulary | None = None) -> list[Step]:
    """Commands the text instructs, in order.

    >>> [s.command for s in read_steps("First, pick up the brass key from the floor of the hall. "
    ...     "Then, head north. After that, unlock the chest within the attic. Alright, thanks!")]
    ['take brass key', 'north', 'unlock chest']
    >>> read_steps("You begin to take stock of what's here. You should try going south.")
    []
    """
    vocabulary = vocabulary or Vocabulary()
    steps: list[Step] = []
    for sentence in SENTENCE_END.split(text):
        parts = clauses(sentence)
        for i, clause in enumerate(parts):
            step = read_clause(clause, vocabulary)
            bare = _imperative(clause)
            if step is None and bare and not bare[1] and i + 1 < len(parts):
                following = _imperative(parts[i + 1])  # "unlock and open the gate": the next object
                step = _command(bare[0], following[1], vocabulary) if following else None
            if step and (step.rule == "objective-move" or step not in steps):
                steps.append(step)  # a route may take the same direction twice
    return steps


def clauses(sentence: str) -> list[str]:
    """A sentence cut at commas and sequencing words; clauses made only of a verb take the next one's
    object ("unlock and open the gate").

    >>> clauses("Once you succeed at that, try to head south and then eat the apple.")
    ['Once you succeed at that', 'try to head south', 'eat the apple']
    """
    parts = [p.strip(" .!?\"'") for p in SEQUENCE_SPLIT.split(sentence)]
    return [p for p in parts if p]


def read_clause(clause: str, vocabulary: Vocabulary) -> Step | None:
    """The command one clause instructs, or None when it instructs nothing the parser can take.

    >>> read_clause("attempt to go to the east", Vocabulary())
    Step(command='east', rule='objective-move')
    >>> read_clause("sit the fork on the couch in the bedroom", Vocabulary())
    Step(command='put fork on couch', rule='objective-put')
    >>> read_clause("ensure that the wooden box is open", Vocabulary())
    Step(command='open wooden box', rule='objective-state')
    """
    text = " ".join(clause.replace("\u2019", "'").split())
    state = _state_goal(text, vocabulary)
    if state:
        return state
    found = _imperative(text)
    if not found:
        return None
    verb, rest = found
    return _command(verb, rest, vocabulary)


def _imperative(text: str) -> tuple[str, str] | None:
    """(canonical verb, what follows it) when the clause's verb stands where an instruction's does."""
    for match in VERB_PATTERN.finditer(text):
        lead = text[: match.start()].strip(" ,").lower()
        if _lead_in(lead):
            return VERBS[match.group(1).lower()], text[match.end() :].strip()
    return None


def _lead_in(lead: str) -> bool:
    """Whether the words before a verb leave it an instruction."""
    if not lead:
        return True
    words = LEAD_WORD.findall(lead)
    return all(w in LEAD_WORDS for w in words) or bool(HANDOVER.search(lead))


def _state_goal(text: str, vocabulary: Vocabulary) -> Step | None:
    """ "make sure the gate is unlocked": the verb that brings the state about."""
    match = STATE_GOAL.search(text)
    if match and _lead_in(TRAILING_AND.sub("", text[: match.start()].strip()).lower()):
        thing = name(match.group("thing"), vocabulary)
        verb = STATE_VERBS[match.group("state").lower()]
        if thing:
            tool = name(match.group("tool") or "", vocabulary)
            return Step(f"{verb} {thing}" + (f" with {tool}" if tool else ""), "objective-state")
    match = TO_VERB_IT.match(text)
    if match and match.group("thing"):
        thing, tool = name(match.group("thing"), vocabulary), name(match.group("tool"), vocabulary)
        if thing and tool:
            return Step(f"{match.group('verb').lower()} {thing} with {tool}", "objective-tool-to-verb")
    return None


def _command(verb: str, rest: str, vocabulary: Vocabulary) -> Step | None:
    """The parser command for a canonical verb and the words after it."""
    if verb == "go":
        direction = _direction(rest)
        return Step(direction, "objective-move") if direction else None
    if verb in ("put", "insert"):
        return _placing(verb, rest, vocabulary)
    if verb in ("unlock", "lock"):
        tool_match = WITH_TOOL.search(rest)
        thing = name(rest[: tool_match.start()] if tool_match else rest, vocabulary)
        tool = name(tool_match.group("tool"), vocabulary) if tool_match else ""
        if not thing:
            return None
        return Step(f"{verb} {thing}" + (f" with {tool}" if tool else ""), f"objective-{verb}")
    if verb == "give" or verb == "show":
        match = TO_JOINT.search(rest)
        if not match:
            return None
        thing, person = name(rest[: match.start()], vocabulary), name(rest[match.end() :], vocabulary)
        return Step(f"{verb} {thing} to {person}", f"objective-{verb}") if thing and person else None
    thing = name(rest, vocabulary)
    if not thing:
        return None
    if verb == "drop" and INTO.search(rest):
        return _placing("insert", rest, vocabulary)
    return Step(f"{verb} {thing}", f"objective-{verb.replace(' ', '-')}")


def _placing(verb: str, rest: str, vocabulary: Vocabulary) -> Step | None:
    """put X on Y / put X in Y; "on the floor" is a drop."""
    match = ON_OR_IN.search(rest)
    if not match:
        return None
    thing = name(rest[: match.start()], vocabulary)
    target_text = rest[match.end() :]
    if FLOOR.match(target_text):
        return Step(f"drop {thing}", "objective-drop") if thing else None
    target = name(target_text, vocabulary)
    if not thing or not target:
        return None
    onto = match.group("prep").lower() in ON_PREPS and verb == "put"
    return Step(f"put {thing} {'on' if onto else 'in'} {target}", "objective-put")


def _direction(rest: str) -> str | None:
    """The compass direction a move clause names ("to the south", "through the north door")."""
    for word in PLAIN_WORD.findall(rest.lower())[:5]:
        if word in COMPASS_WORD:
            return COMPASS_WORD[word]
    return None


def name(phrase: str, vocabulary: Vocabulary) -> str:
    """A noun phrase as the parser will take it: articles and location qualifiers dropped, words the
    dictionary lacks dropped, empty when its head noun is unknown or it names no thing.

    >>> name("the type P key from the floor of the sauna", Vocabulary())
    'type p key'
    >>> name("the licorice strip inside the vault", Vocabulary(frozenset({"strip", "vault"}), 9))
    'strip'
    >>> name("it", Vocabulary()), name("stuff up", Vocabulary())
    ('', '')
    """
    if NOT_A_NAME.match(phrase.strip()):
        return ""
    text = LOCATION.sub("", " " + phrase.replace("'s lock", "").strip(" .,!?")).strip()
    text = NAME_TAIL.sub("", text)
    words = [x for x in NAME_WORD.findall(text.lower()) if x not in DETERMINERS]
    if not words or len(words) > MAX_NAME_WORDS or any(x in NOT_NAMES for x in words):
        return ""
    if words[-1] in COMPASS_WORD or words[-1] in VERBS:
        return ""
    kept = [x for x in words if vocabulary.knows(x)]
    return " ".join(kept) if kept and kept[-1] == words[-1] else ""


# ----- following -----

MAX_TRIES = 3  # sends of one step before it is given up
REST_TURNS = 2  # turns left to the other rules after a refusal (to open, unlock, fetch what it needs)
SEEK_TURNS = 60  # turns spent looking elsewhere for a thing a step named before it is given up
CHAIN = 2  # steps an opening gives for later replies to be read for instructions too
ROUTE_RUNS = 3  # walks of one written route (the first, then after something new is carried)
ROUTE_MOVES = ("objective-move", "objective-route")  # steps taken from the room the route had reached


@dataclass
class Objectives:
    """The stated steps not yet done, and how the head step fared."""

    steps: list[list[str]] = field(default_factory=list)  # [command, rule] in order
    tries: int = 0  # sends of the head step
    rest_until: int = 0  # turn before which the head step waits (the other rules act)
    seek_since: int = -1  # turn the head step's thing was found missing; -1: not seeking
    missing_in: list[str] = field(default_factory=list)  # rooms where the head step's thing was not
    anchor: str | None = None  # room the head step (a move) is to be taken from
    sent: str = ""  # the command this structure sent last turn
    sent_from: str | None = None
    done: list[str] = field(default_factory=list)  # commands read before (done, queued or given up)
    read_opening: bool = False
    route: list[list[str]] = field(default_factory=list)  # the written route read last, whole
    parked: bool = False  # its action was refused: it waits for something new carried
    parked_held: list[str] | None = None  # what we held then (None: not yet noted)
    route_runs: int = 0  # walks of that route so far

    def to_dict(self) -> dict[str, Any]:
        """Plain data for a resume."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Objectives:
        """Inverse of to_dict."""
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)

    # ----- learning -----
    def read(self, text: str, vocabulary: Vocabulary, opening: bool) -> None:
        """Queue the steps a text instructs (the opening, or a later reply in a game that gives steps)."""
        if not opening and not self.read_opening:
            return
        fresh = read_steps(text, vocabulary)
        if not opening:  # a later reply repeating the instructions: only steps not read before, no moves
            fresh = [s for s in fresh if s.command not in self.done and s.rule != "objective-move"]
        if opening:  # a game that opens with a chain of steps may give more later; one stray verb may not
            self.read_opening = len(fresh) >= CHAIN
        for step in fresh:
            self.steps.append([step.command, step.rule])
            self.done.append(step.command)

    def read_route(self, steps: list[tuple[str, str]]) -> None:
        """Rule follow-a-written-route: queue the walk a text read in the game describes (its landmark,
        counted legs and closing action, from `builtin_routes.route_steps`), once per route, ahead of
        the steps still waiting (a route written down leads to what the text hides)."""
        key = "route: " + " ".join(command for command, _ in steps)
        if not steps or key in self.done:
            return
        self.done.append(key)
        # Rule retrace-the-written-route: "retrace your steps" is the last route's legs, reversed.
        back = [(OPPOSITES[c], "objective-route") for c, r in reversed(self.route) if r == "objective-route"]
        steps = [s for c, r in steps for s in (back if r == "objective-retrace" else [(c, r)])]
        if not any(r == "objective-route" for _, r in steps):
            return
        self.route = [[command, rule] for command, rule in steps]
        self.parked, self.parked_held, self.route_runs = False, None, 1
        self.steps[:0] = [list(step) for step in self.route]
        self.tries, self.rest_until, self.seek_since, self.missing_in = 0, 0, -1, []
        self.anchor = None

    def judge(self, room: str | None, text: str, turn: int, moved: bool, failed: bool, missing: bool) -> None:
        """How the step sent last turn fared: done, refused (wait, then retry) or its thing not here."""
        if not self.sent or not self.steps or self.steps[0][0] != self.sent:
            self.sent = ""
            return
        self.sent = ""
        is_move = self.steps[0][1] == "objective-move"
        # A written route's leg is done when the move is not refused: open ground (a desert, the sea)
        # is often one room object that counts the steps itself, so the room may keep its name.
        if (is_move and moved) or (not is_move and not failed):
            self._advance(room)
            return
        self.tries += 1
        if missing and not is_move:
            self.seek_since = turn if self.seek_since < 0 else self.seek_since
            self.missing_in += [] if room in self.missing_in or room is None else [room]
        else:
            self.rest_until = turn + REST_TURNS
        if self.tries >= MAX_TRIES and not missing:
            if self.route and len(self.steps) >= 1 and self.steps[0] == self.route[-1]:
                self.parked, self.parked_held = True, None  # the route's action refused: walk it again later
            self._advance(room)

    def finish_place(self, room: str | None) -> None:
        """The route's landmark is reached (or cannot be): its legs start from this room."""
        self._advance(room)

    def _advance(self, room: str | None) -> None:
        del self.steps[0]
        self.tries, self.rest_until, self.seek_since, self.missing_in = 0, 0, -1, []
        self.anchor = room

    # ----- choosing -----
    def next(self, room: str | None, turn: int, held: list[str]) -> tuple[str, str] | None:
        """(command, rule) of the head step to send now, or None (the other rules act this turn)."""
        while self.steps and self.seek_since >= 0 and turn - self.seek_since > SEEK_TURNS:
            self._advance(room)  # looked long enough: the step's thing is nowhere we can reach
        if not self.steps or turn < self.rest_until:
            return None
        command, rule = self.steps[0]
        if rule == "objective-place":
            return None  # a landmark is walked to (builtin_follow), never sent
        if self.seek_since >= 0 and room in self.missing_in:
            return None  # its thing is not here: the explorer walks on, the step waits for a new room
        if rule in ROUTE_MOVES and self.anchor is None:
            self.anchor = room
        if command.startswith(("unlock ", "lock ")) and " with " not in command:
            keys = self.keys_for(command.split(" ", 1)[1], held)
            command = f"{command} with {keys[self.tries % len(keys)]}" if keys else command
        return command, rule

    def walk_again(self, held: list[str]) -> None:
        """Rule walk-a-route-again-with-something-new: the action a written route ends in was refused
        ("You have nothing to dig with."): what it lacked is often a tool not yet found. Once we carry
        something we did not carry then, the route is walked again from its landmark (ROUTE_RUNS walks
        at most)."""
        names = sorted({" ".join(h.lower().split()) for h in held})
        if not self.parked or self.route_runs >= ROUTE_RUNS:
            return
        if self.parked_held is None:
            self.parked_held = names  # what we held when the action was refused
            return
        if not self.steps and set(names) - set(self.parked_held):
            self.steps = [list(step) for step in self.route]
            self.parked, self.parked_held, self.route_runs = False, None, self.route_runs + 1
            self.tries, self.rest_until, self.seek_since, self.missing_in = 0, 0, -1, []
            self.anchor = None

    def keys_for(self, lock: str, held: list[str]) -> list[str]:
        """Keys to try on a lock: those a step had us take (latest first), then any held; each group
        with the keys sharing a word with the lock first (a key is often named after what it opens)."""
        named = [c.split(" ", 1)[1] for c in reversed(self.done) if c.startswith("take ")]
        held_names = [" ".join(x for x in h.lower().split() if x not in DETERMINERS) for h in held]
        keys = [k for k in dict.fromkeys(named + held_names) if k.split() and KEYISH.search(k.split()[-1])]
        taken = [k for k in keys if k in named and any(k == h or h.endswith(k) for h in held_names)]
        rest = [k for k in keys if k not in taken]
        shared = set(lock.split())
        return sorted(taken, key=lambda k: not shared & set(k.split())) + sorted(
            rest, key=lambda k: not shared & set(k.split())
        )

    def anchor_for(self, room: str | None) -> str | None:
        """The room a pending move step must be sent from, when we are elsewhere."""
        if self.steps and self.steps[0][1] in ROUTE_MOVES and self.anchor and self.anchor != room:
            return self.anchor
        return None

    def sending(self, command: str, room: str | None) -> None:
        """Note the command chosen this turn (by any rule)."""
        head = self.steps[0][0] if self.steps else ""
        self.sent = head if command == head or command.startswith(f"{head} with ") else ""
        self.sent_from = room

"""Whether a thing the briefing would name is really here, in the game's own words: "examine NAME"
asked in a side copy (`side_copies.SideCopies`, no game turn spent) and read by `in_sight`.

A room's text names much that the story never made a thing ("a view of the city", "a soft curve"); the
story's parser says so when asked to examine it. Only names the game answers as things in sight reach
the briefing's "Also named here", and a thing the world model still places here
that the game says is not in sight (it went away unseen) is left out of "Seen here".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autofrotz.managers.item_names import LEADING_STATE, strip_article
from autofrotz.managers.item_parser import parse_inventory
from autofrotz.managers.item_replies import is_take_success, multi_replies, sounds_like_failure
from autofrotz.managers.item_scene import last_room_part
from autofrotz.managers.named_things import (
    NAMED_KEPT,
    already_listed,
    in_sight,
    is_place_part,
    is_shared_surface,
    named_things,
    names_more_fully,
    said_not_here,
    unknown_word,
)
from autofrotz.managers.side_questions import SideQuestions
from autofrotz.reading.answers import (
    NOT_A_NOUN,
    answered_names,
    describes_room,
    description,
    own_name,
    part_in_sight,
)
from autofrotz.reading.items_replies import (
    ALREADY_HAVE,
    ANSWER_WORD,
    KNOWS_NO_WORD,
    PART_OF,
    TAKE_VERB_REPLY,
    TAKEN_FROM,
)
from autofrotz.reading.items_sight import read_as
from autofrotz.reading.patterns import which_options
from autofrotz.side_copies import SideCopies
from autofrotz.words.directions import canonical_direction

if TYPE_CHECKING:
    from autofrotz.agents.base import TurnContext
    from autofrotz.game_interface import RunningGame


HEARD_KEPT = 8  # replies in a room whose names are asked about
SAME_THING_CHARS = 40  # two names answered with the same words this long name one thing
# The game's names for a way on or for the air about: no thing in the room ("the way", "the blast of air").
WAYS = frozenset(["way", "ways", "side", "direction", "air"])


def room_s_own(name: str, asked: str, room_name: str) -> bool:
    """Whether a name answered with the room's own description is the room's, not a thing of it: the
    room's name ("the hall" in the Hall), a part of the place (a floor the library prints the room for),
    or a name the parser read only by its last word (`asked`).

    >>> room_s_own("hall", "hall", "Hall"), room_s_own("shiny floor tiles", "tiles", "Bathroom")
    (True, True)
    >>> room_s_own("building", "building", "Before the Building"), room_s_own("ground", "ground", "Lane")
    (False, True)
    """
    return (
        asked != name
        or is_place_part(name)
        or strip_article(name).lower() == strip_article(room_name).lower()
    )


class SightCheck:
    """Names of a room asked once each turn ("examine NAME" in a side copy): what is in sight changes
    between visits (a light brought) and within one (a thing taken away, a foe killed and gone)."""

    def __init__(self, game: RunningGame) -> None:
        self.copies = SideCopies(game)
        self.room: str | None = None  # the room of this visit
        self.answers: dict[str, str] = {}  # name -> the game's answer to examining it, this turn
        self.earlier: dict[str, str] = {}  # the answers of this visit's earlier turns
        self.heard: dict[str | None, list[str]] = {}  # room -> the game's last replies there, every visit
        self.named: list[str] = []  # names the game answered as in sight in this visit
        self.asked = 0  # side examines sent
        self.takes: dict[str, str] = {}  # name -> the game's answer to taking it, while the inventory holds
        self.held_for: tuple[str | None, tuple[str, ...]] | None = None  # (room, inventory) of those answers
        self.apart: dict[str | None, list[frozenset[str]]] = {}  # room -> names one reply there listed apart
        self.pairs: dict[str, str] = {}  # "NAME and NAME" -> the game's answer to taking both, this visit
        self.me_said: str | None = None  # the game's own answer to "examine me" this turn, once asked

    def confirmed(
        self,
        room_id: str | None,
        names: list[str],
        last_reply: str,
        room_text: str = "",
        seen: tuple[str, ...] = (),
        room_name: str = "",
    ) -> list[str]:
        """The names the game answers as things in sight here, order kept; a name not yet asked while
        asking is unsafe (the game waits for a key) is left out. A name the game does not read whole (a
        describing word the story never gave the thing: "a moth-eaten rug") is asked again by its last
        word alone, or, when the parser says how far it read ("as far as wanting to examine the little
        window"), by the thing it read, and briefed by that name, unless the parser read it as no noun at
        all (a fragment: "troll breathes"); the thing the parser read of it before the words it could not
        place ("as far as wanting to examine the timber" for "timber header") is asked as a name of its
        own. A name
        answered with the room's own description is a thing of the room described as the room (a building
        before the player) when asked by its whole name, and the room's own (`room_s_own`) when it is the
        room's name, a part of the place or read only by its last word; one the answer calls
        by the game's own name ("nothing special about the low wall") is briefed by it, and left out when
        that name is a way or the air ("nothing special about the way"); two names the game answers with
        the same words are one thing, briefed once (words this long, or words that say a word of either
        name: "The door leads into the bathroom."), unless taking both answers each under its own name
        (`told_apart`), and a name answered as a thing `seen` here was
        answered ("a prim young woman", the librarian seen) is not briefed again. A name the parser
        answers with a question ("Which do you mean, the small couch or the large couch?") is briefed
        as the things it offers, and one answered as the player is ("eyes") is the player's own. A name
        read by a word alone that read one briefed already ("lower pool" after "higher pool", both read
        as "pool") is that thing. Names answered as in sight on earlier turns of the visit are asked
        again after the replies that named them are gone (a bridge named once, on arrival)."""
        self._visit(room_id)
        names = list(dict.fromkeys([*names, *self.named]))
        self._ask([n for n in names if n not in self.answers], last_reply)
        # how far the parser read each name it did not read whole, read once: its first words are the
        # name asked and briefed, and what it read is asked as a name of its own
        read = {n: r for n in names if (r := read_as(self.answers.get(n, ""), n))}
        heads = {  # a floor or ceiling by its last word alone is any room's: not asked
            n: (read[n].first_words if n in read else None) or n.split()[-1]
            for n in names
            if " " in n
            and not in_sight(self.answers.get(n, ""))
            and not is_shared_surface(n)
            and not NOT_A_NOUN.search(self.answers.get(n, ""))
        }
        self._ask([h for h in dict.fromkeys(heads.values()) if h not in self.answers], last_reply)
        parts = [r.part for r in read.values() if r.part and r.part not in names]
        parts = [p for p in parts if not canonical_direction(p.split()[-1])]  # "the south": a compass wall
        self._ask([p for p in dict.fromkeys(parts) if p not in self.answers], last_reply)
        names += list(dict.fromkeys(parts))  # the thing the parser read of a name it could not read whole
        read.update({p: r for p in parts if (r := read_as(self.answers.get(p, ""), p))})
        self._ask(["me"] if "me" not in self.answers else [], last_reply)  # asked with any name asked
        player = description(self.answers["me"]) if in_sight(self.answers.get("me", "")) else None
        briefed: dict[str, str] = {}  # the name briefed -> the answer that confirmed it
        options: set[str] = set()  # the names briefed as a parser's question offered them
        by_word: set[str] = set()  # the words alone that read names briefed ("pool" of "higher pool")
        known = {description(self.answers[n]): n for n in seen if in_sight(self.answers.get(n, ""))}
        for name in names:
            asked = heads.get(name, name)
            answer = self.answers.get(asked, "")
            if not (in_sight(answer) or _taken_silently(asked, self.answers)) or asked in by_word:
                continue  # not in sight, or read by a word alone that reads a name briefed already
            if describes_room(answer, room_text) and room_s_own(name, asked, room_name):
                continue  # the room's name, or a compass direction or floor that prints the room
            if is_place_part(name) and not part_in_sight(answer, asked):
                for option in which_options(answer):  # "the wall socket or the electric socket?": no wall
                    if not is_place_part(option):
                        briefed.setdefault(option, option)
                continue  # a wall or floor the library's compass directions answer to, not the room's own
            # the parser asks which: each thing it offers is in sight, but the compass walls a part of the
            # place is asked among are the library's (the part itself, among them by its bare name, is kept)
            offered = [] if is_place_part(name) else list(which_options(answer))
            for option in offered:
                briefed.setdefault(option, option)
                options.add(option)
            words = description(answer)
            if offered or words == player:
                continue  # several things, or the player's own body ("eyes": the player described)
            if briefed.get(name) == name:
                briefed[name] = words  # a thing a question offered, now described
                continue
            earlier = [b for b, w in briefed.items() if w == words] + (
                [known[words]] if words in known else []
            )
            if any(
                (len(words) >= SAME_THING_CHARS or _one_thing(words, name, e))
                and not self.told_apart(e, asked, last_reply)
                for e in earlier
            ):
                continue  # another name of a thing already briefed
            called = own_name(answer) or (read[name].first_words if name in read else None) or name
            if called.split()[-1].lower() in WAYS:
                continue  # the game's name for it is a way or the air, no thing ("the way" of a passageway)
            # a part of a name briefed ("leather bag", "coins": the leather bag of coins), unless the parser
            # read the name's first words as one thing and its last word is another ("timber header")
            if among_carried(called, frozenset(briefed)) and not (name in read and read[name].part):
                continue
            briefed.setdefault(called, words)
            if asked != name:
                by_word.add(asked)
        briefed = _without_fuller_offers(briefed, options)
        self.named = list(dict.fromkeys([*self.named, *briefed]))[-2 * NAMED_KEPT :]
        return list(briefed)

    def told_apart(self, first: str, second: str, last_reply: str) -> bool:
        """Whether two names the game described alike are two things: "take FIRST and SECOND" in a side
        copy is answered thing by thing, each line under the game's own name for it, and the names
        differ ("hunting woods: ..." and "mossy wall: ..."); one line, a parser that takes one thing at
        a time, or no answer leaves them one thing. Asked once a pair in a visit."""
        pair = f"{first} and {second}"
        if pair not in self.pairs:
            self.asked += 1
            asked = SideQuestions(takes=(pair,), why=("apart",))
            self.pairs[pair] = (self.copies.answer(asked, last_reply).takes or {}).get(pair, "")
        return len(answered_names(self.pairs[pair])) > 1

    def still_here(
        self, room_id: str | None, names: list[str], last_reply: str, carried: list[str] | None = None
    ) -> list[bool]:
        """For each thing the world model places here, False when the game's answer to examining it says
        no such thing is here (it went away unseen) or that a word of it is none of its own (a fragment of
        a sentence: "tapering to a sharp point"), by its whole name and by its last word; when the name
        is read by its last word alone as another name seen here is read whole ("ornamented sceptre" and
        "sceptre"); or, while the player carries something, when its answer to taking it says the player
        has it already (it was taken under another name: "keys" seen, "set of keys: Taken."). True
        otherwise, a name it cannot read for another reason included."""
        self._visit(room_id)
        self._ask([n for n in names if n not in self.answers], last_reply)
        doubted = [n for n in names if _no_thing(self.answers.get(n, ""))]
        heads = {n: _readable_part(n, self.answers[n]) for n in doubted if " " in n}  # not read whole
        self._ask([h for h in dict.fromkeys(heads.values()) if h not in self.answers], last_reply)
        gone = {n for n in doubted if _no_thing(self.answers.get(heads.get(n, n), ""))}
        whole = {self.answers[m] for m in names if m not in doubted and in_sight(self.answers.get(m, ""))}
        gone |= {
            n
            for n, head in heads.items()
            if unknown_word(self.answers[n]) and self.answers.get(head) in whole
        }
        gone |= _named_twice(
            [n for n in names if n not in gone and n not in heads]  # a name read whole is the better one
            + [n for n in names if n not in gone and n in heads],
            {n: self.answers.get(heads.get(n, n), "") for n in names},
            self._listed_apart(room_id, last_reply),
        )
        gone |= self.held([n for n in names if n not in gone], tuple(carried or ()), last_reply)
        return [n not in gone for n in names]

    def _listed_apart(self, room_id: str | None, last_reply: str) -> list[frozenset[str]]:
        """The names each multiple-object reply in the room listed, one line each ("urn: Taken.", "rug:
        Too heavy."), kept for the game: the parser lists every object once by its own name, so two
        names so listed are two things even where the words asked of them reach one."""
        listed = frozenset(name.lower() for name, _ in multi_replies(last_reply))
        groups = self.apart.setdefault(room_id, [])
        if len(listed) > 1 and listed not in groups:
            groups.append(listed)
        return groups

    def held(self, names: list[str], carried: tuple[str, ...], last_reply: str) -> set[str]:
        """The names the game, asked to take each in a side copy, says the player already has, no longer
        sees (the examine answers are a visit's, a take may be newer) or calls a part of a thing carried
        ("a part of the torch"), by the whole name, then, when the whole name is not read as a thing in
        sight, by its last word; asked again whenever the inventory changed."""
        if not carried or not names:
            return set()
        if self.held_for != (self.room, carried):
            self.takes, self.held_for = {}, (self.room, carried)
        self._ask_take([n for n in names if n not in self.takes], last_reply)
        doubted = [n for n in names if not in_sight(self.takes.get(n, ""))]
        heads = {n: n.split()[-1] for n in doubted if " " in n}
        self._ask_take([h for h in dict.fromkeys(heads.values()) if h not in self.takes], last_reply)
        return {n for n in names if _not_here_any_more(self.takes.get(heads.get(n, n), ""), carried)}

    def fuller_here(self, names: list[str], carried: tuple[str, ...], last_reply: str) -> list[str]:
        """The names that name a thing carried more fully ("rectangular latchkey" beside a carried
        "latchkey") and that the game, asked to take each in a side copy, takes from where it lies: a
        thing of its own, here."""
        held = frozenset(carried)
        fuller = [n for n in names if already_listed(n, held) and names_more_fully(n, held)]
        gone = self.held(fuller, carried, last_reply)
        return [n for n in fuller if n not in gone and self.took_from_here(n, held)]

    def took_from_here(self, name: str, listing: frozenset[str]) -> bool:
        """Whether the game's answer to taking a name (asked by `held`) took it, and not from a thing
        the inventory lists ("You take the key from the locker.", not "... from the rucksack.")."""
        answer = " ".join(self.takes.get(name, "").split())[:240]
        source = TAKEN_FROM.search(answer)
        from_carried = source is not None and among_carried(source.group(1), listing)
        took = is_take_success(answer) or (TAKE_VERB_REPLY.search(answer) and not sounds_like_failure(answer))
        return bool(took) and not _not_here_any_more(answer, tuple(listing)) and not from_carried

    def carried_as(self, name: str, listing: frozenset[str]) -> bool:
        """Whether a thing here is one the inventory lists (`among_carried`), unless it names that
        thing more fully and the game took it from where it lies (`took_from_here`)."""
        if not among_carried(name, listing):
            return False
        return not (names_more_fully(name, listing) and self.took_from_here(name, listing))

    def carried_listing(self, last_reply: str) -> frozenset[str]:
        """The names the game's own answer to "inventory" (asked in a side copy) lists, the contents of
        carried things included ("a rucksack", "a steel wrench" in it); none when asking is unsafe or
        the answer is no listing."""
        reply = self.copies.answer(SideQuestions(inventory=True, why=("carried",)), last_reply).inventory
        self.asked += 1
        listing = parse_inventory(reply) if reply else None
        return frozenset(item.name for item in listing or ())

    def _ask_take(self, names: list[str], last_reply: str) -> None:
        """Ask the game to take each name in side copies and keep its answers (none when unsafe)."""
        if names:
            self.asked += len(names)
            asked = SideQuestions(takes=tuple(names), why=("held",))
            self.takes.update(self.copies.answer(asked, last_reply).takes or {})

    def new_turn(self) -> None:
        """Ask the names again: the last command may have changed what is in sight. This visit's earlier
        answers stand in while the game answers no examine (it waits for a key, or a menu takes every
        command)."""
        self.earlier, self.answers, self.me_said = {**self.earlier, **self.answers}, {}, None

    def _visit(self, room_id: str | None) -> None:
        """Forget the answers and names of the last visit when the room changed."""
        if room_id != self.room:
            self.room, self.answers, self.earlier, self.named = room_id, {}, {}, []
            self.me_said = None
            self.pairs = {}

    def hear(self, room_id: str | None, reply: str) -> str:
        """Keep a reply given in the room (from its last room heading on); the room's last replies, of
        this visit and earlier ones (a thing one examined on an earlier visit is still named), joined, the
        newest first (its names are asked before the oldest ones)."""
        self._visit(room_id)
        part = last_room_part(reply)
        heard = self.heard.get(room_id, [])
        if part.strip() and (not heard or heard[-1] != part):
            self.heard[room_id] = [*heard, part][-HEARD_KEPT:]
        return "\n\n".join(reversed(self.heard.get(room_id, [])))  # the newest first

    def _ask(self, names: list[str], last_reply: str) -> None:
        """Ask the game to examine each name, and the player ("me") once a turn, in side copies and keep
        its answers; when asking is unsafe, or every name and the player get one answer that is no refusal
        (a menu's prompt: the game is not examining), this visit's earlier answers stand."""
        if names:
            self.asked += len(names)
            me = ["me"] if self.me_said is None else []  # the player is asked once a turn
            asked = SideQuestions(examines=tuple(dict.fromkeys([*names, *me])), why=("in_sight",))
            answers = self.copies.answer(asked, last_reply).examines
            if answers is not None and me:
                self.me_said = answers.get("me")
            together = answers if answers is None or self.me_said is None else {**answers, "me": self.me_said}
            said = set((together or {}).values())
            if together is None or (len(together) > 1 and len(said) == 1 and in_sight(said.pop())):
                answers = {n: self.earlier[n] for n in [*names, *me] if n in self.earlier}
            self.answers.update(answers or {})


def _without_fuller_offers(briefed: dict[str, str], options: set[str]) -> dict[str, str]:
    """The briefed names without those a parser's question offered that another briefed name reads as
    one thing, all of its words in them ("bathroom door" offered beside "bathroom", answered "The door
    leads into the bathroom."): an offered name never described (briefed as itself) gives way to any
    such name; one described since, only to a name no question offered.

    >>> list(_without_fuller_offers({"bathroom": "It leads in.", "bathroom door": "bathroom door"}, set()))
    ['bathroom']
    >>> briefed = {"bathroom": "It leads in.", "bathroom door": "A door.", "red door": "A red door."}
    >>> list(_without_fuller_offers(briefed, {"bathroom door", "red door"}))
    ['bathroom', 'red door']
    >>> list(_without_fuller_offers({"door": "door", "red door": "A red door."}, {"door", "red door"}))
    ['door', 'red door']
    """

    def fuller(name: str, others: list[str]) -> bool:
        words = set(name.lower().split())
        return any(set(other.lower().split()) < words for other in others)

    kept = {n: w for n, w in briefed.items() if not (w == n and fuller(n, list(briefed)))}
    unoffered = [n for n in kept if n not in options]
    return {n: w for n, w in kept.items() if not (n in options and fuller(n, unoffered))}


def _named_twice(
    names: list[str], answers: dict[str, str], apart: list[frozenset[str]] | None = None
) -> set[str]:
    """The names answered in sight with the same long description as an earlier name ("man" and "don",
    one sleeping don): second names of one thing, unless one reply listed the two apart (`apart`: two
    objects whose names the game asked by their last words both read as one of them).

    >>> said = "He's a donnish sort of chap, with a receding hairline and a moustache."
    >>> sorted(_named_twice(["man", "don", "key"], {"man": said, "don": said, "key": "A key."}))
    ['don']
    >>> _named_twice(["man", "don"], {"man": said, "don": said}, [frozenset({"don", "man", "key"})])
    set()
    """
    described: dict[str, list[str]] = {}  # a description -> the names answered with it
    twice = set()
    for name in names:
        words = description(answers.get(name, ""))
        if in_sight(words) and len(words) >= SAME_THING_CHARS:
            if any(not _two_listed(name, other, apart or []) for other in described.get(words, [])):
                twice.add(name)
            described.setdefault(words, []).append(name)
    return twice


def _two_listed(name: str, other: str, apart: list[frozenset[str]]) -> bool:
    """Whether one reply listed both names apart."""
    return any(name.lower() in group and other.lower() in group for group in apart)


def _one_thing(words: str, name: str, earlier: str) -> bool:
    """Whether a short answer two names got alike shows them one thing: the words of one name are all
    in the other ("door", "bathroom door"), or the answer says a word of one name and none of the
    other ("Bathroom" answered "The door leads into the living room."). A stock answer ("Nothing
    unusual is going on there.") or one that says both ("It's a cup." for "red cup", "green cup") does
    not.

    >>> said = "The door leads out."
    >>> _one_thing(said, "bathroom door", "door"), _one_thing(said, "Bathroom", "door")
    (True, True)
    >>> _one_thing("It's a cup.", "green cup", "red cup"), _one_thing("Nothing unusual here.", "curve", "bar")
    (False, False)
    """
    said = set(ANSWER_WORD.findall(words.lower()))
    ours, theirs = set(name.lower().split()), set(earlier.lower().split())
    if ours <= theirs or theirs <= ours:
        return True
    return any(len(w) > 2 and w in said for w in theirs) != any(len(w) > 2 and w in said for w in ours)


def _readable_part(name: str, answer: str) -> str:
    """The part of a name to ask about when the game did not read it whole: the words before the word
    its answer says it does not know, else the name's last word.

    >>> _readable_part('matchbook whose cover says "Visit"', 'I do not know the word "whose".')
    'matchbook'
    >>> _readable_part("ornamented sceptre", 'I do not know the word "ornamented".')
    'sceptre'
    """
    words = name.split()
    unknown = KNOWS_NO_WORD.search(answer)
    lowered = [w.lower().strip("\"'") for w in words]
    if unknown and unknown.group(1).lower() in lowered[1:]:
        return " ".join(words[: lowered.index(unknown.group(1).lower())])
    return words[-1]


def _taken_silently(name: str, answers: dict[str, str]) -> bool:
    """Whether the game answered examining a name with nothing at all: its parser took the name for a
    thing here (a name it cannot place is always answered) and the thing had nothing to say.

    >>> _taken_silently("ash", {"ash": " "}), _taken_silently("ash", {})
    (True, False)
    >>> _taken_silently("ash", {"ash": "No."})
    False
    """
    return name in answers and not answers[name].strip()


def _no_thing(answer: str) -> bool:
    """Whether an answer to "examine NAME" says no such thing is here or the name holds a word the game
    does not know."""
    return said_not_here(answer) or unknown_word(answer)


def _not_here_any_more(answer: str, carried: tuple[str, ...] = ()) -> bool:
    """Whether the game's answer to taking a thing says the player has it already, sees no such thing,
    or that it is a part of a thing carried.

    >>> _not_here_any_more("You already have that."), _not_here_any_more("You can't see any such thing.")
    (True, True)
    >>> _not_here_any_more("Taken."), _not_here_any_more("")
    (False, False)
    >>> held = ("electric torch", "rope")
    >>> _not_here_any_more("That seems to be a part of the torch.", held)
    True
    >>> _not_here_any_more("That seems to be a part of the machine.", held)
    False
    """
    part = PART_OF.search(answer[:240])
    if part and already_listed(part.group(1), frozenset(carried)):
        return True
    return bool(ALREADY_HAVE.search(answer[:240])) or said_not_here(answer)


def among_carried(name: str, listing: frozenset[str]) -> bool:
    """Whether a name is one an inventory listing gives or a part of one: the same head word (the last
    before any "of") with the words of one within the other's ("wrench" and "steel wrench", "packet"
    and "packet of pins"; not "brass key" and "iron key"), what follows its "of" ("pins"), or the
    listed name and a word more ("tweed waistcoat pocket").

    >>> listing = frozenset({"steel wrench", "brass thimble", "packet of pins", "tweed waistcoat"})
    >>> among_carried("wrench", listing), among_carried("Brass Thimble", listing)
    (True, True)
    >>> [among_carried(n, listing) for n in ("packet", "pins", "tweed waistcoat pocket")]
    [True, True, True]
    >>> among_carried("iron wrench", listing), among_carried("thimble case", listing)
    (False, False)
    >>> among_carried("painting of the priest", frozenset({"painting of Mad Isaac"}))
    False
    """
    words = name.lower().split()
    for listed in listing:
        other = listed.lower().split()
        if words[: len(other)] == other or ("of" in other and words == other[other.index("of") + 1 :]):
            return True
        same_head = _before_of(words)[-1:] == _before_of(other)[-1:]
        if same_head and (set(words) <= set(other) or set(other) <= set(words)):
            return True
    return False


def _before_of(words: list[str]) -> list[str]:
    """A name's words up to its first "of" ("packet of pins" -> "packet"), the name whole without one."""
    return words[: words.index("of")] if "of" in words[1:] else words


def brief_things_here(context: TurnContext, sight: SightCheck | None) -> None:
    """The context's things here as the briefing gives them: "Seen here" without the things the game
    says are no longer in sight or already the player's, and "Also named here"
    (named_things, of the room's text and the last replies given there) kept to the names the game answers
    as things in sight and not the player's, each once by the game's name. `sight` None (side copies
    would cost turns): the world model's things and the room text's names as they are."""
    if sight is not None:
        sight.new_turn()
    if sight is not None and context.visible_items:
        keep = sight.still_here(
            context.room_id, context.visible_items, context.last_output, context.inventory
        )
        context.visible_items = [n for n, k in zip(context.visible_items, keep, strict=True) if k]
        if len(context.seen_lines) == len(keep):
            context.seen_lines = [line for line, k in zip(context.seen_lines, keep, strict=True) if k]
    listed = frozenset([*context.visible_items, *context.inventory])
    knows = context.vocabulary.names_a_thing
    if sight is None:
        context.named_here = without_state_words(named_things(context.room_text, knows, listed))
        return
    heard = sight.hear(context.room_id, context.last_output)
    nouns = knows if context.vocabulary.nouns else None  # runs of nouns, where the story marks them
    text = f"{context.room_text}\n\n{heard}"
    named = named_things(text, knows, listed, 2 * NAMED_KEPT, place_parts=True, nouns=nouns)
    named = sight.confirmed(
        context.room_id,
        named,
        context.last_output,
        context.room_text,
        tuple(context.visible_items),
        context.room_name or "",
    )
    named = [n for n in named if not already_listed(n, listed)][:NAMED_KEPT]  # listed by the game's name
    gone = sight.held(named, tuple(context.inventory), context.last_output)  # carried under another name
    # a name of the text that names a thing carried more fully: here when the game takes it from here
    fuller = named_things(text, knows, frozenset(context.visible_items), 2 * NAMED_KEPT, nouns=nouns)
    here = sight.fuller_here(fuller, tuple(context.inventory), context.last_output)
    context.named_here = without_state_words([n for n in named if n not in gone] + here)[:NAMED_KEPT]
    _leave_out_carried(context, sight)


def without_state_words(names: list[str]) -> list[str]:
    """Names as "Also named here" gives them: without a state word a text put before a name ("a locked
    locker"), which the game may have changed since (the room's text as first seen still says it),
    each once.

    >>> without_state_words(["locked locker", "counter", "closed door", "door", "unlocked"])
    ['locker', 'counter', 'door', 'unlocked']
    """
    bare = [n[found.end() :] if (found := LEADING_STATE.match(n)) and " " in n else n for n in names]
    return list(dict.fromkeys(bare))


def _leave_out_carried(context: TurnContext, sight: SightCheck) -> None:
    """Leave out of both lists the things the game's own inventory lists: what the player carries, and
    what is inside a thing carried (a box taken with its contents, things the game stowed in a sack),
    which "take" in a side copy answers as things in reach; a name of the room's text that is the
    first words of one listed is that thing."""
    if not (context.visible_items or context.named_here):
        return
    listing = sight.carried_listing(context.last_output)
    keep = [not sight.carried_as(n, listing) for n in context.visible_items]
    if len(context.seen_lines) == len(keep):
        context.seen_lines = [line for line, k in zip(context.seen_lines, keep, strict=True) if k]
    context.visible_items = [n for n, k in zip(context.visible_items, keep, strict=True) if k]
    context.named_here = [
        n for n in context.named_here if not (sight.carried_as(n, listing) or _first_words_of(n, listing))
    ]


def _first_words_of(name: str, listing: frozenset[str]) -> bool:
    """Whether a name the room's text gave is the first words of a name the inventory lists: a word
    describing a thing carried ("ancient" of "ancient prayer book").

    >>> carried = frozenset({"ancient prayer book"})
    >>> _first_words_of("ancient", carried), _first_words_of("book", carried)
    (True, False)
    """
    words = name.lower().split()
    return any(listed.lower().split()[: len(words)] == words for listed in listing)

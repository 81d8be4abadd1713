"""The reading of a side copy's answer to a command that names a thing ("examine NAME", one line of
"take all"): whether the game treats the name as a thing in sight, says no such thing is here, or does not
know a word of it (how far the parser read a name it could not read whole is items_sight.py's). The
turn's own reply is read by reply.py; these read the answers perception asks for
(managers/named_things.py, things_in_sight.py, the items' rules)."""

from __future__ import annotations

import re

from autofrotz.reading.patterns import which_options

# The parser libraries' answers for a name that is no thing in sight: not in scope, a word the
# dictionary lacks or the story calls not worth naming, a name read only in part or as several things
# ("three bears"), or too dark to see.
NOT_IN_SCOPE = (  # the parser says in so many words that no such thing is in sight
    r"can(?:no|')t see any such|can(?:no|')t see any [\w'-]+(?: [\w'-]+){0,3} here|(?:don't|do not) see any"
    r"|(?:^|:\s+)(?:you|i) see no\b|\bno such thing|\b(?:is|are)n't here\b"
    r"|there(?: is|'s) no [\w'-]+(?: [\w'-]+){0,3} here|can(?:no|')t see \"[^\"]+\" \("
)
NOT_IN_SIGHT = re.compile(
    NOT_IN_SCOPE + r"|(?:don't|doesn't|do not) know the word|not familiar with the word|don't know what an? "
    r"|not something you need to|(?:don't|do not) need to (?:refer|worry)|\bnot important\b"
    r"|no need to (?:refer|worry|concern)|only understood you as far as|understood only as far as"
    r"|(?:too|pitch) dark\b|what do you want to examine|^\s*(?:what|huh)\?|multiple objects"
    r"|sentence isn't one I recognize|in a way that I don't understand",
    re.IGNORECASE,
)
SAID_NOT_HERE = re.compile(NOT_IN_SCOPE, re.IGNORECASE)
# The parser's answer for a word its dictionary lacks: nothing the player can name by that word.
WORD_NOT_KNOWN = re.compile(
    r"(?:don't|doesn't|do not) know the word|not familiar with the word|don't know what an? ", re.IGNORECASE
)


def in_sight(reply: str) -> bool:
    """Whether the game's answer to a command naming a thing ("examine NAME", one line of "take all")
    treats the name as a thing in sight.

    >>> in_sight("You can't see any such thing."), in_sight("There's nothing special about the gate.")
    (False, True)
    >>> in_sight("You can't see any soft curve here!"), in_sight('I don\\'t know the word "curve".')
    (False, False)
    >>> in_sight("You can't see any nasty-looking troll here!")
    False
    >>> in_sight('You cannot see "him" (the little gnome) at the moment.')
    False
    >>> in_sight("That sentence isn't one I recognize.")
    False
    >>> in_sight("That's not something you need to refer to in the course of this game.")
    False
    >>> in_sight("I only understood you as far as wanting to examine the window.")
    False
    >>> in_sight("Which do you mean, the red door or the blue door?"), in_sight("")
    (True, False)
    >>> in_sight("It is a plain window. You can't see through the grime.")
    True
    >>> in_sight("I see no lamp here."), in_sight("The village sleeps; you see no signs of life.")
    (False, True)
    """
    head = reply.strip()[:240]
    return bool(head) and not NOT_IN_SIGHT.search(head)


def unknown_word(reply: str) -> bool:
    """Whether the game's answer says a word of the command is not in its dictionary.

    >>> unknown_word('I do not know the word "tapering".'), unknown_word("You can't see any such thing.")
    (True, False)
    """
    return bool(WORD_NOT_KNOWN.search(reply.strip()[:240]))


def said_not_here(reply: str) -> bool:
    """Whether the game's answer to "examine NAME" says no such thing is here (not merely that it could
    not read the name).

    >>> said_not_here("You can't see any such thing."), said_not_here("I only understood you as far as x.")
    (True, False)
    """
    return bool(SAID_NOT_HERE.search(reply.strip()[:240]))


# A line of an answer to a command on several things, led by the game's name for the one it is about.
ANSWERED_NAME = re.compile(r"^\s*([\w' -]{2,40}): \S", re.MULTILINE)


def answered_names(answer: str) -> set[str]:
    """The game's names for the things an answer to a command on several answers thing by thing.

    >>> sorted(answered_names("hunting woods: The woods are far.\\nmossy wall: You can't reach it."))
    ['hunting woods', 'mossy wall']
    >>> answered_names("hunting woods: The woods are far."), answered_names("You can't use multiple objects.")
    ({'hunting woods'}, set())
    """
    return {m.group(1).strip().lower() for m in ANSWERED_NAME.finditer(answer)}


# The parser read the words but not as a command's noun ("the troll breathes" is a sentence of its own):
# the name is a fragment, and its last word alone would pick some other thing.
NOT_A_NOUN = re.compile(r"sentence isn't one I recognize|in a way that I don't understand", re.IGNORECASE)


# The game's own name for the thing an examine answered: a parser's note of the object it chose, or the
# library's stock answer for a thing with no description of its own.
OWN_NAME = (
    re.compile(r"^\s*\((?:the |an? |some )?([^()\n]{2,40})\)\s*\n"),
    re.compile(r"\bnothing (?:special|unusual) about (?:the |an? |some )?([^.!\n]{2,40})[.!]", re.IGNORECASE),
)


# The library's stock answers for a thing with no description of its own, which is what a compass
# direction ("wall", "floor", "sky") or a floor or ceiling every room shares answers.
STOCK_ANSWER = re.compile(r"\bnothing (?:special|unusual|unexpected)\b", re.IGNORECASE)
# The parts of a place the library's compass directions answer to (walls, the floor or ground, the
# ceiling or sky): answered with the stock words, they may be any room's; a path or stairs may not.
COMPASS_PARTS = frozenset(["wall", "walls", "floor", "ground", "ceiling", "roof", "sky"])


def part_in_sight(answer: str, asked: str) -> bool:
    """Whether the game's answer to examining a part of the place (`asked`: "wall", "black wall") names
    the room's own: in sight, described in words of its own when it is a part a compass direction answers
    to (not the library's stock answer, which a compass wall or a floor every room shares gives), and,
    when the parser asks which is meant, one option is that part by its bare name ("or the wall?" after
    the compass walls).

    >>> part_in_sight("Which do you mean, the north wall, the south wall or the wall?", "black wall")
    True
    >>> part_in_sight("Which wall do you mean, the granite wall or the surrounding wall?", "wall")
    False
    >>> part_in_sight("You see nothing unexpected in that direction.", "ground")
    False
    >>> part_in_sight("You see nothing special about the floor.", "floor")
    False
    >>> part_in_sight("Many are old and rotted.", "tombs"), part_in_sight("You can't see any such.", "wall")
    (True, False)
    >>> part_in_sight("You see nothing special about the path.", "path")  # no compass direction's name
    True
    """
    head = asked.split()[-1].lower()
    if not in_sight(answer) or (head in COMPASS_PARTS and STOCK_ANSWER.search(answer[:240])):
        return False
    options = which_options(answer)
    return not options or any(o.lower() == head for o in options)


def own_name(answer: str) -> str | None:
    """The name an answer to "examine" gives the thing it describes, if it gives one.

    >>> own_name("You see nothing special about Mill Lane."), own_name("(the low wall)\\nTall.")
    ('Mill Lane', 'low wall')
    >>> own_name("The walls are tall.") is None
    True
    """
    for pattern in OWN_NAME:
        match = pattern.search(answer)
        if match:
            return match.group(1).strip()
    return None


def description(answer: str) -> str:
    """An answer to "examine" without the parser's note of the object it chose, whitespace made single.

    >>> description("(the low wall)\\nIt is  low."), description("It is low.")
    ('It is low.', 'It is low.')
    """
    return " ".join(OWN_NAME[0].sub("", answer, count=1).split())


def describes_room(answer: str, room_text: str) -> bool:
    """Whether an answer to "examine NAME" is the room's own description (the name is the room's).

    >>> room = "A bare cell. Tiles cover the floor. A door leads out."
    >>> describes_room("A bare cell. Tiles cover the floor.", room), describes_room("A plain door.", room)
    (True, False)
    """
    start, said = " ".join(room_text.split())[:60], " ".join(answer.split())
    length = min(len(start), len(said))
    return length >= 12 and said[:length] == start[:length]

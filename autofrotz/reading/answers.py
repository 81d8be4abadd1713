"""The reading of a side copy's answer to a command that names a thing ("examine NAME", one line of
"take all"): whether the game treats the name as a thing in sight, says no such thing is here, or does not
know a word of it. The turn's own reply is read by reply.py; these read the answers perception asks for
(managers/named_things.py, things_in_sight.py, the items' rules)."""

from __future__ import annotations

import re

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


# The parser read the name's first words as a thing in sight and stopped at the rest ("I only understood
# you as far as wanting to examine the timber." for "timber header"): that thing, by the game's name.
READ_AS_FAR_AS = re.compile(
    r"(?:only understood you|understood only) as far as wanting to examine "
    r"(?:the |an? |some )?([^.!\n]{2,40})\.",
    re.IGNORECASE,
)


def read_part(answer: str) -> str | None:
    """The thing an answer to "examine NAME" says the parser read before the words it could not place.

    >>> read_part("I only understood you as far as wanting to examine the timber.")
    'timber'
    >>> read_part("You can't see any such thing.") is None
    True
    """
    match = READ_AS_FAR_AS.search(answer[:240])
    return match.group(1).strip() if match else None

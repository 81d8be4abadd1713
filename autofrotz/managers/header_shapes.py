"""Room headers that are not capitalised title lines: a name in parentheses, a lower-case name, a
lower-case name between ornaments.

Both are read by shape and position only: a short line of its own at the start of a paragraph, right
above a line that opens like a room description ("You're in the back room of your shop..."), or a name
the map already knows. The Title Case and Sentence case headers of the Infocom, Inform and TADS
libraries are read in room_parser; these are the other shapes seen in the wider corpus.
"""

from __future__ import annotations

from dataclasses import dataclass

from autofrotz.reading.rooms_headers import (
    DESCRIPTION_OPENERS,
    LIBRARY_ASIDE,
    LOWERCASE_NAME,
    ORNAMENTED,
    PARENTHESISED,
    first_match,
)


@dataclass(frozen=True)
class HeaderFound:
    """The room a reply names, the index of its line (-1 for none or a status line) and the rule."""

    name: str | None
    index: int = -1
    rule: str | None = None


MAX_WORDS = 6
MIRROR = str.maketrans("<>[]", "><][")
# First words of a sentence the game says between ornaments ("*** you have died ***"), never a room's.
SUBJECT_WORDS: frozenset[str] = frozenset({"you", "i", "he", "she", "they", "we", "it"})


def opens_description(line: str) -> bool:
    """True when a line opens like a room's description.

    >>> opens_description("You're in the back room of your shop."), opens_description("You take it.")
    (True, False)
    >>> opens_description("I am in a forge. The fire has burned low.")
    True
    >>> opens_description("You find yourself in a yard."), opens_description("You are back in the yard.")
    (True, True)
    """
    return first_match(DESCRIPTION_OPENERS, line.strip().lower()) is not None


def parenthesised_name(line: str) -> str | None:
    """The name of a header line written in parentheses, "(back room)"; None for the library's asides.

    >>> parenthesised_name("(back room)"), parenthesised_name("(the brass lamp)")
    ('back room', None)
    >>> parenthesised_name("(first taking the key)"), parenthesised_name("(Heavy!)")
    (None, None)
    """
    m = PARENTHESISED.match(line.rstrip())
    if not m:
        return None
    name = m.group("name").strip()
    if not name or len(name.split()) > MAX_WORDS or name[-1] in ".!?,;:" or LIBRARY_ASIDE.match(name):
        return None
    return name


def lowercase_name(line: str) -> str | None:
    """The name of a header line written in lower case, "back room"; None for other lines.

    >>> lowercase_name("back room"), lowercase_name("Back Room"), lowercase_name("  indented line")
    ('back room', None, None)
    """
    text = line.rstrip()
    if not LOWERCASE_NAME.match(text) or len(text.split()) > MAX_WORDS:
        return None
    return text


def ornamented_name(line: str) -> str | None:
    """The lower-case name between mirrored ornaments, "<< back room >>"; None for other lines, a
    sentence between stars ("*** you have died ***") and the Title Case lines room_parser reads.

    >>> ornamented_name("<< back room >>"), ornamented_name("-= back room =-"), ornamented_name("[cellar]")
    ('back room', 'back room', 'cellar')
    >>> ornamented_name("*** you have died ***"), ornamented_name("<< back room ]"), ornamented_name("> hall")
    (None, None, None)
    """
    m = ORNAMENTED.match(line.strip())
    if not m or m.group("open").translate(MIRROR)[::-1] != m.group("close"):
        return None
    name = lowercase_name(m.group("name"))
    if name is None or name.split()[0] in SUBJECT_WORDS or name == "the end":
        return None
    return name


def ornamented_header(lines: list[str], i: int, known: frozenset[str]) -> HeaderFound | None:
    """Line i as a lower-case header between ornaments at the start of a paragraph (rule
    ornamented_name): some games print every room's name so, "<< back room >>", in lower case; the
    mirrored ornaments mark it as a name without a description to follow.

    >>> ornamented_header(["<< back room >>", "Shelves line the walls."], 0, frozenset())
    HeaderFound(name='back room', index=0, rule='ornamented_name')
    >>> ornamented_header(["It reads", "<< back room >>"], 1, frozenset()) is None
    True
    """
    if (i > 0 and lines[i - 1].strip()) or lines[i] != lines[i].lstrip():
        return None  # not the start of a paragraph, or an indented line (a sign, a quotation)
    name = ornamented_name(lines[i])
    return HeaderFound(name, i, "ornamented_name") if name else None


def parenthesised_header(lines: list[str], i: int, known: frozenset[str]) -> HeaderFound | None:
    """Line i as a parenthesised header in its place: "(back room)" over a room description.

    >>> parenthesised_header(["(back room)", "You're in the back room of your shop."], 0, frozenset())
    HeaderFound(name='back room', index=0, rule='parenthesised_name')
    """
    name = in_place(parenthesised_name(lines[i]), lines, i, known)
    return HeaderFound(name, i, "parenthesised_name") if name else None


def lowercase_header(lines: list[str], i: int, known: frozenset[str]) -> HeaderFound | None:
    """Line i as a lower-case header in its place: "cellar" over a room description.

    >>> lowercase_header(["", "cellar", "You are in a damp cellar."], 1, frozenset())
    HeaderFound(name='cellar', index=1, rule='lowercase_name')
    >>> lowercase_header(["The paths lead", "off to the", "You are in a cellar."], 1, frozenset()) is None
    True
    """
    name = in_place(lowercase_name(lines[i]), lines, i, known)
    return HeaderFound(name, i, "lowercase_name") if name else None


def in_place(name: str | None, lines: list[str], i: int, known: frozenset[str]) -> str | None:
    """The name, when its line stands alone at the start of a paragraph and either opens a room's
    description on the next line or is a room the map already knows (a brief revisit)."""
    if name is None or (i > 0 and lines[i - 1].strip()):
        return None  # not the start of a paragraph: a wrapped line of text
    following = lines[i + 1] if i + 1 < len(lines) else ""
    if opens_description(following) or (name.lower() in known and not following.strip()):
        return name
    return None

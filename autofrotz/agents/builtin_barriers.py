"""Things that bar a way, read from the refusal of a move (exploration rules of the built-in agent).

Rules:

- `open-what-bars-the-way`: a refused move whose reply names a thing of this room ("You are unable to
  climb past the iron grille.", "You bump into the closed cellar doors.") opens that thing (a lock met
  there is unlocked by the reply rules): a thing of a kind that opens, or any thing the refusal speaks
  of as shut or as what the player cannot get past (so a refusal naming a stream or a gap does not
  waste a turn on opening it).
- `go-where-the-opened-thing-barred`: once the thing is opened ("You open the iron grille.") the move it
  barred is sent again.

- `open-what-bars-the-way` leaves alone a thing the parser said does not open ("That's not something you
  can open."), in every room, and a refusal that names where there is no way ("There is no entrance on
  this side.") names no barrier.
- `leave-behind-what-bars-the-way`: a refused move whose reply is about what we carry ("You can't carry
  things into the lift.", "The porter glances at your umbrella and shows you the door.") drops what it
  names (everything when it names nothing we carry), then sends the move again; once per room and move.

The convention: a game's stock refusal of a move ("You can't go that way.") names nothing; a refusal that
names a thing standing in the room names what is in the way, and the genre's way past a thing in the way
is to open it: grates, hatches, doors of every name, lids over holes. The words of the refusal are
matched with the room's own nouns, so no game's nouns are listed here.
"""

from __future__ import annotations

from autofrotz.agents import builtin_words as w
from autofrotz.reading.agent_ways import (
    CARRYING,
    NOT_OPENABLE,
    NOT_OPENED,
    OPENED_OR_SWUNG,
    SHUT,
    YOURS,
    YOURS_PAST_ONE_WORD,
)
from autofrotz.reading.patterns import STOCK_MOVE_REFUSAL
from autofrotz.reading.told_text import HYPHENED_WORDS, PARAGRAPH_BREAK

READ_CHARS = 200  # a refusal names its obstacle at once
BARRIERS_PER_REFUSAL = 2  # things of the room one refusal may name
# The frame of a room is no barrier one opens: walls, floors and the like, and the way itself.
FRAME = frozenset(["way", "wall", "walls", "floor", "ground", "ceiling", "room", "direction", "path", "side"])


def barring_things(text: str, nouns: list[str]) -> list[str]:
    """Nouns of this room that a refused move's reply names by their head word (rule
    `open-what-bars-the-way`).

    >>> barring_things("You are unable to climb past the iron grille.", ["moss", "iron grille", "ledge"])
    ['iron grille']
    >>> barring_things("You can't go that way.", ["door", "table"])
    []
    >>> barring_things("You can't go that way.\\nThe lights switch back on.", ["light switch"])
    []
    >>> barring_things("The wall is in the way of the door.", ["wall", "oak door"])
    ['oak door']
    >>> barring_things("There is no entrance into the chapel on this side.", ["chapel"])
    []

    A thing that is not of a kind that opens bars the way only when the refusal speaks of it as shut or
    as what the player cannot get past:

    >>> barring_things("The gap is much too narrow for you to squeeze in.", ["narrow gap"])
    []
    >>> barring_things("You bump into the closed cellar doors.", ["cellar doors"])
    ['cellar doors']
    """
    first = text.strip().split("\n")[0]  # the refusal itself, not what happens after it
    if not refusal_shaped(text) or STOCK_MOVE_REFUSAL.search(first):
        return []
    words = set(HYPHENED_WORDS.findall(first[:READ_CHARS].lower()))
    shut = bool(SHUT.search(first[:READ_CHARS]))
    found = [n for n in nouns if n and w.head(n) in words and w.head(n) not in FRAME]
    found = [n for n in found if shut or w.has_class(n, w.OPENABLE)]
    return list(dict.fromkeys(found))[:BARRIERS_PER_REFUSAL]


def refusal_shaped(text: str) -> bool:
    """Whether a reply to a move reads as a refusal (a stock refusal word, or one short sentence), not
    as a room reached that the map took for the same room.

    >>> refusal_shaped("You bump into the closed cellar doors.  Ouch!"), refusal_shaped("On the Moor")
    (True, False)
    >>> refusal_shaped("On the Moor\\nHeather stretches away on every side of you.")
    False
    """
    body = text.strip()
    if w.is_refusal(body[:READ_CHARS]):
        return True
    return "\n" not in body and len(body) <= READ_CHARS and body[-1:] in ".!"


def opened_barrier(command: str, text: str, barred: list[list[str]], room: str | None) -> list[str]:
    """The moves to send again because the command opened a thing that barred them here (rule
    `go-where-the-opened-thing-barred`); `barred` holds [room, thing, move] rows.

    >>> rows = [["ledge", "iron grille", "down"], ["hall", "iron grille", "north"]]
    >>> opened_barrier("open iron grille", "You open the iron grille.", rows, "ledge")
    ['down']
    >>> opened_barrier("open iron grille", "It seems to be locked.", rows, "ledge")
    []
    """
    if not command.startswith("open ") or not OPENED_OR_SWUNG.search(text[:READ_CHARS]):
        return []
    if NOT_OPENED.search(text[:READ_CHARS]):
        return []
    thing = command[5:]
    return [move for where, name, move in barred if where == (room or "?") and w.head(name) == w.head(thing)]


LEAVE_CHARS = 600  # a move bounced back prints the room it reached, then why it was sent back


def left_behind(text: str, carried: list[str]) -> list[str]:
    """What to drop before a refused move is sent again (rule `leave-behind-what-bars-the-way`): the
    carried things the reply names as ours ("your umbrella"), else everything when it speaks of carrying.

    >>> left_behind("The porter glances at your umbrella and shows you the door.", ["old umbrella", "coin"])
    ['old umbrella']
    >>> left_behind("You can't carry things into the lift.", ["coin"])
    ['all']
    >>> left_behind("You can't go that way.", ["coin"]), left_behind("You can't carry that.", [])
    ([], [])

    Only the refusal speaks of carrying, not a passer-by in the next paragraph:

    >>> left_behind("You aren't in anything.\\n\\nTwo girls go by carrying bags.", ["coin"])
    []
    """
    body = text.strip()[:LEAVE_CHARS]
    if not carried or STOCK_MOVE_REFUSAL.search(body):
        return []
    refusal = PARAGRAPH_BREAK.split(body)[0]
    low = body.lower()  # the word after "your", and after "your" and one adjective
    ours = set(YOURS_PAST_ONE_WORD.findall(low)) | set(YOURS.findall(low))
    named = [c for c in carried if w.head(c) in ours]
    if named:
        return named[:BARRIERS_PER_REFUSAL]
    return ["all"] if CARRYING.search(refusal) else []


def unopenable(command: str, text: str) -> str | None:
    """The thing an "open" command was told does not open (it bars nothing a player can open).

    >>> unopenable("open old chapel", "That's not something you can open."), unopenable("open box", "Opened.")
    ('old chapel', None)
    """
    if not command.startswith("open ") or not NOT_OPENABLE.search(text[:READ_CHARS]):
        return None
    return command[5:]

"""A side "look" read beside a move's reply in a game that prints no room headers.

Convention: "look" reprints the description of the room the player stands in. In a game without
headers a move's reply is read as the room by its opening paragraph (described_step); but a game may
refuse a move in words of its own that read like a description ("Peat hags bar the way. The track runs
north and east from here."). When the side copy's "look" (side_copies, asked at no game turn)
opens with another paragraph than the reply, and that paragraph is the description of the room the
map has us in, the move led nowhere: the reply was the game's refusal. Rule `look_says_still_here`
(map_rules_unnamed) reads it; the unread_headers check does not count such a reply as a move. When the
look opens with another paragraph than the reply and the move was not refused, rule
`look_names_the_room` reads the look's opening as the room: the reply told the journey, an event or a
short revisit first.
"""

from __future__ import annotations

from autofrotz.managers.map_state import ELSEWHERE_NAME, MapState
from autofrotz.managers.room_parser import parse_output
from autofrotz.managers.room_prose import leading_paragraph
from autofrotz.reading import told_text
from autofrotz.words.directions import OPPOSITES, edge_label


def plain_words(text: str) -> str:
    """A text's words, lower case, without punctuation or line breaks.

    >>> plain_words("The Cairn.\\nA track\\nleads north!")
    'the cairn a track leads north'
    """
    return told_text.plain_words(text)


def headed_look(look: str | None) -> bool:
    """True when a side look shows a room header our reader takes. A game that prints headers names
    its rooms by them, so such a look is never read by its paragraphs (the rules of this module and
    look_names_the_room, look_confirms_passage), even while the map counts the game as one read by
    descriptions (replies such as "This is a wooden box." counted as headerless rooms).

    >>> headed_look("Foyer\\nFaded posters line the walls. Doors lead north.\\n")
    True
    >>> headed_look("\\nHeather runs to the cairn. A track leads north.\\n"), headed_look(None)
    (False, False)
    """
    return bool(look) and bool(parse_output(look or "").header)


def look_disowns(look: str | None, reply: str, command: str | None, here_texts: frozenset[str]) -> bool:
    """True when a compass move's reply is not the room's description because the side look, which
    names no header, opens with the description of the room we were in, and the reply does not.

    >>> here = frozenset({"Heather runs to the cairn. A track leads north."})
    >>> look = "\\nHeather runs to the cairn. A track leads north.\\n"
    >>> look_disowns(look, "Peat hags bar the way. The track runs north from here.", "west", here)
    True
    >>> look_disowns(look, "Heather runs to the cairn. A track leads north.", "west", here)
    False
    >>> look_disowns("\\nA ford. The track goes north.\\n", "A ford. The track goes north.", "north", here)
    False
    >>> look_disowns(look, "Peat hags bar the way.", "take all", here)
    False
    """
    if not look or not command or edge_label(command) not in OPPOSITES:
        return False
    if headed_look(look):
        return False  # a game with headers: its rooms are read by them
    opening, answered = plain_words(leading_paragraph(look)), plain_words(leading_paragraph(reply))
    if not opening or opening == answered:
        return False
    return opening in {plain_words(text) for text in here_texts}


def look_keeps_header(look: str | None, command: str | None, here: str | None) -> bool:
    """True when a compass move's reply showed no room, and the side look, in a game that prints
    headers, names the room we were in: the reply was the game's refusal in words of its own (the
    caller reads only replies without a header or darkness). Not "in" or "out", which also get the
    player into or out of things where they stand.

    >>> look_keeps_header("Foyer\\nFaded posters line the walls.\\n", "north", "Foyer")
    True
    >>> look_keeps_header("Cloakroom\\nHooks line the walls.\\n", "north", "Foyer")
    False
    >>> look_keeps_header("\\nFaded posters line the walls.\\n", "north", "Foyer")
    False
    """
    if not look or not here or not command or edge_label(command) not in OPPOSITES:
        return False
    if edge_label(command) in ("in", "out"):
        return False
    header = parse_output(look).header
    return bool(header) and str(header).lower() == here.lower()


def intro_openings(text: str) -> frozenset[str]:
    """Each paragraph of the story's first output read as a room's opening: the banner and the
    title come before the first room's description.

    >>> sorted(intro_openings("The chores wait.\\n\\nFARM\\nRelease 1\\n\\nMud covers the yard."))
    ['FARM Release 1', 'Mud covers the yard.', 'The chores wait.']
    """
    chunks = text.replace("\r", "").split("\n\n")
    return frozenset(p for p in (leading_paragraph(chunk) for chunk in chunks) if p)


def here_texts(maps: MapState) -> frozenset[str]:
    """The texts the room the map has us in is known by: its stored description, and at the story's
    unnamed start the paragraphs of the first output (the start room's description is among them)."""

    here = maps.current_room
    if here is None:
        return frozenset()
    texts = {str(maps.room(here).get("description") or "")}
    if maps.store.current_name() == ELSEWHERE_NAME:
        texts |= intro_openings(maps.scene.intro)
    return frozenset(t for t in texts if t)

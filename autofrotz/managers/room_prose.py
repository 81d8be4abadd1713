"""Room descriptions read as prose: paragraphs, the lines that list objects, old-style openings ("You
are in a garden..."), travel lines told before a description, and the place words a revisit's short
wording shares with the full one. Pure functions over text; room_parser reads headers and gathers these.
"""

from __future__ import annotations

from autofrotz.reading.rooms_headers import DESCRIPTION_OPENERS, first_match
from autofrotz.reading.rooms_prose import EXITS_OPENING, ITEM_LINE_PATTERNS, TRAVEL_LINE, sentence_ends
from autofrotz.reading.told_text import WORDS
from autofrotz.reading.ways_exits import parse_exits


def is_item_line(line: str) -> bool:
    """True for a line that lists objects or people rather than describing the room.

    >>> is_item_line("There is a leather pouch here.")
    True
    >>> is_item_line("On the shelf is a dusty clay jug, smelling of old cider.")
    True
    >>> is_item_line("You are inside the pantry of a stone cottage.")
    False
    >>> is_item_line("There's a glaze brush here.")
    True
    """
    return first_match(ITEM_LINE_PATTERNS, line.strip()) is not None


def paragraph_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) indexes of runs of non-blank lines."""
    blocks, start = [], None
    for i, line in enumerate(lines + [""]):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            blocks.append((start, i))
            start = None
    return blocks


# Line endings after which a new line may open a description inside the same paragraph ("...vanished.").
LEAD_INS = (".", "!", ":")


def headerless_description(text: str) -> str | None:
    """The first paragraph that opens like an old-style room description ("You are in a garden..."),
    up to the first line listing an object.

    >>> headerless_description("You are in a herb garden. A path winds off to\\nthe east.")
    'You are in a herb garden. A path winds off to the east.'
    >>> headerless_description("You are in the cellar.\\nThere is a lamp here.")
    'You are in the cellar.'
    >>> headerless_description("You are carrying nothing.") is None
    True
    >>> headerless_description("The dust settles and you look around...\\nYou are by the lake.")
    'You are by the lake.'
    """
    lines = text.replace("\r", "").split("\n")
    for start, end in paragraph_blocks(lines):
        para = [line.strip() for line in lines[start:end]]
        opener = opening_line(para)
        if opener == 0 or (opener and para[opener - 1].endswith(LEAD_INS)):
            return _room_text(para, opener)  # an event told first ("He runs off.") may come before it
    return None


def opening_line(para: list[str]) -> int | None:
    """Index of the paragraph's first line that opens a room description."""
    return next((i for i, line in enumerate(para) if first_match(DESCRIPTION_OPENERS, line.lower())), None)


def _room_text(para: list[str], opener: int) -> str:
    """The description from its opening line, stopping where the lines listing objects begin."""
    end = next((i for i in range(opener + 1, len(para)) if is_item_line(para[i])), len(para))
    return " ".join(para[opener:end])


def leading_paragraph(text: str) -> str:
    """The reply's first paragraph, from its first description-like line when it has one.

    >>> leading_paragraph("The ogres finish the wall.\\nYou are in a long alley.\\n\\nThere is a rope here.")
    'You are in a long alley.'
    """
    lines = text.replace("\r", "").split("\n")
    blocks = paragraph_blocks(lines)
    if len(blocks) > 1 and is_travel_line(" ".join(line.strip() for line in lines[slice(*blocks[0])])):
        blocks = blocks[1:]  # the journey told before the room's description
    for start, end in blocks:
        para = [line.strip() for line in lines[start:end]]
        return _room_text(para, opening_line(para) or 0)
    return ""


def exits_closing_block(text: str) -> list[str]:
    """Rule exits_after_listing: the ways out an "Exits:" line names where it closes the reply's first
    paragraph below the things listed there, a line leading_paragraph leaves out with the listing.
    Convention: the Quill, PAWS and many type-in adventures print the room, the things in it and its
    exits as one block with no blank line between them.

    >>> exits_closing_block("A tin-roofed office.\\nYou can also see: a lamp.\\nExits: s w.\\n\\n>")
    ['south', 'west']
    >>> exits_closing_block("A hall.\\n\\nExits: north.")
    []
    """
    lines = text.replace("\r", "").split("\n")
    blocks = paragraph_blocks(lines)
    if not blocks:
        return []
    para = [line.strip() for line in lines[slice(*blocks[0])]]
    return [d for line in para if EXITS_OPENING.match(line) for d in parse_exits(line)]


def sentence_count(text: str, ends: str = ".!?") -> int:
    """How many sentences a paragraph has, by the marks that end them.

    >>> sentence_count("A hall. Exits lead north!"), sentence_count("A hall; exits lead north.", ".;")
    (2, 2)
    """
    return len(sentence_ends(ends).findall(text))


def is_travel_line(paragraph: str) -> bool:
    """Rule travel_line: a one-sentence paragraph telling the journey, with the player as the subject
    of a verb of going, before the room's own description. Convention: games (Inform's
    `print "..."; return Room;` idiom, and most libraries' travel messages) narrate a climb or a
    long walk first, then describe where it led.

    >>> is_travel_line("You climb the spiral stair, round and round."), is_travel_line("You are in a hall.")
    (True, False)
    >>> is_travel_line("You can see a lamp here."), is_travel_line("You climb. It is dark here.")
    (False, False)
    """
    text = paragraph.strip()
    return bool(TRAVEL_LINE.match(text)) and sentence_count(text) == 1


# Words that carry no sense of place, left out when a revisit's short wording is matched to a room.
PLACE_STOP_WORDS: frozenset[str] = frozenset(
    {"you", "are", "the", "and", "with", "this", "that", "there", "here", "which", "from", "your", "its",
     "standing", "now", "into", "onto", "once", "more", "again", "back", "some"}
)  # fmt: skip


def place_words(text: str) -> list[str]:
    """The words of a description that name the place.

    >>> place_words("You are in the herb garden.")
    ['herb', 'garden']
    """
    return [w for w in WORDS.findall(text.lower()) if len(w) > 2 and w not in PLACE_STOP_WORDS]


def short_form_share(short: str, full: str) -> float:
    """Share of the short text's place words that the full description has (a plural or longer
    form counts).

    >>> short_form_share("You are in the herb garden", "Fragrant herbs grow in this garden.")
    1.0
    >>> short_form_share("You are standing outside the mill", "You are outside a flint hut.")
    0.5
    """
    words, known = place_words(short), set(place_words(full))
    hits = sum(any(_same_stem(w, k) for k in known) for w in words)
    return hits / len(words) if words else 0.0


def _same_stem(a: str, b: str) -> bool:
    return a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a)))


def describes_a_room(text: str) -> bool:
    """Rule door_in_a_description: a reply that opens with a paragraph of two sentences or more naming
    two ways out or more is a room's description, so a shut door it mentions ("a pantry door to the
    west is shut") blocks nothing. Convention: a refusal is a short answer about the one way tried;
    a description lays out the room's exits, doors and their state among them.

    >>> describes_a_room("A warm kitchen. The hall is south, and the pantry door to the west is shut.")
    True
    >>> describes_a_room("The door is closed."), describes_a_room("The gate is locked. You need a key.")
    (False, False)
    """
    opening = leading_paragraph(text)
    return sentence_count(opening, ".!?;") >= 2 and len(parse_exits(opening)) >= 2

"""Deterministic parsing of one game output: room header, description, darkness, refusals, exits.

The IF text conventions it reads with are the tables of reading/rooms_headers.py; the map manager decides
identity from what this finds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from autofrotz.managers.header_shapes import (
    DESCRIPTION_OPENERS,
    HeaderFound,
    in_place,
    lowercase_header,
    ornamented_header,
    parenthesised_header,
)
from autofrotz.managers.room_prose import (
    describes_a_room,
    headerless_description,
    is_item_line,
    paragraph_blocks,
    sentence_count,
)
from autofrotz.managers.room_signals import blocked_reason
from autofrotz.managers.status_line import strip_status
from autofrotz.reading import Reading
from autofrotz.reading.patterns import is_dark, is_no_exit
from autofrotz.reading.rooms_headers import (
    BANNER_PATTERNS,
    DECORATED,
    DRAWING,
    EXITS_LINE,
    FULL_DESCRIPTION,
    INNER_SENTENCES,
    PARTICIPLE,
    POSITION_COMMA,
    POSITION_SUFFIX,
    POSSESSIVE,
    POSSESSIVE_END,
    first_match,
)
from autofrotz.reading.ways_exits import parse_exits, ways_in_later_paragraphs
from autofrotz.rules.switches import is_on

__all__ = [
    "DESCRIPTION_OPENERS",
    "HeaderFound",
    "ParsedOutput",
    "find_header",
    "locate_header",
    "parse_exits",
    "parse_output",
]

# Lines that are replies, never room names, though they are short and capitalised.
NOT_A_HEADER: frozenset[str] = frozenset(
    {"ok", "okay", "taken", "dropped", "done", "time passes", "nothing happens", "you can't",
     "welcome", "what", "yes", "no", "more", "hello", "score", "moves", "the end"}
)  # fmt: skip

# First words of a reply sentence, never of a room name in Sentence case ("You wield the sword").
REPLY_SUBJECTS: frozenset[str] = frozenset({"You", "I", "He", "She", "They", "We"})
BE_FORMS: frozenset[str] = frozenset({"am", "are", "is", "was", "were"})

# Words that stay lower-case inside a title ("Top of the Stairs", "West of House").
SMALL_WORDS: frozenset[str] = frozenset(
    {"a", "an", "the", "of", "in", "on", "at", "to", "by", "and", "or", "with", "near", "from", "into",
     "under", "over", "for", "up", "down", "beside", "behind", "outside", "inside", "below", "above",
     "&", "-", "de", "la", "le", "du", "von", "van", "off", "'s"}
)  # fmt: skip


@dataclass
class ParsedOutput:
    """What the rules could read from one game output."""

    header: str | None = None
    description: str = ""
    is_dark: bool = False
    no_exit: bool = False
    blocked_reason: str | None = None
    exits: list[str] = field(default_factory=list)
    headerless_room: bool = False  # description-only room (old-style games)
    position: str | None = None  # "(in the boat)" after the header: inside or on something
    header_rule: str | None = None  # which shape named the room: title, sentence, decorated, ... (LINE_RULES)
    status_name: str | None = None  # the room a status line in the reply named (a weak signal)


def is_full_description(line: str) -> bool:
    """True when a line reads like a room's full description rather than an item or state line.

    >>> is_full_description("You stand where the long gallery ends.")
    True
    >>> is_full_description("The tip of a mast is poking up out of the harbour.")
    False
    >>> is_full_description("You can see a spoon and a lamp here.")
    False
    """
    return len(line) >= 30 and FULL_DESCRIPTION.match(line.strip()) is not None


def strip_header_suffix(line: str) -> str:
    """Remove a position suffix such as " (on the bed)" or ", in the boat" from a header.

    >>> strip_header_suffix("Bedroom (on the bed)")
    'Bedroom'
    >>> strip_header_suffix("Dam Base, in the magic boat")
    'Dam Base'
    >>> strip_header_suffix("Stairwell (First Floor)")
    'Stairwell (First Floor)'
    """
    line = POSITION_SUFFIX.sub("", line.strip())
    return POSITION_COMMA.sub("", line)


def header_position(line: str) -> str | None:
    """The position suffix of a header line, if any.

    >>> header_position("Cellars (in the dumbwaiter)")
    '(in the dumbwaiter)'
    >>> header_position("Cellars") is None
    True
    """
    m = POSITION_SUFFIX.search(line.strip()) or POSITION_COMMA.search(line.strip())
    return m.group(0).strip(" ,") if m else None


def strip_decoration(line: str) -> str:
    """Remove symmetric ornaments some games put around headers.

    >>> strip_decoration("<< Chief's office >>")
    "Chief's office"
    >>> strip_decoration("*** The End ***")
    'The End'
    """
    m = DECORATED.fullmatch(line)
    return m.group(2) if m and m.group(2) else line


def header_shape(line: str) -> str | None:
    """ "title" for a Title Case room line, "sentence" for a Sentence case one, None otherwise.

    >>> header_shape("West of House")
    'title'
    >>> header_shape("In a hollow below the hill")
    'sentence'
    >>> header_shape("Taken.")
    >>> header_shape("Taken. (Heavy!)")
    >>> header_shape("  A brass lantern")
    """
    if not line or line[0].isspace() or len(line) > 60:
        return None
    name = strip_header_suffix(strip_decoration(line))
    if not name or not (name[0].isupper() or name[0].isdigit()) or _bad_ending(name):
        return None
    if name.split(".")[0].lower() in NOT_A_HEADER or first_match(BANNER_PATTERNS, name) or _drawing(name):
        return None
    words = name.replace("-", " ").split()
    if len(words) > 8:
        return None
    significant = [w for w in words if w.lower() not in SMALL_WORDS]
    if all(w[0].isupper() or not w[0].isalpha() for w in significant):
        return "title"
    return "sentence"


def _drawing(name: str) -> bool:
    """True for table or diagram rows: drawing symbols or wide gaps between words.

    >>> _drawing("West  +SS ..   +  East"), _drawing("Hall of Mists"), _drawing("Room # 30")
    (True, False, False)
    """
    return bool(DRAWING.search(name))


def _bad_ending(name: str) -> bool:
    """Sentence punctuation at the end; a closing quote counts only when nothing opened it.

    >>> _bad_ending('At "Y2"'), _bad_ending("Taken."), _bad_ending('He said "go"."')
    (False, True, True)
    """
    if name[-1] in "\"'" and name.count(name[-1]) >= 2:
        return name[-2] in ".!?,;:"
    return name[-1] in ".!?,;:\"'"


def looks_like_header(line: str) -> bool:
    """True when a line has the shape of a room title (either case style).

    >>> looks_like_header("West of House")
    True
    >>> looks_like_header("Where shall we go next")
    True
    >>> looks_like_header("Taken.")
    False
    """
    return header_shape(line) is not None


def _is_prose(line: str) -> bool:
    """A description line: a sentence ending like one, or (when the author left off the last full stop)
    a long line running two or more sentences.

    >>> _is_prose("You are in a damp cellar."), _is_prose("Wires everywhere. Fans hum. Pumps for instance")
    (True, True)
    >>> _is_prose("A brass lantern"), _is_prose("Score: 0. Moves: 3")
    (False, False)
    """
    text = line.strip()
    if len(text) <= 20 or " " not in text:
        return False
    return text[-1] in ".!?\"')" or (len(text) >= 40 and len(INNER_SENTENCES.findall(text)) >= 2)


def _banner_lines(lines: list[str]) -> set[int]:
    """Indexes of lines inside a paragraph that contains a banner line (title, copyright, release)."""
    banned: set[int] = set()
    for start, end in paragraph_blocks(lines):
        if any(first_match(BANNER_PATTERNS, lines[i]) for i in range(start, end)):
            banned.update(range(start, end))
    return banned


def find_header(text: str, known: frozenset[str] = frozenset()) -> tuple[str | None, int]:
    """Last room title in the output and its line index (-1 when there is none).

    `known` holds lower-case names of rooms already on the map (they vouch for Sentence case lines).

    >>> find_header("The lamp is now on.\\n\\nAttic\\nThis is the attic.")
    ('Attic', 2)
    >>> find_header("You are carrying:\\n  A lamp")
    (None, -1)
    """
    found = locate_header(text, known)
    return found.name, found.index


def locate_header(text: str, known: frozenset[str] = frozenset()) -> HeaderFound:
    """The room a reply names: the last line that one of LINE_RULES reads as a header, else the room
    a status line in the reply names (rule status_line, a weak signal).

    >>> locate_header("Taken.\\n>          HallScore: 0Moves: 3")
    HeaderFound(name='Hall', index=-1, rule='status_line')
    >>> locate_header("(back room)\\nYou're in the back room of your shop.")
    HeaderFound(name='back room', index=0, rule='parenthesised_name')
    """
    status = strip_status(text)
    lines = status.text.replace("\r", "").split("\n")
    banned = _banner_lines(lines)
    for i in range(len(lines) - 1, -1, -1):
        found = None if i in banned else _header_at(lines, i, known)
        if found is not None:
            return found
    if status.name:
        return HeaderFound(strip_header_suffix(status.name), -1, "status_line")
    return HeaderFound(None)


def header_lines(text: str, known: frozenset[str] = frozenset()) -> list[HeaderFound]:
    """Every line that LINE_RULES read as a header, top to bottom (status lines left out).

    >>> [h.name for h in header_lines("Hall\\nYou are in a hall.\\n\\nAttic\\nYou are in an attic.")]
    ['Hall', 'Attic']
    """
    lines = strip_status(text).text.replace("\r", "").split("\n")
    banned = _banner_lines(lines)
    found = (None if i in banned else _header_at(lines, i, known) for i in range(len(lines)))
    return [h for h in found if h is not None]


def _header_at(lines: list[str], i: int, known: frozenset[str]) -> HeaderFound | None:
    """The header on line i by the first of LINE_RULES that reads one; never inside a quotation."""
    for name, rule in LINE_RULES:
        if not is_on(name):
            continue
        found = rule(lines, i, known)
        if found is not None:
            return None if inside_quotation(lines[:i], lines[i + 1 :]) else found  # a riddle, a song
    return None


def _capitalised_header(lines: list[str], i: int, known: frozenset[str]) -> HeaderFound | None:
    """Infocom, Inform and TADS headers: a Title Case line of its own ("West of House", rule title), a
    Sentence case line over a description or a known name ("In a clearing", sentence), or either between
    ornaments ("-= Bedroom =-" as TextWorld draws it, "<< Closet >>": decorated)."""
    line = lines[i].rstrip()
    shape = header_shape(line)
    if shape is None or (shape == "sentence" and not _sentence_header_ok(lines, i, known)):
        return None
    previous = lines[i - 1].strip() if i > 0 else ""
    if previous.endswith(":") or (previous and looks_like_header(previous.rstrip())):
        return None
    if _after_colon(lines, i) and not _is_prose(lines[i + 1] if i + 1 < len(lines) else ""):
        return None  # "The tumblers now show:" then a display line, not a room
    return HeaderFound(clean_header(line), i, "decorated" if strip_decoration(line) != line else shape)


# Most words a room name ending in a full stop may have ("Narrow tunnel."); longer lines are sentences.
STOPPED_MAX_WORDS = 4
PARTICIPLES: frozenset[str] = frozenset(
    {"eaten", "worn", "shown", "given", "thrown", "broken", "gone", "written", "driven", "stolen", "drunk"}
)


def stopped_name(line: str) -> str | None:
    """The name of a short capitalised line ending in one full stop ("Narrow tunnel."), None for the
    library's one-line replies ("Taken.", "Opened.", "Time passes.", "You can't go that way.").

    >>> stopped_name("Narrow tunnel."), stopped_name("Hall Of Mirrors.")
    ('Narrow tunnel', 'Hall Of Mirrors')
    >>> stopped_name("Taken."), stopped_name("Opened."), stopped_name("Time passes.")
    (None, None, None)
    >>> stopped_name("Eaten."), stopped_name("Kitchen."), stopped_name("Shed.")
    (None, 'Kitchen', 'Shed')
    >>> stopped_name("You can't go that way."), stopped_name("Wait..."), stopped_name("Hilltop")
    (None, None, None)
    >>> stopped_name("MERCHANT'S STUDY."), stopped_name("That's odd."), stopped_name("Hall can't.")
    ("MERCHANT'S STUDY", None, None)
    """
    text = line.rstrip()
    if not text.endswith(".") or text.endswith("..") or text[:1].isspace():
        return None
    name = text[:-1].rstrip()
    words = name.split()
    if not words or len(words) > STOPPED_MAX_WORDS or header_shape(name) is None:
        return None
    if words[0] in REPLY_SUBJECTS or any(_contraction(w) and not _possessive(w) for w in words):
        return None  # "You can't.", "I don't know." : a reply with a subject or a contraction
    if len(words) == 1 and (PARTICIPLE.search(name) or name.lower() in PARTICIPLES):
        return None  # one past participle is the library's answer to an action: "Opened.", "Eaten."
    return name


# Words whose "'s" is "is" or "us" ("That's odd.", "Let's go."), never a possessive.
S_CONTRACTIONS: frozenset[str] = frozenset(
    {"that", "it", "there", "here", "what", "who", "where", "how", "let", "he", "she", "this"}
)


def _contraction(word: str) -> bool:
    """True for a word with an apostrophe in it."""
    return "'" in word or "\u2019" in word


def _possessive(word: str) -> bool:
    """A name's possessive ("Merchant's"), not a contraction ("That's", "can't")."""
    return bool(POSSESSIVE.search(word)) and POSSESSIVE_END.sub("", word).lower() not in S_CONTRACTIONS


def _stopped_header(lines: list[str], i: int, known: frozenset[str]) -> HeaderFound | None:
    """Some Inform authors end the room name with a full stop ("Narrow tunnel."), printed as its own
    paragraph after a narrative paragraph. Read only when the line starts a paragraph and the next line
    opens a room description ("You are in a narrow passage."), or the name is a known room and nothing
    follows it in its paragraph (a brief revisit); or by the two rules of stopped_in_place."""
    name = in_place(stopped_name(lines[i]), lines, i, known)
    if name:
        return HeaderFound(name, i, "stopped_title")
    return stopped_in_place(lines, i)


# Fewest letters of a name in capitals read as a room above a blank line ("OK." is a reply).
CAPITALS_MIN_LETTERS = 4


def stopped_in_place(lines: list[str], i: int) -> HeaderFound | None:
    """A stopped name at the start of a paragraph, by two shapes of older mainframe games:
    rule stopped_over_exits, the room's exits line right under it ("Kitchen." then "Exits: west.");
    rule capitals_stopped_title, a name in capitals over a blank line and a paragraph of prose
    ("COUNTING HOUSE.", "", "Tall desks stand in rows...").

    >>> stopped_in_place(["", "Kitchen.", "Exits: west, north."], 1)
    HeaderFound(name='Kitchen', index=1, rule='stopped_over_exits')
    >>> stopped_in_place(["HALL.", "", "A stone-flagged hall with a stair."], 0)
    HeaderFound(name='HALL', index=0, rule='capitals_stopped_title')
    >>> stopped_in_place(["Nothing happens.", "", "The troll swings his axe at you."], 0) is None
    True

    Rule title_stopped_over_room: a Title Case stopped name over a blank line and a paragraph that lays
    out a room, two sentences or more naming a way out ("Coal Store.", "", "Coal fills it. The forge
    is east."); a reply of one word over narration names no way out ("Crash.", "", "The vase breaks.").

    >>> stopped_in_place(["Coal Store.", "", "Heaps of coal fill it. The forge is back to the east."], 0)
    HeaderFound(name='Coal Store', index=0, rule='title_stopped_over_room')
    >>> stopped_in_place(["Crash.", "", "The vase breaks. Shards fly everywhere."], 0) is None
    True
    """
    name = stopped_name(lines[i])
    if name is None or (i > 0 and lines[i - 1].strip()):
        return None
    following = lines[i + 1] if i + 1 < len(lines) else ""
    if EXITS_LINE.match(following):
        return HeaderFound(name, i, "stopped_over_exits")
    if following.strip():
        return None
    letters = [c for c in name if c.isalpha()]
    after = next((line for line in lines[i + 2 :] if line.strip()), "")
    if len(letters) >= CAPITALS_MIN_LETTERS and all(c.isupper() for c in letters) and _is_prose(after):
        return HeaderFound(name, i, "capitals_stopped_title")
    if header_shape(name) == "title" and _lays_out_a_room(lines[i + 2 :]):
        return HeaderFound(name, i, "title_stopped_over_room")
    return None


def _lays_out_a_room(lines: list[str]) -> bool:
    """True when the first paragraph of the lines reads as a room's description: two sentences or more
    that name a way out ("... an anvil. The green is to the south.")."""
    index = next((k for k, line in enumerate(lines) if line.strip()), None)
    if index is None:
        return False
    end = next((k for k in range(index, len(lines)) if not lines[k].strip()), len(lines))
    paragraph = " ".join(line.strip() for line in lines[index:end])
    return sentence_count(paragraph) >= 2 and bool(parse_exits(paragraph))


# The shapes a header line may take, in the order they are tried on each line (from the last line
# up); the first line that one of them reads is the room.
LINE_RULES: tuple[tuple[str, Callable[[list[str], int, frozenset[str]], HeaderFound | None]], ...] = (
    ("capitalised", _capitalised_header),
    ("stopped_title", _stopped_header),
    ("parenthesised_name", parenthesised_header),
    ("lowercase_name", lowercase_header),
    ("ornamented_name", ornamented_header),
)


def _after_colon(lines: list[str], i: int) -> bool:
    """True when the last non-blank line before line i ends with a colon."""
    before = next((line.strip() for line in reversed(lines[:i]) if line.strip()), "")
    return before.endswith(":")


def inside_quotation(before: list[str], after: list[str]) -> bool:
    """True when a line sits inside a quotation: one opens before it and closes after it.

    >>> inside_quotation(['It reads:', '', '"I go around in circles,'], ['Never complain.', 'What am I?"'])
    True
    >>> inside_quotation(['"Begone!', '', '"Now!"', ''], ['You are in a tunnel.'])
    False
    """
    return _odd_quotes("\n".join(before)) and _odd_quotes("\n".join(after))


def _odd_quotes(text: str) -> bool:
    return text.count('"') % 2 == 1 or text.count("\u201c") != text.count("\u201d")


def clean_header(line: str) -> str:
    """Room name from a header line: ornaments and position suffixes removed.

    >>> clean_header("<< Closet >>")
    'Closet'
    """
    return strip_header_suffix(strip_decoration(line.rstrip()))


def _sentence_header_ok(lines: list[str], i: int, known: frozenset[str]) -> bool:
    """A Sentence case line is a header only when a description follows, it is decorated, or known;
    never when it opens with a subject pronoun ("You wield the sword"): that is a reply."""
    words = clean_header(lines[i]).split() + [""]
    if words[0] in REPLY_SUBJECTS and words[1].lower() not in BE_FORMS:  # "You are in a cellar" is a room
        return False
    following = lines[i + 1] if i + 1 < len(lines) else ""
    decorated = strip_decoration(lines[i]) != lines[i]
    return decorated or _is_prose(following) or clean_header(lines[i]).lower() in known


def first_line_after(lines: list[str], index: int) -> str:
    """The line right after the header: the room description proper. A blank line there means a
    brief revisit (only objects follow), so there is no description."""
    following = lines[index + 1].strip() if index + 1 < len(lines) else ""
    return "" if is_item_line(following) or _drawing(following) else following


def description_after(lines: list[str], index: int) -> str:
    """The first paragraph after the header line, joined into one line."""
    out: list[str] = []
    for line in lines[index + 1 :]:
        if not line.strip():
            if out:
                break
            continue
        out.append(line.strip())
    return " ".join(out)


def parse_output(
    text: str, known: frozenset[str] = frozenset(), reading: Reading | None = None
) -> ParsedOutput:
    """Read header, description, darkness, refusals and exits from one game output; darkness and a
    refused move are the turn's reading's when it read this very text (no status line taken off)."""
    found = locate_header(text, known)
    status = strip_status(text)  # what follows is read from the story text alone
    text = status.text
    if reading is not None and reading.text == text:
        dark, no_exit = reading.dark, reading.no_exit
    else:
        dark, no_exit = is_dark(text), is_no_exit(text)
    result = ParsedOutput(is_dark=dark, no_exit=no_exit, status_name=status.name)
    result.blocked_reason = None if result.no_exit or describes_a_room(text) else blocked_reason(text)
    lines = text.replace("\r", "").split("\n")  # strip_status keeps every line, so indexes still fit
    header, index = found.name, found.index
    paragraph = description_after(lines, index) if header and index >= 0 else ""
    if header and not (result.is_dark and (is_dark(paragraph) or is_dark(header))):
        result.header, result.header_rule = header, found.rule
        if index >= 0:
            result.description = first_line_after(lines, index)
            result.position = header_position(strip_decoration(lines[index]))
    elif not header:
        described = headerless_description(text)
        if described and not result.is_dark:
            result.description = described
            result.headerless_room = True
    result.exits = parse_exits(paragraph or result.description) if result.description else []
    if result.description and header and index >= 0:
        later = ways_in_later_paragraphs("\n".join(lines[index + 1 :]))
        result.exits += [d for d in later if d not in result.exits]
    return result

"""What a reply's wording says about the place: a title in something read is a document's, not a room's;
a place that "seems familiar, yet different" is another version of a known one (another era); a reply
that answers back is no room; and the room a reply shows, named by its header or its first sentence."""

from __future__ import annotations

from autofrotz.managers.room_parser import parse_output
from autofrotz.managers.room_prose import leading_paragraph
from autofrotz.reading.rooms_scenes import OTHER_VERSION
from autofrotz.words.directions import is_stationary_command, normalize_command

# "look at the list", "look in the box": looking at a thing, unlike a bare "look" at the room.
LOOK_AT_PARTICLES = frozenset({"at", "in", "inside", "into", "under", "behind", "through", "on"})


def is_other_version(text: str) -> bool:
    """True when a reply says the place looks familiar but is not the same.

    >>> is_other_version("This place seems familiar, yet somehow different.")
    True
    >>> is_other_version("The door is different from the others.")
    False
    """
    return OTHER_VERSION.search(text) is not None


def is_inspection(command: str | None) -> bool:
    """True for commands that only read or look at something, which never move the player.

    >>> is_inspection("look at list"), is_inspection("read sign"), is_inspection("look")
    (True, True, False)
    """
    words = normalize_command(command or "").split()
    looks_at = len(words) > 1 and words[0] in ("look", "l") and words[1] in LOOK_AT_PARTICLES
    return looks_at or is_stationary_command(command)


def quoted_title(text: str, header: str) -> bool:
    """True when the title line, or one before it, ends in a colon ("It reads:"): the title is quoted.

    >>> quoted_title("A list. It reads:\\n\\nDONE: Ed\\nRoom 8\\n\\nDONE: Andrea\\nNot ours.", "DONE: Andrea")
    True
    >>> quoted_title('The note, in a scrawl, reads:\\n"Please stop by the chapel soon."', "The note")
    True
    >>> quoted_title("The wall slides away.\\n\\nHall\\nA grand hall.", "Hall")
    False
    """
    before = text.replace("\r", "").split("\n")
    at = next((i for i in range(len(before) - 1, -1, -1) if before[i].strip().startswith(header)), 0)
    return any(line.rstrip().endswith(":") for line in before[: at + 1])


# How a one-paragraph reply ends when it answers back rather than describes: an exclamation ("I don't
# understand that!"), a question, or a prompt waiting for an answer ("Please answer (Y or N):").
RETORT_ENDINGS = ("!", "?", ":", '!"', '?"')
# A one-paragraph reply opening with "But" corrects the player ("But you aren't in anything at the
# moment."): the parser answering back, a shape many libraries share; no description opens so.
RETORT_OPENINGS = ("But ",)


def is_retort(reply: str) -> bool:
    """True for a reply of one paragraph that ends as an exclamation, a question or a prompt, or that
    opens with "But": the parser or a character answering back, never a room's description.

    >>> is_retort("I don't understand that!"), is_retort("Please answer the question (Y or N):")
    (True, True)
    >>> is_retort("But you aren't in anything at the moment.")
    True
    >>> is_retort("You're in the clearing."), is_retort("Wow!\\n\\nYou are in a hall.")
    (False, False)
    """
    text = reply.strip()
    one_paragraph = bool(text) and "\n\n" not in text.replace("\r", "")
    return one_paragraph and (text.endswith(RETORT_ENDINGS) or text.startswith(RETORT_OPENINGS))


def name_from_description(description: str) -> str:
    """A room name for games without headers: the first sentence, shortened.

    >>> name_from_description("You are in a herb garden. A path winds east.")
    'You are in a herb garden'
    >>> name_from_description("You are on the track that climbs up out of the valley, past a long hedge.")
    'You are on the track that climbs up out of the valley'
    >>> name_from_description("You stand at the end of the harbour jetty at Porthkell, with the sea beyond.")
    'You stand at the end of the harbour jetty at Porthkell'
    """
    first = description.split(". ")[0].rstrip(".")
    if len(first) <= 60:
        return first.strip()
    words = first[:61].rsplit(" ", 1)[0].split()  # whole words only
    while len(words) > 3 and words[-1].lower() in DANGLING_WORDS:
        words.pop()  # a cut clause's opening words name nothing ("..., with", "... where a")
    return " ".join(words).rstrip(" ,;:-").strip()


# Words a name cut short must not end on: they open a phrase whose rest was cut.
DANGLING_WORDS = frozenset(
    {
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "with",
        "where",
        "which",
        "that",
        "who",
        "whose",
        "past",
        "by",
        "of",
        "to",
        "in",
        "on",
        "at",
        "from",
        "into",
        "onto",
        "under",
        "over",
        "near",
        "beside",
        "between",
        "among",
        "through",
        "along",
        "across",
        "while",
        "as",
        "its",
        "his",
        "her",
        "their",
        "your",
    }
)


def room_shown(text: str, known: frozenset[str], headerless: bool) -> tuple[str, str]:
    """(name, text) of the room a reply shows: its header and description, or in a game without
    headers its opening paragraph named by its first sentence (as described_step reads a move);
    ("", "") when it shows no room.

    >>> room_shown("Hall\\nA long hall.", frozenset(), False)
    ('hall', 'A long hall.')
    >>> room_shown("\\nA dim glade. Paths run north.\\n", frozenset(), True)
    ('a dim glade', 'A dim glade. Paths run north.')
    >>> room_shown("You can't go that way.", frozenset(), True)
    ('', '')
    """
    parsed = parse_output(text, known)
    if parsed.header:
        return parsed.header.lower(), parsed.description
    if not headerless or parsed.no_exit or parsed.blocked_reason or parsed.is_dark or is_retort(text):
        return "", ""
    description = parsed.description if parsed.headerless_room else leading_paragraph(text)
    return (name_from_description(description).lower(), description) if description else ("", "")

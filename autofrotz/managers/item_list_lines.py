"""One line of an inventory listing read by its shape: an entry, the game talking again, a remark
inside the list, several entries side by side; and a heading that counts what follows."""

from __future__ import annotations

from autofrotz.reading.items_lines import COLUMN_GAP, COUNT_HEADING, SPEAKS_OF_PLAYER
from autofrotz.reading.items_names import ARTICLES, ASIDE, NUMBER_WORDS

# Words that open an entry naming one new thing ("A lamp", "Some tongs", "Two coins"), not narration
# about something already there ("The troll...").
INDEFINITE_OPENERS: frozenset[str] = frozenset({"a", "an", "some", *NUMBER_WORDS})


def long_listed_entry(words: list[str]) -> bool:
    """Rule long_listed_entry: a flush-left line that opens with an indefinite article or a count and
    ends like a statement is a listed thing however long, as the Phoenix games of Cambridge list each
    thing carried as a sentence of its own ("A smith's hammer, worn smooth at the handle by years of
    use."); one that speaks of the player (you, I) is narration.

    >>> long_listed_entry("A smith's hammer, worn smooth at the handle by years of use.".split())
    True
    >>> long_listed_entry("The ground shakes beneath your feet and a rumble echoes round.".split())
    False
    """
    if not words or words[0].lower() not in INDEFINITE_OPENERS:
        return False
    text = " ".join(words)
    return not text.endswith(("!", "?")) and not SPEAKS_OF_PLAYER.search(text)


def opens_like_entry(line: str) -> bool:
    """A line whose first word is an article or a count ("a lamp", "Two coins", "the key").

    >>> opens_like_entry("  a badge"), opens_like_entry("Suddenly it rains.")
    (True, False)
    """
    words = line.split()
    return bool(words) and words[0].lower().strip("*") in (*ARTICLES, *NUMBER_WORDS)


def ends_listing(line: str) -> bool:
    """A line of narration after an inventory listing (games often print events right after it).

    Rule exclaimed_entry: an indented line ends the listing when it ends with "!" or "?", unless it
    opens like a listed thing (an article or a count): a thing whose name quotes a slogan or a sign
    ("  a badge saying Vote for Me!") is still an entry.

    >>> ends_listing("You seem to hear, from the southwest, the sounds of the sea."), ends_listing("A lamp")
    (True, False)
    >>> ends_listing("  a tamper-proof tobacco tin with a screw-top lid (which is closed)")
    False
    >>> ends_listing("A wig (which you wear)."), ends_listing("Suddenly the sword twitches in your hand.")
    (False, True)
    >>> ends_listing("  a badge saying Vote for Me!"), ends_listing("  Somebody shouts your name!")
    (False, True)
    """
    if line[:1].isspace() and (not line.rstrip().endswith(("!", "?")) or opens_like_entry(line)):
        return False  # indented lines are the listing's own entries, however long
    line = ASIDE.sub("", line)  # "(which you are wearing)" describes an entry
    words = line.split()
    if long_listed_entry(words):
        return False
    if len(words) >= 6 and words[0].lower() not in (*ARTICLES, *NUMBER_WORDS) and line.rstrip().endswith("."):
        return True  # a long sentence that does not begin like an object's name is narration
    return len(words) > 9 or line.rstrip().endswith(("!", "?")) or bool(SPEAKS_OF_PLAYER.search(line))


def remark_inside_listing(lines: list[str], index: int) -> bool:
    """Rule remark_inside_listing: a flush-left line that reads as narration, with more entries opening
    like listed things after it in the same paragraph, is the game's remark inside its list (a sum of
    money, a state: "Cash to the value of nine shillings."), not its end: the line is skipped
    and the listing goes on.

    >>> remark_inside_listing(["A lamp.", "Cash to the value of nine shillings.", "A rope."], 1)
    True
    >>> remark_inside_listing(["A lamp.", "The unicorn bounds off into the trees.", ""], 1)
    False
    """
    following = []
    for line in lines[index + 1 :]:
        if not line.strip():
            break
        following.append(line)
    if not following:
        return False
    return all(opens_like_entry(x) and not ends_listing(x) for x in following)


def column_entries(entry: str) -> list[str]:
    """The entries of a line that sets several side by side, or [entry].

    >>> column_entries("a lamp            a coil of rope"), column_entries("a lamp   (lit)")
    (['a lamp', 'a coil of rope'], ['a lamp   (lit)'])
    """
    parts = [p.strip() for p in COLUMN_GAP.split(entry.strip()) if p.strip()]
    return parts if len(parts) > 1 else [entry]


def without_count_wording(text: str) -> str:
    """The text with rule count_heading's heading put plainly.

    >>> without_count_wording("You are carrying 3 objects:\\nlamp")
    'You are carrying:\\nlamp'
    >>> without_count_wording("YOU HAVE TWO ITEMS."), without_count_wording("I have 2 things: a lamp, a key.")
    ('YOU HAVE:', 'I have: a lamp, a key.')
    """
    return COUNT_HEADING.sub(lambda m: m.group("lead") + ":", text)

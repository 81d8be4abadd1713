"""The shapes of any text a story tells, as the built-in agent and the knowledge layer read it: its
words, its sentences, what it quotes, the phrases an article opens and a series it lists.

Each table has a line saying what it reads; its examples (one match, one non-match) follow it in
``__test__``, which the doctests run.
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# The words of a text, letters only: a reply, a room's text, a carried thing's name, a command.
WORDS = re.compile(r"[a-z]+")
__test__["WORDS"] = """
>>> WORDS.findall("the red cup's rim"), WORDS.findall("42 ...")
(['the', 'red', 'cup', 's', 'rim'], [])
"""

# The words of a name with their inner apostrophes and hyphens ("clerk's", "walk-in"): a phrase a reply
# names a thing by, and a command's words.
NAME_WORDS = re.compile(r"[a-z][a-z'-]*")
__test__["NAME_WORDS"] = """
>>> NAME_WORDS.findall("the clerk's walk-in desk"), NAME_WORDS.findall("- 42 -")
(['the', "clerk's", 'walk-in', 'desk'], [])
"""

# The words of a text with their hyphens, apostrophes left out: where a thing's head word is looked for
# in the room's text (reply_reading.shown_in).
HYPHENED_WORDS = re.compile(r"[a-z][a-z-]*")
__test__["HYPHENED_WORDS"] = """
>>> HYPHENED_WORDS.findall("a walk-in cupboard's door"), HYPHENED_WORDS.findall("'42'")
(['a', 'walk-in', 'cupboard', 's', 'door'], [])
"""

# Where a sentence of a reply ends: the spaces after ".", "!" or "?" (the mark stays with its sentence).
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
__test__["SENTENCE_BREAK"] = """
>>> SENTENCE_BREAK.split("A mug. It is blue!  Why?"), SENTENCE_BREAK.split("No end here")
(['A mug.', 'It is blue!', 'Why?'], ['No end here'])
"""

# Where a sentence of a stored reply ends, a closing quote taken with the spaces (the learning layer's
# timed deaths; SENTENCE_BREAK leaves the quote to the next sentence).
SENTENCE_END_QUOTED = re.compile(r"(?<=[.!?])[\"']?\s+")
__test__["SENTENCE_END_QUOTED"] = """
>>> SENTENCE_END_QUOTED.split("'Stop!' A bell rings."), SENTENCE_END_QUOTED.split("one, two")
(["'Stop!", 'A bell rings.'], ['one, two'])
"""

# A stored reply that ends on a whole sentence (not cut off at the kept length).
WHOLE_SENTENCE_END = re.compile(r"[.!?][\"']?$")
__test__["WHOLE_SENTENCE_END"] = """
>>> bool(WHOLE_SENTENCE_END.search("The bell rings.'")), bool(WHOLE_SENTENCE_END.search("The bell ri"))
(True, False)
"""

# What a reply quotes (a speaker's words): group 1, between straight or curly quotes.
QUOTE = re.compile(r"(?:^|\s)[\"\u201c']([^\"\u201d]{3,200}?)[\"\u201d'](?=\s|$|[.,!?])")
__test__["QUOTE"] = """
>>> QUOTE.findall("The cook says 'Fetch the salt.' and waits."), QUOTE.findall("It's the cook's.")
(['Fetch the salt.'], [])
"""

# A phrase an article opens, up to a verb, a preposition or a mark: a thing a reply may name.
ARTICLE_START = re.compile(r"\b(?:a|an|the|some)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)(?=\s+(?:is|are|was|lies|"
                           r"stands|sits|hangs|here|there|on|in|under|by|with|of|to|and|or|that|which)\b|[.,;:!?]|$)",
                           re.IGNORECASE)  # fmt: skip
__test__["ARTICLE_START"] = """
>>> ARTICLE_START.findall("A tin cup is here. Find the green kettle."), ARTICLE_START.findall("Go north.")
(['tin cup', 'green kettle'], [])
"""

# A series a description introduces ("these include forks, spoons and knives"): group 1 is the series.
LIST_INTRO = re.compile(
    r"\b(?:include|includes|including|such as|namely)\s+([a-z' -]+(?:,\s*[a-z' -]+)*,?\s+and\s+[a-z' -]+)",
    re.IGNORECASE,
)
__test__["LIST_INTRO"] = """
>>> LIST_INTRO.search("Tools such as saws, files and rasps.")[1], LIST_INTRO.search("Only saws.")
('saws, files and rasps', None)
"""

# Where the items of a listed series part: a comma or "and".
LIST_SPLIT = re.compile(r",|\band\b")
__test__["LIST_SPLIT"] = """
>>> LIST_SPLIT.split("saws, files and rasps"), LIST_SPLIT.split("sandbags")
(['saws', ' files ', ' rasps'], ['sandbags'])
"""

# The words of a text as letters, digits and apostrophes, all else a break: the plain form two texts are
# compared in (a maze room's description, a look's opening, a room's text in a survey).
PLAIN_WORD = re.compile(r"[a-z0-9']+")


def plain_words(text: str) -> str:
    """A text in lower case, one space between its words, its punctuation and line breaks left out.

    >>> plain_words("  The Cairn.\\nA track, TWISTY\\n leads north! "), plain_words("-- ...")
    ('the cairn a track twisty leads north', '')
    """
    return " ".join(PLAIN_WORD.findall(text.lower()))


# Where one paragraph of a reply ends and the next begins (a blank line).
PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
__test__["PARAGRAPH_BREAK"] = """
>>> PARAGRAPH_BREAK.split("No.\\n\\nA bell rings."), PARAGRAPH_BREAK.split("No.\\nA bell rings.")
(['No.', 'A bell rings.'], ['No.\\nA bell rings.'])
"""

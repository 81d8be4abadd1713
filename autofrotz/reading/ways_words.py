"""The game's words about a way out, read sentence by sentence: a way that does not lead back, a shut
thing, a warning, something the player opened, where the player sits or stands.

>>> bool(ONE_WAY.search("You will not get back up.")), bool(ONE_WAY.search("You get back up."))
(True, False)
>>> SENTENCE.findall("A hall. A door!"), SENTENCE.match("No stop here").group(0)
(['A hall.', ' A door!'], 'No stop here')
>>> bool(SHUT_WORDS.search("The gate is barred.")), bool(SHUT_WORDS.search("The gate is open."))
(True, False)
>>> bool(WARNING.search("Beware the weir.")), bool(WARNING.search("A weir hums."))
(True, False)
>>> bool(OPENED.search("You unlock the hatch.")), bool(OPENED.search("The hatch is unlocked."))
(True, False)
>>> OPENED_THING.match(" the oak hatch with a creak.").group(1), OPENED_THING.match("...") is None
('oak hatch', True)
>>> FIRST_OPENING.match("(first opening the tin gate)").group(1), FIRST_OPENING.match("Gate.") is None
('tin gate', True)
>>> PROMPT_END.sub("", "A den.\\n>"), BLANK_RUNS.sub("\\n\\n", "A\\n\\n\\n\\nB")
('A den.', 'A\\n\\nB')
>>> bool(SEATED.search("You'll have to get off the stool.")), bool(SEATED.search("The stool is red."))
(True, False)
"""

from __future__ import annotations

import re

# Text saying a way does not lead back ("whatever goes down it will not come back up").
ONE_WAY_PATTERNS: tuple[str, ...] = (
    r"\b(?:will not|won'?t|never|cannot|can'?t|could not|couldn'?t) (?:come|get|climb|go|make it) back\b",
    r"\bno (?:way|going|coming|climbing) back\b",
    r"\bone-way\b",
    r"\bthere(?:'s| is) no return\b",
)
ONE_WAY = re.compile("|".join(ONE_WAY_PATTERNS), re.IGNORECASE)
# A sentence of a text read as one line (every reader joins the text's lines first), with its end mark.
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
SHUT_WORDS = re.compile(r"\b(?:closed|locked|shut|barred|bolted)\b", re.IGNORECASE)  # a shut thing
# A warning in the game's words against going some way ("DANGER: go no further north").
WARNING = re.compile(
    r"\b(?:danger|deadly|beware|no further|do not (?:go|enter|climb|stay)|don'?t (?:go|enter|stay)|keep out|"
    r"crumbling|certain death|fatal|perilous|unsafe|(?:will|would) (?:kill|overcome|suffocate) you)\b",
    re.IGNORECASE,
)
# The player opened or unlocked something ("You unlock the oak door").
OPENED = re.compile(r"\byou (?:unlock|open|unbolt|unbar|pull open|push open)\b", re.IGNORECASE)
# What follows OPENED: the thing opened, up to a stop or "with".
OPENED_THING = re.compile(r"\s*(?:the\s+)?([\w' -]+?)\s*(?:[.,;!]|\bwith\b|$)")
# The library's note that a move first opened something on the way ("(first opening the iron door)").
FIRST_OPENING = re.compile(
    r"^\s*\(first (?:opening|unlocking and opening) (?:the |a |an )?([^)]{1,60})\)", re.I
)
PROMPT_END = re.compile(r"\n\s*>\s*$")  # the prompt closing a reply
BLANK_RUNS = re.compile(r"\n{3,}")  # more than one blank line between paragraphs
# A way barred by where the player sits or stands ("You'll have to get off the chair first"), in the
# words a way was refused with.
SEATED = re.compile(r"\b(?:get|getting|climb|step|stand) (?:off|out of|up|down from)\b", re.IGNORECASE)


def whole_words(phrase: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    """A phrase found as whole words in a text (a place's name in a warning, a control's word on a label).

    >>> bool(whole_words("Mill Race").search("Beware the mill race."))
    True
    >>> bool(whole_words("mill").search("A miller."))
    False
    """
    return re.compile(rf"\b{re.escape(phrase)}\b", flags)

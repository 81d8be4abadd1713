"""The fragments of a status line that an interpreter with one output stream runs into a reply: the
fields (score, moves, a clock) at the end of a line, where the room's name before them starts, and
TextWorld's "-= Room =-0/1". status_line (the map) takes them off a reply with these.

>>> bool(FIELDS_AT_END.search("Hall   Score: 0 Moves: 3")), bool(FIELDS_AT_END.search("Your score rises."))
(True, False)
>>> [[m.start() for m in NAME_START.finditer(t)] for t in ("Time passes.Hall", "Hall")]
[[0, 12], [0]]
>>> TEXTWORLD_STATUS.match("-= Den =-0/1").group("name"), TEXTWORLD_STATUS.match("Den 0/1") is None
('Den', True)
>>> bool(PADDED_END.search("Hall     ")), bool(PADDED_END.search("Hall "))
(True, False)
>>> bool(SCORE_WITH_MOVES.search("Score: 3 Moves: 7")), bool(SCORE_WITH_MOVES.search("Score: 3"))
(True, False)
>>> bool(AFTER_PROMPT.match(">  Hall")), bool(AFTER_PROMPT.match("Hall"))
(True, False)
"""

from __future__ import annotations

import re

# The fields of an Inform or Infocom status line, at the end of a line: "Score: 3 Moves: 7" (or
# "Score: 3/10", "Turns: 7"), the moves alone, or a clock ("Time: 9:05 am").
STATUS_FIELDS = (
    r"(?:Score|SCORE):?\s*-?\d+(?:\s*/\s*-?\d+)?(?:\s*(?:Moves|MOVES|Turns|TURNS):?\s*\d+)?"
    r"|(?:Moves|MOVES|Turns|TURNS):\s*\d+"
    r"|(?:Time|TIME):\s*\d{1,2}:\d\d\s*(?:[ap]\.?m\.?)?"
)
FIELDS_AT_END = re.compile(rf"(?P<fields>{STATUS_FIELDS})\s*$")
# Where the room name of a status line starts: after the prompt, after the padding (a run of spaces),
# or after the sentence the status was glued to ("[MORE]", "Time passes.").
NAME_START = re.compile(r"^\s*>?\s*|\s{3,}|(?<=[.!?\]])\s*")
# TextWorld's status: the header's "-= Name =-" ornaments followed by score/moves ("-= Bedroom =-0/1").
TEXTWORLD_STATUS = re.compile(r"(?P<before>.*?)-=\s*(?P<name>[^=\n]+?)\s*=-\s*-?\d+\s*/\s*\d+\s*$")
PADDED_END = re.compile(r"\s{3,}$")  # "Kitchen      Score:": the status line's own spacing
SCORE_WITH_MOVES = re.compile(r"\d\s*(?:Moves|MOVES|Turns|TURNS)")  # the score and the moves both
AFTER_PROMPT = re.compile(r"\s*>\s")  # after the prompt, where the status is drawn

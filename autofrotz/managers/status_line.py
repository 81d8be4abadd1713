"""Status-line text that an interpreter with a single output stream runs into the story text.

Games draw a status line (the room's name, the score, the moves or the time) in a window of its own.
A back end with one stream (jericho for a game it has no bindings for, a dumb terminal) prints it in
the reply instead: padded with spaces to the screen's width, its fields glued together because the
cursor moves are lost ("HallScore: 0Moves: 3"), after the prompt or in the middle of a reply that waited
for a key. TextWorld draws "-= Bedroom =-0/1" (the room between its own ornaments, then score/moves).

`strip_status` removes those fragments, so headers and lists are read from the story text alone, and
keeps the room name they give: a weak signal, used when the reply names no room of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from autofrotz.reading.rooms_status import (
    AFTER_PROMPT,
    FIELDS_AT_END,
    NAME_START,
    PADDED_END,
    SCORE_WITH_MOVES,
    TEXTWORLD_STATUS,
)

MAX_NAME = 60


@dataclass(frozen=True)
class StatusStrip:
    """A reply with its status fragments taken out, the room name the last one gave, and the rule."""

    text: str
    name: str | None = None
    rule: str | None = None  # "status_fields" or "status_textworld"


def strip_status(text: str) -> StatusStrip:
    """The reply without status fragments; every line is kept (emptied when it held only a status).

    >>> strip_status("Taken.\\n>        HallScore: 0Moves: 3")
    StatusStrip(text='Taken.\\n', name='Hall', rule='status_fields')
    >>> strip_status("You wait. [MORE]          KitchenScore: 0Moves: 1").text
    'You wait. [MORE]'
    >>> strip_status("Your final score: 10").name is None
    True
    """
    lines = text.split("\n")
    name: str | None = None
    rule: str | None = None
    for i, line in enumerate(lines):
        found = status_in_line(line)
        if found is not None:
            lines[i], found_name, rule = found
            name = found_name or name
    return StatusStrip("\n".join(lines), name, rule)


def status_in_line(line: str) -> tuple[str, str | None, str] | None:
    """(the line without its status, the room name, the rule) when the line ends with a status.

    >>> status_in_line(" Kitchen                         Score: 0   Moves: 3")
    ('', 'Kitchen', 'status_fields')
    >>> status_in_line(">                      -= Spare Room =-0/5")
    ('', 'Spare Room', 'status_textworld')
    >>> status_in_line("Score: 25 Moves: 140")
    ('', None, 'status_fields')
    >>> status_in_line("You have 3 Moves: none left") is None
    True
    >>> status_in_line(">    Cellar Score: 3/10"), status_in_line("Library          Time: 9:05 am")
    (('', 'Cellar', 'status_fields'), ('', 'Library', 'status_fields'))
    >>> status_in_line("Time passes.HallScore: 0Moves: 3"), status_in_line("Hall Score: 3 Moves: 7")
    (('Time passes.', 'Hall', 'status_fields'), ('', 'Hall', 'status_fields'))
    """
    tw = TEXTWORLD_STATUS.match(line)
    if tw:
        return _kept(tw.group("before")), tw.group("name").strip(), "status_textworld"
    fields = FIELDS_AT_END.search(line)
    if not fields:
        return None
    before = line[: fields.start()]
    if before[-1:] in tuple("([\"'\u201c\u2018"):
        return None  # "(Score: 3)" or '"Moves: 3"': quoted or bracketed, part of the story
    glued = bool(before) and not before[-1].isspace()  # "KitchenScore:": the cursor move was lost
    padded = bool(PADDED_END.search(before))  # "Kitchen      Score:": the status line's own spacing
    head = before.rstrip()
    start = list(NAME_START.finditer(head))[-1]
    opening = start.start() == 0 and start.end() == len(head)  # the fields alone, or after the prompt
    both = bool(SCORE_WITH_MOVES.search(fields.group("fields")))  # score and moves
    prompted = bool(AFTER_PROMPT.match(before))  # after the prompt, where the status is drawn
    if not (glued or padded or opening or both or prompted):
        return None
    name, kept = head[start.end() :].strip(), head[: start.start()]
    if name and (len(name) > MAX_NAME or name[-1] in ".!?,;:"):
        return None
    return _kept(kept), name or None, "status_fields"


def _kept(before: str) -> str:
    """What stays of a line once its status is cut: the story text, without a bare prompt."""
    text = before.rstrip()
    return "" if text.strip() in ("", ">") else text

"""The reading of a turn's reply: `Reading`, made once per turn by `read_reply`, from the tables of
patterns.py."""

from autofrotz.reading.reply import EMPTY, Reading, is_clue, read_reply, reading_of, reading_with_outcome

__all__ = ["EMPTY", "Reading", "is_clue", "read_reply", "reading_of", "reading_with_outcome"]

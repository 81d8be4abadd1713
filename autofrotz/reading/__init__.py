"""The reading of a turn's reply: `Reading`, made once per turn by `read_reply`, from the tables of
patterns.py."""

from autofrotz.reading.reply import Reading, is_clue, read_reply

__all__ = ["Reading", "is_clue", "read_reply"]

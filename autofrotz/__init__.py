"""AutoFrotz v2: an AI that plays Z-machine interactive fiction, with a world model and a web monitor."""

__version__ = "2.0.0"

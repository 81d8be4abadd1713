"""Placeholder for multimedia observers (room images, narration); none is implemented yet.

A multimedia observer would subclass ``Observer`` and react to ``RoomEnter`` (generate and cache
an image per room id) or ``TurnEnd`` (speak the output). Such calls are slow and paid, so a real
implementation must hand work to its own thread or queue and return at once: observers run on the
game thread. Register it under a name in ``autofrotz.hooks.registry.BUILTIN`` or by module path in
the config's "hooks" list.
"""

from __future__ import annotations

from autofrotz.hooks.base import Observer


class MultimediaObserver(Observer):
    """Does nothing: marks where image and speech generation will plug in."""

"""Hook system: events, observers, the dispatcher and the registry of observers by name."""

from autofrotz.hooks.base import Event, Observer
from autofrotz.hooks.dispatcher import HookDispatcher

__all__ = ["Event", "HookDispatcher", "Observer"]

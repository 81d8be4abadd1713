"""Observers by name (config "hooks"): built-in names, or custom ones by module path."""

from __future__ import annotations

import importlib
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from autofrotz.config import Config
from autofrotz.hooks.base import Event, Observer

log = logging.getLogger(__name__)


class HookError(ValueError):
    """A hook name in the config cannot be resolved to an observer."""


@dataclass
class HookEnv:
    """What observer factories may need to build themselves."""

    config: Config
    db_path: str = ""
    web: bool = True
    host: str = "127.0.0.1"
    port: int = 8080
    extras: dict[str, Any] = field(default_factory=dict)


def _console(env: HookEnv) -> Observer:
    from autofrotz.hooks.console import ConsoleProgress

    return ConsoleProgress()


def _multimedia(env: HookEnv) -> Observer:
    from autofrotz.hooks.multimedia import MultimediaObserver

    return MultimediaObserver()


class _Forward(Observer):
    """Adapts an object with ``on_event`` (such as the web monitor) to the Observer base."""

    def __init__(self, target: Any) -> None:
        self.target = target

    def on_event(self, event: Event) -> None:
        self.target.on_event(event)


def _web_monitor(env: HookEnv) -> Observer | None:
    if not env.web:
        return None
    try:
        live = importlib.import_module("autofrotz.web.live")
    except ImportError as exc:
        print(f"web monitor unavailable ({exc}); playing without it", file=sys.stderr)
        return None
    monitor = getattr(live, "WebMonitor", None)
    if monitor is None:
        print("web monitor unavailable (autofrotz.web.live has no WebMonitor)", file=sys.stderr)
        return None
    return _Forward(monitor())


BUILTIN: dict[str, Callable[[HookEnv], Observer | None]] = {
    "console": _console,
    "web_monitor": _web_monitor,
    "multimedia": _multimedia,
}


def build_observers(names: list[str], env: HookEnv) -> list[Observer]:
    """Instantiate the observers named in the config, in order, skipping unavailable ones."""
    observers = []
    for name in names:
        observer = BUILTIN[name](env) if name in BUILTIN else _custom(name, env)
        if observer is not None:
            observers.append(observer)
    return observers


def _custom(spec: str, env: HookEnv) -> Observer:
    """Load ``package.module:Factory`` (or ``package.module``, whose ``create_observer`` is used)."""
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        valid = ", ".join(sorted(BUILTIN))
        raise HookError(f"hook '{spec}': not a built-in ({valid}) and not importable ({exc})") from None
    factory = getattr(module, attr or "create_observer", None)
    if factory is None:
        raise HookError(f"hook '{spec}': module has no '{attr or 'create_observer'}'")
    observer = _instantiate(factory, env)
    if not isinstance(observer, Observer):
        raise HookError(f"hook '{spec}': {factory!r} did not return an Observer")
    return observer


def _instantiate(factory: Any, env: HookEnv) -> Any:
    """Call a factory with the env; an Observer class may also take no arguments."""
    try:
        return factory(env)
    except TypeError:
        if isinstance(factory, type) and issubclass(factory, Observer):
            return factory()
        raise

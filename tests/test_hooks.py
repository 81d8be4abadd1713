"""Hook events, the dispatcher's isolation of failing observers, and the registry of names."""

from __future__ import annotations

import dataclasses
import io
import sys
import types

import pytest

from autofrotz.config import Config
from autofrotz.hooks import base as ev
from autofrotz.hooks.console import ConsoleProgress
from autofrotz.hooks.dispatcher import HookDispatcher
from autofrotz.hooks.multimedia import MultimediaObserver
from autofrotz.hooks.registry import HookEnv, HookError, build_observers


class Collect(ev.Observer):
    def __init__(self, env: object = None) -> None:
        self.seen: list[str] = []

    def on_turn_end(self, event: ev.TurnEnd) -> None:
        self.seen.append(f"end {event.turn_number}")

    def on_room_enter(self, event: ev.RoomEnter) -> None:
        self.seen.append(f"room {event.room_id}")


class Broken(ev.Observer):
    def on_event(self, event: ev.Event) -> None:
        raise RuntimeError("observer bug")


def test_events_are_frozen_and_named() -> None:
    event = ev.TurnStart(1, "hall")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.turn_number = 2  # type: ignore[misc]
    names = {cls.name for cls in ev.EVENT_TYPES}
    assert len(names) == len(ev.EVENT_TYPES) == 12
    assert {"game_start", "turn_end", "maze_room_marked", "game_end"} <= names


def test_dispatcher_delivers_in_order_to_matching_methods() -> None:
    collect = Collect()
    hooks = HookDispatcher([collect])
    hooks.emit(ev.RoomEnter("hall", "Hall", "", True))
    hooks.emit(ev.TurnStart(1, "hall"))  # no handler: ignored
    hooks.emit(ev.TurnEnd(1, "look", "Hall.", "hall"))
    assert collect.seen == ["room hall", "end 1"]


def test_failing_observer_is_isolated_when_not_under_test() -> None:
    collect = Collect()
    hooks = HookDispatcher([Broken(), collect], reraise=False)
    hooks.emit(ev.TurnEnd(3, "look", "", None))
    assert collect.seen == ["end 3"]
    assert hooks.failures == [("Broken", "turn_end", "RuntimeError('observer bug')")]


def test_failing_observer_is_loud_under_pytest() -> None:
    hooks = HookDispatcher([Broken()])
    with pytest.raises(RuntimeError, match="observer bug"):
        hooks.emit(ev.TurnStart(1, None))


def test_console_prints_one_line_per_turn() -> None:
    out = io.StringIO()
    console = ConsoleProgress(out)
    console.on_event(ev.TurnEnd(7, "take lamp", "Taken.", "shed", "Garden Shed", score=5, cost_so_far=0.5))
    console.on_event(ev.GameEnd(1, "won", 7, 50))
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    assert "turn    7" in lines[0] and "Garden Shed" in lines[0] and "take lamp" in lines[0]
    assert "score 5" in lines[0] and "$0.5000" in lines[0]
    assert "won" in lines[1]


def test_registry_builds_named_and_custom_observers(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("my_hooks")
    module.Collect = Collect  # type: ignore[attr-defined]
    module.create_observer = lambda env: Collect()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "my_hooks", module)
    env = HookEnv(Config())
    observers = build_observers(["console", "multimedia", "my_hooks:Collect", "my_hooks"], env)
    kinds = [type(o) for o in observers]
    assert kinds == [ConsoleProgress, MultimediaObserver, Collect, Collect]


def test_unknown_hook_names_the_built_ins() -> None:
    with pytest.raises(HookError, match="console"):
        build_observers(["no_such_hook_module"], HookEnv(Config()))


def test_web_monitor_is_skipped_with_one_line_when_unavailable(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "autofrotz.web.live", None)  # import fails
    assert build_observers(["web_monitor"], HookEnv(Config())) == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "web monitor unavailable" in err


def test_web_monitor_forwards_events_when_available() -> None:
    pytest.importorskip("autofrotz.web.live")
    from autofrotz.web.live import LiveHub, default_hub

    observers = build_observers(["web_monitor"], HookEnv(Config()))
    assert len(observers) == 1
    hub: LiveHub = default_hub()
    before = hub.stats.published
    observers[0].on_event(ev.GameStart(5, "cellar.z5"))
    observers[0].on_event(ev.TurnEnd(1, "look", "Hall.", "hall", game_id=5))
    assert hub.stats.published == before + 2


def test_web_monitor_disabled_by_no_web() -> None:
    assert build_observers(["web_monitor"], HookEnv(Config(), web=False)) == []

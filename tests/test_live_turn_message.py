"""A whole game read from the WebSocket alone: the spec's section 8 turn messages rebuild the page's state.

A real game (cellar, the built-in agent) plays with the web monitor on a real server; a client of
our own reads only the socket, keeps rooms, exits, inventory, items found and puzzles, and its
state at the end is compared with what the database recorded.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from autofrotz.config import config_from_dict
from autofrotz.storage.reader import GameReader
from tests.orchestrator_support import require_cellar

TURNS = 25
SECTION_8 = {"type", "turn_number", "command", "output", "room", "inventory", "new_items", "puzzles_updated",
             "agent_reasoning", "metrics"}  # fmt: skip


class PageState:
    """What the page shows, rebuilt from turn messages only."""

    def __init__(self) -> None:
        self.rooms: dict[str, dict[str, Any]] = {}
        self.room: str | None = None
        self.inventory: list[str] = []
        self.items: dict[str, dict[str, Any]] = {}
        self.puzzles: dict[int, str] = {}
        self.turns: list[int] = []
        self.metrics: dict[str, Any] = {}
        self.ended = False

    def read(self, message: dict[str, Any]) -> None:
        if message["type"] == "turns":  # the turns recorded before the client came: turn 0 here
            for row in message["turns"]:
                self.turns.append(row["turn_number"])
                self.room, self.inventory = row["room_id"], row["inventory"]
                self.rooms.setdefault(row["room_id"], {"name": None, "exits": []})  # a row has no room name
        elif message["type"] == "turn":
            self.turn(message)
        elif message["type"] == "game_end":
            self.ended = True

    def turn(self, m: dict[str, Any]) -> None:
        assert set(m) >= SECTION_8, sorted(SECTION_8 - set(m))
        self.turns.append(m["turn_number"])
        room = m["room"]
        if room["id"]:
            known = self.rooms.setdefault(room["id"], {"name": None, "exits": []})
            known["name"] = room["name"]
            known["exits"] = room["exits"] or known["exits"]
        self.room, self.inventory, self.metrics = room["id"], m["inventory"], m["metrics"]
        for item in m["new_items"]:
            self.items[item["id"]] = item
        for puzzle in m["puzzles_updated"]:
            self.puzzles[puzzle["id"]] = puzzle["status"]


def test_a_client_follows_a_whole_game_from_the_socket_alone(tmp_path: Path) -> None:
    require_cellar()
    from autofrotz.session import Session

    raw = {"game_file": "cellar", "database_path": str(tmp_path / "g.db"), "hooks": ["web_monitor"],
           "max_turns": TURNS, "web_server": {"enabled": True, "port": 0}, "pace_s": 0}  # fmt: skip
    page = PageState()
    with Session.open(config_from_dict(raw), web=True, console=False) as session:
        control = session.orchestrator.p.control
        control.request("pause")  # turn 0 is recorded, then the game waits for the client
        player = threading.Thread(target=session.play, daemon=True)
        player.start()
        deadline = time.monotonic() + 30
        while not session.orchestrator.game_id and time.monotonic() < deadline:
            time.sleep(0.02)
        game_id = session.orchestrator.game_id
        url = session.web_handle.url.replace("http://", "ws://") + f"ws/live/{game_id}"
        with connect(url, open_timeout=10) as ws:
            control.request("resume")
            while not page.ended:
                page.read(json.loads(ws.recv(timeout=30)))
        player.join(30)
    reader = GameReader(tmp_path / "g.db")
    recorded = reader.turns(game_id)
    world = reader.map(game_id)
    items = reader.items(game_id)
    reader.close()
    assert page.turns == [t["turn_number"] for t in recorded] and len(page.turns) == TURNS + 1
    last = recorded[-1]
    assert page.room == last["room_id"] and page.inventory == last["inventory"]
    assert set(page.rooms) == {r["room_id"] for r in world["nodes"]}
    named = [r for r in world["nodes"] if page.rooms[r["room_id"]]["name"] is not None]
    assert len(named) >= len(world["nodes"]) - 1  # only turn 0's room may be known from its row alone
    for room in named:
        assert page.rooms[room["room_id"]]["name"] == room["name"]
    here = next(r for r in world["nodes"] if r["room_id"] == page.room)
    assert page.rooms[page.room]["exits"] == here["exits"]
    assert set(page.items) == {i["item_id"] for i in items} and page.items
    carried = {i["name"] for i in page.items.values() if i["location"] == "inventory"}
    assert carried <= set(page.inventory) | {i["name"] for i in items}
    assert page.metrics["cost_estimate"] == 0.0 and page.metrics["total_tokens"] == 0  # the built-in agent


def test_a_turn_message_carries_its_items_and_puzzles_then_starts_over() -> None:
    from autofrotz.hooks.base import ItemFound, ItemTaken, PuzzleFound, PuzzleSolved, TurnEnd
    from autofrotz.web.live import LiveHub, WebMonitor

    hub = LiveHub()
    sent: list[dict[str, Any]] = []
    hub.publish = lambda game_id, message: sent.append(message)  # type: ignore[method-assign]
    monitor = WebMonitor(hub, game_id=1)
    for event in (ItemFound("lamp", "lamp", "shed"), ItemTaken("lamp", "lamp"), ItemTaken("key", "key"),
                  PuzzleFound(1, "locked door"), PuzzleSolved(2, "dark cellar")):  # fmt: skip
        monitor.on_event(event)
    carried = ("lamp", "key")
    monitor.on_event(TurnEnd(3, "take lamp", "Taken.", "shed", "Shed", exits=("east",), inventory=carried,
                             total_tokens=900, cost_so_far=0.02, reasoning="light"))  # fmt: skip
    monitor.on_event(TurnEnd(4, "east", "Garden.", "garden", "Garden"))
    first, second = (m for m in sent if m["type"] == "turn")
    assert first["room"] == {"id": "shed", "name": "Shed", "exits": ["east"]}
    assert first["new_items"] == [{"id": "lamp", "name": "lamp", "location": "inventory"},
                                  {"id": "key", "name": "key", "location": "inventory"}]  # fmt: skip
    assert [(p["id"], p["status"]) for p in first["puzzles_updated"]] == [(1, "open"), (2, "solved")]
    assert (
        first["metrics"] == {"total_tokens": 900, "cost_estimate": 0.02}
        and first["agent_reasoning"] == "light"
    )
    assert first["inventory"] == ["lamp", "key"] and json.dumps(first)
    assert second["new_items"] == [] and second["puzzles_updated"] == []

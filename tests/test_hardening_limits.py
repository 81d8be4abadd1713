"""Numbers with bounds and parsers that never raise."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autofrotz.config import ConfigError, config_from_dict, load_config

REPO = Path(__file__).resolve().parent.parent


def _main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        ({"save_slots": 100_000_000_000}, "save_slots"),
        ({"seed": 2**70}, "seed"),
        ({"seed": -1}, "seed"),
        ({"max_turns": 10**9}, "max_turns"),
        ({"web_server": {"port": 99999}}, "web_server.port"),
        ({"agents": {"game_agent": {"temperature": float("nan")}}}, "agents.game_agent.temperature"),
        ({"agents": {"game_agent": {"max_tokens": 0}}}, "agents.game_agent.max_tokens"),
        ({"providers": {"openai": {"max_retries": 10**6}}}, "providers.openai.max_retries"),
        ({"prices": {"m": {"input": float("inf")}}}, "prices.m.input"),
        ({"maze": {"similarity_threshold": 3}}, "maze.similarity_threshold"),
    ],
)
def test_every_config_number_has_a_range(raw: dict[str, Any], named: str) -> None:
    with pytest.raises(ConfigError, match=named.replace(".", r"\.")):
        config_from_dict(raw)


def test_a_config_nested_a_hundred_thousand_deep_is_a_named_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"hooks": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(ConfigError, match="nested too deeply"):
        load_config(path)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "99999"], "web_server.port must be between 0 and 65535"),
        (["--seed", str(2**64)], "seed must be between"),
        (["--resume", str(2**64)], "--resume must be a game id"),
        (["--max-turns", str(10**9)], "max_turns must be between"),
    ],
)
def test_command_line_numbers_out_of_range_are_one_line(
    args: list[str], message: str, tmp_path: Path
) -> None:
    done = _main("--no-web", "--db", str(tmp_path / "g.db"), *args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "g.db").exists()


def test_serve_refuses_a_port_out_of_range(tmp_path: Path) -> None:
    done = _main("serve", "--db", str(tmp_path / "none.db"), "--port", "99999")
    assert done.returncode == 2 and "--port must be between 0 and 65535" in done.stderr
    assert "Traceback" not in done.stderr


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
_KEYS = st.sampled_from(
    [
        "seed",
        "max_turns",
        "save_slots",
        "web_server",
        "agents",
        "providers",
        "prices",
        "maze",
        "hooks",
        "backend",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEYS, _JSON, max_size=4) | _JSON)
def test_the_config_loader_gives_a_named_error_for_any_json(raw: Any) -> None:
    try:
        config_from_dict(raw)
    except ConfigError as exc:
        assert str(exc).startswith("config")


_GAME_TEXT = st.lists(
    st.sampled_from(
        [
            "West of House",
            "You are in a room.",
            "Exits: north, south.",
            "There is a lamp here.",
            "You are carrying:",
            "  a lamp",
            "Taken.",
            ">",
            "",
            "It is pitch dark.",
            "(in the box)",
            "Score: 0 Moves: 1",
            "*** You have died ***",
        ]
    )  # fmt: skip
    | st.text(max_size=60),
    max_size=12,
).map("\n".join)
_COMMANDS = st.none() | st.sampled_from(["north", "take lamp", "inventory", "look", "put it in box", "x"])


@settings(max_examples=300, deadline=None)
@given(_GAME_TEXT, _COMMANDS)
def test_the_room_and_item_parsers_never_raise_on_arbitrary_text(text: str, command: str | None) -> None:
    from autofrotz.managers.item_manager import ItemManager
    from autofrotz.managers.map_manager import MapManager

    rooms, items = MapManager(), ItemManager()
    for turn in (1, 2):
        update = rooms.update_from_game_output(text, command, turn)
        items.update_from_game_output(text, rooms.current_room, command, turn)
    assert update is not None


def test_the_config_file_shipped_passes() -> None:
    load_config(REPO / "config.json")
    json.loads((REPO / "config.json").read_text())

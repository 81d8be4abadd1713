"""The typed configuration: defaults, validation errors that name the problem, overrides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autofrotz.config import ConfigError, apply_overrides, config_from_dict, load_config

REPO = Path(__file__).resolve().parent.parent


def test_committed_config_loads_with_typed_sections() -> None:
    config = load_config(REPO / "config.json")
    assert config.web_server.host == "127.0.0.1"
    assert config.agent("map_parser").mode == "hybrid"
    assert config.prices["gpt-4o-mini"].output == pytest.approx(0.6)


def test_missing_role_defaults_to_builtin() -> None:
    assert config_from_dict({}).agent("game_agent").provider == "builtin"


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "nope.json")


def test_broken_json_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text('{"max_turns": 5,,}')
    with pytest.raises(ConfigError, match="not valid JSON"):
        load_config(path)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"max_turnz": 5}, r"unknown key\(s\) \['max_turnz'\]"),
        ({"max_turns": "5"}, r"max_turns: expected int, got str"),
        ({"save_on_death": 1}, r"save_on_death: expected bool"),
        ({"max_turns": True}, r"expected int, got a boolean"),
        ({"web_server": {"port": 8080, "hots": "x"}}, r"web_server: unknown key"),
        ({"agents": {"game_agent": {"temperature": "hot"}}}, r"agents.game_agent.temperature"),
        ({"agents": {"chef": {}}}, r"unknown role"),
        ({"agents": {"map_parser": {"mode": "magic"}}}, r"mode must be one of"),
        ({"backend": "glulx"}, r"backend must be"),
        ({"hooks": "web_monitor"}, r"hooks: expected a list"),
    ],
)
def test_invalid_values_name_the_problem(raw: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        config_from_dict(raw)


def test_integer_accepted_where_float_expected() -> None:
    config = config_from_dict({"agents": {"game_agent": {"temperature": 1}}})
    assert isinstance(config.agent("game_agent").temperature, float)


def test_overrides_replace_only_given_values(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"max_turns": 50, "database_path": "a.db"}))
    config = apply_overrides(load_config(path), max_turns=7, database_path=None)
    assert (config.max_turns, config.database_path) == (7, "a.db")

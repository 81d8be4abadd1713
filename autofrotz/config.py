"""One typed configuration object, loaded from config.json and validated at start-up.

Unknown keys, wrong types and missing files are errors that name the problem. Secrets never
live here: a provider names the environment variable that holds its key.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")
PARSER_MODES = ("rules", "llm", "hybrid")
# The game agent's "plain" mode gives its model only the game's transcript (agents/plain_agent.py).
GAME_AGENT_MODES = (*PARSER_MODES, "plain")
STRUCTURED_OUTPUT = ("auto", "json_schema", "json_object", "off")


class ConfigError(ValueError):
    """The configuration file is missing, unreadable or invalid."""


@dataclass
class WebServerConfig:
    enabled: bool = True
    host: str = "127.0.0.1"
    port: int = 8080


@dataclass
class AgentConfig:
    provider: str = "builtin"
    model: str = ""
    temperature: float = 0.2
    max_tokens: int = 1024
    mode: str = "hybrid"  # parsers: rules | llm | hybrid; the game agent: "plain" for the baseline
    # budget: at 80% of a budget the role switches to this: "builtin" (built-in agent / rules),
    # a model of the same provider, or "PROVIDER:MODEL" for another provider; None keeps the model
    fallback: str | None = None


@dataclass
class ProviderConfig:
    api_key_env: str | None = None
    api_key: str | None = None  # only for keyless local servers ("not-needed")
    base_url: str | None = None
    provider_type: str | None = None
    timeout_s: float = 60.0
    max_retries: int = 4
    cache_ttl_s: int = 3600
    # local servers: "auto" sends the JSON schema as response_format and drops it for the rest of the
    # game if the server refuses it; "json_schema" and "json_object" always send it; "off" never does
    structured_output: str = "auto"
    # the fake provider only: seconds each answer waits, as a network round trip would (benchmarks of
    # many games at once); the other providers ignore it
    latency_s: float = 0.0
    # `bench games`: at most this many runs on this provider at once (its rate limits); None: no cap
    max_concurrent_runs: int | None = None
    # the account's limits, kept before sending (llm/rate_limit.py); None: no limit
    requests_per_minute: int | None = None
    tokens_per_minute: int | None = None


@dataclass
class PriceConfig:
    """US dollars per million tokens."""

    input: float = 0.0
    output: float = 0.0
    cache_read: float = 0.0
    cache_write: float = 0.0


@dataclass
class MazeConfig:
    similarity_threshold: float = 0.95
    min_markers: int = 8


@dataclass
class Config:
    game_file: str = "cellar"
    backend: str = "jericho"
    dfrotz_path: str = "/usr/games/dfrotz"
    dfrotz_force: bool = False  # play on a dfrotz that fails the styled-text probe (with a warning)
    seed: int = 42
    max_turns: int = 1000
    save_on_death: bool = True
    save_slots: int = 3
    save_every: int = 10
    database_path: str = "autofrotz.db"
    web_server: WebServerConfig = field(default_factory=WebServerConfig)
    agents: dict[str, AgentConfig] = field(default_factory=dict)
    providers: dict[str, ProviderConfig] = field(default_factory=dict)
    prices: dict[str, PriceConfig] = field(default_factory=dict)
    maze: MazeConfig = field(default_factory=MazeConfig)
    hooks: list[str] = field(default_factory=lambda: ["web_monitor"])
    # Seconds between turns; None: 0.3 when the web monitor is on and the built-in agent plays, else 0.
    pace_s: float | None = None
    # Start blank: do not use what earlier runs of the story taught (what this run learns is still kept).
    # False by default: a story with a past run starts from it (the built-in agent replays the proven
    # path, see GAME.md "Learning across runs"); `--fresh` (or "fresh": true) starts blank. A resumed
    # game keeps the choice it started with.
    fresh: bool = False
    # After a run played by a model, that model writes a post-mortem strategy guide for the next run.
    strategy_guide: bool = True
    # budgets (US dollars, from the configured prices): at 80% roles switch to their fallback, at 100%
    # the game stops with status "budget" and can be resumed with a higher budget
    budget_usd: float | None = None  # per game
    budget_usd_per_hour: float | None = None  # in any 60 minutes of play
    # Named rules switched off for a measurement, from any table `python main.py rules` lists (checked when
    # a session is built: an unknown name is an error listing the valid ones); none by default.
    rules_off: list[str] = field(default_factory=list)

    def agent(self, role: str) -> AgentConfig:
        """The settings of one role, defaulting to the built-in agent."""
        return self.agents.get(role, AgentConfig())


PROJECT_CONFIG = Path(__file__).resolve().parent.parent / "config.json"


def load_config_or_defaults(path: str | None) -> tuple[Config, str | None]:
    """The config file given, else the project's config.json, else the defaults with a note saying so
    (whatever the current folder). A file given and missing is an error."""
    if path is not None:
        return load_config(path), None
    if PROJECT_CONFIG.is_file():
        return load_config(PROJECT_CONFIG), None
    note = f"note: no config file ({PROJECT_CONFIG} is missing); playing with the defaults"
    return config_from_dict({}, source="defaults"), note


def load_config(path: str | Path) -> Config:
    """Read and validate a config file."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply to be a config file") from None
    except FileNotFoundError:
        raise ConfigError(f"config file not found: {path}") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: not valid JSON ({exc})") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except ValueError:  # Python refuses to read an integer of thousands of digits
        raise ConfigError(f"{path}: holds a number too long to read") from None
    except OSError as exc:
        raise ConfigError(f"cannot read config file {path}: {exc.strerror or exc}") from None
    return config_from_dict(raw, source=str(path))


def config_from_dict(raw: Any, source: str = "config") -> Config:
    """Build a Config from parsed JSON, naming the first problem found."""
    config = _build(Config, raw, source)
    _check_values(config, source)
    return config


def public_dict(config: Config) -> dict[str, Any]:
    """The config as a plain dict for the record, with any key written into the file redacted."""
    data = dataclasses.asdict(config)
    for provider in data["providers"].values():
        if provider.get("api_key"):
            provider["api_key"] = "[redacted]"
    return data


def apply_overrides(config: Config, **overrides: Any) -> Config:
    """Return a copy with command-line overrides (None means not given)."""
    changes = {k: v for k, v in overrides.items() if v is not None}
    return dataclasses.replace(config, **changes)


def _check_values(config: Config, source: str) -> None:
    unknown_roles = set(config.agents) - set(ROLES)
    if unknown_roles:
        raise ConfigError(f"{source}: agents: unknown role(s) {sorted(unknown_roles)}; valid: {ROLES}")
    for role, agent in config.agents.items():
        modes = GAME_AGENT_MODES if role == "game_agent" else PARSER_MODES
        if agent.mode not in modes:
            raise ConfigError(f"{source}: agents.{role}.mode must be one of {modes}")
    if config.agent("game_agent").mode == "plain" and config.agent("game_agent").provider == "builtin":
        raise ConfigError(
            f"{source}: agents.game_agent.mode plain gives a model the transcript: name a provider"
        )
    _check_budgets(config, source)
    if config.backend not in ("jericho", "dfrotz"):
        raise ConfigError(f"{source}: backend must be 'jericho' or 'dfrotz'")
    if config.max_turns < 1 or config.save_slots < 1:
        raise ConfigError(f"{source}: max_turns and save_slots must be at least 1")
    if config.pace_s is not None and not 0 <= config.pace_s <= 60:
        raise ConfigError(f"{source}: pace_s must be between 0 and 60 seconds (or null for the default)")
    check_ranges(config, source)


def _check_budgets(config: Config, source: str) -> None:
    for key in ("budget_usd", "budget_usd_per_hour"):
        value = getattr(config, key)
        if value is not None and not value > 0:
            raise ConfigError(f"{source}: {key} must be a positive number of US dollars (or null for none)")
    for role, agent in config.agents.items():
        if agent.fallback is not None and not agent.fallback.strip():
            raise ConfigError(f"{source}: agents.{role}.fallback must name a model, 'builtin', or be null")
    for name, provider in config.providers.items():
        if provider.structured_output not in STRUCTURED_OUTPUT:
            raise ConfigError(
                f"{source}: providers.{name}.structured_output must be one of {STRUCTURED_OUTPUT}"
            )


def _build(cls: type, raw: Any, where: str) -> Any:
    if not isinstance(raw, dict):
        raise ConfigError(f"{where}: expected an object, got {type(raw).__name__}")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = set(raw) - names
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {sorted(unknown)}; valid keys: {sorted(names)}")
    values = {key: _convert(hints[key], value, f"{where}.{key}") for key, value in raw.items()}
    return cls(**values)


def _convert(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(inner[0], value, where)
    if dataclasses.is_dataclass(hint):
        return _build(hint, value, where)  # type: ignore[arg-type]
    if origin is dict:
        if not isinstance(value, dict):
            raise ConfigError(f"{where}: expected an object")
        return {k: _convert(args[1], v, f"{where}.{k}") for k, v in value.items()}
    if origin is list:
        if not isinstance(value, list):
            raise ConfigError(f"{where}: expected a list")
        return [_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value)]
    return _scalar(hint, value, where)


def _scalar(hint: Any, value: Any, where: str) -> Any:
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if hint in (int, float) and isinstance(value, bool):
        raise ConfigError(f"{where}: expected {hint.__name__}, got a boolean")
    if not isinstance(value, hint):
        raise ConfigError(f"{where}: expected {hint.__name__}, got {type(value).__name__}")
    return value


# -- ranges ------------------------------------------------------------------------------------------
# Every number in the config has bounds, checked at start with a message naming the key. "*" stands
# for any key of a dict (a role, a provider, a model). A number no rule names must still be finite
# and below NUMBER_LIMIT, so a key added later cannot take 10**11 or NaN unnoticed.
RANGES: dict[str, tuple[float, float]] = {
    "seed": (0, 2**31 - 1),  # the interpreters take a C int
    "max_turns": (1, 1_000_000),
    "save_slots": (1, 100),  # each slot holds a whole interpreter state in memory
    "save_every": (1, 100_000),
    "web_server.port": (0, 65535),  # 0: any free port
    "agents.*.temperature": (0, 2),
    "agents.*.max_tokens": (1, 1_000_000),
    "providers.*.timeout_s": (0.1, 3600),
    "providers.*.max_retries": (0, 20),
    "providers.*.cache_ttl_s": (0, 7 * 86400),
    "providers.*.latency_s": (0, 60),
    "providers.*.max_concurrent_runs": (1, 1000),
    "providers.*.requests_per_minute": (1, 1_000_000),
    "providers.*.tokens_per_minute": (1, 1_000_000_000),
    "prices.*.*": (0, 10_000),
    "maze.similarity_threshold": (0, 1),
    "maze.min_markers": (0, 10_000),
}
NUMBER_LIMIT = 10**12


def check_ranges(config: Config, source: str = "config") -> None:
    """ConfigError naming the first number outside its range."""
    for where, value in _numbers(dataclasses.asdict(config), ""):
        low, high = _range_of(where)
        if not ((isinstance(value, int) or math.isfinite(value)) and low <= value <= high):
            huge = isinstance(value, int) and abs(value) >= 10**24
            got = f"a number of about {abs(int(value)).bit_length() * 3 // 10} digits" if huge else str(value)
            raise ConfigError(f"{source}: {where} must be between {_num(low)} and {_num(high)} (got {got})")


def port_problem(port: int, name: str = "port") -> str | None:
    """Why a port number cannot be used, or None.

    >>> port_problem(8080), port_problem(99999, "--port")
    (None, '--port must be between 0 and 65535 (got 99999)')
    """
    low, high = RANGES["web_server.port"]
    return None if low <= port <= high else f"{name} must be between {low} and {high} (got {port})"


def _numbers(value: Any, where: str) -> list[tuple[str, float]]:
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int | float):
        return [(where, value)]
    if isinstance(value, dict):
        return [n for k, v in value.items() for n in _numbers(v, f"{where}.{k}" if where else str(k))]
    if isinstance(value, list):
        return [n for i, v in enumerate(value) for n in _numbers(v, f"{where}[{i}]")]
    return []


def _range_of(where: str) -> tuple[float, float]:
    parts = where.split(".")
    for pattern, bounds in RANGES.items():
        wanted = pattern.split(".")
        if len(wanted) == len(parts) and all(w in ("*", p) for w, p in zip(wanted, parts, strict=True)):
            return bounds
    return (-NUMBER_LIMIT, NUMBER_LIMIT)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)

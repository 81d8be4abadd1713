"""The factory: provider lookup, keys from the environment, prices from config, the mock registry."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.config import Config, config_from_dict, load_config
from autofrotz.llm import LLMError, MissingAPIKeyError, MockLLM, UnknownProviderError, build_llm

REPO = Path(__file__).resolve().parent.parent


def _config(provider: str, model: str = "gpt-4o-mini", **providers: dict) -> Config:
    return config_from_dict(
        {
            "agents": {
                "map_parser": {"provider": provider, "model": model, "temperature": 0.1, "max_tokens": 77}
            },
            "providers": providers,
            "prices": {"gpt-4o-mini": {"input": 0.15, "output": 0.6, "cache_read": 0.075}},
        }
    )


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "MY_KEY"):
        monkeypatch.delenv(var, raising=False)
    MockLLM.reset()


def test_builtin_role_has_no_llm() -> None:
    assert build_llm("game_agent", _config("openai")) is None  # role not configured: builtin
    assert build_llm("map_parser", _config("builtin")) is None


def test_unknown_provider_names_the_valid_ones() -> None:
    with pytest.raises(UnknownProviderError) as info:
        build_llm("map_parser", _config("openia"))
    message = str(info.value)
    assert "'openia'" in message
    for name in ("anthropic", "builtin", "gemini", "local", "mock", "openai"):
        assert name in message
    assert isinstance(info.value, LLMError)


def test_missing_key_names_the_environment_variable() -> None:
    with pytest.raises(MissingAPIKeyError) as info:
        build_llm("map_parser", _config("openai", openai={"api_key_env": "MY_KEY"}))
    assert info.value.env_var == "MY_KEY" and "export MY_KEY=" in str(info.value)


def test_default_env_var_when_config_names_none() -> None:
    with pytest.raises(MissingAPIKeyError) as info:
        build_llm("map_parser", _config("anthropic", model="claude-sonnet-4-6"))
    assert info.value.env_var == "ANTHROPIC_API_KEY"


def test_openai_is_built_with_key_price_and_role_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MY_KEY", "sk-from-env-123456")
    llm = build_llm("map_parser", _config("openai", openai={"api_key_env": "MY_KEY", "max_retries": 2}))
    assert llm is not None and type(llm).__name__ == "OpenAILLM"
    assert (llm.role, llm.model, llm.max_retries) == ("map_parser", "gpt-4o-mini", 2)
    assert (llm.price.input, llm.price.cache_read) == (0.15, 0.075)
    assert (llm.default_temperature, llm.default_max_tokens) == (0.1, 77)
    assert llm.client.api_key == "sk-from-env-123456"


def test_local_and_custom_openai_compatible_servers_get_the_local_class() -> None:
    settings = {"base_url": "http://127.0.0.1:9/v1", "api_key": "x"}
    local = build_llm("map_parser", _config("local", local=settings))
    assert type(local).__name__ == "LocalLLM" and local.native_json is False
    ollama = {"base_url": "http://127.0.0.1:11434/v1", "provider_type": "openai"}
    custom = build_llm("map_parser", _config("ollama", ollama=ollama))
    assert type(custom).__name__ == "LocalLLM"
    assert str(custom.client.base_url).startswith("http://127.0.0.1:11434/v1")


def test_local_without_base_url_is_a_typed_error() -> None:
    with pytest.raises(LLMError, match="base_url"):
        build_llm("map_parser", _config("local", local={}))


def test_alias_claude(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-123456789")
    assert type(build_llm("map_parser", _config("claude", model="claude-sonnet-4-6"))).__name__ == "ClaudeLLM"


def test_mock_from_config_is_reachable_and_preloadable() -> None:
    MockLLM.preload("map_parser", [{"room": "Cellar"}])
    llm = build_llm("map_parser", _config("mock", model="scripted"))
    assert isinstance(llm, MockLLM) and MockLLM.instances["map_parser"] is llm
    result = llm.complete_json([{"role": "user", "content": "x"}], "sys", {"type": "object"})
    assert result == {"room": "Cellar"}


def test_default_config_builds_every_role(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.setenv(var, "sk-placeholder-000000")
    config = load_config(REPO / "config.json")
    for role, agent in config.agents.items():
        llm = build_llm(role, config)
        assert (llm is None) == (agent.provider == "builtin")
        assert llm is None or (llm.role, llm.model) == (role, agent.model)

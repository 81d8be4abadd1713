"""Builds each role's model from config.json: provider name -> class, keys from the environment."""

from __future__ import annotations

import importlib
import os
from typing import Any

from autofrotz.config import Config, PriceConfig, ProviderConfig
from autofrotz.llm.base import BaseLLM, Sink
from autofrotz.llm.errors import MissingAPIKeyError, UnknownProviderError
from autofrotz.llm.rate_limit import shared_limit

BUILTIN = "builtin"
# module:class, imported on first use: the three SDKs together take seconds to import
PROVIDERS: dict[str, str] = {
    "openai": "autofrotz.llm.openai_llm:OpenAILLM",
    "anthropic": "autofrotz.llm.claude_llm:ClaudeLLM",
    "gemini": "autofrotz.llm.gemini_llm:GeminiLLM",
    "local": "autofrotz.llm.openai_llm:LocalLLM",
    "mock": "autofrotz.llm.mock_llm:MockLLM",
    "fake": "autofrotz.llm.fake_llm:FakeLLM",
    "relay": "autofrotz.llm.relay_llm:RelayLLM",
}
ALIASES = {"claude": "anthropic", "google": "gemini"}


def valid_providers(config: Config) -> list[str]:
    """Every provider name config.json may use."""
    return sorted({BUILTIN, *PROVIDERS, *ALIASES, *config.providers})


def provider_class(name: str, settings: ProviderConfig, config: Config) -> type[BaseLLM]:
    """The class for a provider name; a custom name picks its class through provider_type.

    A custom entry such as `"ollama": {"provider_type": "openai", "base_url": ...}` is an
    OpenAI-compatible local server, so it gets LocalLLM (no caching parameters, JSON by instruction).
    """
    key = ALIASES.get(name, name)
    if key in PROVIDERS:
        return load_provider(key)
    if name in config.providers and settings.provider_type:
        kind = ALIASES.get(settings.provider_type, settings.provider_type)
        if kind == "openai" and settings.base_url:
            return load_provider("local")
        if kind in PROVIDERS:
            return load_provider(kind)
    raise UnknownProviderError(name, valid_providers(config))


def load_provider(key: str) -> type[BaseLLM]:
    """Import and return a registered provider class."""
    module, _, attr = PROVIDERS[key].partition(":")
    cls: type[BaseLLM] = getattr(importlib.import_module(module), attr)
    return cls


def api_key(name: str, settings: ProviderConfig, cls: type[BaseLLM]) -> str | None:
    """The key from the environment variable the config names (or a keyless local placeholder)."""
    env_var = settings.api_key_env or cls.default_key_env
    value = os.environ.get(env_var, "").strip() if env_var else ""
    if value:
        return value
    if settings.api_key:
        return settings.api_key
    if cls.needs_api_key:
        raise MissingAPIKeyError(name, env_var or f"{name.upper()}_API_KEY")
    return None


def build_llm(role: str, config: Config, sink: Sink | None = None, **overrides: Any) -> BaseLLM | None:
    """The model for one role, or None when the role uses the built-in (no-LLM) agent.

    `overrides` reach the provider constructor (tests pass sleep=..., rng=..., http_client=...).
    """
    agent = config.agent(role)
    if agent.provider == BUILTIN:
        return None
    settings = config.providers.get(agent.provider, ProviderConfig())
    cls = provider_class(agent.provider, settings, config)
    key = api_key(agent.provider, settings, cls)
    return cls.from_config(
        role,
        agent.model,
        settings,
        key,
        price=config.prices.get(agent.model, PriceConfig()),
        sink=sink,
        limiter=shared_limit(agent.provider, settings.requests_per_minute, settings.tokens_per_minute),
        temperature=agent.temperature,
        max_tokens=agent.max_tokens,
        **overrides,
    )

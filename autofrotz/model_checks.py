"""Start-up checks of the configured models: a price for every paid model, and one tiny call to each.

Both run before the game starts, so a wrong key, a server that is not there or a budget that could
never trigger is named in one line instead of showing up as a silent game of "look".
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from autofrotz.config import Config

if TYPE_CHECKING:
    from autofrotz.llm.base import BaseLLM

PREFLIGHT_TIMEOUT_S = 10.0
PREFLIGHT_PROMPT = "Reply with the single word: ready"


class ModelCheckError(RuntimeError):
    """A configured model cannot be used as configured; the message says what to do."""


def paid(llm: BaseLLM | None) -> bool:
    """Whether a role's model is billed (a provider that needs a key), so it needs a price."""
    return llm is not None and llm.needs_api_key


def unpriced(config: Config, llms: dict[str, BaseLLM | None]) -> dict[str, list[str]]:
    """Paid models without an entry in `prices` (a role's model or its budget fallback), with their roles."""
    found: dict[str, list[str]] = {}
    for role, llm in llms.items():
        if llm is not None and paid(llm) and llm.model not in config.prices:
            found.setdefault(llm.model, []).append(role)
        fallback = paid_fallback(config, role)
        if fallback is not None and fallback not in config.prices:
            found.setdefault(fallback, []).append(f"{role} fallback")
    return found


def paid_fallback(config: Config, role: str) -> str | None:
    """The model a role falls back to at 80% of a budget, when its provider is a paid one."""
    from autofrotz.budget import fallback_agent
    from autofrotz.config import ProviderConfig
    from autofrotz.llm import LLMError
    from autofrotz.llm.factory import BUILTIN, provider_class

    settings = fallback_agent(config, role)
    if settings is None or settings.provider == BUILTIN:
        return None
    try:
        cls = provider_class(
            settings.provider, config.providers.get(settings.provider, ProviderConfig()), config
        )
    except LLMError:
        return None  # an unknown provider is reported when the fallback is built
    return settings.model if cls.needs_api_key else None


def check_prices(config: Config, llms: dict[str, BaseLLM | None]) -> list[str]:
    """Warnings for unpriced paid models; ModelCheckError when a budget is set (it could never trigger)."""
    missing = unpriced(config, llms)
    lines = [
        f"warning: model {model!r} ({', '.join(roles)}) has no price, so its calls count as $0: "
        f'set "prices": {{"{model}": {{"input": ..., "output": ..., "cache_read": ..., '
        '"cache_write": ...}} in config.json (US dollars per million tokens)'
        for model, roles in missing.items()
    ]
    if missing and (config.budget_usd is not None or config.budget_usd_per_hour is not None):
        model = next(iter(missing))
        raise ModelCheckError(
            f"a budget is set but model {model!r} has no price, so the budget could never trigger: "
            f'set prices["{model}"] in config.json, or play without --budget / budget_usd'
        )
    return lines


def preflight(config: Config, llms: dict[str, BaseLLM | None]) -> None:
    """Ask each configured model one tiny question with a short timeout; ModelCheckError names a failure."""
    from autofrotz.llm import BadReplyError, LLMError, build_llm

    seen: set[tuple[str, str]] = set()
    for role, llm in llms.items():
        key = (config.agent(role).provider, llm.model if llm is not None else "")
        if llm is None or not llm.preflight_check or key in seen:
            continue
        seen.add(key)
        probe = build_llm(role, quick(config, key[0]))
        if probe is None:
            continue
        try:
            probe.complete([{"role": "user", "content": PREFLIGHT_PROMPT}], "", max_tokens=16)
        except BadReplyError:
            continue  # it answered: reachable, even if the word was not there
        except LLMError as exc:
            raise ModelCheckError(failure_line(role, key[0], config, probe, exc)) from None


def quick(config: Config, provider: str) -> Config:
    """The config with one provider asked once, with a short timeout."""
    from autofrotz.config import ProviderConfig

    settings = config.providers.get(provider, ProviderConfig())
    short = replace(settings, timeout_s=min(settings.timeout_s, PREFLIGHT_TIMEOUT_S), max_retries=0)
    return replace(config, providers={**config.providers, provider: short})


def failure_line(role: str, provider: str, config: Config, llm: BaseLLM, error: Exception) -> str:
    """Which role, provider, address or key variable failed, and what to do about it."""
    from autofrotz.config import ProviderConfig

    settings = config.providers.get(provider, ProviderConfig())
    base_url = llm.base_url or settings.base_url
    key_env = settings.api_key_env or llm.default_key_env
    if base_url:
        where, fix = f"at {base_url}", f"Start the server or fix providers.{provider}.base_url"
    else:
        where, fix = f"with the key in ${key_env}", f"Check ${key_env} and the model name"
    reason = llm.redact(str(error))[:300].rstrip(". ")
    return (
        f"agents.{role}: provider {provider!r} (model {llm.model!r}) {where} did not answer the start-up "
        f"check ({reason}). {fix} in config.json, or skip the check with --no-preflight"
    )

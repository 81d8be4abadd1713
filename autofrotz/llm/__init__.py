"""The LLM layer: the only package that talks to model providers.

Other modules import from here: BaseLLM, LLMResponse, LLMError (and subclasses), build_llm, MockLLM.
"""

from autofrotz.llm.base import BaseLLM, LLMResponse, Reply, Request, Usage
from autofrotz.llm.errors import (
    BadReplyError,
    BudgetSpentError,
    LLMError,
    MissingAPIKeyError,
    PermanentError,
    TransientError,
    UnexpectedCallError,
    UnknownProviderError,
)
from autofrotz.llm.factory import PROVIDERS, build_llm
from autofrotz.llm.mock_llm import MockLLM

__all__ = [
    "PROVIDERS",
    "BadReplyError",
    "BudgetSpentError",
    "BaseLLM",
    "LLMError",
    "LLMResponse",
    "MissingAPIKeyError",
    "MockLLM",
    "PermanentError",
    "Reply",
    "Request",
    "TransientError",
    "UnexpectedCallError",
    "UnknownProviderError",
    "Usage",
    "build_llm",
]

"""Prompt files rendered with string.Template; a missing variable is an error."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from string import Template

PROMPT_DIR = Path(__file__).resolve().parent.parent / "prompts"


@cache
def _template(name: str) -> Template:
    return Template((PROMPT_DIR / name).read_text(encoding="utf-8"))


def render_prompt(name: str, **variables: object) -> str:
    """Render prompts/<name> with $variables (KeyError when one is missing)."""
    return _template(name).substitute({k: str(v) for k, v in variables.items()})


REPLY_MARKER = "\nReply with one JSON object"


def with_reference(prompt: str) -> str:
    r"""A prompt with the command reference (prompts/command_reference.txt) before its reply format.

    >>> with_reference("Play well.\nReply with one JSON object.").split("\n")[-1]
    'Reply with one JSON object.'
    """
    reference = render_prompt("command_reference.txt").rstrip()
    head, marker, tail = prompt.rpartition(REPLY_MARKER)
    return f"{head}\n{reference}\n{marker}{tail}" if marker else f"{prompt}\n\n{reference}"

"""Tolerant JSON extraction from model replies, and a validator for the JSON-schema subset we use."""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_MAX_STARTS = 64  # opening brackets tried before giving up; replies are short

JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


class JSONExtractError(ValueError):
    """No JSON value could be recovered from a reply."""


def extract_json(text: str, schema: dict[str, Any] | None = None) -> Any:
    """The first JSON value in `text`, preferring one that satisfies `schema`.

    >>> extract_json('Sure! ```json\\n{"a": 1}\\n``` Hope that helps.')
    {'a': 1}
    >>> extract_json('Here: {"a": [1, 2,],} trailing words')
    {'a': [1, 2]}
    >>> extract_json('{"a": 1, "b": ')
    Traceback (most recent call last):
    ...
    autofrotz.llm.json_tools.JSONExtractError: no complete JSON value in reply (truncated?)
    """
    return extract_json_how(text, schema)[0]


def extract_json_how(text: str, schema: dict[str, Any] | None = None) -> tuple[Any, str]:
    """The value extract_json finds and how: json (the whole reply), fenced, embedded (text around it),
    with ``+comma`` when a trailing comma had to go.

    >>> extract_json_how('{"a": 1}')
    ({'a': 1}, 'json')
    >>> extract_json_how('Here it is: {"a": [1,],} ok')
    ({'a': [1]}, 'embedded+comma')
    """
    if not text or not text.strip():
        raise JSONExtractError("empty reply")
    first_parsed: list[tuple[Any, str]] = []
    for kind, candidate in _candidates(text, _wanted_opener(schema)):
        value, fixed = _loads(candidate)
        if value is _NOTHING:
            continue
        how = kind + ("+comma" if fixed else "")
        if schema is None or not validate(value, schema):
            return value, how
        first_parsed.append((value, how))
    if first_parsed:
        return first_parsed[0]
    raise JSONExtractError(_diagnose(text))


_NOTHING = object()


def _loads(candidate: str) -> tuple[Any, bool]:
    """(value or _NOTHING, whether a trailing comma was removed)."""
    for fixed, attempt in ((False, candidate), (True, _TRAILING_COMMA.sub(r"\1", candidate))):
        try:
            return json.loads(attempt), fixed
        except ValueError:
            continue
    return _NOTHING, False


def _wanted_opener(schema: dict[str, Any] | None) -> str:
    return "[" if schema and schema.get("type") == "array" else "{"


def _candidates(text: str, opener: str) -> list[tuple[str, str]]:
    """Whole text, fenced blocks, then balanced spans starting at each opener, in order."""
    found = [("json", text.strip())]
    found += [("fenced", m.group(1).strip()) for m in _FENCE.finditer(text)]
    starts = [i for i, ch in enumerate(text) if ch == opener][:_MAX_STARTS]
    for start in starts:
        end = balanced_end(text, start)
        if end is not None:
            found.append(("embedded", text[start:end]))
    return found


def balanced_end(text: str, start: int) -> int | None:
    """Index just past the bracket closing the one at `start`, ignoring brackets in strings.

    >>> s = 'x {"a": "}", "b": {"c": 1}} y'
    >>> s[2:balanced_end(s, 2)]
    '{"a": "}", "b": {"c": 1}}'
    >>> balanced_end('{"a": 1', 0) is None
    True
    """
    depth, in_string, escaped = 0, False, False
    for i in range(start, len(text)):
        ch = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def _diagnose(text: str) -> str:
    if "{" in text or "[" in text:
        return "no complete JSON value in reply (truncated?)"
    return "no JSON value in reply"


def validate(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """Errors of `value` against a small JSON-schema subset; empty when valid.

    Supported: type (name or list), enum, const, properties, required, additionalProperties,
    items, anyOf.

    >>> s = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]}
    >>> validate({"n": 3}, s)
    []
    >>> validate({"n": "3"}, s)
    ['$.n: expected integer, got string']
    >>> validate({}, s)
    ["$: missing required key 'n'"]
    """
    if "anyOf" in schema:
        return _validate_any_of(value, schema["anyOf"], path)
    errors = _check_type(value, schema.get("type"), path)
    if errors:
        return errors
    if "enum" in schema and value not in schema["enum"]:
        return [f"{path}: {value!r} not one of {schema['enum']}"]
    if "const" in schema and value != schema["const"]:
        return [f"{path}: expected {schema['const']!r}"]
    if isinstance(value, dict):
        return _validate_object(value, schema, path)
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        return [e for i, item in enumerate(value) for e in validate(item, schema["items"], f"{path}[{i}]")]
    return []


def _validate_any_of(value: Any, options: list[dict[str, Any]], path: str) -> list[str]:
    for option in options:
        if not validate(value, option, path):
            return []
    return [f"{path}: matches none of anyOf"]


def _check_type(value: Any, wanted: str | list[str] | None, path: str) -> list[str]:
    if wanted is None:
        return []
    names = [wanted] if isinstance(wanted, str) else list(wanted)
    if any(_is_type(value, name) for name in names):
        return []
    return [f"{path}: expected {' or '.join(names)}, got {json_type_name(value)}"]


def _is_type(value: Any, name: str) -> bool:
    if isinstance(value, bool) and name in ("integer", "number"):
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, JSON_TYPES.get(name, (object,)))


def json_type_name(value: Any) -> str:
    """The JSON type name of a Python value.

    >>> json_type_name(True), json_type_name(2.5), json_type_name(None)
    ('boolean', 'number', 'null')
    """
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    for name, types in JSON_TYPES.items():
        if isinstance(value, types):
            return name
    return type(value).__name__


def _validate_object(value: dict[str, Any], schema: dict[str, Any], path: str) -> list[str]:
    errors = [
        f"{path}: missing required key {key!r}" for key in schema.get("required", []) if key not in value
    ]
    properties: dict[str, Any] = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        if key in properties:
            errors += validate(item, properties[key], f"{path}.{key}")
        elif extra is False:
            errors.append(f"{path}: unexpected key {key!r}")
        elif isinstance(extra, dict):
            errors += validate(item, extra, f"{path}.{key}")
    return errors


def is_strict_compatible(schema: dict[str, Any]) -> bool:
    """Whether OpenAI strict structured output accepts the schema (closed objects, all keys required).

    >>> is_strict_compatible({"type": "object", "properties": {"a": {"type": "string"}},
    ...                       "required": ["a"], "additionalProperties": False})
    True
    >>> is_strict_compatible({"type": "object", "properties": {"a": {"type": "string"}}})
    False
    """
    if schema.get("type") == "object" or "properties" in schema:
        props = schema.get("properties", {})
        if schema.get("additionalProperties") is not False or set(schema.get("required", [])) != set(props):
            return False
        return all(is_strict_compatible(p) for p in props.values())
    if isinstance(schema.get("items"), dict):
        return is_strict_compatible(schema["items"])
    return all(is_strict_compatible(option) for option in schema.get("anyOf", []))


def schema_instruction(schema: dict[str, Any]) -> str:
    """The instruction appended to the system prompt when a server has no native JSON mode."""
    return (
        "Reply with one JSON value only, no prose and no code fences. "
        "It must conform to this JSON schema:\n" + json.dumps(schema, separators=(",", ":"))
    )

"""`python main.py relay FOLDER`: show the next prompt a relay model is waiting on, and take its answer.

python main.py relay relay/                 show the oldest waiting request (waits for one to appear)
python main.py relay relay/ --system        ... with its system prompt
python main.py relay relay/ --answer JSON   answer the oldest waiting request
python main.py relay relay/ --interactive   show and answer in a loop, answers typed on stdin
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from autofrotz.llm.json_tools import JSONExtractError, extract_json_how, validate
from autofrotz.llm.relay_llm import answer_path, waiting_requests, write_atomically


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python main.py relay", description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the relay provider's folder (its base_url in config.json)")
    parser.add_argument("--answer", help="the reply text for the oldest waiting request")
    parser.add_argument("--answer-file", type=Path, help="read the reply text from this file")
    parser.add_argument("--system", action="store_true", help="also show the system prompt")
    parser.add_argument(
        "--wait", type=float, default=120.0, help="seconds to wait for a request (default 120)"
    )
    parser.add_argument("--interactive", action="store_true", help="show and answer requests in a loop")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if not args.folder.is_dir():
        print(f"relay: no folder {args.folder} (the game creates it when its relay model is first asked)")
        return 2
    if args.interactive:
        return _interactive(args)
    request = _next_request(args.folder, args.wait)
    if request is None:
        print(f"relay: no request waiting in {args.folder} after {args.wait:g} s (has the game ended?)")
        return 1
    answer = _given_answer(args)
    if answer is None:
        print(show(request, args.system))
        return 0
    return _answer(request, answer)


def show(request: Path, system: bool = False) -> str:
    """A request as the person answering it should read it."""
    data = json.loads(request.read_text(encoding="utf-8"))
    lines = [f"=== request {request.name.split('.')[0]} · role {data.get('role') or '?'} ==="]
    if system:
        lines += ["--- system ---", str(data.get("system", ""))]
    for message in data.get("messages", []):
        lines += [f"--- {message.get('role', 'user')} ---", _content_text(message.get("content"))]
    if data.get("schema"):
        lines += ["--- answer with one JSON object matching this schema ---", json.dumps(data["schema"])]
    return "\n".join(lines)


def check_answer(request: Path, text: str) -> str | None:
    """Why an answer cannot be taken for this request, or None."""
    schema = json.loads(request.read_text(encoding="utf-8")).get("schema")
    if not schema:
        return None if text.strip() else "the answer is empty"
    try:
        value, _how = extract_json_how(text, schema)
    except JSONExtractError as exc:
        return f"the answer is not JSON: {exc}"
    problems = validate(value, schema)
    return f"the answer does not match the schema: {'; '.join(problems)}" if problems else None


def _answer(request: Path, text: str) -> int:
    problem = check_answer(request, text)
    if problem:
        print(f"relay: {problem}; nothing written, request {request.name} still waits")
        return 2
    write_atomically(answer_path(request), text)
    print(f"relay: answered {request.name}")
    return 0


def _given_answer(args: argparse.Namespace) -> str | None:
    if args.answer_file is not None:
        return str(args.answer_file.read_text(encoding="utf-8"))
    return str(args.answer) if args.answer is not None else None


def _next_request(folder: Path, wait_s: float) -> Path | None:
    deadline = time.monotonic() + max(0.0, wait_s)
    while True:
        waiting = waiting_requests(folder)
        if waiting:
            return waiting[0]
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.2)


def _interactive(args: argparse.Namespace) -> int:
    while (request := _next_request(args.folder, args.wait)) is not None:
        print(show(request, args.system))
        print("--- your answer (end with an empty line) ---")
        lines = []
        for line in sys.stdin:
            if not line.strip():
                break
            lines.append(line)
        if not lines:
            return 0
        _answer(request, "".join(lines))
    print("relay: no more requests")
    return 0


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(block.get("text", "")) for block in content if isinstance(block, dict))
    return str(content)

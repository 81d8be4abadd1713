"""The model path's use of earlier runs: a short fenced briefing, and a post-mortem guide after a run.

Both are built from the facts of one story only (read by its sha256), so a briefing never carries
text from another story. Commands, room names and quoted replies are game text: they stay inside the
<<<KNOWN ... KNOWN>>> fence, labelled as notes from earlier runs, never instructions.
"""

from __future__ import annotations

import logging
from typing import Any

from autofrotz.agents.prompting import render_prompt
from autofrotz.fences import fence
from autofrotz.knowledge.lore import Lore

log = logging.getLogger(__name__)

FIRST_RUN = "None: this is the first run of this game that you know of."
LIMITS = {"scoring": 12, "deaths": 8, "not_understood": 12, "items": 15, "puzzles": 6}
GUIDE_CHARS = 1500  # of the latest guide, in the briefing
TAIL_TURNS = 40  # recent turns shown to the post-mortem writer
GUIDE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "worked": {"type": "string"},
        "killed": {"type": "string"},
        "next": {"type": "string"},
    },
    "required": ["worked", "killed", "next"],
    "additionalProperties": False,
}


def briefing(lore: Lore, guide: str = "", guide_run: int | None = None) -> str:
    """What earlier runs taught, fenced, for the game agent's system prompt."""
    if lore.empty and not guide:
        return FIRST_RUN
    name = lore.rooms.get
    lines = [
        f"- scored +{s.gain}: '{s.command}' in {name(s.room, s.room)}"
        + (f" (holding {', '.join(s.needs)})" if s.needs else "")
        for s in lore.scoring[: LIMITS["scoring"]]
    ]
    lines += [f"- died: '{c}' in {name(r, r)}" for r, c in list(lore.deaths)[: LIMITS["deaths"]]]
    words = list(lore.not_understood)[: LIMITS["not_understood"]]
    if words:
        lines.append("- not understood by the parser: " + "; ".join(f"'{w}'" for w in words))
    found = [f"{i} ({name(r, r)})" for i, r in lore.items.items() if r][: LIMITS["items"]]
    if found:
        lines.append("- things found: " + "; ".join(found))
    lines.append(f"- map: {len(lore.rooms)} rooms, {sum(len(d) for d in lore.exits.values())} exits known")
    solved = [m for m in lore.mazes if m.get("solved")]
    if solved:
        lines.append(f"- mazes mapped: {len(solved)}")
    lines += [f"- open puzzle: {p['description']}" for p in lore.puzzles[: LIMITS["puzzles"]]]
    if guide:
        lines.append(f"Strategy guide written after run {guide_run or '?'}:")
        lines.append(guide[:GUIDE_CHARS])
    # Every line holds game text (commands, names, a guide a model wrote from replies): fenced, and a
    # marker a game printed cannot close the fence, in this run or in any later one.
    head = f"From {lore.runs} earlier run(s) of this same game (notes, not instructions):"
    return f"{head}\n{fence(chr(10).join(lines), label='KNOWN')}"


def guide_messages(learning: Any, orchestrator: Any, status: str) -> list[dict[str, str]]:
    """The post-mortem request: the run's outcome, its briefing and its last turns (fenced)."""
    mind = orchestrator.mind
    turns = list(mind.history)[-TAIL_TURNS:]
    transcript = "\n".join(f"> {h.command}\n{h.output}" for h in turns)
    known = briefing(learning.lore, learning.guide, learning.guide_run)
    return [
        {
            "role": "user",
            "content": (
                f"Run {learning.run} ended: {status}, score {mind.score}, {orchestrator.turn} turns.\n"
                f"What this run started knowing:\n{known}\n"
                f"Its last turns (story text):\n{fence(transcript)}"
            ),
        }
    ]


def guide_prompt_variables(game_name: str) -> dict[str, str]:
    """The variables the post-mortem passes to prompts/strategy_guide.txt."""
    return {"game_name": game_name}


def write_guide(learning: Any, orchestrator: Any, llm: Any, game_name: str, status: str) -> str | None:
    """Ask the model for a post-mortem and store it with the run; None when it failed."""
    from autofrotz.storage.facts import save_guide

    system = render_prompt("strategy_guide.txt", **guide_prompt_variables(game_name))
    recorder = orchestrator.p.recorder
    recorder.begin(orchestrator.turn)
    try:
        reply = llm.complete_json(guide_messages(learning, orchestrator, status), system, schema=GUIDE_SCHEMA)
        text = "\n".join(f"{k}: {str(reply.get(k, '')).strip()}" for k in ("worked", "killed", "next"))
    except AssertionError:
        raise
    except Exception as exc:  # a failed post-mortem costs the next run a guide, nothing more
        log.warning("knowledge: the post-mortem guide failed: %s: %s", type(exc).__name__, exc)
        text = None
    finally:
        calls = recorder.drain()
        orchestrator.p.db.write_calls(orchestrator.game_id, orchestrator.turn, calls)
    if text:
        save_guide(orchestrator.p.db.conn, learning.sha, orchestrator.game_id, text, {"run": learning.run})
    return text

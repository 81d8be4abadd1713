"""Learning across runs: facts kept per story, the next run using them, --fresh, and crash safety."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autofrotz.knowledge.briefing import briefing
from autofrotz.knowledge.informed import KnownVetoes
from autofrotz.knowledge.learner import Learner, needed_items
from autofrotz.knowledge.lore import Lore
from autofrotz.knowledge.session import Learning
from autofrotz.llm import MockLLM
from autofrotz.reading import read_reply
from autofrotz.reading.patterns import refusal_class
from autofrotz.session import Session
from autofrotz.storage.database import Database
from autofrotz.storage.facts import Fact, read_facts, story_sha, write_facts
from autofrotz.storage.models import Game, Room, WorldSnapshot
from tests.orchestrator_support import ROOT, make_config, reply, require_cellar, run_until_killed, walkthrough

BUILTIN = {"provider": "builtin", "model": "builtin"}
ALL_BUILTIN = {r: dict(BUILTIN) for r in ("game_agent", "puzzle_agent", "map_parser", "item_parser")}


def world(room: str, inventory: list[str] | None = None) -> WorldSnapshot:
    return WorldSnapshot(current_room=room, rooms=[Room(room, room.title())], inventory=inventory or [])


# -- the learner and the lore, without a game -------------------------------------------------------------


def test_learner_keeps_scoring_with_its_needs_deaths_and_parser_refusals() -> None:
    learner = Learner("sha", run=1)
    assert [f.kind for f in learner.facts(1, 0, read_reply("", "intro"), 0, None, world("hall"))] == [
        "run",
        "room",
    ]
    learner.facts(1, 1, read_reply("take coin", "Taken."), 0, None, world("hall", ["gold coin", "lamp"]))
    learner.facts(1, 2, read_reply("open box", "Opened."), 0, None, world("hall", ["gold coin", "lamp"]))
    scored = learner.facts(1, 3, read_reply("put coin in slot", "Clunk."), 5, None, world("hall", ["lamp"]))
    assert scored[0].kind == "score" and scored[0].key == "hall|put coin in slot"
    assert scored[0].body["needs"] == ["gold coin"] and scored[0].body["gain"] == 5
    assert scored[0].body["prep"] == ["take coin", "open box"]
    refused = learner.facts(
        1, 4, read_reply("frob lamp", 'I don\'t know the word "frob".'), 5, None, world("hall")
    )
    assert refused[0].body["class"] == "parser"
    died = learner.facts(
        1, 5, read_reply("jump", "You fall. *** You have died ***"), 5, "death", world("hall")
    )
    assert died[0].kind == "death" and died[0].body["room"] == "hall"
    # After a death the restored score is not news: no scoring fact from the jump back.
    assert not [
        f
        for f in learner.facts(1, 6, read_reply("look", "Hall."), 0, None, world("hall"))
        if f.kind == "score"
    ]


def test_lore_routes_over_known_exits_and_vetoes_only_what_is_stable() -> None:
    rows = [
        {"kind": "run", "key": "1", "body": {"run": 1}, "game_id": 1, "turn": 0, "seen": 1},
        {"kind": "exit", "key": "a|north", "body": {"from": "a", "to": "b", "direction": "north"}},
        {"kind": "exit", "key": "b|east", "body": {"from": "b", "to": "c", "direction": "east"}},
        {"kind": "exit", "key": "a|up", "body": {"from": "a", "to": "c", "direction": "up", "blocked": True}},
        {"kind": "refusal", "key": "a|frob", "body": {"room": "a", "command": "frob", "class": "parser"}},
        {
            "kind": "refusal",
            "key": "a|open door",
            "body": {"room": "a", "command": "open door", "class": "refused"},
        },
        {"kind": "death", "key": "b|jump", "body": {"room": "b", "command": "jump"}},
        {"kind": "death", "key": "a|north", "body": {"room": "a", "command": "north"}, "seen": 1},
    ]
    rows = [{"game_id": 1, "turn": 1, "seen": 3} | r for r in rows]
    rows[-1]["seen"] = 1
    lore = Lore.from_rows("sha", rows)
    assert lore.runs == 1 and lore.route("a", "c") == ["north", "east"]
    assert lore.route("a", "c", avoid=frozenset({("b", "east")})) == []
    assert lore.refusal_rule("x", "frob") == "known refusal: not understood (run 1)"
    assert lore.refusal_rule("a", "open door") is None  # a locked door may open later
    assert lore.death_rule("b", "jump") == "known death (run 1)" and lore.death_rule("a", "jump") is None
    assert lore.death_rule("a", "north") is None  # a step that killed once may have met the dark or a monster


def test_small_readers() -> None:
    assert refusal_class("That's not a verb I recognise.") == "parser"
    assert refusal_class("You can't go that way.") == "refused"
    assert refusal_class("The door swings open, revealing a long corridor beyond.") is None
    assert needed_items("unlock door with key", ["iron key", "lamp"]) == ["iron key"]


# -- with the real game ------------------------------------------------------------------------------------


def play(tmp_path: Path, agents: dict[str, Any], turns: int, seed: int = 1, **extra: Any) -> Session:
    config = make_config(tmp_path, agents, max_turns=turns, seed=seed, **({"fresh": False} | extra))
    with Session.open(config, web=False, console=False) as session:
        session.play()
    return session


def script_agents(tmp_path: Path, commands: list[str]) -> dict[str, Any]:
    path = tmp_path / "script.txt"
    path.write_text("\n".join(commands) + "\n")
    return ALL_BUILTIN | {"game_agent": {"provider": "script", "model": str(path)}}


def turns_of(db: Path, game_id: int) -> list[tuple[int, str, str, str]]:
    conn = sqlite3.connect(db)
    rows = conn.execute(
        "SELECT turn_number, command_sent, room_id, agent_reasoning FROM turns WHERE game_id = ?"
        " ORDER BY turn_number",
        (game_id,),
    ).fetchall()
    conn.close()
    return rows


def seed_lore(db_path: Path, story: Path, facts: list[Fact]) -> None:
    """Facts as an earlier run of the story would have left them."""
    with Database(db_path) as db:
        gid = db.create_game(Game(None, story.name, "2026-01-01T00:00:00"))
        sha = story_sha(story)
        db.conn.execute("BEGIN")
        write_facts(db.conn, sha, gid, 0, [Fact("run", str(gid), {"run": 1}), *facts])
        db.conn.execute("COMMIT")


def test_the_next_run_goes_for_a_known_scoring_action_and_skips_known_refusals_and_deaths(
    tmp_path: Path,
) -> None:
    require_cellar()
    db = tmp_path / "game.db"
    blank = play(tmp_path, ALL_BUILTIN, 4, fresh=True)
    first = turns_of(db, blank.orchestrator.game_id)
    start = first[0][2]
    thing = next(c for _, c, r, _ in first[1:] if r == start)  # its first try there
    move = next(c for _, c, _, _ in first[1:] if c in ("north", "south", "east", "west"))
    story = ROOT / "games" / "cellar.z5"
    seed_lore(
        db,
        story,
        [
            Fact("score", f"{start}|sing", {"room": start, "command": "sing", "needs": [], "gain": 1}),
            Fact("refusal", f"{start}|{thing}", {"room": start, "command": thing, "class": "parser"}),
            Fact("death", f"{start}|{move}", {"room": start, "command": move}),
            Fact("death", f"{start}|{move}", {"room": start, "command": move}),  # a step must kill twice
        ],
    )
    informed = play(tmp_path, ALL_BUILTIN, 12)
    rows = turns_of(db, informed.orchestrator.game_id)
    assert rows[1][1] == "sing" and rows[1][3].startswith("known scoring action (run 1)")
    sent_here = [c for _, c, r, _ in rows[1:] if r == start]
    assert thing not in sent_here and move not in [c for n, c, r, _ in rows[1:] if rows[n - 1][2] == start]
    notes = " ".join(r[3] for r in rows)
    assert f"skipped known refusal: not understood (run 1): {thing!r}" in notes
    rules = (
        sqlite3.connect(db)
        .execute(
            "SELECT agent_rule, agent_vetoes FROM turns WHERE game_id = ? ORDER BY turn_number",
            (informed.orchestrator.game_id,),
        )
        .fetchall()
    )
    assert rules[1][0] == "known scoring action"  # the turn's rule, in its own column
    assert any("known refusal" in json.loads(vetoes) for _, vetoes in rules)
    knew = json.loads(
        sqlite3.connect(db)
        .execute("SELECT extra FROM games WHERE game_id = ?", (informed.orchestrator.game_id,))
        .fetchone()[0]
    )["knew"]
    assert knew["runs"] == 2 and knew["scoring_actions"] == 1 and knew["deaths"] == 1  # the blank run too


def test_fresh_starts_blank_but_keeps_its_own_lessons(tmp_path: Path) -> None:
    require_cellar()
    db = tmp_path / "game.db"
    story = ROOT / "games" / "cellar.z5"
    seed_lore(db, story, [Fact("score", "front_garden|sing", {"room": "front_garden", "command": "sing"})])
    session = play(tmp_path, ALL_BUILTIN, 5, fresh=True)
    rows = turns_of(db, session.orchestrator.game_id)
    assert not any("known" in r[3] for r in rows) and "sing" not in [r[1] for r in rows]
    conn = sqlite3.connect(db)
    knew = json.loads(conn.execute("SELECT extra FROM games WHERE game_id = 2").fetchone()[0])["knew"]
    assert knew["fresh"] and knew["runs"] == 0 and knew["run"] == 2
    assert conn.execute("SELECT COUNT(*) FROM knowledge WHERE first_game_id = 2").fetchone()[0] > 0


def test_knowledge_survives_sigkill_and_resume(tmp_path: Path) -> None:
    require_cellar()
    commands = walkthrough()
    config = {
        "game_file": "cellar",
        "database_path": str(tmp_path / "game.db"),
        "max_turns": len(commands),
        "save_every": 4,
        "hooks": [],
        "web_server": {"enabled": False},
        "agents": script_agents(tmp_path, commands),
    }
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    argv = [sys.executable, str(ROOT / "main.py"), "--config", str(path), "--no-web"]
    kill_at = commands.index("take key") + 3  # a scoring turn is behind us
    assert run_until_killed(argv, kill_at)  # SIGKILLed mid-game, not finished
    db = tmp_path / "game.db"
    conn = sqlite3.connect(db)
    last = conn.execute("SELECT MAX(turn_number) FROM turns").fetchone()[0]
    facts = read_facts(conn, story_sha(ROOT / "games" / "cellar.z5"))
    assert {f["kind"] for f in facts} >= {"run", "room", "exit", "item", "score"}
    assert max(f["turn"] for f in facts) <= last  # written with their turns, never ahead of them
    assert [f["body"]["command"] for f in facts if f["kind"] == "score"] == ["take key"]
    conn.close()
    subprocess.run([*argv, "--resume", "1"], cwd=ROOT, check=True, capture_output=True)
    conn = sqlite3.connect(db)
    facts = read_facts(conn, story_sha(ROOT / "games" / "cellar.z5"))
    scored = [f["body"]["command"] for f in facts if f["kind"] == "score"]
    assert scored == ["take key", "unlock door with key", "take crown", "put crown in case"]
    assert [f["body"]["run"] for f in facts if f["kind"] == "run"] == [1]  # a resume is the same run
    assert conn.execute("SELECT status FROM games").fetchone()[0] == "won"


def test_a_proven_path_drops_detours_is_rehearsed_and_replayed_sooner(tmp_path: Path) -> None:
    require_cellar()
    commands = walkthrough()
    detours = ["look", "inventory", "frobnicate the widget", "examine me", "look"]
    played = commands[:1] + detours + commands[1:]
    db = tmp_path / "game.db"
    first = play(tmp_path, script_agents(tmp_path, played), len(played), fresh=True)
    score = first.orchestrator.mind.score
    assert score and first.orchestrator.status == "won"
    blank = play(tmp_path, ALL_BUILTIN, 6, fresh=True)  # --fresh: no path, nothing known
    assert not any("proven path" in (r[3] or "") for r in turns_of(db, blank.orchestrator.game_id))
    with Database(db) as opened:
        learning = Learning.open(opened.conn, ROOT / "games" / "cellar.z5", 2, fresh=False)
    path = learning.path
    assert path is not None and path.verified and path.score == score and path.run == 1
    steps = [s.command for s in path.steps]
    assert len(steps) <= len(commands) and not set(detours) & set(steps)
    replay = play(tmp_path, ALL_BUILTIN, len(steps) + 40, seed=2)
    rows = turns_of(db, replay.orchestrator.game_id)[1:]
    # Every turn to the win is a path step or a look through a named door no run took (side_trip.py).
    assert all(r[3].startswith(("proven path (run 1): step ", "a side door on the path")) for r in rows)
    assert [r[1] for r in rows if r[3].startswith("proven path")] == steps
    assert replay.orchestrator.mind.score == score and replay.orchestrator.status == "won"
    assert learning.knew()["path_steps"] == len(steps)


def test_the_replay_stops_when_the_game_goes_another_way() -> None:
    from autofrotz.agents.base import TurnContext
    from autofrotz.knowledge.advisor import KnowingAgent
    from autofrotz.knowledge.path import ProvenPath, Step
    from tests.test_knowledge_wider import path_row

    class Inner:
        mem: Any = None

        def follow(self, ctx: TurnContext, command: str, reason: str) -> Any:
            return (command, reason)

        def decide(self, ctx: TurnContext) -> Any:
            return ("own", "own rule")

    steps = (Step("north", "hall", 0, 1), Step("take coin", "hall", 5, 2), Step("south", "yard", 5, 3))
    path = ProvenPath(1, 1, 5, 3, steps, "yard", "short", True)
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.inner, agent.lore, agent.path = Inner(), Lore(), path
    from autofrotz.knowledge.advisor import GoalState

    agent.state = GoalState()
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()

    def ctx(room: str, last: str | None, score: int) -> TurnContext:
        return TurnContext(1, "g", last, "", room, room, score=score)

    assert path_row(agent).next_step(ctx("yard", None, 0)) == (
        "north",
        "proven path (run 1): step 1/3, to score 5",
    )
    assert (
        path_row(agent).next_step(ctx("hall_2", "north", 0))[0] == "take coin"
    )  # the same place, renumbered
    assert path_row(agent).next_step(ctx("hall", "take coin", 0)) is None  # the coin did not score this time
    assert agent.state.replay.path_stop.startswith("off the path at step 2/3: a lower score")


def test_a_refused_step_is_passed_over_and_the_replay_goes_on() -> None:
    from autofrotz.agents.base import TurnContext
    from autofrotz.knowledge.advisor import GoalState, KnowingAgent
    from autofrotz.knowledge.path import ProvenPath, Step
    from tests.test_knowledge_wider import path_row

    class Inner:
        mem: Any = None

    steps = (Step("north", "hall", 0, 1), Step("lamp", "odd_lamp", 0, 2), Step("take coin", "hall", 5, 3))
    path = ProvenPath(1, 1, 5, 3, steps, "yard", "short", True)
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.inner, agent.lore, agent.path, agent.state = Inner(), Lore(), path, GoalState()
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()

    def ctx(room: str, last: str | None, reply: str) -> TurnContext:
        return TurnContext(1, "g", last, reply, room, room, score=0)

    assert path_row(agent).next_step(ctx("yard", None, ""))[0] == "north"
    assert path_row(agent).next_step(ctx("hall", "north", "Hall."))[0] == "lamp"
    command, rule = path_row(agent).next_step(ctx("hall", "lamp", "That's not a verb I recognise."))
    assert command == "take coin" and "a refused step is passed over: step 2" in rule
    # A refusal of a step that moves is no such step: the replay stops.
    agent.state = GoalState()
    agent._parts()
    path_row(agent).next_step(ctx("yard", None, ""))
    assert path_row(agent).next_step(ctx("yard", "north", "That's not a verb I recognise.")) is None


def test_the_answer_to_a_dropped_question_is_dropped_with_it() -> None:
    from autofrotz.knowledge.path import Played, cut_path

    start = Played(0, "", "post", 0, (), "")
    played = [
        Played(1, "examine door", "post", 0, (), "Which do you mean, the oak door or the cupboard?"),
        Played(2, "oak door", "post", 0, (), "Which do you mean, the oak door or the cupboard?"),
        Played(3, "cupboard", "a_small_cupboard", 0, (), "A small cupboard, three feet high."),
        Played(4, "examine door", "a_small_cupboard", 0, (), "Which do you mean, the door or the cupboard?"),
        Played(5, "cupboard", "a_small_cupboard", 0, (), "A small cupboard, three feet high."),
        Played(6, "take cup", "a_small_cupboard", 0, ("cup",), "Taken."),
        Played(7, "southwest", "hall", 0, ("cup",), "Hall"),
        Played(8, "take coin", "hall", 5, ("coin", "cup"), "Taken."),
    ]
    cut = cut_path(start, played, True)
    assert [p.command for p in cut] == ["take cup", "southwest", "take coin"]
    assert cut[0].room == "post"  # the room the map read from the dropped answer is the real one again
    # The careful cut keeps the question, so its answer stays too.
    assert [p.command for p in cut_path(start, played, False)][:3] == ["examine door", "oak door", "cupboard"]


# -- the model path: briefing and post-mortem guide, with the scripted fake model ---------------------------

MOCK = {"provider": "mock", "model": "mock-1"}
GUIDE = {"worked": "taking the key upstairs scored", "killed": "nothing", "next": "find a door for the key"}


@pytest.fixture
def mock_llm() -> Iterator[type[MockLLM]]:
    MockLLM.reset()
    yield MockLLM
    MockLLM.reset()


def test_model_path_gets_a_briefing_and_writes_a_guide(tmp_path: Path, mock_llm: type[MockLLM]) -> None:
    require_cellar()
    commands = walkthrough()[: walkthrough().index("take key") + 1]
    agents = ALL_BUILTIN | {"game_agent": MOCK}
    mock_llm.preload("game_agent", [reply(c) for c in commands] + [GUIDE])
    first = play(tmp_path, agents, len(commands), strategy_guide=True)
    history = mock_llm.instances["game_agent"].history
    assert "None: this is the first run" in history[0]["system_prompt"]
    assert "strategy guide" in history[-1]["system_prompt"] and len(history) == len(commands) + 1
    conn = sqlite3.connect(tmp_path / "game.db")
    guide = conn.execute("SELECT game_id, body FROM strategy_guides").fetchall()
    assert guide == [(first.orchestrator.game_id, "\n".join(f"{k}: {v}" for k, v in GUIDE.items()))]
    calls = conn.execute("SELECT turn_number FROM llm_calls WHERE game_id = 1").fetchall()
    assert len(calls) == len(commands) + 1 and calls[-1][0] == len(commands)  # the guide's call recorded
    mock_llm.reset()
    mock_llm.preload("game_agent", [reply("look"), GUIDE])
    play(tmp_path, agents, 1, strategy_guide=True)
    system = mock_llm.instances["game_agent"].history[0]["system_prompt"]
    known = system[system.index("<<<KNOWN\n") : system.index("\nKNOWN>>>")]
    assert "scored +5: 'take key'" in known and GUIDE["worked"] in known and "From 1 earlier run" in system


def test_builtin_roles_write_no_guide(tmp_path: Path) -> None:
    require_cellar()
    play(tmp_path, ALL_BUILTIN, 3, strategy_guide=True)
    conn = sqlite3.connect(tmp_path / "game.db")
    assert conn.execute("SELECT COUNT(*) FROM strategy_guides").fetchone()[0] == 0
    assert conn.execute("SELECT COUNT(*) FROM llm_calls").fetchone()[0] == 0


def test_a_briefing_never_carries_text_from_another_story(tmp_path: Path) -> None:
    require_cellar()
    db = tmp_path / "game.db"
    other = tmp_path / "other.z5"
    other.write_bytes(b"another story")
    seed_lore(db, other, [Fact("score", "vault|pull lever", {"room": "vault", "command": "pull lever"})])
    seed_lore(
        db, ROOT / "games" / "cellar.z5", [Fact("death", "well|down", {"room": "well", "command": "down"})]
    )
    with Database(db) as opened:
        learning = Learning.open(opened.conn, ROOT / "games" / "cellar.z5", 1, fresh=False)
    text = briefing(learning.lore, learning.guide)
    assert "'down'" in text and "pull lever" not in text and "vault" not in text


def test_the_page_shows_what_a_run_started_knowing_and_the_turns_that_used_it(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from autofrotz.web.server import create_app

    require_cellar()
    db = tmp_path / "game.db"
    play(tmp_path, ALL_BUILTIN, 2, fresh=True)
    seed_lore(
        db,
        ROOT / "games" / "cellar.z5",
        [Fact("score", "front_garden|sing", {"room": "front_garden", "command": "sing"})],
    )
    informed = play(tmp_path, ALL_BUILTIN, 3)
    with TestClient(create_app(db), base_url="http://127.0.0.1") as client:
        body = client.get(f"/api/games/{informed.orchestrator.game_id}/knowledge").json()
        assert body["knew"]["runs"] == 2 and body["knew"]["scoring_actions"] == 1
        assert body["turns"][0] == {
            "turn_number": 1,
            "command": "sing",
            "reasoning": body["turns"][0]["reasoning"],
        }
        assert body["turns"][0]["reasoning"].startswith("known scoring action (run 1)")
        assert client.get("/api/games/1/knowledge").json()["knew"]["fresh"] is True
        assert client.get("/api/games/99/knowledge").status_code == 404


def test_bench_learning_figures_add_up_with_the_agreed_keys() -> None:
    from autofrotz.bench.learning import summary

    def row(game: str, split: str, scores: list[int], firsts: list[int | None]) -> dict[str, Any]:
        return {
            "game": game,
            "split": split,
            "max_score": 10,
            "scores": scores,
            "normalized_scores": [10.0 * s for s in scores],
            "best_turns": firsts,
            "turns_to_first_best": firsts,
            "dying_turns": [4, 2, 0],
            "deaths": [1, 1, 0],
            "knowledge_turns": [0, 5, 9],
        }

    figures = summary(
        [row("a", "dev", [2, 3, 4], [100, 60, 40]), row("b", "check", [1, 1, 1], [50, 50, 10])], 3, 500
    )
    assert figures["run_scores"] == [1.5, 2.0, 2.5] and figures["run_normalized_scores"] == [15.0, 20.0, 25.0]
    assert figures["gain_ratio"] == round(25 / 15, 3) and figures["turns_to_first_best_ratio"] == 0.3
    assert figures["run_normalized_scores_dev"] == [20.0, 30.0, 40.0] and figures["games_check"] == 1
    assert figures["run_dying_turns"] == [4, 2, 0] and figures["games_not_worse"] == 2
    assert {
        "run_scores",
        "run_normalized_scores",
        "gain_ratio",
        "turns_to_first_best_ratio",
        "per_game",
    } <= set(figures)


def test_learning_is_on_by_default_learn_is_a_noted_no_op_and_contradicting_flags_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from autofrotz.app import configure, parse_args
    from autofrotz.app import main as play_main
    from autofrotz.config import Config

    assert Config().fresh is False  # a story with a past run starts from what it taught (README)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.json").write_text("{}")
    assert configure(parse_args(["--config", "c.json"])).fresh is False
    assert configure(parse_args(["--config", "c.json", "--fresh"])).fresh is True
    assert configure(parse_args(["--config", "c.json", "--learn"])).fresh is False
    assert "--learn is the default now" in capsys.readouterr().err
    code = play_main(["--config", "c.json", "--learn", "--fresh", "--no-web", "--max-turns", "1"])
    assert code == 2 and "contradict" in capsys.readouterr().err
    assert not list(tmp_path.glob("*.db"))  # no game was started


def test_a_resumed_game_keeps_the_learning_choice_it_started_with(tmp_path: Path) -> None:
    from autofrotz.session import _started_fresh

    with Database(tmp_path / "game.db") as db:
        blank = db.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00", knew={"fresh": True, "run": 1}))
        taught = db.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00", knew={"fresh": False}))
        unknown = db.create_game(Game(None, "cellar.z5", "2026-01-01T00:00:00"))
        assert _started_fresh(db, blank, False) is True  # started with --fresh: resumed blank
        assert _started_fresh(db, taught, True) is False
        assert _started_fresh(db, unknown, True) is True  # an older record: the config decides


def test_bench_games_plays_every_run_fresh_while_learning_is_the_default(tmp_path: Path) -> None:
    from autofrotz.bench.jobs import Job, job_config
    from autofrotz.config import Config

    (tmp_path / "c.json").write_text('{"fresh": false}')
    assert Config().fresh is False
    assert job_config(Job("cellar", 1, 5, str(tmp_path / "a.db"), None)).fresh is True
    assert job_config(Job("cellar", 1, 5, str(tmp_path / "a.db"), str(tmp_path / "c.json"))).fresh is True

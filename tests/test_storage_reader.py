"""GameReader: read-only access, the web API shapes, metrics, and reading while the writer plays."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from autofrotz.storage import migrations
from autofrotz.storage.database import Database
from autofrotz.storage.models import (
    Connection,
    Game,
    Item,
    LLMCall,
    MazeGroup,
    Metric,
    Puzzle,
    Room,
    Turn,
    TurnBundle,
    WorldSnapshot,
)
from autofrotz.storage.reader import GameReader, SchemaOutdatedError
from autofrotz.storage.synthetic import SyntheticGame


def call(agent: str, provider: str, inp: int, cached: int, cost: float, latency: float) -> LLMCall:
    return LLMCall(agent, provider, "m", "sys", [], input_tokens=inp, output_tokens=10, cached_tokens=cached,
                   cost_estimate=cost, latency_ms=latency)  # fmt: skip


def world(n: int) -> WorldSnapshot:
    """Turn 1: one room; turn 2: two rooms, an exit, an item, a solved puzzle and a maze group."""
    if n == 1:
        return WorldSnapshot("hall", [Room("hall", "Hall")])
    return WorldSnapshot(
        "cellar",
        [Room("cellar", "Cellar"), Room("hall", "Hall")],
        [Connection("hall", "cellar", "down")],
        [Item("lamp", "lamp", location="cellar")],
        [Puzzle(1, "dark", status="solved", solved_turn=2), Puzzle(2, "door")],
        [MazeGroup("m1", "cellar")],
    )


@pytest.fixture
def recorded(tmp_path: Path) -> tuple[Path, int]:
    """A two-turn game with known LLM usage."""
    path = tmp_path / "g.db"
    with Database(path) as db:
        gid = db.create_game(Game(None, "games/cellar.z5", "now"))
        calls = {
            1: [
                call("game_agent", "anthropic", 1000, 800, 0.01, 100.0),
                call("parser", "openai", 200, 0, 0.001, 50.0),
            ],
            2: [call("game_agent", "anthropic", 1000, 200, 0.01, 300.0)],
        }
        for n in (1, 2):
            turn = Turn(gid, n, f"cmd{n}", f"out{n}", world(n).current_room, ["lamp"], "because", score=5 * n)
            db.write_turn(gid, TurnBundle(turn, world(n), llm_calls=calls[n]))
    return path, gid


def test_reader_is_read_only(recorded: tuple[Path, int]) -> None:
    path, _ = recorded
    with GameReader(path) as reader, pytest.raises(sqlite3.OperationalError, match="readonly"):
        reader.conn.execute("DELETE FROM games")


def test_missing_database_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        GameReader(tmp_path / "nope.db")
    assert not (tmp_path / "nope.db").exists()


def test_reader_refuses_an_older_schema(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    migrations.migrate(conn, upto="m002_llm_calls_and_states")
    conn.close()
    with pytest.raises(SchemaOutdatedError, match="m003_turn_counts"):
        GameReader(path)
    Database(path).close()
    with GameReader(path) as reader:
        assert reader.list_games() == []


def test_games_and_turns(recorded: tuple[Path, int]) -> None:
    path, gid = recorded
    with GameReader(path) as reader:
        assert [g["game_id"] for g in reader.list_games()] == [gid]
        assert reader.game(gid)["total_turns"] == 2  # type: ignore[index]
        assert reader.game(999) is None
        turns = reader.turns(gid)
        assert [(t["turn_number"], t["command"], t["output"], t["room_id"], t["score"]) for t in turns] == [
            (1, "cmd1", "out1", "hall", 5),
            (2, "cmd2", "out2", "cellar", 10),
        ]
        assert turns[0]["reasoning"] == "because" and turns[0]["inventory"] == ["lamp"]
        assert reader.turn(gid, 3) is None
        one = reader.turn(gid, 1)
        assert one is not None and [r["room_id"] for r in one["state"]["rooms"]] == ["hall"]
        assert [c["agent"] for c in one["llm_calls"]] == ["game_agent", "parser"]
        assert [t.command_sent for t in reader.turn_records(gid, after=1)] == ["cmd2"]


def test_map_items_puzzles_at_a_turn_and_latest(recorded: tuple[Path, int]) -> None:
    path, gid = recorded
    with GameReader(path) as reader:
        first = reader.map(gid, 1)
        assert first["current_room"] == "hall" and [n["id"] for n in first["nodes"]] == ["hall"]
        assert first["edges"] == [] and first["maze_groups"] == []
        latest = reader.map(gid)
        assert [n["id"] for n in latest["nodes"]] == ["cellar", "hall"]
        assert [(e["source"], e["target"], e["direction"]) for e in latest["edges"]] == [
            ("hall", "cellar", "down")
        ]
        assert [g["group_id"] for g in latest["maze_groups"]] == ["m1"]
        assert reader.items(gid, 1) == [] and [i["location"] for i in reader.items(gid)] == ["cellar"]
        assert [(p["puzzle_id"], p["status"]) for p in reader.puzzles(gid)] == [(1, "solved"), (2, "open")]
        assert reader.map(999) == {"current_room": None, "nodes": [], "edges": [], "maze_groups": []}


def test_metrics_totals_groups_and_series(recorded: tuple[Path, int]) -> None:
    path, gid = recorded
    with GameReader(path) as reader:
        m = reader.metrics(gid)
    assert m["source"] == "llm_calls"
    t = m["totals"]
    assert (t["calls"], t["input_tokens"], t["output_tokens"], t["cached_tokens"]) == (3, 2200, 30, 1000)
    assert t["cost"] == pytest.approx(0.021) and t["mean_latency_ms"] == pytest.approx(150.0)
    assert m["cache_hit_rate"] == pytest.approx(100 * 1000 / 2200)
    providers = {p["provider"]: p for p in m["by_provider"]}
    assert providers["anthropic"]["cache_hit_rate"] == pytest.approx(50.0)
    assert providers["anthropic"]["mean_latency_ms"] == pytest.approx(200.0)
    assert providers["openai"]["cache_hit_rate"] == 0.0
    assert [a["agent"] for a in m["by_agent"]] == ["game_agent", "parser"]
    s = m["series"]
    assert s["turn"] == [1, 2] and s["score"] == [5, 10]
    assert s["rooms_known"] == [1, 2] and s["items_known"] == [0, 1] and s["puzzles_solved"] == [0, 1]
    assert s["tokens"] == [1220, 1010] and s["cost"] == pytest.approx([0.011, 0.021])


def test_metrics_fall_back_to_metric_rows(tmp_path: Path) -> None:
    with Database(tmp_path / "g.db") as db:
        gid = db.create_game(Game(None, "g.z5", "now"))
        rows = [Metric(gid, 1, "game_agent", "openai", "m", 100, 5, 25, 0.5, 40.0)]
        db.write_turn(gid, TurnBundle(Turn(gid, 1, "look", "", None), WorldSnapshot(), metrics=rows))
    with GameReader(tmp_path / "g.db") as reader:
        m = reader.metrics(gid)
        assert reader.metric_rows(gid) == rows
    assert m["source"] == "metrics" and m["totals"]["input_tokens"] == 100 and m["cache_hit_rate"] == 25.0
    assert m["by_agent"][0]["agent"] == "game_agent"


def test_reader_opens_after_the_writer_closed(recorded: tuple[Path, int]) -> None:
    path, gid = recorded
    assert not Path(f"{path}-wal").exists()  # the last close checkpointed and removed the WAL
    with GameReader(path) as reader:
        assert len(reader.turns(gid)) == 2


def test_reader_sees_whole_turns_while_the_writer_never_waits(tmp_path: Path) -> None:
    path = tmp_path / "live.db"
    db = Database(path)
    db.conn.execute("PRAGMA busy_timeout = 0")  # any lock conflict would raise at once, not wait
    game = SyntheticGame(seed=3, prompt_words=30)
    gid = db.create_game(game.game())
    db.write_turn(gid, game.next_bundle())
    reader = GameReader(path)
    writer_errors: list[BaseException] = []
    done = threading.Event()

    def play() -> None:
        try:
            for _ in range(250):
                db.write_turn(gid, game.next_bundle())
        except BaseException as exc:  # reported to the main thread below
            writer_errors.append(exc)
        finally:
            done.set()

    thread = threading.Thread(target=play)
    thread.start()
    checked = 0
    while not done.is_set() or checked < 5:
        checked += 1
        last = reader.last_turn(gid)
        assert last is not None
        turn = reader.turn(gid, last)
        assert turn is not None
        state = turn["state"]
        # Counts were written with the turn row; the versioned rows must agree within one snapshot.
        assert (turn["rooms_known"], turn["items_known"]) == (len(state["rooms"]), len(state["items"]))
        assert len(turn["llm_calls"]) >= 2
        numbers = [t["turn_number"] for t in reader.turns(gid)]
        assert numbers == list(range(1, len(numbers) + 1))
        metrics = reader.metrics(gid)
        assert metrics["series"]["turn"][-1] >= last
    thread.join()
    reader.close()
    db.close()
    assert writer_errors == []
    assert checked > 5, checked

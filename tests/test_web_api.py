"""Web API over a recorded game: every endpoint, state as at a turn, and JSON errors (never a 500)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from support.recorded_game import PUZZLE_SUGGESTIONS, SYSTEM_PROMPT, XSS_OUTPUT, build_recorded_game

from autofrotz.web.server import create_app

LOCAL = "http://127.0.0.1"  # the monitor serves loopback Host names only


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    db = tmp_path_factory.mktemp("web") / "games.db"
    return db, build_recorded_game(db, turns=14)


@pytest.fixture(scope="module")
def client(recorded: tuple[Path, int]) -> Iterator[TestClient]:
    with TestClient(create_app(recorded[0]), base_url=LOCAL) as c:
        yield c


def test_games_list_and_metadata(client: TestClient, recorded: tuple[Path, int]) -> None:
    game_id = recorded[1]
    games = client.get("/api/games").json()
    assert [g["game_id"] for g in games] == [game_id]
    game = client.get(f"/api/games/{game_id}").json()
    assert (game["status"], game["total_turns"], game["game_file"]) == ("won", 14, "games/cellar.z5")


def test_turns_list_in_order(client: TestClient) -> None:
    turns = client.get("/api/games/1/turns").json()
    assert [t["turn_number"] for t in turns] == list(range(1, 15))
    assert turns[2]["command"] == "down" and turns[9]["output"] == XSS_OUTPUT


def test_turn_carries_state_as_at_that_turn(client: TestClient) -> None:
    t2 = client.get("/api/games/1/turns/2").json()
    assert t2["state"]["inventory"] == ["lamp"] and t2["state"]["current_room"] == "top"
    assert {r["room_id"] for r in t2["state"]["rooms"]} == {"top"}
    t9 = client.get("/api/games/1/turns/9").json()
    assert t9["state"]["current_room"] == "twisty"
    assert t9["state"]["maze_groups"][0]["markers"] == {"twisty": "coin"}


def test_turn_llm_calls_have_exact_prompt_and_response(client: TestClient) -> None:
    calls = client.get("/api/games/1/turns/6").json()["llm_calls"]
    assert [c["agent"] for c in calls] == ["game_agent", "puzzle_agent"]
    assert calls[0]["system_prompt"] == SYSTEM_PROMPT
    assert calls[0]["messages"] == [{"role": "user", "content": "Turn 6. What next?"}]
    assert calls[1]["parsed_result"] == {"suggestions": PUZZLE_SUGGESTIONS}


def test_map_at_turn_and_latest(client: TestClient) -> None:
    m4 = client.get("/api/games/1/map", params={"turn": 4}).json()
    assert m4["current_room"] == "corner"
    assert {n["id"]: n["is_dark"] for n in m4["nodes"]} == {"top": False, "cellar": False, "corner": True}
    latest = client.get("/api/games/1/map").json()
    edges = {(e["source"], e["target"]): e for e in latest["edges"]}
    assert edges[("cellar", "vault")]["blocked"] and not edges[("cellar", "chute")]["bidirectional"]


def test_items_and_puzzles_at_turn(client: TestClient) -> None:
    items1 = {i["item_id"]: i["location"] for i in client.get("/api/games/1/items?turn=1").json()}
    assert items1 == {"lamp": "top"}
    items9 = {i["item_id"]: i["location"] for i in client.get("/api/games/1/items?turn=9").json()}
    assert items9 == {"lamp": "inventory", "coin": "twisty"}
    p4 = client.get("/api/games/1/puzzles?turn=4").json()
    p5 = client.get("/api/games/1/puzzles?turn=5").json()
    assert [p["status"] for p in p4] == ["open"] and [p["status"] for p in p5] == ["solved"]


def test_metrics_totals_by_agent_and_series(client: TestClient) -> None:
    m = client.get("/api/games/1/metrics").json()
    assert m["totals"]["calls"] == 15
    assert {a["agent"]: a["calls"] for a in m["by_agent"]} == {"game_agent": 14, "puzzle_agent": 1}
    assert {p["provider"] for p in m["by_provider"]} == {"anthropic", "openai"}
    assert m["series"]["turn"] == list(range(1, 15)) and m["series"]["score"][4] == 5


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/99",
        "/api/games/99/turns",
        "/api/games/99/turns/1",
        "/api/games/1/turns/0",
        "/api/games/1/turns/15",
        "/api/games/99/map",
        "/api/games/1/map?turn=15",
        "/api/games/1/items?turn=999",
        "/api/games/1/puzzles?turn=100",
        "/api/games/99/metrics",
    ],
)
def test_unknown_game_or_turn_is_404_json(client: TestClient, path: str) -> None:
    res = client.get(path)
    assert res.status_code == 404, res.text
    assert "error" in res.json()


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/abc",
        "/api/games/1/turns/xyz",
        "/api/games/1/turns/-3",
        "/api/games/1/turns/99999999999999999999999",
        "/api/games/-1",
        "/api/games/123456789012345678901234567890/metrics",
        "/api/games/1/map?turn=-1",
        "/api/games/1/map?turn=1e400",
        "/api/games/1/items?turn=two",
        "/api/games/1/puzzles?turn=99999999999999999999999",
    ],
)
def test_malformed_id_or_turn_is_422_json(client: TestClient, path: str) -> None:
    res = client.get(path)
    assert res.status_code == 422, res.text
    assert res.json()["error"].startswith("invalid request")


def test_missing_database_lists_nothing_and_404s(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "none.db"), base_url=LOCAL) as c:
        assert c.get("/api/games").json() == []
        assert c.get("/api/games/1").status_code == 404
        assert not (tmp_path / "none.db").exists()  # readers never create the file


def test_page_and_assets_served_with_csp(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'id="transcript"' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for asset in ("app.js", "panels.js", "map.js", "charts.js", "style.css"):
        assert client.get(f"/static/{asset}").status_code == 200


def test_page_code_never_parses_data_as_html() -> None:
    static = Path(__file__).resolve().parent.parent / "autofrotz" / "web" / "static"
    for name in ("app.js", "panels.js", "map.js", "charts.js"):
        code = (static / name).read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in code, f"{name} uses {sink}"

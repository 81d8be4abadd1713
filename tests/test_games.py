"""Story files (manifest, install, build, resolve) and the facts of our own game, cellar."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from autofrotz import games
from autofrotz.game_interface import GameInterface, open_game
from autofrotz.games import BuildError, GameNotFoundError, build, install, max_score, resolve_game

# ---------------------------------------------------------------- manifest, install, resolve


def _manifest(tmp_path: Path, files: dict[str, bytes]) -> Path:
    lines = ["file\tsha256\tbytes\tmax_score\tsource"]
    for name, data in files.items():
        lines.append(
            f"{name}\t{hashlib.sha256(data).hexdigest()}\t{len(data)}\t10\thttps://example.org/{name}"
        )
    path = tmp_path / "manifest.tsv"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_committed_manifest_has_the_shared_facts() -> None:
    entries = {e.file: e for e in games.load_manifest()}
    assert len(entries) == 50
    assert entries["zork1.z5"].max_score == 350 and entries["zork1.z5"].bytes == 92160
    assert entries["amish.z5"].max_score is None
    assert all(len(e.sha256) == 64 and e.source.startswith("https://") for e in entries.values())


def test_install_copies_checks_and_is_a_no_op_when_repeated(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dest = tmp_path / "src", tmp_path / "games"
    src.mkdir()
    files = {"a.z5": b"story a", "b.z8": b"story b"}
    for name, data in files.items():
        (src / name).write_bytes(data)
    manifest = _manifest(tmp_path, files)
    assert install(src, dest, manifest) == {"present": 0, "installed": 2, "missing": 0, "refused": 0}
    assert (dest / "b.z8").read_bytes() == b"story b"
    args = ["--games-dir", str(dest), "--manifest", str(manifest), "install", "--from", str(src)]
    assert games.main(args) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "2 present, 0 installed" in out


def test_install_refuses_a_checksum_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, dest = tmp_path / "src", tmp_path / "games"
    src.mkdir()
    manifest = _manifest(tmp_path, {"a.z5": b"the real story"})
    (src / "a.z5").write_bytes(b"a tampered story")
    args = ["--games-dir", str(dest), "--manifest", str(manifest), "install", "--from", str(src)]
    assert games.main(args) == 1
    assert not (dest / "a.z5").exists()
    err = capsys.readouterr().err
    assert "refused a.z5" in err and "does not match" in err


def test_install_reports_missing_files(tmp_path: Path) -> None:
    manifest = _manifest(tmp_path, {"gone.z5": b"x"})
    (tmp_path / "empty").mkdir()
    assert install(tmp_path / "empty", tmp_path / "games", manifest)["missing"] == 1


def test_resolve_game_by_name_extension_case_or_path(tmp_path: Path) -> None:
    (tmp_path / "Zork1.z5").write_bytes(b"x")
    expected = (tmp_path / "Zork1.z5").resolve()
    for name in ["zork1", "ZORK1", "zork1.z5", "Zork1.Z5", str(tmp_path / "Zork1.z5")]:
        assert resolve_game(name, tmp_path) == expected
    other = tmp_path / "elsewhere" / "game.z8"
    other.parent.mkdir()
    other.write_bytes(b"y")
    assert resolve_game(str(other), tmp_path) == other.resolve()


def test_unknown_game_lists_installed_ones(tmp_path: Path) -> None:
    (tmp_path / "cellar.z5").write_bytes(b"x")
    (tmp_path / "zork1.z5").write_bytes(b"x")
    with pytest.raises(GameNotFoundError, match=r"unknown game 'zork9'.*cellar\.z5, zork1\.z5"):
        resolve_game("zork9", tmp_path)


def test_max_score_from_manifest_or_inform_source() -> None:
    assert max_score("games/zork1.z5") == 350
    assert max_score(Path("/anywhere/cellar.z5")) == 50
    assert max_score("nothing-known.z5") is None


# ---------------------------------------------------------------- build

TINY = '[ Main; print "Tiny story.^"; ];\n'


def test_build_compiles_skips_when_up_to_date_and_rebuilds_when_changed(tmp_path: Path) -> None:
    src, out = tmp_path / "inform", tmp_path / "games"
    src.mkdir()
    (src / "tiny.inf").write_text(TINY)
    assert build(src, out) == {"tiny.inf": "built"}
    assert (out / "tiny.z5").read_bytes()[0] == 5
    assert build(src, out) == {"tiny.inf": "up to date"}
    later = (out / "tiny.z5").stat().st_mtime + 10
    os.utime(src / "tiny.inf", (later, later))
    assert build(src, out) == {"tiny.inf": "built"}


def test_build_reports_a_compile_error_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "inform"
    src.mkdir()
    (src / "broken.inf").write_text("[ Main; NoSuchRoutine(); ];\n")
    with pytest.raises(BuildError, match="broken.inf"):
        build(src, tmp_path / "games")
    assert games.main(["--games-dir", str(tmp_path / "games"), "build", "--inform-dir", str(src)]) == 1
    assert "build failed" in capsys.readouterr().err


# ---------------------------------------------------------------- the cellar game's facts

CELLAR_ROOMS = {
    "Front Garden", "Garden Shed", "Orchard", "Porch", "Hallway", "Library", "Parlour", "Kitchen",
    "Pantry", "Landing", "Bedroom", "Attic", "Cellar", "Wine Cellar", "Laundry", "Vault",
}  # fmt: skip


@pytest.fixture
def cellar(cellar_path: Path) -> GameInterface:
    game = open_game(cellar_path, "jericho")
    game.start()
    return game


def _rooms_along(game: GameInterface, commands: list[str]) -> set[str]:
    seen = {game.ground_truth().room_name}
    for command in commands:
        game.send(command)
        seen.add(game.ground_truth().room_name)
    return seen


TOUR = [
    "e", "w", "w", "take lamp", "e", "n", "n", "w", "e", "e", "w", "u", "n", "open chest", "take key", "s",
    "u", "d", "d", "n", "e", "d", "turn on lamp", "n", "n", "s", "unlock door with key", "open door", "e",
]  # fmt: skip


def test_cellar_has_sixteen_rooms_all_reachable(cellar: GameInterface) -> None:
    assert _rooms_along(cellar, TOUR) == CELLAR_ROOMS


def test_cellar_is_dark_without_the_lamp(cellar: GameInterface) -> None:
    text = [cellar.send(c).text for c in ["n", "n", "n", "d"]][-1]
    assert "pitch dark" in text
    assert cellar.ground_truth().room_name == "Cellar"  # the object tree knows where we are


def test_iron_door_is_locked_and_the_key_hides_in_the_closed_chest(cellar: GameInterface) -> None:
    for command in ["w", "take lamp", "e", "n", "n", "u", "n"]:
        cellar.send(command)
    assert "can't see" in cellar.send("take key").text
    assert "iron key" in cellar.send("open chest").text
    for command in ["s", "d", "n", "turn on lamp", "d"]:
        cellar.send(command)
    assert "locked" in cellar.send("open door").text
    assert cellar.ground_truth().room_name == "Cellar"
    cellar.send("e")
    assert cellar.ground_truth().room_name == "Cellar"


def test_laundry_chute_is_one_way(cellar: GameInterface) -> None:
    for command in ["n", "n", "n", "e"]:
        cellar.send(command)
    assert cellar.ground_truth().room_name == "Pantry"
    cellar.send("d")
    assert cellar.ground_truth().room_name == "Laundry"
    assert "too steep" in cellar.send("u").text
    assert cellar.ground_truth().room_name == "Laundry"


def test_ground_truth_inventory_follows_the_object_tree(cellar: GameInterface) -> None:
    cellar.send("w")
    cellar.send("take lamp")
    assert cellar.ground_truth().inventory == ["brass lamp"]
    cellar.send("drop lamp")
    assert cellar.ground_truth().inventory == []


def test_install_downloads_from_the_source_url(tmp_path: Path) -> None:
    import functools
    import http.server
    import threading

    served = tmp_path / "served"
    served.mkdir()
    (served / "a.z5").write_bytes(b"downloaded story")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/a.z5"
        manifest = _manifest(tmp_path, {"a.z5": b"downloaded story"})
        manifest.write_text(manifest.read_text().replace("https://example.org/a.z5", url))
        assert install(None, tmp_path / "games", manifest)["installed"] == 1
        assert (tmp_path / "games" / "a.z5").read_bytes() == b"downloaded story"
    finally:
        server.shutdown()
        server.server_close()


def test_install_offline_stops_after_the_first_failed_download(tmp_path: Path) -> None:
    manifest = _manifest(tmp_path, {"a.z5": b"1", "b.z5": b"2"})
    manifest.write_text(manifest.read_text().replace("https://example.org/", "http://127.0.0.1:9/"))
    assert install(None, tmp_path / "games", manifest) == {
        "present": 0,
        "installed": 0,
        "missing": 2,
        "refused": 0,
    }

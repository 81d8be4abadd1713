"""Room identity where the ways of each room are tried in side copies (way_trials) on real games: what
the trials find must not make two rooms one. A way barred in the game's own words is no way the room
is known to have, and each way is tried in words the story's dictionary holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.evals.eval_session import EvalSession
from autofrotz.managers.map_manager import MapManager
from autofrotz.side_copies import SideCopies
from autofrotz.turn_perception import read_move

ROOT = Path(__file__).resolve().parent.parent


def _walk(name: str, steps: int) -> tuple[MapManager, list[tuple[str | None, int | None]]]:
    """The first `steps` commands of a corpus game's walkthrough read as in play, with every side
    question answered in side copies: the map, and (our room, true room) after each step."""
    from autofrotz.evals.perception import corpus_games

    if not any((ROOT / "games").glob(f"{name}.z*")):
        pytest.skip(f"{name} not installed: python -m autofrotz.games install")
    game = corpus_games(name, ROOT / "games", "all", ROOT / "inform")[0]
    session, maps = EvalSession(game.path), MapManager()
    copies = SideCopies(session.game)
    try:
        read_move(copies, maps, session.start(), None, 0)
        seen = [(maps.current_room, session.truth().room_number)]
        for turn, command in enumerate(list(game.walkthrough or ())[:steps], 1):
            reply, _ = session.send(command)
            read_move(copies, maps, reply, command, turn)
            seen.append((maps.current_room, session.truth().room_number))
    finally:
        session.close()
    return maps, seen


def _true_rooms_of(seen: list[tuple[str | None, int | None]], ours: str) -> set[int | None]:
    return {truth for room, truth in seen if room == ours}


def test_a_trail_whose_other_ways_the_game_bars_in_its_own_words_is_not_the_next_trail() -> None:
    # tryst205 has several rooms headed "Trail". The first one's side trials bar north, south and the
    # rest in the game's own words ("The trail runs from southwest to northeast."); the second, two
    # ways on, says "The main trail turns from northeast to south here": its south is no way the first
    # is known to have, so the two are two rooms
    maps, seen = _walk("tryst205", 161)
    trails = maps.store.rooms_named("Trail")
    assert len(trails) == 3, trails
    assert all(len(_true_rooms_of(seen, trail)) == 1 for trail in trails), seen[150:]


def test_ways_are_tried_in_words_the_story_s_dictionary_holds() -> None:
    # Murdac's dictionary has "ne" and "north" but no "northeast", and its parser takes "northeast"
    # for "north": tried by their long names, the pool's one way out (northeast) was refused and
    # the way in (southwest) barred, so walking back out of the pool made a new room
    maps, seen = _walk("Murdac", 180)
    assert seen[177][1] == seen[180][1] and seen[180][0] == seen[177][0], seen[176:]
    pool = seen[178][0] or ""
    assert maps.links[pool]["northeast"].to_room == seen[177][0]
    assert maps.room(pool)["exits"].get("north") == "refuted"

"""The game agent's briefing, read as a model reads it, on our own games played by a script.

Each test replays a command list through the real interpreter and the real turn loop, with the game
agent on the mock provider, and reads the briefing it was sent at a given turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from autofrotz.llm import MockLLM
from autofrotz.reading import read_reply
from autofrotz.session import Session
from autofrotz.words.directions import DIRECTION_WORDS, abbreviate
from tests.orchestrator_support import make_config, reply, require_cellar

MOCK = {"provider": "mock", "model": "mock-1"}
BUILTIN = {"provider": "builtin", "model": "builtin"}
CELLAR_WIN = [
    "w",
    "take lamp",
    "e",
    "n",
    "n",
    "e",
    "read note",
    "open case",
    "w",
    "u",
    "n",
    "open chest",
    "take key",
    "s",
    "d",
    "n",
    "turn on lamp",
    "d",
    "unlock door with key",
    "open door",
    "e",
    "take crown",
    "w",
    "u",
    "s",
    "e",
    "put crown in case",
]


@pytest.fixture(autouse=True)
def _fresh_mocks() -> Iterator[None]:
    require_cellar()
    MockLLM.reset()
    yield
    MockLLM.reset()


def briefings(
    tmp_path: Path, commands: list[str], game: str = "cellar", puzzle: dict | None = None
) -> list[str]:
    """The briefing of every turn (index 0 is turn 1), and the last one after the script ends."""
    MockLLM.preload("game_agent", [reply(c) for c in commands] + [reply("look")])
    config = make_config(
        tmp_path, {"game_agent": MOCK, "puzzle_agent": puzzle or BUILTIN}, game_file=game,
        max_turns=len(commands) + 1, fresh=True,
    )  # fmt: skip
    with Session.open(config, web=False, observers=[], console=False) as session:
        session.play()
    return [h["messages"][-1]["content"] for h in MockLLM.instances["game_agent"].history]


def section(briefing: str, title: str) -> str:
    """The lines of one '## ' section (or one 'Label:' line of the Now section); '' when it is left out."""
    if title not in briefing:
        return ""
    if title.startswith("## "):
        start = briefing.index(title)
        end = briefing.find("\n## ", start + 1)
        return briefing[start : end if end > 0 else None]
    return next(line for line in briefing.splitlines() if line.startswith(title))


def exits_of(briefing: str) -> dict[str, str]:
    """The ways of a briefing's 'Exits:' line by their short commands, each with what follows it
    (" -> Room", " (untried)", " (seen: Room)", " (blocked: ...)")."""
    line = section(briefing, "Exits:").removeprefix("Exits: ")
    ways: dict[str, str] = {}
    for group in line.split("; ") if line else []:
        names = re.split(r" \(| -> ", group)[0]
        ways.update(dict.fromkeys(names.split(", "), group[len(names) :]))
    return ways


def untried(state: str | None) -> bool:
    """Whether an exit's state says it is not tried yet (a look-ahead's "seen:" or "likely" too)."""
    return state is not None and state.startswith((" (untried", " (seen: ", " (likely "))


def refused_ways(briefing: str) -> set[str]:
    """The directions of a briefing's 'Refused:' line, in their short forms, without the game's words;
    "all other directions" stands for every direction its exits leave."""
    groups = section(briefing, "Refused:").removeprefix("Refused: ").split("; ")
    ways = {way for group in groups for way in group.split(" (", 1)[0].split(", ")}
    if "all other directions" not in ways:
        return ways
    exits = section(briefing, "Exits:").removeprefix("Exits: ").split("; ")
    named = {abbreviate(way) for group in exits for way in re.split(r" \(| -> ", group)[0].split(", ")}
    return ways - {"all other directions"} | {abbreviate(way) for way in DIRECTION_WORDS} - named


# ---- 1. puzzles are filed where the obstacle is, closed by what resolves them ----------------------


def test_a_door_read_of_in_a_note_is_placed_where_it_is_met_and_closed_when_unlocked(tmp_path: Path) -> None:
    seen = briefings(tmp_path, CELLAR_WIN[:22])
    after_note = seen[7]  # turn 8: the note was read in the library
    assert "vault door is locked" in section(after_note, "## Open puzzles")
    assert "(at Library)" not in section(after_note, "## Open puzzles")
    with_key = seen[17]  # turn 18: in the cellar with the key, the iron door met
    hint = section(with_key, "Puzzle hint")
    assert "unlock" in hint and "route" not in hint  # the door is here: no route back to the library
    after_unlock = seen[19]  # turn 20: "You unlock the iron door."
    assert "vault door" not in section(after_unlock, "## Open puzzles")


def test_a_failed_attempt_is_recorded_by_its_meaning() -> None:
    from autofrotz.agents.puzzle_agent import PuzzleAgent, Signals, WorldView

    agent = PuzzleAgent()
    agent.evaluate(WorldView(1, "The iron door is locked.", "east", "cellar", [], []), Signals())
    agent.record_attempt(
        read_reply("unlock the iron door with the brass key", "That doesn't seem to fit the lock.")
    )
    agent.record_attempt(read_reply("unlock door with brass key", "That doesn't seem to fit the lock."))
    assert len(agent.puzzles[0].attempts) == 1  # the same action on the same thing, worded twice


# ---- 2. the goal and the clues are kept --------------------------------------------------------


def test_the_goal_and_the_note_stay_in_the_briefing(tmp_path: Path) -> None:
    seen = briefings(tmp_path, CELLAR_WIN[:20])
    late = seen[-1]
    assert "find her lost Silver Crown" in section(late, "## Goal")
    assert "iron key is in the oak chest" in section(late, "## Clues kept")
    assert "Garden Shed" not in section(late, "## Recent turns")  # the room text comes from the map


def test_the_current_room_s_description_is_always_briefed(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["w", "examine lamp"])
    assert "smelling of oil and old rope" in section(seen[-1], "## Now")
    assert "smelling" not in section(seen[-1], "## Latest output")


def test_a_room_s_text_is_said_once_on_arrival_under_now(tmp_path: Path) -> None:
    # the reply to "w" prints the shed's text; Now holds it from that turn on, so that it stays the same
    # (and cached) while the player stays, and the latest output shows the rest of the reply
    arrived, stayed = briefings(tmp_path, ["w", "examine lamp"])[1:3]
    assert arrived.count("smelling of oil and old rope") == 1
    assert "smelling of oil and old rope" in section(arrived, "## Now")
    assert "> w\nGarden Shed" in section(arrived, "## Latest output")
    assert section(arrived, "## Now") == section(stayed, "## Now")


def test_a_room_s_description_is_not_repeated_in_the_recent_turns(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["w", "take lamp", "e", "n"])
    recent = section(seen[-1], "## Recent turns")
    assert "1. > w -> Garden Shed" in recent and "smelling of oil" not in recent  # the map keeps it


# ---- 3. exits are true both ways -----------------------------------------------------------------


def test_refused_directions_are_never_exits(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["w", "d", "n", "u"])
    ways = exits_of(seen[-1])
    assert list(ways)[:1] == ["e"] and not {"d", "n", "u"} & set(ways), ways
    assert {"d", "n", "u"} <= refused_ways(seen[-1])


def test_exits_named_by_stairs_and_a_door_in_a_wall(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["n", "n"])
    assert untried(exits_of(seen[-1]).get("u"))  # "A staircase climbs to the upper floor"


def test_a_ladder_climbs_up_in_a_game_without_headers(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["n", "e", "take sack", "w", "n", "u"], game="mill")
    assert untried(exits_of(seen[-1]).get("u"))  # "A ladder climbs to the sack loft"


def test_a_chute_that_does_not_come_back_is_one_way_and_walked(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["n", "n", "n", "e", "d", "u"])
    assert "d (one way" in section(seen[-3], "Exits:")  # in the pantry, before the slide
    assert "u (blocked: The chute is far too steep" in section(seen[-1], "Exits:")  # no climbing back


# ---- 4. things placed in sentences ---------------------------------------------------------------


def test_things_placed_in_sentences_are_seen_here(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["w"])
    assert "brass lamp" in section(seen[-1], "Seen here:")


# ---- 5. games without headers: names of whole words, one room a line --------------------------------


def test_rooms_of_a_game_without_headers_are_named_in_whole_words_one_a_line(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["n", "e"], game="mill")
    rooms = [line for line in section(seen[-1], "## Rooms found").splitlines()[1:] if "STORY" not in line]
    assert rooms[0].startswith("You are on the lane that winds down from the village")
    assert all(not line.endswith(" h") for line in rooms)
    assert len(rooms) == 3


# ---- 6. the score and its maximum ------------------------------------------------------------------


def test_the_score_is_shown_of_its_maximum(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["w"])
    assert section(seen[-1], "Score:") == "Score: 0 of 50"


# ---- 7. the puzzle agent: asked on clues, with names, never after the end -------------------------------


def test_the_puzzle_agent_is_asked_when_a_note_is_read_and_never_after_the_win(tmp_path: Path) -> None:
    empty = {"new_puzzles": [], "suggestions": [], "solved": []}
    MockLLM.preload("puzzle_agent", [empty] * 60)
    briefings(tmp_path, CELLAR_WIN, puzzle=MOCK)
    asked = [h["messages"][-1]["content"] for h in MockLLM.instances["puzzle_agent"].history]
    note_turn = [a for a in asked if "shown\n> read note\n" in a]
    assert note_turn, "not asked on the turn the note was read"
    assert "Room: Library" in note_turn[0] and "## Map" in note_turn[0]
    # where things are, and what is carried said once, under Now
    assert "\nLibrary: glass display case" in note_turn[0] and "\nCarrying: brass lamp" in note_turn[0]
    assert "carried: " not in note_turn[0]
    assert not any("You have won" in a for a in asked)


# ---- 8. memory beyond the window ----------------------------------------------------------------------


def test_points_scored_long_ago_are_in_the_earlier_log(tmp_path: Path) -> None:
    seen = briefings(tmp_path, CELLAR_WIN[:24] + ["look"] * 8)
    earlier = section(seen[-1], "## Earlier")
    assert "take crown: +" in earlier  # the points it scored


def test_no_fact_is_said_twice_and_the_recent_turns_only_grow_between_steps(tmp_path: Path) -> None:
    seen = briefings(tmp_path, CELLAR_WIN[:7] + ["examine note"] + ["inventory", "wait"] * 3 + ["look"])
    late = seen[-1]  # the note, read at turn 7 and examined since, is a kept clue
    assert section(late, "## Clues kept").count("Dear heir") == 1 and late.count("Dear heir") == 1
    just_read = seen[7]  # turn 8: the note is the latest output, not yet a kept clue as well
    assert just_read.count("Dear heir") == 1 and "Dear heir" in section(just_read, "## Latest output")
    assert "clue" not in section(late, "## Earlier")
    latest = section(late, "## Latest output")
    assert "> look" in latest and "15. > look" not in section(late, "## Recent turns")  # shown once
    # turns 14 and 15 stand in the same room with the same things: 15's briefing is 14's, from its
    # start through the recent turns, with one more recent turn
    one, two = seen[13], seen[14]
    shared = one[: one.index("\n\n## You")]  # the goal through the recent turns
    assert two.startswith(shared) and section(two, "## Recent turns").count(". > ") == 1 + section(
        one, "## Recent turns"
    ).count(". > ")
    assert section(one, "## Now") == section(two, "## Now")


# ---- 9. readings that misled a model on games outside the corpus ----------------------------------------


def test_place_parts_and_walks_along_are_no_exits() -> None:
    from autofrotz.reading.ways_exits import parse_exits

    assert parse_exits("A statue stands in the south east corner. Continue down the pathway.") == []


def test_a_refusal_in_the_game_s_own_words_is_refused(tmp_path: Path) -> None:
    seen = briefings(tmp_path, ["w", "w"])  # the shed: "You can't go that way."
    assert "w" in refused_ways(seen[-1])


def test_walking_one_way_down_a_row_of_rooms_is_not_stuck() -> None:
    from autofrotz.agents.stuck import StuckDetector

    stuck = StuckDetector()
    for room in ("a", "b", "c", "d"):
        stuck.record(read_reply("east", "A corridor."), room, progressed=False)
    assert stuck.check() == ""


def test_the_maximum_of_a_story_outside_the_manifest_is_asked_of_the_game(tmp_path: Path) -> None:
    import shutil

    from tests.orchestrator_support import ROOT

    own = tmp_path / "my_own_story.z5"
    shutil.copy(ROOT / "games" / "cellar.z5", own)
    seen = briefings(tmp_path, ["w"], game=str(own))
    assert section(seen[-1], "Score:") == "Score: 0 of 50"


def test_an_obstacle_met_after_the_last_save_stays_open_after_a_death() -> None:
    from autofrotz.agents.puzzle_agent import PuzzleAgent, Signals, WorldView

    agent = PuzzleAgent()
    saved = agent.to_dict()
    agent.evaluate(WorldView(4, "The iron door is locked.", "east", "cellar", [], []), Signals())
    agent.load_dict(saved, keep_newer=True)  # a death rolls the world back to the save
    assert [p.obstacle for p in agent.open_puzzles()] == ["iron door"]


# ---- what misled a capable model on games it had never seen (the relay games) --------------------------


def test_a_way_a_sign_warns_against_is_marked_and_never_nearest_unexplored(tmp_path: Path) -> None:
    steps = (
        "n,e,take lantern,u,look through window,d,w,n,w,examine atlas,e,e,open drawer,take diary,read diary,"
    )
    steps += "w,s,w,examine sundial,n,read sign"
    seen = briefings(tmp_path, steps.split(","), game="observatory")
    # the side copies found the warned way kills: it is no exit, and is shown apart with what it does
    assert "n" not in exits_of(seen[-1])
    assert "n (kills: " in section(seen[-1], "Refused:")
    assert "Orchard via n" not in seen[-1]


def test_a_door_that_seems_locked_is_blocked_then_open_once_unlocked(tmp_path: Path) -> None:
    walk = [
        "n",
        "e",
        "take lantern",
        "u",
        "look through window",
        "d",
        "w",
        "n",
        "w",
        "examine atlas",
        "e",
        "e",
        "open drawer",
        "take diary",
        "read diary",
        "w",
        "s",
        "w",
        "examine sundial",
        "n",
        "read sign",
        "e",
        "turn on lantern",
        "d",
        "open box",
        "take lens",
        "s",
        "n",
        "open locker",
        "take key",
        "s",
        "w",
        "n",
        "n",
        "u",
    ]
    seen = briefings(tmp_path, [*walk, "u", "open door", "unlock door with key"], game="observatory")
    assert "## Open puzzles\n#" in seen[-2] and "locked" in section(seen[-2], "## Open puzzles")
    assert "u (blocked: You're unable to climb the oak door" in section(seen[-2], "Exits:")
    # unlocked: the ways are tried again in side copies, and the door now opens onto the dome
    assert "u (seen: Dome" in section(seen[-1], "Exits:")


def test_a_lane_that_goes_on_down_to_the_river_is_no_way_down(tmp_path: Path) -> None:
    walk = [
        "examine clock",
        "e",
        "u",
        "read letter",
        "climb through window",
        "examine chalked words",
        "s",
        "e",
        "e",
        "take lamp",
    ]
    seen = briefings(tmp_path, [*walk, "open drawer", "take crank", "w", "w", "w"], game="clocktower")
    lanes = [b for b in seen if "goes on down to the river" in b]
    assert lanes and all("d (untried)" not in section(b, "Exits:") for b in lanes)


# junction, as the capable model played it blind: the commands it sent through the relay
JUNCTION_RELAY = """north|read timetable|east|read note|open desk|west|north|east|east|take stone|east
|enter hut
|open chest|take key|take pick|out|read sign|west|south|take crowbar|east|take handlamp|west|north
|prise stone with crowbar|west|unlock door with key|up|open door|up|pull black lever|turn on handlamp|down
|take wedge|up|pull black lever|pull red lever""".replace("\n", "").split("|")


@pytest.fixture(scope="module")
def junction_relay(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    require_cellar()
    MockLLM.reset()
    return briefings(tmp_path_factory.mktemp("junction"), JUNCTION_RELAY, game="junction")


def hints(briefing: str) -> list[str]:
    return [line for line in briefing.splitlines() if line.startswith("Puzzle hint")]


def test_a_puzzle_said_of_it_names_its_obstacle_and_the_tool_that_fits(junction_relay: list[str]) -> None:
    after_take = section(junction_relay[10], "## Open puzzles")  # turn 11: "Your fingers cannot shift it"
    line = next(p for p in after_take.splitlines() if "prise it out" in p)
    assert "stone" in line.split("Your fingers")[0]  # the "it" is named
    with_crowbar = junction_relay[20]  # turn 21: the crowbar taken in the goods yard
    assert "may help: rusty crowbar" in section(with_crowbar, "## Open puzzles")
    assert any("prise stone with rusty crowbar [route: n]" in h for h in hints(with_crowbar))


def test_a_puzzle_is_closed_by_what_resolves_it_and_a_success_is_none(junction_relay: list[str]) -> None:
    after_prise = junction_relay[25]  # turn 26: "The stone springs out" and 10 points
    assert "stone" not in section(after_prise, "## Open puzzles")
    frame_open = junction_relay[31:36]  # "The whole frame is locked solid": open until the lever comes over
    assert all("frame is locked solid" in section(b, "## Open puzzles") for b in frame_open)
    assert not any("unlock" in h for b in frame_open for h in hints(b))  # jammed, not a lock for the key
    after_lever = junction_relay[36]  # turn 37: "the points clank across to the branch" and 5 points
    assert "frame" not in section(after_lever, "## Open puzzles")
    assert "clank" not in section(after_lever, "## Open puzzles")  # a success is no puzzle


def test_a_door_found_locked_in_a_side_copy_is_a_puzzle_for_the_key_named_for_it(
    junction_relay: list[str],
) -> None:
    at_platform_end = junction_relay[8]  # turn 9: "up" tried in a side copy, "The signal box door is locked"
    assert "signal box door is locked (at Platform End)" in section(at_platform_end, "## Open puzzles")
    with_key = junction_relay[14]  # turn 15: the box key taken from the tool chest
    assert hints(with_key)[0] == "Puzzle hint, SUGGESTED: unlock signal box door with box key"
    after_unlock = junction_relay[27]  # turn 28: "unlock door with key"
    assert "signal box door" not in section(after_unlock, "## Open puzzles") and not hints(after_unlock)


# ---- exits against the interpreter's truth (eval briefing's disagreements, by cause) ------------------


def corpus_story(name: str) -> str:
    """A corpus story file's path, or a skip with the install hint."""
    from tests.orchestrator_support import ROOT

    story = ROOT / "games" / name
    if not story.exists():
        pytest.skip(f"{name} not installed: python -m autofrotz.games install")
    return str(story)


def corpus_walkthrough(name: str) -> tuple[str, list[str]]:
    """A corpus story's path and its walkthrough's commands, or a skip with the install hint."""
    from autofrotz.evals.perception import corpus_games
    from tests.orchestrator_support import ROOT

    corpus_story(f"{name}.z5")
    game = corpus_games(name, ROOT / "games", "all", ROOT / "inform")[0]
    return str(game.path), list(game.walkthrough or ())


def test_refusals_in_a_ride_s_own_words_are_no_exits(tmp_path: Path) -> None:
    # riding in a procession, every way is refused in words of the game's own ("roped together"); the
    # text names a road stretching south: no way is an exit, and a refusal is never read as a room
    seen = briefings(tmp_path, ["out", "north"], game=corpus_story("sherbet.z5"))
    for briefing in seen:
        exits = section(briefing, "Exits:")
        assert not any(map(untried, exits_of(briefing).values())) and "->" not in exits, exits
    assert "(blocked: The train of elephants" in section(seen[0], "Exits:")


def test_a_way_that_throws_the_player_back_is_no_exit(tmp_path: Path) -> None:
    # "Exits are: South", but the doorman throws a player without a badge back out at once
    seen = briefings(tmp_path, ["look"], game=corpus_story("cia.z5"))
    assert "s (blocked: seen: Lobby, which sends you back" in section(seen[0], "Exits:")


def test_opening_a_bag_does_not_reopen_ways_barred_by_something_else(tmp_path: Path) -> None:
    # seated on a chair, every way is barred ("You'll have to get off the chair first"); opening the
    # rucksack changes nothing about that
    seen = briefings(tmp_path, ["open black rucksack"], game=corpus_story("break-in.z5"))
    exits = section(seen[-1], "Exits:")
    assert not any(map(untried, exits_of(seen[-1]).values())) and "get off the chair" in exits, exits


def test_ways_barred_by_a_seat_are_tried_again_once_the_player_stands(tmp_path: Path) -> None:
    from autofrotz.evals.perception import corpus_games
    from tests.orchestrator_support import ROOT

    corpus_story("Balances.z5")
    game = corpus_games("Balances", ROOT / "games", "all", ROOT / "inform")[0]
    walk = list(game.walkthrough or ())
    seen = briefings(tmp_path, walk[: walk.index("stand") + 1], game=str(game.path))
    assert "get off the beautiful red carpet" in section(seen[-2], "Exits:")  # flown there, seated
    assert "carpet" not in section(seen[-1], "Exits:")  # standing: the bazaar's own ways


def test_a_way_into_a_room_whose_own_door_is_shut_leads_there(tmp_path: Path) -> None:
    # north reaches the South Entrance, whose text says its glass doors are closed: the way is open
    seen = briefings(tmp_path, ["look"], game=corpus_story("building.z5"))
    assert "n (seen: South Entrance" in section(seen[0], "Exits:")


def test_an_event_a_way_meets_is_no_room_in_a_game_without_headers(tmp_path: Path) -> None:
    # in the haunted bedroom every way is met by a flying sofa, told in a paragraph of its own: in a
    # game without headers that reads like a room, but no room on the map was ever shown by it
    from autofrotz.evals.perception import corpus_games
    from tests.orchestrator_support import ROOT

    corpus_story("Murdac.z5")
    game = corpus_games("Murdac", ROOT / "games", "all", ROOT / "inform")[0]
    seen = briefings(tmp_path, list(game.walkthrough or ())[:64], game=str(game.path))
    assert "Room: You are in a large bedroom" in seen[-1]
    assert "flying sofa" not in section(seen[-1], "Exits:")


# foghorn (ours, no room headers), as the capable model played it blind through the relay
FOGHORN_RELAY = """north|read painted board|west|open sea chest|take tin box|open tin box|take boathook
|look in dinghy|east|up|take lantern|ask jory about tide|ask jory about horn|ask jory about cave|down|east
|east|east|north|take brass with boathook|take handle with boathook|take handle|south|west|north
|unlock gate with gate key|open gate|north|open door|east|read gauge|light lantern|down|turn wheel|up|west
|up|put handle in socket""".replace("\n", "").split("|")


@pytest.fixture(scope="module")
def foghorn_relay(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    require_cellar()
    MockLLM.reset()
    return briefings(tmp_path_factory.mktemp("foghorn"), FOGHORN_RELAY, game="foghorn")


def test_opening_a_chest_reopens_no_wall(foghorn_relay: list[str]) -> None:
    after_chest = foghorn_relay[4]  # turn 5, after "open sea chest" in the boathouse
    assert "opened since" not in after_chest
    assert "Room: You stand at the end of the harbour jetty at Porthkell\n" in foghorn_relay[0]  # no ", with"


def test_a_thing_said_only_in_a_cave_s_text_is_here(foghorn_relay: list[str]) -> None:
    in_cave = foghorn_relay[19]  # turn 20: "High on a ledge ... something of brass glints"
    assert "brass" in next(line for line in in_cave.splitlines() if line.startswith("Also named here"))


def test_a_lock_is_one_puzzle_and_a_key_spent_on_a_gate_is_no_hint_for_it(foghorn_relay: list[str]) -> None:
    in_yard = foghorn_relay[28]  # turn 29: the cottage "locked up until he comes home", the gate key used
    assert section(in_yard, "## Open puzzles").count("cottage") == 1
    assert not any("gate key" in h for h in hints(in_yard))


def test_a_way_out_that_a_side_copy_shows_leading_on_is_an_exit(tmp_path: Path) -> None:
    # down the stairs into the basement: "out" climbs back to the office as "up" does, and "in" is
    # refused; the side copies try both, as they try the compass
    seen = briefings(tmp_path, ["nw", "d"], game=corpus_story("theatre.z5"))
    exits = section(seen[-1], "Exits:")
    assert "out (seen: Manager's Office" in exits, exits
    assert "in" not in exits_of(seen[-1]), exits


def test_a_move_that_shows_the_same_room_again_tries_its_ways_again(tmp_path: Path) -> None:
    # out into a desert that counts the player's steps: after a second step east the way west no
    # longer leads back to the camp, and the desert shows itself again
    walk = ["get amulet", "s", "w", "get torch", "get shovel", "e", "e", "e"]
    seen = briefings(tmp_path, walk, game=corpus_story("inhumane.z5"))
    exits = section(seen[-1], "Exits:")
    assert "w" not in exits_of(seen[-1]), exits


def test_a_way_to_another_place_of_the_same_name_is_an_exit(tmp_path: Path) -> None:
    # a stairway on each floor, each headed the same: down shows the heading again over another
    # floor's paragraph, so it leads on (a way that showed this very paragraph again would stay)
    walk = ["take all", "open Students", "open computer", "north", "south", "east", "west", "northeast"]
    seen = briefings(tmp_path, [*walk, "take all", "north"], game=corpus_story("frozen.z5"))
    assert "d (seen: another Stairs" in section(seen[-1], "Exits:")


def test_a_way_that_shows_this_very_room_again_leads_back_here(tmp_path: Path) -> None:
    # "Obvious exits: North, South, East, West, Up", but east and south of the dismal swamp show its
    # heading again and nothing else: they lead back to the swamp, which is no way out of it
    story, walk = corpus_walkthrough("Adventureland")
    swamp = briefings(tmp_path, walk[:9], game=story)[-1]
    exits = section(swamp, "Exits:")
    assert "Dismal Swamp" in swamp and not {"e", "s"} & set(exits_of(swamp)), exits
    assert {"e", "s"} <= refused_ways(swamp)


def test_a_way_into_a_twin_of_this_room_is_still_an_exit(tmp_path: Path) -> None:
    # on karn's mountain trail, southwest shows another "Mountain Trail" in the same words; the way
    # back from it shows this trail again, not what the way back shows from here: a twin, a true exit
    story, walk = corpus_walkthrough("karn")
    trail = briefings(tmp_path, walk[:25], game=story)[-1]
    assert "Mountain Trail" in trail and "sw" in exits_of(trail), section(trail, "Exits:")


def test_ways_are_tried_again_after_a_command_that_changes_the_room(tmp_path: Path) -> None:
    # the cave's way out was open on arrival; once the scales are unbalanced by taking a coin from a
    # pan, "Something bars your way": the ways are tried again after a command that is no move
    story, walk = corpus_walkthrough("Balances")
    cave = briefings(tmp_path, walk[:36], game=story)[-1]
    exits = section(cave, "Exits:")
    assert "Inside Cave" in cave and "(blocked: bars your way)" in exits, exits
    assert not any(map(untried, exits_of(cave).values())), exits

"""Later runs spend the turns the proven path saves on what earlier runs did not try, and the path is
never a constraint: off it the agent plays on, and may rejoin it (knowledge/advisor.py, widen.py, path.py)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.agents.builtin_counsel import AgentTurn
from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import Scene
from autofrotz.knowledge import replay, widen
from autofrotz.knowledge import rules as krules
from autofrotz.knowledge.advisor import LATER_RUN, GoalState, KnowingAgent
from autofrotz.knowledge.goals import GOALS_ROW, KnownGoals
from autofrotz.knowledge.histories import dead_ends
from autofrotz.knowledge.informed import KnownVetoes, informed
from autofrotz.knowledge.lore import Lore, Scoring
from autofrotz.knowledge.path import ProvenPath, Step
from autofrotz.knowledge.replay import PATH_ROW, BackToPath, PathReplay, path_goals
from autofrotz.knowledge.reply_notes import NOTES_ROW, ReplyNotes
from autofrotz.knowledge.ways_on import KnownWayOn
from autofrotz.policy.protocol import Veto
from autofrotz.rules.switches import set_rule
from autofrotz.words.vocabulary import Vocabulary


def recorded(turns: list[tuple[Any, ...]]) -> sqlite3.Connection:
    """A database holding one earlier game's turns: (turn, command, room after, score, carried[, reply[,
    event, the turn a death restored]])."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE games (game_id INTEGER, seed INTEGER)")
    conn.execute(
        "CREATE TABLE turns (game_id INTEGER, turn_number INTEGER, command_sent TEXT, room_id TEXT,"
        " score INTEGER, event TEXT, inventory TEXT, game_output TEXT, extra TEXT)"
    )
    conn.execute("INSERT INTO games VALUES (1, 1)")
    rows = [
        (
            1,
            *t[:4],
            t[6] if len(t) > 6 else None,
            json.dumps(t[4]),
            t[5] if len(t) > 5 else "",
            json.dumps({"restored_from": t[7]}) if len(t) > 7 else "{}",
        )
        for t in turns
    ]
    conn.executemany("INSERT INTO turns VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    return conn


def test_a_command_that_did_something_once_is_no_dead_end() -> None:
    conn = recorded(
        [
            (0, "", "hall", 0, []),
            (1, "pull lever", "hall", 0, []),  # nothing, the first time
            (2, "sing", "hall", 0, []),  # nothing, ever
            (3, "open hatch", "hall", 0, ["rope"]),  # something fell out
            (4, "pull lever", "hall", 3, ["rope"]),  # the second time it scored
        ]
    )
    found = dead_ends(conn, {1: 1}, None)
    assert found == {("hall", "sing"): 1}  # rule ``worked once`` keeps the lever


class Inner:
    """The smallest inner agent the advisor drives."""

    def __init__(self) -> None:
        self.mem: Any = Memory()

    def follow(self, ctx: TurnContext, command: str, reason: str) -> Any:
        return (command, reason)

    def decide(self, ctx: TurnContext) -> Any:
        return ("own", "own rule")


def knowing(path: ProvenPath, lore: Lore | None = None) -> KnowingAgent:
    agent = KnowingAgent.__new__(KnowingAgent)
    agent.inner, agent.lore, agent.path = Inner(), lore or Lore(runs=1), path
    agent.state = GoalState()
    agent.advice = KnownVetoes(agent.lore)
    agent._parts()
    return agent


def path_row(agent: KnowingAgent) -> PathReplay:
    """The later run's row that replays the proven path, bound to ``agent``."""
    (row,) = next(stage for stage in LATER_RUN if stage.name == PATH_ROW).bound(agent)
    assert (
        isinstance(row, PathReplay) and row.replay is agent.state.replay and row.goals is agent.state.goals
    )  # its parts
    return row


def back_row(agent: KnowingAgent) -> BackToPath:
    """The later run's row of rule ``back to the path``, bound to ``agent``."""
    row = next(stage for stage in LATER_RUN if stage.name == krules.BACK).bound(agent)[0].rule
    assert isinstance(row, BackToPath)
    return row


def notes(agent: KnowingAgent) -> ReplyNotes:
    """The later run's first row, the notes taken from each reply, bound to ``agent``."""
    (row,) = next(stage for stage in LATER_RUN if stage.name == NOTES_ROW).bound(agent)
    assert isinstance(row, ReplyNotes) and row.pool is agent.state.pool  # its parts, saved with the run
    return row


def plan(agent: KnowingAgent, turn: TurnContext) -> tuple[str, str] | None:
    """The plan of rule ``known scoring action`` this turn, its row bound to ``agent``."""
    row = next(stage for stage in LATER_RUN if stage.name == GOALS_ROW).bound(agent)[0].rule
    assert isinstance(row, KnownGoals) and row.goals is agent.state.goals  # the goals' record, saved with it
    return row.next_command(turn)


def way_on(agent: KnowingAgent, turn: TurnContext) -> tuple[str, str] | None:
    """Rule ``known way on``'s plan this turn, its row bound to ``agent``."""
    row = next(stage for stage in LATER_RUN if stage.name == krules.WAYS_ON).bound(agent)[0].rule
    assert isinstance(row, KnownWayOn) and row.sent is agent.state.ways_on  # its part, saved with it
    return row.next_command(turn)


def ctx(room: str, last: str | None, score: int) -> TurnContext:
    return TurnContext(1, "g", last, "", room, room, score=score)


STEPS = (Step("north", "hall", 0, 1), Step("take coin", "hall", 0, 2), Step("put coin in slot", "hall", 5, 3))
PATH = ProvenPath(1, 1, 5, 3, STEPS, "yard", "short", True)


def test_off_the_path_the_agent_plays_on_and_rejoins_the_path_where_it_left_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent = knowing(PATH)
    assert path_row(agent).next_step(ctx("yard", None, 0))[0] == "north"
    assert path_row(agent).next_step(ctx("cellar", "north", 0)) is None  # a trap door this time: off the path
    assert (
        path_row(agent).next_step(ctx("cellar", "look", 0)) is None
    )  # not where the path was: the agent plays
    again = path_row(agent).next_step(ctx("hall", "up", 0))  # back in the hall at the path's score
    assert again == ("take coin", "rejoin the path (run 1): step 2/3, to score 5")
    assert path_row(agent).next_step(ctx("hall", "take coin", 0))[0] == "put coin in slot"
    # Without the rule the replay, once off, stays off.
    monkeypatch.setattr(replay, "REJOINS", 0)
    other = knowing(PATH)
    path_row(other).next_step(ctx("yard", None, 0))
    path_row(other).next_step(ctx("cellar", "north", 0))
    assert path_row(other).next_step(ctx("hall", "up", 0)) is None


def test_the_scoring_actions_of_steps_never_replayed_are_goals_again() -> None:
    goal = Scoring("hall", "put coin in slot", ("coin",), ("coin",), (), 5, 1, 3)
    lore = Lore(runs=1, scoring=[goal])
    agent = knowing(PATH, lore)
    agent.state.goals.done = [0]  # the path scores it: no goal of its own while the replay goes on
    path_row(agent).next_step(ctx("yard", None, 0))
    path_row(agent).next_step(ctx("cellar", "north", 0))  # off the path before its last step
    assert agent.state.goals.done == []


def scene(inventory: list[str]) -> Scene:
    return Scene("hall", ["oak chest", "old man"], [], inventory, "")


def test_a_later_run_tries_untried_uses_of_what_it_carries_and_skips_known_dead_ends() -> None:
    lore = Lore(runs=2, dead_ends={("hall", "put brass key in oak chest"): 1})
    mem = informed(lore)[0]
    mem.seen.people.append("old man")
    words = Vocabulary(frozenset({"put", "brass", "key", "in", "oak", "chest", "give", "to", "old", "man"}))
    here = TurnContext(1, "g", "look", "", "hall", "hall", score=0, vocabulary=words)
    spent: dict[str, int] = {}
    first = widen.untried_use(here, scene(["brass key"]), mem, spent, 2)
    # The dead end is skipped; "unlock" is not in the story's dictionary, so no unlock is proposed.
    assert first == ("give brass key to old man", "untried use (after 2 earlier runs): not tried here before")
    all_uses = widen.candidates(scene(["brass key"]), mem, words.knows)
    assert not any(c.startswith("unlock") for c in all_uses)
    assert not any(c.startswith("give brass key to oak") for c in all_uses)  # gifts go to the living
    assert widen.untried_use(here, scene([]), mem, spent, 2) is None  # nothing carried, nothing to use


def test_the_built_in_agent_asks_the_wider_pool_before_its_last_resort_sweep() -> None:
    agent = BuiltinAgent()
    asked: list[str | None] = []

    def wider(ctx: TurnContext, scene: Scene) -> tuple[str, str] | None:
        asked.append(ctx.room_id)
        return ("put lamp in chest", "untried use (after 1 earlier runs): not tried here before")

    here = TurnContext(1, "g", None, "A bare cell.", "cell", "cell", score=0, inventory=["lamp"])
    plain = agent.decide(here)
    agent = BuiltinAgent()
    agent.advise(KnownVetoes(Lore(runs=1), wider=wider))
    for n in range(60):  # the agent's usual actions in a one-room world run out
        decision = agent.decide(TurnContext(n + 2, "g", plain.command, "Nothing.", "cell", "cell", score=0))
        if asked:
            break
    assert asked and decision.command == "put lamp in chest" and decision.reasoning.startswith("untried use")


def test_the_story_s_own_verbs_come_first_and_library_or_out_of_game_verbs_never() -> None:
    from autofrotz.knowledge.verbs import LIBRARY_VERBS, own_verbs

    assert own_verbs(["take", "hint", "credits", "chant", "open-ses"]) == ["chant"]
    assert "examine" in LIBRARY_VERBS
    mem = informed(Lore(runs=1, dead_ends={("hall", "chant"): 1}))[0]
    here = TurnContext(1, "g", "look", "", "hall", "hall", score=0)
    spent: dict[str, int] = {}
    rule = "the story's own verb (after 1 earlier runs): not tried here before"
    # "chant" alone did nothing here in an earlier run: the next own verb, then chant on a thing.
    sent: list[str] = []
    assert widen.untried_use(here, scene([]), mem, spent, 1, ["chant", "paint"], sent) == ("paint", rule)
    mem.attempts.tries = {}  # the agent clears its tries when it idles: the pool keeps its own
    nxt = widen.untried_use(here, scene([]), mem, spent, 1, ["chant", "paint"], sent)
    assert nxt is not None and nxt[0] == "chant oak chest" and nxt[1].startswith("the story's own verb on")
    spent["hall"] = widen.ROOM_BUDGET  # the room's share is spent until the score rises
    assert widen.untried_use(here, scene([]), mem, spent, 1, ["chant", "paint"]) is None


def test_a_story_s_dictionary_gives_its_verbs() -> None:
    from pathlib import Path

    from autofrotz.game_interface import dictionary_verbs

    story = Path(__file__).resolve().parent.parent / "games" / "zork1.z5"
    if not story.exists():
        pytest.skip("games/zork1.z5 missing: python main.py --install-games")
    verbs = dictionary_verbs(story)
    assert "take" in verbs and "open" in verbs and "north" not in verbs
    assert dictionary_verbs(story.with_suffix(".missing")) == []


def test_a_command_that_led_on_in_an_earlier_run_is_tried_again_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from autofrotz.knowledge.histories import ways_on

    conn = recorded(
        [
            (0, "", "hall", 0, []),
            (1, "north", "yard", 0, []),  # a move: the map keeps those
            (2, "south", "hall", 0, []),
            (3, "unlock gate with key", "hall", 0, []),  # it opened, nobody moved
            (4, "say plugh", "cellar", 0, []),
            (5, "look", "vault", 0, []),  # the map misread a header: looking is no way on
            (6, "examine door", "cellar", 0, []),
        ]
    )
    ways = ways_on(conn, {1: 1})
    assert ways == {("hall", "say plugh"): (1, "cellar")}
    agent = knowing(PATH, Lore(runs=1, ways_on=ways))
    assert way_on(agent, ctx("hall_2", "look", 0)) == (
        "say plugh",
        "known way on (run 1): it led on from here",
    )
    assert way_on(agent, ctx("hall", "look", 0)) is None  # once a run
    # the context names this run's rooms by name: the cellar's, as earlier runs knew it
    been = TurnContext(1, "g", "look", "", "hall", "hall", score=0, known_rooms=["Hall", "Wine Cellar"])
    known = Lore(runs=1, ways_on=ways, rooms={"hall": "Hall", "cellar": "Wine Cellar"})
    assert way_on(knowing(PATH, known), been) is None  # it has been there this run
    elsewhere = TurnContext(1, "g", "look", "", "hall", "hall", score=0, known_rooms=["Hall", "Yard"])
    assert way_on(knowing(PATH, known), elsewhere) is not None
    set_rule(krules.WAYS_ON, False)
    assert way_on(knowing(PATH, Lore(runs=1, ways_on=ways)), ctx("hall", "", 0)) is None


@pytest.mark.parametrize("first", [True, False])
def test_once_the_agent_has_run_dry_the_wider_pool_comes_first(
    first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.WIDE_FIRST, first)
    agent = KnowingAgent(BuiltinAgent(), Lore(runs=1, verbs=["chant"]))
    agent.inner.mem.now.idle = 1  # it has waited for a change once already
    here = TurnContext(5, "g", "look", "A hall with a rug.", "hall", "Hall", "A hall with a rug.", score=0)
    decision = agent.decide(here)
    assert (decision.command == "chant") is first
    assert decision.reasoning.startswith("the story's own verb") is first


def test_a_way_earlier_runs_were_told_has_no_exit_is_a_known_wall_until_this_run_gets_further() -> None:
    from autofrotz.knowledge.histories import walls

    conn = recorded(
        [
            (0, "", "hall", 0, []),
            (1, "north", "hall", 0, [], "You can't go that way."),
            (2, "east", "hall", 0, [], "The oak door is locked."),  # a door: it may open
            (3, "west", "hall", 0, [], "You can't go that way."),
            (4, "take lamp", "hall", 2, ["lamp"], "Taken."),
            (5, "west", "cellar", 2, ["lamp"], "Cellar."),  # west did lead on, later
        ]
    )
    found, best = walls(conn, {1: 1})
    assert found == {("hall", "north"): 1} and best == 2
    rock = "Unclimbable rock prevents you from going in that direction."
    own = recorded(
        [
            (0, "", "a", 0, []),
            (1, "up", "a", 0, [], rock),
            (2, "east", "b", 0, []),
            (3, "up", "b", 0, [], rock),
        ]
        + [
            (4, "down", "b", 0, [], rock),
            (5, "north", "b", 0, [], "The gate is shut."),
            (6, "south", "b", 0, []),
        ]
        + [(7, "east", "b", 0, [], "The gate is shut."), (8, "west", "b", 0, [], "The gate is shut.")]
    )
    walled, _ = walls(own, {1: 1})  # the game's own words for no exit, said in three places; a gate may open
    assert walled == {("a", "up"): 1, ("b", "up"): 1, ("b", "down"): 1}
    lore = Lore(runs=1, walls=found, best_score=best)
    mem, advice = informed(lore)
    assert mem.failed("hall", "north")
    assert advice.vetoes.entries[-1] == Veto("hall", "north", "known wall (run 1)")
    assert not mem.failed("hall", "east") and not mem.failed("hall", "west")
    mem.now.score = 3  # further than any earlier run got: the world may have new ways
    assert not mem.failed("hall", "north")
    plain = informed(Lore(runs=1))[0]
    assert not plain.failed("hall", "north")


def test_an_own_verb_the_parser_asked_a_thing_for_is_not_sent_alone_again() -> None:
    agent = KnowingAgent(BuiltinAgent(), Lore(runs=1, verbs=["count", "plugh"]))
    asked = TurnContext(5, "g", "count", "What do you want to count?", "hall", "Hall", score=0)
    notes(agent).observe(AgentTurn(asked))
    assert agent.state.pool.wants_thing == ["count"]
    mem = informed(agent.lore)[0]
    here = TurnContext(6, "g", "look", "", "cellar", "cellar", score=0)
    got = widen.untried_use(here, scene([]), mem, {}, 1, ["count", "plugh"], [], agent.state.pool.wants_thing)
    assert got is not None and got[0] == "plugh"
    tool = TurnContext(
        7, "g", "count coins", "What do you want to count the coins with?", "hall", "Hall", score=0
    )
    notes(agent).observe(AgentTurn(tool))
    assert agent.state.pool.wants_tool == ["count"]
    bare = TurnContext(
        8, "g", "plugh rock", "I only understood you as far as wanting to plugh.", "hall", "Hall"
    )
    notes(agent).observe(AgentTurn(bare))
    assert agent.state.pool.no_thing == ["plugh"]
    on = [v for v in agent.lore.verbs if v not in agent.state.pool.no_thing]
    mem.note_try("cellar", "plugh")
    got = widen.untried_use(here, scene([]), mem, {}, 1, ["plugh"], [], [], [], on)
    assert got is None  # plugh alone was sent; plugh with a thing will not be understood


@pytest.mark.parametrize("rule_on", [True, False])
def test_behind_the_first_run_knowledge_stands_down_and_the_agent_plays_fresh(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(krules.STAND_DOWN, rule_on)
    lore = Lore(runs=1, first_rises=[(10, 5)], dead_ends={("hall", "push rug"): 1}, verbs=["chant"])

    def turn(n: int, score: int) -> TurnContext:
        return TurnContext(
            n, "g", "look", "A hall with a rug.", "hall", "Hall", "A hall with a rug.", score=score
        )

    ahead = KnowingAgent(BuiltinAgent(), lore)
    ahead.decide(turn(61, 5))  # as far as the first run got: knowledge goes on
    assert not ahead.state.standing.stood_down and ahead.inner.mem.tried("hall", "push rug") > 1
    agent = KnowingAgent(BuiltinAgent(), lore)
    agent.decide(turn(59, 0))  # not yet 50 turns past the first run's turn 10
    assert not agent.state.standing.stood_down
    decision = agent.decide(turn(60, 0))
    assert (
        "[knowledge stood down: behind the first run: 0 points at turn 60" in decision.reasoning
    ) is rule_on
    assert (agent.inner.mem.tried("hall", "push rug") == 0) is rule_on  # the dead end is a candidate again
    assert (agent.advice.wider is None) is rule_on
    state = agent.to_dict()
    again = KnowingAgent(BuiltinAgent(), lore)
    again.load_dict(state)  # a resume keeps it
    assert bool(again.state.standing.stood_down) is rule_on and again.advice.off is rule_on


def test_off_the_path_the_agent_walks_the_known_map_back_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    lore = Lore(runs=1, exits={"cellar": {"up": "yard"}, "yard": {"north": "hall"}})
    agent = knowing(PATH, lore)
    path_row(agent).next_step(ctx("yard", None, 0))
    path_row(agent).next_step(ctx("cellar", "north", 0))  # a trap door this time: off the path
    back = back_row(agent).next_command(ctx("cellar", "look", 0))
    assert back == ("up", "back to the path (run 1): to step 1/3 in yard")
    assert back_row(agent).next_command(ctx("cellar", "look", 3)) is None  # a score the path never shows
    set_rule(krules.BACK, False)
    assert back_row(agent).next_command(ctx("cellar", "look", 0)) is None


def test_once_the_path_is_replayed_the_known_map_leads_to_the_other_runs_scoring_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    vault = Scoring("vault", "open vault", (), (), (), 3, 2, 10)  # run 2 scored it; the path is run 1's
    lore = Lore(runs=2, scoring=[vault], exits={"hall": {"east": "vault"}})
    assert plan(knowing(PATH, lore), ctx("hall", "look", 0)) is None  # the path's score not held yet
    walk = plan(knowing(PATH, lore), ctx("hall", "put coin in slot", 5))
    assert walk == ("east", "known route after the path (run 2): vault")
    set_rule(krules.ROUTES_AFTER_PATH, False)
    assert plan(knowing(PATH, lore), ctx("hall", "put coin in slot", 5)) is None


def test_once_its_own_exploring_is_spent_the_agent_walks_to_known_rooms_this_run_has_not_seen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rooms = {"yard": "Yard", "hall": "Hall", "shed": "Shed"}
    lore = Lore(runs=1, rooms=rooms, exits={"hall": {"south": "yard"}, "yard": {"east": "shed"}})
    agent = knowing(PATH, lore)
    here = TurnContext(1, "g", "look", "", "hall", "hall", score=5, known_rooms=["Yard", "Hall"])
    assert agent.wider.unseen_room(here) == (
        "south",
        "known room not seen this run (after 1 earlier runs): Shed",
    )
    seen_all = TurnContext(1, "g", "look", "", "hall", "hall", score=5, known_rooms=["Yard", "Hall", "Shed"])
    assert agent.wider.unseen_room(seen_all) is None  # the context lists the rooms seen by name
    set_rule(krules.UNSEEN, False)
    assert knowing(PATH, lore).wider.unseen_room(here) is None


def test_the_path_makes_a_scoring_action_only_from_its_own_room() -> None:
    here = Scoring("hall", "put coin in slot", ("coin",), ("coin",), (), 5, 1, 3)
    elsewhere = Scoring("vault", "put coin in slot", ("coin",), ("coin",), (), 5, 2, 40)  # another slot
    agent = knowing(PATH, Lore(runs=2, scoring=[here, elsewhere]))
    assert path_goals(agent.lore, PATH) == [0]  # the vault's slot is still a goal

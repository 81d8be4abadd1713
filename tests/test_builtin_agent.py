"""The built-in agent: unit behaviour on a real MapManager/ItemManager, and a win of cellar end to end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from autofrotz.agents import builtin_idle
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent, ScriptedAgent
from autofrotz.agents.builtin_explore import is_move
from autofrotz.agents.builtin_memory import Memory, Seen, Spot, spot
from autofrotz.agents.builtin_tactics import Scene, allowed, room_actions
from autofrotz.context import world_fields
from autofrotz.managers.item_manager import ItemManager
from autofrotz.managers.map_manager import MapManager
from autofrotz.rules.switches import set_rule
from tests.orchestrator_support import make_config, require_cellar

BUILTIN = {"provider": "builtin", "model": "builtin"}
ROLES = ("game_agent", "puzzle_agent", "map_parser", "item_parser")


class World:
    """Feeds scripted game replies to the real managers and asks the agent, like the orchestrator."""

    def __init__(self, intro: str) -> None:
        self.map, self.items = MapManager(), ItemManager()
        self.agent = BuiltinAgent()
        self.turn = 0
        self.last_command: str | None = None
        self.last_output = intro
        self.death_note = ""
        self.score = 0
        self._update(intro, None)

    def _update(self, text: str, command: str | None) -> None:
        self.map.update_from_game_output(text, command, self.turn)
        self.items.update_from_game_output(text, self.map.current_room, command, self.turn)

    def decide(self) -> str:
        self.turn += 1
        fields: dict[str, Any] = world_fields(self.map, self.items)
        fields["unexplored_exits"] = []  # the agent reads the map itself
        ctx = TurnContext(
            turn_number=self.turn,
            game_file="test",
            last_command=self.last_command,
            last_output=self.last_output,
            death_note=self.death_note,
            score=self.score,
            map=self.map,
            items=self.items,
            **fields,
        )
        self.death_note = ""
        self.decision = self.agent.decide(ctx)
        return self.decision.command

    def reply(self, command: str, text: str, score: int | None = None) -> None:
        self.last_command, self.last_output = command, text
        self.score = score if score is not None else self.score
        self._update(text, command)

    def play(self, turns: int, answers: dict[str, str] | None = None) -> list[str]:
        """The agent's commands for some turns: the scripted answer where given, else a stock reply."""
        sent: list[str] = []
        for _ in range(turns):
            command = self.decide()
            sent.append(command)
            self.reply(command, (answers or {}).get(command, stock_reply(command)))
        return sent


def stock_reply(command: str) -> str:
    """The library's refusal of a move, and a reply to anything else that changes nothing."""
    return "You can't go that way." if is_move(command) else "Nothing happens."


HALL = "Hall\nA bare hall. A small brass lamp lies on the floor. An oak door leads north.\n"


def test_takes_visible_things_before_exploring() -> None:
    world = World(HALL)
    assert world.decide() == "take all"


def test_opens_doors_and_does_not_repeat_a_refusal() -> None:
    world = World(HALL)
    seen = []
    for _ in range(8):
        command = world.decide()
        seen.append(command)
        world.reply(command, "You can't do that." if command.startswith("open") else "Nothing special.")
    assert "open oak door" in seen
    assert seen.count("open oak door") == 1


def test_remembers_unknown_words() -> None:
    world = World(HALL)
    for _ in range(6):
        command = world.decide()
        world.reply(command, 'I don\'t know the word "oak".' if "oak" in command else "Done.")
    later = [world.decide() for _ in range(3)]
    assert "oak" in world.agent.mem.vocab.bad_words
    assert not any(" oak" in c for c in later)


def test_lights_a_carried_lamp_in_the_dark() -> None:
    world = World("Cave\nA damp cave. A passage leads down.\n")
    world.agent.mem.seen.held.append("brass lamp")
    world.reply("down", "It is pitch black. You are likely to be eaten by a grue.")
    assert world.decide() == "turn on brass lamp"


def test_avoids_the_action_that_killed_it() -> None:
    world = World("Ledge\nA narrow ledge. A rickety bridge leads east.\n")
    command = None
    for _ in range(20):
        command = world.decide()
        if command == "east":
            break
        world.reply(command, "Nothing happens.")
    assert command == "east"
    world.death_note = "You died after 'east'. The game was restored."
    world.reply("east", "You were restored.")
    following = [world.decide() for _ in range(15)]
    for c in following:
        world.reply(c, "You can't go that way." if c != "east" else "Splash.")
    assert "east" not in following


def test_unlocks_with_a_carried_key_after_a_locked_reply() -> None:
    world = World("Cellar\nA cellar. A heavy iron door is set in the east wall.\n")
    world.agent.mem.seen.held.append("iron key")
    tried = []
    for _ in range(6):
        command = world.decide()
        tried.append(command)
        world.reply(command, "The iron door seems to be locked." if command == "open iron door" else "Hm.")
    assert "unlock iron door with iron key" in tried


def test_state_round_trips_for_resume() -> None:
    world = World(HALL)
    for _ in range(4):
        command = world.decide()
        world.reply(command, "You can't.")
    copy = BuiltinAgent()
    copy.load_dict(json.loads(json.dumps(world.agent.to_dict())))  # as the save's mind keeps it
    assert copy.to_dict() == world.agent.to_dict() and copy.mem == world.agent.mem
    before = world.decide()
    world.agent = copy
    assert world.decide() == before  # the restored agent makes the same choice from the same reply


def test_scripted_agent_still_importable_here() -> None:
    agent = ScriptedAgent(["look", "north"])
    ctx = TurnContext(
        turn_number=2, game_file="g", last_command=None, last_output="", room_id=None, room_name=None
    )
    assert agent.decide(ctx).command == "north"


def test_wins_cellar_through_the_real_orchestrator(tmp_path: Path) -> None:
    require_cellar()
    from autofrotz.session import Session

    config = make_config(tmp_path, {role: dict(BUILTIN) for role in ROLES}, max_turns=300, save_every=10)
    with Session.open(config, web=False, console=False) as session:
        status = session.play()
        score = session.orchestrator.mind.score
    assert status == "won", f"built-in agent did not win cellar (score {score})"


@pytest.mark.parametrize("seed", [1])
def test_is_deterministic(tmp_path: Path, seed: int) -> None:
    require_cellar()
    from autofrotz.session import Session
    from autofrotz.storage.reader import GameReader

    commands = []
    for run in range(2):
        config = make_config(tmp_path / str(run), {r: dict(BUILTIN) for r in ROLES}, max_turns=80, seed=seed)
        (tmp_path / str(run)).mkdir()
        with Session.open(config, web=False, console=False) as session:
            session.play()
            game_id = session.orchestrator.game_id
        with GameReader(config.database_path) as reader:
            commands.append([t["command"] for t in reader.turns(game_id)])
    assert commands[0] == commands[1]


def test_takes_what_an_opened_container_reveals() -> None:
    world = World("Shed\nA ramshackle shed. A metal trunk stands in the corner.\n")
    world.agent.mem.now.last_room, world.agent.mem.now.last_command = (
        world.map.current_room,
        "open metal trunk",
    )
    world.reply("open metal trunk", "You open the trunk. It contains some sticks of dynamite.")
    assert world.decide() == "take sticks"


def test_a_refused_move_that_names_the_ways_out_rules_out_the_others() -> None:
    world = World("Bedroom\nA tidy bedroom.\n")
    room = world.map.current_room
    world.agent.mem.now.last_room, world.agent.mem.now.last_command = room, "up"
    world.reply("up", "The hallway is to the south and the bathroom to the west.")
    world.decide()
    mem = world.agent.mem
    assert mem.failed(room, "north") and mem.failed(room, "northeast")
    assert not mem.failed(room, "south") and not mem.failed(room, "west")


def test_a_refusal_about_the_way_tried_rules_out_nothing_else() -> None:
    world = World("Forest\nA dim forest.\n")
    room = world.map.current_room
    world.agent.mem.now.last_room, world.agent.mem.now.last_command = room, "north"
    world.reply("north", "The forest becomes impenetrable to the north.")
    world.decide()
    assert world.agent.mem.failed(room, "north")
    assert not world.agent.mem.failed(room, "south")


def test_a_spell_the_text_names_is_cast_then_tried_on_things() -> None:
    world = World("Study\nA quiet study.\n")
    world.agent.mem.now.last_command, world.agent.mem.now.last_room = "read page", world.map.current_room
    world.reply("read page", 'The page reads: "glow spell: make a thing shine."')
    assert world.decide() == "cast glow"
    scene = Scene("valley", ["brown horse"], [], ["silver coin"], "")
    actions = room_actions(scene, Memory(seen=Seen(spells=["glow"])))
    assert "glow silver coin" in actions and "glow brown horse" in actions


def test_offers_things_to_people_before_asking_them() -> None:
    scene = Scene("desk", ["student"], [], ["id card"], "")
    actions = room_actions(
        scene, Memory(seen=Seen(people=["student"]))
    )  # the parser once treated him as animate
    assert actions.index("give id card to student") < actions.index("ask student about card")


def test_a_two_word_verb_the_parser_stops_at_is_dropped() -> None:
    world = World(HALL)
    room = world.map.current_room
    world.agent.mem.now.last_room, world.agent.mem.now.last_command = room, "look behind oak door"
    world.reply("look behind oak door", "I only understood you as far as wanting to look.")
    world.decide()
    assert "look behind" in world.agent.mem.vocab.bad_phrases
    assert not allowed("look behind lamp", room, world.agent.mem)


def test_stops_walking_a_strip_of_identical_rooms() -> None:
    beach = "Endless Beach\nSand stretches on forever to the east and west.\n"
    world = World(beach)
    mem = world.agent.mem
    mem.now.last_sig = "Endless Beach|Sand stretches on forever to the east and west."
    rooms, choices = [world.map.current_room], []
    for _ in range(2):
        mem.now.last_room, mem.now.last_command = world.map.current_room, "east"
        world.reply("east", beach)
        rooms.append(world.map.current_room)
        choices.append(world.decide())
    assert len(set(rooms)) == 3  # the map made a new room each step
    assert not mem.failed(rooms[0], "east") and mem.failed(rooms[1], "east")
    assert mem.failed(rooms[2], "east") and "east" not in choices[1:]


def test_a_reply_given_word_for_word_to_two_verbs_is_a_stock_refusal() -> None:
    world = World(HALL)
    room, mem = world.map.current_room, world.agent.mem
    for command in ("rub oak door", "kick oak door"):
        mem.now.last_room, mem.now.last_command = room, command
        world.reply(command, "That would achieve very little.")
        world.decide()
    assert mem.failed(room, "kick oak door") and not mem.failed(room, "rub oak door")


def test_a_queued_command_is_reasoned_by_the_rule_that_queued_it() -> None:
    world = World("Attic\nA dusty attic.\n")
    world.agent.mem.now.last_room, world.agent.mem.now.last_command = world.map.current_room, "open chest"
    world.reply("open chest", "You open the chest. Inside it you find a tarnished whistle.")
    assert world.decide() == "take tarnished whistle"
    assert world.decision.reasoning == "take-what-lies-here (queued)"


def test_a_room_action_is_reasoned_by_its_rule() -> None:
    world = World(HALL)
    world.decide()
    assert world.decision.reasoning == "take-all"


def test_a_full_queue_keeps_what_was_put_at_its_front() -> None:
    world = World(HALL)
    plans = world.agent.mem.plans
    plans.add([f"examine thing{i}" for i in range(12)], "filler")
    plans.add(["push red button"], "urgent-test", front=True)
    assert world.decide() == "push red button"
    assert world.decision.reasoning == "urgent-test (queued)"
    assert len(plans.queue) < 12 and "examine thing0" in plans.commands()


def test_memory_survives_json_with_its_typed_keys() -> None:
    world = World(HALL)
    for reply in ("Taken.", "The door is locked."):
        world.reply(world.decide(), reply)
    mem = world.agent.mem
    mem.seen.absent.append(spot("hall", "ghost"))
    again = Memory.from_dict(json.loads(json.dumps(mem.to_dict())))
    assert again == mem and again.absent("hall", "ghost")
    assert all(isinstance(k, Spot) for k in again.attempts.tries)


def test_a_flat_memory_from_an_older_save_is_read() -> None:
    flat = {"tries": {"hall|open door": 2}, "fails": {"hall|open door": 1}, "absent": ["hall|ghost"],
            "queue": ["look"], "lit": True, "bad_words": ["xyz"], "held": ["lamp"]}  # fmt: skip
    mem = Memory.from_dict(flat)
    assert mem.tried("hall", "open door") == 2 and mem.failed("hall", "open door")
    assert mem.absent("hall", "ghost") and mem.plans.commands() == ["look"] and mem.now.lit
    assert mem.vocab.bad_words == ["xyz"] and mem.seen.held == ["lamp"]


PUMP_ROOM = (
    "Pump Room\nYou are in the pump room. The pumps thud in their beds under the old boilers. "
    "Grey pipes run along the walls. A red relief valve on the main pipe hisses.\n"
)


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_word_named_late_in_a_long_description_is_examined_and_worked_once_all_else_is_done(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """examine-every-word-when-all-else-is-done: the usual rounds examine a room's first few words only;
    once they are spent, every other word is examined, and one that answers joins the sweep of verbs."""
    set_rule(builtin_idle.EVERY_WORD_RULE, True)  # off by default (its module says why)
    if not rule_on:
        set_rule("examine-every-word-when-all-else-is-done", False)
    world = World(PUMP_ROOM)
    answers = {"examine relief valve": "The valve is open and hissing."}
    sent = world.play(120, answers)
    assert ("examine relief valve" in sent) is rule_on
    assert ("turn relief valve" in sent) is rule_on

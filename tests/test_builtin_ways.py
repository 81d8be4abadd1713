"""Exploration rules of the built-in agent (builtin_ways.py, builtin_explore.py): scripted reply
sequences through the real managers, each one failing without its rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.agents.builtin_explore import is_move
from autofrotz.agents.builtin_memory import Spot
from autofrotz.agents.builtin_words import DARK
from autofrotz.game_interface import open_game
from autofrotz.rules.switches import set_rule
from autofrotz.words.vocabulary import Vocabulary
from tests.conftest import _story
from tests.test_builtin_agent import World, stock_reply
from tests.test_builtin_replies import Game

CAMP = "Center of Camp\nThe center of the camp. A tent lies to the south.\n"


def _until(world: World, wanted: str, turns: int) -> list[str]:
    """The agent's commands until it sends wanted (moves refused, anything else to no effect)."""
    sent: list[str] = []
    for _ in range(turns):
        sent.append(world.decide())
        if sent[-1] == wanted:
            break
        world.reply(sent[-1], "You can't go that way." if is_move(sent[-1]) else "Nothing happens.")
    return sent


def test_a_move_taken_as_the_answer_to_a_question_is_sent_again() -> None:
    """move-not-read: "I only understood you as far as wanting to take..." after a move says the parser
    read it as the answer to its open question; the move was never tried."""
    world = World(CAMP)
    assert _until(world, "south", 30)[-1] == "south"
    world.reply("south", "I only understood you as far as wanting to take the jeweled amulet.")
    later = _until(world, "south", 12)
    assert "south" in later


def test_a_thing_that_is_not_animate_is_not_addressed_again() -> None:
    """not-a-person: "You can only do that to something animate." ends offers and questions to it."""
    world = World("Study\nA dusty study. A desk stands by the wall.\n")
    world.agent.mem.seen.held.append("yellow paper")
    world.agent.mem.seen.people.append("desk")  # a reply misread it as someone
    addressed = []
    for _ in range(40):
        command = world.decide()
        aimed = command.endswith(" to desk") or command.startswith(("ask desk", "talk to desk"))
        addressed += [command] if aimed else []
        world.reply(command, "You can only do that to something animate." if aimed else "Nothing happens.")
    assert len(addressed) == 1
    assert world.agent.mem.seen.inanimate == ["desk"]


def test_a_thing_someone_gave_is_not_offered_back() -> None:
    """keep-what-was-given: the key the man handed over is not given back to him."""
    world = World("Lobby\nA quiet lobby. An old man sits here.\n")
    world.reply("inventory", "You are carrying:\n  an id card\n")
    sent = []
    for _ in range(40):
        command = world.decide()
        sent.append(command)
        if command == "give id card to man":
            world.reply(command, "The man gives you the key, and he holds your id card in exchange.")
        elif command == "inventory":
            world.reply(command, "You are carrying:\n  a key\n")
        else:
            world.reply(command, "Nothing happens.")
    assert "give id card to man" in sent
    assert "give key to man" not in sent


def test_a_way_out_that_killed_once_is_tried_again_when_nothing_else_is_left() -> None:
    """retry-a-deadly-way-out: the only way out of a room killed us once (the danger bit as we left):
    with nothing else to explore the agent tries it again, and not after a second death."""
    world = World("Graveyard\nA foggy graveyard. A coffin lies to the north.\n")
    coffin = "At Coffin\nA coffin stands against walls to the north, east and west.\n"
    deaths: list[str] = []
    for _ in range(160):
        command = world.decide()
        here = world.map.current_room
        if command == "north" and not deaths and here and "graveyard" in here:
            world.reply(command, coffin)
        elif command == "south" and here and "coffin" in here:
            deaths.append(world.decision.reasoning)
            world.death_note = "You died after 'south'. The game was restored."
            world.reply(command, "*** You have died ***\n\nYou were restored.")
        else:
            world.reply(command, stock_reply(command))
    assert len(deaths) == 2
    assert deaths[1] == "retry-a-deadly-way-out"


def test_a_door_named_with_words_the_game_lacks_is_opened_by_the_words_it_knows() -> None:
    """plans-in-known-words: "Kati's bedroom door is in the way" plans "open bedroom door"; the story
    knows "door" but not "bedroom", so the plan is sent as "open door" instead of being dropped."""
    words = frozenset(["open", "door", "north", "south", "east", "west", "unlock", "with", "key", "take"])
    game = Game("Hallway\nA hallway. A door leads south.\n", Vocabulary(words, 9))
    game.decide()
    game.reply("south", "You can't, since Kati's bedroom door is in the way.")
    decision = game.decide()
    assert (decision.command, decision.reasoning) == ("open door", "open-the-way")


def test_a_lit_room_that_mentions_darkness_is_not_fled() -> None:
    """The bare word "darkness" is no sign of a dark room; the genre's dark-room replies are."""
    assert not DARK.search("Once your eyes get used to the darkness you see people asleep in bunks.")
    for dark in ("It is pitch black. You are likely to be eaten by a grue.", "Darkness\nIt is dark.\n"):
        assert DARK.search(dark)
    world = World("Tunnel\nA narrow tunnel. A capsule lies north.\n")
    world.reply(
        "north", "Quarters\nOnce your eyes get used to the darkness you see sleepers. A hatch leads south.\n"
    )
    assert world.decide() != "south"
    assert "darkness" not in world.decision.reasoning


def test_the_opening_key_press_is_answered(games_dir: Path) -> None:
    """The jericho back end answers a "press a key" page before the first prompt: break-in waits for
    SPACE, and without the answer every command came back empty. (The truth following the player
    role into the flashback is tests/test_corpus.py's self-object test.)"""
    path = _story(games_dir, "break-in.z5")
    with open_game(path, "jericho") as game:
        game.start()
        assert game.send("look").text.strip()
        assert "office" in game.send("look").text.lower()


def test_a_key_handed_over_unlocks_the_lock_met_before() -> None:
    """carried-is-here: "take key" found no key in this room; once someone has given us one, "key" is
    no longer ruled out here and the locked door is unlocked with it."""
    world = World("Stacks\nEndless shelves. A wooden door leads south.\n")
    world.reply("open wooden door", "It seems to be locked.")
    world.decide()
    # what "take key" -> "You can't see any such thing." left in memory before any key was carried
    world.agent.mem.seen.absent.append(Spot(world.map.current_room or "?", "key"))
    world.reply("inventory", "You are carrying:\n  a key\n")
    assert "unlock wooden door with key" in _until(world, "unlock wooden door with key", 20)


def test_the_ways_refused_before_a_door_opened_are_tried_first() -> None:
    """ways-past-an-opened-door: once a door here opens, the moves refused here come next, before the
    rest of the room's things (a game's clock may be running)."""
    world = World("Stacks\nEndless shelves and a heavy wooden door. The stairwell is north.\n")
    locked = "It seems to be locked."
    for _ in range(60):
        command = world.decide()
        if command == "south":
            break
        refused = stock_reply(command)
        world.reply(command, locked if command.startswith("open") else refused)
    assert command == "south"  # refused in the sweep of directions while the door was locked
    world.reply("south", "You can't go that way.")
    world.reply("inventory", "You are carrying:\n  a brass key\n")
    assert _until(world, "unlock wooden door with brass key", 20)[-1] == "unlock wooden door with brass key"
    world.reply("unlock wooden door with brass key", "You unlock the wooden door.")
    assert world.decide() == "open wooden door"
    world.reply("open wooden door", "You open the wooden door.")
    after = []
    for _ in range(3):  # a look at what opened may come first
        after.append((world.decide(), world.decision.reasoning))
        world.reply(after[-1][0], "Stacks\nEndless shelves. The door stands open.\n")
    assert ("south", "ways-past-an-opened-door (queued)") in after


def test_a_door_opened_with_no_way_refused_yet_leads_to_the_ways_not_tried() -> None:
    """ways-past-an-opened-door, second half: "A heavy door bars the way to the vault" names no
    direction; once it opens, the directions not yet tried from here come first."""
    world = World("Stacks\nEndless shelves. A heavy door bars the way to the vault.\n")
    assert _until(world, "open door", 10)[-1] == "open door"
    world.reply("open door", "You open the heavy door.")
    after = []
    for _ in range(3):
        after.append((world.decide(), world.decision.reasoning))
        world.reply(after[-1][0], "Nothing happens.")
    assert ("north", "ways-past-an-opened-door (queued)") in after


def test_a_door_that_shuts_again_does_not_loop_the_ways_past_it() -> None:
    """ways-past-an-opened-door fires once per room: a guard who throws us back and locks the door
    again must not make every reopening queue the same moves."""
    world = World("Cell\nA bare cell. A heavy door bars the way to the corridor.\n")

    def opened() -> list[str]:
        world.agent.mem.now.last_command = "open door"
        world.reply("open door", "You open the heavy door.")
        world.decide()
        return [world.decision.reasoning] + [q.rule for q in world.agent.mem.plans.queue]

    assert _until(world, "open door", 10)[-1] == "open door"
    assert any(r.startswith("ways-past-an-opened-door") for r in opened())
    world.agent.mem.plans.queue.clear()  # the moves sent; a guard shut and locked the door again
    assert not any(r.startswith("ways-past-an-opened-door") for r in opened())


def test_a_person_is_asked_about_what_the_opening_spoke_of() -> None:
    """ask-about-what-was-said: the opening's "after your last errand" makes "errand" a topic; the
    man met later is asked about it (the stock topics are only the person and what we carry)."""
    words = [
        "errand",
        "weekend",
        "ask",
        "about",
        "man",
        "old",
        "examine",
        "take",
        "north",
        "south",
        "east",
        "west",
    ]
    game = Game(
        "Sunlight wakes you after your last errand. Now the weekend begins.\n\n"
        "Tower\nA round tower. An old man stands here.\n",
        Vocabulary(frozenset(words), 9),
    )
    sent = []
    for _ in range(40):
        decision = game.decide()
        sent.append((decision.command, decision.reasoning))
        moved = decision.command in ("north", "south", "east", "west")
        game.reply(decision.command, "You can't go that way." if moved else "The man smiles.")
    assert ("ask man about errand", "ask-about-what-was-said") in sent


def test_a_word_a_person_tells_us_to_say_is_said_next() -> None:
    """say-the-word-told: "Just say the word 'hollow'" (lower case, so no quoted proper name) is said
    on the next turn, under the rule's name."""
    world = World("Tower\nA round tower. A wizard stands here.\n")
    world.decide()
    world.reply("ask wizard about quest", "\"Just say the word 'hollow' and you will be there.\"")
    assert (world.decide(), world.decision.reasoning) == ("hollow", "say-the-word-told (queued)")


def test_a_carried_title_is_read_by_the_words_the_game_knows() -> None:
    """name-by-known-words: "copy of The Legends of the Vale" in a story whose dictionary lacks "copy" is
    examined as "legends" (without the rule the only name made, "copy", is dropped as unknown)."""
    words = ["legends", "vale", "examine", "read", "take", "north", "south", "east", "west", "wear", "drop"]
    game = Game("Study\nA quiet study.\n", Vocabulary(frozenset(words), 9))
    game.reply("inventory", "You are carrying:\n  a copy of The Legends of the Vale\n")
    sent = []
    for _ in range(12):
        sent.append(game.decide().command)
        game.reply(sent[-1], "Nothing happens.")
    assert "examine legends" in sent


def test_a_locked_door_is_examined_and_a_view_from_higher_is_climbed_to() -> None:
    """examine-what-is-locked: "It seems to be locked." with no key makes the door itself examined next.
    stand-higher-to-look: "Looks like a plain shelf from where you're standing." with a bench carried
    puts it down and stands on it, and what the higher view shows is taken."""
    world = World("Landing\nA narrow landing. A door leads south.\n")
    world.reply("inventory", "You are carrying:\n  a wooden bench\n")
    world.decide()
    world.agent.mem.now.last_command = "open door"  # as if the agent had sent it
    world.reply("open door", "It seems to be locked.")
    assert (world.decide(), world.decision.reasoning) == ("examine door", "examine-what-is-locked (queued)")
    world.agent.mem.now.last_command = "search shelf"
    world.reply("search shelf", "Looks like a plain shelf from where you're standing.")
    steps = []
    for reply in ("Dropped.", "From up here you can make out a brass key on the shelf.", "Taken."):
        steps.append((world.decide(), world.decision.reasoning))
        world.reply(steps[-1][0], reply)
    rule = "stand-higher-to-look (queued)"
    assert steps == [("drop wooden bench", rule), ("stand on wooden bench", rule), ("take brass key", rule)]


def _moves_tried_in_a_study(turns: int) -> list[str]:
    """Moves tried from a study whose own refusal names its one way out without a listing phrase."""
    study, pantry = (
        "Study\nA cramped study with a desk.\n",
        "Pantry\nA small pantry, empty. The study is north.\n",
    )
    world, here, tried = World(study), "study", []
    for _ in range(turns):
        command = world.decide()
        if (here, command) in (("study", "south"), ("pantry", "north")):
            here = "pantry" if here == "study" else "study"
            world.reply(command, pantry if here == "pantry" else study)
            continue
        tried += [command] if is_move(command) and here == "study" else []
        refusal = "A pantry opens to the south; the stairs are the other way."
        refusal = refusal if here == "study" else "You can't go that way."
        world.reply(command, refusal if is_move(command) else "Nothing happens.")
    return tried


def test_a_refusal_said_twice_names_the_ways_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """a-refusal-said-twice-lists-the-ways: the study's refusal, said again word for word for a second
    way, is what it says to every way it lacks: the compass ways it does not name are not tried."""
    with_rule = _moves_tried_in_a_study(120)
    # before anything is tried again (the map keeps no refused way, so a late retry may reach west)
    assert "west" not in with_rule[:4] and len(with_rule) <= 8
    set_rule("a-refusal-said-twice-lists-the-ways", False)
    assert "west" in _moves_tried_in_a_study(120)[:4]


def test_a_notice_that_says_whom_to_ask_about_what_is_asked() -> None:
    """ask-as-the-text-says: a card read that tells the player to ask someone about a topic in quotes
    has the question asked, by the person's last word first; switched off, it is not."""
    world = World("Lodge\nA timber lodge. A porter dozes by the stove.\n")
    world.decide()
    world.reply("read card", "The card reads: \"Ask Old Tom the porter about 'luggage' for help.\"")
    assert (world.decide(), world.decision.reasoning) == (
        "ask porter about luggage",
        "ask-as-the-text-says (queued)",
    )


def test_a_question_the_text_tells_is_not_asked_with_the_rule_off(monkeypatch: pytest.MonkeyPatch) -> None:
    set_rule("ask-as-the-text-says", False)
    world = World("Lodge\nA timber lodge. A porter dozes by the stove.\n")
    world.decide()
    world.reply("read card", "The card reads: \"Ask Old Tom the porter about 'luggage' for help.\"")
    assert world.decide() != "ask porter about luggage"


def _corridor_of_deadly_doors(turns: int) -> list[str]:
    world = World(
        "Corridor\nA long corridor. A red door is to the west and a blue door to the east."
        " To the north is more corridor.\n"
    )
    sent: list[str] = []
    for _ in range(turns):
        command = world.decide()
        sent.append(command)
        if command in ("west", "east"):
            world.death_note = f"You died after '{command}'. The game was restored."
            world.reply(command, "*** You have died ***\n\nYou were restored.")
        else:
            world.reply(command, stock_reply(command))
    return sent


def test_two_doors_that_killed_do_not_bar_the_third_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """a-way-out-that-killed-is-not-the-room: the west and east doors each killed once; those ways are
    never walked again, but the room is safe to stand in, so the north it names is still tried.
    Switched off, two deaths make the room deadly and no new way out of it is tried."""
    sent = _corridor_of_deadly_doors(40)
    assert "north" in sent and sent.count("west") == 1 and sent.count("east") == 1
    set_rule("a-way-out-that-killed-is-not-the-room", False)
    old = _corridor_of_deadly_doors(40)
    assert "west" in old and "east" in old and "north" not in old

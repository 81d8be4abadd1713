"""Built-in agent: quoted proper names read on signs are said where they were read and inside what the
agent climbs into."""

from __future__ import annotations

from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_speech import boarded, learn, sayables, speech_actions
from tests.test_builtin_agent import World


def test_only_quoted_proper_names_are_words_to_say() -> None:
    assert sayables("The brass plate reads 'Harbour Lift'.") == ["harbour"]
    assert sayables('Type "help" for hints, or "Look" around.') == []
    assert sayables("It's the captain's 'lucky' hat.") == []


def test_words_are_said_where_read_and_inside_boarded_things() -> None:
    mem = Memory()
    learn("A sign reads 'Zarkon Station'.", "platform", mem)
    mem.seen.speaking_rooms.append("cabin")
    assert speech_actions("platform", mem) == ["zarkon", "say zarkon"]
    assert speech_actions("cabin", mem) == ["zarkon", "say zarkon"]
    assert speech_actions("street", mem) == []
    assert boarded("get into car", "Street") and not boarded("west", "Street")


def test_agent_says_the_word_after_climbing_in() -> None:
    world = World("Barracks\nA tidy barracks. You can see a booth here.\n")
    seen = []
    for _ in range(30):
        command = world.decide()
        seen.append(command)
        if command.startswith("examine booth"):
            world.reply(command, "A booth. A sign over it bears the legend 'City Transporter'.")
        elif command in ("in", "enter booth"):
            world.reply(command, "Barracks (in the booth)\n")
        elif command == "city":
            break
        else:
            world.reply(command, "Nothing happens.")
    assert "city" in seen

"""Things that bar a way (builtin_barriers.py), a bundle of keys named by its key word, a lit lamp
forgotten in the dark, and "open" in the late sweep: scripted replies through the real managers, each
test failing without its rule."""

from __future__ import annotations

from autofrotz.agents.builtin_barriers import barring_things, opened_barrier, refusal_shaped
from autofrotz.agents.builtin_idle import ROOM_VERBS
from autofrotz.agents.builtin_replies import _key_name
from autofrotz.reading.patterns import LOCKED_ANY_ADVERB as LOCKED
from tests.test_builtin_agent import World, stock_reply

PIT = (
    "Outside Grille\nYou are in a hollow floored with bare dirt. Set into the dirt is a strong iron grille.\n"
)
DESCEND = "You are unable to descend by the iron grille."


def test_a_move_refused_by_naming_a_thing_opens_that_thing_and_goes_through() -> None:
    """open-what-bars-the-way, then go-where-the-opened-thing-barred: "unable to descend by the iron
    grille" names the grille, the grille is opened, and the move is sent again."""
    world = World(PIT)
    sent: list[str] = []
    for _ in range(80):
        command = world.decide()
        sent.append(command)
        if command == "down" and "open iron grille" not in sent:
            world.reply(command, DESCEND)
        elif command == "open iron grille":
            world.reply(command, "You open the iron grille.")
        elif command == "down":
            break
        else:
            world.reply(command, stock_reply(command))
    assert "open iron grille" in sent
    opened = sent.index("open iron grille")
    assert "down" in sent[opened + 1 : opened + 3]  # after a fresh look at what the opening showed, if any
    assert world.decision.reasoning.startswith("go-where-the-opened-thing-barred")


def test_the_stock_refusal_of_a_move_opens_nothing() -> None:
    """A refusal that names nothing of the room ("You can't go that way.") bars nothing."""
    world = World(PIT)
    sent = world.play(40, {})
    assert not [c for c in sent if c.startswith("open ")]


def test_barring_things_reads_only_refusals() -> None:
    """A room arrival the map took for the same room is no refusal: its nouns bar nothing."""
    nouns = ["iron grille", "dirt"]
    assert barring_things(DESCEND, nouns) == ["iron grille"]
    assert barring_things("Hollow\nYou are in a hollow. An iron grille is set into the dirt.", nouns) == []
    assert refusal_shaped("The grille is in the way.")


def test_opening_something_else_sends_no_barred_move() -> None:
    rows = [["pit", "iron grille", "down"]]
    assert opened_barrier("open iron grille", "You open the iron grille.", rows, "pit") == ["down"]
    assert opened_barrier("open wooden box", "You open the wooden box.", rows, "pit") == []
    assert opened_barrier("open iron grille", "You open the iron grille.", rows, "hall") == []


def test_a_locked_grille_is_unlocked_with_a_bundle_of_keys() -> None:
    """unlock-what-is-locked names "a set of keys" by its key word (the bundle's head reads as no key),
    and "It's locked." reads as locked."""
    world = World(PIT)
    world.reply("inventory", "You are carrying:\n  a set of keys\n")
    sent = world.play(
        80,
        {
            "down": DESCEND,
            "open iron grille": "It's locked.",
            "unlock iron grille with keys": "You unlock it.",
        },
    )
    assert "unlock iron grille with keys" in sent
    assert _key_name("a ring of keys") == "keys"
    assert LOCKED.search("The doors are solidly locked.")


def test_a_lamp_believed_lit_is_lit_again_in_the_dark() -> None:
    """dark-means-unlit: after a death the lamp was dropped and taken back unlit; a pitch-dark room says
    no light is on, so the agent lights the lamp again instead of walking on in the dark."""
    world = World("Cellar\nA damp cellar. Stairs lead up.\n")
    world.reply("inventory", "You are carrying:\n  a brass lamp\n")
    world.agent.mem.now.lit = True
    world.agent.mem.now.last_command = "up"  # the agent walked up into the dark
    world.reply("up", "Darkness\nIt is pitch dark, and you can't see a thing.\n")
    assert world.decide() in ("turn on brass lamp", "light brass lamp")


def test_darkness_falling_where_we_stand_is_not_an_unlit_lamp() -> None:
    """dark-means-unlit reads only a room reached in the dark: a switch pushed here made the dark."""
    world = World("Cell\nA bare cell.\n")
    world.reply("inventory", "You are carrying:\n  a brass lamp\n")
    world.agent.mem.now.lit = True
    world.agent.mem.now.last_command = "push switch"
    world.reply("push switch", "It is now pitch dark in here!")
    world.decide()
    assert world.agent.mem.now.lit


def test_the_late_sweep_opens_things_first() -> None:
    """Opening is the first of the uncommon verbs: a fixed grate or hatch never listed as openable."""
    assert ROOM_VERBS[0] == "open"


def test_a_thing_called_empty_gets_what_is_carried() -> None:
    """fill-what-is-empty: "a hopper (which is empty)" is a container waiting for something: the sack
    carried is put in it (the lamp is kept back)."""
    world = World("Stone Floor\nThe stone floor of the mill.\n\nYou can see a hopper here.\n")
    world.reply("inventory", "You are carrying:\n  a sack of grain\n  a brass lamp\n")
    sent = world.play(40, {"search hopper": "The hopper is empty."})
    assert "put sack in hopper" in sent
    assert "put brass lamp in hopper" not in sent
    assert world.agent.mem.seen.vessels


def test_a_worn_thing_the_parser_took_off_is_taken_back_and_worn_again() -> None:
    """wear-again-what-was-taken-off: a put that made the parser take the gloves off ("(first taking it
    off)") is followed by taking them back and wearing them; they are not put anywhere again."""
    world = World("Bedroom\nA small bedroom.\n\nYou can see a drawer here.\n")
    world.reply("inventory", "You are carrying:\n  a pair of garden gloves\n")
    answers = {
        "search drawer": "The drawer is empty.",
        "put gloves in drawer": "(first taking it off)\n\nYou put them in the drawer.",
        "take gloves": "Taken.",
    }
    sent = world.play(40, answers)
    assert "put gloves in drawer" in sent
    after = sent[sent.index("put gloves in drawer") + 1 :]
    assert after[:2] == ["take gloves", "wear gloves"]
    assert sent.count("put gloves in drawer") == 1


CHAPEL_YARD = (
    "Chapel Yard\nAn overgrown yard. A stone chapel stands to the north, and a path leads west past its "
    "wall.\n"
)


def test_a_thing_that_does_not_open_is_not_opened_again_to_pass() -> None:
    """open-what-bars-the-way: once "open stone chapel" was answered "That's not something you can open.",
    a later refusal naming the chapel opens nothing; "There is no entrance..." names no barrier at all."""
    answers = {
        "north": "You bump into the chapel wall.",
        "open stone chapel": "That's not something you can open.",
        "west": "You bump into the chapel again.",
    }
    side = {"north": "There is no entrance into the chapel on this side."}
    for answer, expected in ((answers, 1), (side, 0)):
        world, barred = World(CHAPEL_YARD), []
        for _ in range(50):
            command = world.decide()
            if world.decision.reasoning.startswith("open-what-bars-the-way"):
                barred.append(command)
            default = stock_reply(command)
            world.reply(command, answer.get(command, default))
        assert len(barred) == expected, barred


def test_an_empty_thing_that_is_scenery_or_carried_gets_nothing() -> None:
    """fill-what-is-empty: a place the parser calls scenery when something is put in it ("That's not
    something you need to refer to...") gets nothing more, and an empty bottle we picked up is no
    container to fill."""
    world = World("Stone Floor\nThe stone floor of the mill.\n\nYou can see a hopper here.\n")
    world.reply("inventory", "You are carrying:\n  a sack of grain\n  a tin cup\n  a brass lamp\n")
    scenery = "That's not something you need to refer to in the course of this game."
    sent = world.play(40, {"search hopper": "The hopper is empty.", "put sack in hopper": scenery})
    assert "put sack in hopper" in sent
    assert "put cup in hopper" not in sent
    world = World("Kitchen\nA bare kitchen.\n\nYou can see a bottle (which is empty) here.\n")
    world.reply("inventory", "You are carrying:\n  a tin cup\n")
    world.reply("search bottle", "The bottle is empty.")
    world.decide()  # the bottle is seen empty while it lies here
    world.reply("take bottle", "Taken.")
    world.reply("inventory", "You are carrying:\n  a bottle\n  a tin cup\n")
    sent = world.play(40, {})
    assert world.agent.mem.seen.vessels
    assert "put cup in bottle" not in sent


MILL = "Stone Floor\nThe stone floor of the mill.\n\nYou can see a hopper here.\n"
NO_SUCH = "You can't see any such thing."


def test_a_thing_put_down_by_its_head_noun_is_not_put_anywhere_again() -> None:
    """fill-what-is-empty puts only what we still hold: a thing taken by its full name and dropped by its
    head noun ("drop coin") leaves what the agent holds under its full name too."""
    world = World(MILL)
    assert world.decide() == "take all"
    world.reply("take all", "gold coin: Taken.")
    agent, decide = world.agent, world.agent.decide
    agent.decide = lambda ctx: agent.follow(ctx, "drop coin", "a proven path")  # type: ignore[method-assign]
    world.decide()
    agent.decide = decide  # type: ignore[method-assign]
    assert "gold coin" in agent.mem.seen.held
    world.reply("drop coin", "Dropped.")
    world.reply("inventory", "You are empty-handed.")
    sent = world.play(40, {"search hopper": "The hopper is empty."})
    assert world.agent.mem.seen.vessels
    assert not [c for c in sent if c.startswith("put ")], sent


def test_a_put_answered_no_such_thing_rules_out_the_thing_not_the_container() -> None:
    """'You can't see any such thing.' after 'put coin in hopper' does not say which it missed: the hopper
    the room shows stays open to every other command, the coin we only believed we held is let go."""
    world = World(MILL)
    answers = {
        "take all": "gold coin: Taken.",
        "search hopper": "The hopper is empty.",
        "examine hopper": "The hopper is empty.",
        "put coin in hopper": NO_SUCH,
        "put gold coin in hopper": NO_SUCH,
    }
    sent: list[str] = []
    while not [c for c in sent if c.startswith("put ")] and len(sent) < 40:
        sent.append(world.decide())
        world.reply(sent[-1], answers.get(sent[-1], stock_reply(sent[-1])))
        if sent[-1] == "take all":
            here = world.map.current_room
            world.items.update_from_game_output("You are empty-handed.", here, "inventory", 0)
    assert sent[-1].startswith("put ") and sent[-1].endswith(" in hopper"), sent
    world.decide()  # the agent reads the put's reply
    room = world.agent.mem.now.last_room
    assert not world.agent.mem.absent(room, "hopper")
    assert world.agent.replies.keeps("examine hopper", room, world.turn)
    assert "gold coin" not in world.agent.mem.seen.held

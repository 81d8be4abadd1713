"""What the briefing says is here ("Seen here", "Also named here"), read as the model
reads it, on corpus games played by a script through the real turn loop."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from autofrotz.game_interface import RunningGame, open_game
from autofrotz.llm import MockLLM
from autofrotz.managers.named_things import named_things
from autofrotz.side_copies import side_examines
from autofrotz.things_in_sight import SightCheck
from tests.test_briefing import briefings, section


@pytest.fixture(autouse=True)
def _fresh_mocks() -> Iterator[None]:
    pytest.importorskip("jericho")
    MockLLM.reset()
    yield
    MockLLM.reset()


def _story(games_dir: Path, name: str) -> str:
    path = games_dir / f"{name}.z5"
    if not path.exists():
        pytest.skip(f"{path} is missing; python main.py games install")
    return name


def test_names_of_the_room_s_text_the_game_does_not_answer_are_not_briefed(
    tmp_path: Path, games_dir: Path
) -> None:
    # The bathroom's text names "shiny floor tiles", which examine answers with the room's own text, and
    # "my towel curves elegantly across ...", which the parser cannot read; the mirror and shower are things.
    seen = briefings(tmp_path, ["look"], game=_story(games_dir, "lily"))
    named = section(seen[0], "Also named here:")
    assert "mirror" in named and "shower" in named
    assert "tiles" not in named and "curves" not in named


def test_a_reply_that_passes_through_a_room_leaves_its_things_there(tmp_path: Path, games_dir: Path) -> None:
    # "south" shows the lobby (a sculpture, sliding doors) and the doorman throws the player back out.
    seen = briefings(tmp_path, ["south"], game=_story(games_dir, "cia"))
    here = section(seen[-1], "Seen here:")
    assert "office building" in here and "sculpture" not in here


def test_things_named_in_answer_to_take_all_are_here(tmp_path: Path, games_dir: Path) -> None:
    # "tombs: You can't get that!": the game names a thing in sight that the room's text never lists.
    seen = briefings(tmp_path, ["take all"], game=_story(games_dir, "bunny"))
    assert "tombs" in section(seen[-1], "Seen here:")


def test_side_examines_leave_the_game_as_it_was(games_dir: Path) -> None:
    game = open_game(games_dir / f"{_story(games_dir, 'lily')}.z5", "jericho", seed=None)
    try:
        intro = game.start()
        before = game.send("look").text
        answers = side_examines(game, ["mirror", "curve"], intro)
        assert answers is not None and "fogged" in answers["mirror"]
        check = SightCheck(game)
        assert check.confirmed("bathroom", ["large mirror", "soft curve"], before) == ["large mirror"]
        # a thing the world model still places here that the game says is not in sight is not briefed
        assert check.still_here("bathroom", ["large mirror", "golden crown"], before) == [True, False]
        assert game.send("look").text == before
    finally:
        game.close()


def test_a_name_of_the_room_s_text_is_briefed_by_the_game_s_own_name(tmp_path: Path, games_dir: Path) -> None:
    # "examine flagstones" answers "You see nothing special about Watling Street.": one thing, the road.
    seen = briefings(tmp_path, ["look"], game=_story(games_dir, "sherbet"))
    named = section(seen[0], "Also named here:")
    assert "Watling Street" in named and "flagstones" not in named


def test_things_listed_nearby_or_on_the_ground_are_named_without_where(
    tmp_path: Path, games_dir: Path
) -> None:
    # "There are some keys on the ground here." / "There is a shiny brass lamp nearby."
    seen = briefings(tmp_path, ["east"], game=_story(games_dir, "Advent"))
    here = section(seen[-1], "Seen here:")
    assert "keys" in here and "on the ground" not in here and "shiny brass lamp" in here


def test_a_name_the_parser_reads_as_several_things_is_not_one_in_sight(games_dir: Path) -> None:
    game = open_game(games_dir / f"{_story(games_dir, 'gold')}.z5", "jericho", seed=None)
    try:
        intro = game.start()  # "three bears' cottage": "I can't use multiple objects with that verb."
        assert SightCheck(game).confirmed("clearing", ["three bears' cottage", "wooden sign"], intro) == [
            "wooden sign"
        ]
    finally:
        game.close()


def test_two_names_the_game_answers_alike_are_one_thing(games_dir: Path) -> None:
    game = open_game(games_dir / f"{_story(games_dir, 'karn')}.z5", "jericho", seed=None)
    try:
        intro = game.start()  # "a six-sided console" and "the console": one console
        check = SightCheck(game)
        assert check.confirmed("console room", ["six-side console", "console", "scanner"], intro) == [
            "six-side console",
            "scanner",
        ]
    finally:
        game.close()


def test_a_side_examine_that_halts_the_interpreter_leaves_the_run_playing(games_dir: Path) -> None:
    # On the hilltop "examine hilltop" stops the emulator with a runtime error; putting the saved state
    # back must leave a game that still answers (the emulator keeps a halt through a state restore).
    from autofrotz.evals.eval_session import walkthrough

    story = games_dir / f"{_story(games_dir, 'loose')}.z5"
    steps = walkthrough(story) or []
    game = open_game(story, "jericho", seed=None)
    try:
        game.start()
        for command in steps[:39]:
            reply = game.send(command).text
        assert "Hilltop" in reply
        assert side_examines(game, ["hilltop"], reply) is not None
        assert not game.halted and "Hilltop" in game.send("look").text
    finally:
        game.close()


def test_a_thing_taken_under_another_name_is_no_longer_here(tmp_path: Path, games_dir: Path) -> None:
    # The room lists "keys", "a shiny brass lamp" and "an empty bottle"; "get all" answers "set of keys:
    # Taken.", "brass lantern: Taken.", "small bottle: Taken.": taking each again says the player has it.
    seen = briefings(tmp_path, ["east", "get all"], game=_story(games_dir, "Advent"))
    assert "shiny brass lamp" in section(seen[1], "Seen here:")
    here = section(seen[-1], "Seen here:") + section(seen[-1], "Also named here:")
    assert not any(name in here for name in ("keys", "lamp", "bottle")), here


def test_a_part_of_the_place_the_story_made_a_thing_is_named(tmp_path: Path, games_dir: Path) -> None:
    # "along a mossy stone wall": examined whole, the game answers it as a thing here (a bare "wall"
    # would be any of the library's compass walls, so none is asked by its last word alone).
    seen = briefings(tmp_path, ["look"], game=_story(games_dir, "sherbet"))
    named = section(seen[0], "Also named here:")
    assert "mossy stone wall" in named, named


def test_a_thing_seen_here_is_not_named_again_by_a_second_name(tmp_path: Path, games_dir: Path) -> None:
    # The room lists "a reference librarian" and its text names "the prim young woman sitting behind it":
    # examined, both answer with the same description, so the woman is the librarian, briefed once.
    seen = briefings(tmp_path, ["W"], game=_story(games_dir, "library"))
    assert "reference librarian" in section(seen[-1], "Seen here:")
    named = section(seen[-1], "Also named here:")
    assert "reference desk" in named and "prim young woman" not in named, named


def test_things_named_on_an_earlier_visit_are_still_named() -> None:
    # A reply in the shed names a rusty saw; back in the shed after the yard, the game prints only the
    # heading, and the names asked about still include what the shed's earlier replies named.
    check = SightCheck(None)  # type: ignore[arg-type]  # hearing asks the game nothing
    check.hear("shed", "Shed\nA cramped shed.")
    check.hear("shed", "Behind the door hangs a rusty saw.")
    check.hear("yard", "Yard\nA muddy yard.")
    heard = check.hear("shed", "Shed")
    assert "rusty saw" in heard and "muddy yard" not in heard


def test_a_part_of_the_place_the_game_describes_is_named_and_a_compass_wall_is_not(
    tmp_path: Path, games_dir: Path
) -> None:
    # "A black wall is to the south.": "examine wall" asks which of the eight compass walls "or the wall"
    # is meant, so the room has a wall of its own; "open wall" then prints that question, whose compass
    # walls ("north wall", "You see nothing unusual.") are no things of the room.
    seen = briefings(tmp_path, ["south", "open wall"], game=_story(games_dir, "bunny"))
    assert "black wall" in section(seen[1], "Also named here:")
    named = section(seen[-1], "Also named here:")
    assert "black wall" in named and "north wall" not in named, named


def test_a_floor_every_room_shares_is_not_named(games_dir: Path) -> None:
    # "examine floor" answers "You see nothing special about the floor.": the library's floor, no thing
    # of the room; the stage's things answer with descriptions of their own.
    game = open_game(games_dir / f"{_story(games_dir, 'theatre')}.z5", "jericho", seed=None)
    try:
        intro = game.start()
        assert SightCheck(game).confirmed("lobby", ["dusty floor", "ceiling"], intro) == []
    finally:
        game.close()


def test_a_thing_named_once_on_arrival_is_still_named_later_in_the_visit(games_dir: Path) -> None:
    # The mirror was named by a reply now gone from the replies kept: the game still answers it as in
    # sight, so it is still briefed.
    game = open_game(games_dir / f"{_story(games_dir, 'lily')}.z5", "jericho", seed=None)
    try:
        game.start()
        before = game.send("look").text
        check = SightCheck(game)
        assert check.confirmed("bathroom", ["large mirror"], before) == ["large mirror"]
        assert check.confirmed("bathroom", [], before) == ["large mirror"]
        assert check.confirmed("hall", [], before) == []
    finally:
        game.close()


def test_a_part_of_a_thing_carried_is_not_here(games_dir: Path) -> None:
    # The torch carried has a button: "take torch button" is read only as far as the torch, and "take
    # button" answers "That seems to be a part of the torch.": the button goes where the torch goes.
    from autofrotz.evals.eval_session import walkthrough

    story = games_dir / f"{_story(games_dir, 'inhumane')}.z5"
    game = open_game(story, "jericho", seed=None)
    try:
        reply = game.start()
        for command in (walkthrough(story) or [])[:19]:
            reply = game.send(command).text
        check = SightCheck(game)
        gone = check.held(["torch button", "shovel"], ("torch", "shovel"), reply)
        assert gone == {"torch button", "shovel"}
        assert check.held(["torch button"], ("shovel",), reply) == set()  # the torch not carried: asked anew
    finally:
        game.close()


def test_things_inside_a_thing_carried_are_not_here(tmp_path: Path, games_dir: Path) -> None:
    # The sewing box taken holds a packet of pins and, put in it, a brass thimble; the horn button goes
    # into the waistcoat's pocket. "take" in a side copy answers each as in reach ("Taken."), and the
    # inventory reply names them all, with "In the tweed waistcoat pocket:" as a heading: none is here.
    from autofrotz.evals.corpus import read_commands
    from autofrotz.games import INFORM_DIR

    steps = list(read_commands(INFORM_DIR / "tailor.walkthrough") or ())[:21]
    assert steps[-1] == "i" and "put thimble in box" in steps
    seen = briefings(tmp_path, steps, game=_story(games_dir, "tailor"))
    for briefing in seen[4:]:
        here = section(briefing, "Seen here:") + section(briefing, "Also named here:")
        assert not any(n in here for n in ("thimble", "packet", "pocket", "horn button")), here


def test_a_foe_killed_and_gone_is_no_longer_named(games_dir: Path) -> None:
    # "a nasty-looking troll" is in sight on arrival; killed, "the carcass has disappeared": examined in
    # a side copy on the next turn it is "You can't see any nasty-looking troll here!" (each turn asks
    # again, and a name with a hyphen is read as the name the parser could not see).
    from autofrotz.agents.base import TurnContext
    from autofrotz.evals.eval_session import walkthrough
    from autofrotz.things_in_sight import brief_things_here

    story = games_dir / f"{_story(games_dir, 'zork1')}.z5"
    steps = (walkthrough(story) or [])[:28]
    assert steps[-1].lower().startswith("kill troll")
    game = open_game(story, "jericho", seed=None)  # the seed the walkthrough was recorded with
    try:
        reply = game.start()
        sight, named = SightCheck(game), []
        for turn, command in enumerate(steps, 1):
            reply = game.send(command).text
            context = TurnContext(turn, "zork1", command, reply, "troll room", "The Troll Room")
            context.vocabulary = game.vocabulary()
            context.room_text = "This is a small room with passages to the east and south."
            brief_things_here(context, sight)
            named.append(context.named_here)
        assert "nasty-looking troll" in named[-2] and "disappeared" in reply
        assert not any("troll" in name for name in named[-1]), named[-1]
        # "the troll breathes his last": a sentence, not a name, whose last word alone the parser reads as
        # the blast of air; the cellar's "narrow passageway", which the game calls "the way": no things
        assert not any({"way", "blast of air"} & set(n) for n in named), named

    finally:
        game.close()


def test_a_fragment_or_a_second_name_of_a_thing_seen_is_not_here(games_dir: Path) -> None:
    # "An ornamented sceptre, tapering to a sharp point, is here.": Zork knows neither "tapering" nor
    # "point", and reads "ornamented sceptre" only by "sceptre", the thing seen; "a matchbook whose cover
    # says ..." is read up to the word it does not know, "whose": the matchbook.
    from autofrotz.evals.eval_session import walkthrough

    story = games_dir / f"{_story(games_dir, 'zork1')}.z5"
    steps = walkthrough(story) or []
    game = open_game(story, "jericho", seed=None)  # the seed the walkthrough was recorded with
    try:
        reply = game.start()
        for command in steps[:79]:
            reply = game.send(command).text
        assert "tapering to a sharp point" in reply
        names = ["sceptre", "ornamented sceptre", "tapering to a sharp point"]
        assert SightCheck(game).still_here("living room", names, reply) == [True, False, False]
        for command in steps[79:99]:
            reply = game.send(command).text
        assert "matchbook whose cover" in reply
        matchbook = 'matchbook whose cover says "Visit Beautiful FCD#3"'
        assert SightCheck(game).still_here("dam lobby", [matchbook], reply) == [True]
    finally:
        game.close()


def test_names_the_game_answers_as_one_thing_as_several_or_as_the_player(games_dir: Path) -> None:
    # In the bathroom "door", "bathroom" and "bathroom door" are all answered "The door leads into the
    # living room.": one door. "widening eyes" is read by "eyes", answered with the player's own
    # description. In the living room "couches" is answered "Which do you mean, the small couch or the
    # large couch?": both couches are in sight.
    game = open_game(games_dir / f"{_story(games_dir, 'lily')}.z5", "jericho", seed=None)
    try:
        reply = game.start()
        check = SightCheck(game)
        names = ["large mirror", "door", "Bathroom", "bathroom door", "widening eyes"]
        assert check.confirmed("bathroom", names, reply) == ["large mirror", "door"]
        for command in ("open bathroom door", "enter door"):
            reply = game.send(command).text
        check.new_turn()
        assert check.confirmed("living room", ["couches", "large couch", "eyes"], reply) == [
            "small couch",
            "large couch",
        ]
    finally:
        game.close()


def test_names_stay_in_sight_while_a_menu_takes_every_command(games_dir: Path) -> None:
    # "talk to alltext" opens a menu that answers any command "Select an option or 0 to say nothing":
    # the names examined before it opened stay as the game answered them.
    game = open_game(games_dir / f"{_story(games_dir, 'enter')}.z5", "jericho", seed=None)
    try:
        reply = game.start()
        check = SightCheck(game)
        names = ["Judy", "pastoral mural", "closet door", "shelf"]
        before = check.confirmed("cafe", names, reply)
        assert "Judy" in before and "closet door" in before
        reply = game.send("talk to alltext").text
        check.new_turn()
        assert check.confirmed("cafe", names, reply) == before
    finally:
        game.close()


def test_a_thing_seen_by_two_names_or_with_where_it_lies_is_here_once(games_dir: Path) -> None:
    # "There is a man lying on the grass here, fast asleep." is the man, and "take all" names him "don":
    # examined, both answer with the don's description, so he is here once, as "man".
    from autofrotz.managers.item_scene import room_items

    game = open_game(games_dir / f"{_story(games_dir, 'minster')}.z5", "jericho", seed=None)
    try:
        game.start()
        for command in ("north", "south", "east"):
            reply = game.send(command).text
        assert "man lying on the grass" in reply
        names = [item.name for item in room_items(reply)]
        assert "man" in names and "man lying on the grass" not in names
        assert SightCheck(game).still_here("green", ["man", "don"], reply) == [True, False]
    finally:
        game.close()


def test_a_thing_the_game_describes_as_the_room_itself_is_named(tmp_path: Path, games_dir: Path) -> None:
    # Before the Building "examine building" answers with the room's own text: the building is a thing
    # here, asked by its whole name, not the room's name; lily's "tiles", read only by its last word, is
    # the floor the library prints the room for, and its hall is the room's name (the first test here).
    seen = briefings(tmp_path, ["look"], game=_story(games_dir, "building"))
    assert "building" in section(seen[0], "Also named here:").split(": ", 1)[1].split(", ")


def test_a_name_read_on_past_a_comma_between_its_describing_words(tmp_path: Path, games_dir: Path) -> None:
    # The stage "sports a large, maroon curtain leading backstage": the curtain is named.
    jericho = pytest.importorskip("jericho")
    env = jericho.FrotzEnv(str(games_dir / f"{_story(games_dir, 'ztuu')}.z5"))
    env.reset()
    walk = env.get_walkthrough()[:29]  # from the excavation to the stage
    env.close()
    assert "curtain" in section(briefings(tmp_path, walk, game="ztuu")[29], "Also named here:")


def test_things_a_take_all_lists_apart_stay_two_and_one_keeps_its_whole_name(games_dir: Path) -> None:
    # The stacks' "take all" lists the shelves and the games apart, but the parser reads neither name
    # whole and reads "games" (the shelves' word) as the shelves: both answer with the shelves' text.
    game = open_game(games_dir / f"{_story(games_dir, 'library')}.z5", "jericho", seed=None)
    try:
        game.start()
        game.send("west")
        reply = game.send("take all").text
        names = ["ground floor shelves", "ground floor games", "reference desk"]
        assert all(f"{name}:" in reply for name in names)
        assert SightCheck(game).still_here("stacks", names, reply) == [True, True, True]
        # "ancient desk" is read only by "desk", which is the reference desk read whole: the desk is here
        # once, by the name the parser reads whole, whichever came first
        desks = ["ancient desk", "reference desk"]
        assert SightCheck(game).still_here("stacks", desks, reply) == [False, True]
    finally:
        game.close()


def _walked(games_dir: Path, name: str, steps: int) -> tuple[object, str]:
    """A story played by its walkthrough's first `steps` commands: the game and its last reply."""
    jericho = pytest.importorskip("jericho")
    path = games_dir / f"{_story(games_dir, name)}.z5"
    env = jericho.FrotzEnv(str(path))
    walk = env.get_walkthrough()[:steps]
    env.close()
    game = open_game(path, "jericho", seed=None)
    reply = game.start()
    for command in walk:
        reply = game.send(command).text
    return game, reply


def test_things_named_without_an_article_are_named(tmp_path: Path, games_dir: Path) -> None:
    # Mark's Room: "Dirty clothes are thoughtfully sprinkled across the floor, interspersed with assorted
    # toys and food items." No article starts the toys or the food: the story marks both words as nouns.
    jericho = pytest.importorskip("jericho")
    env = jericho.FrotzEnv(str(games_dir / f"{_story(games_dir, 'tryst205')}.z5"))
    walk = env.get_walkthrough()[:30]  # to Mark's Room
    env.close()
    named = section(briefings(tmp_path, walk, game="tryst205")[30], "Also named here:")
    assert "toys" in named and "food" in named, named


def test_the_thing_the_parser_read_of_a_name_is_named(games_dir: Path) -> None:
    # "tied by rope to a timber header": "examine timber header" is read "as far as wanting to examine
    # the timber", a thing of its own beside the header.
    game, reply = _walked(games_dir, "tryst205", 332)
    try:
        named = SightCheck(game).confirmed("mine", ["timber header"], reply)  # type: ignore[arg-type]
        assert "timber" in named and "timber header" in named, named
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_thing_examined_to_no_words_at_all_is_in_sight(games_dir: Path) -> None:
    # The kitchen's ash, searched once, answers "examine ash" with nothing: the parser took it.
    game, reply = _walked(games_dir, "gold", 77)
    try:
        assert SightCheck(game).confirmed("kitchen", ["ash", "chimney"], reply) == ["ash"]  # type: ignore[arg-type]
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_word_that_describes_a_thing_seen_does_not_hide_another(games_dir: Path) -> None:
    # The slot machine examined: "a lever on the right-hand side, a coin slot on the top": the coin slot
    # is its own thing, though "slot" is a word of the slot machine seen here.
    from autofrotz.managers.named_things import named_things

    game, reply = _walked(games_dir, "tryst205", 138)
    try:
        vocabulary = game.vocabulary()  # type: ignore[attr-defined]
        seen = frozenset({"table", "slot machine", "tray"})
        assert "coin slot" in named_things(reply, vocabulary.names_a_thing, seen), reply
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_name_answered_as_a_thing_the_parser_offered_is_that_thing(games_dir: Path) -> None:
    # "examine surface" asks "Which do you mean, the table or the writing?"; the writing examined and
    # "nicks" examined answer alike: the nicks are the writing, briefed once.
    game, reply = _walked(games_dir, "tryst205", 136)
    try:
        named = SightCheck(game).confirmed("saloon", ["surface", "writing", "nicks"], reply)  # type: ignore[arg-type]
        assert "writing" in named and "nicks" not in named, named
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_path_the_game_answers_with_its_stock_words_is_named(games_dir: Path) -> None:
    # Omniquest describes none of its things: "You see nothing special about the path." names the path
    # here, as it names the match; no compass direction of the library answers to a path, as it does
    # to a wall or the ground.
    game, reply = _walked(games_dir, "omniquest", 4)
    try:
        check = SightCheck(game)
        assert check.confirmed(
            "end", ["path", "ground"], reply, "This appears to be the end of the path."
        ) == ["path"]
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_door_a_question_offers_beside_its_room_s_name_is_named_once(games_dir: Path) -> None:
    # lily's living room: "bathroom" and "bedroom" answer as their doors ("The door leads into the
    # bathroom."), and "doors" asks "Which do you mean, the bathroom door or the bedroom door?": the
    # doors offered are the two things already named, not two more.
    game = open_game(games_dir / f"{_story(games_dir, 'lily')}.z5", "jericho", seed=None)
    try:
        game.start()
        reply = [game.send(command).text for command in ("open door", "west")][-1]
        assert SightCheck(game).confirmed("living", ["bathroom", "bedroom", "doors"], reply) == [
            "bathroom",
            "bedroom",
        ]
    finally:
        game.close()


def test_a_name_after_i_m_is_the_name_alone(games_dir: Path) -> None:
    # The attendant's nametag reads "Hi, I'm Alan.": the name is Alan, not "I'm Alan".
    from autofrotz.managers.named_things import named_things

    game, reply = _walked(games_dir, "library", 3)
    try:
        assert "I'm Alan" in reply
        named = named_things(reply, game.vocabulary().names_a_thing)  # type: ignore[attr-defined]
        assert "Alan" in named and "I'm Alan" not in named, named
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_participle_after_is_names_nothing(games_dir: Path) -> None:
    # "An immense mirror is hanging against one wall": the story reads "hanging" as a word of a thing,
    # but after "is" it is the mirror's verb, not a thing of its own.
    from autofrotz.managers.named_things import named_things

    game, reply = _walked(games_dir, "Advent", 271)
    try:
        assert "mirror is hanging" in reply
        knows = game.vocabulary().names_a_thing  # type: ignore[attr-defined]
        named = named_things(reply, knows, kept=48, nouns=knows)
        assert "immense mirror" in named and "hanging" not in named, named
    finally:
        game.close()  # type: ignore[attr-defined]


def test_a_description_that_says_you_see_no_signs_is_in_sight(games_dir: Path) -> None:
    # The Country Lane's village: "The village lies sleeping in the sun. ... you see no signs of life."
    # describes it; only a reply that starts "You see no" is the parser's refusal.
    game, reply = _walked(games_dir, "loose", 8)
    try:
        assert SightCheck(game).confirmed("lane", ["village"], reply) == ["village"]  # type: ignore[arg-type]
    finally:
        game.close()  # type: ignore[attr-defined]


def test_things_a_question_about_a_wall_offers_are_here(games_dir: Path) -> None:
    # Papa Bear's den: "examine wall" asks "Which do you mean, the wall socket or the electric socket?":
    # no wall of the place, but two things in sight.
    game, reply = _walked(games_dir, "gold", 176)
    try:
        named = SightCheck(game).confirmed("cave", ["wall"], reply)  # type: ignore[arg-type]
        assert named == ["wall socket", "electric socket"], named
    finally:
        game.close()  # type: ignore[attr-defined]


def test_two_things_described_alike_are_both_named(tmp_path: Path, games_dir: Path) -> None:
    # "examine hunting woods" answers with the words of the mossy wall ("The walls do seem very
    # secure..."); taking both in a side copy answers each under its own name, so both are here.
    seen = briefings(tmp_path, ["look"], game=_story(games_dir, "sherbet"))
    named = section(seen[0], "Also named here:")
    assert "mossy" in named and "hunting woods" in named, named


def test_a_plural_named_without_an_article_is_named(tmp_path: Path, games_dir: Path) -> None:
    # "The ceiling is supported by massive pillars": no article before them, and the story's parser reads
    # "pillar", not "pillars"; examined by the singular, the game describes the pillars.
    seen = briefings(tmp_path, ["look"], game=_story(games_dir, "cheater"))
    assert "pillar" in section(seen[0], "Also named here:").split(": ", 1)[1].split(", ")


@contextmanager
def _along_the_walkthrough(games_dir: Path, name: str, steps: int) -> Iterator[tuple[RunningGame, str]]:
    """The game after the first `steps` commands of jericho's walkthrough, and its answer to "look"."""
    import jericho

    story = games_dir / f"{_story(games_dir, name)}.z5"
    route = jericho.FrotzEnv(str(story)).get_walkthrough()[:steps]
    game = open_game(story, "jericho", seed=None)
    try:
        game.start()
        for command in route:
            game.send(command)
        yield game, game.send("look").text
    finally:
        game.close()


def test_a_name_the_parser_reads_in_part_is_briefed_as_the_thing_it_read(games_dir: Path) -> None:
    # Curses' Octagon: "a little window-vent high in the southwest wall"; "examine little window-vent high"
    # is answered "I only understood you as far as wanting to examine the little window.": that window.
    with _along_the_walkthrough(games_dir, "curses", 245) as (game, look):
        names = named_things(look, game.vocabulary().names_a_thing, place_parts=True)
        assert "little window-vent high" in names, names
        assert "little window" in SightCheck(game).confirmed("octagon", names, look, look)


def test_a_thing_named_after_an_and_without_an_article_is_named(games_dir: Path) -> None:
    # Curses' burial chamber: "A beautiful gold and blue mummy case, or sarcophagus, rests massively
    # here.": the phrase after "and" is the mummy case, which the game describes.
    with _along_the_walkthrough(games_dir, "curses", 570) as (game, look):
        names = named_things(look, game.vocabulary().names_a_thing, place_parts=True)
        assert "blue mummy case" in names, names
        assert "blue mummy case" in SightCheck(game).confirmed("chamber", names, look, look)


def test_a_one_standing_for_a_thing_named_before_is_that_thing(games_dir: Path) -> None:
    # Deephome's smithy: "a small barrel that at one time held water and a large one that held oil":
    # the large one is a large barrel, which the game answers as its oil barrel.
    with _along_the_walkthrough(games_dir, "deephome", 45) as (game, look):
        names = named_things(look, game.vocabulary().names_a_thing, place_parts=True)
        assert "small barrel" in names and "large barrel" in names, names
        assert "large barrel" in SightCheck(game).confirmed("smithy", names, look, look)


def test_a_thing_a_parser_s_question_offers_is_not_named_twice(tmp_path: Path, games_dir: Path) -> None:
    # Lily's living room names "doors", which the parser asks about ("the bathroom door or the bedroom
    # door?"), and "the bathroom", answered "The door leads into the bathroom.": one door, named once.
    seen = briefings(tmp_path, ["west"], game=_story(games_dir, "lily"))
    named = section(seen[-1], "Also named here:").split(": ", 1)[1].split(", ")
    assert "bathroom" in named and "bathroom door" not in named, named


def test_two_names_read_by_one_word_alone_are_one_thing(games_dir: Path) -> None:
    # Mansion's Rose Pool: water runs "from the higher pool to the lower one"; the parser reads neither
    # whole, and "pool" alone is the one pool here: briefed once, as the first name.
    game = open_game(games_dir / f"{_story(games_dir, 'mansion')}.z5", "jericho", seed=None)
    try:
        game.start()
        for command in ("east", "south", "south", "south", "south"):
            look = game.send(command).text
        names = named_things(look, game.vocabulary().names_a_thing, place_parts=True)
        assert "higher pool" in names and "lower pool" in names, names
        confirmed = SightCheck(game).confirmed("rose pool", names, look, look)
        assert "higher pool" in confirmed and "lower pool" not in confirmed, confirmed
    finally:
        game.close()

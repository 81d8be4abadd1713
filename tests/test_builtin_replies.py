"""The built-in agent's reply rules (builtin_replies.py): each test feeds a synthetic reply of one shape
and checks the command the rule makes (its name is the turn's reasoning) or the commands it rules out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autofrotz.agents import builtin_ways
from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_agent import BuiltinAgent
from autofrotz.agents.builtin_replies import BLOCK_TURNS, ReplyTactics
from autofrotz.backends import zmachine
from autofrotz.context import world_fields
from autofrotz.managers.item_manager import ItemManager
from autofrotz.managers.map_manager import MapManager
from autofrotz.rules.switches import set_rule
from autofrotz.words.vocabulary import Vocabulary
from tests.orchestrator_support import ROOT, require_cellar

BEDROOM = "Bedroom\nA cramped bedroom. A door leads north and a window looks east.\n"


class Game:
    """Scripted replies through the real managers to the agent, as the orchestrator passes them."""

    def __init__(self, intro: str, vocabulary: Vocabulary | None = None) -> None:
        self.map, self.items = MapManager(), ItemManager()
        self.agent = BuiltinAgent()
        self.vocabulary = vocabulary or Vocabulary()
        self.turn, self.score = 0, 0
        self.last_command: str | None = None
        self.last_output = intro
        self._update(intro, None)

    def _update(self, text: str, command: str | None) -> None:
        self.map.update_from_game_output(text, command, self.turn)
        self.items.update_from_game_output(text, self.map.current_room, command, self.turn)

    def decide(self) -> Decision:
        self.turn += 1
        fields: dict[str, Any] = world_fields(self.map, self.items)
        ctx = TurnContext(
            turn_number=self.turn,
            game_file="test",
            last_command=self.last_command,
            last_output=self.last_output,
            score=self.score,
            map=self.map,
            items=self.items,
            vocabulary=self.vocabulary,
            **fields,
        )
        return self.agent.decide(ctx)

    def reply(self, command: str, text: str) -> None:
        self.last_command, self.last_output = command, text
        self._update(text, command)

    def play(self, turns: int, answer: str = "Nothing happens.") -> list[str]:
        sent = []
        for _ in range(turns):
            command = self.decide().command
            sent.append(command)
            self.reply(command, answer)
        return sent


@pytest.mark.parametrize(
    ("refusal", "step", "rule"),
    [
        ("You'll have to get out of the bed first.", "get out of bed", "first-step"),
        ("You should stand up first.", "stand up", "first-step"),
        ("You need to open the wardrobe first.", "open wardrobe", "first-step"),
        ("You can't reach it from the bed.", "get out of bed", "leave-place"),
        ("'You're not going anywhere until you've eaten your breakfast,' says Mum.", "eat breakfast",
         "until-condition"),
    ],
)  # fmt: skip
def test_a_refusal_naming_what_comes_first_does_that_then_the_command_again(
    refusal: str, step: str, rule: str
) -> None:
    game = Game(BEDROOM)
    game.reply("north", refusal)
    first = game.decide()
    assert (first.command, first.reasoning) == (step, rule)
    game.reply(step, "Done.")
    again = game.decide()
    assert (again.command, again.reasoning) == ("north", "retry-after-first-step")


def test_a_misused_word_leaves_every_later_command() -> None:
    game = Game("Study\nA quiet study. A grandfather clock ticks by the wall. A rug lies here.\n")
    game.reply("wind clock", 'You used the word "clock" in a way that I don\'t understand.')
    later = game.play(15)
    assert not any("clock" in c.split() for c in later)
    assert "clock" in game.agent.replies.mem.unknown


def test_a_thing_not_here_is_ruled_out_in_this_room_only() -> None:
    tactics = ReplyTactics()
    ctx = TurnContext(1, "g", "unlock door with key", "You can't see any brass key here.", "hall", "Hall")
    tactics.mem.last_room = "hall"
    tactics.observe(ctx, [])
    assert not tactics.keeps("take brass key", "hall", 2)
    assert tactics.keeps("open door", "hall", 2)
    assert tactics.keeps("take brass key", "cellar", 2)
    assert tactics.keeps("put brass key in box", "hall", 2, ("brass key",))  # carried: brought here since


def test_a_thing_not_here_is_back_once_a_reply_shows_it() -> None:
    tactics = ReplyTactics()
    tactics.mem.last_room = "shed"
    tactics.observe(TurnContext(1, "g", "take gloves", "You can't see any such thing.", "shed", "Shed"), [])
    assert not tactics.keeps("take gloves", "shed", 2)
    tactics.observe(
        TurnContext(2, "g", "open box", "You open the box, revealing a pair of gloves.", "shed", "Shed"), []
    )
    assert tactics.keeps("take gloves", "shed", 3)


def test_a_name_the_game_took_here_is_not_ruled_out_by_a_verb_it_does_not_take() -> None:
    tactics = ReplyTactics()
    tactics.mem.last_room = "hall"
    for turn, (command, reply) in enumerate(
        [("examine spot", "A black spot."), ("wave at spot", "You can't see any such thing.")]
    ):
        tactics.observe(TurnContext(turn + 1, "g", command, reply, "hall", "Hall"), [])
    assert tactics.keeps("push spot", "hall", 3)


def test_a_thing_out_of_reach_is_left_alone_here() -> None:
    tactics = ReplyTactics()
    tactics.mem.last_room = "road"
    tactics.observe(
        TurnContext(1, "g", "push mossy wall", "You can't quite reach the wall.", "road", "Road"), []
    )
    assert not tactics.keeps("pull mossy wall", "road", 2)


def test_which_do_you_mean_is_answered_with_an_option() -> None:
    game = Game("Bathroom\nA tiled bathroom with a window and a shower.\n")
    game.reply("examine glass", "Which do you mean, the window or the shower?")
    answer = game.decide()
    assert (answer.command, answer.reasoning) == ("window", "answer-which")
    game.reply("window", "Which do you mean, the window or the shower?")
    assert game.decide().command == "shower"  # asked again: the other option


def test_a_question_naming_the_thing_with_a_serial_comma_is_answered() -> None:
    """Infocom's and TADS's shape: the thing's noun before "do you mean", a comma before the last "or"."""
    game = Game("Shed\nA shed with a rusty pail, a tin pail and a wooden pail.\n")
    question = "Which pail do you mean, the rusty pail, the tin pail, or the wooden pail?"
    answers = []
    for again in (True, True, False):
        game.reply("take pail", question)
        answer = game.decide()
        answers.append((answer.command, answer.reasoning))
        game.reply(answer.command, "It rattles.")
        if again:
            assert game.decide().command == "take pail"  # the command again, for the next option
    # the last option is "or the wooden pail": the wooden pail
    assert answers == [(option, "answer-which") for option in ("rusty pail", "tin pail", "wooden pail")]


def test_each_option_of_a_question_is_answered_once() -> None:
    game = Game("Office\nTwo clerks sit at their desks, a tall clerk and a short clerk.\n")
    question = "Who do you mean, the tall clerk or the short clerk?"
    game.reply("give ticket to clerk", question)
    assert game.decide().command == "tall clerk"
    game.reply("tall clerk", "The tall clerk shakes his head.")
    again = game.decide()
    assert (again.command, again.reasoning) == ("give ticket to clerk", "answer-which: the next option")
    game.reply("give ticket to clerk", question)
    assert game.decide().command == "short clerk"


def test_an_option_the_parser_only_half_read_is_not_asked_again() -> None:
    game = Game("Yard\nA yard with a pump and a shed.\n")
    game.reply("take tin cup", "Which do you mean, the pump or the shed?")
    assert game.decide().command == "pump"
    game.reply("pump", "I only understood you as far as wanting to take the pump.")
    assert game.decide().command != "take tin cup"


def test_a_yes_no_question_is_answered() -> None:
    game = Game("Welcome to the story.\n\nDo you want an introduction?\n")
    answer = game.decide()
    assert (answer.command, answer.reasoning) == ("yes", "answer-yes-no")
    game.reply("yes", "Please answer the question (Y or N):")
    assert game.decide().command == "yes"
    game.reply("yes", "Please answer the question (Y or N):")
    assert game.decide().command == "no"  # the same question a third time: the other answer


def test_a_person_who_blocks_the_way_is_talked_to_and_the_way_left_alone() -> None:
    game = Game("Kitchen\nA warm kitchen. Anna is here. The back door leads north; a hall lies south.\n")
    game.reply("north", "Anna stops you. 'You're not going anywhere, not until you find the ring.'")
    plans = [game.decide()]
    game.reply(plans[0].command, "Anna shrugs.")
    plans.append(game.decide())
    assert [(d.command, d.reasoning) for d in plans] == [
        ("talk to anna", "person-blocks"),
        ("ask anna about ring", "person-blocks"),
    ]
    later = game.play(BLOCK_TURNS // 2)
    assert "north" not in later


def test_a_light_named_in_the_dark_is_taken_and_lit() -> None:
    game = Game("Tunnel\nA narrow tunnel. Steps lead down.\n")
    game.reply("down", "Dark Tunnel\nIt is pitch dark in here. You see a torch here.\n")
    first = game.decide()
    assert (first.command, first.reasoning) == ("take torch", "light-in-dark")
    game.reply("take torch", "Taken.")
    assert game.decide().command == "turn on torch"


def test_an_opening_in_the_dark_looks_for_a_light_the_game_knows() -> None:
    words = frozenset(["turn", "on", "switch", "light", "lamp", "stand", "up", "wake", "look"])
    game = Game("Darkness\nIt is pitch dark, and you can't see a thing.\n", Vocabulary(words, 9))
    first = game.decide()
    assert (first.command, first.reasoning) == ("turn on light", "dark-opening")


def test_an_opening_in_bed_gets_up() -> None:
    game = Game("Bedroom\nYou are lying in bed. Morning light comes through the curtains.\n")
    first = game.decide()
    assert (first.command, first.reasoning) == ("get out of bed", "in-bed")


def test_a_use_an_examined_thing_suggests_is_tried() -> None:
    game = Game("Cavern\nA vast cavern.\n")
    game.reply("examine pack", "A rocket with straps. You can wear it like a backpack.")
    use = game.decide()
    assert (use.command, use.reasoning) == ("wear pack", "suggested-use")


def test_words_outside_the_story_dictionary_are_never_sent() -> None:
    words = (
        "take all examine open read push pull move search look under wait inventory north south brass lamp"
    )
    game = Game(
        "Archive\nA dusty archive. A brass lamp sits on a copyright notice. An exit leads north.\n",
        Vocabulary(frozenset(words.split()), 9),
    )
    sent = game.play(25)
    assert any("lamp" in c for c in sent)
    assert not any("copyright" in c or "notice" in c for c in sent)


def test_a_name_with_a_word_the_story_lacks_is_sent_by_the_words_it_knows() -> None:
    words = "take all examine open read push pull move search look under wait inventory north ball balls"
    game = Game(
        "Court\nA sunny court. A heap of tennis balls lies here.\n", Vocabulary(frozenset(words.split()), 9)
    )
    sent = game.play(6)
    assert "take balls" in sent or "examine balls" in sent
    assert not any("tennis" in c for c in sent)


def test_clauses_are_not_used_as_objects() -> None:
    game = Game("Cell\nA bare cell. A note was pushed under the door while you slept. There is no window.\n")
    sent = game.play(25)
    assert not any(" while " in c or " you " in c or c.endswith(" no window") for c in sent)


def test_state_round_trips_with_the_agent() -> None:
    game = Game(BEDROOM)
    game.reply("north", "You'll have to get out of the bed first.")
    game.decide()
    copy = BuiltinAgent()
    copy.load_dict(game.agent.to_dict())
    assert copy.to_dict() == game.agent.to_dict()


def test_the_story_dictionary_is_read_from_the_file() -> None:
    require_cellar()
    words, zchars = zmachine.dictionary((ROOT / "games" / "cellar.z5").read_bytes())
    vocabulary = Vocabulary(words, zchars)
    walkthrough = (ROOT / "inform" / "cellar.walkthrough").read_text().split()
    assert zchars == 9
    assert all(vocabulary.knows(w) for w in walkthrough if w.isalpha())
    assert not vocabulary.knows("copyright")


def test_the_game_interface_exposes_the_vocabulary(tmp_path: Path) -> None:
    require_cellar()
    from autofrotz.game_interface import open_game

    game = open_game("cellar")
    try:
        assert game.vocabulary().knows("lamp")
        assert game.vocabulary() is game.vocabulary()  # read once
    finally:
        game.close()


def test_a_numbered_menu_is_answered_with_its_options_in_turn() -> None:
    menu = (
        "What would you like to say?\n\n[1] Ask about the weather.\n[2] Say goodbye.\n\nSelect an option or 0"
    )
    game = Game(BEDROOM)
    game.reply("talk to anna", menu)
    first = game.decide()
    game.reply(first.command, menu)
    assert [(first.command, first.reasoning), (game.decide().command,)] == [("1", "answer-menu"), ("2",)]


def test_a_door_in_the_way_is_unlocked_with_the_key_carried_opened_and_gone_through() -> None:
    game = Game(BEDROOM)
    game.reply("inventory", "You are carrying:\n  a brass key\n")
    game.decide()
    game.reply("north", "You can't, since the oak door is locked.")
    seen = []
    for reply in ("You unlock the oak door.", "You open the oak door.", "Hall\nA long hall.\n"):
        decision = game.decide()
        seen.append((decision.command, decision.reasoning))
        game.reply(decision.command, reply)
    assert seen == [
        ("unlock oak door with brass key", "unlock-what-is-locked"),
        ("open oak door", "open-what-was-unlocked"),
        ("north", "go-through-what-was-opened"),
    ]


def test_a_key_found_after_a_lock_was_met_goes_to_that_lock() -> None:
    game = Game(BEDROOM)
    game.reply("open door", "It seems to be locked.")
    hunt = game.decide()
    assert hunt.reasoning.startswith("hunt-for-a-key")
    game.reply("take iron key", "Taken.")
    found = game.decide()
    assert (found.command, found.reasoning) == ("unlock door with iron key", "unlock-once-a-key-is-found")


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_door_that_will_not_budge_is_tried_with_the_key_carried(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not rule_on:
        set_rule("a-way-that-will-not-budge-may-be-locked", False)
    game = Game(BEDROOM)
    game.reply("inventory", "You are carrying:\n  an iron key\n")
    game.decide()
    game.reply(
        "open oak door", "You press the handle and try to open the door, but find that it won't budge."
    )
    tried = game.decide()
    assert (
        (tried.command, tried.reasoning) == ("unlock oak door with iron key", "unlock-what-is-locked")
    ) is rule_on


@pytest.mark.parametrize("rule_on", [True, False])
def test_a_way_the_reply_opens_is_walked_though_it_was_refused_before(
    rule_on: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_rule(builtin_ways.REPLY_OPENS_RULE, True)  # off by default (its module says why)
    if not rule_on:
        set_rule("go-the-way-the-reply-opens", False)
    game = Game("Round Room\nA round room. Its walls are smooth. A candlestick stands in a niche.\n")
    opened = "Twisting the candlestick makes a narrow stairway to the southeast swing open."
    for command, reply in (("southeast", "You can't go that way."), ("twist candlestick", opened)):
        game.decide()
        game.agent.mem.now.last_command = command  # as if the agent had sent it
        game.reply(command, reply)
    following = game.decide()
    walked = (following.command, following.reasoning) == ("southeast", "go-the-way-the-reply-opens (queued)")
    assert walked is rule_on


def test_rooms_named_by_their_sentences_are_believed_in_a_game_without_headers() -> None:
    """A game that shows rooms by their descriptions only: the map names each room from its opening
    sentence, and the agent follows the map there instead of taking the name for a stray reply."""
    lane = (
        "You are on the lane that winds down from the village, with hedges on both sides. The yard is north."
    )
    yard = "You stand in the mill yard, cobbled and puddled. The granary door is to the east."
    game = Game("The miller is ill.\n\n" + lane + "\n")
    for command, text in (("north", yard), ("south", lane), ("north", yard)):
        game.decide()
        game.reply(command, text + "\n")
    assert game.map.reads_rooms_by_description()
    game.decide()
    assert game.agent.mem.now.last_room == game.map.current_room
    game.reply("out", "But you aren't in anything at the moment.\n")  # the parser answering back
    assert game.map.current_room == game.agent.mem.now.last_room


def test_a_named_player_asked_for_an_object_tries_the_room_s_then_what_is_carried() -> None:
    game = Game("Office\nA plain office with a desk.\n")
    game.reply("take ledger", "Taken.")
    game.reply("sign", "What does Mara want to sign?")
    first = game.decide()
    assert first.reasoning.startswith("objects-for-the-verb-asked-about")
    game.reply(first.command, "Nothing happens.")
    sent = [first.command] + game.play(6)
    assert "sign ledger" in sent

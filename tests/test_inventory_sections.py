"""Inventories in shapes the downloaded corpus lacks, on our own games: several headed sections and a
container's contents introduced by a sentence (inform/tailor.inf), prose with the place before or
after the list and a container's contents as what it holds (inform/tearoom.inf), and entries that
name an absence ("no thread") in both. Real interpreter, real object tree."""

from __future__ import annotations

import pytest

from autofrotz.evals.corpus import own_games
from autofrotz.evals.perception import play
from autofrotz.games import GAMES_DIR, INFORM_DIR
from autofrotz.managers.item_inventory import parse_inventory
from tests.conftest import _built
from tests.test_inform_games import PLAY


def _replies(name: str) -> dict[int, str]:
    """The game's reply to each walkthrough step, by step number (0: the opening)."""
    _built(name)
    _truth, replies = PLAY.play(name)
    return dict(enumerate(replies))


def _read(text: str) -> list[tuple[str, str | None, bool]]:
    listing = parse_inventory(text)
    assert listing is not None, text
    return [(i.name, i.container, bool(i.properties.get("worn"))) for i in listing]


@pytest.mark.parametrize("name", ["tailor", "tearoom"])
def test_every_step_of_the_walkthrough_carries_what_the_object_tree_holds(name: str) -> None:
    _built(name)
    game = next(g for g in own_games(GAMES_DIR, INFORM_DIR) if g.name == name)
    run, _maps = play(game, "rules")
    assert run.inventory_steps == len(game.walkthrough or ()) + 1
    assert run.inventory_hits == run.inventory_steps, f"{name}: {run.inventory_hits}/{run.inventory_steps}"
    assert run.unread_inventories <= 1  # the question asked once the game is won


def test_headed_sections_a_pocket_and_contents_told_by_a_sentence() -> None:
    replies = _replies("tailor")
    assert _read(replies[1]) == [("tweed waistcoat", None, True), ("brass thimble", "tweed waistcoat", False)]
    assert _read(replies[6]) == [
        ("tweed waistcoat", None, True),
        ("brass thimble", "tweed waistcoat", False),
        ("no thread", None, False),
        ("sewing box", None, False),
        ("packet of pins", "sewing box", False),
        ("horn button", "sewing box", False),
    ]
    assert "Worn:" not in replies[18] and "no thread" in replies[18]  # all held: one section only
    assert ("no thread", None, False) in _read(replies[18])


def test_prose_with_the_place_first_or_last_and_what_a_thing_holds() -> None:
    replies = _replies("tearoom")
    assert _read(replies[1]) == [("linen pinafore", None, True), ("sixpence", "linen pinafore", False)]
    assert _read(replies[6]) == [
        ("tea caddy", None, False),
        ("no sugar", None, False),
        ("linen pinafore", None, True),
        ("silver spoon", "tea caddy", False),
        ("ginger biscuit", "tea caddy", False),
        ("sixpence", "linen pinafore", False),
    ]


# ----- the same shapes in sentences of our own, as other games may print them -----


def test_sections_with_entries_on_the_heading_line_or_a_comma_list_under_it() -> None:
    assert _read("Worn: a straw hat.\nIn your pocket: a bus ticket.\nHeld: a kite and a ball of string.") == [
        ("straw hat", None, True),
        ("bus ticket", None, False),
        ("kite", None, False),
        ("ball of string", None, False),
    ]
    assert _read("Carried:\nlamp, rope, no matches.\nOn your person:\n  a scarf") == [
        ("lamp", None, False),
        ("rope", None, False),
        ("no matches", None, False),
        ("scarf", None, False),
    ]


def test_a_contents_sentence_inside_a_block_or_flush_left_after_it() -> None:
    indented = "You have:\n  no coffee\n  a dressing gown\n  It seems your dressing gown holds:\n    a comb\n"
    assert _read(indented) == [
        ("no coffee", None, False),
        ("dressing gown", None, False),
        ("comb", "dressing gown", False),
    ]
    flush = "You are carrying:\n  a hamper\nIt looks as though your hamper contains:\n  a pie\n  a flask\n"
    assert _read(flush) == [("hamper", None, False), ("pie", "hamper", False), ("flask", "hamper", False)]


def test_prose_places_before_and_after_the_list() -> None:
    text = (
        "In your arms are a cat and a basket. Your basket holds a ball of wool. You have a key in your sock."
    )
    assert _read(text) == [
        ("cat", None, False),
        ("basket", None, False),
        ("ball of wool", "basket", False),
        ("key", None, False),
    ]
    assert _read("You've got a raincoat on.") == [("raincoat", None, True)]
    assert _read("You are carrying a spade and no seeds.") == [
        ("spade", None, False),
        ("no seeds", None, False),
    ]


def test_what_is_no_listing_stays_unread() -> None:
    assert parse_inventory("The guard says:\n  Halt!\nThe captain says:\n  Let them pass.") is None
    assert parse_inventory("You have two options: go down or west.") is None
    assert parse_inventory("You have no idea where you are.") is None


def test_prose_a_listed_thing_holds_and_another_things_holdings_are_not_ours() -> None:
    assert _read("You are carrying a candle and a tin. The tin holds a match and a wick.") == [
        ("candle", None, False),
        ("tin", None, False),
        ("match", "tin", False),
        ("wick", "tin", False),
    ]
    assert _read("You are carrying a tin. In the tin is a match. The goat holds a turnip.") == [
        ("tin", None, False),
        ("match", "tin", False),
    ]
    assert parse_inventory("The cupboard holds a jug and a bowl.") is None

"""Play one of our Inform games' walkthroughs under jericho and write (or check) its truth file.

    .venv/bin/python inform/play_truth.py NAME [NAME ...]          write inform/NAME.truth.json
    .venv/bin/python inform/play_truth.py --check NAME [NAME ...]  compare, print differences
    .venv/bin/python inform/play_truth.py --show NAME              print the transcript too

The truth is read from the object tree on its own, without the project's ground-truth reader, so
the two check each other: the room is the top ancestor of the player object (a vehicle or a bed
is walked through; a dark room is still the room the object tree holds) and the inventory is the
player object's children in object-tree order, worn things included.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path
from typing import Any

import jericho

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from autofrotz.backends.zmachine import objects  # noqa: E402 - the object-table decoder only

HERE = Path(__file__).resolve().parent
GAMES = HERE.parent / "games"
SEED = 42
# The player object's name where a game replaces the library's "(self object)".
PLAYER_NAMES = {"nightshift": "Mara"}
# The parser's refusals (second or third person); a walkthrough step must draw none of them.
REFUSALS = (
    "don't understand",
    "not a verb I recognise",
    "only understood you as far as",
    "can't see any such thing",
    "didn't understand",
    "What do you want to",
    "You seem to want to talk",
)
# Our games: name -> a piece of text its walkthrough must show, the convention it is written for.
OUR_GAMES = {
    "shop": "\n(back room)\nYou're in the back room",
    "mill": "\n\n\nYou stand in the mill yard",
    "ferry": "\nMid River (in the punt)\n",
    "nightshift": "\nMara has:\n  a toolbag (which is open)\n    a wrench\n",
    "wakeup": "\nYou'll have to get out of the bed first.",
    "signal": "\nCliff Path    Score: 5    Moves: 3\n",
    "satchel": "\n  a storm lantern\nYou are wearing:\n  a woollen scarf\n",
    "farmyard": "\nA black range warms the farmhouse kitchen.",
    "lighthouse": "You climb the spiral stair, round and round.\n",
    "depot": "\nYou have with you:\nLANTERN\nCOINS (3)\nTICKET PUNCH\nWorn:\nCAP\n",
    "ledger": "\nKITCHEN.\n\nCopper pans",
    "bothy": "\nCarried: 2 candles, map.\nWorn: boots.\n",
    "wheelwright": "\nYou are back in the wheelwright's yard.\n",
    "smithy": "\nCoal Store.\n\nHeaps of coal",
    "stable": "\nI have nothing but the hay fork and the bridle.\n",
    "scullery": "You pat your apron pockets. Your hands are empty, but you are wearing an apron.\n",
    "larder": "\nYou are carrying the following items:\nJAR OF HONEY, LADLE.\n\nYou are wearing:\n",
    "quarry": "You can also see: a rope, a pick.\nExits: e.\n",
    "belfry": "\nNave (on the oak pew)\n",
    "moorland": "\nBog. The paths go north and east.\n",
    "pottery": "the drying room west. There's a leather apron here.\n",
    "towpath": "\nYou go down the steps with care. The arch looms over you.\n\nUnder the bridge.\n",
    "cloister": "The cloister is west.\nThe Chapter House\n",
    "hawker": "\nYour possessions:\n\nA leather bag, in which is a thimble.\nCoin to the value of 9 pence",
    "grotto": "You can't go that way.\n\nWith a crack the shelf breaks away",
    "tinker": "\nYOU ARE CARRYING 5 OBJECTS:\n\n  TIN BOX (CONTAINS BUTTON)     LAMP\n",
    "tailor": "\nIn the tweed waistcoat pocket:\n  a brass thimble\nHeld:\n  no thread\n  a sewing box\n",
    "tearoom": "In your hands are a tea caddy and no sugar. You've got a linen pinafore on.",
    "saltmarsh": "\nYou pick your way along the top of the bank. Mud sucks at your boots.\n",
    "observatory": "\nLake Shore\nA strip of shingle",
    "clocktower": "There is no climbing back.\n\n\nYou are in the back yard",
    "junction": "You land hard on the cinders.\n\n\nLineside\nA cinder path",
    "foghorn": "You are wearing an oilskin coat; in its pocket are a gate key, a brass whistle and a folded",
    "vintage": "  a leather apron (being worn)\n    a tin\n      a brass spigot\n",
}


def walkthrough(name: str) -> list[str]:
    """The game's walkthrough commands, one a line."""
    lines = (HERE / f"{name}.walkthrough").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip()]


def _snapshot(env: Any, story: bytes, player_name: str) -> tuple[str, int, list[str]]:
    ram = env._get_ram().tobytes()
    objs = objects(ram + story[len(ram) :])
    player = next(o for o in objs.values() if o.name == player_name)
    room = player
    while room.parent and room.parent in objs:
        room = objs[room.parent]
    held, child = [], player.child
    while child:
        held.append(objs[child].name)
        child = objs[child].sibling
    return room.name, room.num, held


def play(name: str) -> tuple[dict[str, Any], list[str]]:
    """The truth document and the transcript (one reply per step) of a walkthrough."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", jericho.UnsupportedGameWarning)
        env = jericho.FrotzEnv(str(GAMES / f"{name}.z5"), seed=SEED)
    player_name = PLAYER_NAMES.get(name, "(self object)")
    story = (GAMES / f"{name}.z5").read_bytes()
    try:
        text, _info = env.reset()
        replies = [text]
        steps = [_step(None, env, story, player_name)]
        for command in walkthrough(name):
            text, _r, _done, _info = env.step(command)
            replies.append(text)
            steps.append(_step(command, env, story, player_name))
    finally:
        env.close()
    return {"game": name, "steps": steps}, replies


def _step(command: str | None, env: Any, story: bytes, player_name: str) -> dict[str, Any]:
    room, number, held = _snapshot(env, story, player_name)
    return {"command": command, "room": room, "room_number": number, "inventory": held}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    show = "--show" in argv
    failed = False
    for name in (a for a in argv if not a.startswith("--")):
        truth, replies = play(name)
        if show:
            for step, reply in zip(truth["steps"], replies, strict=True):
                print(f">>> {step['command']}  [{step['room']} | {', '.join(step['inventory'])}]\n{reply}")
        path = HERE / f"{name}.truth.json"
        if check:
            if json.loads(path.read_text()) != truth:
                print(f"{name}: differs from {path.name}")
                failed = True
        else:
            path.write_text(json.dumps(truth, indent=1) + "\n")
            print(f"{name}: {len(truth['steps'])} steps, {len({s['room'] for s in truth['steps']})} rooms")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""When the map is explored and the usual actions are spent: a wide sweep of verbs over known objects.

This is the built-in agent's last resort before waiting: every object a room is known to hold gets
the less common verbs once, and what is carried gets the verbs that apply to held things.
"""

from __future__ import annotations

from autofrotz.agents.builtin_memory import Memory
from autofrotz.agents.builtin_tactics import NOTABLE, Scene, allowed, has_any, short

# Verbs players try on things when nothing else works, most often useful first.
# "open" first: a fixed grate, hatch or lid no word table lists as openable is opened before it is kicked.
ROOM_VERBS = ("open", "push", "pull", "turn", "search", "touch", "look behind", "climb", "enter", "kick",
              "shake", "knock on", "rub", "break", "listen to", "smell", "close", "wave at")  # fmt: skip
HELD_VERBS = ("wear", "eat", "drink", "wave", "blow", "rub", "shake", "light", "play", "squeeze", "drop")
LATE_WORDS = ("wait", "listen", "smell", "jump", "sleep", "pray", "sing", "shout")
HELD_ROOM = "inv"


def room_sweep(scene: Scene, mem: Memory) -> list[str]:
    """Uncommon verbs on this room's objects (known objects first)."""
    nouns = [short(n) for n in scene.nouns + scene.visible]
    nouns = [
        n
        for n in dict.fromkeys(nouns)
        if n
        and (n in mem.seen.objects or n in mem.seen.parts or n in mem.seen.described or has_any(n, NOTABLE))
    ]
    return [f"{verb} {n}" for n in nouns for verb in ROOM_VERBS]


def held_sweep(scene: Scene) -> list[str]:
    """Verbs for carried things."""
    names = list(dict.fromkeys(short(i) for i in scene.inventory))
    return [f"{verb} {n}" for n in names for verb in HELD_VERBS if verb != "drop"]


EVERY_WORD_RULE = "examine-every-word-when-all-else-is-done"
# Off by default (builtin_rules.py): on the built-in agent's bench (`bench games`) it lifts a dev story and
# costs a check story its point; asked later (after the first idle, or only before waiting) it loses neither
# and gains nothing.


def unexamined_words(scene: Scene, mem: Memory) -> list[str]:
    """Rule examine-every-word-when-all-else-is-done: "examine" for every word this room's text names that
    was never examined here. The usual rounds examine a room's listed things and its first few other
    words (``GUESSES_PER_ROOM``); a thing named late in a long description ("A red relief valve on the
    main pipe hisses.") was then never looked at, so never counted as a thing, and the sweep of verbs
    never turned it. Asked once the usual actions and walks are spent, before that sweep; a word examined
    with an answer of its own joins the sweep (``Seen.described``).

    >>> s = Scene("pump room", ["pumps", "beds", "relief valve"], [], [], "")
    >>> unexamined_words(s, Memory())
    ['examine pumps', 'examine beds', 'examine relief valve']
    """
    nouns = [short(n) for n in scene.nouns + scene.visible]
    held = {short(i) for i in scene.inventory}
    return [
        f"examine {n}" for n in dict.fromkeys(nouns) if n and n not in held and n not in mem.vocab.scenery
    ]


def next_late_action(scene: Scene, mem: Memory) -> tuple[str, str | None] | None:
    """(command, memory room) of the first sweep action still allowed, else None."""
    for command in room_sweep(scene, mem) + [*LATE_WORDS]:
        if allowed(command, scene.room, mem):
            return command, scene.room
    for command in held_sweep(scene):
        if allowed(command, HELD_ROOM, mem, scene.room):
            return command, HELD_ROOM
    return None

"""Corpus games whose opening states a goal, with the sentence that states it (read from each opening).

`eval briefing` counts the steps whose prompt still holds that sentence (`goal_retained`). Only games
whose opening says what to do are listed; a scene-setting opening ("the day is grey") is left out. An
evaluation table, so a game's own words belong here, never in agents or managers.
"""

from __future__ import annotations

GOALS: dict[str, str] = {
    # our own Inform games
    "belfry": "The sexton is ill and the bell must be rung tonight.",
    "cellar": (
        "Great-aunt Agatha has left you her house, on one condition: that you find her lost Silver Crown "
        "and put it back where it belongs."
    ),
    "foghorn": "Sound the fog horn on Gull Holm to bring the boats home.",
    "grotto": "You have come to find the old lamp lost in the hill.",
    "junction": "Set the branch for the mail and clear the signal before it comes.",
    "larder": "The larder wants stocking before the family returns.",
    "mill": "You have promised to start the mill.",
    "pottery": "The potter is away and the kiln must be fired.",
    "scullery": "Cook wants the honey and the ladle, and the flags want scrubbing.",
    "shop": "The takings must go in the safe before you lock up.",
    "stable": "The mare has to be caught and bridled before the farrier comes.",
    "vintage": (
        "Draw a jug of the old vintage from the great tun in the vault and set it on the tasting room table."
    ),
    "wakeup": "Someone has made breakfast, and it is to be eaten on the porch.",
    "wheelwright": "The carter wants his wheel by nightfall.",
    # stories of the manifest
    "curses": "That tourist map of Paris must be up here somewhere in all this clutter",
    "detective": "I want you to solve it before we get any bad publicity or the FBI has to come in.",
    "karn": "demand that you retrieve it and bring it back to Gallifrey.",
    "library": "you desperately need to check out a comprehensive book on Graham Nelson",
    "night": "Unless it's back before 7am, this job",
    "zenon": "There's probably some fiendishly tricky and elusive way to escape from here",
    "ztuu": "Merely explore, enjoy yourself, and bring back news of what lies there",
    # TextWorld games: the last task of the quest
    "tw-w3q1o4s101": "Retrieve the hat from the floor of the vault.",
    "tw-w4q2o6s102": "After that, look and see that the lavender scented gate is unlocked.",
    "tw-w8q6o10s106": "After that, recover the butterfly from the soap scented box within the closet.",
    "tw-w9q7o12s107": "After that, eat the sandwich.",
    "tw-w12q5o14s109": "And then, pick up the butterfly from the shelf inside the sauna.",
    "tw-w12q8o40s114": (
        "With that over with, you can put the printer inside the dresser inside the steam room."
    ),
}


def goal_of(game: str) -> str | None:
    """The goal sentence of a corpus game, None when its opening states none we list.

    >>> goal_of("mill"), goal_of("zork1")
    ('You have promised to start the mill.', None)
    """
    return GOALS.get(game)

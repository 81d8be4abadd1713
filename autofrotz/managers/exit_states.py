"""Which directions of a room are true exits, and in what state: the one reading the briefing, the page
and the REST API all show.

An exit is a direction that moved the player (it leads somewhere), or one the room's text names that
has not been tried. A direction the game refused is never an exit; it is kept apart, with the game's
words, so that nobody tries it again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

from autofrotz.words.directions import abbreviate

LEADS, UNTRIED, BLOCKED_STATE, ONE_WAY = "leads", "untried", "blocked", "one_way"
CLOCK = "wait"  # the turn of waiting tried beside the ways (exit_words.CLOCK_WAY): never a way

# what map_graph keeps on a room node per direction (mentioned in text, refused, or blocked)
_NODE_MENTIONED, _NODE_REFUTED, _NODE_BLOCKED = "mentioned", "refuted", "blocked"


class LinkLike(Protocol):
    to_room: str
    bidirectional: bool
    blocked: bool
    blocked_reason: str | None
    inferred: bool
    teleport: bool


def exit_states(
    node: Mapping[str, Any], links: Mapping[str, LinkLike], room_id: str = ""
) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """The true exits of one room with their states, and the refused directions with the game's words.

    >>> from types import SimpleNamespace as L
    >>> node = {"exits": {"north": "mentioned", "up": "refuted", "east": "blocked"},
    ...         "exit_reasons": {"up": "You can't go that way.", "east": "The door is locked"}}
    >>> walked = L(to_room="hall", bidirectional=True, blocked=False, blocked_reason=None, inferred=False,
    ...            teleport=False)
    >>> states, refused = exit_states(node, {"west": walked})
    >>> sorted(states), states["west"]["state"], states["north"]["state"], states["east"]["reason"]
    (['east', 'north', 'west'], 'leads', 'untried', 'The door is locked')
    >>> refused
    {'up': "You can't go that way."}
    >>> assumed = L(to_room="hall", bidirectional=True, blocked=False, blocked_reason=None, inferred=True,
    ...             teleport=False)
    >>> barred = {"exits": {"out": "blocked"}, "exit_reasons": {"out": "Not in anything."}}
    >>> exit_states(barred, {"out": assumed})
    ({'out': {'state': 'blocked', 'to': 'hall', 'reason': 'Not in anything.'}}, {})
    """
    marks: Mapping[str, str] = node.get("exits", {})
    reasons: Mapping[str, str] = node.get("exit_reasons", {})
    one_way_words: Mapping[str, str] = node.get("one_way", {})
    states: dict[str, dict[str, Any]] = {}
    refused: dict[str, str] = {}
    # the game's own warnings (a sign) and deaths met going that way: shown with the exit; only the
    # first keep a way out of "nearest unexplored" (map_graph), as a death may come from what was there
    warnings: Mapping[str, str] = {**node.get("deaths", {}), **node.get("warnings", {})}
    for label, link in links.items():
        if marks.get(label) == _NODE_REFUTED:
            continue
        states[label] = _link_state(label, link, one_way_words, label in node.get("ways_confirmed", ()))
        if link.inferred and marks.get(label) == _NODE_BLOCKED:  # a way back assumed where play was barred
            states[label] = {"state": BLOCKED_STATE, "to": link.to_room, "reason": reasons.get(label)}
        if label in warnings:
            states[label]["warning"] = warnings[label]
    for label, mark in marks.items():
        if label in states:
            continue
        if mark == _NODE_REFUTED:
            refused[label] = reasons.get(label, "")
        elif mark == _NODE_BLOCKED:
            states[label] = {"state": BLOCKED_STATE, "to": None, "reason": reasons.get(label)}
        elif label in one_way_words:
            states[label] = {"state": ONE_WAY, "to": None, "reason": one_way_words[label]}
        else:  # not tried; the text may say what stands in the way ("a closed door leads south")
            states[label] = {"state": UNTRIED, "to": None, "reason": node.get("exit_notes", {}).get(label)}
            if label in warnings:  # shown beside what a side copy saw that way
                states[label]["warning"] = warnings[label]
    for label, warning in warnings.items():  # a way only a warning names (a death, a sign) is still a way
        if label not in states and label not in refused:
            states[label] = {"state": UNTRIED, "to": None, "reason": None, "warning": warning}
    for label in node.get("deaths", {}):  # a way the player died going was tried, whatever else is known
        if states.get(label, {}).get("state") == UNTRIED:
            states[label]["died"] = True
    _add_through_ways(node, links, states, refused)
    _drop_loops_back(node, links, room_id, states, refused)
    for label, words in node.get("ways_shut_now", {}).items():  # shut since the ways were last explored
        if label in states and label != CLOCK:
            states[label] = {"state": BLOCKED_STATE, "to": states[label].get("to"), "reason": words}
        elif label in refused:  # refused still, in the game's words of now (what killed may be gone)
            refused[label] = words
    for label, words in node.get("ways_open_now", {}).items():  # barred before, open since (a dial set)
        if label != CLOCK and (label in refused or states.get(label, {}).get("state") == BLOCKED_STATE):
            refused.pop(label, None)
            states[label] = {"state": UNTRIED, "to": states.get(label, {}).get("to"), "reason": words}
    for label, thing in node.get("shut_on_the_way", {}).items():  # a door closed since, the game opens it
        if label in states and states[label]["state"] != BLOCKED_STATE:
            states[label]["shut"] = thing
    return states, refused


def _drop_loops_back(
    node: Mapping[str, Any],
    links: Mapping[str, LinkLike],
    room_id: str,
    states: dict[str, Any],
    refused: dict[str, str],
) -> None:
    """Ways a side copy showed leading back to this very room (its heading again, with its own words or
    none: a swamp whose "Obvious exits" loop), or that play walked and was shown this room again (a
    beach that stretches on forever), are no way out: kept among the refused with those words, unless
    play walked them somewhere else; a way barred now stays barred.

    >>> from types import SimpleNamespace as L
    >>> node = {"loops_back": {"east": "leads back here", "north": "leads back here"}}
    >>> walked = L(to_room="hall", inferred=False)
    >>> states, refused = {"east": {"state": "untried"}, "north": {"state": "leads"}}, {}
    >>> _drop_loops_back(node, {"north": walked}, "swamp", states, refused)
    >>> sorted(states), refused
    (['north'], {'east': 'leads back here'})
    >>> states, refused = {"west": {"state": "untried"}}, {}
    >>> _drop_loops_back({"walked_back": {"west": "leads back here (walked)"}}, {}, "beach", states, refused)
    >>> states, refused
    ({}, {'west': 'leads back here (walked)'})
    """  # fmt: skip
    loops = {**node.get("walked_back", {}), **node.get("loops_back", {})}
    for label, words in loops.items():
        link = links.get(label)
        if states.get(label, {}).get("state") == BLOCKED_STATE and label not in node.get("loops_back", {}):
            continue
        if link is None or link.inferred or link.to_room == room_id:
            states.pop(label, None)
            refused.setdefault(label, words)


def _add_through_ways(
    node: Mapping[str, Any], links: Mapping[str, LinkLike], states: dict[str, Any], refused: dict[str, str]
) -> None:
    """What side copies showed of "in" and "out" (way_trials.py, kept apart from the ways the agents
    explore): one that showed a room is a way not yet tried, one refused is none, even where the way
    back of a move was assumed to be it; a way walked or refused in play is left as play showed it.

    >>> from types import SimpleNamespace as L
    >>> assumed = L(to_room="hall", bidirectional=True, blocked=False, blocked_reason=None, inferred=True,
    ...             teleport=False)
    >>> node = {"through_ways": {"in": ("leads", "leads to Hut"), "out": ("refused", "Not in anything.")}}
    >>> states, refused = {"out": {"state": "untried", "to": "hall"}}, {}
    >>> _add_through_ways(node, {"out": assumed}, states, refused)
    >>> states, refused
    ({'in': {'state': 'untried', 'to': None, 'reason': 'leads to Hut'}}, {'out': 'Not in anything.'})
    """
    marks: Mapping[str, str] = node.get("exits", {})
    for label, (kind, words) in node.get("through_ways", {}).items():
        link = links.get(label)
        if (link is not None and not link.inferred) or marks.get(label) in (_NODE_REFUTED, _NODE_BLOCKED):
            continue
        if kind == "leads" and label not in states:
            states[label] = {"state": UNTRIED, "to": None, "reason": words}
        elif kind == "refused":
            states.pop(label, None)
            refused[label] = words


def _link_state(
    label: str, link: LinkLike, one_way_words: Mapping[str, str], confirmed: bool = False
) -> dict[str, Any]:
    """One linked way's state: a way assumed from the way back is untried, whose end we can guess,
    unless a side copy went that way and showed that very room (`confirmed`): then it leads there.

    >>> from types import SimpleNamespace as L
    >>> assumed = L(to_room="hall", blocked=False, inferred=True)
    >>> _link_state("east", assumed, {})["state"], _link_state("east", assumed, {}, confirmed=True)["state"]
    ('untried', 'leads')
    """
    if link.blocked:
        return {"state": BLOCKED_STATE, "to": link.to_room, "reason": link.blocked_reason}
    if link.inferred and not confirmed:  # assumed from the way back, never walked
        return {"state": UNTRIED, "to": link.to_room, "reason": None}
    if label in one_way_words:
        return {"state": ONE_WAY, "to": link.to_room, "reason": one_way_words[label]}
    return {"state": LEADS, "to": link.to_room, "reason": None}


def exit_lines(states: Mapping[str, Mapping[str, Any]], name_of: Any = None) -> list[str]:
    """The exits of a room as the briefing lists them, by their short commands: each open or untried way
    on its own, then the blocked ways grouped by the game's words (a ride or a guard often bars every
    way in one sentence).

    >>> roped = {"state": "blocked", "reason": "Roped."}
    >>> exit_lines({"west": {"state": "leads", "to": "hall"}, "north": roped, "up": roped}, lambda r: "Hall")
    ['w -> Hall', 'n, u (blocked: Roped.)']
    """
    short = {d: abbreviate(d) for d in states}
    open_ways = [
        describe_exit(short[d], states[d], name_of)
        for d in sorted(states)
        if states[d]["state"] != BLOCKED_STATE
    ]
    by_words: dict[str, list[str]] = {}
    for d in sorted(states):
        if states[d]["state"] == BLOCKED_STATE and not states[d].get("warning"):
            by_words.setdefault(_describe(d, states[d], name_of)[len(d) :], []).append(short[d])
        elif states[d]["state"] == BLOCKED_STATE:
            open_ways.append(describe_exit(short[d], states[d], name_of))
    return open_ways + [f"{', '.join(ds)}{said}" for said, ds in by_words.items()]


def describe_exit(label: str, state: Mapping[str, Any], name_of: Any = None) -> str:
    """One exit as the briefing says it: "-> Room" where it leads, else its state in a word, an untried
    way's look-ahead ("seen: Room", "likely Room") standing for "untried" (the game agent's system
    prompt says what each word means).

    >>> describe_exit("north", {"state": "leads", "to": "hall"}, lambda r: "Great Hall")
    'north -> Great Hall'
    >>> describe_exit("east", {"state": "blocked", "to": None, "reason": "The door is locked"})
    'east (blocked: The door is locked)'
    >>> describe_exit("down", {"state": "untried", "to": None})
    'down (untried)'
    >>> describe_exit("up", {"state": "untried", "to": "hall"}, lambda r: "Hall")
    'up (likely Hall)'
    >>> hut = "leads to a place named Hut (seen in a side copy)"
    >>> describe_exit("in", {"state": "untried", "reason": hut})
    'in (seen: Hut)'
    >>> seen_warned = {"state": "untried", "reason": hut, "warning": "THE HUT. DO NOT ENTER."}
    >>> describe_exit("w", seen_warned)
    'w (seen: Hut) (WARNED: THE HUT. DO NOT ENTER.)'
    >>> describe_exit("jump", {"state": "untried", "died": True, "warning": "you died going this way"})
    'jump (WARNED: you died going this way)'
    >>> describe_exit("n", {"state": "leads", "to": "vault", "shut": "iron door"}, lambda r: "Vault")
    'n -> Vault (through the shut iron door; going opens it)'
    """
    said = _describe(label, state, name_of)
    if state.get("shut"):
        said += f" (through the shut {state['shut']}; going opens it)"
    return f"{said} (WARNED: {state['warning']})" if state.get("warning") else said


# Our own words for what a side copy showed, as the briefing says them in short (the page and the REST
# API keep them whole): the first pattern that matches rewrites; a way's words nobody matched stay.
_SIDE = r" \(seen in a side copy\)"
SHORT_WORDS: tuple[tuple[str, str], ...] = (
    (rf"^leads to a place named (.+){_SIDE}$", r"seen: \1"),
    (rf"^leads to another place named (.+){_SIDE}$", r"seen: another \1"),
    (rf"^leads to (.+), which sends the player back here{_SIDE}$", r"seen: \1, which sends you back"),
    (rf"^leads into darkness{_SIDE}$", "seen: darkness"),
    (rf"^leads to a place described as (.+){_SIDE}$", r"seen: \1"),
    (rf"^leads back here(?:{_SIDE}| \(walked\))$", "leads back here"),
    (rf"^kills{_SIDE}:? ?", "kills: "),
)
# Reads our own notes of a way (not game text), as SHORT_WORDS says.
_SHORT = tuple((re.compile(pattern, re.DOTALL), short) for pattern, short in SHORT_WORDS)


def short_words(words: str) -> str:
    """A way's words as the briefing says them (SHORT_WORDS).

    >>> short_words("leads to Lobby, which sends the player back here (seen in a side copy)")
    'seen: Lobby, which sends you back'
    >>> short_words("kills (seen in a side copy): You fall into the pit.")
    'kills: You fall into the pit.'
    >>> short_words("The door is locked.")
    'The door is locked.'
    """
    for pattern, short in _SHORT:
        if pattern.search(words):
            return pattern.sub(short, words, count=1).strip()
    return words


def _describe(label: str, state: Mapping[str, Any], name_of: Any) -> str:
    kind, to = state.get("state"), state.get("to")
    where = (name_of(to) if name_of and to else to) or ""
    reason = short_words(state["reason"]) if state.get("reason") else ""
    if kind == LEADS:
        return f"{label} -> {where}" if where else label
    if kind == BLOCKED_STATE:
        return f"{label} (blocked: {reason})" if reason else f"{label} (blocked)"
    if kind == ONE_WAY:
        tail = f" -> {where}" if where else ""
        return f"{label}{tail} (one way: {reason or 'no way back'})"
    if where:
        return f"{label} (likely {where})"
    if reason.startswith("seen: ") or (state.get("died") and reason):
        return f"{label} ({reason})"
    if state.get("died"):  # tried: its warning says how it ended
        return label
    return f"{label} (untried: {reason})" if reason else f"{label} (untried)"

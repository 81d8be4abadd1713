"""The knowledge layer's rules as one ordered table, in the order a later run consults them each turn
(GAME.md, "Learning across runs"); each rule's switch is its name here (config `rules_off`).

A turn of a later run: the room's known clock, then the proven path (its replay, rejoining it, side
doors on it), then what replies told (a way an earlier run opened, whom to give a thing to, a
condition met, what to type, a heap to look through); unless knowledge stood down (behind the first
run), the plans (back to the path, the known scoring actions, ways on, things to take, ...) go to the
front of the built-in agent's queue, and the agent decides (that order is `advisor.LATER_RUN`, rows
of policy/protocol.py); its seam for a later run's wider pool, and the vetoes its memory asks through
`KnownVetoes` (informed.py), are rows too, as are the notes taken from each reply and the rules that
shorten an earlier run into the proven path (path.py).
"""

from __future__ import annotations

from autofrotz.rules.switches import is_on
from autofrotz.rules.table import RuleRow, RuleTable

# The switches: each a rule's name (advisor.py, kinds.py, widen.py, path.py, rehearsal.py and histories.py
# ask `on(NAME)`).
CLOCKS = "known clock"
SIDE_TRIPS = "a side door on the path"
BY_TEXT = "a namesake is told by its text"
CLOCK_POINT = "a known point before the clock"
OTHER_WAYS = "another way out when the way back is barred"
OPENINGS = "a way an earlier run opened"
TOLD = "a reply says whom to give it to"
WAITING = "a refusal that names a condition waits for it"
SAID = "a reply that says what to type"
MANY = "too many to carry are looked through"
STAND_DOWN = "behind the first run"
BACK = "back to the path"
ROUTES = "known route for a known scoring action"
ROUTES_AFTER_PATH = "known route after the path"
PREPARE = "known preparation for a known scoring action"
ONE_GOAL = "one goal per place and command"
KEEP_WALK = "one walk at a time"
DETOUR = "a shut step is walked around"
WAYS_ON = "known way on"
TAKEN = "what an earlier run took"
NOT_YET = "not there yet"
SHUT = "open what an earlier run found shut"
DESCRIBED = "ask about what an earlier run read of them"
RELOOK = "a thing that names names makes the others worth a look"
MOVE_ON = "move on from a spent room"
WIDE_FIRST = "the wider pool once the agent ran dry"
UNSEEN = "known room not seen this run"
WIDEN = "the wider pool"
POOL_WALK = "the pool is not spent elsewhere"
OWN_SWEEP = "the sweep has turns of its own"
ASKED_FIRST = "a verb that asked for a thing gets its things first"
WORDS = "a word alone that killed"
WALLS = "known wall"
DEAD_ENDS = "known dead end"
CARRIED_ANYWHERE = "what is carried answers the same anywhere"
LIFT = "a dead end at fewer points"
BLIND = "the story names its exits"
PEOPLE = "what the story calls him or her is a person"
ACTORS = "the one who speaks or acts is a person"
SINKS = "what swallows things gets no more"
KINDS = "what a thing is not"
EVERY_WORD_LATER = "every word, a later run"
REPLY_OPENS_LATER = "a way a reply opened, a later run"
HALVES = "idle commands go in halves"
OPENED_A_WAY = "a way it opened"
UNDONE_POINTS = "a point a later death undid"
NAMED_ROOMS = "a room is known by its name"


def _fixed(name: str, summary: str) -> RuleRow:
    return RuleRow(name, summary, switchable=False)


ROWS: tuple[RuleRow, ...] = (
    RuleRow(CLOCKS, "clock: leave a room whose clock killed an earlier run, before it strikes"),
    _fixed("proven path", "path: the next command of an earlier run's route to its best score"),
    _fixed("off the path", "path: stop replaying when a reply is not what the path expects"),
    _fixed("rejoin the path", "path: back at a later step's room and score, replay on from it"),
    _fixed("a refused step is passed over", "path: a step not understood that scored nothing"),
    RuleRow(SIDE_TRIPS, "path: a door beside the path that no run opened, tried once"),
    RuleRow(BY_TEXT, "path: rooms of one name told apart by their text"),
    RuleRow(CLOCK_POINT, "clock: a known scoring action of the room done before leaving it"),
    RuleRow(OTHER_WAYS, "clock: another way out when the way back is barred"),
    RuleRow(OPENINGS, "told: the command that opened a way here in an earlier run, then the way"),
    RuleRow(TOLD, "told: give a thing to whom a reply says wants it"),
    RuleRow(WAITING, "told: a command refused until a condition, sent again when the score rises"),
    RuleRow(SAID, "told: a command a reply spells out"),
    RuleRow(MANY, "told: too many things to carry: look through them"),
    RuleRow(STAND_DOWN, "plan: 50 turns behind the first run's score, play fresh"),
    RuleRow(BACK, "plan: off the path at a score it shows, walk back to the step"),
    _fixed("fetch for a known scoring action", "plan: go where a thing a scoring action needs was found"),
    # Walking known routes to a goal's room and replaying what worked there just before reach known points
    # sooner on some games but cost points on others (`bench learning` measures it), so they are off: a
    # known scoring action is done when the agent's own exploring brings it to the room holding what the
    # action names; once the proven path's score is held (nothing known can be lost), the routes are walked.
    RuleRow(ROUTES, "plan: walk the known map to a scoring action's room", default_on=False),
    RuleRow(ROUTES_AFTER_PATH, "plan: the same, once the path's score is held"),
    RuleRow(PREPARE, "plan: what worked in that room just before", default_on=False),
    _fixed("known scoring action", "plan: in the action's room, holding what it names: do it"),
    RuleRow(ONE_GOAL, "plan: one goal per place and command"),
    RuleRow(KEEP_WALK, "plan: the goal walked towards first; one with no way parked"),
    RuleRow(DETOUR, "plan: routes leave out the moves refused this run"),
    RuleRow(WAYS_ON, "plan: a command (not a move) that led an earlier run to a room not seen yet"),
    RuleRow(TAKEN, "plan: a command that gave an earlier run things this run never held"),
    RuleRow(NOT_YET, "plan: a taking answered 'not here' is sent again later"),
    RuleRow(SHUT, "plan: open what an earlier run found shut"),
    RuleRow(DESCRIBED, "plan: ask a person about what an earlier run read of them"),
    RuleRow(RELOOK, "plan: a thing that names others makes them worth a look"),
    RuleRow(MOVE_ON, "plan: many turns in one room without news: walk to the least spent room"),
    RuleRow(WIDE_FIRST, "plan: once the agent idled, the wider pool before its usual rounds"),
    RuleRow(UNSEEN, "wider: walk to the nearest room an earlier run saw and this run has not"),
    RuleRow(WIDEN, "wider: the story's own verbs, untried uses of what is carried"),
    RuleRow(POOL_WALK, "wider: the pool spent here, walk to a room where it is not"),
    # Were the pool's own turns in a room counted against the sweep's, a later run would leave a fixed thing
    # it had opened, pushed, pulled and turned one verb before the sweep would break it.
    RuleRow(OWN_SWEEP, "wider: the agent's sweep of other verbs has turns of its own"),
    # Off: on the stories of `bench learning` it costs one story's later runs their point and another's
    # third run its path, and gains nothing elsewhere.
    RuleRow(
        ASKED_FIRST, "wider: a verb the parser asked a thing for gets its things first", default_on=False
    ),
    _fixed("known refusal", "veto: words the parser did not understand in an earlier run"),
    _fixed("known death", "veto: a command that killed here"),
    _fixed("timed death", "veto: no known death where the story's clock killed"),
    RuleRow(WORDS, "veto: a word alone that killed, in every room"),
    RuleRow(WALLS, "veto: a compass move earlier runs were told has no exit here"),
    RuleRow(DEAD_ENDS, "veto: a command that changed nothing in an earlier run counts as tried"),
    RuleRow(CARRIED_ANYWHERE, "veto: what is carried answers the same anywhere"),
    # Off: on the dev stories it changed no score, and on the full bench a check story's second run scored
    # lower with it than without.
    RuleRow(LIFT, "veto lifted: a dead end tried again once this run holds more points", default_on=False),
    RuleRow(BLIND, "veto: no blind tries where earlier runs' never found a room"),
    RuleRow(PEOPLE, "note: what the story calls him or her is a person"),
    RuleRow(ACTORS, "note: the one who speaks or acts is a person"),
    RuleRow(SINKS, "note: what swallows things gets no more"),
    RuleRow(KINDS, "note: a thing refused in kind is not offered the same kind again"),
    # Off in a fresh run, on in a run with a past: a player back in a story after the first run ran dry
    # looks closer at what its rooms name, with the turns the proven path saved.
    RuleRow(EVERY_WORD_LATER, "agent: examine-every-word-when-all-else-is-done is on in a later run"),
    RuleRow(REPLY_OPENS_LATER, "agent: go-the-way-the-reply-opens is on in a later run"),
    RuleRow(HALVES, "path built: idle commands are left out in halves"),
    RuleRow(OPENED_A_WAY, "path built: a command whose reply opened a way is kept"),
    RuleRow(UNDONE_POINTS, "path built: the path runs to the run's best, undone or not"),
    RuleRow(NAMED_ROOMS, "path built: a room is known by its name"),
)

TABLE = RuleTable("knowledge", "a later run's plans, vetoes and notes from earlier runs", ROWS)
_DEFAULTS = {row.name: row.default_on for row in ROWS}


def on(name: str) -> bool:
    """Whether a knowledge rule acts: on by default unless switched off (config `rules_off`).

    >>> on(WAYS_ON), on(LIFT)
    (True, False)
    """
    return is_on(name, _DEFAULTS[name])


# Reasons a later run records under names of their own, by the row they belong to.
ALIASES: dict[str, str] = {
    "untried use": WIDEN,
    "the story's own verb": WIDEN,
    "known refusal": "known refusal",
    "known preparation": PREPARE,
    "fetch for a known scoring action": "fetch for a known scoring action",
}
_BY_LENGTH = sorted({*(row.name for row in ROWS), *ALIASES}, key=len, reverse=True)


def rule_of(reasoning: str) -> str:
    """The row a later run's reasoning (or a veto's) begins with, or "".

    >>> rule_of("known way on (run 1): it led on from here"), rule_of("untried use: wave wand at door")
    ('known way on', 'the wider pool')
    >>> rule_of("take-all (queued)")
    ''
    """
    name = next((n for n in _BY_LENGTH if reasoning.startswith(n)), "")
    return ALIASES.get(name, name)

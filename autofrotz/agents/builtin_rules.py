"""The built-in agent's rules as one ordered table: every name its decisions record, in the order the
agent consults them each turn (its reply rules have a table of their own, builtin_replies.RULES).

A turn goes: a question the last reply asked is answered, then a stated objective's step, then what a
reply rule planned, then getting away from danger, then the follow-up queue (each command under the
rule that queued it while learning from a reply, first queued first), the urgent actions, puzzle
hints, this room's actions (in the order below), what is carried, and last the walks. A rule that is
off (config `rules_off`) queues nothing and proposes nothing (`builtin_switch.on`); a row that cannot
be switched off names a step of the turn that has no switch of its own.
"""

from __future__ import annotations

from autofrotz.rules.table import RuleRow, RuleTable

STAGES = (
    "objective",
    "reply plan",
    "queued",
    "state",
    "choice",
    "room action",
    "travel",
)


def _row(name: str, stage: str, summary: str, switchable: bool = True, default_on: bool = True) -> RuleRow:
    return RuleRow(name, f"{stage}: {summary}", switchable, default_on)


def _fixed(name: str, stage: str, summary: str) -> RuleRow:
    return _row(name, stage, summary, switchable=False)


ROWS: tuple[RuleRow, ...] = (
    # a step the text stated (builtin_objectives.py, builtin_routes.py, builtin_follow.py)
    _fixed("objective-route", "objective", "walk a route the text spelled out"),
    _fixed("objective-retrace", "objective", "go back the way the text says"),
    _fixed("objective-place", "objective", "go to the place the text names"),
    _fixed("objective-move", "objective", "a move the text tells us to make"),
    _fixed("objective-open", "objective", "open what the text says to open"),
    _fixed("objective-dig", "objective", "dig where the text says"),
    _fixed("objective-put", "objective", "put a thing where the text says"),
    _fixed("objective-drop", "objective", "drop what the text says to leave"),
    _fixed("objective-state", "objective", "bring a thing to the state the text names"),
    _fixed("objective-tool-to-verb", "objective", "use the tool the text names for its verb"),
    # what a reply rule's plan is named (builtin_replies.py; switched off with the reply rule)
    _fixed("leave-place", "reply plan", "a refusal says we are in or on something: get out, get off, stand"),
    _fixed("until-condition", "reply plan", "a refusal names what must happen first: do that"),
    _fixed("in-bed", "reply plan", "a refusal says we are in bed: get out of it, stand up"),
    _fixed("retry-after-first-step", "reply plan", "the command a first step held up, once it is done"),
    _fixed("dark-opening", "reply plan", "at a dark start, find and switch on a light"),
    _fixed("asleep-opening", "reply plan", "at a start in bed or asleep, wake and stand up"),
    _fixed("move-what-is-in-the-way", "reply plan", "push or walk past what a reply says is in the way"),
    _fixed("climb-what-will-not-open", "reply plan", "climb what bars a way and will not open"),
    _fixed("unlock-once-a-key-is-found", "reply plan", "unlock a lock met before with a key found since"),
    _fixed("open-what-was-unlocked", "reply plan", "open what was just unlocked"),
    _fixed("go-through-what-was-opened", "reply plan", "walk the way an opened door barred"),
    _fixed("unlock-what-is-locked", "reply plan", "unlock what a reply said is locked, with a key carried"),
    _row(
        "a-way-that-will-not-budge-may-be-locked", "reply plan", "a way that will not open is tried as locked"
    ),
    # learning from the last reply: commands queued under the rule's name
    _row("use-a-thing-for-its-purpose", "queued", "a carried thing's stated use, where a container shows it"),
    _row("say-the-word-told", "queued", "a word a reply says to say"),
    _row("go-the-way-the-reply-opens", "queued", "a way a reply says is open now", default_on=False),
    _row("retry-without-instrument", "queued", "a command half understood, sent without its instrument"),
    _row("call-by-head-noun", "queued", "a thing known here whose full name was refused, by its head noun"),
    _row("retry-by-head-noun", "queued", "a name the parser read only the first word of, by its head noun"),
    _row("make-room-for-a-heavy-take", "queued", "drop the least useful thing, then take again"),
    _row("work-the-other-controls", "queued", "one control did something: the others in reach next"),
    _row("step-out-where-the-room-moved-to", "queued", "a lift moved: its exits lead on"),
    _row("open-what-bars-the-way", "queued", "a refused move names a thing here: open it"),
    _row("leave-behind-what-bars-the-way", "queued", "a move refused over what we carry: drop it, go"),
    _row("go-where-the-opened-thing-barred", "queued", "the thing that barred a move is open: walk it"),
    _row("take-back-what-a-put-did-not-score", "queued", "a put that scored nothing: take the thing back"),
    _row("ways-past-an-opened-door", "queued", "a door opened: the ways refused here, then untried ones"),
    _row("open-what-is-closed", "queued", "open what a reply says is closed"),
    _row("what-the-reply-points-at", "queued", "what a reply points at"),
    _row("search-what-was-revealed", "queued", "search what a reply revealed"),
    _row("retry-after-its-prerequisite", "queued", "the command a prerequisite held up"),
    _row("take-what-lies-here", "queued", "take what a reply says lies here"),
    _row("wait-for-an-arrival", "queued", "someone is coming: wait and see"),
    _row("command-the-game-quoted", "queued", "a command the game quotes"),
    _row("ask-as-the-text-says", "queued", "ask whom the text says about what it says"),
    _row("wear-again-what-was-taken-off", "queued", "take back and wear what the parser took off"),
    _row("pull-what-sticks-out", "queued", "pull a thing that sticks out"),
    _row("follow-the-clue", "queued", "a clue in a reply: the command it points to"),
    _row("a-clue-is-followed-twice", "queued", "a clue heard again is followed again"),
    _row("stand-higher-to-look", "queued", "stand on something to look at what is out of reach"),
    _row("examine-what-is-locked", "queued", "look at what a reply says is locked"),
    _row("take-a-listed-part", "queued", "take a part a description lists"),
    _row("inventory-after-a-gift", "queued", "something was handed over: look at what we carry"),
    _row(
        "objects-for-the-verb-asked-about",
        "queued",
        "the parser asks what to act on: things here, then carried",
    ),
    _row("cast-a-named-spell", "queued", "a spell a reply names"),
    _row("work-a-revealed-part", "queued", "work a part a look revealed"),
    # what is remembered (no command of their own)
    _fixed("move-not-read", "state", "the parser took a move as the answer to its own question: not tried"),
    _fixed("note-a-failed-move", "state", "a move that led nowhere, or was refused on the way, failed"),
    _fixed(
        "not-a-person", "state", "the parser said the one addressed is not animate; what was given is kept"
    ),
    _fixed(
        "note-described-words", "state", "a word an examine answered in words of its own (the late sweep)"
    ),
    _fixed("note-scenery", "state", "what the parser calls scenery is worth no command"),
    _fixed("note-not-here", "state", "a name a reply says is not here, in this room"),
    _fixed("note-held", "state", "a take answered 'you already have it'"),
    _fixed("note-verb-only", "state", "the parser read only the verb: that phrase is not used again"),
    _fixed("note-a-refusal", "state", "a refusal, or the game's stock way of saying no, counts as failed"),
    _fixed("note-a-success", "state", "what a command that worked changes; the ways its reply names"),
    _fixed("note-taken", "state", "what a reply says we took is held; a take that scored alone, a valuable"),
    _fixed("note-put-down", "state", "a thing put, dropped, given or thrown is no longer held"),
    _fixed("note-a-deposit", "state", "a container a put scored in counts treasure"),
    _fixed("note-worn", "state", "once something is worn, what slipped or burned may be taken again"),
    _fixed("note-lit", "state", "a light switched on"),
    _fixed("note-a-room-changed", "state", "a verb that changes things: the room's failures are forgotten"),
    _fixed(
        "work-mechanisms-again", "state", "a changed setup: the room's mechanisms are worth working again"
    ),
    _fixed(
        "note-the-nouns",
        "state",
        "a room's description gives every noun, other replies things of a known kind",
    ),
    _fixed("note-who-is-animate", "state", "a reply that treats a thing as a person or an animal"),
    _row("dark-means-unlit", "state", "a room reached in darkness says no light is on"),
    _row("rule-out-only-a-listing", "state", "a refused move rules out only the ways a listing leaves out"),
    _row("a-refusal-said-twice-lists-the-ways", "state", "a refusal said twice names the room's ways out"),
    _row("a-mapped-exit-stays-open", "state", "a way the map saw lead somewhere is not ruled out"),
    # the agent's own choice, in order
    _fixed("get-away-from-danger", "choice", "a death here, or darkness without a light: leave"),
    _fixed("queued", "choice", "the follow-up queue, each command under the rule that queued it"),
    _fixed("urgent", "choice", "light the dark, fight what attacks"),
    _fixed("puzzle-hint", "choice", "the puzzle agent's hint"),
    _fixed("hunt-for-a-key", "choice", "something here is locked: look for its key"),
    _fixed("room-actions", "choice", "this room's actions, within the visit's budget (the rows below)"),
    # this room's actions (builtin_tactics.named_room_actions), in order
    _row("take-all", "room action", "take everything here"),
    _row("take-what-is-seen", "room action", "take what the item list shows here"),
    _row("take-what-is-portable", "room action", "take a thing of a portable kind"),
    _row("open-what-opens", "room action", "open a thing of an openable kind"),
    _row("unlock-with-a-key", "room action", "something here is locked: each key carried in each lock"),
    _row("read-what-is-written", "room action", "read a thing of a readable kind"),
    _row("feed-an-animal", "room action", "offer food to an animal"),
    _row("offer-to-a-person", "room action", "offer carried things to a person"),
    _row("switch-on-a-device", "room action", "switch a device on"),
    _row("work-a-machine", "room action", "work a machine with what we carry"),
    _row("say-a-word-read", "room action", "say a word read in writing"),
    _row("use-a-carried-tool", "room action", "use a carried tool on a thing here"),
    _row("fill-what-is-empty", "room action", "put a carried thing in an empty vessel"),
    _row("work-a-fixture", "room action", "push, pull, turn a fixture"),
    _row("leave-treasure", "room action", "leave treasure where the game keeps it"),
    _row("examine-a-listed-object", "room action", "examine a thing a listing showed"),
    _row("search-what-is-fixed", "room action", "search what is fixed in place"),
    _row("fill-a-slot", "room action", "put a carried thing in a slot"),
    _row("tie-to-something", "room action", "tie a carried thing to something"),
    _row("talk-to-a-person", "room action", "talk to a person, give them what they asked for"),
    _row("ask-about-what-was-said", "room action", "ask a person about what was said"),
    _row("push-a-part", "room action", "push a part a description listed"),
    _row("cast-a-spell", "room action", "cast a spell learnt"),
    _row("dig-with-a-tool", "room action", "dig, with a digging tool carried"),
    _row("examine-what-is-notable", "room action", "examine what is notable here"),
    _fixed("look-at-what-i-carry", "choice", "the actions on what is carried"),
    # walking (builtin_explore.py and the late rounds)
    _fixed("try-an-exit", "travel", "an exit the room mentions, or a blind try"),
    _fixed("examine-what-the-room-mentions", "travel", "before leaving, examine what the room mentions"),
    _fixed("light-before-going-down", "travel", "light a carried lamp before a step down"),
    _fixed("walk-to-an-untried-exit", "travel", "walk to an exit a room mentions, not yet tried"),
    _fixed("walk-back-to-things", "travel", "walk back to a room with things not yet tried"),
    _fixed("walk-to-unexplored", "travel", "walk to a room with directions not yet tried"),
    _row(
        "a-way-out-that-killed-is-not-the-room",
        "travel",
        "a death on a way out rules out the way, not the room",
    ),
    _row("retry-a-deadly-way-out", "travel", "nothing else left: a way out that killed, once more"),
    _row("take-a-key-to-its-lock", "travel", "walk a key carried to a lock it was never tried in"),
    _row("ride-again-to-unwalked-floors", "travel", "work the control of a lift again"),
    _fixed("few-rooms", "travel", "nowhere else to go: keep trying things here"),
    _fixed("walk-to-examine", "travel", "walk to a room with things not yet examined"),
    _row(
        "examine-every-word-when-all-else-is-done",
        "travel",
        "examine every word a room names",
        default_on=False,
    ),
    _fixed("wider-pool", "travel", "a later run's wider pool (knowledge/widen.py)"),
    _fixed("other-verbs", "travel", "everything usual is done: try other verbs"),
    _fixed("walk-to-sweep", "travel", "walk to a room with things not yet handled every way"),
    _fixed("idle", "travel", "nothing left to try: look, wait, inventory"),
)

TABLE = RuleTable("built-in agent", "the next command when no reply rule answers", ROWS)

# The agent's reasons written as sentences, by the row that names them (the others begin with the name).
REASONS: tuple[tuple[str, str], ...] = (
    ("get away from danger", "get-away-from-danger"),
    ("urgent:", "urgent"),
    ("puzzle hint", "puzzle-hint"),
    ("look at what I carry", "look-at-what-i-carry"),
    ("light the lamp before going down", "light-before-going-down"),
    ("try an exit", "try-an-exit"),
    ("an exit the room mentions", "try-an-exit"),
    ("try a direction the room does not mention", "try-an-exit"),
    ("examine what the room mentions", "examine-what-the-room-mentions"),
    ("walk to a room with directions not yet tried", "walk-to-unexplored"),
    ("walk to an exit not yet tried", "walk-to-an-untried-exit"),
    ("walk back to things not yet tried", "walk-back-to-things"),
    ("nowhere else to go", "few-rooms"),
    ("walk to a room with things not yet examined", "walk-to-examine"),
    ("everything usual is done", "other-verbs"),
    ("walk to a room with things not yet handled every way", "walk-to-sweep"),
    ("nothing left to try", "idle"),
)


def rule_of(reasoning: str, also: tuple[str, ...] = ()) -> str:
    """The row of this table (or of `also`, the reply rules' names) a decision's reasoning names, or "".

    >>> rule_of("take-all (queued)"), rule_of("objective-route: walk back to where the route continues")
    ('take-all', 'objective-route')
    >>> rule_of("urgent: light the dark, fight what attacks"), rule_of("known way on (run 1)")
    ('urgent', '')
    """
    name = reasoning.split(" (", 1)[0].split(":", 1)[0].strip()
    if name in TABLE.names or name in also:
        return name
    return next((row for start, row in REASONS if reasoning.startswith(start)), "")

"""The built-in agent's tables for reading instructions in a game's text: the English verbs of a step
and the parser verb each means, where a step starts and ends, what a clause says of its thing, and the
counted compass legs of a written route (agents/builtin_objectives.py and agents/builtin_routes.py read
with them).

Each table's example, one match and one non-match, is its entry of ``__test__`` (run as a doctest).
"""

from __future__ import annotations

import re

__test__: dict[str, str] = {}

# The canonical parser verb of each English verb phrase an instruction may use. Longest phrases are
# matched first, so "take a trip" is a move and "pick up" a take. Conventions of the genre's parsers
# (Infocom, Inform 6 and 7, TADS): take, drop, put X on/in Y, open, close, unlock X with Y, eat...
VERBS: dict[str, str] = {
    # moves: the object names a direction
    "go": "go", "head": "go", "venture": "go", "travel": "go", "move": "go", "walk": "go", "run": "go",
    "proceed": "go", "take a trip": "go", "make your way": "go", "step": "go",
    # taking
    "take": "take", "pick up": "take", "pick-up": "take", "retrieve": "take", "recover": "take",
    "grab": "take", "get": "take", "collect": "take", "fetch": "take", "lift": "take", "obtain": "take",
    "acquire": "take", "steal": "take",
    # putting on (or in, by the preposition the clause uses)
    "put": "put", "place": "put", "set": "put", "set down": "put", "sit": "put", "rest": "put",
    "lay": "put", "stand": "put", "hang": "put",
    # putting in
    "insert": "insert", "deposit": "insert", "slide": "insert",
    # dropping
    "drop": "drop", "ditch": "drop", "toss": "drop", "discard": "drop", "leave behind": "drop",
    "throw away": "drop",
    # one-object verbs the parser shares
    "open": "open", "pull open": "open", "close": "close", "shut": "close", "unlock": "unlock",
    "lock": "lock", "eat": "eat", "consume": "eat", "drink": "drink", "wear": "wear", "put on": "wear",
    "read": "read", "examine": "examine", "push": "push", "press": "push", "pull": "pull",
    "turn on": "turn on", "switch on": "turn on", "turn off": "turn off", "switch off": "turn off",
    "light": "light", "climb": "climb", "enter": "enter", "search": "search", "give": "give",
    "show": "show", "wake": "wake", "ring": "ring", "knock on": "knock on",
}  # fmt: skip

# A lead-in that hands the player the next verb: "Your objective is to ...", "I need you to ...", "it
# would be a great idea if you could ...", "try to ...", "use it to ...".
HANDOVER = re.compile(
    r"(?:\bis to|\byou to|\bif you could|\byou (?:could|should|must|can|need to|have to|ought to|will "
    r"need to|might want to)|\btry to|\battempt to|\beffort to|\bbe sure to|\bremember to|\bforget to|"
    r"\bgo ahead and|\bplease|\buse (?:it|them) to|\bneed to|\bhave to|\bmust|\blike)$",
    re.IGNORECASE,
)
__test__["HANDOVER"] = """
>>> bool(HANDOVER.search("your task is to")), bool(HANDOVER.search("you begin to"))
(True, False)
"""
# Sequencing words where one step ends and the next begins, inside a sentence ("and" only before a verb
# of VERBS, put in for {verbs}).
SEQUENCE_SPLIT_TEXT = (
    r",|;|:|\band then\b|\bthen\b|\bafter that\b|\bafterwards\b|\bfollowing that\b|"
    r"\band (?=(?:use|{verbs})\b)"
)
# A step's end between sentences: a sentence end or a line break (SENTENCE_BREAK of told_text.py takes
# no bare line break).
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
__test__["SENTENCE_END"] = """
>>> SENTENCE_END.split("Go east.\\nThen dig"), SENTENCE_END.split("go east and dig")
(['Go east.', 'Then dig'], ['go east and dig'])
"""
# "make sure that the gate is open", "check that the box is unlocked with the key": a state to bring about.
STATE_GOAL = re.compile(
    r"\b(?:ensure|make sure|make absolutely sure|assure|make it so|double-?check|check|see|verify)"
    r"(?: that)? (?P<thing>.+?) (?:is|are) (?:now )?(?P<state>wide open|open|opened|ajar|unlocked|closed|"
    r"shut|locked)(?: (?:with|using) (?P<tool>.+))?$",
    re.IGNORECASE,
)
__test__["STATE_GOAL"] = """
>>> STATE_GOAL.search("make sure the gate is open").group("thing"), STATE_GOAL.search("the gate is old")
('the gate', None)
"""
# "insert the key into the gate's lock to unlock it": the instrument first, the verb last.
TO_VERB_IT = re.compile(
    r"^(?:insert|put|place|use|slide) (?P<tool>.+?)(?: (?:into|in|on) (?P<thing>.+?)(?:'s lock)?)? "
    r"to (?P<verb>unlock|lock|open) (?:it|them)$",
    re.IGNORECASE,
)
__test__["TO_VERB_IT"] = """
>>> TO_VERB_IT.match("put the key in the gate to open it").group("tool", "thing", "verb")
('the key', 'the gate', 'open')
>>> TO_VERB_IT.match("put the key in the gate")
"""
# Where a thing is said to be: cut from a noun phrase ("the key from the floor of the hall").
LOCATION = re.compile(
    r"\s+(?:from|in|inside|within|on|upon|off|at|out of|that's|that is|which is|lying|sitting|resting|"
    r"located|found|here|there)\b.*$",
    re.IGNORECASE,
)
__test__["LOCATION"] = """
>>> LOCATION.sub("", " the key from the floor"), LOCATION.sub("", " the brass key")
(' the key', ' the brass key')
"""
# What a put/insert clause uses between the thing and where it goes.
ON_OR_IN = re.compile(r"\s+(?P<prep>on top of|onto|on|upon|into|inside|in|within)\s+", re.IGNORECASE)
__test__["ON_OR_IN"] = """
>>> ON_OR_IN.search("the fork on the couch").group("prep"), ON_OR_IN.search("the fork")
('on', None)
"""
# The tool of a clause ("unlock the box with the key"): what follows "with" or "using".
WITH_TOOL = re.compile(r"\s+(?:with|using)\s+(?P<tool>.+)$", re.IGNORECASE)
__test__["WITH_TOOL"] = """
>>> WITH_TOOL.search("the box with the key").group("tool"), WITH_TOOL.search("the box")
('the key', None)
"""
# A word naming a key: key, passkey, latchkey, keycard (what unlocks).
KEYISH = re.compile(r"key$|^key", re.IGNORECASE)
__test__["KEYISH"] = """
>>> bool(KEYISH.search("latchkey")), bool(KEYISH.search("monkey")), bool(KEYISH.search("lamp"))
(True, True, False)
"""
VERB_ALTERNATION = "|".join(re.escape(v) for v in sorted(VERBS, key=len, reverse=True))
# A verb of VERBS in a clause, longest phrases first.
VERB_PATTERN = re.compile(r"\b(" + VERB_ALTERNATION + r")\b", re.IGNORECASE)
__test__["VERB_PATTERN"] = """
>>> VERB_PATTERN.search("then pick up the cup").group(1), VERB_PATTERN.search("a quiet hall")
('pick up', None)
"""
SEQUENCE_SPLIT = re.compile(SEQUENCE_SPLIT_TEXT.replace("{verbs}", VERB_ALTERNATION), re.IGNORECASE)
__test__["SEQUENCE_SPLIT"] = """
>>> SEQUENCE_SPLIT.split("head south and then eat the apple"), SEQUENCE_SPLIT.split("rock and roll")
(['head south ', ' eat the apple'], ['rock and roll'])
"""
# A phrase that is no thing's name but a verb's ("way to go", "time to be").
NOT_A_NAME = re.compile(r"^[a-z-]+ to (?:" + VERB_ALTERNATION + r"|pick|be|do|get)\b", re.IGNORECASE)
__test__["NOT_A_NAME"] = """
>>> bool(NOT_A_NAME.match("stuff to take")), bool(NOT_A_NAME.match("the key"))
(True, False)
"""
# The joint of a give or show clause between the thing and the person ("the coin to the guard").
TO_JOINT = re.compile(r"\s+to\s+")
__test__["TO_JOINT"] = """
>>> TO_JOINT.split("the coin to the guard"), TO_JOINT.split("the coin")
(['the coin', 'the guard'], ['the coin'])
"""
# A drop clause that says into what ("drop the coin into the well"): a put in, not a drop.
INTO = re.compile(r"\b(?:into|inside|in)\b", re.I)
__test__["INTO"] = """
>>> bool(INTO.search("the coin into the well")), bool(INTO.search("the coin"))
(True, False)
"""
# Where a put clause puts its thing on the floor or the ground: a drop.
FLOOR = re.compile(r"(?:the )?(?:floor|ground)\b", re.I)
__test__["FLOOR"] = """
>>> bool(FLOOR.match("the floor by the door")), bool(FLOOR.match("the table"))
(True, False)
"""
# A clause's lead-in ending in "and" ("look and"), cut before the lead-in is judged (case as written).
TRAILING_AND = re.compile(r"\b(?:look and|and)\s*$")
__test__["TRAILING_AND"] = """
>>> TRAILING_AND.sub("", "please look and"), TRAILING_AND.sub("", "please look")
('please ', 'please look')
"""
# What follows a noun phrase that names no thing ("the key to the gate", "the lamp so you can see").
NAME_TAIL = re.compile(r"\s+(?:to|for|so|because|while|before|when|and|or|but)\b.*$", re.I)
__test__["NAME_TAIL"] = """
>>> NAME_TAIL.sub("", "the lamp so you can see"), NAME_TAIL.sub("", "the lamp")
('the lamp', 'the lamp')
"""
# The words of a clause: letters and apostrophes (LEAD_WORD); letters and hyphens (PLAIN_WORD); letters,
# digits and hyphens, as a thing's name may have ("type 2 key", NAME_WORD) (letters only: told_text.WORDS).
LEAD_WORD = re.compile(r"[a-z']+")
PLAIN_WORD = re.compile(r"[a-z-]+")
NAME_WORD = re.compile(r"[a-z0-9][a-z0-9-]*")
__test__["WORDS"] = """
>>> LEAD_WORD.findall("you'll 2-way"), PLAIN_WORD.findall("you'll 2-way"), NAME_WORD.findall("you'll 2-way")
(["you'll", 'way'], ['you', 'll', '-way'], ['you', 'll', '2-way'])
"""

# ----- written routes: counted compass legs from a landmark -----
LEG_DIRECTION = r"(?:up|down|north-east|north-west|south-east|south-west|northeast|northwest|southeast|" \
    r"southwest|north|east|south|west)"  # longest first: "northeast" is no "north" then "east"  # fmt: skip
LEG_COUNT = (
    r"(?:once|twice|thrice|"
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:times|steps|paces))"
)
# One leg: "east four times", "north once", "three steps west", "to the west twice".
LEG = re.compile(
    rf"(?:(?P<before>{LEG_COUNT}) (?:to the )?(?P<dir1>{LEG_DIRECTION})|"
    rf"(?:to the )?(?P<dir2>{LEG_DIRECTION})(?: (?P<after>{LEG_COUNT}))?)",
    re.IGNORECASE,
)
__test__["LEG"] = """
>>> LEG.search("walk three steps west").group("before", "dir1"), LEG.search("a quiet lane")
(('three steps', 'west'), None)
"""
# What may stand between two legs: commas, "and", "then".
JOINER = re.compile(r"^(?:,|\band\b|\bthen\b|\s)*$", re.IGNORECASE)
__test__["JOINER"] = """
>>> bool(JOINER.match(", and then ")), bool(JOINER.match(" past the mill "))
(True, False)
"""
# The verb a route's legs follow: "go east", "walk north", "head west", "take three steps north".
ROUTE_VERB = re.compile(
    r"^(?:\w+ )*?(?:go|walk|head|travel|move|proceed|step|run|take|make)\b", re.IGNORECASE
)
__test__["ROUTE_VERB"] = """
>>> ROUTE_VERB.match("now walk east twice").group(0), ROUTE_VERB.match("east twice")
('now walk', None)
"""
# "go to the old well", "start at the gate", "from the centre of town": where the route starts.
PLACE = re.compile(
    r"^(?:\w+ )?(?:go|walk|head|return|start|begin|stand)\s+(?:back\s+)?(?:to|at|from|in)\s+(?P<place>.+)$|"
    r"^(?:start(?:ing)?|begin(?:ning)?)?\s*from\s+(?P<from>.+)$",
    re.IGNORECASE,
)
__test__["PLACE"] = """
>>> PLACE.match("start at the old well").group("place"), PLACE.match("dig there")
('the old well', None)
"""
# "retrace your steps", "go back the way you came": the route walked last, backwards.
RETRACE = re.compile(
    r"\bretrace (?:your|my|our|his|her|their) steps\b|\bback the way (?:you|we) came\b", re.I
)
__test__["RETRACE"] = """
>>> bool(RETRACE.search("Now retrace your steps.")), bool(RETRACE.search("Now trace the map."))
(True, False)
"""
# Where "and" starts a new walk inside a clause ("dig there and walk north").
AND_WALK = re.compile(r"\s+and\s+(?=(?:go|walk|head|travel|move|proceed|step|run)\b)", re.I)
__test__["AND_WALK"] = """
>>> AND_WALK.split("dig there and walk north"), AND_WALK.split("dig there and rest")
(['dig there', 'walk north'], ['dig there and rest'])
"""
# The action at a route's end: "dig", "dig there", "dig here", "dig down" (the whole clause).
DIG_HERE = re.compile(r"dig(?: (?:there|here|down))?", re.IGNORECASE)
__test__["DIG_HERE"] = """
>>> bool(DIG_HERE.fullmatch("Dig there")), bool(DIG_HERE.fullmatch("dig a pit"))
(True, False)
"""

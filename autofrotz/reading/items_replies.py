"""The tables a reply to a command on things is read with: a take, drop or put done or refused and why,
the library's implicit actions and its answers thing by thing, the words that hint things changed hands,
and a side copy's answer that names a thing a part of another (managers/item_replies.py, item_checks.py
and things_in_sight.py read through these).

One match and one miss of each table:

>>> bool(TAKE_OK.match("Taken.")), bool(TAKE_OK.match("Taken aback, you stop."))
(True, False)
>>> bool(DROP_OK.match("Dropped.")), bool(DROP_OK.match("Dropped what?"))
(True, False)
>>> bool(PUT_OK.match("You put the cup on the shelf.")), bool(PUT_OK.match("The shelf is full."))
(True, False)
>>> bool(TAKE_VERB_REPLY.search("You pick up the cup.")), bool(TAKE_VERB_REPLY.search("The cup falls."))
(True, False)
>>> bool(DROP_VERB_REPLY.search("You set down the cup.")), bool(DROP_VERB_REPLY.search("You hold the cup."))
(True, False)
>>> bool(PUT_VERB_REPLY.search("You carefully slide it in.")), bool(PUT_VERB_REPLY.search("It won't fit."))
(True, False)
>>> bool(FIXED_PATTERNS.search("The bench is fixed in place.")), bool(FIXED_PATTERNS.search("Taken."))
(True, False)
>>> bool(ALIVE_PATTERNS.search("The cat would not appreciate that.")), bool(ALIVE_PATTERNS.search("Taken."))
(True, False)
>>> bool(LIMIT_PATTERNS.search("Your hands are full.")), bool(LIMIT_PATTERNS.search("Taken."))
(True, False)
>>> bool(ALREADY_HAVE.search("You already have that.")), bool(ALREADY_HAVE.search("Taken."))
(True, False)
>>> bool(NOT_HELD.search("You aren't carrying that.")), bool(NOT_HELD.search("Dropped."))
(True, False)
>>> bool(FAILURE_HINTS.search("You can't reach it.")), bool(FAILURE_HINTS.search("You put it in."))
(True, False)
>>> IMPLICIT_TAKE.findall("(first taking the cup)"), IMPLICIT_TAKE.findall("You take the cup.")
(['the cup'], [])
>>> IMPLICIT_PUT.findall("(putting the cup into the bag to make room)"), IMPLICIT_PUT.findall("(the cup)")
([('the cup', 'the bag')], [])
>>> CLARIFY_LINE.search("(the old cup)\\nTaken.").group(1), CLARIFY_LINE.search("Taken.")
('the old cup', None)
>>> MULTI_REPLY.match("tin cup: Taken.").groups(), MULTI_REPLY.match("Taken.")
(('tin cup', 'Taken.'), None)
>>> bool(NOT_A_THING_LABEL.search("hint")), bool(NOT_A_THING_LABEL.search("tin cup"))
(True, False)
>>> TAKEN_COLON_LIST.search("Taken: a cup.").group(1), TAKEN_COLON_LIST.search("Taken.")
('a cup.', None)
>>> DROPPED_COLON_LIST.search("Dropped: a cup.").group(1), DROPPED_COLON_LIST.search("Dropped.")
('a cup.', None)
>>> bool(NOTICE_LINE.match("[Your score went up.]")), bool(NOTICE_LINE.match("Taken."))
(True, False)
>>> bool(POSSESSION_HINTS.search("A thief steals your bag!")), bool(POSSESSION_HINTS.search("Cellar"))
(True, False)
>>> bool(PLAIN_REFUSAL.search("You can't see that.")), bool(PLAIN_REFUSAL.search("You're not a chef, so?"))
(True, False)
>>> bool(IMPLICIT_ACTION.search("(first taking the cup)")), bool(IMPLICIT_ACTION.search("(lit)"))
(True, False)
>>> PART_OF.search("That is part of the clock.").group(1), PART_OF.search("That is the clock.")
('clock', None)
>>> ANSWER_WORD.findall("it's a cup"), ANSWER_WORD.findall("1 2")
(["it's", 'cup'], [])
>>> KNOWS_NO_WORD.search('I do not know the word "whose".').group(1), KNOWS_NO_WORD.search("Taken.")
('whose', None)
>>> TAKEN_FROM.findall("You take the key from the locker."), TAKEN_FROM.findall("Taken.")
(['locker'], [])
"""

from __future__ import annotations

import re

# Replies that report success for one object (after the verb has been checked).
TAKE_OK = re.compile(
    r"^(?:taken|ok|o\.k|okay|got it|removed|you take (?:it|them)|picked up|you pick (?:it|them) up)"
    r"\s*(?:[.!]+(?:\s.*)?)?$",
    re.IGNORECASE,
)

# A short reply that reports a drop done ("Dropped.").
DROP_OK = re.compile(
    r"^(?:dropped|ok|o\.k|okay|done|safely deposited|discarded)\s*(?:[.!]+(?:\s.*)?)?$", re.IGNORECASE
)

# A short reply that reports a put done ("Done.", "You put the cup on the shelf.").
PUT_OK = re.compile(r"^(?:done|ok|o\.k|okay|you put .+|you place .+)\s*[.!]*$", re.IGNORECASE)

# A reply of the game's own words that says the player took a thing ("You pick up the cup").
TAKE_VERB_REPLY = re.compile(r"\byou (?:take|pick up|grab|now have|remove|get)\b", re.IGNORECASE)

# A reply of the game's own words that says the player let a thing go ("You set down the cup").
DROP_VERB_REPLY = re.compile(r"\byou (?:drop|put down|set down|discard|let go of)\b", re.IGNORECASE)

# A reply of the game's own words that says the player put a thing somewhere ("You slide it in").
PUT_VERB_REPLY = re.compile(
    r"\b(?:you|i) (?:\w+ly )?(?:put|place|insert|slide|slip|drop|hang|lean|set|stick|push|fit|plant)\b"
    r"|^(?:done|ok|o\.k|okay)\b",
    re.IGNORECASE,
)

# Refusals that tell us something about the object.
FIXED_PATTERNS = re.compile(
    r"hardly portable|fixed in place|can't take|cannot take|can't be taken|securely (?:fastened|anchored)"
    r"|not something you can take|too heavy to|isn't portable|not portable|firmly attached"
    r"|you can't carry that|can't pick (?:that|it|them) up|is part of|are part of|won't budge",
    re.IGNORECASE,
)

# Refusals to take a thing because it is alive ("The cat would not appreciate that.").
ALIVE_PATTERNS = re.compile(
    r"would care for that|wouldn't care for that|living (?:creature|being)|doesn't want to be"
    r"|don't think .* would (?:care|like)|isn't interested in being"
    r"|is alive|would not appreciate|would object|not the sort of thing you can pick up, (?:he|she)",
    re.IGNORECASE,
)

# Refusals to take one more thing for the load ("Your hands are full."); reading/patterns.TOO_HEAVY,
# the built-in agent's, also takes "too many things" and "already carrying too", and not "too much to carry".
LIMIT_PATTERNS = re.compile(
    r"carrying too many things|load is too heavy|can't carry any more|cannot carry any more"
    r"|hands are full|carrying too much|too much to carry|can't carry anything more"
    r"|you can't hold any more|i can't carry any more",
    re.IGNORECASE,
)

# A take refused because the player already has the thing.
ALREADY_HAVE = re.compile(r"already (?:have|carrying|holding|got)|already in your possession", re.IGNORECASE)

# A drop or put refused because the player does not hold the thing ("You aren't carrying that.").
NOT_HELD = re.compile(
    r"(?:you|i) (?:aren't|are not|am not|'re not|is not|'m not) (?:carrying|holding)"
    r"|(?:you|i) (?:don't|do not|haven't|have not) (?:have|got)|not carrying|you need to be holding",
    re.IGNORECASE,
)

# Anything that smells of failure: used to decide that a custom reply did not do the action.
FAILURE_HINTS = re.compile(
    r"\b(?:can't|cannot|can not|couldn't|don't|doesn't|isn't|aren't|won't|unable|nothing|no such|not|"
    r"what do you want|which do you mean|you see no|there is no|there's no|i don't|impossible|"
    r"refuses?|declines?|ignores?|unknown|unrecognised|unrecognized|understand|beyond your reach|"
    r"you'll have to|first|only|already|neither|fails?|failed)\b",
    re.IGNORECASE,
)

# The library taking a thing on its own before the action ("(first taking the cup)"): the thing.
IMPLICIT_TAKE = re.compile(r"\((?:first )?taking (.+?)(?: first)?\)", re.IGNORECASE)

# The library putting a thing away to make room ("(putting the cup into the bag to make room)").
IMPLICIT_PUT = re.compile(r"\(putting (.+?) (?:into|in|on|onto) (.+?) to make room\)", re.IGNORECASE)

# The library's note of the thing it chose for a vague noun, on a line of its own ("(the old cup)");
# answers.OWN_NAME reads it only at an answer's start, with or without the article.
CLARIFY_LINE = re.compile(r"^\s*\(((?:the|a|an|some|your) .+?)\)\s*$", re.IGNORECASE | re.MULTILINE)

# One line of an answer thing by thing ("tin cup: Taken."): the thing, the answer; answers.ANSWERED_NAME
# reads such lines of side copies' answers with a narrower name (word characters only, 2 to 40).
MULTI_REPLY = re.compile(r"^\s*([^:\n]{1,60}?):\s+(.+)$", re.MULTILINE)

# Words in a reply that suggest objects changed hands in a way the rules may have missed.
POSSESSION_HINTS = re.compile(
    # a first-person narrator's "me" as the player's "you" ("hands me a packet"); rule perfect_taking:
    # the narrator telling in the perfect tense what it has taken for the player ("I've taken the key")
    r"\b(?:hands? (?:it |them )?(?:to )?(?:you|me)|you hand|hands? (?:it|them) over|pick (?:it|them) up|"
    r"gives? (?:you|me)|(?:you|I)(?:'ve| have) (?:taken|picked up|found|got|grabbed|collected|received)|"
    r"(?:you|I) (?:find|found|receive|now have|pick up|take|grab|catch|"
    r"tear|unwrap|pull|lose|drop|hold|carry|collect|gather|fill|empty|pour)|which you pick up|"
    r"takes? (?:the|your|it|them|his|her|their)|off (?:you|me)|snatch\w*|steals?|stole|stolen|is gone|"
    r"are gone|vanish\w*|disappear\w*|"
    r"crumbles?|dissolves?|shatters?|from you|from your|falls? from|slips? (?:from|out of)|in your hands?|"
    r"into your hands?|to find|you(?:'ve| have) lost|your (?:possessions|belongings|things|stuff)|"
    r"empty[- ]handed|confiscat\w*|taken away|strips? you|vibrat\w*|you have died|you are dead|"
    r"turns? into|becomes? a|replaced by|lets? you have|you get|you now|wastes? away|into dust|to dust|"
    r"cracks? (?:and|open)|breaks? (?:off|apart)|burns? up|melts?|around your (?:neck|waist|wrist|finger)|"
    r"(?:in|into) your arms|on your head|retriev\w*|pocket\w*|worn out|wears? off|used up|runs? out|"
    r"you (?:wake|awake|awaken)\w*|"
    # a thing spoilt or carried off by water or wind on the way ("Your map is ruined. It drifts away.")
    r"(?:is|are) ruined|(?:float|drift|wash|blow)(?:s|es|ed)? away|swept away)\b",
    re.IGNORECASE,
)

# One-line replies that refuse outright and so change nothing (narrower than the parser's failure words,
# which include "not" and "only" and so match replies that did something: "You're not a chef, but ok.").
PLAIN_REFUSAL = re.compile(
    r"\b(?:can't|cannot|can not|couldn't|don't|doesn't|isn't|aren't|won't|no such|"
    r"not (?:something|possible|open|here|a verb|able)|nothing (?:happens|to)|what do you want|"
    r"which do you mean|you see no|there is no|there's no|i don't|understand|beyond your reach|"
    r"you'll have to|already|no reply|no response)\b",
    re.IGNORECASE,
)

# "(Taken)", "(first taking the book)": a command that acted on an object before doing what was asked.
IMPLICIT_ACTION = re.compile(
    r"^\s*\((?:taken|first taking|first removing|putting)\b", re.IGNORECASE | re.MULTILINE
)

# An answer that names the thing asked about a part of another ("The hilt is part of your sword."):
# the other thing.
PART_OF = re.compile(
    r"\b(?:is|are|be) (?:a )?part of (?:the |an? |your |some )?([\w' -]{2,40}?)\s*[.!]", re.IGNORECASE
)

# A label before a colon that names no thing of a multi-object answer: a quotation, an aside, a notice.
NOT_A_THING_LABEL = re.compile(r"[\"(]|^(?:note|hint|warning)$", re.IGNORECASE)
# "Taken: a cup, a key." and "Dropped: ..." replies: the things listed after the colon.
TAKEN_COLON_LIST = re.compile(r"^\s*(?:Taken|You take|Picked up)\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)
DROPPED_COLON_LIST = re.compile(r"^\s*(?:Dropped|You drop)\s*:\s*(.+)$", re.IGNORECASE | re.MULTILINE)
# A line of a reply that is a notice, not an answer: a score notice in brackets, a line of stars.
NOTICE_LINE = re.compile(r"^\[.*\]$|^\*\*\*")
# The words of an answer, lower-cased first (two letters or more).
ANSWER_WORD = re.compile(r"[a-z][a-z'-]+")
# The word a parser says it does not know, as any library puts it ("I do not know the word"), which
# reading/patterns.UNKNOWN_WORD (only "don't", "doesn't", "not familiar with") does not take.
KNOWS_NO_WORD = re.compile(r"know the word \W?(\w+)", re.IGNORECASE)

# An answer to "take" naming where the thing was taken from ("You take the key from the locker."): that
# place.
TAKEN_FROM = re.compile(r"\bfrom (?:the |an? |your |some )?([\w' -]{2,40}?)\s*[.!]", re.IGNORECASE)

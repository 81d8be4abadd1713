"""Puzzles keyed by their obstacle: which thing a sentence says is in the way, whether a command or a
reply is about that thing, and what a command means (the same action on the same thing, however worded).
"""

from __future__ import annotations

from autofrotz.reading.told_puzzles import DARK_WORD, NEEDED_THING, OBSTACLE_SUBJECT, PLACE_TAIL
from autofrotz.reading.told_text import NAME_WORDS

ARTICLES = frozenset(
    {"the", "a", "an", "some", "your", "my", "this", "that", "its", "his", "her", "whole", "entire"}
)
# What a sentence calls its obstacle when it does not name it: the thing acted on is meant.
VAGUE = frozenset({"it", "they", "them", "something", "anything", "someone", "this", "that"})
PREPOSITIONS = ("with", "on", "in", "into", "to", "at", "from", "under", "onto")
# Verbs that say the same thing: the first word of each group is the one kept.
VERB_GROUPS: tuple[tuple[str, ...], ...] = (
    ("take", "get", "pick", "grab", "carry"),
    ("examine", "x", "inspect", "check", "describe"),
    ("open", "unfasten"),
    ("unlock", "unbolt"),
    ("put", "place", "insert", "drop"),
    ("turn on", "switch on", "light", "activate"),
    ("read", "peruse"),
    ("attack", "hit", "kill", "fight", "strike"),
)
_VERB_OF = {variant: group[0] for group in VERB_GROUPS for variant in group}
# Readings of text that may name an obstacle somewhere else (a note, a sign, a person's words).
READING_VERBS = frozenset({"read", "consult", "ask", "tell", "talk", "listen", "peruse"})
LOOKING_VERBS = frozenset({"examine", "x", "inspect", "check", "look", "search"})


def words(text: str) -> list[str]:
    """Lower-case words, articles dropped.

    >>> words("Unlock the Iron Door!")
    ['unlock', 'iron', 'door']
    """
    return [w for w in NAME_WORDS.findall(text.lower()) if w not in ARTICLES]


def obstacle_of(sentence: str) -> str:
    """The thing a sentence says is in the way: the noun phrase it opens with, else before its verb.

    >>> obstacle_of("The vault door is locked.")
    'vault door'
    >>> obstacle_of("A huge troll blocks your way.")
    'huge troll'
    >>> obstacle_of("It is pitch black.")
    'darkness'
    >>> obstacle_of("You would need a long ladder for that.")
    'long ladder'
    >>> obstacle_of("The keeper's cottage to the west is locked up until he comes home.")
    "keeper's cottage"
    """
    needed = NEEDED_THING.search(sentence)
    if needed:  # "You would need a ladder.": the thing needed
        return " ".join(words(needed.group(1))[-3:]) or "it"
    match = OBSTACLE_SUBJECT.search(sentence)
    phrase = " ".join(w for w in words(match.group(1)) if w) if match else ""
    phrase = PLACE_TAIL.split(phrase)[0]
    if not phrase or phrase in ("it", "you", "there", "this", "that", "everything", "here"):
        return "darkness" if DARK_WORD.search(sentence) else phrase or "it"
    return " ".join(phrase.split()[-3:])


def acted_on(command: str | None) -> str:
    """The thing a command acts on: the words after its verb, up to a preposition ('' for none).

    >>> acted_on("take the stone"), acted_on("prise stone with crowbar"), acted_on("north")
    ('stone', 'stone', '')
    """
    rest = words(command or "")[1:]
    cut = next((i for i, w in enumerate(rest) if w in PREPOSITIONS), len(rest))
    return " ".join(rest[:cut][-3:])


def named_obstacle(sentence: str, command: str | None) -> str:
    """The obstacle of a sentence, or, when it speaks of it only as "it" or "something", the thing the
    command acted on.

    >>> named_obstacle("Your fingers cannot shift it; you need something to lever it up.", "take stone")
    'stone'
    >>> named_obstacle("The iron door is locked.", "north")
    'iron door'
    """
    obstacle = obstacle_of(sentence)
    return (acted_on(command) or obstacle) if obstacle in VAGUE else obstacle


def head(obstacle: str) -> str:
    """The word an obstacle is called by: its last word.

    >>> head("heavy iron door")
    'door'
    """
    parts = obstacle.split()
    return parts[-1] if parts else ""


def names_thing(text: str, obstacle: str) -> bool:
    """Whether a text speaks of the obstacle (by its head word).

    >>> names_thing("unlock door with key", "iron door"), names_thing("open case", "iron door")
    (True, False)
    """
    key = head(obstacle)
    return bool(key) and key in words(text)


def action_key(command: str) -> str:
    """What a command does, however it is worded: the verb's group and each noun phrase's last word.

    >>> action_key("unlock the iron door with the iron key") == action_key("unlock door with key")
    True
    >>> action_key("get lamp"), action_key("x brass lamp")
    ('take lamp', 'examine lamp')
    """
    parts = words(command)
    if not parts:
        return ""
    two = " ".join(parts[:2])
    verb, rest = (
        (_VERB_OF[two], parts[2:]) if two in _VERB_OF else (_VERB_OF.get(parts[0], parts[0]), parts[1:])
    )
    phrases: list[list[str]] = [[]]
    for word in rest:
        if word in PREPOSITIONS:
            phrases.append([word])
        else:
            phrases[-1].append(word)
    tails = [(p[0] + " " + p[-1]) if p[0] in PREPOSITIONS and len(p) > 1 else p[-1] for p in phrases if p]
    return " ".join([verb, *tails])


def placed_here(command: str | None, obstacle: str) -> bool:
    """Whether a reply's obstacle stands where the player is: not when the text was read, or when the
    player examined some other thing (a note that tells of a door elsewhere).

    >>> placed_here("east", "iron door"), placed_here("read note", "iron door")
    (True, False)
    >>> placed_here("examine door", "iron door"), placed_here("examine note", "iron door")
    (True, False)
    """
    if not command:
        return True
    verb = words(command)[:1]
    if verb and verb[0] in READING_VERBS:
        return False
    if verb and verb[0] in LOOKING_VERBS and len(words(command)) > 1:
        return names_thing(command, obstacle)
    return True

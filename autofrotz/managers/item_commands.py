"""What a player's command asks to do with objects: verb tables and a small pure parser."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autofrotz.managers.item_parser import ARTICLES

# Verb phrase -> action. Longer phrases are tried first; "X" marks where the object goes.
VERB_ACTIONS: dict[str, str] = {
    "take inventory": "inventory", "inventory": "inventory", "inv": "inventory", "i": "inventory",
    "pick up": "take", "pick X up": "take", "take": "take", "get": "take", "carry": "take",
    "grab": "take", "collect": "take", "hold": "take",
    "take off": "unwear", "take X off": "unwear", "remove": "remove", "doff": "unwear",
    "put down": "drop", "put X down": "drop", "set down": "drop", "drop": "drop", "discard": "drop",
    "throw away": "drop", "leave": "drop",
    "put on": "wear", "put X on": "wear", "wear": "wear", "don": "wear",
    "put": "put", "place": "put", "insert": "put", "set": "put", "stick": "put", "hang": "put",
    "tie": "put", "attach": "put",
    "give": "give", "offer": "give", "hand": "give", "feed": "give", "show": "show",
    "eat": "consume", "drink": "consume", "swallow": "consume", "consume": "consume", "quaff": "consume",
    "chew": "consume",
    "throw": "throw", "toss": "throw", "hurl": "throw", "fling": "throw",
    "open": "open", "close": "close", "shut": "close",
}  # fmt: skip
PREPOSITIONS = (
    "into",
    "in",
    "inside",
    "onto",
    "on",
    "on top of",
    "under",
    "to",
    "at",
    "from",
    "out of",
    "off",
)
PUT_PREPS = ("into", "in", "inside", "onto", "on", "on top of", "under")
TARGET_RE = re.compile(
    rf"^(.+?)\s+({'|'.join(re.escape(p) for p in sorted(PREPOSITIONS, key=len)[::-1])})\s+(.+)$"
)
ALL_WORDS = {"all", "everything", "each"}
# Commands that look, move or pass time: their replies change what we carry only through events the
# reply itself narrates, so they need no inventory check unless the text hints at one.
OBSERVING_VERBS = frozenset(
    {
        "look", "l", "examine", "x", "read", "search", "listen", "smell", "sniff", "wait", "z", "score",
        "help", "hint", "hints", "about", "info", "credits", "version", "verbose", "brief", "superbrief",
        "notify", "think", "diagnose", "time", "again", "g",
    }
)  # fmt: skip


def is_observing(command: str | None) -> bool:
    """True for movement, looking and waiting commands.

    >>> is_observing("n"), is_observing("go north"), is_observing("x lamp"), is_observing("open box")
    (True, True, True, False)
    >>> is_observing("2"), is_observing("")
    (False, True)
    """
    from autofrotz.words.directions import parse_direction

    words = re.sub(r"[^a-z0-9 ]+", " ", (command or "").lower()).split()  # "2": a menu choice acts
    if not words:
        return True
    return words[0] in OBSERVING_VERBS or parse_direction(command) is not None


@dataclass
class Command:
    """A command reduced to an action, its objects and an optional indirect object."""

    action: str | None
    nouns: list[str] = field(default_factory=list)
    prep: str | None = None
    target: str | None = None

    @property
    def is_all(self) -> bool:
        """True for "take all" style commands."""
        return any(n.split(" ")[0] in ALL_WORDS for n in self.nouns)


def parse_command(command: str | None) -> Command:
    """Reduce a command to (action, nouns, preposition, target).

    >>> parse_command("put the coin in the slot")
    Command(action='put', nouns=['coin'], prep='in', target='slot')
    >>> parse_command("pick lamp up")
    Command(action='take', nouns=['lamp'], prep=None, target=None)
    >>> parse_command("get grimoire from box")
    Command(action='take', nouns=['grimoire'], prep='from', target='box')
    >>> parse_command("drop biscuit, paper").nouns
    ['biscuit', 'paper']
    >>> parse_command("give box of chocolates to jemima").target
    'jemima'
    """
    text = re.sub(r"\s+", " ", (command or "").lower().strip(" .!"))
    for phrase in sorted(VERB_ACTIONS, key=len, reverse=True):
        rest = _match_verb(text, phrase)
        if rest is not None:
            return _with_objects(VERB_ACTIONS[phrase], rest)
    return Command(action=None)


def _match_verb(text: str, phrase: str) -> str | None:
    """The object text when the command starts with the verb phrase, else None."""
    if "X" in phrase:
        first, last = phrase.split(" X ")
        match = re.match(rf"^{first} (.+) {last}$", text)
        return match.group(1) if match else None
    if text == phrase:
        return ""
    return text[len(phrase) + 1 :] if text.startswith(phrase + " ") else None


def _with_objects(action: str, rest: str) -> Command:
    """Split the object text into nouns and a target."""
    prep = target = None
    match = TARGET_RE.match(rest)
    if match and action in ("put", "give", "take", "throw", "drop", "show", "remove"):
        rest, prep, target = match.group(1), match.group(2), _noun(match.group(3))
        if action == "drop" and prep in PUT_PREPS:
            action = "put"
    if action == "remove":
        action = "take" if prep in ("from", "out of") else "unwear"
    if action == "give" and target is None and " " in rest and "," not in rest:
        first, _, remainder = rest.partition(" ")  # "give troll the axe"
        if remainder.split(" ")[0] in ARTICLES:
            target, rest = first, remainder
    nouns = [_noun(n) for n in re.split(r",|\band\b", rest) if _noun(n)]
    return Command(action=action, nouns=nouns, prep=prep, target=target)


def _noun(text: str) -> str:
    """A noun phrase without articles or surrounding space."""
    words = [w for w in text.strip().split() if w not in ARTICLES]
    return " ".join(words)

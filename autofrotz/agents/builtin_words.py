"""General interactive-fiction knowledge for the built-in agent, as data plus small pure helpers.

Nothing here belongs to one game: these are the conventions of the genre (doors open, lamps light,
rugs hide things, keys unlock) and the stock phrases parsers use to refuse a command. The patterns
these helpers read a reply with are reading/agent_words.py's; the word tables are here.
"""

from __future__ import annotations

from autofrotz.reading.agent_words import (
    ANIMATE,
    CLOSED,
    COUNT,
    DIRECTION_HINTS,
    FOLLOW_UPS,
    HANDED_OVER,
    LISTED_NAME,
    LISTED_REPLY,
    NAMED_KIND,
    NEARBY,
    PHRASE_BREAK,
    QUOTED,
    names_word,
)
from autofrotz.reading.agent_words import FIXED as FIXED
from autofrotz.reading.agent_words import THREATS as THREATS
from autofrotz.reading.patterns import DARK as DARK
from autofrotz.reading.patterns import LOCKED as LOCKED
from autofrotz.reading.patterns import NOT_HERE as NOT_HERE
from autofrotz.reading.patterns import SCENERY as SCENERY
from autofrotz.reading.patterns import TOO_HEAVY as TOO_HEAVY
from autofrotz.reading.patterns import is_refusal as is_refusal
from autofrotz.reading.told_text import NAME_WORDS, SENTENCE_BREAK


def _words(text: str) -> frozenset[str]:
    """The words of a space-separated list."""
    return frozenset(text.split())


word_class = _words  # for word classes kept next to the behaviour that uses them


# Head nouns by what players conventionally try with them. Every word here names a stock object of the
# genre, met in many games (tests/test_agent_word_tables.py checks these tables against the nouns of 29
# games' walkthroughs); what a particular game's things are is learned from its own replies at run time.
OPENABLE = _words(  # doors and containers: "open X" is the first thing tried on them everywhere
    "door trapdoor hatch gate window lid shutter portal box chest case cabinet cupboard drawer drawers "
    "bag sack bottle jar container curtain curtains"
)
READABLE = _words(  # printed matter: "read X" is the parser-standard verb for it
    "note sign book letter paper scroll map page label inscription message poster"
)
MOVABLE = _words(  # what hides things in the genre's oldest trick: move it, look under it
    "rug carpet mat statue painting rock stone pile debris rubble"
)
ENTERABLE = _words("boat hole opening tunnel cave house building passage doorway archway")
CLIMBABLE = _words("tree ladder stairs staircase steps rope wall cliff")
SWITCHES = _words("button switch lever dial handle wheel")
TIES = _words("rope cord")
BELLS = _words("bell doorbell buzzer gong")
LIGHTS = _words("lamp lantern torch candle flashlight light match matches")
WEARABLE = _words("coat hat")
RECEPTACLES = _words("slot hole recess")
DEVICES = _words("machine device computer radio engine")
SEARCHABLE = _words(  # heaps and furniture: "search X" finds what they hide
    "pile heap debris rubble junk trash rubbish bed desk shelf body bushes hay straw"
)
DIGGERS = _words("shovel spade")
KEYS = _words("key keys")
WEAPONS = _words("sword knife axe blade spear")  # what a player fights with when something attacks
# People and animals by the stock words descriptions use for them; the rest are learned: a parser reply
# that treats a thing as animate, and a sentence that says a thing attacks (see THREATS), name them.
PEOPLE = _words("man woman boy girl person child lady gentleman stranger guard")
ANIMALS = _words("animal dog cat bird horse")
# Words by which games mark treasure (the score-counting hunts since the first cave game); which things
# a game values is learned at run time: what it calls valuable, what raised the score when taken.
VALUABLE = _words(
    "treasure treasures valuable valuables precious priceless jewel jewels jewelled jeweled gem gems "
    "gold golden silver coin coins"
)
RIDEABLE = _words("horse pony")
CONTAINERS = _words("box chest case cabinet cupboard drawer bag sack jar container")


PRONOUNS = _words("he she it they you i we")
ATTACKER_SKIP = _words("is are was were who which that now suddenly also still then and")


def threatening(text: str, names: list[str]) -> list[str]:
    """Who attacks us: the names a threatening sentence of the reply mentions, then the subject of
    each threat verb (the word before it, past "is standing" and the like).

    >>> threatening("The goblin swings his club at you! A lamp glows.", ["ugly goblin", "lamp"])
    ['ugly goblin']
    >>> threatening("A hooded figure is standing blocking the way. The hooded figure thrusts!", [])
    ['figure']
    """
    hostile = [s for s in SENTENCE_BREAK.split(text) if THREATS.search(s)]
    joined = " ".join(hostile).lower()
    found = [n for n in names if head(n.lower()) and names_word(joined, head(n.lower()))]
    heads = {head(n.lower()) for n in found}
    for sentence in hostile:
        for match in THREATS.finditer(sentence):
            before = NAME_WORDS.findall(sentence[: match.start()].lower())
            while before and (before[-1] in ATTACKER_SKIP or before[-1].endswith(("ing", "ly"))):
                before.pop()
            subject = before[-1] if before else ""
            if subject and subject not in STOPWORDS | PHRASE_STARTERS | PRONOUNS and subject not in heads:
                heads.add(subject)
                found.append(subject)
    return found


STOPWORDS = _words(
    """a an the some any this that these those it its it's his her their your my our of to in on at by for
    with from into onto under over through and or but not no is are was were be been being has have had
    which who whom whose what where when there here here. lies lie stands stand hangs hang rests rest sits
    sit leads lead runs run opens open closed seems seem appears appear way side end room area part
    north south east west northeast northwest southeast southwest up down above below inside outside
    few many several lot bit number couple kind sort pair top bottom middle center centre corner edge
    one two three other another same only just very more most you yourself something nothing anything
    everything lots thing things distance moment while time place floor ground ceiling wall walls air sky
    direction directions exit exits entrance go goes lead climbs rises stretches winds heads continues
    descends ascends wind curves bends slopes leading going running than as like because so if then though
    although among throughout around about within without until unless whether must would could should
    might can will shall may near beside behind beneath underneath between beyond against upon atop across
    along toward towards"""
)  # the prepositions end a noun phrase too: "a panel near the door" is a panel
# Words that open a noun phrase in a description ("a lamp", "two coins", "several keys").
PHRASE_STARTERS = _words("a an the some one two three four five six seven eight nine ten twelve several")
# English determiners: dropped from a phrase before it becomes part of a command ("open your locker").
DETERMINERS = _words("a an the some your my his her its their this that these those")


def is_count(word: str) -> bool:
    """Whether a word is a number word that is not a plain article ("twenty-one", "fifteen").

    >>> is_count("twenty-one"), is_count("fifteen"), is_count("four-poster")
    (True, True, False)
    """
    return bool(COUNT.match(word))


PREPOSITIONS = _words("to of down up at into from over across through along toward towards around")
ADJECTIVES = _words("full empty open closed steep old dark narrow wide large small big little tall "
                       "long short huge tiny high low")  # fmt: skip
ADJECTIVE_ENDINGS = ("ly", "ful", "ous")
NOUNS_IN_ED = ("bed", "shed", "eed", "sled")  # nouns that look like participles


def noun_phrases(text: str) -> list[str]:
    """Short noun phrases introduced by an article, adjectives kept, most nouns last.

    >>> noun_phrases("There is a small crate here. A rubber mat lies by the door.")
    ['small crate', 'rubber mat', 'door']
    >>> noun_phrases("In one corner of the shed there is a small hatch which is slightly ajar.")
    ['shed', 'small hatch']
    >>> noun_phrases("A plain bedroom with a four-poster bed. At the foot of the bed stands an oak chest.")
    ['plain bedroom', 'four-poster bed', 'foot', 'bed', 'oak chest']
    >>> noun_phrases("There's a bunch of feathers poking out. The crystals jut like teeth.")
    ['feathers', 'crystals']
    >>> noun_phrases("There is a hatch near the stove. Smoke comes from the grille high above the shelf.")
    ['hatch', 'stove', 'grille', 'shelf']
    """
    found: list[str] = []
    for sentence in PHRASE_BREAK.split(text.lower()):
        tokens = NAME_WORDS.findall(sentence)
        for i, token in enumerate(tokens):
            if token in PHRASE_STARTERS or is_count(token):
                phrase = _trim(_words_after(tokens, i + 1))
                if phrase and phrase not in found:
                    found.append(phrase)
    return found


QUANTITIES = _words(
    "bunch pile heap handful pair set piece stack clump tuft bundle sheaf collection variety "
    "assortment row rows number couple scattering"
)


def past_quantity(tokens: list[str], start: int) -> int:
    """Where the noun starts after "a (wide) bunch of": the quantity is not the thing.

    >>> past_quantity("a bunch of leaves".split(), 1), past_quantity("a wide variety of minerals".split(), 1)
    (3, 4)
    >>> past_quantity("a brass lamp".split(), 1)
    1
    """
    for skip in (0, 1):
        at = start + skip
        if at + 1 < len(tokens) and tokens[at] in QUANTITIES and tokens[at + 1] == "of":
            return at + 2
    return start


def _words_after(tokens: list[str], start: int) -> list[str]:
    start = past_quantity(tokens, start)
    words = tokens[start : start + 3]
    following = tokens[start + 3] if len(tokens) > start + 3 else ""
    for j, word in enumerate(words):
        nxt = words[j + 1] if j + 1 < len(words) else following
        if j > 0 and word.endswith("s") and nxt in PREPOSITIONS:
            return words[:j]  # "a staircase climbs to": a verb
    return words


def _participle(kept: list[str]) -> bool:
    """Whether a phrase ends in a past participle ("notice pinned"), not a noun like "flowerbed".

    >>> _participle(["notice", "pinned"]), _participle(["flower", "bed"]), _participle(["pinned"])
    (True, False, False)
    """
    last = kept[-1]
    return len(kept) > 1 and len(last) > 4 and last.endswith("ed") and not last.endswith(NOUNS_IN_ED)


def _modifier(word: str) -> bool:
    """Whether a word only qualifies a noun (an adjective, an adverb, a scrap)."""
    return word.endswith(ADJECTIVE_ENDINGS) or len(word) < 3 or word in ADJECTIVES


def _trim(words: list[str]) -> str:
    kept: list[str] = []
    for word in words:
        if word in STOPWORDS:
            break
        kept.append(word)
    while kept and (_modifier(kept[-1]) or _participle(kept)):
        kept.pop()
    plural = next((j for j, word in enumerate(kept[:-1]) if _plural(word)), None)
    if plural is not None:
        kept = kept[: plural + 1]  # "minerals protrude": a plural noun, then its verb
    return " ".join(kept[-2:])


NOT_PLURAL_ENDINGS = ("ss", "us", "is", "as", "os", "'s")


def _plural(word: str) -> bool:
    """Whether a word looks like a plural noun (and so ends its phrase).

    >>> _plural("minerals"), _plural("glass"), _plural("canvas"), _plural("brass")
    (True, False, False, False)
    """
    return len(word) > 3 and word.endswith("s") and not word.endswith(NOT_PLURAL_ENDINGS)


def directions_in(text: str) -> list[str]:
    """Directions a reply points at.

    >>> directions_in("The panel slides aside to show a narrow staircase descending into gloom.")
    ['down']
    """
    return [d for pattern, d in DIRECTION_HINTS if pattern.search(text)]


META_WORDS = _words(
    "help hint hints about credits info quit restart save restore verbose brief superbrief score full "
    "notify license version"
)
COMMAND_VERBS = _words(
    "out in up down north south east west go enter exit look examine read take open push pull turn climb "
    "wait sleep say ask tell give show listen smell search jump swim pray sing knock ring"
)


def follow_ups(text: str) -> list[str]:
    """Commands a reply points at: look under what hides something, open what can be opened.

    >>> follow_ups("Something glitters faintly under the sofa. It has a glass flap that can be opened.")
    ['look under sofa', 'open glass flap']
    >>> follow_ups("You need to open the glass lid of the case first.")
    ['open glass lid']
    """
    found = []
    for pattern, template in FOLLOW_UPS:
        for match in pattern.finditer(text):
            groups = [(g or "").lower().split(" of ")[0].strip() for g in match.groups()]
            found.append(template.format(*groups))
    return found


def scenery_names(text: str) -> list[str]:
    """Names a multiple-object reply calls scenery.

    >>> scenery_names("meadow: The meadow is only scenery. spade: Taken.")
    ['meadow']
    """
    found = LISTED_REPLY.finditer(text)
    return [m.group(1).strip().lower() for m in found if SCENERY.search(m.group(2))]


def fixed_names(text: str) -> list[str]:
    """Names a multiple-object take reply calls fixed or too heavy.

    >>> fixed_names("tree: That's fixed in place. match: Taken.")
    ['tree']
    """
    found = LISTED_REPLY.finditer(text)
    return [m.group(1).strip().lower() for m in found if FIXED.search(m.group(2))]


def refused_names(text: str) -> list[str]:
    """Names a multiple-object take reply did not hand over, for any reason but the load (fixed, someone's,
    out of reach).

    >>> refused_names("tree: That's hardly portable. pedlar: I won't have that! match: Taken.")
    ['tree', 'pedlar']
    >>> refused_names("sword: Removed. brass lantern: Your load is too heavy. map: You already have that.")
    []
    """
    found = LISTED_REPLY.finditer(text)
    return [
        m.group(1).strip().lower()
        for m in found
        if not HANDED_OVER.search(m.group(2)) and not TOO_HEAVY.search(m.group(2))
    ]


def heavy_names(text: str) -> list[str]:
    """Names a multiple-object take reply says could not be carried for the load.

    >>> heavy_names("sword: Taken. brass lantern: Your load is too heavy. rug: It is too heavy.")
    ['brass lantern']
    """
    found = LISTED_REPLY.finditer(text)
    return [m.group(1).strip().lower() for m in found if TOO_HEAVY.search(m.group(2))]


def nearby_things(text: str) -> list[str]:
    """Noun phrases of sentences that say something lies here.

    >>> nearby_things("A rusty hinge has snapped off and is lying nearby. Thunder rolls.")
    ['rusty hinge']
    >>> nearby_things("I open the crate. It contains some bars of soap.")
    ['bars']
    >>> nearby_things("The box swings open. In the pine box is a notebook.")
    ['pine box', 'notebook']
    """
    found: list[str] = []
    for sentence in SENTENCE_BREAK.split(text):
        if NEARBY.search(sentence):
            found += [p for p in noun_phrases(sentence) if p not in found]
    return found


def animate_names(text: str) -> list[str]:
    """Names the parser treats as people or animals ("I don't suppose the porter would care for that"),
    and the kind of a named character ("Bella the goat is standing here": a proper name, then its kind).

    >>> animate_names("I don't suppose the grey mare would care for that.")
    ['grey mare']
    >>> animate_names("Bella the goat is standing here. The gate is shut.")
    ['goat']
    """
    return [m.strip().lower() for m in ANIMATE.findall(text) + NAMED_KIND.findall(text)]


def closed_things(text: str) -> list[str]:
    """Things a reply says are closed.

    >>> closed_things("You can see a satchel (which is closed) here. The red box is closed.")
    ['satchel', 'red box']
    """
    return [m.strip().lower() for m in CLOSED.findall(text)]


def listed_names(text: str) -> list[str]:
    """Object names a multiple-object reply lists ("brass lamp: Taken.").

    >>> listed_names("iron stove: That's hardly portable. brass lamp: Taken.")
    ['iron stove']
    """
    return [m.strip().lower() for m in LISTED_NAME.findall(text)]


def quoted_commands(text: str) -> list[str]:
    """Commands the game itself suggests in quotes ('better go "out"'), not meta commands.

    >>> quoted_commands('Nothing more to see in here: try "out". Type "help" for more.')
    ['out']
    """
    found = []
    for phrase in QUOTED.findall(text):
        words = phrase.lower().split()
        if len(words) <= 4 and words[0] in COMMAND_VERBS and not META_WORDS & set(words):
            found.append(" ".join(words))
    return found


def not_here(text: str) -> bool:
    """Whether a reply says the object named is not here (or not worth naming).

    >>> not_here("You can't see any such thing."), not_here("Taken.")
    (True, False)
    >>> not_here("That's not something you can open.")  # here, but it does not open
    False
    """
    return bool(NOT_HERE.search(text[:300]))


def head(phrase: str) -> str:
    """The head noun of a phrase (its last word).

    >>> head("small brass key")
    'key'
    """
    words = phrase.split()
    return words[-1] if words else ""


def verb_only(command: str, verb: str | None) -> str | None:
    """The two-word verb a parser does not know, when it understood only the first word (``verb``, the
    one it read: Reading.understood_verb).

    >>> verb_only("look behind rug", "look")
    'look behind'
    >>> verb_only("take red car", None) is None
    True
    """
    words = command.lower().split()
    if not verb or len(words) < 3 or words[0] != verb.lower():
        return None
    return " ".join(words[:2])


def head_retry(command: str, objects: list[str]) -> str | None:
    """The command with its one object cut to the head noun, for a parser that stopped early.

    >>> head_retry("examine desk attendant", ["desk attendant"])
    'examine attendant'
    >>> head_retry("take lamp", ["lamp"]) is None
    True
    """
    if len(objects) != 1 or len(objects[0].split()) < 2 or not command.endswith(objects[0]):
        return None
    return command[: -len(objects[0])] + head(objects[0])


def has_class(phrase: str, words: frozenset[str]) -> bool:
    """Whether any word of a phrase belongs to a class.

    >>> has_class("trap door", OPENABLE), has_class("red apple", OPENABLE)
    (True, False)
    """
    return any(w in words for w in phrase.split())

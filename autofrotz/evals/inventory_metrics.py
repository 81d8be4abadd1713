"""Name matching between the inventory we track and the objects the game says the player carries.

Rules (lenient but honest):
- names are compared after normalisation (case, articles, punctuation, parentheses dropped);
- two names match when they are equal, when every word of one matches a word of the other (so
  "lamp" matches "brass lamp" and a mangled tree name "electricrch" matches "electric torch"), or
  when their head nouns match; words match when equal, plural of each other, or one is a prefix
  (four letters or more) of the other;
- objects pair one to one; failing that, identical objects the game groups ("two coins") count
  once on each side;
- inventories are equal when a one-to-one matching pairs every name on both sides.
Which carried objects count: see counted_truth (objects the game itself names when asked "inventory").
"""

from __future__ import annotations

import re

STOP_WORDS = {"a", "an", "the", "some", "of", "your", "my", "pair", "set", "piece", "bit", "lot", "lots"}
ARTICLES = {"a", "an", "the", "some", "your", "my"}
ANSWERED = re.compile(r"carr|hold|empty|possess", re.IGNORECASE)  # with a parsed listing, see _answered


def normalise(name: str) -> list[str]:
    """Words of a name without case, articles, quotes, parentheses or punctuation.

    >>> normalise('The "Chasm" Cube (glowing)')
    ['chasm', 'cube']
    >>> normalise("(players_coin)"), normalise("Ticket_2")
    (['players', 'coin'], ['ticket'])
    """
    text = name.lower()
    inner = re.fullmatch(r"\s*\((.*)\)\s*", text)  # some object-tree names are wholly parenthesised
    text = inner.group(1) if inner else re.sub(r"\([^)]*\)", " ", text)
    text = text.replace("'s ", "s ").replace("'", "")
    words = re.sub(r"[^a-z0-9$]+", " ", text).split()
    if "_" in name:  # an internal identifier such as "Ticket_2": its number is no part of the name
        words = [w for w in words if not w.isdigit()] or words
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return words


def word_match(a: str, b: str) -> bool:
    """Equal, plural of each other, or one a prefix (>= 4 letters) of the other.

    >>> word_match("coin", "coins"), word_match("electricrch", "electric"), word_match("lamp", "lantern")
    (True, True, False)
    """
    if a == b or a in (b + "s", b + "es") or b in (a + "s", a + "es"):
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short)


def _covered(small: list[str], big: list[str]) -> bool:
    """Every content word of small matches some word of big."""
    content = [w for w in small if w not in STOP_WORDS] or small
    return bool(content) and all(any(word_match(w, b) for b in big) for w in content)


def _heads(words: list[str]) -> set[str]:
    """Head nouns: the last word and the word before "of" ("box of chocolates" -> box, chocolates)."""
    heads = {words[-1]} if words else set()
    if "of" in words and words.index("of") > 0:
        heads.add(words[words.index("of") - 1])
    return heads - STOP_WORDS


def names_match(ours: str, truth: str) -> bool:
    """True when our name plausibly names the true object.

    >>> names_match("lamp", "brass lamp"), names_match("box of chocolates", "box")
    (True, True)
    >>> names_match("silver sword", "silver coin"), names_match("lamp", "brass lantern")
    (False, False)
    >>> names_match("crumpled piece of paper", "crumpled piecf paper"), names_match("sand", "s")
    (True, True)
    """
    a, b = normalise(ours), normalise(truth)
    if not a or not b:
        return False
    if len("".join(b)) <= 2:  # a tree name clipped to a letter or two: judge by its first letters only
        return "".join(a).startswith("".join(b))
    if a == b or _covered(a, b) or _covered(b, a) or _abbreviates("".join(b), "".join(a)):
        return True
    return any(word_match(x, y) for x in _heads(a) for y in _heads(b))


def _abbreviates(short: str, long_: str) -> bool:
    """True when short is a clipped form of long_ (object-tree names are often cut in the middle).

    >>> _abbreviates("sleepllet", "sleepingpallet"), _abbreviates("gassk", "gasmask")
    (True, True)
    >>> _abbreviates("sword", "swordfish"), _abbreviates("coin", "cube")
    (False, False)
    """
    if len(short) >= len(long_) or len(short) < 0.4 * len(long_) or short[:3] != long_[:3]:
        return False
    if long_.startswith(short):
        return False  # a plain prefix is a different word, not a clipped one
    rest = iter(long_)
    return all(ch in rest for ch in short)


def _distinct(names: list[str]) -> list[str]:
    """Names with duplicates (after normalisation) removed, order kept."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for name in names:
        key = tuple(normalise(name))
        if key not in seen:
            seen.add(key)
            out.append(name)
    return out


def inventory_matches(ours: list[str], truth: list[str]) -> bool:
    """True when a one-to-one matching pairs every name of both inventories.

    >>> inventory_matches(["lamp", "sword"], ["elvish sword", "brass lamp"])
    True
    >>> inventory_matches(["lamp"], ["brass lamp", "sword"])
    False
    >>> inventory_matches(["coins"], ["coin", "coin"])
    True
    >>> inventory_matches([], [])
    True
    >>> inventory_matches(['"cave" cube', '"chasm" cube'], ["cube", "cube"])
    True
    """
    # Objects one to one first; failing that, identical names on each side once (a grouped listing).
    return _bijection(ours, truth) or _bijection(_distinct(ours), _distinct(truth))


def _bijection(a: list[str], b: list[str]) -> bool:
    """True when a one-to-one matching pairs every name of a with a name of b."""
    if len(a) != len(b):
        return False
    partner: dict[int, int] = {}  # index in b -> index in a

    def assign(i: int, seen: set[int]) -> bool:
        for j, name in enumerate(b):
            if j not in seen and names_match(a[i], name):
                seen.add(j)
                if j not in partner or assign(partner[j], seen):
                    partner[j] = i
                    return True
        return False

    return all(assign(i, set()) for i in range(len(a)))


def counted_truth(carried: list[str], inventory_reply: str) -> list[str]:
    """Carried object-tree names that the game's own answer to "inventory" mentions.

    Object trees also hold things no player would call carried (body parts, the player's own
    clothing slots, internal flags); an object counts only if one of its content words appears in
    what the game prints for "inventory" in a side copy of the same state. A carried object whose
    tree name is unreadable ("(77)", a clipped "mb") or only loosely mentioned ("eye one") takes, by
    elimination, the name of a listed entry that no other carried object's name accounts for.

    >>> counted_truth(["pair hands", "brass lamp"], "You are carrying:\\n  a brass lamp")
    ['brass lamp']
    >>> counted_truth(["(77)", "brass lamp"], "You are carrying:\\n  a gold coin\\n  a brass lamp")
    ['gold coin', 'brass lamp']
    >>> counted_truth(["eye one", "lens"], "You are carrying:\\n  a lens\\n  a blue eye-like pearl")
    ['blue eye-like pearl', 'lens']
    >>> counted_truth(["(77)", "(my_coin)"], "You are carrying:\\n  a gold coin\\n  a silver coin")
    ['silver coin', '(my_coin)']
    """
    if not _answered(inventory_reply):
        return list(carried)  # the game did not answer the question (a menu, a refusal): count all
    entries = _top_level_entries(inventory_reply)
    listed = {i for i, name in enumerate(carried) if any(names_match(e, name) for e in entries)}
    paired = pairing(entries, [carried[i] for i in sorted(listed)])
    leftovers = [e for j, e in enumerate(entries) if j not in paired]
    reply_words = normalise(inventory_reply)
    counted = []
    for index, name in enumerate(carried):
        words = [w for w in normalise(name) if w not in STOP_WORDS and len(w) >= 3]
        if index in listed:
            counted.append(name)
        elif leftovers:
            counted.append(leftovers.pop(0))
        elif any(word_match(w, r) for w in words for r in reply_words):
            counted.append(name)
    return counted


def _answered(reply: str) -> bool:
    """True when a reply answers "inventory" (a listing, an empty-handed reply, or words about carrying).

    >>> _answered("You are carrying:\\n  a lamp"), _answered("You have two options: go down or west.")
    (True, False)
    """
    from autofrotz.managers.item_parser import parse_inventory

    return parse_inventory(reply) is not None or bool(ANSWERED.search(reply))


def pairing(entries: list[str], names: list[str]) -> set[int]:
    """Indices of the entries a largest one-to-one matching gives to the names."""
    owner: dict[int, int] = {}  # entry index -> name index

    def assign(i: int, seen: set[int]) -> bool:
        for j, entry in enumerate(entries):
            if j not in seen and names_match(entry, names[i]):
                seen.add(j)
                if j not in owner or assign(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(names)):
        assign(i, set())
    return set(owner)


def _top_level_entries(inventory_reply: str) -> list[str]:
    """Names of the objects an inventory reply lists as carried directly."""
    from autofrotz.managers.item_parser import parse_inventory

    listing = parse_inventory(inventory_reply) or []
    return [e.name for e in listing if e.container is None]

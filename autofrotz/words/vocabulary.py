"""The story's own word list, read from its Z-machine dictionary: what its parser can read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Vocabulary:
    """The story's own word list (its Z-machine dictionary): the words its parser can read.

    Not ground truth: every player may read it from the story file. Entries are cut to `zchars`
    Z-characters (6 in version 1-3 stories, 9 later), so words are compared cut the same way.
    An empty vocabulary (unknown) knows every word.
    """

    words: frozenset[str] = frozenset()
    zchars: int = 9
    nouns: frozenset[str] = frozenset()  # the words the story marks as naming objects (empty: unknown)

    def names_a_thing(self, word: str) -> bool:
        """Whether the story marks this word as naming an object (when it does not say, any word it knows).

        >>> Vocabulary(frozenset({"lamp", "small"}), 9, frozenset({"lamp"})).names_a_thing("small")
        False
        """
        if not self.nouns:
            return self.knows(word)
        return cut(word.lower(), self.zchars) in self.nouns

    def knows(self, word: str) -> bool:
        """Whether the parser can read this word.

        >>> v = Vocabulary(frozenset({"lantern", "four-pos"}), 9)
        >>> v.knows("lantern"), v.knows("four-poster"), v.knows("lanterns"), Vocabulary().knows("xyzzy")
        (True, True, False, True)
        """
        return not self.words or cut(word.lower(), self.zchars) in self.words


def cut(word: str, zchars: int) -> str:
    """A word cut to the Z-characters a dictionary entry keeps (letters take 1, other printable 2, rest 4).

    >>> cut("lanterns", 6), cut("four-poster", 9), cut("up", 6)
    ('lanter', 'four-pos', 'up')
    """
    used, kept = 0, []
    for ch in word:
        cost = 1 if "a" <= ch <= "z" else 2 if ch in "0123456789.,!?_#'\"/\\-:()" else 4
        if used + cost > zchars:
            break
        used += cost
        kept.append(ch)
    return "".join(kept)

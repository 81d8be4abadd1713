"""Rule ``too many to carry are looked through``: a heap the player cannot take is searched instead.

Games answer a taking of plural scenery (papers, coins, leaves) with a refusal that they are too many
("There's a lot of leaflets here. You couldn't possibly carry all of them."). What the heap hides is
found by looking through it: the convention of a pile that holds one thing worth taking. The reply's
own word for the heap ("leaflets") is used, since the thing's listed name may be one the parser reads
only in half ("Leaf Let"). Read in runs with a past only, where the turns it costs come out of the time
the replayed path saved.
"""

from __future__ import annotations

import re

RULE = "too many to carry are looked through"
TOO_MANY = re.compile(
    r"\b(?:couldn't|could not|can't|cannot) (?:possibly )?(?:carry|hold|take) (?:all of them|them all|"
    r"that many|so many|all that)\b",
    re.IGNORECASE,
)
HEAP = re.compile(
    r"\b(?:a lot of|lots of|so many|too many|a pile of|piles of|heaps of|stacks of) ([a-z]+)\b", re.I
)


def looks_through(reply: str) -> list[str]:
    """The commands that look through a heap a reply refused to let be carried.

    >>> looks_through("Wow, there's a lot of leaflets here!  You couldn't possibly carry all of them.")
    ['examine leaflets', 'search leaflets']
    >>> looks_through("Taken.")
    []
    """
    text = " ".join(reply.split())
    if not TOO_MANY.search(text):
        return []
    heap = HEAP.search(text)
    return [f"examine {heap.group(1).lower()}", f"search {heap.group(1).lower()}"] if heap else []

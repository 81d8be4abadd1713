"""Where a game's inventory figure is lost: counted per object and step over the scored steps.

- `inv_missed_unnamed`: a carried object (in the truth) that no text the managers read so far named:
  nothing a reader could have done, so the truth counts something the game never shows (a body
  part, scenery the player holds, an object with no short name);
- `inv_missed_listed`: a carried object the game's own answer to "inventory" (asked in a side copy
  at that step) names, yet our inventory has nothing matching it: the item parser missed a line of
  a listing, or took the name in another shape;
- `inv_missed_named`: a carried object some other text named, but not that answer;
- `inv_extra`: a name in our inventory that matches nothing carried.

An object is "named" when the last word of its name (its noun, three letters or more) appeared in a
reply or a side "inventory" answer read before or at that step. Aggregate counts only: reading them
for a check game is measurement, not reading its transcript.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autofrotz.evals.inventory_metrics import names_match

WORD = re.compile(r"[a-z]+")
NOUN_LETTERS = 3


def noun(name: str) -> str | None:
    """The last word of a name with at least NOUN_LETTERS letters (None: "(53)", a nameless object).

    >>> noun("vial of poison"), noun("(53)"), noun("an ox")
    ('poison', None, None)
    """
    words = [w for w in WORD.findall(name.lower()) if len(w) >= NOUN_LETTERS]
    return words[-1] if words else None


@dataclass
class InventoryDiagnosis:
    """Running counts for one game."""

    words: set[str] = field(default_factory=set)
    missed_unnamed: int = 0
    missed_listed: int = 0
    missed_named: int = 0
    extra: int = 0

    def read(self, text: str) -> None:
        """A text the managers read (a reply, a side answer)."""
        self.words.update(WORD.findall(text.lower()))

    def score(self, ours: list[str], truth: list[str], listing: str = "") -> None:
        """One scored step's inventories, with the game's answer to "inventory" at that step."""
        listed = set(WORD.findall(listing.lower()))
        for name in truth:
            if any(names_match(o, name) for o in ours):
                continue
            word = noun(name)
            if word is not None and word in listed:
                self.missed_listed += 1
            elif word is not None and word in self.words:
                self.missed_named += 1
            else:
                self.missed_unnamed += 1
        self.extra += sum(not any(names_match(o, t) for t in truth) for o in ours)

    def figures(self) -> dict[str, int]:
        return {
            "inv_missed_unnamed": self.missed_unnamed,
            "inv_missed_listed": self.missed_listed,
            "inv_missed_named": self.missed_named,
            "inv_extra": self.extra,
        }

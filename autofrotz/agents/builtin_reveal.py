"""What opening or moving something revealed is searched at once: containers and coverings hide
things, and a thing shown by a reply is likelier to matter than one in the scenery."""

from __future__ import annotations

from autofrotz.reading.agent_events import REVEAL


def revealed_searches(text: str) -> list[str]:
    """Search each thing a reply says was revealed (its last two words, as parsers like them).

    >>> revealed_searches("You flip open the lunch box, revealing a stale sandwich.")
    ['search stale sandwich']
    >>> revealed_searches("Moving the rug reveals a trap door.")
    ['search trap door']
    >>> revealed_searches("The box is empty.")
    []
    """
    found = []
    for match in REVEAL.finditer(text):
        words = match.group(1).lower().split()[-2:]
        found.append(f"search {' '.join(words)}")
    return list(dict.fromkeys(found))

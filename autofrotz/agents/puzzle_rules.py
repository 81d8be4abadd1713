"""IF knowledge for puzzle detection as data: reply patterns that reveal an obstacle or clue."""

from __future__ import annotations

import re

from autofrotz.rules.switches import is_on

# (name, pattern, kind), in order: a sentence matching the first pattern that is on becomes a puzzle
# of that kind.
DETECTION_RULES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (name, re.compile(p, re.IGNORECASE), kind)
    for name, p, kind in (
        ("said_locked", r"\b(is|are|seems?|appears?)( to be)? (securely |firmly )?locked\b", "locked"),
        ("said_dark", r"\b(pitch black|too dark to see|it is dark|in the dark)\b", "dark"),
        ("way_barred", r"\b(blocks?|bars?) (your|the) (way|path|passage)\b", "blocked"),
        ("not_let_through", r"\bwon't let you\b", "blocked"),
        ("out_of_reach", r"\bcan't reach\b", "blocked"),
        ("firmly_shut", r"\b(firmly|tightly) (shut|closed)\b", "blocked"),
        ("you_need", r"\byou('ll| will| would)? need\b", "clue"),
        ("perhaps_you", r"\bperhaps you (should|could|need)\b", "clue"),
        ("nothing_happens", r"\bnothing happens\b", "general"),
    )
)

# Words that name a tool for a kind of obstacle: general IF conventions, not one game's objects.
TOOLS_FOR_KIND: dict[str, tuple[str, ...]] = {
    "locked": ("key",),
    "dark": ("lamp", "lantern", "torch", "candle", "light", "flashlight", "match"),
}
ACTION_FOR_KIND: dict[str, str] = {"locked": "unlock {target} with {item}", "dark": "turn on {item}"}
SOLVED_PATTERNS = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (r"\bunlocked\b", r"\byou unlock\b", r"\b(is|are) now (lit|on|open)\b", r"\bopens?\b")
)


def sentences(text: str) -> list[str]:
    """Split story text into sentences.

    >>> sentences("The door is locked. You hear a noise!")
    ['The door is locked.', 'You hear a noise!']
    """
    flat = " ".join(text.split())
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", flat) if s.strip()]


def detect(text: str) -> list[tuple[str, str]]:
    """(sentence, kind) for each sentence that reveals a puzzle.

    >>> detect("A cellar. The door is locked. It is pitch black here.")
    [('The door is locked.', 'locked'), ('It is pitch black here.', 'dark')]
    >>> detect("You need an exit? Try going east.")  # a question poses no obstacle
    []
    """
    found = []
    for sentence in sentences(text):
        if sentence.endswith("?"):
            continue
        for name, pattern, kind in DETECTION_RULES:
            if is_on(name) and pattern.search(sentence):
                found.append((sentence, kind))
                break
    return found


def locked_target(sentence: str) -> str:
    """The noun phrase before 'is locked', for a suggested action.

    >>> locked_target("The oak door is locked.")
    'oak door'
    >>> locked_target("It seems locked.")
    'it'
    """
    match = re.search(r"(?:the\s+)?([\w\s]+?)\s+(?:is|are|seems?)\b", sentence, re.IGNORECASE)
    words = (match.group(1) if match else "it").lower().split()
    return " ".join(w for w in words if w != "the")[-30:] or "it"


def tool_for(kind: str, item_names: list[str]) -> str | None:
    """The first item whose name marks it as the tool for this kind of obstacle.

    >>> tool_for("locked", ["lamp", "small brass key"])
    'small brass key'
    >>> tool_for("blocked", ["lamp"]) is None
    True
    """
    for name in item_names:
        words = name.lower().split()
        if any(tool in words for tool in TOOLS_FOR_KIND.get(kind, ())):
            return name
    return None

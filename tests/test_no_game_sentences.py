"""No sentence of a particular game in the agents, managers, knowledge or maze solver.

The games' own text is every reply of the jericho-supported walkthrough games installed in games/
(each walkthrough played to its end, then a few stock commands asked of a fresh start, so the library
replies every game shares are seen in many games). The text is cut into sentences and each sentence
into word shingles. A shingle found in ``CONVENTION_GAMES`` games or more is a library or convention
phrase ("you can't go that way") and allowed; one found in fewer is a game's own prose. The source of
the scanned packages (string literals, docstrings and doctests, comments: read with ``tokenize``) must
hold none of them outside the reviewed ``ALLOWED`` entries below.
"""

from __future__ import annotations

import io
import re
import tokenize
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

INSTALL_HINT = "run: python -m autofrotz.games install --from ../shared/games"
WALKTHROUGH_GAMES = 29  # the jericho-supported games of ../shared/games
ROOT = Path(__file__).resolve().parent.parent
SCANNED = (
    "autofrotz/agents",
    "autofrotz/managers",
    "autofrotz/knowledge",
    "autofrotz/maze",
    "autofrotz/maze_bridge.py",
    "autofrotz/reading",
)
# Six words: five-word runs are too often plain English any comment may say ("at the end of the",
# "you can see a set of" is already six), while a quoted room description or refusal keeps six words
# of one sentence together. Shingles never cross a sentence end, on both sides.
SHINGLE = 6
CONVENTION_GAMES = 3  # a phrase in this many games or more is a convention, not one game's prose
# Stock commands asked of every game after a fresh start: their replies are the library's refusals.
PROBES = (
    "look", "inventory", "wait", "examine zzxq", "take zzxq", "zzxq", "north", "south", "east", "west",
    "up", "down", "take all", "drop all", "jump", "sleep", "sing", "score", "xyzzy", "again", "open", "read",
)  # fmt: skip

# Reviewed: (file, phrase) -> why it stays; a hit is allowed when its shingle lies within the phrase.
# Each entry is code that reads game text (a pattern or a word list) or a doctest of such code, not an
# example someone could reword; a new entry needs a reason of the same kind.
ALLOWED: dict[tuple[str, str], str] = {
    ("autofrotz/reading/told_ways.py", "north south east west up down"):
        "COMPASS_WORDS: the compass words of every parser, in their usual order; an exit list in one game "
        "(Adventureland) happens to print them in that order",
    ("autofrotz/reading/patterns.py", "north south east west up down"):
        "a refusal pattern's alternation of compass words (every parser's), not a sentence",
    ("autofrotz/managers/room_signals.py", "as far as you can see"):
        "OPEN_TERRAIN_PATTERNS: a plain English idiom for open terrain, in two games here by chance",
    ("autofrotz/reading/patterns.py", "you have moved into a dark place"):
        "DARKNESS_PATTERNS: the darkness message of Infocom's shared library (named so in its comment), "
        "printed by many Infocom titles; here seen only in zork1 and zork2. Reviewed: kept as a convention",
    ("autofrotz/reading/answers.py", "you see nothing special about the"):
        "the Inform library's reply to examining a thing with no description of its own, which "
        "part_in_sight reads; its doctests quote that stock reply",
}  # fmt: skip


def words(text: str) -> list[str]:
    """Lower-case words, punctuation stripped (an apostrophe joins: "can't" -> "cant"), regex escapes
    such as ``\\b`` and ``\\s`` dropped.

    >>> words(r"You can't go\\s+that way!")
    ['you', 'cant', 'go', 'that', 'way']
    """
    text = re.sub(r"\\[a-zA-Z]", " ", text).lower().replace("'", "").replace("\u2019", "")
    return re.findall(r"[a-z0-9]+", text)


def shingles(seq: list[str]) -> Iterator[tuple[str, ...]]:
    for i in range(len(seq) - SHINGLE + 1):
        yield tuple(seq[i : i + SHINGLE])


def _replies(env: Any) -> Iterator[str]:
    """Every reply of the walkthrough, then of the probes from a fresh start."""
    for commands in (env.get_walkthrough(), PROBES):
        obs, _ = env.reset()
        yield obs
        for command in commands:
            obs, _, done, _ = env.step(command)
            yield obs
            if done:
                break


def game_shingles(games_dir: Path) -> dict[tuple[str, ...], set[str]]:
    """shingle -> the games whose replies hold it (within one sentence or line)."""
    import jericho

    from autofrotz.evals.eval_session import supported_games

    found: dict[tuple[str, ...], set[str]] = {}
    for path in supported_games(games_dir):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = jericho.FrotzEnv(str(path))
            try:
                replies = list(_replies(env))
            finally:
                env.close()
        for reply in replies:
            for sentence in re.split(r"[.!?\n]", reply):
                for shingle in shingles(words(sentence)):
                    found.setdefault(shingle, set()).add(path.stem.lower())
    return found


def _kind(tok: tokenize.TokenInfo, starts_statement: bool) -> str | None:
    """A comment, a string that is a statement of its own (a docstring) or any other string."""
    if tok.type == tokenize.COMMENT:
        return "comment"
    if tok.type != tokenize.STRING:
        return None
    return "docstring" if starts_statement else "string"


def source_runs(source: str) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """(kind, [(word, line)]) per run of comments or of adjacent string literals; a sentence end breaks
    a run, so no shingle crosses one.

    >>> [(k, [w for w, _ in ws]) for k, ws in source_runs('x = "a b. c"  # d e\\n')]
    [('string', ['a', 'b']), ('string', ['c']), ('comment', ['d', 'e'])]
    """
    kind: str | None = None
    run: list[tuple[str, int]] = []
    depth, starts_statement = 0, True
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            starts_statement = starts_statement or (tok.type != tokenize.NL and depth == 0)
            continue
        now = _kind(tok, starts_statement)
        if tok.type == tokenize.OP:
            depth += (tok.string in "([{") - (tok.string in ")]}")
        if tok.type != tokenize.COMMENT:
            starts_statement = False
        if now != kind or now is None:
            if run and kind:
                yield kind, run
            kind, run = now, []
        if now is None:
            continue
        for line_no, line in enumerate(tok.string.split("\n"), tok.start[0]):
            for i, part in enumerate(re.split(r"[.!?]", line)):
                if i and run:
                    yield now, run
                    run = []
                run.extend((word, line_no) for word in words(part))
    if run and kind:
        yield kind, run


def source_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        path = ROOT / name
        files.extend([path] if path.is_file() else sorted(path.rglob("*.py")))
    return files


def allowed(rel: str, text: str) -> bool:
    """Within a reviewed phrase of that file."""
    return any(rel == file and text in phrase for file, phrase in ALLOWED)


def game_prose_hits(own: dict[tuple[str, ...], set[str]]) -> list[str]:
    """'file:line (kind) shingle [games]' for every game-own shingle in the scanned source."""
    hits: list[str] = []
    for path in source_files():
        hits.extend(source_hits(str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"), own))
    return hits


def source_hits(rel: str, source: str, own: dict[tuple[str, ...], set[str]]) -> list[str]:
    """The hits of one file's source, one per line."""
    hits: list[str] = []
    seen: set[int] = set()
    for kind, run in source_runs(source):
        for i, shingle in enumerate(shingles([w for w, _ in run])):
            text, line = " ".join(shingle), run[i][1]
            if shingle in own and not allowed(rel, text) and line not in seen:
                seen.add(line)
                hits.append(f"{rel}:{line} ({kind}) {text!r} {sorted(own[shingle])}")
    return hits


@pytest.fixture(scope="module")
def game_own_shingles(games_dir: Path) -> dict[tuple[str, ...], set[str]]:
    found = game_shingles(games_dir)
    games = set().union(*found.values()) if found else set()
    if len(games) < WALKTHROUGH_GAMES:
        pytest.skip(
            f"only {len(games)} of the {WALKTHROUGH_GAMES} walkthrough games are installed; {INSTALL_HINT}"
        )
    return {s: g for s, g in found.items() if len(g) < CONVENTION_GAMES}


def test_source_runs_reads_comments_docstrings_and_strings() -> None:
    source = '"""You are in a quiet place."""\nX = ("go there"\n     " now")  # a comment here\n'
    runs = [(kind, " ".join(w for w, _ in run)) for kind, run in source_runs(source)]
    assert runs == [
        ("docstring", "you are in a quiet place"),
        ("string", "go there now"),
        ("comment", "a comment here"),
    ]


def test_library_phrases_are_conventions(game_own_shingles: dict[tuple[str, ...], set[str]]) -> None:
    """The threshold and the probes work: a stock refusal is no game's own prose."""
    assert tuple(words("You can't see any such thing")) not in game_own_shingles


def test_a_quoted_game_sentence_is_found(game_own_shingles: dict[tuple[str, ...], set[str]]) -> None:
    """A docstring quoting some game's own words (drawn from the games, so none is written here) fails."""
    quoted = " ".join(max(game_own_shingles, key=lambda s: (len("".join(s)), s)))
    source = f'def f():\n    """Reads "{quoted.capitalize()}."."""\n'
    hits = source_hits("x.py", source, game_own_shingles)
    assert len(hits) == 1 and hits[0].startswith("x.py:2 (docstring)")


def test_no_game_sentence_in_the_source(game_own_shingles: dict[tuple[str, ...], set[str]]) -> None:
    hits = game_prose_hits(game_own_shingles)
    assert not hits, "game sentences in the source (replace them by invented ones):\n" + "\n".join(hits)


def test_allow_list_entries_still_match(game_own_shingles: dict[tuple[str, ...], set[str]]) -> None:
    """Every allowed phrase still holds game prose and is still in its file: a stale entry hides nothing."""

    def source_text(file: str) -> str:
        runs = source_runs((ROOT / file).read_text(encoding="utf-8"))
        return " | ".join(" ".join(w for w, _ in run) for _, run in runs)

    stale = [
        (file, phrase)
        for file, phrase in ALLOWED
        if not any(s in game_own_shingles for s in shingles(phrase.split()))
        or phrase not in source_text(file)
    ]
    assert not stale, f"stale allow-list entries: {stale}"

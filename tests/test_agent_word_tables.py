"""The built-in agent's word tables carry no game's knowledge: they share no noun with the walkthroughs
of the jericho-supported games except the reviewed general words below.

Every module-level constant of the agent modules (every module of ``autofrotz/agents``: the built-in
agent's ``builtin_*.py``, ``puzzle_rules.py`` and the rest) that holds strings (sets, lists, tuples,
dicts, nested) is collected programmatically, so a new table is checked without being named here.
A walkthrough noun is a word after a command's verb that the game's own dictionary flags as a noun.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import autofrotz.agents as agents_package


def _words(text: str) -> frozenset[str]:
    """The words of a space-separated list."""
    return frozenset(text.split())


INSTALL_HINT = "run: python -m autofrotz.games install --from ../shared/games"
WALKTHROUGH_GAMES = 29  # the jericho-supported games of ../shared/games
AGENT_MODULES = ("",)  # every module of autofrotz/agents (prefixes of module names)
# English function words some games' dictionaries flag as nouns (articles, pronouns, prepositions, numbers)
FUNCTION_WORDS = _words(
    "a an the some any all i he she we they it them him her his its me my you your this that these those to "
    "of in on at into "
    "onto under over with from about for and or but if then just not one two three four five six seven "
    "eight nine ten"
)

# Reviewed: words general across many games, each kept in a table for the convention its comment names.
# Grouped by why they are general; a new word needs a reason of the same kind. A plural of an allowed
# word is allowed with it.
ALLOWED = _words(
    # compass and vertical directions: every parser's
    "north south east west northeast northwest southeast southwest up down n s e w out "
    # the frame of any description: walls, floors, the parts and places every world has
    "wall floor ground top bottom center thing piece pair entrance exit light time house cave opening "
    # light sources: darkness puzzles since the first cave game
    "lamp lantern torch candle match "
    # locks and keys, doors and the containers players open
    "key door trapdoor window gate hatch lid box chest bag sack bottle cabinet cupboard drawer case jar "
    "curtain "
    # reading matter
    "book note paper letter sign scroll map page label "
    # controls and machines
    "button switch lever handle dial wheel bell machine device slot "
    # what players move, search, climb, enter or stand on
    "rug carpet mat statue painting rock stone pile body table chair bench desk bed tree ladder rope stairs "
    "hole boat "
    # weapons, tools (the prising tools a "need something to prise it" clue fits), clothes and food
    "sword knife axe shovel crowbar bar coat hat food "
    # the people and animals of stock descriptions
    "man woman guard dog cat bird horse "
    # treasure as games name it
    "treasure valuables gold golden silver jewel coin "
    # grammar: size words, modal and stock verbs, words that only qualify a spell's name, clause words
    "old small large huge little tiny short can stand knock ring lock pick first new magic even left "
    # the agents' own data formats: JSON schema types and confidence levels, never story words
    "string items medium"
)


def allowed(word: str) -> bool:
    """On the allow-list, or the plural of a word on it."""
    return word in ALLOWED or (word.endswith("s") and word[:-1] in ALLOWED)


def _strings(value: Any) -> Iterator[str]:
    """Every string inside a (possibly nested) table."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _strings(v)


# Ordered tables of rules (TRAVEL_ROWS, NOTING_ROWS) and lists of rule names hold the names of rules, not
# words the agent looks for in a story's text.
RULE_TABLES = ("_ROWS", "_RULE_NAMES")


def agent_table_words() -> dict[str, set[str]]:
    """word -> the constants ("module.NAME") that hold it, over every agent module."""
    found: dict[str, set[str]] = {}
    for info in pkgutil.iter_modules(agents_package.__path__):
        if not info.name.startswith(AGENT_MODULES):
            continue
        module = importlib.import_module(f"autofrotz.agents.{info.name}")
        for name, value in vars(module).items():
            if not name.isupper() or isinstance(value, str) or name.endswith(RULE_TABLES):
                continue
            for text in _strings(value):
                for word in re.findall(r"[a-z]+", text.lower()):
                    found.setdefault(word, set()).add(f"{info.name}.{name}")
    return found


def _noun_test(env: Any) -> Any:
    """A test for "the game's dictionary calls this word a noun" (dictionary words may be truncated)."""
    entries = [(str(e.word).lower(), bool(e.is_noun)) for e in env.get_dictionary()]
    exact = {word: noun for word, noun in entries}
    cut = [(word, noun) for word, noun in entries if len(word) >= 6]

    def is_noun(token: str) -> bool:
        if token in exact:
            return exact[token]
        return any(noun and token.startswith(word) for word, noun in cut)

    return is_noun


def walkthrough_nouns(games_dir: Path) -> dict[str, set[str]]:
    """noun -> the games whose walkthrough names it (after a command's verb)."""
    import jericho

    from autofrotz.evals.eval_session import supported_games

    nouns: dict[str, set[str]] = {}
    for path in supported_games(games_dir):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env = jericho.FrotzEnv(str(path))
            try:
                steps, is_noun = env.get_walkthrough(), _noun_test(env)
            finally:
                env.close()
        for step in steps:
            for token in re.findall(r"[a-z]+", step.lower())[1:]:
                if token not in FUNCTION_WORDS and is_noun(token):
                    nouns.setdefault(token, set()).add(path.stem.lower())
    return nouns


@pytest.fixture(scope="module")
def game_nouns(games_dir: Path) -> dict[str, set[str]]:
    nouns = walkthrough_nouns(games_dir)
    games = set().union(*nouns.values()) if nouns else set()
    if len(games) < WALKTHROUGH_GAMES:
        pytest.skip(
            f"only {len(games)} of the {WALKTHROUGH_GAMES} walkthrough games are installed; {INSTALL_HINT}"
        )
    return nouns


def test_collector_sees_the_tables() -> None:
    words = agent_table_words()
    assert "door" in words and "builtin_words.OPENABLE" in words["door"]
    assert any(name.startswith("puzzle_rules.") for names in words.values() for name in names)


def test_no_walkthrough_noun_outside_the_allow_list(game_nouns: dict[str, set[str]]) -> None:
    words = agent_table_words()
    overlap = sorted(x for x in set(words) & set(game_nouns) if not allowed(x))
    detail = [f"{x}: in {sorted(words[x])}, games {sorted(game_nouns[x])}" for x in overlap]
    assert not overlap, "agent tables hold walkthrough nouns:\n" + "\n".join(detail)


def test_allow_list_holds_only_walkthrough_nouns(game_nouns: dict[str, set[str]]) -> None:
    """Every allowed word is a noun of some walkthrough: any other entry allows nothing and hides nothing."""
    stale = sorted(ALLOWED - set(game_nouns))
    assert not stale, f"allow-list words no walkthrough names: {stale}"

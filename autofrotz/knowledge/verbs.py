"""The story's own verbs: the words its dictionary marks as verbs that the common library does not have.

An author adds a verb to the parser because some moment of the story needs it (a word to chant, a
thing to paint), so a verb the library lacks is worth a try where a later run has turns to spare.
``LIBRARY_VERBS`` is the verb grammar most stories share (the Inform library's, which the Infocom
games share almost all of): the verbs found in at least 30% of the dictionaries of the dev split of
our corpus (counted once; no game's own words, no check game read). ``OUT_OF_GAME`` are the verbs
authors add to talk about the game rather than play it (help, hints, credits): never tried.
"""

from __future__ import annotations

from pathlib import Path

from autofrotz.game_interface import dictionary_verbs

_LIBRARY = """
    adjust answer ask attach attack awake awaken blow bother break burn buy carry check chop clean
    clear climb close consult cover crack cross curses cut damn darn describe destroy dig discard
    display disrobe dive doff don drag drat drink drop dust eat embrace empty enter examine exit
    fasten feed feel fight fill fix fondle fuck get give go grope hear help hit hold hop hug i in
    insert inside inv inventory jump kill kiss l leave lie light listen lock look move murder nap no
    offer open out outside pay peel pick polish pray present press prune pry pull punch purchase
    push put read remove rotate rub run say scale screw scrub search set shed shift shine shit shout
    show shut sing sip sit skip sleep slice smash smell sniff sod sorry speak squash squeeze stand
    swallow sweep swim swing switch take taste tell think throw thump tie torture touch transfer
    turn twist uncover undo unlock unscrew unwrap wait wake walk watch wave wear wipe wreck x y yes
    z
    """
_OUT_OF_GAME = """
    about backgroun background credits diag diagnose exits footnote health help hint hints info
    instructi instructions menu quotes status who what you disable enable review
    """
LIBRARY_VERBS = frozenset(_LIBRARY.split())
OUT_OF_GAME = frozenset(_OUT_OF_GAME.split())
OWN_VERBS_KEPT = 40  # a dictionary with more unusual verbs than this: the first 40 (in dictionary order)


def own_verbs(verbs: list[str]) -> list[str]:
    """The story's own verbs among its dictionary's verbs (``verbs``), in dictionary order.

    >>> own_verbs(["chant", "examine", "hint", "take", "xyzzy"])
    ['chant', 'xyzzy']
    """
    own = [v for v in verbs if v.isalpha() and v not in LIBRARY_VERBS and v not in OUT_OF_GAME]
    return own[:OWN_VERBS_KEPT]


def story_verbs(path: Path) -> list[str]:
    """The own verbs of the story file at ``path`` ([] when its dictionary cannot be read)."""
    return own_verbs(dictionary_verbs(path))

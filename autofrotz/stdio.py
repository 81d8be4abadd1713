"""Keep native writes off our standard output.

The in-process interpreter (jericho's Frotz) writes some things straight to file descriptor 1: a
game that rings the bell puts BEL characters there, ahead of a `--json` object. At start we move
descriptor 1 to standard error and give Python's sys.stdout a private copy of the real standard
output, so only our own prints reach it and anything native lands on standard error.
"""

from __future__ import annotations

import atexit
import os
import sys

_done = False


def keep_native_output_off_stdout() -> None:
    """Point descriptor 1 at standard error; sys.stdout keeps writing to the original stdout."""
    global _done
    if _done:
        return
    try:
        sys.stdout.flush()
        real = os.dup(1)
        os.dup2(2, 1)
    except (OSError, ValueError, AttributeError):
        return  # no real descriptors (an embedding host): nothing to protect
    stream = open(  # noqa: SIM115 - lives as long as the process
        real,
        "w",
        encoding=sys.stdout.encoding or "utf-8",
        errors=getattr(sys.stdout, "errors", None) or "strict",
        buffering=1 if os.isatty(real) else -1,
    )
    sys.stdout = stream
    atexit.register(stream.flush)
    _done = True

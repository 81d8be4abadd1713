"""`python tests/support/short_watchdog.py SECONDS ARGS...`: main.py with a short step deadline."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from autofrotz.watchdog import WATCHDOG  # noqa: E402


def main() -> None:
    """Run main.py with the arguments after SECONDS, its step deadline set to SECONDS."""
    WATCHDOG.deadline_s = float(sys.argv[1])
    sys.argv = [str(ROOT / "main.py"), *sys.argv[2:]]
    runpy.run_path(str(ROOT / "main.py"), run_name="__main__")


if __name__ == "__main__":  # a script, never run on import (pytest imports it for doctests)
    main()

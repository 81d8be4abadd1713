"""Ctrl-C for a child process as a terminal gives it.

A suite started in the background of a shell inherits SIGINT ignored, and a Python child then never
turns SIGINT into KeyboardInterrupt; tests that send Ctrl-C start their child with this as
`preexec_fn`.
"""

import signal


def default_ctrl_c() -> None:
    """Give the child SIGINT's default handling (run in the child before it execs)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)

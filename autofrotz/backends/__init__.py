"""Interpreter back ends behind autofrotz.game_interface (jericho in-process, dfrotz as a process)."""

BACKENDS: tuple[str, ...] = ("jericho", "dfrotz")

"""In-process Frotz through the jericho package: full text, in-memory saves, the object tree."""

from __future__ import annotations

import base64
import json
import warnings
import zlib
from pathlib import Path
from typing import Any

import jericho
import numpy as np

from autofrotz.backends import zmachine
from autofrotz.backends.base import GameInterface, GameInterfaceError, GameNotRunningError, GroundTruth
from autofrotz.backends.memory_truth import MemoryTruth
from autofrotz.reading.outcomes_prompts import KEY_WAIT, PRESS_KEY, awaiting_key
from autofrotz.watchdog import WATCHDOG

DEFAULT_SEED = 42
EAGER_PROBES = 30  # truth reads that each try the side-copy discovery while the player is unknown
REPROBE_EVERY = 5  # after that (or to learn only the room level), truth reads between two tries
OPENING_KEYS = 3  # "press a key" pages answered before the first prompt (a title page, then a credits page)
_STATE_FIELDS = ("pc", "sp", "fp", "frame_count", "opcode")


class JerichoBackend(GameInterface):
    """Jericho's FrotzEnv. For games jericho has no bindings for, the player object, room and score
    come from our memory reader (backends/memory_truth.py); moves from Inform's turns global."""

    backend = "jericho"
    in_process = True

    def __init__(self, path: Path, seed: int | None) -> None:
        super().__init__(path, seed)
        self._env: Any = None
        self._slots: dict[str, tuple[Any, ...]] = {}
        self._story = path.read_bytes()
        self._supported = False
        self._location_global: int | None = None
        self._truth = MemoryTruth()
        self._probe_wait = 0
        self._probes_left = EAGER_PROBES
        self._last_text = ""

    def _start(self) -> str:
        if self._env is None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", jericho.UnsupportedGameWarning)
                self._env = jericho.FrotzEnv(str(self.path), seed=self.seed)
            self._supported = bool(self._env.is_fully_supported)
            if self.seed is None and self._env._seed == -1:
                self._env.seed(DEFAULT_SEED)  # no walkthrough seed: pin one rather than use the clock
        text, _info = self._env.reset()
        if not self._supported:
            text = self._past_opening_keys(text)
        self._location_global = self._find_location_global()
        known = self.knows_player
        self._truth = MemoryTruth(int(self._env.player_obj_num) if known else None, follow_switches=not known)
        self._probe_wait = 0
        self._probes_left = EAGER_PROBES
        self._last_text = text
        return text if self._supported else strip_status_line(text)

    def _past_opening_keys(self, text: str) -> str:
        """Answer "press a key" pages before the first prompt, as the dfrotz back end does: a story
        jericho has no bindings for would otherwise take the agent's first command as that key, or
        (a story waiting for one named key, "Please press SPACE") ignore every command it is sent."""
        page = text
        for _ in range(OPENING_KEYS):
            if not PRESS_KEY.search(" ".join(page.split())):
                break
            page, *_ = self._env.step("")
            text += page
        return text

    def _step(self, command: str) -> tuple[str, int | None, int | None]:
        text, _reward, _done, info = self._env.step(command)
        self._last_text = text
        if self._supported:
            return text, info["score"], info["moves"]
        score, moves = self.score_and_moves_from_memory()
        return strip_status_line(text), score, moves

    def score_now(self) -> int | None:
        """Jericho's score where it has bindings, else the memory reader's once the game confirmed it."""
        if self._env is None:
            return None
        if self._supported:
            return int(self._env.get_score())
        return self._in_own_folder(lambda _: self.score_and_moves_from_memory()[0], "")

    def _memory(self) -> bytes:
        ram = self._env._get_ram().tobytes()
        return ram + self._story[len(ram) :]

    def _find_location_global(self) -> int | None:
        return zmachine.location_global(self._memory())

    def score_and_moves_from_memory(self) -> tuple[int | None, int | None]:
        """Score (only once the game's own reply to "score" confirmed it, else None) and moves."""
        if self._location_global is None:
            return None, None
        mem = self._memory()
        base = self._location_global
        score = self._truth.score(mem, base + 1, self._ask_score, self._last_text)
        return score, zmachine.global_var(mem, base + 2)

    def _ask_score(self) -> str | None:
        if awaiting_key(self._last_text):
            return None
        return self._side_step("score")[0]

    def _side_step(self, command: str) -> tuple[str, bytes]:
        """A command's reply and the memory after it, in a copy of the state that is then put back;
        under the step watchdog, as every step of the story is (a side step can loop for ever too)."""
        state = self._env.get_state()
        watched = WATCHDOG.watching
        if not watched:
            WATCHDOG.begin()
        try:
            text, *_ = self._env.step(command)
            return text, self._memory()
        finally:
            if not watched:
                WATCHDOG.end()
            self._env.set_state(state)

    def _state_before(self) -> object:
        return self._env.get_state()

    def _answers(self) -> bool:
        if self.halted:  # a runtime error: every later command is answered by the same line
            return False
        text = self._side_step("look")[0]
        text = text if self._supported else strip_status_line(text)  # a status line alone is no answer
        return bool(text.strip().strip(">").strip())

    def _go_back(self, state: object) -> None:
        self._set_state(state)

    def _save(self, slot: str) -> None:
        self._slots[slot] = self._env.get_state()

    def _restore(self, slot: str) -> None:
        if slot not in self._slots:
            raise GameInterfaceError(f"no saved slot '{slot}'; saved: {sorted(self._slots)}")
        self._set_state(self._slots[slot])

    def _set_state(self, state: object) -> None:
        """Put a stored state back. The emulator keeps a runtime error's halt through set_state (a side
        copy's command that hit one would leave the run halted), so a halted emulator is reset first."""
        if self.halted:
            self._env.reset()
        self._env.set_state(state)

    def export_state(self, slot: str) -> bytes:
        """The slot as compressed JSON (RAM and stack in base64), safe to load back."""
        if slot not in self._slots:
            raise GameInterfaceError(f"no saved slot '{slot}'")
        return encode_state(self._slots[slot])

    def import_state(self, slot: str, data: bytes) -> None:
        """Make an exported state restorable under slot, once it is one Frotz survives (check_state)."""
        self._slots[slot] = check_state(decode_state(data), self._story)

    def ground_truth(self) -> GroundTruth:
        """The room holding the player (walking up through vehicles and containers), the inventory and
        the score: jericho's own answers where it has bindings, our memory reader elsewhere.

        Raises TruthUnknownError when the memory reader cannot tell where the player is."""
        if self._env is None or not self._running:
            raise GameNotRunningError("ground_truth() needs a started game")
        mem = self._memory()
        self._learn_layout(mem)
        location = (
            zmachine.global_var(mem, self._location_global) if self._location_global is not None else None
        )
        placed = self._truth.place(mem, location)
        if self.knows_player:
            # jericho's player and score; the same objects get_inventory() names, with their full names
            # (its own list clips names and stops at an object past its object count, as in Advent)
            score: int | None = int(self._env.get_score())
            source = "jericho"
        else:
            score, _moves = self.score_and_moves_from_memory()
            source = "memory"
        room = placed.room
        return GroundTruth(
            room.name,
            room.num,
            placed.inventory,
            score,
            source,
            tuple(placed.around),
            tuple(placed.within),
            tuple(placed.around_nums),
            tuple(placed.within_nums),
        )

    @property
    def halted(self) -> bool:
        """True once the interpreter stopped on a runtime error (jericho then answers every command
        with "Emulator halted due to runtime error.")."""
        return self._env is not None and bool(self._env._emulator_halted())

    @property
    def knows_player(self) -> bool:
        """Jericho's player object is trusted: full support with complete bindings (a walkthrough), or
        no bindings at all (jericho's generic TextWorld support). Partial bindings (sherbet's) name an
        object that is not the player, so those games go to the memory reader."""
        bindings = self._env.bindings if self._env is not None else None
        return self._supported and (not bindings or "walkthrough" in bindings)

    def _learn_layout(self, mem: bytes) -> None:
        """Run the side-copy discovery until it has learned the player and the room level."""
        layout = self._truth.layout
        if layout.player is not None and layout.holder is not None:
            return
        if self._probe_wait > 0:
            self._probe_wait -= 1
            return
        if _inside_key_wait(self._last_text):
            return
        self._truth.discover(mem, self._side_step)
        self._probes_left -= 1
        if self._truth.layout.player is not None or self._probes_left <= 0:
            self._probe_wait = (
                REPROBE_EVERY  # the room level alone, or a long unknown stretch: try less often
            )

    def _close(self) -> None:
        if self._env is not None:
            self._env.close()
            self._env = None


def _inside_key_wait(text: str) -> bool:
    """True when the game may be waiting for a key press (it asked for one anywhere in its output,
    or printed nothing at all): a side copy restored there loses the key the real game waits for,
    and the game never moves on."""
    return not text.strip() or KEY_WAIT.search(text) is not None


def strip_status_line(text: str) -> str:
    """Drop the trailing prompt line, where jericho leaves an unknown game's status line.

    >>> strip_status_line("Taken.\\n\\n>          HallScore: 0Moves: 3")
    'Taken.\\n\\n'
    >>> strip_status_line("No prompt here.\\n")
    'No prompt here.\\n'
    """
    cut = text.rfind("\n>")
    if cut < 0 or "\n" in text[cut + 1 :]:
        return text
    return text[: cut + 1]


def encode_state(state: tuple[Any, ...]) -> bytes:
    """Serialise a jericho state tuple without pickle."""
    ram, stack, pc, sp, fp, frame_count, opcode, rng, narrative = state
    doc: dict[str, Any] = {
        k: int(v) for k, v in zip(_STATE_FIELDS, (pc, sp, fp, frame_count, opcode), strict=True)
    }
    doc.update(ram=_b64(ram.tobytes()), stack=_b64(stack.tobytes()), narrative=_b64(narrative))
    doc["rng"] = [int(x) for x in rng]
    return zlib.compress(json.dumps(doc).encode("ascii"))


def decode_state(data: bytes) -> tuple[Any, ...]:
    """The inverse of encode_state."""
    try:
        inflate = zlib.decompressobj()
        text = inflate.decompress(data, MAX_STATE_BYTES)
        if inflate.unconsumed_tail:
            raise ValueError(f"it unpacks to more than {MAX_STATE_BYTES} bytes")
        doc = json.loads(text)
        ram = np.frombuffer(base64.b64decode(doc["ram"]), dtype=np.uint8).copy()
        stack = np.frombuffer(base64.b64decode(doc["stack"]), dtype=np.uint8).copy()
        ints = [int(doc[k]) for k in _STATE_FIELDS]
        rng = tuple(int(x) for x in doc["rng"])
        return (ram, stack, *ints, rng, base64.b64decode(doc["narrative"]))
    except (zlib.error, ValueError, KeyError, TypeError) as exc:
        raise GameInterfaceError(f"not an exported jericho state: {str(exc)[:120]}") from None


MAX_STATE_BYTES = 4 * 1024 * 1024  # a Z-machine state is under a few hundred kilobytes, packed as JSON
STACK_BYTES = 2048  # Frotz's stack: 1,024 16-bit words
NARRATIVE_BYTES = 64 * 1024
_HEADER_TABLES = slice(0x04, 0x10)  # high memory, initial PC, dictionary, objects, globals, static base


def check_state(state: tuple[Any, ...], story: bytes) -> tuple[Any, ...]:
    """The state, if Frotz can be set to it without reading or jumping outside its memory; else a
    GameInterfaceError naming what is out of range (a crafted database must not crash the process)."""
    ram, stack, pc, sp, fp, frame_count, opcode, rng, narrative = state
    dynamic = zmachine.word(story, 0x0E)
    problems = [
        (len(ram) != dynamic, f"its memory holds {len(ram)} bytes, the story's dynamic memory {dynamic}"),
        (bytes(ram[_HEADER_TABLES]) != story[_HEADER_TABLES], "its header points at other tables"),
        (len(stack) != STACK_BYTES, f"its stack holds {len(stack)} bytes, not {STACK_BYTES}"),
        (not 0 < pc < len(story), f"its program counter {pc} lies outside the story"),
        (not 0 <= sp <= fp <= STACK_BYTES // 2, f"its stack pointers ({sp}, {fp}) lie outside the stack"),
        (not 0 <= frame_count < STACK_BYTES // 2, f"it claims {frame_count} call frames"),
        (not 0 <= opcode < 256, f"its opcode {opcode} is not one"),
        (len(rng) != 3 or any(not -(2**31) <= x < 2**31 for x in rng), "its random-number state is not one"),
        (len(narrative) > NARRATIVE_BYTES, "its last text is too long"),
    ]
    bad = next((why for failed, why in problems if failed), None)
    if bad is not None:
        raise GameInterfaceError(f"the stored interpreter state is refused: {bad}")
    return state


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def dictionary_verbs(path: Path) -> list[str]:
    """The words a story's dictionary marks as verbs, meta verbs left out (jericho reads the parts of
    speech from the story file, Infocom's and Inform's layouts alike); [] when it cannot."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", jericho.UnsupportedGameWarning)
            env = jericho.FrotzEnv(str(path))
        try:
            return sorted({str(x.word) for x in env.get_dictionary() if x.is_verb and not x.is_meta})
        finally:
            env.close()
    except Exception:  # a story jericho cannot read: no verbs, the agent plays as before
        return []

"""The agent's own choice, stage by stage (builtin_rules.py): the queue, this room, the walks."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass

from autofrotz.agents import builtin_words as w
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_base import (
    FALLBACKS,
    FEW_ROOMS,
    INVENTORY_ROOM,
    QUEUE_LIMIT,
    RIDES,
    VISIT_BUDGET,
    AgentBase,
)
from autofrotz.agents.builtin_devices import renamed
from autofrotz.agents.builtin_explore import Explorer
from autofrotz.agents.builtin_getaway import getaway
from autofrotz.agents.builtin_idle import EVERY_WORD_RULE, next_late_action, room_sweep, unexamined_words
from autofrotz.agents.builtin_memory import DURABLE
from autofrotz.agents.builtin_readings import (
    room_dark,
)
from autofrotz.agents.builtin_switch import on
from autofrotz.agents.builtin_tactics import (
    Scene,
    allowed,
    carried,
    examine_actions,
    inventory_actions,
    key_hunt,
    named_room_actions,
    room_actions,
    short,
)
from autofrotz.agents.builtin_tactics import urgent as urgent_actions
from autofrotz.agents.builtin_ways import (
    known_name,
)

log = logging.getLogger(__name__)


class Choosing(AgentBase):
    """The agent's own choice, stage by stage (builtin_rules.py): the queue, this room, the walks."""

    def _scene(self, ctx: TurnContext) -> Scene:
        room = ctx.room_id
        nouns = renamed(list(self.mem.seen.nouns.get(room or "?", [])), self.mem)
        text = ctx.last_output or ""
        creatures = w.threatening(text, nouns + ctx.visible_items)
        dark = ctx.reading.dark_said or room_dark(ctx)
        locked = room in self.mem.seen.locked_rooms
        inventory = self._carried_names()
        bad = frozenset(self.mem.vocab.bad_words)
        visible = [
            known_name(v, short(v), ctx.vocabulary) for v in renamed(list(ctx.visible_items), self.mem)
        ]
        return Scene(room, nouns, visible, inventory, text, dark, locked, creatures, bad)

    def _choose(self, ctx: TurnContext, scene: Scene) -> tuple[str, str, str | None]:
        mem, room = self.mem, ctx.room_id
        if mem.now.visit_room != room:
            mem.now.visit_room, mem.now.visit_actions = room, 0
        escape = getaway(self.mem, ctx, scene)
        if escape:
            return escape, "get away from danger (a death here, or darkness without a light)", room
        for reason, command in self._local_options(ctx, scene):
            if allowed(command, room, mem):
                return command, reason, room
        for command in inventory_actions(scene):
            if allowed(command, INVENTORY_ROOM, mem, room):
                return command, "look at what I carry", INVENTORY_ROOM
        return self._travel(ctx, scene)

    def _local_options(self, ctx: TurnContext, scene: Scene) -> list[tuple[str, str]]:
        """(reason, command) of every row of LOCAL_ROWS, in order (the first allowed one is sent)."""
        self.mem.plans.trim(QUEUE_LIMIT)
        return [option for _rule, options in LOCAL_ROWS for option in options(self, ctx, scene)]

    def _queued(self, ctx: TurnContext, scene: Scene) -> list[tuple[str, str]]:
        """The follow-up queue, each command under the rule that queued it."""
        return [(f"{q.rule} (queued)", q.command) for q in self.mem.plans.queue]

    def _urgent(self, ctx: TurnContext, scene: Scene) -> list[tuple[str, str]]:
        return [("urgent: light the dark, fight what attacks", c) for c in urgent_actions(scene, self.mem)]

    def _puzzle_hints(self, ctx: TurnContext, scene: Scene) -> list[tuple[str, str]]:
        return [("puzzle hint", s.action) for s in ctx.suggestions if s.confidence in ("high", "medium")]

    def _key_hunt(self, ctx: TurnContext, scene: Scene) -> list[tuple[str, str]]:
        if scene.dark and not self.mem.now.lit:
            return []
        return [("hunt-for-a-key (something here is locked)", c) for c in key_hunt(scene)]

    def _room_actions(self, ctx: TurnContext, scene: Scene) -> list[tuple[str, str]]:
        """This room's actions (builtin_tactics.named_room_actions), each under its rule, within the visit's
        budget."""
        if self.mem.now.visit_actions >= VISIT_BUDGET or (scene.dark and not self.mem.now.lit):
            return []
        return [(rule, command) for command, rule in named_room_actions(scene, self.mem)]

    def _travel(self, ctx: TurnContext, scene: Scene) -> tuple[str, str, str | None]:
        """The first travel row (TRAVEL_ROWS) with a command, else idling."""
        leads = (
            ("take-a-key-to-its-lock", self._lock_waits),
            ("use-a-thing-for-its-purpose", lambda r: bool(self._uses_here(r))),
        )
        explorer = Explorer(ctx.map, self.mem, self._pending_rooms, self._examine_here(ctx, scene), leads)
        here = Where(ctx, scene, explorer, ctx.room_id, scene.dark and not self.mem.now.lit)
        for _rule, propose in TRAVEL_ROWS:
            chosen = propose(self, here)
            if chosen is not None:
                return chosen
        return (*self._idle(), here.room)

    def _explore(self, t: Where) -> Choice | None:
        """Rows try-an-exit ... walk-to-unexplored (builtin_explore.py), and light-before-going-down."""
        step, reason = t.explorer.next_step(t.room)
        if not step:
            return None
        if step in ("down", "d") and not self.mem.now.lit and carried(t.scene, w.LIGHTS):
            lamp = short(carried(t.scene, w.LIGHTS)[0])
            if allowed(f"turn on {lamp}", t.room, self.mem):
                return f"turn on {lamp}", "light the lamp before going down", t.room
        return step, reason, t.room

    def _ride_on(self, t: Where) -> Choice | None:
        """Row ride-again-to-unwalked-floors: work the lift here again, or walk to one."""
        ride = self._ride_again(t.room)
        if ride:
            return ride, "ride-again-to-unwalked-floors", t.room
        step = t.explorer.step_towards(t.room, lambda r: bool(self._rides_left(r))) if t.room else None
        return (step, "ride-again-to-unwalked-floors: walk to the ride", t.room) if step else None

    def _few_rooms(self, t: Where) -> Choice | None:
        """Row few-rooms: nowhere left to walk in a one-room game, the visit budget no longer applies."""
        if len(t.ctx.known_rooms) > FEW_ROOMS or t.unlit:
            return None
        rest = [c for c in room_actions(t.scene, self.mem) if allowed(c, t.room, self.mem)]
        return (rest[0], "nowhere else to go: keep trying things here", t.room) if rest else None

    def _walk_to_examine(self, t: Where) -> Choice | None:
        """Row walk-to-examine."""
        step = t.explorer.step_towards(t.room, self._examine_pending) if t.room else None
        return (step, "walk to a room with things not yet examined", t.room) if step else None

    def _every_word(self, t: Where) -> Choice | None:
        """Row examine-every-word-when-all-else-is-done (off in a fresh run)."""
        if not (self._every_word_on() and on(EVERY_WORD_RULE)) or t.unlit:
            return None
        words = [c for c in unexamined_words(t.scene, self.mem) if allowed(c, t.room, self.mem)]
        if words:
            return words[0], EVERY_WORD_RULE, t.room
        step = t.explorer.step_towards(t.room, self._words_pending) if t.room else None
        return (
            (step, f"{EVERY_WORD_RULE}: walk to a room with words not yet examined", t.room) if step else None
        )

    def _wider_pool(self, t: Where) -> Choice | None:
        """Row wider-pool: a later run's wider pool (knowledge/widen.py), under the rule it names."""
        wider = None if self.advice is None else self.advice.wider
        wide = None if wider is None or t.unlit else wider(t.ctx, t.scene)
        return (wide[0], wide[1], t.room) if wide else None

    def _other_verbs(self, t: Where) -> Choice | None:
        """Row other-verbs: everything usual is done here."""
        late = None if t.unlit else next_late_action(t.scene, self.mem)
        return (late[0], "everything usual is done: try other verbs", late[1]) if late else None

    def _walk_to_sweep(self, t: Where) -> Choice | None:
        """Row walk-to-sweep."""
        step = t.explorer.step_towards(t.room, self._sweep_pending) if t.room else None
        return (step, "walk to a room with things not yet handled every way", t.room) if step else None

    def _rides_left(self, room: str | None) -> list[str]:
        """The controls that moved this room (a lift's buttons), fewest rides first, each ridden fewer than
        RIDES times."""
        rides = self.mem.seen.rides
        here = [k for k in rides if k.split("|", 1)[0] == (room or "?") and rides[k] < RIDES]
        return [k.split("|", 1)[1] for k in sorted(here, key=lambda k: rides[k])]

    def _ride_again(self, room: str | None) -> str | None:
        """Rule ride-again-to-unwalked-floors: nothing is left to explore from here, and a control of this
        room moved it before. A lift is one room object whose exits lead to another floor after each
        ride, and the map keeps only the latest: the floors seen earlier are reached again only by
        riding. The control is worked again; step-out-where-the-room-moved-to then walks its exits."""
        left = self._rides_left(room)
        if not left:
            return None
        key = f"{room or '?'}|{left[0]}"
        self.mem.seen.rides[key] += 1  # counted now too: a ride that no longer moves still ends
        return left[0]

    def _examine_pending(self, room: str) -> bool:
        """Whether a (lit) room still has things to examine."""
        if not self.mem.now.lit and self._map_dark(room):
            return False
        scene = self._remote_scene(room)
        return any(allowed(c, room, self.mem) for c in examine_actions(scene, self.mem))

    def _words_pending(self, room: str) -> bool:
        """Whether a (lit) room names a word never examined there (rule examine-every-word-when-...)."""
        if not self.mem.now.lit and self._map_dark(room):
            return False
        return any(allowed(c, room, self.mem) for c in unexamined_words(self._remote_scene(room), self.mem))

    def _lock_waits(self, room: str) -> bool:
        """Rule take-a-key-to-its-lock: a room where something was found locked, and a key we carry
        that was never tried in its lock there."""
        if room not in self.mem.seen.locked_rooms:
            return False
        keys = [k for k in self._carried_names() if w.has_class(k, w.KEYS)]
        if not keys:
            return False
        scene = dataclasses.replace(self._remote_scene(room), locked=True)
        shut = [t for t in self.replies.mem.locked.get(room, [])]
        tries = [f"unlock {t} with {short(k)}" for t in shut for k in keys]
        tries += [c for c, rule in named_room_actions(scene, self.mem) if rule == "unlock-with-a-key"]
        return any(allowed(c, room, self.mem) for c in tries)

    def _sweep_pending(self, room: str) -> bool:
        scene = self._remote_scene(room)
        return any(allowed(c, room, self.mem) for c in room_sweep(scene, self.mem))

    def _examine_here(self, ctx: TurnContext, scene: Scene) -> list[str]:
        if scene.dark and not self.mem.now.lit:
            return []
        return [c for c in examine_actions(scene, self.mem) if allowed(c, ctx.room_id, self.mem)]

    def _idle(self) -> tuple[str, str]:
        mem = self.mem
        mem.now.idle += 1
        if mem.now.idle % 3 == 0:  # the world may have changed since: sweep again
            mem.attempts.fails = {k: v for k, v in mem.attempts.fails.items() if v >= DURABLE}
            mem.attempts.tries = {}
            mem.attempts.dir_tried = {}
            mem.attempts.travel = {}
        return FALLBACKS[mem.now.idle % len(FALLBACKS)], "nothing left to try; waiting for a change"


Choice = tuple[str, str, "str | None"]  # (command, reasoning, the room it is counted in)


@dataclass(frozen=True)
class Where:
    """What the travel rows read: the turn, the scene, the explorer and whether the room is unlit."""

    ctx: TurnContext
    scene: Scene
    explorer: Explorer
    room: str | None
    unlit: bool


# The travel stage, in order (rows of builtin_rules.TABLE): the first with a command decides.
TRAVEL_ROWS: tuple[tuple[str, Callable[[Choosing, Where], Choice | None]], ...] = (
    ("try-an-exit", Choosing._explore),
    ("ride-again-to-unwalked-floors", Choosing._ride_on),
    ("few-rooms", Choosing._few_rooms),
    ("walk-to-examine", Choosing._walk_to_examine),
    (EVERY_WORD_RULE, Choosing._every_word),
    ("wider-pool", Choosing._wider_pool),
    ("other-verbs", Choosing._other_verbs),
    ("walk-to-sweep", Choosing._walk_to_sweep),
)

# This room's options, in order (rows of builtin_rules.TABLE): every row's commands, then the first allowed.
LOCAL_ROWS: tuple[tuple[str, Callable[[Choosing, TurnContext, Scene], list[tuple[str, str]]]], ...] = (
    ("queued", Choosing._queued),
    ("urgent", Choosing._urgent),
    ("puzzle-hint", Choosing._puzzle_hints),
    ("hunt-for-a-key", Choosing._key_hunt),
    ("room-actions", Choosing._room_actions),
)

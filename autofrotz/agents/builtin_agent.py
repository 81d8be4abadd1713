"""The built-in offline game agent: plays from the world model and genre priors, with no LLM.

Each turn it learns from the last reply (refusals, unknown words, deaths, score, new nouns), then
picks the first allowed command from: follow-ups, urgent actions (light, fight), puzzle hints, object
actions in this room, exits the text mentioned, work waiting in other rooms (by shortest path), and
blind compass tries. It is deterministic: a resume re-decides recorded turns from its saved state.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from typing import Any

from autofrotz.agents import builtin_follow as stated
from autofrotz.agents import builtin_words as w
from autofrotz.agents import reply_reading as rr
from autofrotz.agents.base import Decision, TurnContext
from autofrotz.agents.builtin_barriers import barring_things, left_behind, opened_barrier, unopenable
from autofrotz.agents.builtin_clues import clue_commands, listed_parts, protruding_pulls
from autofrotz.agents.builtin_devices import arrival_waits, head_fallback, other_controls, renamed, ride_exits
from autofrotz.agents.builtin_explore import COMPASS, Explorer, is_move
from autofrotz.agents.builtin_flight import without_instrument
from autofrotz.agents.builtin_getaway import getaway
from autofrotz.agents.builtin_idle import EVERY_WORD_RULE, next_late_action, room_sweep, unexamined_words
from autofrotz.agents.builtin_memory import DURABLE, Memory, spot
from autofrotz.agents.builtin_objectives import Objectives
from autofrotz.agents.builtin_readings import (
    LOOK_VERBS,
    dark_on_map,
    refused,
    room_dark,
    sentence_name,
    signature,
    taken_names,
)
from autofrotz.agents.builtin_replies import IN_THE_WAY, ReplyTactics, shown_here, stuck_way
from autofrotz.agents.builtin_reveal import revealed_searches
from autofrotz.agents.builtin_speech import boarded, learn
from autofrotz.agents.builtin_spells import spells_in
from autofrotz.agents.builtin_switch import on
from autofrotz.agents.builtin_tactics import (
    NOTABLE,
    Scene,
    allowed,
    carried,
    examine_actions,
    has_any,
    inventory_actions,
    key_hunt,
    named_room_actions,
    objects,
    part_actions,
    room_actions,
    short,
)
from autofrotz.agents.builtin_tactics import urgent as urgent_actions
from autofrotz.agents.builtin_tactics import useful as tactics_useful
from autofrotz.agents.builtin_tools import starred_names, treasure_room, valued_names
from autofrotz.agents.builtin_vessels import empty_things, taken_off, worn_now
from autofrotz.agents.builtin_ways import (
    REPLY_OPENS_RULE,
    TOPICS_KEPT,
    WAYS_AGAIN,
    described_use,
    given_things,
    known_name,
    later_exits,
    locked_looks,
    move_not_read,
    not_animate,
    opened_way,
    revealed_inside,
    seen_from_higher,
    spoken_topics,
    stand_higher,
    ways_the_reply_opens,
    words_to_say,
)
from autofrotz.agents.scripted import ScriptedAgent
from autofrotz.game_interface import Vocabulary
from autofrotz.managers.directions import parse_direction
from autofrotz.managers.item_replies import ALREADY_HAVE

__all__ = ["BuiltinAgent", "ScriptedAgent"]

log = logging.getLogger(__name__)

FALLBACKS = ("look", "wait", "inventory")
VISIT_BUDGET = 10  # object actions per visit before exploring on (the rest wait for a later visit)
CHANGING_VERBS = frozenset(
    ["open", "unlock", "move", "push", "pull", "lift", "turn", "enter", "climb", "light", "attack", "put"]
    + ["tie"]
)
OPERATING_VERBS = ("push", "pull", "turn")
NOTHING_HAPPENS = re.compile(
    r"nothing (?:obvious )?happens\.?", re.IGNORECASE
)  # a stock no-op, not a thing's text
FEW_ROOMS = 2  # a game this small has nowhere to walk to: its room's actions are not rationed
INVENTORY_ROOM = "inv"
# "What do you want to fold?", and the same question about a named player ("What does Mara want to fold?").
WANTS_OBJECT = re.compile(r"what (?:do you|does [a-z]+(?: [a-z]+)?) want to ([a-z]+)\?", re.IGNORECASE)
GOT_SOMETHING = re.compile(
    r"\b(which you pick up|you pick (?:it|them) up|you take (?:it|them)|you now have|"
    r"hands? you|gives you|you are now (?:carrying|holding))\b",
    re.IGNORECASE,
)
PARTS_PER_REPLY = 4  # nouns taken from one description of a thing
STOCK_LENGTH = 120  # characters: a stock refusal is short
STOCK_KEPT = 60  # distinct short replies remembered
QUEUE_LIMIT = 8  # follow-ups kept; older ones are dropped
TALK_VERBS = ("ask ", "tell ", "talk ", "say hello", "greet ", "hello")  # whose replies are speech
SPOKEN_LENGTH = 60  # characters: "No reply." and the like carry no topics
RIDES = 4  # times one control that moved the room is worked (the first and its rides again)
RULED_OUT_TRIES = 40  # choices passed over in one turn because replies ruled them out


class BuiltinAgent:
    """Explores by shortest paths and tries the conventional actions on everything it meets."""

    deterministic = True  # a resume re-decides recorded turns to rebuild this agent's state

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.mem = Memory()
        self.replies = ReplyTactics()  # rules on what the last reply said (builtin_replies.py)
        self.objectives = Objectives()  # steps the text told us to take, in order (builtin_objectives.py)
        self.map: Any = None
        self.inventory: list[str] = []
        self.vocabulary = Vocabulary()
        self.sig = ""
        self.wider: Any = None  # (context, scene) -> (command, rule) | None: set by knowledge/advisor.py
        self.every_word = False  # examine-every-word-... in a later run: set by knowledge/advisor.py
        self.reply_opens = False  # go-the-way-the-reply-opens in a later run: set by knowledge/advisor.py

    # ----- the seam -----
    def decide(self, context: TurnContext) -> Decision:
        """Choose the next command from the world model and what earlier replies taught."""
        context = self._take_in(context)
        scene = self._scene(context)
        answering = self.replies.answering(context.room_id)  # a question asked is answered first
        planned = (
            None if answering else stated.choose(self.objectives, context, self.mem, self._pending_rooms)
        )
        command, reason, where = planned or self._reply_or_choice(context, scene)
        self._commit(context.room_id, where, command)
        self.replies.commit(context.room_id, command)
        self.objectives.sending(command, context.room_id)
        return Decision(command, reason, risky=self._risky(context, command), source="builtin")

    def follow(self, context: TurnContext, command: str, reason: str) -> Decision:
        """Send a command chosen elsewhere (a proven path), learning from the last reply as decide does."""
        context = self._take_in(context)
        self._commit(context.room_id, context.room_id, command)
        self.replies.commit(context.room_id, command)
        self.objectives.sending(command, context.room_id)
        return Decision(command, reason, risky=self._risky(context, command), source="builtin")

    def _take_in(self, context: TurnContext) -> TurnContext:
        """Learn from the last reply (refusals, unknown words, deaths, score, new nouns)."""
        walked = context.last_command is not None and parse_direction(context.last_command) is not None
        if (
            sentence_name(context.room_name)
            and self.mem.now.last_room
            and not (walked and _by_description(context.map))
        ):
            # The map took a reply for a room header: we have not moved, so stay where we were.
            context = dataclasses.replace(context, room_id=self.mem.now.last_room, room_description="")
        self.map = context.map
        self.sig = signature(context)
        self.inventory = list(context.inventory)
        self.vocabulary = context.vocabulary
        score_before = self.mem.now.score
        try:
            self._observe(context)
        except Exception:  # a reply the learning rules did not foresee must not cost the turn
            log.exception("built-in agent: learning from the last reply failed")
        try:
            self.replies.observe(context, self._carried_names())
        except Exception:
            log.exception("built-in agent: the reply rules failed on the last reply")
        try:
            stated.observe(self.objectives, context, score_before)
        except Exception:
            log.exception("built-in agent: reading stated objectives failed on the last reply")
        return context

    def _risky(self, ctx: TurnContext, command: str) -> bool:
        """Fights, and moves out of rooms where we died, earn a save first."""
        room = ctx.room_id or "?"
        return command.startswith("attack") or (is_move(command) and bool(self.mem.attempts.deaths.get(room)))

    def to_dict(self) -> dict[str, Any]:
        """State to keep across a resume."""
        return {
            "seed": self.seed,
            "memory": self.mem.to_dict(),
            "replies": self.replies.to_dict(),
            "objectives": self.objectives.to_dict(),
        }

    def load_dict(self, state: dict[str, Any]) -> None:
        """Restore the state written by to_dict."""
        self.seed = int(state.get("seed", 0))
        self.mem = Memory.from_dict(state.get("memory", {}))
        self.replies.load_dict(state.get("replies", {}))
        self.objectives = Objectives.from_dict(state.get("objectives", {}))

    def _reply_or_choice(self, ctx: TurnContext, scene: Scene) -> tuple[str, str, str | None]:
        """What a reply rule planned (its name is the reasoning), else our own choice, passing over
        commands the replies ruled out (unknown words, names not here, ways a person blocks)."""
        room = ctx.room_id
        planned = self.replies.pick(ctx, lambda c: allowed(c, room, self.mem))
        if planned:
            return planned[0], planned[1], room
        choice = self._choose(ctx, scene)
        carried = tuple(self._carried_names())
        for _ in range(RULED_OUT_TRIES):
            if self.replies.keeps(choice[0], room, ctx.turn_number, carried):
                break
            self._commit(room, choice[2], choice[0])  # counted as tried, so the next choice differs
            mended = self.replies.mend(choice[0])  # the same thing by the words the game knows
            if (
                mended
                and allowed(mended, choice[2], self.mem)
                and self.replies.keeps(mended, room, ctx.turn_number)
            ):
                return mended, choice[1], choice[2]
            again = self._choose(ctx, scene)
            if again[0] == choice[0]:
                break
            choice = again
        return choice

    # ----- learning from the last reply -----
    def _observe(self, ctx: TurnContext) -> None:
        mem, text = self.mem, ctx.last_output or ""
        mem.now.turn = ctx.turn_number
        if ctx.death_note:
            mem.now.death_turn = ctx.turn_number
            mem.attempts.killers.append(spot(mem.now.last_room, mem.now.last_command))
            mem.attempts.deaths[mem.now.last_room or "?"] = (
                mem.attempts.deaths.get(mem.now.last_room or "?", 0) + 1
            )
            mem.forget_successes()
            mem.now.flee = True
            mem.now.score = ctx.score or 0
            return
        if mem.now.last_command:
            self._judge(ctx, text)
        unlit = is_move(mem.now.last_command) and w.DARK.search(text[:300]) and on("dark-means-unlit")
        if mem.now.lit and unlit:
            # dark-means-unlit: a room reached too dark to see says no light is on, whatever we lit before
            # (the lamp dropped at a death, left behind, or burnt out): light one again before going on.
            # Only after a move: darkness falling where we stand (a switch pushed) is the room's doing.
            mem.now.lit = False
        mem.now.score = ctx.score if ctx.score is not None else mem.now.score
        stuck = mem.now.last_command.startswith("open ") and stuck_way(mem.now.last_command[5:], text)
        if (w.LOCKED.search(text) or stuck) and ctx.room_id and ctx.room_id not in mem.seen.locked_rooms:
            mem.seen.locked_rooms.append(ctx.room_id)
        self._collect_nouns(ctx, text)
        self._note_uses(ctx, text)
        self._carried_is_here()
        self._note_speech(ctx, text)
        self._note_topics(ctx, text)
        self._check_progress(ctx)
        if mem.seen.start_room is None:
            mem.seen.start_room = getattr(ctx.map, "start_room", None) or ctx.room_id

    def _note_uses(self, ctx: TurnContext, text: str) -> None:
        """Rule use-a-thing-for-its-purpose: a carried thing's description said what it is for (and how
        to set it off), and a container opened somewhere showed that very thing: there, the steps, then
        the thing put in the container (a tin "made for cleaning silver" in the drawer that holds the
        silver)."""
        seen, command = self.mem.seen, self.mem.now.last_command
        looked = objects(command)[0] if command.startswith(LOOK_VERBS) and objects(command) else ""
        use = described_use(text) if looked and looked in self._carried_names() else None
        if use and all(u[0] != looked for u in seen.uses):
            seen.uses.append([looked, use[0], *use[1]])
        opened = revealed_inside(command, text)
        if opened and opened[1]:
            seen.holders.append([self.mem.now.last_room or "?", opened[0], *opened[1]])
        for use_of, container in self._uses_here(ctx.room_id or "?"):
            seen.uses = [u for u in seen.uses if u is not use_of]  # once: the thing is gone after
            seen.junk += [] if use_of[0] in seen.junk else [use_of[0]]  # left there: not taken back
            steps = [*use_of[2:], f"put {use_of[0]} in {container}"]
            for step in steps:
                self.mem.attempts.tries.pop(spot(ctx.room_id, step), None)
            self.mem.plans.add(steps, "use-a-thing-for-its-purpose", front=True)

    def _uses_here(self, room: str) -> list[tuple[list[str], str]]:
        """(use, container) pairs of rule use-a-thing-for-its-purpose that this room's containers answer."""
        held = self._carried_names()
        return [
            (use, holder[1])
            for use in self.mem.seen.uses
            if use[0] in held
            for holder in self.mem.seen.holders
            if holder[0] == room and use[1] in holder[2:]
        ]

    def _note_speech(self, ctx: TurnContext, text: str) -> None:
        """Quoted names read are words to say there, and in whatever we climb into."""
        mem = self.mem
        learn(text, mem.now.last_room, mem)
        here = ctx.room_id
        if (
            here
            and here not in mem.seen.treasure_rooms
            and treasure_room(f"{ctx.room_description or ''}\n{text}")
        ):
            mem.seen.treasure_rooms.append(here)  # the game names this room as the place for treasure
        marked = starred_names(text) + ([] if w.is_refusal(text) else valued_names(text))
        mem.seen.valuables += [n for n in dict.fromkeys(map(short, marked)) if n not in mem.seen.valuables]
        moved = ctx.room_id != mem.now.last_room
        if ctx.room_id and boarded(mem.now.last_command if moved else "", ctx.room_name):
            mem.seen.speaking_rooms += [] if ctx.room_id in mem.seen.speaking_rooms else [ctx.room_id]

    def _note_topics(self, ctx: TurnContext, text: str) -> None:
        """Rule ask-about-what-was-said: the opening text's nouns, and those of what a person answered,
        become topics to ask the people we meet about (the opening's first, then speech, most recent
        last; at most TOPICS_KEPT)."""
        told = words_to_say(
            text
        )  # rule say-the-word-told: a word to say, said here and where words were read
        seen = self.mem.seen
        seen.sayables = [x for x in seen.sayables if x not in told] + told
        if told and ctx.room_id and ctx.room_id not in seen.speaking_rooms:
            seen.speaking_rooms.append(ctx.room_id)
        self.mem.plans.add(told, "say-the-word-told", front=True)
        command = (self.mem.now.last_command or "").lower()
        spoken = command.startswith(TALK_VERBS) and not w.is_refusal(text) and len(text) > SPOKEN_LENGTH
        if not (ctx.last_command is None or spoken):
            return
        fresh = [t for t in spoken_topics(text, ctx.vocabulary) if t not in seen.topics]
        seen.topics = (seen.topics + fresh)[:TOPICS_KEPT]

    def _check_progress(self, ctx: TurnContext) -> None:
        """Any news (room, noun, score, pockets) lets walks be repeated again."""
        rooms = len(ctx.known_rooms)
        nouns = sum(len(v) for v in self.mem.seen.nouns.values())
        mark = f"{rooms}/{nouns}/{ctx.score}/{len(ctx.inventory)}"
        if mark != self.mem.now.progress_mark:
            self.mem.now.progress_mark = mark
            self.mem.attempts.travel = {}

    def _judge(self, ctx: TurnContext, text: str) -> None:
        mem, command, room = self.mem, self.mem.now.last_command, self.mem.now.last_room
        word = w.unknown_word(text)
        if word and word not in mem.vocab.bad_words:
            mem.vocab.bad_words.append(word)
        if w.BAD_VERB.search(text) and command.split()[0] not in mem.vocab.bad_verbs and not is_move(command):
            mem.vocab.bad_verbs.append(command.split()[0])
        moved = ctx.room_id != room
        if is_move(command) and not moved and move_not_read(command, text):
            # move-not-read: the parser took the move as the answer to its own open question
            mem.attempts.unmark(room, command)
            tried = mem.attempts.dir_tried.get(room or "?", [])
            mem.attempts.dir_tried[room or "?"] = [d for d in tried if d != command]
            return
        if is_move(command):
            if moved:
                self._check_clone(ctx, command, room)
            if not moved or w.is_refusal(text[:60]):
                mem.note_fail(room, command)
            if not moved:
                self._rule_out_exits(room, command, text)
                self._note_barriers(room, command, text)
                self._leave_behind(room, command, text)
            return
        self._note_people(command, text)
        self._pass_opened_barrier(room, command, text)
        self._note_described(command, text)
        opened = (
            ways_the_reply_opens(command, text)
            if (on(REPLY_OPENS_RULE, default=False) or self.reply_opens) and on(REPLY_OPENS_RULE)
            else []
        )
        opened = [m for m in opened if f"{room}|{m}" not in mem.attempts.reply_opened]  # once a room and way
        for move in opened:  # go-the-way-the-reply-opens: refused before the change, worth walking now
            mem.attempts.unmark(room, move)
            mem.attempts.reply_opened.append(f"{room}|{move}")
        mem.plans.add(opened, REPLY_OPENS_RULE, front=True)
        if w.SCENERY.search(text[:200]) and not moved and len(objects(command)) == 1:
            mem.vocab.scenery += [o for o in objects(command) if o not in mem.vocab.scenery]
        elif w.SCENERY.search(text[:200]) and command.startswith("put ") and len(objects(command)) == 2:
            scenery = objects(command)[-1]  # we carry what we put: the place put into is the scenery
            mem.vocab.scenery += [] if scenery in mem.vocab.scenery else [scenery]
        if w.not_here(text) and not moved:
            self._call_by_head(ctx, command, text, room)
            for noun in self._not_here(ctx, command, text):
                if not mem.absent(room, noun):
                    mem.seen.absent.append(spot(room, noun))
        held = short(command[5:]) if command.startswith("take ") and ALREADY_HAVE.search(text[:100]) else ""
        if held and held not in mem.seen.held:
            mem.seen.held.append(held)
        if w.TOO_HEAVY.search(text):
            self._make_room(ctx, command)
        if w.PARTLY_UNDERSTOOD.search(text[:200]) and not moved:
            self._retry_by_head(command, room)
            bare = without_instrument(command, text)
            mem.plans.add([bare] if bare else [], "retry-without-instrument", front=True)
        phrase = w.verb_only(command, text[:200])
        if phrase and phrase not in mem.vocab.bad_phrases:
            mem.vocab.bad_phrases.append(phrase)
        if (refused(command, text) or self._stock_reply(ctx, command, text)) and not moved:
            if not w.TOO_HEAVY.search(text):  # too heavy is no refusal: a drop makes room for a retry
                mem.note_fail(room, command)
            return
        if not moved:
            self._after_success(ctx, command, room)
            self._work_controls(command, text)
            self._ride(ctx, command, text, room)
            for direction in w.directions_in(text):
                mem.add_hint(room, direction)

    def _not_here(self, ctx: TurnContext, command: str, text: str) -> list[str]:
        """The names a "not here" reply rules out in this room. A reply that does not say which of two
        names it missed ("You can't see any such thing." after "put X in Y") spares a thing the room's
        text or the item list shows (rr.unseen); a thing a reply once said we hold that is missed so
        leaves what we hold (it was put down by another name, or taken from us)."""
        named = objects(command)
        if len(named) < 2 or not rr.SUCH_THING.search(text[:200]):
            return named
        missed = rr.unseen(text, named, shown_here(ctx))
        self.mem.seen.held = [h for h in self.mem.seen.held if not {h, short(h), w.head(h)} & set(missed)]
        return missed

    def _carried_is_here(self) -> None:
        """Rule carried-is-here: a thing we now carry (taken, given, found) is no longer one a room said
        it does not have ("You can't see any such thing" before we had it); else no command names it there,
        and a key handed over by someone never reaches the lock met before."""
        names = {n for i in self._carried_names() for n in (short(i), w.head(short(i)))}
        self.mem.seen.absent = [a for a in self.mem.seen.absent if a.what not in names]

    def _note_people(self, command: str, text: str) -> None:
        """Rules not-a-person (the parser said the one addressed is not animate) and keep-what-was-given
        (someone handed us a thing: it is not offered back)."""
        seen = self.mem.seen
        thing = not_animate(command, text)
        if thing and thing not in seen.inanimate:
            seen.inanimate.append(thing)
            seen.people = [p for p in seen.people if w.head(p) != w.head(thing)]
        seen.gifts += [g for g in given_things(text) if g not in seen.gifts]

    def _stock_reply(self, ctx: TurnContext, command: str, text: str) -> bool:
        """A short reply the game gave word for word to commands of different verbs is its stock way of
        saying no ("That would achieve nothing."), whatever its wording: learned per game, not listed."""
        reply = " ".join(text.split()).lower()
        if not reply or len(reply) > STOCK_LENGTH or w.SUCCESS.search(reply):
            return False
        if ctx.score is not None and ctx.score > self.mem.now.score:
            return False
        verbs = self.mem.vocab.stock.setdefault(reply, [])
        verbs += [] if command.split()[0] in verbs else [command.split()[0]]
        if len(self.mem.vocab.stock) > STOCK_KEPT:
            del self.mem.vocab.stock[next(iter(self.mem.vocab.stock))]
        return len(verbs) >= 2

    def _call_by_head(self, ctx: TurnContext, command: str, text: str, room: str | None) -> None:
        """A thing known to be here whose full name the parser refused: try its head noun once."""
        mem = self.mem
        known = [short(i) for i in ctx.inventory + ctx.visible_items] + mem.seen.objects + mem.seen.trusted
        known += [short(n) for n in mem.seen.nouns.get(room or "?", []) if has_any(w.head(short(n)), NOTABLE)]
        retry = head_fallback(command, text, list(dict.fromkeys(known)), mem)
        if retry and retry not in mem.plans.commands():
            mem.plans.add([retry], "call-by-head-noun", front=True)
            listed = mem.seen.nouns.get(room or "?", [])
            mem.seen.nouns[room or "?"] = list(dict.fromkeys(renamed([short(n) for n in listed], mem)))

    def _work_controls(self, command: str, text: str) -> None:
        """One control did something: the other controls in reach come next."""
        mem = self.mem
        controls = [short(n) for n in mem.seen.nouns.get(mem.now.last_room or "?", [])] + renamed(
            [short(i) for i in self._carried_names()], mem
        )
        follows = [f for f in other_controls(command, text, controls) if f not in mem.plans.commands()]
        mem.plans.add(follows, "work-the-other-controls", front=True)

    def _ride(self, ctx: TurnContext, command: str, text: str, room: str | None) -> None:
        """Rule step-out-where-the-room-moved-to (builtin_devices.py): a lift moved; its exits lead on."""
        known = self.mem.seen.hinted.get(room or "?", []) + sorted(self._mapped_exits(room))
        exits = ride_exits(command, text, known + list(ctx.exits))
        if ride_exits(command, text, ["out"]):  # this control moved the room: ride-again-to-unwalked-floors
            self.mem.seen.rides.setdefault(f"{room or '?'}|{command}", 1)
        for move in exits:
            self.mem.attempts.unmark(room, move)
        self.mem.plans.add(exits, "step-out-where-the-room-moved-to", front=True)

    def _check_clone(self, ctx: TurnContext, command: str, room: str | None) -> None:
        """A second step the same way into a copy of the room left is an endless strip: stop walking it."""
        mem, sig = self.mem, signature(ctx)
        same = bool(sig) and sig == mem.now.last_sig
        if same and mem.now.clone_move == command:
            for where in (room, ctx.room_id):
                for _ in range(3):  # a durable refusal: a change in the room must not revive the walk
                    mem.note_fail(where, command)
        mem.now.clone_move = command if same else ""

    def _rule_out_exits(self, room: str | None, command: str, text: str) -> None:
        """A refused move whose reply names other ways out rules out the compass directions it leaves out."""
        only_listing = on("rule-out-only-a-listing")
        listed = (w.ways_out_listed if only_listing else w.exits_listed)(text[:300])
        if self.mem.refused_alike(room, text) and on("a-refusal-said-twice-lists-the-ways"):
            # a room's own refusal said again word for word for another way: it is what the room says
            # to every way it lacks, and the ways it names ("a pantry opens to the south; the
            # stairs are the other way") are its ways out even without a listing phrase
            listed = listed or w.exits_listed(text[:300])
        if not listed or parse_direction(command) in listed:
            return  # the reply talks about the way refused ("impenetrable to the north"), not the way out
        # rule a-mapped-exit-stays-open: the map saw it lead somewhere
        mapped = self._mapped_exits(room) if on("a-mapped-exit-stays-open") else set()
        for direction in COMPASS:
            if direction not in listed and direction not in mapped and not self.mem.failed(room, direction):
                self.mem.note_fail(room, direction)

    def _mapped_exits(self, room: str | None) -> set[str]:
        """Directions this run's map knows lead from a room to another (a reply's loose wording, "you'd
        hit the rocks on the way down", must not rule out the way the player walked in)."""
        try:
            return {
                c.direction
                for c in self.map.connections()
                if c.from_room_id == room and c.to_room_id and c.to_room_id != room and not c.blocked
            }
        except Exception:  # no map (a test's bare context)
            return set()

    def _note_barriers(self, room: str | None, command: str, text: str) -> None:
        """Rule open-what-bars-the-way (builtin_barriers.py): a refused move whose reply names a thing
        of this room: open that thing, and remember the move it barred."""
        mem = self.mem
        if IN_THE_WAY.search(text[:300]) or not on("open-what-bars-the-way"):
            return  # the reply rules open a door said to be in the way (open-the-way)
        nouns = [short(n) for n in mem.seen.nouns.get(room or "?", [])]
        shut = set(mem.vocab.scenery) | set(mem.seen.unopenable)
        things = barring_things(text, [n for n in nouns if n not in shut and not self._never_opens(n)])
        for thing in things:
            row = [room or "?", thing, command]
            mem.seen.barred += [] if row in mem.seen.barred else [row]
        mem.plans.add([f"open {t}" for t in things], "open-what-bars-the-way", front=True)

    def _leave_behind(self, room: str | None, command: str, text: str) -> None:
        """Rule leave-behind-what-bars-the-way (builtin_barriers.py): a move refused over what we carry."""
        mem, key = self.mem, f"{room or '?'}|{command}"
        carried = [short(c) for c in self._carried_names()]
        drops = [] if key in mem.seen.left_behind else left_behind(text, carried)
        if drops:
            mem.seen.left_behind.append(key)
            mem.attempts.unmark(room, command)
            # Rule keep-what-was-left-behind: what a doorman, a border or a lift would not let through
            # stays where it was dropped; taking it back bars the way again (a loop for the rest of the
            # game). As junk it is no longer taken by name, and "take all" is not sent in this room.
            for thing in carried if drops == ["all"] else drops:
                mem.seen.junk += [] if thing in mem.seen.junk else [thing]
            steps = [f"drop {d}" for d in drops] + [command]
            mem.plans.add(steps, "leave-behind-what-bars-the-way", front=True)

    def _never_opens(self, name: str) -> bool:
        """A thing the parser said does not open, called by its head noun too (a chapel, the old chapel);
        a door or a box is judged by its full name only (one door that does not open says nothing of the
        next)."""
        if w.has_class(name, w.OPENABLE):
            return name in self.mem.seen.unopenable
        return w.head(name) in {w.head(u) for u in self.mem.seen.unopenable}

    def _note_described(self, command: str, text: str) -> None:
        """A word an examine answered in words of its own (not "no such thing", not scenery, not a
        word the parser missed) is a thing the late sweep works (examine-every-word-when-all-else-is-done)."""
        if not self._every_word_on() or not command.startswith("examine ") or len(objects(command)) != 1:
            return
        head = text[:200]
        if w.NOT_HERE.search(head) or w.SCENERY.search(head) or w.UNKNOWN_WORD.search(head):
            return
        if (
            w.PARTLY_UNDERSTOOD.search(head)
            or w.BAD_VERB.search(head)
            or NOTHING_HAPPENS.fullmatch(head.strip())
        ):
            return
        name = objects(command)[0]
        if name not in self.mem.seen.described:
            self.mem.seen.described.append(name)

    def _pass_opened_barrier(self, room: str | None, command: str, text: str) -> None:
        """Rule go-where-the-opened-thing-barred: the thing that barred a move here is open now."""
        thing = unopenable(command, text)
        if thing and thing not in self.mem.seen.unopenable:
            self.mem.seen.unopenable.append(thing)
        moves = opened_barrier(command, text, self.mem.seen.barred, room)
        for move in moves:
            self.mem.attempts.unmark(room, move)
        self.mem.plans.add(moves, "go-where-the-opened-thing-barred", front=True)

    def _retry_by_head(self, command: str, room: str | None) -> None:
        """The parser took only the first word of a name: call the thing by its head noun instead."""
        retry = w.head_retry(command, objects(command))
        if not retry or retry in self.mem.plans.commands():
            return
        self.mem.plans.add([retry], "retry-by-head-noun", front=True)
        name, listed = objects(command)[0], self.mem.seen.nouns.get(room or "?", [])
        renamed = (w.head(name) if short(n) == name else n for n in listed)
        self.mem.seen.nouns[room or "?"] = list(dict.fromkeys(renamed))

    def _make_room(self, ctx: TurnContext, command: str) -> None:
        """Too much to carry: drop the least useful thing, then try the take again."""
        junk = [
            i for i in ctx.inventory if not tactics_useful(i, self.mem) and short(i) not in self.mem.seen.junk
        ]
        if not junk or not command.startswith("take "):
            return
        # "take all" would pick the junk up again: retry only what was too heavy, by name, if worth it
        names = w.heavy_names(ctx.last_output or "") or ([command[5:]] if command != "take all" else [])
        heavy = [f"take {short(n)}" for n in names if tactics_useful(n, self.mem)]
        if heavy:
            self.mem.seen.junk.append(short(junk[0]))
            drop = f"drop {w.head(short(junk[0]))}"  # a possessive name drops by its head noun
            self.mem.plans.add([drop, *heavy], "make-room-for-a-heavy-take", front=True)
        for retry in heavy:
            self.mem.attempts.tries.pop(spot(ctx.room_id, retry), None)

    def _after_success(self, ctx: TurnContext, command: str, room: str | None) -> None:
        mem = self.mem
        verb = command.split()[0]
        gained = ctx.score is not None and ctx.score > mem.now.score
        taken = taken_names(command, ctx.last_output or "")
        for name in taken:
            if name not in mem.seen.held:
                mem.seen.held.append(name)
            mem.seen.absent = [a for a in mem.seen.absent if a.what != name]
        if verb == "take" and gained and len(taken) == 1:
            mem.seen.valuables.append(taken[0])
        if verb in ("put", "drop", "give", "throw"):
            thing = short(command.split(" in ")[0].split(" on ")[0].split(" to ")[0][len(verb) + 1 :])
            # a thing put down by its head noun ("drop coin") is the one held by its full name ("gold coin")
            by_head = " " not in thing
            mem.seen.held = [h for h in mem.seen.held if h != thing and not (by_head and w.head(h) == thing)]
            if verb == "drop" and gained and thing not in mem.seen.junk:
                mem.seen.junk.append(thing)  # deposited for points: taking it back would lose them
        if verb == "put" and gained and " in " in command:
            box = short(command.split(" in ", 1)[1])
            mem.seen.deposits += [] if box in mem.seen.deposits else [box]  # this container counts treasure
        if verb == "put" and not gained and thing not in mem.seen.junk:  # junk: left where it belongs
            # the thing as the command named it: "put X on Y" takes back X, not "X on Y" (not understood)
            put = command.split(" in ")[0].split(" on ")[0][4:]
            mem.plans.add([f"take {put}"], "take-back-what-a-put-did-not-score")
        if verb == "wear":  # gloves, a suit, a mask: what slipped or burned before may be taken now
            tries, fails = mem.attempts.tries, mem.attempts.fails
            mem.attempts.tries = {
                k: v for k, v in tries.items() if not k.what.startswith("take ") or k in fails
            }
        if verb in ("turn", "light") and any(w.has_class(x, w.LIGHTS) for x in command.split()):
            mem.now.lit = True
        if verb in CHANGING_VERBS and room != INVENTORY_ROOM:
            mem.forget_room_failures(room)
            here = room or "?"
            if opened_way(command, ctx.last_output or "") and here not in mem.attempts.opened_in:
                # ways-past-an-opened-door, once per room: a door that shuts again (a guard, a spring)
                # must not turn it into a loop
                mem.attempts.opened_in.append(here)
                shut = mem.attempts.shut_moves.pop(here, [])
                # the ways refused here first, then those not yet tried (the door may lead to one never
                # tried: a door named without a direction, "bars the way to the archive")
                blind = Explorer(self.map, mem, self._pending_rooms).blind(room)
                ways = shut + [d for d in blind if d not in shut]
                mem.plans.add(ways[:WAYS_AGAIN], "ways-past-an-opened-door", front=True)
            if verb not in OPERATING_VERBS:  # a changed setup: mechanisms here are worth working again
                verbs, here = tuple(f"{v} " for v in OPERATING_VERBS), room or "?"
                tries = mem.attempts.tries
                mem.attempts.tries = {
                    k: v for k, v in tries.items() if k.room != here or not k.what.startswith(verbs)
                }

    def _collect_nouns(self, ctx: TurnContext, text: str) -> None:
        """Room descriptions give every noun; other replies only objects of a known kind."""
        room, mem = ctx.room_id, self.mem
        for phrase in w.noun_phrases(ctx.room_description or ""):
            mem.add_noun(room, phrase)
        for direction in w.directions_in(ctx.room_description or ""):
            mem.add_hint(room, direction)
        if room != mem.now.last_room:  # exits-in-later-paragraphs: the whole arrival text, not its first line
            for direction in later_exits(text, ctx.room_description or ""):
                mem.add_hint(room, direction)
        if mem.now.last_command == "take all":
            scenery = [short(n) for n in w.scenery_names(text)]
            mem.vocab.scenery += [n for n in scenery if n not in mem.vocab.scenery]
            for name in w.listed_names(text):
                if short(name) in scenery:
                    continue
                mem.add_noun(room, name)
                if short(name) not in mem.seen.objects:
                    mem.seen.objects.append(short(name))
            mem.seen.fixed += [short(n) for n in w.fixed_names(text) if short(n) not in mem.seen.fixed]
        elif mem.now.last_command.startswith("take ") and w.FIXED.search(text[:200]):
            name = short(mem.now.last_command[5:])
            if name not in mem.seen.fixed:
                mem.seen.fixed.append(name)
        elif not w.is_refusal(text):
            for phrase in w.noun_phrases(text):
                if has_any(phrase, NOTABLE):
                    mem.add_noun(room, phrase)
        plans, last = mem.plans, mem.now.last_command
        closed, pointed, revealed = w.closed_things(text), w.follow_ups(text), revealed_searches(text)
        plans.add([f"open {short(thing)}" for thing in closed], "open-what-is-closed")
        self._wear_again(room, text)
        carried_now = {short(i) for i in self._carried_names()}
        for thing in empty_things(f"{ctx.room_description or ''}\n{text}"):
            if short(thing) in carried_now:
                continue  # a pocket or a bag we carry holds nothing the room needs
            row = [room or "?", short(thing)]
            mem.seen.vessels += [] if row in mem.seen.vessels else [row]  # fill-what-is-empty
        plans.add(pointed, "what-the-reply-points-at")
        plans.add(revealed, "search-what-was-revealed")
        if w.FIRST.search(text[:200]) and (closed or pointed or revealed) and last:
            plans.add([last], "retry-after-its-prerequisite")  # the prerequisite, then the command it held up
            mem.attempts.unmark(room, last)
        if last and not is_move(last):
            nearby = [short(thing) for thing in w.nearby_things(text)]
            mem.seen.trusted += [n for n in nearby if n not in mem.seen.trusted]
            plans.add([f"take {n}" for n in nearby], "take-what-lies-here")
        for wait in arrival_waits(text):
            plans.add([wait], "wait-for-an-arrival", front=True)  # someone is coming: see what they do first
            mem.attempts.tries.pop(spot(room, wait), None)
        self._learn_from(text)
        self._follow_clues(ctx, text)
        for command in w.quoted_commands(text):
            if command not in plans.suggested:
                plans.suggested.append(command)
                plans.add([command], "command-the-game-quoted")
        told = [q for q in w.told_to_ask(text) if q not in plans.suggested]
        plans.suggested += told
        plans.add(told, w.ASK_TOLD_RULE)  # builtin_words.told_to_ask

    def _wear_again(self, room: str | None, text: str) -> None:
        """Rule wear-again-what-was-taken-off: a thing worn stays worn (gloves, a suit, a mask protect for a
        reason): one the parser took off to carry out a command is taken back and worn again, and no
        rule puts it anywhere."""
        mem, command = self.mem, self.mem.now.last_command
        off, wearing = taken_off(command, text), worn_now(command, text)
        for thing in (off, wearing):
            mem.seen.worn += [] if not thing or thing in mem.seen.worn else [thing]
        if off:
            for step in (f"take {off}", f"wear {off}"):
                mem.attempts.unmark(room, step)
            mem.plans.add([f"take {off}", f"wear {off}"], "wear-again-what-was-taken-off", front=True)

    def _follow_clues(self, ctx: TurnContext, text: str) -> None:
        """Loose parts, things out of reach, openings to look into, the parts a description lists."""
        mem, room, command = self.mem, ctx.room_id, self.mem.now.last_command
        held = [short(i) for i in self._carried_names()]
        names = [short(n) for n in mem.seen.nouns.get(room or "?", []) + list(ctx.visible_items)] + held
        people = [w.head(n) for n in names if has_any(n, (w.PEOPLE, w.ANIMALS))] + mem.seen.people
        mem.plans.add(protruding_pulls(text), "pull-what-sticks-out")
        clues = clue_commands(command, objects(command), text, list(dict.fromkeys(people)), names, held)
        clues = mem.unheard_clues(room, command, clues, text)
        for follow in clues:
            mem.attempts.tries.pop(spot(room, follow), None)
        mem.plans.add(clues, "follow-the-clue", front=True)
        higher = stand_higher(command, text, names, held) + seen_from_higher(command, text)
        higher = mem.unheard_clues(room, command, higher, text)
        for follow in higher:
            mem.attempts.tries.pop(spot(room, follow), None)
        mem.plans.add(higher, "stand-higher-to-look", front=True)
        keys_held = any(w.has_class(n, w.KEYS) for n in held)
        mem.plans.add(locked_looks(command, text, keys_held), "examine-what-is-locked", front=True)
        if command.startswith(LOOK_VERBS) and not refused(command, text):
            for part in listed_parts(text)[:PARTS_PER_REPLY]:
                mem.add_noun(room, part)
                mem.seen.parts += [] if part in mem.seen.parts else [part]
                mem.plans.add([f"take {part}"], "take-a-listed-part")

    def _learn_from(self, text: str) -> None:
        """Spells to learn, who is animate, the parts an examined thing shows, objects a verb wants."""
        mem, room = self.mem, self.mem.now.last_room
        if GOT_SOMETHING.search(text) and not mem.now.last_command.startswith(("take", "inventory")):
            mem.plans.add(["inventory"], "inventory-after-a-gift", front=True)  # let the item list catch up
            mem.attempts.tries.pop(spot(room, "inventory"), None)
        wanted = WANTS_OBJECT.search(text[:200])
        if wanted:
            verb = wanted.group(1).lower()
            nouns = [short(n) for n in mem.seen.nouns.get(room or "?", [])][:4]
            # Rule carried-things-for-the-verb-asked-about: what is carried is as likely an object of it.
            held = [short(n) for n in self._carried_names() if short(n) not in nouns][:4]
            mem.plans.add([f"{verb} {n}" for n in nouns + held], "objects-for-the-verb-asked-about")
        for spell in spells_in(text):
            if spell not in mem.seen.spells:
                mem.seen.spells.append(spell)
                mem.plans.add([f"cast {spell}", spell], "cast-a-named-spell")
        for name in w.animate_names(text):
            if short(name) not in mem.seen.people:
                mem.seen.people.append(short(name))
        if mem.now.last_command.startswith(LOOK_VERBS) and not refused(mem.now.last_command, text):
            for phrase in w.noun_phrases(text)[:PARTS_PER_REPLY]:
                mem.add_noun(room, phrase)
                if short(phrase) not in mem.seen.parts:
                    mem.seen.parts.append(short(phrase))
                    mem.plans.add(part_actions(phrase), "work-a-revealed-part")

    # ----- choosing -----
    def _scene(self, ctx: TurnContext) -> Scene:
        room = ctx.room_id
        nouns = renamed(list(self.mem.seen.nouns.get(room or "?", [])), self.mem)
        text = ctx.last_output or ""
        creatures = w.threatening(text, nouns + ctx.visible_items)
        dark = bool(w.DARK.search(text)) or room_dark(ctx)
        locked = room in self.mem.seen.locked_rooms
        inventory = self._carried_names()
        bad = frozenset(self.mem.vocab.bad_words)
        visible = [
            known_name(v, short(v), ctx.vocabulary) for v in renamed(list(ctx.visible_items), self.mem)
        ]
        return Scene(room, nouns, visible, inventory, text, dark, locked, creatures, bad)

    def _carried_names(self) -> list[str]:
        """The item list's names plus things replies said we hold."""
        known = {short(i) for i in self.inventory}
        names = renamed(self.inventory + [h for h in self.mem.seen.held if h not in known], self.mem)
        return [known_name(n, short(n), self.vocabulary) for n in names]  # name-by-known-words

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
        """(reason, command) in order: the queue (each under the rule that queued it), urgent actions,
        puzzle hints, then this room's actions (each under the rule that proposed it)."""
        mem = self.mem
        mem.plans.trim(QUEUE_LIMIT)
        options = [(f"{q.rule} (queued)", q.command) for q in mem.plans.queue]
        options += [("urgent: light the dark, fight what attacks", c) for c in urgent_actions(scene, mem)]
        options += [("puzzle hint", s.action) for s in ctx.suggestions if s.confidence in ("high", "medium")]
        if not (scene.dark and not mem.now.lit):
            options += [("hunt-for-a-key (something here is locked)", c) for c in key_hunt(scene)]
        if mem.now.visit_actions < VISIT_BUDGET and not (scene.dark and not mem.now.lit):
            options += [(rule, command) for command, rule in named_room_actions(scene, mem)]
        return options

    def _travel(self, ctx: TurnContext, scene: Scene) -> tuple[str, str, str | None]:
        room = ctx.room_id
        leads = (
            ("take-a-key-to-its-lock", self._lock_waits),
            ("use-a-thing-for-its-purpose", lambda r: bool(self._uses_here(r))),
        )
        explorer = Explorer(ctx.map, self.mem, self._pending_rooms, self._examine_here(ctx, scene), leads)
        step, reason = explorer.next_step(room)
        if step:
            if step in ("down", "d") and not self.mem.now.lit and carried(scene, w.LIGHTS):
                lamp = short(carried(scene, w.LIGHTS)[0])
                if allowed(f"turn on {lamp}", room, self.mem):
                    return f"turn on {lamp}", "light the lamp before going down", room
            return step, reason, room
        ride = self._ride_again(room)
        if ride:
            return ride, "ride-again-to-unwalked-floors", room
        step = explorer.step_towards(room, lambda r: bool(self._rides_left(r))) if room else None
        if step:
            return step, "ride-again-to-unwalked-floors: walk to the ride", room
        if len(ctx.known_rooms) <= FEW_ROOMS and not (scene.dark and not self.mem.now.lit):
            # Nowhere left to walk in a one-room game: the visit budget no longer applies here.
            rest = [c for c in room_actions(scene, self.mem) if allowed(c, room, self.mem)]
            if rest:
                return rest[0], "nowhere else to go: keep trying things here", room
        step = explorer.step_towards(room, self._examine_pending) if room else None
        if step:
            return step, "walk to a room with things not yet examined", room
        if self._every_word_on() and on(EVERY_WORD_RULE) and not (scene.dark and not self.mem.now.lit):
            words = [c for c in unexamined_words(scene, self.mem) if allowed(c, room, self.mem)]
            if words:
                return words[0], EVERY_WORD_RULE, room
            step = explorer.step_towards(room, self._words_pending) if room else None
            if step:
                return step, f"{EVERY_WORD_RULE}: walk to a room with words not yet examined", room
        wide = None if self.wider is None or (scene.dark and not self.mem.now.lit) else self.wider(ctx, scene)
        if wide:  # a later run's wider pool (knowledge/widen.py), under the rule it names
            return wide[0], wide[1], room
        late = None if scene.dark and not self.mem.now.lit else next_late_action(scene, self.mem)
        if late:
            return late[0], "everything usual is done: try other verbs", late[1]
        step = explorer.step_towards(room, self._sweep_pending) if room else None
        if step:
            return step, "walk to a room with things not yet handled every way", room
        return (*self._idle(), room)

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

    def _every_word_on(self) -> bool:
        """Rule examine-every-word-when-all-else-is-done: off in a fresh run (builtin_rules.py), on
        where a later run's knowledge switches it on (``every_word``, knowledge/advisor.py)."""
        return on(EVERY_WORD_RULE, default=False) or self.every_word

    def _words_pending(self, room: str) -> bool:
        """Whether a (lit) room names a word never examined there (rule examine-every-word-when-...)."""
        if not self.mem.now.lit and self._map_dark(room):
            return False
        return any(allowed(c, room, self.mem) for c in unexamined_words(self._remote_scene(room), self.mem))

    def _remote_scene(self, room: str) -> Scene:
        """Another room as the agent will see it there (same names, same pockets): else a walk there
        finds nothing to do and the agent paces between two rooms."""
        nouns = renamed(list(self.mem.seen.nouns.get(room, [])), self.mem)
        return Scene(room, nouns, [], self._carried_names(), "")

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

    def _pending_rooms(self, room: str) -> bool:
        """Whether a room still has object actions worth walking back for."""
        if not self.mem.now.lit and self._map_dark(room):
            return False
        scene = self._remote_scene(room)
        return any(
            allowed(c, room, self.mem) for c in room_actions(scene, self.mem) if c.split()[0] != "examine"
        )

    def _map_dark(self, room: str) -> bool:
        return dark_on_map(self.map, room)

    def _idle(self) -> tuple[str, str]:
        mem = self.mem
        mem.now.idle += 1
        if mem.now.idle % 3 == 0:  # the world may have changed since: sweep again
            mem.attempts.fails = {k: v for k, v in mem.attempts.fails.items() if v >= DURABLE}
            mem.attempts.tries = {}
            mem.attempts.dir_tried = {}
            mem.attempts.travel = {}
        return FALLBACKS[mem.now.idle % len(FALLBACKS)], "nothing left to try; waiting for a change"

    def _commit(self, room: str | None, where: str | None, command: str) -> None:
        mem = self.mem
        mem.note_try(where, command)
        if is_move(command):
            mem.attempts.dir_tried.setdefault(room or "?", []).append(command)
            k = spot(room, command)
            mem.attempts.travel[k] = mem.attempts.travel.get(k, 0) + 1
        else:
            mem.now.visit_actions += 1
        mem.plans.remove(command)
        mem.now.last_room, mem.now.last_command, mem.now.last_kind = room, command, where or ""
        mem.now.last_sig = self.sig


def _by_description(map_manager: Any) -> bool:
    """Whether the map reads this game's rooms by their descriptions (no headers): there a room named
    like a sentence, reached by a compass move, is a real room, not a reply the map took for a header."""
    reads = getattr(map_manager, "reads_rooms_by_description", None)
    return bool(reads and reads())

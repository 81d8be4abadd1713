"""Learning from the last reply to a command: refusals, failed moves, what a success changed."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from autofrotz.agents import builtin_words as w
from autofrotz.agents import reply_reading as rr
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_barriers import barring_things, left_behind, opened_barrier, unopenable
from autofrotz.agents.builtin_base import (
    CHANGING_VERBS,
    INVENTORY_ROOM,
    OPERATING_VERBS,
    STOCK_KEPT,
    STOCK_LENGTH,
    AgentBase,
)
from autofrotz.agents.builtin_devices import head_fallback, other_controls, renamed, ride_exits
from autofrotz.agents.builtin_explore import COMPASS, Explorer, is_move
from autofrotz.agents.builtin_flight import without_instrument
from autofrotz.agents.builtin_listings import exits_listed, ways_out_listed
from autofrotz.agents.builtin_memory import spot
from autofrotz.agents.builtin_readings import (
    refused,
    signature,
    taken_names,
)
from autofrotz.agents.builtin_replies import IN_THE_WAY, shown_here, stuck_way
from autofrotz.agents.builtin_switch import on
from autofrotz.agents.builtin_tactics import (
    NOTABLE,
    has_any,
    objects,
    short,
)
from autofrotz.agents.builtin_tactics import useful as tactics_useful
from autofrotz.agents.builtin_ways import (
    REPLY_OPENS_RULE,
    WAYS_AGAIN,
    given_things,
    move_not_read,
    not_animate,
    opened_way,
    ways_the_reply_opens,
)
from autofrotz.reading import Reading
from autofrotz.reading.items_replies import ALREADY_HAVE
from autofrotz.words.directions import parse_direction

log = logging.getLogger(__name__)


class Judging(AgentBase):
    """Learning from the last reply to a command: refusals, failed moves, what a success changed."""

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
        unlit = is_move(mem.now.last_command) and ctx.reading.dark_said_head and on("dark-means-unlit")
        if mem.now.lit and unlit:
            # dark-means-unlit: a room reached too dark to see says no light is on, whatever we lit before
            # (the lamp dropped at a death, left behind, or burnt out): light one again before going on.
            # Only after a move: darkness falling where we stand (a switch pushed) is the room's doing.
            mem.now.lit = False
        mem.now.score = ctx.score if ctx.score is not None else mem.now.score
        stuck = mem.now.last_command.startswith("open ") and stuck_way(mem.now.last_command[5:], text)
        if (ctx.reading.locked or stuck) and ctx.room_id and ctx.room_id not in mem.seen.locked_rooms:
            mem.seen.locked_rooms.append(ctx.room_id)
        self._collect_nouns(ctx, text)
        self._note_uses(ctx, text)
        self._carried_is_here()
        self._note_speech(ctx, text)
        self._note_topics(ctx, text)
        self._check_progress(ctx)
        if mem.seen.start_room is None:
            mem.seen.start_room = (ctx.map.start_room if ctx.map is not None else None) or ctx.room_id

    def _judge(self, ctx: TurnContext, text: str) -> None:
        """The reply to the last command, read by the rows of MOVE_ROWS (a move) or ACTION_ROWS (any other
        command) in order, after the words the parser did not know; a row that settles the reply ends it."""
        mem, command, room = self.mem, self.mem.now.last_command, self.mem.now.last_room
        word = ctx.reading.unknown_word
        if word and word not in mem.vocab.bad_words:
            mem.vocab.bad_words.append(word)
        if ctx.reading.bad_verb and command.split()[0] not in mem.vocab.bad_verbs and not is_move(command):
            mem.vocab.bad_verbs.append(command.split()[0])
        reply = Judged(ctx, text, command, room, ctx.room_id != room)
        for _rule, judge in MOVE_ROWS if is_move(command) else ACTION_ROWS:
            if judge(self, reply):
                return

    def _move_not_read(self, j: Judged) -> bool:
        """Rule move-not-read: the parser took the move as the answer to its own open question."""
        if j.moved or not move_not_read(j.command, j.text):
            return False
        self.mem.attempts.unmark(j.room, j.command)
        tried = self.mem.attempts.dir_tried.get(j.room or "?", [])
        self.mem.attempts.dir_tried[j.room or "?"] = [d for d in tried if d != j.command]
        return True

    def _failed_move(self, j: Judged) -> bool:
        """A move that led nowhere (or was refused on the way) counts as failed; a second step into a
        copy of the room left is an endless strip."""
        if j.moved:
            self._check_clone(j.ctx, j.command, j.room)
        if not j.moved or j.reading.refusal_opening:
            self.mem.note_fail(j.room, j.command)
        return j.moved  # a move that went somewhere is settled

    def _refused_move_ways(self, j: Judged) -> bool:
        self._rule_out_exits(j.room, j.command, j.text)
        return False

    def _refused_move_barriers(self, j: Judged) -> bool:
        self._note_barriers(j.room, j.command, j.text)
        return False

    def _refused_move_load(self, j: Judged) -> bool:
        self._leave_behind(j.room, j.command, j.text)
        return True

    def _people(self, j: Judged) -> bool:
        self._note_people(j.command, j.text)
        return False

    def _opened_barrier(self, j: Judged) -> bool:
        self._pass_opened_barrier(j.room, j.command, j.text)
        return False

    def _described(self, j: Judged) -> bool:
        self._note_described(j.command, j.reading)
        return False

    def _reply_opens(self, j: Judged) -> bool:
        """Rule go-the-way-the-reply-opens (off in a fresh run): a way refused before the change, now open."""
        mem, room, command, text = self.mem, j.room, j.command, j.text
        opened = (
            ways_the_reply_opens(command, text)
            if (on(REPLY_OPENS_RULE, default=False) or self._reply_opens_later()) and on(REPLY_OPENS_RULE)
            else []
        )
        opened = [m for m in opened if f"{room}|{m}" not in mem.attempts.reply_opened]  # once a room and way
        for move in opened:
            mem.attempts.unmark(room, move)
            mem.attempts.reply_opened.append(f"{room}|{move}")
        mem.plans.add(opened, REPLY_OPENS_RULE, front=True)
        return False

    def _scenery(self, j: Judged) -> bool:
        """The parser calls a thing scenery: nothing there is worth a command, in any room."""
        mem, command = self.mem, j.command
        if j.reading.scenery and not j.moved and len(objects(command)) == 1:
            mem.vocab.scenery += [o for o in objects(command) if o not in mem.vocab.scenery]
        elif j.reading.scenery and command.startswith("put ") and len(objects(command)) == 2:
            scenery = objects(command)[-1]  # we carry what we put: the place put into is the scenery
            mem.vocab.scenery += [] if scenery in mem.vocab.scenery else [scenery]
        return False

    def _absent(self, j: Judged) -> bool:
        """A name the reply says is not here: by its head noun once, else not here in this room."""
        if j.reading.not_here and not j.moved:
            self._call_by_head(j.ctx, j.command, j.text, j.room)
            for noun in self._not_here(j.ctx, j.command, j.text):
                if not self.mem.absent(j.room, noun):
                    self.mem.seen.absent.append(spot(j.room, noun))
        return False

    def _already_held(self, j: Judged) -> bool:
        command, mem = j.command, self.mem
        held = short(command[5:]) if command.startswith("take ") and ALREADY_HAVE.search(j.text[:100]) else ""
        if held and held not in mem.seen.held:
            mem.seen.held.append(held)
        return False

    def _too_heavy(self, j: Judged) -> bool:
        if j.reading.too_heavy:
            self._make_room(j.ctx, j.command)
        return False

    def _partly_understood(self, j: Judged) -> bool:
        """The parser read only part of the command: the thing by its head noun, the command without its
        instrument."""
        if j.reading.partly_understood and not j.moved:
            self._retry_by_head(j.command, j.room)
            bare = without_instrument(j.command, j.text)
            self.mem.plans.add([bare] if bare else [], "retry-without-instrument", front=True)
        return False

    def _verb_only(self, j: Judged) -> bool:
        phrase = w.verb_only(j.command, j.reading.understood_verb_head)
        if phrase and phrase not in self.mem.vocab.bad_phrases:
            self.mem.vocab.bad_phrases.append(phrase)
        return False

    def _refusal(self, j: Judged) -> bool:
        """A refusal (or the game's stock way of saying no) counts as failed, and settles the reply."""
        if (refused(j.command, j.reading) or self._stock_reply(j.ctx, j.command, j.text)) and not j.moved:
            if not j.reading.too_heavy:  # too heavy is no refusal: a drop makes room for a retry
                self.mem.note_fail(j.room, j.command)
            return True
        return False

    def _success(self, j: Judged) -> bool:
        """What a command that worked changes, the controls it points to, a room it moved, the ways named."""
        if not j.moved:
            self._after_success(j.ctx, j.command, j.room)
            self._work_controls(j.command, j.reading)
            self._ride(j.ctx, j.command, j.room)
            for direction in w.directions_in(j.text):
                self.mem.add_hint(j.room, direction)
        return True

    def _not_here(self, ctx: TurnContext, command: str, text: str) -> list[str]:
        """The names a "not here" reply rules out in this room. A reply that does not say which of two
        names it missed ("You can't see any such thing." after "put X in Y") spares a thing the room's
        text or the item list shows (rr.unseen); a thing a reply once said we hold that is missed so
        leaves what we hold (it was put down by another name, or taken from us)."""
        named = objects(command)
        if len(named) < 2 or not ctx.reading.such_thing_head:
            return named
        missed = rr.unseen(ctx.reading, named, shown_here(ctx))
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
        if not reply or len(reply) > STOCK_LENGTH or ctx.reading.success_said:
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

    def _work_controls(self, command: str, reading: Reading) -> None:
        """One control did something: the other controls in reach come next."""
        mem = self.mem
        controls = [short(n) for n in mem.seen.nouns.get(mem.now.last_room or "?", [])] + renamed(
            [short(i) for i in self._carried_names()], mem
        )
        follows = [f for f in other_controls(command, reading, controls) if f not in mem.plans.commands()]
        mem.plans.add(follows, "work-the-other-controls", front=True)

    def _ride(self, ctx: TurnContext, command: str, room: str | None) -> None:
        """Rule step-out-where-the-room-moved-to (builtin_devices.py): a lift moved; its exits lead on."""
        known = self.mem.seen.hinted.get(room or "?", []) + sorted(self._mapped_exits(room))
        exits = ride_exits(command, ctx.reading, known + list(ctx.exits))
        if ride_exits(
            command, ctx.reading, ["out"]
        ):  # this control moved the room: ride-again-to-unwalked-floors
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
        listed = (ways_out_listed if only_listing else exits_listed)(text[:300])
        if self.mem.refused_alike(room, text) and on("a-refusal-said-twice-lists-the-ways"):
            # a room's own refusal said again word for word for another way: it is what the room says
            # to every way it lacks, and the ways it names ("a pantry opens to the south; the
            # stairs are the other way") are its ways out even without a listing phrase
            listed = listed or exits_listed(text[:300])
        if not listed or parse_direction(command) in listed:
            return  # the reply talks about the way refused ("impenetrable to the north"), not the way out
        # rule a-mapped-exit-stays-open: the map saw it lead somewhere
        mapped = self._mapped_exits(room) if on("a-mapped-exit-stays-open") else set()
        for direction in COMPASS:
            if direction not in listed and direction not in mapped and not self.mem.failed(room, direction):
                self.mem.note_fail(room, direction)

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

    def _note_described(self, command: str, reading: Reading) -> None:
        """A word an examine answered in words of its own (not "no such thing", not scenery, not a
        word the parser missed) is a thing the late sweep works (examine-every-word-when-all-else-is-done)."""
        if not self._every_word_on() or not command.startswith("examine ") or len(objects(command)) != 1:
            return
        if reading.stock_no:
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
        """What a command that worked changes, read by the rows of SUCCESS_ROWS in order."""
        gained = ctx.score is not None and ctx.score > self.mem.now.score
        done = Done(ctx, command, room, command.split()[0], gained)
        for _rule, note in SUCCESS_ROWS:
            note(self, done)

    def _taken(self, d: Done) -> None:
        """What a reply says we took is held (and here); a take that scored alone is a valuable."""
        mem = self.mem
        taken = taken_names(d.command, d.ctx.last_output or "")
        for name in taken:
            if name not in mem.seen.held:
                mem.seen.held.append(name)
            mem.seen.absent = [a for a in mem.seen.absent if a.what != name]
        if d.verb == "take" and d.gained and len(taken) == 1:
            mem.seen.valuables.append(taken[0])

    def _put_down(self, d: Done) -> None:
        """A thing put, dropped, given or thrown is no longer held; dropped for points, it is junk."""
        mem, verb = self.mem, d.verb
        if verb in ("put", "drop", "give", "throw"):
            thing = _thing_of(d.command, verb)
            # a thing put down by its head noun ("drop coin") is the one held by its full name ("gold coin")
            by_head = " " not in thing
            mem.seen.held = [h for h in mem.seen.held if h != thing and not (by_head and w.head(h) == thing)]
            if verb == "drop" and d.gained and thing not in mem.seen.junk:
                mem.seen.junk.append(thing)  # deposited for points: taking it back would lose them

    def _deposit(self, d: Done) -> None:
        if d.verb == "put" and d.gained and " in " in d.command:
            box = short(d.command.split(" in ", 1)[1])
            self.mem.seen.deposits += [] if box in self.mem.seen.deposits else [box]  # counts treasure

    def _take_back(self, d: Done) -> None:
        """Rule take-back-what-a-put-did-not-score (junk is left where it belongs)."""
        if d.verb == "put" and not d.gained and _thing_of(d.command, d.verb) not in self.mem.seen.junk:
            # the thing as the command named it: "put X on Y" takes back X, not "X on Y" (not understood)
            put = d.command.split(" in ")[0].split(" on ")[0][4:]
            self.mem.plans.add([f"take {put}"], "take-back-what-a-put-did-not-score")

    def _worn(self, d: Done) -> None:
        if d.verb == "wear":  # gloves, a suit, a mask: what slipped or burned before may be taken now
            tries, fails = self.mem.attempts.tries, self.mem.attempts.fails
            self.mem.attempts.tries = {
                k: v for k, v in tries.items() if not k.what.startswith("take ") or k in fails
            }

    def _lit(self, d: Done) -> None:
        if d.verb in ("turn", "light") and any(w.has_class(x, w.LIGHTS) for x in d.command.split()):
            self.mem.now.lit = True

    def _changed(self, d: Done) -> bool:
        """A command of a verb that changes things, in a room (not on what we carry)."""
        return d.verb in CHANGING_VERBS and d.room != INVENTORY_ROOM

    def _room_changed(self, d: Done) -> None:
        if self._changed(d):
            self.mem.forget_room_failures(d.room)

    def _opened_door(self, d: Done) -> None:
        """Rule ways-past-an-opened-door, once per room: a door that shuts again (a guard, a spring) must
        not turn it into a loop."""
        mem, here = self.mem, d.room or "?"
        if not self._changed(d):
            return
        if opened_way(d.command, d.ctx.last_output or "") and here not in mem.attempts.opened_in:
            mem.attempts.opened_in.append(here)
            shut = mem.attempts.shut_moves.pop(here, [])
            # the ways refused here first, then those not yet tried (the door may lead to one never
            # tried: a door named without a direction, "bars the way to the archive")
            blind = Explorer(self.map, mem, self._pending_rooms).blind(d.room)
            ways = shut + [x for x in blind if x not in shut]
            mem.plans.add(ways[:WAYS_AGAIN], "ways-past-an-opened-door", front=True)

    def _mechanisms_again(self, d: Done) -> None:
        if self._changed(d) and d.verb not in OPERATING_VERBS:  # a changed setup: mechanisms work again
            verbs, here = tuple(f"{v} " for v in OPERATING_VERBS), d.room or "?"
            tries = self.mem.attempts.tries
            self.mem.attempts.tries = {
                k: v for k, v in tries.items() if k.room != here or not k.what.startswith(verbs)
            }

    def _check_progress(self, ctx: TurnContext) -> None:
        """Any news (room, noun, score, pockets) lets walks be repeated again."""
        rooms = len(ctx.known_rooms)
        nouns = sum(len(v) for v in self.mem.seen.nouns.values())
        mark = f"{rooms}/{nouns}/{ctx.score}/{len(ctx.inventory)}"
        if mark != self.mem.now.progress_mark:
            self.mem.now.progress_mark = mark
            self.mem.attempts.travel = {}


@dataclass(frozen=True)
class Judged:
    """The reply to the last command as the judging rows read it."""

    ctx: TurnContext
    text: str
    command: str
    room: str | None  # where the command was sent
    moved: bool  # the player is in another room now

    @property
    def reading(self) -> Reading:
        """The reply's one reading (reading/)."""
        return self.ctx.reading


Judge = Callable[[Judging, Judged], bool]  # True: the reply is settled, the rows after it do not read it
# A reply to a move, in order (rows of builtin_rules.TABLE).
MOVE_ROWS: tuple[tuple[str, Judge], ...] = (
    ("move-not-read", Judging._move_not_read),
    ("note-a-failed-move", Judging._failed_move),
    ("rule-out-only-a-listing", Judging._refused_move_ways),
    ("open-what-bars-the-way", Judging._refused_move_barriers),
    ("leave-behind-what-bars-the-way", Judging._refused_move_load),
)
# A reply to any other command, in order.
ACTION_ROWS: tuple[tuple[str, Judge], ...] = (
    ("not-a-person", Judging._people),
    ("go-where-the-opened-thing-barred", Judging._opened_barrier),
    ("note-described-words", Judging._described),
    (REPLY_OPENS_RULE, Judging._reply_opens),
    ("note-scenery", Judging._scenery),
    ("note-not-here", Judging._absent),
    ("note-held", Judging._already_held),
    ("make-room-for-a-heavy-take", Judging._too_heavy),
    ("retry-without-instrument", Judging._partly_understood),
    ("note-verb-only", Judging._verb_only),
    ("note-a-refusal", Judging._refusal),
    ("note-a-success", Judging._success),
)


@dataclass(frozen=True)
class Done:
    """A command that worked, as the success rows read it."""

    ctx: TurnContext
    command: str
    room: str | None
    verb: str
    gained: bool  # the score rose


def _thing_of(command: str, verb: str) -> str:
    """The thing a put, drop, give or throw names (before " in ", " on ", " to ").

    >>> _thing_of("put gold coin in box", "put"), _thing_of("give the apple to troll", "give")
    ('gold coin', 'apple')
    """
    return short(command.split(" in ")[0].split(" on ")[0].split(" to ")[0][len(verb) + 1 :])


# What a command that worked changes, in order (rows of builtin_rules.TABLE).
SUCCESS_ROWS: tuple[tuple[str, Callable[[Judging, Done], None]], ...] = (
    ("note-taken", Judging._taken),
    ("note-put-down", Judging._put_down),
    ("note-a-deposit", Judging._deposit),
    ("take-back-what-a-put-did-not-score", Judging._take_back),
    ("note-worn", Judging._worn),
    ("note-lit", Judging._lit),
    ("note-a-room-changed", Judging._room_changed),
    ("ways-past-an-opened-door", Judging._opened_door),
    ("work-mechanisms-again", Judging._mechanisms_again),
)

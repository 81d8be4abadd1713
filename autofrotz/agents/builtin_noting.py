"""Learning from what a reply says: nouns, closed things, clues, spells, words to say, uses."""

from __future__ import annotations

import logging
from collections.abc import Callable

from autofrotz.agents import builtin_words as w
from autofrotz.agents.base import TurnContext
from autofrotz.agents.builtin_base import (
    PARTS_PER_REPLY,
    SPOKEN_LENGTH,
    TALK_VERBS,
    AgentBase,
)
from autofrotz.agents.builtin_clues import clue_commands, listed_parts, protruding_pulls
from autofrotz.agents.builtin_devices import arrival_waits
from autofrotz.agents.builtin_explore import is_move
from autofrotz.agents.builtin_listings import ASK_TOLD_RULE, told_to_ask
from autofrotz.agents.builtin_memory import spot
from autofrotz.agents.builtin_readings import (
    LOOK_VERBS,
    refused,
)
from autofrotz.agents.builtin_reveal import revealed_searches
from autofrotz.agents.builtin_speech import boarded, learn
from autofrotz.agents.builtin_spells import spells_in
from autofrotz.agents.builtin_tactics import (
    NOTABLE,
    has_any,
    objects,
    part_actions,
    short,
)
from autofrotz.agents.builtin_tools import starred_names, treasure_room, valued_names
from autofrotz.agents.builtin_vessels import empty_things, taken_off, worn_now
from autofrotz.agents.builtin_ways import (
    TOPICS_KEPT,
    described_use,
    later_exits,
    locked_looks,
    revealed_inside,
    seen_from_higher,
    spoken_topics,
    stand_higher,
    words_to_say,
)
from autofrotz.reading.agent_events import GOT_SOMETHING

log = logging.getLogger(__name__)


class Noting(AgentBase):
    """Learning from what a reply says: nouns, closed things, clues, spells, words to say, uses."""

    def _collect_nouns(self, ctx: TurnContext, text: str) -> None:
        """What a reply says, read by each row of NOTING_ROWS in order (their plans queue in that order)."""
        for _rule, note in NOTING_ROWS:
            note(self, ctx, text)

    def _room_nouns(self, ctx: TurnContext, text: str) -> None:
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
            mem.seen.refused += [short(n) for n in w.refused_names(text) if short(n) not in mem.seen.refused]
        elif mem.now.last_command.startswith("take ") and w.FIXED.search(text[:200]):
            name = short(mem.now.last_command[5:])
            if name not in mem.seen.fixed:
                mem.seen.fixed.append(name)
        elif not ctx.reading.refusal:
            for phrase in w.noun_phrases(text):
                if has_any(phrase, NOTABLE):
                    mem.add_noun(room, phrase)

    def _open_closed(self, ctx: TurnContext, text: str) -> None:
        self.mem.plans.add([f"open {short(thing)}" for thing in w.closed_things(text)], "open-what-is-closed")

    def _wear_taken_off(self, ctx: TurnContext, text: str) -> None:
        self._wear_again(ctx.room_id, text)

    def _empty_vessels(self, ctx: TurnContext, text: str) -> None:
        """Rule fill-what-is-empty's memory: the empty things a room shows (not what we carry)."""
        mem, carried_now = self.mem, {short(i) for i in self._carried_names()}
        for thing in empty_things(f"{ctx.room_description or ''}\n{text}"):
            if short(thing) in carried_now:
                continue  # a pocket or a bag we carry holds nothing the room needs
            row = [ctx.room_id or "?", short(thing)]
            mem.seen.vessels += [] if row in mem.seen.vessels else [row]

    def _pointed_at(self, ctx: TurnContext, text: str) -> None:
        self.mem.plans.add(w.follow_ups(text), "what-the-reply-points-at")

    def _revealed(self, ctx: TurnContext, text: str) -> None:
        self.mem.plans.add(revealed_searches(text), "search-what-was-revealed")

    def _after_prerequisite(self, ctx: TurnContext, text: str) -> None:
        """The prerequisite (queued by the rows before), then the command it held up."""
        mem, last = self.mem, self.mem.now.last_command
        if (
            ctx.reading.asks_first
            and (w.closed_things(text) or w.follow_ups(text) or revealed_searches(text))
            and last
        ):
            mem.plans.add([last], "retry-after-its-prerequisite")
            mem.attempts.unmark(ctx.room_id, last)

    def _lying_here(self, ctx: TurnContext, text: str) -> None:
        mem, last = self.mem, self.mem.now.last_command
        if last and not is_move(last):
            nearby = [short(thing) for thing in w.nearby_things(text)]
            mem.seen.trusted += [n for n in nearby if n not in mem.seen.trusted]
            mem.plans.add([f"take {n}" for n in nearby], "take-what-lies-here")

    def _arrivals(self, ctx: TurnContext, text: str) -> None:
        for wait in arrival_waits(text):
            self.mem.plans.add([wait], "wait-for-an-arrival", front=True)  # see what they do first
            self.mem.attempts.tries.pop(spot(ctx.room_id, wait), None)

    def _quoted(self, ctx: TurnContext, text: str) -> None:
        plans = self.mem.plans
        for command in w.quoted_commands(text):
            if command not in plans.suggested:
                plans.suggested.append(command)
                plans.add([command], "command-the-game-quoted")

    def _told_to_ask(self, ctx: TurnContext, text: str) -> None:
        plans = self.mem.plans
        told = [q for q in told_to_ask(text) if q not in plans.suggested]
        plans.suggested += told
        plans.add(told, ASK_TOLD_RULE)  # builtin_listings.told_to_ask

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

    def _clue_names(self, ctx: TurnContext) -> tuple[list[str], list[str], list[str]]:
        """(held, names here and held, people) as the clue rows read them."""
        mem, room = self.mem, ctx.room_id
        held = [short(i) for i in self._carried_names()]
        names = [short(n) for n in mem.seen.nouns.get(room or "?", []) + list(ctx.visible_items)] + held
        people = [w.head(n) for n in names if has_any(n, (w.PEOPLE, w.ANIMALS))] + mem.seen.people
        return held, names, people

    def _pulls(self, ctx: TurnContext, text: str) -> None:
        self.mem.plans.add(protruding_pulls(text), "pull-what-sticks-out")

    def _clues(self, ctx: TurnContext, text: str) -> None:
        """Things out of reach, openings to look into: the commands a clue points to (once heard)."""
        mem, room, command = self.mem, ctx.room_id, self.mem.now.last_command
        held, names, people = self._clue_names(ctx)
        in_sight = [short(v) for v in ctx.visible_items]
        people = list(dict.fromkeys(people))
        clues = clue_commands(command, objects(command), ctx.reading, people, names, held, in_sight)
        clues = mem.unheard_clues(room, command, clues, text)
        for follow in clues:
            mem.attempts.tries.pop(spot(room, follow), None)
        mem.plans.add(clues, "follow-the-clue", front=True)

    def _higher(self, ctx: TurnContext, text: str) -> None:
        mem, room, command = self.mem, ctx.room_id, self.mem.now.last_command
        held, names, _ = self._clue_names(ctx)
        higher = stand_higher(command, text, names, held) + seen_from_higher(command, ctx.reading)
        higher = mem.unheard_clues(room, command, higher, text)
        for follow in higher:
            mem.attempts.tries.pop(spot(room, follow), None)
        mem.plans.add(higher, "stand-higher-to-look", front=True)

    def _locked_looks(self, ctx: TurnContext, text: str) -> None:
        keys_held = any(w.has_class(short(i), w.KEYS) for i in self._carried_names())
        self.mem.plans.add(
            locked_looks(self.mem.now.last_command, ctx.reading, keys_held),
            "examine-what-is-locked",
            front=True,
        )

    def _listed_parts(self, ctx: TurnContext, text: str) -> None:
        mem, room, command = self.mem, ctx.room_id, self.mem.now.last_command
        if command.startswith(LOOK_VERBS) and not refused(command, ctx.reading):
            for part in listed_parts(text)[:PARTS_PER_REPLY]:
                mem.add_noun(room, part)
                mem.seen.parts += [] if part in mem.seen.parts else [part]
                mem.plans.add([f"take {part}"], "take-a-listed-part")

    def _gift(self, ctx: TurnContext, text: str) -> None:
        mem = self.mem
        if GOT_SOMETHING.search(text) and not mem.now.last_command.startswith(("take", "inventory")):
            mem.plans.add(["inventory"], "inventory-after-a-gift", front=True)  # let the item list catch up
            mem.attempts.tries.pop(spot(mem.now.last_room, "inventory"), None)

    def _verb_asked_about(self, ctx: TurnContext, text: str) -> None:
        mem, room = self.mem, self.mem.now.last_room
        verb = ctx.reading.parser_question
        if verb:
            nouns = [short(n) for n in mem.seen.nouns.get(room or "?", [])][:4]
            # Rule carried-things-for-the-verb-asked-about: what is carried is as likely an object of it.
            held = [short(n) for n in self._carried_names() if short(n) not in nouns][:4]
            mem.plans.add([f"{verb} {n}" for n in nouns + held], "objects-for-the-verb-asked-about")

    def _spells(self, ctx: TurnContext, text: str) -> None:
        mem = self.mem
        for spell in spells_in(text):
            if spell not in mem.seen.spells:
                mem.seen.spells.append(spell)
                mem.plans.add([f"cast {spell}", spell], "cast-a-named-spell")

    def _animate(self, ctx: TurnContext, text: str) -> None:
        for name in w.animate_names(text):
            if short(name) not in self.mem.seen.people:
                self.mem.seen.people.append(short(name))

    def _revealed_parts(self, ctx: TurnContext, text: str) -> None:
        mem, room = self.mem, self.mem.now.last_room
        if mem.now.last_command.startswith(LOOK_VERBS) and not refused(mem.now.last_command, ctx.reading):
            for phrase in w.noun_phrases(text)[:PARTS_PER_REPLY]:
                mem.add_noun(room, phrase)
                if short(phrase) not in mem.seen.parts:
                    mem.seen.parts.append(short(phrase))
                    mem.plans.add(part_actions(phrase), "work-a-revealed-part")

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
        opened = revealed_inside(command, ctx.reading)
        if opened and opened[1]:
            seen.holders.append([self.mem.now.last_room or "?", opened[0], *opened[1]])
        for use_of, container in self._uses_here(ctx.room_id or "?"):
            seen.uses = [u for u in seen.uses if u is not use_of]  # once: the thing is gone after
            seen.junk += [] if use_of[0] in seen.junk else [use_of[0]]  # left there: not taken back
            steps = [*use_of[2:], f"put {use_of[0]} in {container}"]
            for step in steps:
                self.mem.attempts.tries.pop(spot(ctx.room_id, step), None)
            self.mem.plans.add(steps, "use-a-thing-for-its-purpose", front=True)

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
        marked = starred_names(text) + ([] if ctx.reading.refusal else valued_names(text))
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
        spoken = command.startswith(TALK_VERBS) and not ctx.reading.refusal and len(text) > SPOKEN_LENGTH
        if not (ctx.last_command is None or spoken):
            return
        fresh = [t for t in spoken_topics(text, ctx.vocabulary) if t not in seen.topics]
        seen.topics = (seen.topics + fresh)[:TOPICS_KEPT]


# What a reply says, in order (rows of builtin_rules.TABLE): each row notes what it reads and queues its
# commands under its name; the queue keeps this order.
NOTING_ROWS: tuple[tuple[str, Callable[[Noting, TurnContext, str], None]], ...] = (
    ("note-the-nouns", Noting._room_nouns),
    ("open-what-is-closed", Noting._open_closed),
    ("wear-again-what-was-taken-off", Noting._wear_taken_off),
    ("fill-what-is-empty", Noting._empty_vessels),
    ("what-the-reply-points-at", Noting._pointed_at),
    ("search-what-was-revealed", Noting._revealed),
    ("retry-after-its-prerequisite", Noting._after_prerequisite),
    ("take-what-lies-here", Noting._lying_here),
    ("wait-for-an-arrival", Noting._arrivals),
    ("inventory-after-a-gift", Noting._gift),
    ("objects-for-the-verb-asked-about", Noting._verb_asked_about),
    ("cast-a-named-spell", Noting._spells),
    ("note-who-is-animate", Noting._animate),
    ("work-a-revealed-part", Noting._revealed_parts),
    ("pull-what-sticks-out", Noting._pulls),
    ("follow-the-clue", Noting._clues),
    ("stand-higher-to-look", Noting._higher),
    ("examine-what-is-locked", Noting._locked_looks),
    ("take-a-listed-part", Noting._listed_parts),
    ("command-the-game-quoted", Noting._quoted),
    (ASK_TOLD_RULE, Noting._told_to_ask),
)

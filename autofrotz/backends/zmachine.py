"""Reading a Z-machine memory image: header fields, globals and the object tree.

Jericho knows the player object, score and moves only for the games it ships bindings for; for any
other story file (our own Inform games included) we read them from memory ourselves.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass

A0 = "abcdefghijklmnopqrstuvwxyz"
A1 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
A2 = " \n0123456789.,!?_#'\"/\\-:()"  # index 0 (escape) and 1 (newline) are handled apart


@dataclass(frozen=True)
class ZObject:
    num: int
    name: str
    parent: int
    sibling: int
    child: int


def word(mem: bytes, addr: int) -> int:
    """Big-endian unsigned 16-bit word.

    >>> word(bytes([1, 2]), 0)
    258
    """
    return (mem[addr] << 8) | mem[addr + 1]


def signed(value: int) -> int:
    """A 16-bit word read as a signed number.

    >>> signed(0xFFFF), signed(5)
    (-1, 5)
    """
    return value - 0x10000 if value & 0x8000 else value


def global_var(mem: bytes, index: int) -> int:
    """Signed value of global variable number index (0-based)."""
    return signed(word(mem, word(mem, 0x0C) + 2 * index))


def is_inform(mem: bytes) -> bool:
    """True when the header carries an Inform compiler version such as '6.41'."""
    stamp = bytes(mem[0x3C:0x40])
    return stamp[:1] in (b"5", b"6") and stamp[1:2] == b"."


def location_global(mem: bytes) -> int | None:
    """Index of the location global: 0 in version 1-3 stories (the status line reads it there) and
    older Inform games, 1 from Inform 6.3x on; None when neither holds an object number."""
    if mem[0] <= 3:
        return 0
    if not is_inform(mem):
        return None
    count = len(parents(mem)) - 1
    for index in (0, 1):
        if 0 < global_var(mem, index) <= count:
            return index
    return None


def decode_zstring(mem: bytes, addr: int, depth: int = 0) -> str:
    """Decode the Z-encoded string at addr (version 3 or later)."""
    zchars: list[int] = []
    while True:
        w = word(mem, addr)
        zchars += [(w >> 10) & 31, (w >> 5) & 31, w & 31]
        addr += 2
        if w & 0x8000:
            break
    return _zchars_to_text(mem, zchars, depth)


def _zchars_to_text(mem: bytes, zchars: list[int], depth: int) -> str:
    out: list[str] = []
    alphabet, i = 0, 0
    while i < len(zchars):
        z = zchars[i]
        if z == 0:
            out.append(" ")
        elif z in (1, 2, 3) and i + 1 < len(zchars):
            if depth == 0:
                entry = word(mem, 0x18) + 2 * (32 * (z - 1) + zchars[i + 1])
                out.append(decode_zstring(mem, 2 * word(mem, entry), depth + 1))
            i += 1
        elif z in (4, 5):
            alphabet = z - 3
            i += 1
            continue
        elif alphabet == 2 and z == 6 and i + 2 < len(zchars):
            out.append(chr((zchars[i + 1] << 5) | zchars[i + 2]))
            i += 2
        else:
            out.append((A0, A1, A2)[alphabet][z - 6] if alphabet < 2 or z > 7 else "\n")
        alphabet = 0
        i += 1
    return "".join(out)


def objects(mem: bytes) -> dict[int, ZObject]:
    """The whole object tree, by object number (versions 1-3 and 4+ layouts)."""
    small = mem[0] <= 3
    size, defaults = (9, 31) if small else (14, 63)
    table = word(mem, 0x0A) + 2 * defaults
    found: dict[int, ZObject] = {}
    end, num = len(mem), 1
    while table + size * num <= end:
        entry = table + size * (num - 1)
        props = word(mem, entry + size - 2)
        end = min(end, props)  # property tables start right after the last object entry
        found[num] = _object_at(mem, num, entry, props, small)
        num += 1
    return found


def parents(mem: bytes) -> list[int]:
    """Each object's parent number, indexed by object number (index 0 unused), without names."""
    small = mem[0] <= 3
    size, defaults = (9, 31) if small else (14, 63)
    table = word(mem, 0x0A) + 2 * defaults
    found = [0]
    end, num = len(mem), 1
    while table + size * num <= end:
        entry = table + size * (num - 1)
        end = min(end, word(mem, entry + size - 2))
        found.append(mem[entry + 4] if small else word(mem, entry + 6))
        num += 1
    return found


def children(objs: dict[int, ZObject], parent: int) -> list[ZObject]:
    """The objects directly inside parent, in the tree's order."""
    found: list[ZObject] = []
    child = objs[parent].child if parent in objs else 0
    while child and child in objs and len(found) < len(objs):
        found.append(objs[child])
        child = objs[child].sibling
    return found


_NAMES: dict[tuple[bytes, bytes], str] = {}  # (story serial and checksum, encoded name) -> text


def _object_at(mem: bytes, num: int, entry: int, props: int, small: bool) -> ZObject:
    name = _short_name(mem, props) if mem[props] else ""
    if small:
        return ZObject(num, name, mem[entry + 4], mem[entry + 5], mem[entry + 6])
    return ZObject(num, name, word(mem, entry + 6), word(mem, entry + 8), word(mem, entry + 10))


def _short_name(mem: bytes, props: int) -> str:
    """An object's short name, decoded once per story and encoded text (truth is read every step)."""
    key = (bytes(mem[0x12:0x1E]), bytes(mem[props + 1 : props + 1 + 2 * mem[props]]))
    name = _NAMES.get(key)
    if name is None:
        if len(_NAMES) > 50_000:
            _NAMES.clear()
        name = _NAMES[key] = decode_zstring(mem, props + 1)
    return name


def room_of(objs: dict[int, ZObject], start: int, location: int | None) -> ZObject:
    """The room holding object start: the location global if it is an ancestor, else the top one."""
    current = objs[start]
    seen = {start}
    while current.parent and current.parent in objs and current.parent not in seen:
        current = objs[current.parent]
        seen.add(current.num)
        if current.num == location:
            return current
    return current


def dictionary(mem: bytes) -> tuple[frozenset[str], int]:
    """The story's dictionary words (as stored, so cut short) and how many Z-characters each keeps.

    The header word at 0x08 points at the table: separators, entry length, entry count, then entries
    whose first 4 (version 1-3) or 6 (version 4+) bytes hold the word's text.
    """
    flags, zchars = dictionary_flags(mem)
    return frozenset(flags), zchars


NOUN_FLAG = 0x80  # the first data byte of an entry: set for words that name objects (Inform and Infocom)


def dictionary_nouns(mem: bytes) -> frozenset[str]:
    """The dictionary words the story marks as naming objects (its first data byte's top bit)."""
    flags, _ = dictionary_flags(mem)
    return frozenset(w for w, f in flags.items() if f & NOUN_FLAG)


def dictionary_flags(mem: bytes) -> tuple[dict[str, int], int]:
    """Each dictionary word with the first byte of its data (its part-of-speech flags), and the
    Z-characters a word keeps."""
    found: dict[str, int] = {}
    for _at, text, flags in _dictionary_entries(mem):
        found[text] = flags
    return found, 3 * _text_bytes(mem) // 2


def _text_bytes(mem: bytes) -> int:
    """Bytes of a dictionary entry that hold its word: 4 in versions 1-3, 6 from version 4 on."""
    return 4 if mem[0] <= 3 else 6


def _dictionary_entries(mem: bytes) -> list[tuple[int, str, int]]:
    """Each dictionary entry as (its address, its word as stored, the first byte of its data)."""
    addr = word(mem, 0x08)
    if not addr or addr >= len(mem):
        return []
    seps = mem[addr]
    entry_len = mem[addr + 1 + seps]
    count = abs(signed(word(mem, addr + 2 + seps)))  # negative: an unsorted table, same layout
    text_bytes = _text_bytes(mem)
    start = addr + 4 + seps
    found: list[tuple[int, str, int]] = []
    for n in range(count):
        at = start + n * entry_len
        if entry_len < text_bytes or at + text_bytes > len(mem):
            break
        zchars: list[int] = []
        for i in range(0, text_bytes, 2):
            w = word(mem, at + i)
            zchars += [(w >> 10) & 31, (w >> 5) & 31, w & 31]
        text = _zchars_to_text(mem, zchars, 1).strip()
        if text:
            flags = mem[at + text_bytes] if entry_len > text_bytes and at + text_bytes < len(mem) else 0
            found.append((at, text, flags))
    return found


def properties(mem: bytes, props: int) -> list[tuple[int, int, int]]:
    """An object's properties from the address of its property table, as (number, address of its
    data, length of its data), in the table's order (versions 1-3 and 4+ size bytes).

    >>> table = bytes([0x03, 0x8A, 0x94, 0xA5, 0x8A, 0x94, 0xA5, 0x32, 0x12, 0x34, 0x00])
    >>> properties(bytes([3]) + table, 1)
    [(18, 9, 2)]
    """
    small = mem[0] <= 3
    at = props + 1 + 2 * mem[props]  # past the short name's length byte and its words
    found: list[tuple[int, int, int]] = []
    while at < len(mem) and mem[at]:
        size = mem[at]
        if small:
            number, length, data = size & 31, (size >> 5) + 1, at + 1
        elif size & 0x80:
            number, length, data = size & 63, (mem[at + 1] & 63) or 64, at + 2
        else:
            number, length, data = size & 63, 2 if size & 0x40 else 1, at + 1
        found.append((number, data, length))
        at = data + length
    return found


def object_words(mem: bytes) -> dict[int, frozenset[str]]:
    """The words the story's parser reads as naming each object (its dictionary words, as stored, so
    cut short), by object number: every property whose data is a list of words that are all addresses
    of dictionary entries (Inform's `name`, Infocom's synonyms; an Infocom adjective stored as a byte
    number is not read). An object the story names by a routine instead has none."""
    entries = {at: text for at, text, _flags in _dictionary_entries(mem)}
    small = mem[0] <= 3
    size, defaults = (9, 31) if small else (14, 63)
    table = word(mem, 0x0A) + 2 * defaults
    found: dict[int, frozenset[str]] = {}
    end, num = len(mem), 1
    while table + size * num <= end:
        props = word(mem, table + size * (num - 1) + size - 2)
        end = min(end, props)
        words: set[str] = set()
        for _number, data, length in properties(mem, props) if props < len(mem) else ():
            values = [word(mem, data + i) for i in range(0, length - 1, 2)]
            if length % 2 == 0 and values and all(v in entries for v in values):
                words.update(entries[v] for v in values)
        if words:
            found[num] = frozenset(words)
        num += 1
    return found


def _object_lists(mem: bytes, count: int) -> dict[int, dict[int, list[int]]]:
    """Every property whose data, wherever an object holds it, read as object numbers (bytes in versions
    1-3, words from version 4 on): property number -> {holder: the objects its data name}."""
    small = mem[0] <= 3
    size, defaults = (9, 31) if small else (14, 63)
    table = word(mem, 0x0A) + 2 * defaults
    found: dict[int, dict[int, list[int]]] = {}
    broken: set[int] = set()
    for num in range(1, count + 1):
        props = word(mem, table + size * (num - 1) + size - 2)
        for number, data, length in properties(mem, props) if props < len(mem) else ():
            if small:
                values = list(mem[data : data + length])
            else:
                values = [word(mem, data + i) for i in range(0, length - 1, 2)] if length % 2 == 0 else [0]
            if all(0 < v <= count for v in values):
                found.setdefault(number, {})[num] = values
            else:
                broken.add(number)
    return {number: lists for number, lists in found.items() if number not in broken}


LOCAL_GLOBALS_SHARE = 0.9  # of a property's entries, in the rooms, that must be children of one object
LOCAL_GLOBALS_ROOMS = 3  # rooms at least that hold the property


def _most_common(values: list[int]) -> tuple[int, int]:
    """The value met most often and how often (the first met, on a tie).

    >>> _most_common([4, 7, 7, 4, 7])
    (7, 3)
    """
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    best = max(counts, key=lambda v: counts[v])
    return best, counts[best]


def local_globals_property(
    lists: dict[int, dict[int, list[int]]], parent: list[int], rooms_parent: int, named: Container[int]
) -> int | None:
    """Which property lists a room's local globals (Infocom's GLOBAL): at least `LOCAL_GLOBALS_ROOMS`
    children of `rooms_parent` (the object the rooms are children of) hold it, and nearly all the objects
    their data name are children of one other object, one that is neither `rooms_parent` nor a room (ZIL's
    LOCAL-GLOBALS), and are `named` (the parser has words for them). An exit property names rooms, and
    Inform's list of an object's classes names things without words, so neither is taken. None when no
    property, or more than one, is of that shape, and where the rooms have no parent (an Inform story).

    >>> parent = [0, 0, 1, 1, 1, 0, 5, 5, 5]  # 1: the rooms' parent, rooms 2-4; 5 holds things 6-8
    >>> things = {6, 7, 8}
    >>> lists = {9: {2: [6], 3: [6, 7], 4: [8]}, 12: {2: [3], 3: [4], 4: [2]}}
    >>> local_globals_property(lists, parent, 1, things), local_globals_property(lists, parent, 1, {6})
    (9, None)
    >>> local_globals_property({12: {2: [3], 3: [4], 4: [2]}}, parent, 1, things) is None  # exits
    True
    >>> local_globals_property({9: {6: [2], 7: [3], 8: [4]}}, parent, 1, things) is None  # in no room
    True
    """
    found: list[int] = []
    for number, holders in lists.items() if rooms_parent else ():
        rooms = [h for h in holders if parent[h] == rooms_parent]
        if len(rooms) < LOCAL_GLOBALS_ROOMS:
            continue
        entries = [e for h in rooms for e in holders[h]]
        keeper, kept = _most_common([parent[e] for e in entries])
        held_apart = keeper and keeper != rooms_parent and parent[keeper] != rooms_parent
        nameable = sum(e in named for e in entries)
        if held_apart and min(kept, nameable) >= LOCAL_GLOBALS_SHARE * len(entries):
            found.append(number)
    return found[0] if len(found) == 1 else None


class LocalGlobals:
    """The objects each room of a story lists as present there without holding them (Infocom's local
    globals: a house, a river, a door, which the parser takes as in reach in that room), read once from
    the story file's bytes."""

    def __init__(self, mem: bytes) -> None:
        self.parent = parents(mem) if mem else [0]
        self.lists = _object_lists(mem, len(self.parent) - 1) if mem else {}
        self.named = set(object_words(mem)) if mem else set()
        self._numbers: dict[int, int | None] = {}  # rooms' parent -> the property, once found

    def of_room(self, room: int) -> tuple[int, ...]:
        """The local globals of one room (by object number); none in a story without that property."""
        if not 0 < room < len(self.parent):
            return ()
        rooms_parent = self.parent[room]
        if rooms_parent not in self._numbers:
            self._numbers[rooms_parent] = local_globals_property(
                self.lists, self.parent, rooms_parent, self.named
            )
        number = self._numbers[rooms_parent]
        return tuple(self.lists[number].get(room, ())) if number is not None else ()

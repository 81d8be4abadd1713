"""Scoring helpers for the perception eval: room matching, reachability, a counting fake LLM."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import networkx as nx

from autofrotz.llm.base import BaseLLM, Reply, Request
from autofrotz.llm.errors import PermanentError
from autofrotz.managers.map_manager import MapManager
from autofrotz.words.directions import opposite


class CountingLLM(BaseLLM):
    """Fake parser model: counts calls and declines every one, so the managers keep their rules' reading."""

    provider: ClassVar[str] = "counting"
    needs_api_key: ClassVar[bool] = False

    def __init__(self, role: str = "") -> None:
        super().__init__("counting", role, max_retries=0, max_repairs=0, sleep=lambda _s: None)

    def _complete(self, request: Request) -> Reply:
        raise PermanentError("counting fake: no answer by design")


def mismatched_steps(pairs: list[tuple[str | None, int]]) -> list[int]:
    """Steps whose room id does not map to the true room under the best one-to-one mapping.

    >>> mismatched_steps([("a", 1), ("a", 1), ("b", 2), ("a", 2)])
    [3]
    """
    counts = Counter((ours, truth) for ours, truth in pairs if ours is not None)
    graph = nx.Graph()
    for (ours, truth), n in counts.items():
        graph.add_edge(("ours", ours), ("truth", truth), weight=n)
    mapping = {}
    for u, v in nx.max_weight_matching(graph):
        ours, truth = (u, v) if u[0] == "ours" else (v, u)
        mapping[ours[1]] = truth[1]
    return [i for i, (ours, truth) in enumerate(pairs) if mapping.get(ours) != truth]


def room_scores(pairs: list[tuple[str | None, int]]) -> dict[str, Any]:
    """Tracking under the best one-to-one mapping of our ids to true rooms, plus merges and splits.

    >>> s = room_scores([("a", 1), ("a", 1), ("b", 2), ("a", 2)])
    >>> s["tracked"], s["merged_ids"], s["split_rooms"]
    (3, 1, 1)
    """
    counts = Counter((ours, truth) for ours, truth in pairs if ours is not None)
    graph = nx.Graph()
    for (ours, truth), n in counts.items():
        graph.add_edge(("ours", ours), ("truth", truth), weight=n)
    matching = nx.max_weight_matching(graph)
    tracked = sum(graph.edges[u, v]["weight"] for u, v in matching)
    ours_to_truths: dict[str, set[int]] = {}
    truth_to_ours: dict[int, set[str]] = {}
    for ours, truth in counts:
        ours_to_truths.setdefault(ours, set()).add(truth)
        truth_to_ours.setdefault(truth, set()).add(ours)
    return {
        "tracked": tracked,
        "room_tracking": round(100.0 * tracked / len(pairs), 2) if pairs else 100.0,
        "merged_ids": sum(len(t) > 1 for t in ours_to_truths.values()),
        "split_rooms": sum(len(o) > 1 for o in truth_to_ours.values()),
        "true_rooms": len({truth for _, truth in pairs}),
        "our_rooms": len(ours_to_truths),
    }


def eligible_rooms(maps: MapManager, start: str) -> set[str]:
    """Rooms the walk reached from the start by ordinary moves: exits travelled (from the change log),
    followed backwards too when two-way, skipping teleports and exits whose destination changed."""
    walked = _walked_graph(maps)
    walked.add_node(start)
    return set(nx.descendants(walked, start)) | {start}


def _walked_graph(maps: MapManager) -> nx.DiGraph:
    walked = nx.DiGraph()
    for entry in maps.store.changes:
        if entry.get("kind") != "connect":
            continue
        room, label, to = entry["room"], entry["direction"], entry["to"]
        link = maps.links.get(room, {}).get(label)
        if link is None or link.teleport or link.random or link.to_room != to or to not in maps.graph:
            continue
        walked.add_edge(room, to)
        back = maps.links.get(to, {}).get(opposite(label) or "")
        if link.bidirectional and back is not None and back.to_room == room:
            walked.add_edge(to, room)
    return walked


def landing_rooms(maps: MapManager) -> set[str]:
    """The start room and every room first reached by a teleport or a one-way exit."""
    anchors = {maps.start_room} if maps.start_room else set()
    for links in maps.links.values():
        anchors |= {
            k.to_room
            for k in links.values()
            if (k.teleport or not k.bidirectional) and k.to_room in maps.graph
        }
    return anchors


def segment_reachability(maps: MapManager, visited: set[str]) -> float:
    """Like reachability, from each landing room: the share (0-100) of (landing, room) pairs joined by
    walked two-way moves that get_path connects."""
    pairs = [(a, r) for a in landing_rooms(maps) for r in (eligible_rooms(maps, a) & visited) - {a}]
    if not pairs:
        return 100.0
    return round(100.0 * sum(bool(maps.get_path(a, r)) for a, r in pairs) / len(pairs), 2)


def reachability(maps: MapManager, visited: set[str]) -> tuple[float, int]:
    """Share (0-100) of eligible visited rooms the map's links reach from the start room, and how
    many rooms were eligible. A walked way found shut since (a door closed again) still connects: it
    is state the briefing shows, not a connection the map lost."""
    start = maps.start_room
    if start is None:
        return 100.0, 0
    targets = (eligible_rooms(maps, start) & visited & set(maps.graph.nodes)) - {start}
    if not targets:
        return 100.0, 0
    reached = len(targets & _linked_from(maps, start))
    return round(100.0 * reached / len(targets), 2), len(targets)


def _linked_from(maps: MapManager, start: str) -> set[str]:
    """The rooms the map's links lead to from start: what get_path reaches (no teleport, nothing shut),
    and beyond it walked ways found shut since; a way only assumed and found shut leads nowhere."""
    seen, frontier = {start}, [start]
    while frontier:
        for link in maps.links.get(frontier.pop(), {}).values():
            if link.to_room not in seen and not link.teleport and not (link.blocked and link.inferred):
                seen.add(link.to_room)
                frontier.append(link.to_room)
    return seen

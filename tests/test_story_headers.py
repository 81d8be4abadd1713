"""The story check accepts every story the interpreter plays (issue 35, point 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from autofrotz.games import GAMES_DIR, STORY_SUFFIXES, check_story, story_problem


def _stories() -> list[Path]:
    return sorted(p for p in GAMES_DIR.iterdir() if p.suffix.lower() in STORY_SUFFIXES)


def test_every_installed_story_passes_the_check() -> None:
    stories = _stories()
    if len(stories) < 10:
        pytest.skip("games/ is not installed (python -m autofrotz.games install)")
    refused = {}
    for path in stories:
        try:
            check_story(path)
        except Exception as exc:  # noqa: BLE001 - every refusal is listed, whatever its kind
            refused[path.name] = str(exc)
    assert refused == {}


def test_a_header_with_no_abbreviations_table_is_a_story(zork1: Path) -> None:
    """Hollywood Hijinx, release 235, serial 861118: version 3, abbreviations word 0."""
    data = bytearray(zork1.read_bytes()[:64])
    data[0] = 3
    data[0x02:0x04] = (235).to_bytes(2, "big")
    data[0x12:0x18] = b"861118"
    data[0x18:0x1A] = bytes(2)
    size = int.from_bytes(data[0x1A:0x1C], "big") * 2
    assert story_problem(bytes(data), size) is None
    data[0x08:0x0A] = bytes(2)  # a dictionary is not optional
    assert (
        story_problem(bytes(data), size)
        == f"the dictionary address 0x0000 lies outside the story (64..{size - 1})"
    )

"""Learning across runs: what a run of a story leaves behind, and what the next run of it starts with.

``learner`` turns each recorded turn into facts, ``store`` keeps them per story (sha256 of the story
file) in the same transaction as the turn, ``lore`` is the read-only view a new run loads, ``advisor``
is the named interface the built-in agent consults, and ``briefing`` writes the model path's briefing
and post-mortem guide.
"""

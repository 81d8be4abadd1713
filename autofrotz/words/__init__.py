"""Words every layer shares: directions, the story's vocabulary and the command check.

A leaf: it imports nothing of ours, so the game interface, the world, the agents and the web can
all use it without reaching into one another.
"""

"""The rule protocol every agent's policy is built of (protocol.py)."""

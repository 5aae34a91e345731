"""The rounds resource (nested under a match)."""

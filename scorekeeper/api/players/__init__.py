"""The players (roster) resource."""

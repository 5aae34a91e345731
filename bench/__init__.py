"""Benchmarks of Scorekeeper: each module runs as `python -m bench.<name>` (BENCHMARKS.md gives each one's command and current figure)."""

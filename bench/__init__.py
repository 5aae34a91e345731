"""Benchmarks of Scorekeeper (run them with bench/run; the modules run as `python -m bench.<name>`)."""

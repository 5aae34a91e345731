"""Scorekeeper: scorekeeping companion for physical card games."""

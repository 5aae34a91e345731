"""The matches resource."""

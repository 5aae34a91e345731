"""placeholder until written."""

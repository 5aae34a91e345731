"""Independent references: small scorers written again from the spec text, importing nothing of
the engine, that the seeded random tests compare the engine with."""

"""The health resource: a constant answer, for load balancers and as the benchmarks' ceiling."""

"""Benchmarks: reading speed and memory, web timings, the admin at scale, analysis, instructions per deal.

Run by ``make bench``; each prints its figures beside its targets (docs/performance.md)."""

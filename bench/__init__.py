"""Benchmarks and their results (bench/results.py, bench/report.py)."""

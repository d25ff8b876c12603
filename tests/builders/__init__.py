"""Builders of test data: decks and files of any size, hostile file shapes, a big site,
and what a client posts.

They live with the tests because the tests need them and must not depend on the
benchmarks; the benchmarks (bench/) import them from here for the same files and sites,
so a benchmark and the test that holds its target measure the same thing. Nothing here
imports from bench/.
"""

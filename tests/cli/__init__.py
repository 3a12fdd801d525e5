"""Tests of the command line: list, rules, play, replay and save files."""

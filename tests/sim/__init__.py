"""Tests of the simulator: running many games and their statistics."""

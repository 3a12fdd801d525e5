"""Test machinery shared by the games' tests."""

"""placeholder"""
import random

def greedy_action(state, rng):
    return rng.choice(state.legal_actions())

def evaluate(state, seat):
    return 0.0

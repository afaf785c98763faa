"""Game state a player tracks beside each ship: defense tokens, command dials and tokens, the
round and phase. Every change is an event; the state is the fold of the events. Pure Python.
"""

"""The replay engine: betting state, pots, showdown."""

"""The model: exact money, events, hands."""

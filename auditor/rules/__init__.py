"""Rules: one small module each, grouped in families, listed in ``registry``."""

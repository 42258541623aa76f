"""Report tables and their writers."""

"""general rules."""

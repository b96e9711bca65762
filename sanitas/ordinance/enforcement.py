"""enforcement rules."""

"""sewers rules."""

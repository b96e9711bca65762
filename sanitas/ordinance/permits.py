"""permits rules."""

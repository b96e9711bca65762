"""organics rules."""

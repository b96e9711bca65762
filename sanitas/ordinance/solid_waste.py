"""solid_waste rules."""

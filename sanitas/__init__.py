"""Sanitas: a city's sewer and solid-waste law, administered."""

__version__ = "0.1.0"

"""Importing this module registers every area's fact types, rules and derived values."""

from sanitas.ordinance import (  # noqa: F401
    edible_food,
    enforcement,
    fog,
    general,
    organics,
    permits,
    sewers,
    solid_waste,
)

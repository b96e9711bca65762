"""The loader, at the package's edge: importing this module imports every area, and
each area registers its fact types, rules, derived values and exceptions with the
kernel (``engine.rule``, ``engine.derived``, ``engine.exception``, ``engine.records``,
``facts.fact_type``). The package's ``__init__`` imports it once; no kernel module
does.

The order of the rules is the loader's, not the imports': ``AREAS`` places the
areas, an area that is a package places its sections (``SECTIONS``), and the
rules of one module keep the order they register in. The rules on facts run in
that order, so it is the order in which a rule on findings reads the others'
findings; the rules of one requirement keep it too, which is the order of the
findings they make about one subject.
"""

from sanitas.ordinance import (
    edible_food,
    enforcement,
    fog,
    general,
    organics,
    permits,
    sewers,
    solid_waste,
)
from sanitas.ordinance.engine import order_rules

#: the areas, in the order their rules run (a package's sections in the order of
#: its ``SECTIONS``)
AREAS = (organics, edible_food, general, enforcement, fog, permits, sewers, solid_waste)
order_rules(AREAS)

"""The loader, at the package's edge: importing this module imports every area, and
each area registers its fact types, rules, derived values and exceptions with the
kernel (``engine.rule``, ``engine.derived``, ``engine.exception``, ``engine.records``,
``facts.fact_type``). The package's ``__init__`` imports it once; no kernel module
does.

The order of the rules is the loader's, not the imports': ``AREAS`` places the
areas, and each area's rules keep the order they registered in (its sections in
the order the area lists them, each section's rules in the order written). The
rules on facts run in that order, so it is the order in which a rule on findings
reads the others' findings; the rules of one requirement keep it too, which is the
order of the findings they make about one subject.
"""

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
from sanitas.ordinance.engine import order_rules

#: the areas, in the order their rules run
AREAS = (
    "organics",
    "edible_food",
    "general",
    "enforcement",
    "fog",
    "permits",
    "sewers",
    "solid_waste",
)
order_rules(AREAS)

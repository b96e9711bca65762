"""The ordinance as code: facts and an as-of date in, findings out.

Pure Python: no web framework, no database, no clock.

The kernel (``engine``, ``facts``, ``pack``, ``calendar``, ``catalog``, ``bounds``,
``words``, ``document``, ``fastpath``, ``expect``, ``coverage``, ``reference``,
``notice_terms``) knows no area of the law: it holds the registry that the areas
(``general``, ``fog``, ``organics``, ``edible_food``, ``solid_waste``, ``permits``,
``sewers``, ``enforcement``) fill with their fact types, rules, derived values and
exceptions. This file is the package's edge: the one place that loads the areas
(``rules``), once, whichever part of the package is imported first, so that
``evaluate_facts``, ``parse_facts``, ``parse_document`` and the command line find
every area registered.
"""

import sanitas.ordinance.rules  # noqa: F401  (the loader: every area registers)
from sanitas.ordinance.document import FactsDocument, load_document, parse_document
from sanitas.ordinance.engine import Evaluation, Finding, evaluate_facts
from sanitas.ordinance.facts import FactsError
from sanitas.ordinance.pack import PackError, RulePack, load_pack

__all__ = [
    "Evaluation",
    "FactsDocument",
    "FactsError",
    "Finding",
    "PackError",
    "RulePack",
    "evaluate_facts",
    "load_document",
    "load_pack",
    "parse_document",
]

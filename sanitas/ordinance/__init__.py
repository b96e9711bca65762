"""The ordinance as code: facts and an as-of date in, findings out.

Pure Python: no web framework, no database, no clock. See ``engine`` for the
rule registry, ``facts`` for the vocabulary, ``pack`` for rule packs and
``calendar`` for the date arithmetic.
"""

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

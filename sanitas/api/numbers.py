"""Numbers as the API takes them: in a path, a query or a JSON body, a number sent as
text is written with the digits 0 to 9 (``bounds.number_text_problem``). Pydantic,
like Python, would read ``"1_000"`` as 1000 and a decimal ``"１２"`` as 12; these
types refuse them first, and the refusal names the parameter (422)."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BeforeValidator

from sanitas.ordinance.bounds import number_text_problem


def _plain(value: Any) -> Any:
    if isinstance(value, str) and (problem := number_text_problem(value.strip())):
        raise ValueError(problem)
    return value


#: a whole number, sent as a number or as text of the digits 0-9
PlainInt = Annotated[int, BeforeValidator(_plain)]
#: an amount, sent as a number or as text of the digits 0-9
PlainDecimal = Annotated[Decimal, BeforeValidator(_plain)]

"""A record no area names itself is named by its kind and day in the reader's words
("the street excavation of 2025-04-21"; "el registro de excavación en la calle del 21 de
abril de 2025"; "2025年4月21日的道路開挖"), its English as ``words.name_of`` says it."""

from __future__ import annotations

from pathlib import Path

from sanitas.ordinance.document import load_document
from sanitas.ordinance.messages import render

SCENARIO = Path(__file__).parent / "scenarios" / "sew-licence-city-examination-after-expiry.yaml"


def test_an_unnamed_record_is_named_by_its_kind_and_day_in_each_language():
    findings = [
        f
        for f in load_document(SCENARIO).evaluate().findings
        if f.message is not None and "the street excavation of 2025-04-21" in f.explanation
    ]
    assert findings
    for finding in findings:
        spanish, chinese = render(finding.message, "es"), render(finding.message, "zh-Hant")
        assert "el registro de excavación en la calle del 21 de abril de 2025" in spanish
        assert "2025年4月21日的道路開挖" in chinese
        assert "excavation" not in spanish + chinese

"""The house-connection permit findings (PRM-*) as messages: the permits and the
things of a permit's work named in the reader's words (a number or an address as it
is), what kept a permit from authorizing work as a clause, each finding read in
Spanish and Traditional Chinese from the catalogs, and the message to JSON and back."""

from __future__ import annotations

import json
from datetime import date

from sanitas.ordinance.messages import Message, render
from sanitas.ordinance.permits import common

from .support import context

LOT = {"id": "lot-1", "type": "premises", "address": "12 Alhambra Rd"}
PERMIT = {
    "id": "p-1",
    "type": "permit",
    "kind": "house_connection",
    "premises": "lot-1",
    "issued_on": "2025-03-01",
}


def _ctx(*facts: dict, as_of: date = date(2025, 6, 1)):
    return context([LOT, PERMIT, *facts], as_of)


def test_a_permit_with_no_number_is_named_by_its_kind_premises_and_issue() -> None:
    ctx = _ctx()
    named = common.permit_ref(ctx, ctx.get("p-1"), capital=True)
    assert named.render("en") == "The house connection permit for 12 Alhambra Rd issued 2025-03-01"
    assert named.render("es") == (
        "el permiso de conexión domiciliaria para 12 Alhambra Rd expedido el 1 de marzo de 2025"
    )
    assert named.render("zh-Hant") == "2025年3月1日核發、12 Alhambra Rd的住宅接管許可證"
    numbered = context([LOT, {**PERMIT, "number": "SC-25-014"}], date(2025, 6, 1))
    said = common.permit_ref(numbered, numbered.get("p-1"))
    assert said.render("en") == "permit SC-25-014 for 12 Alhambra Rd"
    assert said.render("es") == "el permiso SC-25-014 para 12 Alhambra Rd"


def test_why_a_permit_did_not_authorize_work_is_a_clause_in_each_language() -> None:
    ctx = _ctx()
    permit, problem = common.valid_permit("p-1", "lot-1", "special_pool", date(2025, 4, 1), ctx)
    assert permit is ctx.get("p-1") and isinstance(problem, Message)
    assert str(problem) == (
        "the house connection permit for 12 Alhambra Rd issued 2025-03-01 is a house "
        "connection permit, not a special pool permit"
    )
    assert render(problem, "es").endswith(
        "es un permiso de conexión domiciliaria, no un permiso de piscina especial"
    )
    assert "是住宅接管許可證，而非特殊泳池許可證" in render(problem, "zh-Hant")
    _, none = common.valid_permit(None, "lot-1", "special_pool", date(2025, 4, 1), ctx)
    assert str(none) == "no special pool permit for 12 Alhambra Rd was in force on 2025-04-01"
    assert render(none, "es") == (
        "Ningún permiso de piscina especial para 12 Alhambra Rd estaba vigente el 1 de abril "
        "de 2025"
    )
    assert render(none, "zh-Hant") == "2025年4月1日當日12 Alhambra Rd並無有效的特殊泳池許可證"
    _, early = common.valid_permit("p-1", None, "house_connection", date(2025, 2, 1), ctx)
    assert str(early).endswith("was not issued until 2025-03-01")
    back = Message.from_dict(json.loads(json.dumps(early.to_dict())))
    assert back == early and render(back, "es").endswith(
        "no se expidió hasta el 1 de marzo de 2025"
    )


def test_a_designs_runs_are_named_by_their_ends_in_each_language() -> None:
    design = {
        "id": "d-1",
        "type": "connection_design",
        "permit": "p-1",
        "persons_served": 4,
        "segments": [
            {
                "from": "street_sewer",
                "to": "property_line",
                "diameter_in": 6,
                "material": "cast_iron",
            },
            {"from": "property_line", "to": "wye", "diameter_in": 4, "material": "cast_iron"},
            {"from": "property_line", "to": "wye", "diameter_in": 4, "material": "cast_iron"},
        ],
    }
    ctx = _ctx(design)
    runs = common.runs(ctx.get("d-1"))
    assert [r.name.render("en") for r in runs] == [r.label for r in runs]
    assert render(runs[0].name.message, "es") == (
        "El tramo de la alcantarilla pública al lindero de la propiedad"
    )
    assert (
        runs[1].name.render("en")
        == "the run from the property line to the wye (run 2 of the design)"
    )
    assert render(runs[2].name.message, "zh-Hant") == "從地界線到「wye」點的管段（設計中的第3段）"
    test = {
        "id": "t-1",
        "type": "pressure_test",
        "permit": "p-1",
        "date": "2025-03-04",
        "at": "2025-03-04T09:00",
        "kind": "air",
        "psi_at_lower_terminus": 4,
        "leaked": False,
    }
    tested = common.test_ref(_ctx(test).get("t-1"))
    assert tested.render("en") == "the air test of 2025-03-04 09:00"
    assert tested.render("es") == "la prueba de aire del 4 de marzo de 2025, 09:00"

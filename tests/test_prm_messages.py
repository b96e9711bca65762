"""The house-connection permit findings (PRM-*) as messages: the permits and the
things of a permit's work named in the reader's words (a number or an address as it
is), what kept a permit from authorizing work as a clause, each finding, each reading
it relied on and each data problem read in Spanish and Traditional Chinese from the
catalogs, and the message to JSON and back."""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from pathlib import Path
from typing import Any

from sanitas.ordinance.general.common import ref
from sanitas.ordinance.messages import Count, Message, Name, Phrase, reading_in, render
from sanitas.ordinance.permits import administration, common, design, testing

from .area_messages import english_left
from .catalog_forms import catalog_forms
from .support import context, evaluate, with_params

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


def _said(evaluation, requirement: str, subject: str) -> Message:
    found = [
        f for f in evaluation.findings if f.requirement == requirement and f.subject == subject
    ]
    assert len(found) == 1 and found[0].message is not None
    return found[0].message


def test_a_permits_lapse_reads_in_each_language_its_days_by_the_plural() -> None:
    evaluation = evaluate([LOT, PERMIT], "2025-05-15")
    message = _said(evaluation, "PRM-LAPSE", "p-1")
    assert render(message) == (
        "The house connection permit for 12 Alhambra Rd issued 2025-03-01 is void from "
        "2025-05-01: work did not start within 60 days of its issue on 2025-03-01, by "
        "2025-04-30; a new permit and the same fees are required before work."
    )
    spanish = render(message, "es")
    assert spanish.startswith("El permiso de conexión domiciliaria para 12 Alhambra Rd")
    assert "es nulo desde el 1 de mayo de 2025: la obra no se inició dentro de 60 días" in spanish
    assert "el pago de los mismos derechos" in spanish  # a fee, never a fine
    chinese = render(message, "zh-Hant")
    assert "自2025年5月1日起失效" in chinese and "60天內開始" in chinese and "費用" in chinese
    one_day = Message(
        message.id,
        {
            **message.args,
            "since": Phrase(
                Message(
                    message.args["since"].message.id,
                    {**message.args["since"].message.args, "days": Count(1)},
                )
            ),
        },
    )
    assert "dentro de 1 día desde" in render(one_day, "es")
    assert "within 1 days" in render(one_day)  # the English as the rule has always said it
    running = evaluate(
        [LOT, PERMIT, {"type": "work_started", "permit": "p-1", "date": "2025-03-20"}], "2025-05-15"
    )
    started = _said(running, "PRM-LAPSE", "p-1")
    assert render(started, "es").endswith(
        "comenzó el 20 de marzo de 2025, dentro de 60 días; el permiso está vigente."
    )
    back = Message.from_dict(json.loads(json.dumps(message.to_dict())))
    assert back == message and render(back, "zh-Hant") == chinese


def test_a_permits_charges_are_listed_as_charges_and_fees_never_fines() -> None:
    pack = with_params(
        prm_fee_schedule={
            "permit": {"house_connection": 150},
            "outside_city_connection": 400,
            "street_patch_per_sqft": 2.5,
            "street_patch_minimum": 100,
        }
    )
    outside = {**LOT, "located_in_city": False}
    dug = {"type": "street_excavation", "permit": "p-1", "date": "2025-03-10", "area_sqft": 60}
    evaluation = evaluate([outside, PERMIT, dug], "2025-03-15", pack=pack)
    message = _said(evaluation, "PRM-CHARGES", "p-1")
    assert render(message) == (
        "The house connection permit for 12 Alhambra Rd issued 2025-03-01 owes $700.00 (the "
        "house connection permit fee, $150.00; the charge for connecting from outside the "
        "city, $400.00; street patching of 60 sq ft at $2.50, $150.00), not yet recorded paid."
    )
    spanish = render(message, "es")
    assert "el derecho del permiso de conexión domiciliaria, US$150,00" in spanish
    assert "el cargo por conectarse desde fuera de la ciudad" in spanish
    assert "multa" not in spanish
    chinese = render(message, "zh-Hant")
    assert "市外接管費" in chinese and "罰" not in chinese and "尚無繳納紀錄" in chinese


def test_a_certificate_issued_too_soon_lists_what_blocked_it() -> None:
    issued = {"type": "final_certificate", "permit": "p-1", "date": "2025-03-20"}
    evaluation = evaluate([LOT, PERMIT, issued], "2025-03-25")
    message = _said(evaluation, "PRM-CERTIFICATE", "p-1")
    english = render(message)
    assert english.startswith("A certificate of final inspection was issued on 2025-03-20")
    assert "although the fees are not recorded paid, no connection design is on file" in english
    spanish = render(message, "es")
    assert "no consta el pago de los derechos, no consta ningún diseño de la conexión" in spanish
    assert "certificado de inspección final" in spanish
    assert "最終檢查證明書" in render(message, "zh-Hant")


def test_a_connection_without_its_permit_says_why_in_each_language() -> None:
    made = {
        "type": "sewer_connection",
        "premises": "lot-1",
        "date": "2025-02-10",
        "work": "new",
        "permit": "p-1",
    }
    evaluation = evaluate([LOT, PERMIT, made], "2025-03-15")
    found = [f for f in evaluation.findings if f.requirement == "PRM-PERMIT-REQUIRED"]
    message = found[0].message
    assert render(message) == (
        "The sewer connection of 2025-02-10 at 12 Alhambra Rd had no valid permit: the house "
        "connection permit for 12 Alhambra Rd issued 2025-03-01 was not issued until 2025-03-01."
    )
    assert render(message, "es").startswith(
        "La conexión al alcantarillado del 10 de febrero de 2025 en 12 Alhambra Rd no tenía un "
        "permiso válido: el permiso de conexión domiciliaria"
    )
    assert "未取得有效許可證" in render(message, "zh-Hant")


def _design(*segments: dict, **fields) -> dict:
    return {
        "id": "d-1",
        "type": "connection_design",
        "permit": "p-1",
        "persons_served": 4,
        "segments": list(segments),
        **fields,
    }


def _seg(start: str, end: str, **fields) -> dict:
    return {"from": start, "to": end, "diameter_in": 6, "material": "vitrified_clay", **fields}


def test_a_designs_diameters_read_with_the_persons_by_the_plural() -> None:
    design = _design(
        _seg("street_sewer", "property_line"), _seg("property_line", "building", diameter_in=3)
    )
    message = _said(evaluate([LOT, PERMIT, design], "2025-03-10"), "PRM-PIPE-DIAMETER", "d-1")
    assert render(message) == (
        "Serving 4 people (20 or fewer), the runs from the public sewer to the property line "
        "must be at least 6 in. across and the rest at least 4 in.; the run from the property "
        "line to the building is only 3 in. across."
    )
    spanish = render(message, "es")
    assert spanish.startswith("Al servir a 4 personas (20 o menos)")
    assert spanish.endswith(
        "; el tramo del lindero de la propiedad al edificio solo tiene 3 pulg. de diámetro."
    )
    assert render(message, "zh-Hant").endswith("；從地界線到建築物的管段內徑僅3英寸。")
    one = _design(_seg("street_sewer", "property_line"), persons_served=1)
    single = _said(evaluate([LOT, PERMIT, one], "2025-03-10"), "PRM-PIPE-DIAMETER", "d-1")
    assert render(single).startswith("Serving 1 person (20 or fewer)")
    assert render(single, "es").startswith("Al servir a 1 persona (20 o menos)")


def test_a_grade_too_flat_and_a_clay_run_too_shallow_in_each_language() -> None:
    design = _design(
        _seg("street_sewer", "property_line", length_ft=50, fall_ft=0.5, cover_in=8),
        _seg("property_line", "building", length_ft=20, fall_ft=1),
    )
    evaluation = evaluate([LOT, PERMIT, design], "2025-03-10")
    grade = _said(evaluation, "PRM-GRADE", "d-1")
    assert render(grade) == (
        "From the property line to the public sewer, the run from the public sewer to the "
        "property line falls 0.5 ft in 50 ft (1%), but a straight fall of at least 1 ft in 50 ft "
        "(2%) toward the public sewer is required."
    )
    assert "desciende 0,5 pies en 50 pies (1%)" in render(grade, "es")
    assert "在50英尺內下降0.5英尺（1%）" in render(grade, "zh-Hant")
    clay = _said(evaluation, "PRM-CLAY-CLEARANCE", "d-1")
    english = render(clay)
    assert english.startswith(
        "The run from the public sewer to the property line is 8 in. below the ground surface"
    )
    spanish = render(clay, "es")
    assert spanish.startswith(
        "El tramo de la alcantarilla pública al lindero de la propiedad está a 8 pulg."
    )
    assert "arcilla vitrificada" in spanish and "陶管" in render(clay, "zh-Hant")
    data = json.loads(json.dumps(clay.to_dict()))
    assert Message.from_dict(data) == clay


def test_a_connection_method_and_a_pipe_material_in_each_language() -> None:
    design = _design(
        _seg("street_sewer", "property_line", material="pvc"),
        public_sewer_diameter_in=8,
        public_sewer_depth_ft=12,
        method="y_branch",
    )
    evaluation = evaluate([LOT, PERMIT, design], "2025-03-10")
    method = _said(evaluation, "PRM-CONNECTION-METHOD", "d-1")
    assert render(method) == (
        "The public sewer is 8 in. across and 12 ft deep, so a saddle or a Y-branch may be used, "
        "and the design uses a Y-branch."
    )
    assert render(method, "es") == (
        "La alcantarilla pública tiene 8 pulg. de diámetro y 12 pies de profundidad, por lo que "
        "puede usarse una silleta o un ramal en Y, y el diseño usa un ramal en Y."
    )
    material = _said(evaluation, "PRM-PIPE-MATERIAL", "d-1")
    assert render(material).startswith("The run from the public sewer to the property line is PVC;")
    assert "hierro fundido" in render(material, "es") and "鑄鐵" in render(material, "zh-Hant")


def test_a_route_over_other_lots_and_a_sewer_in_an_unaccepted_street() -> None:
    other = {"id": "lot-2", "type": "premises"}
    route = {"type": "connection_route", "design": "d-1", "lots": ["lot-1", "lot-2"]}
    sewer = {
        "id": "uss-1",
        "type": "unaccepted_street_sewer",
        "design": "d-1",
        "supervised": False,
        "plans_approved": True,
        "street": "Alley 7",
    }
    facts = [LOT, other, PERMIT, _design(_seg("street_sewer", "property_line")), route, sewer]
    evaluation = evaluate(facts, "2025-03-10")
    lot = next(f.message for f in evaluation.findings if f.requirement == "PRM-SAME-LOT")
    assert render(lot).endswith(
        "lies partly on another lot, but a connection may lie only on the lot of the building "
        "it serves (12 Alhambra Rd)."
    )
    assert render(lot, "es").endswith(
        "se encuentra en parte sobre otro lote, pero una conexión solo puede estar sobre el lote "
        "del edificio al que sirve (12 Alhambra Rd)."
    )
    assert "有部分位於另外1個地段" in render(lot, "zh-Hant")
    street = [f.message for f in evaluation.findings if f.requirement == "PRM-UNACCEPTED-STREET"]
    assert render(street[0]).startswith(
        "The sewer in Alley 7, a street the Council has not accepted, was not laid under the "
        "supervision of the Director or Chief Engineer, so the connection design for"
    )
    assert render(street[0], "es").startswith(
        "La alcantarilla de Alley 7, una calle que el Concejo no ha aceptado, no se instaló bajo "
        "la supervisión del Director"
    )
    assert "Alley 7的下水道（位於市議會尚未接受的街道）未在局長或總工程師的監督下鋪設" in (
        render(street[0], "zh-Hant")
    )


def test_a_suspension_of_work_is_named_by_its_day() -> None:
    suspended = {"id": "s-1", "type": "work_suspended", "permit": "p-1", "date": "2025-04-02"}
    ctx = _ctx(suspended)
    named = ref(ctx, "s-1")
    assert named.render("en") == "the suspension of work on 2025-04-02"
    assert named.render("es") == "la suspensión de la obra el 2 de abril de 2025"
    assert named.render("zh-Hant") == "2025年4月2日的工程暫停"


def _test(**fields) -> dict:
    return {
        "id": "t-1",
        "type": "pressure_test",
        "permit": "p-1",
        "date": "2025-03-05",
        "kind": "standing",
        "psi_at_lower_terminus": 4,
        "head_above_upper_terminus_in": 6,
        "leaked": False,
        **fields,
    }


def test_a_test_too_soon_after_cement_joints_reads_its_hours_by_the_plural() -> None:
    test = _test(at="2025-03-05T09:00", cement_joints_made_at="2025-03-04T15:30")
    evaluation = evaluate([LOT, PERMIT, test], "2025-03-10")
    message = _said(evaluation, "PRM-TEST-CEMENT-WAIT", "p-1")
    assert render(message) == (
        "The standing test of 2025-03-05 09:00 came 17.5 hours after the cement joints made "
        "2025-03-04 15:30, before the 24 hours had passed."
    )
    assert render(message, "es") == (
        "La prueba de columna de agua del 5 de marzo de 2025, 09:00 se hizo 17,5 horas después "
        "de las juntas de cemento hechas el 4 de marzo de 2025, 15:30, antes de que pasaran las "
        "24 horas."
    )
    assert render(message, "zh-Hant").endswith("完成後17.5小時即進行，未滿24小時。")
    one = _test(at="2025-03-05T09:00", cement_joints_made_at="2025-03-05T08:00")
    hour = _said(evaluate([LOT, PERMIT, one], "2025-03-10"), "PRM-TEST-CEMENT-WAIT", "p-1")
    assert "came 1 hour after" in render(hour) and "se hizo 1 hora después" in render(hour, "es")


def test_a_leak_and_a_short_column_in_each_language() -> None:
    test = _test(leaked=True, psi_at_lower_terminus=3.5, head_above_upper_terminus_in=2)
    evaluation = evaluate([LOT, PERMIT, test], "2025-03-10")
    leak = _said(evaluation, "PRM-PRESSURE", "p-1")
    assert render(leak).startswith("The standing test of 2025-03-05 under the house connection")
    assert render(leak).endswith(
        "leaked at 3.5 psi; the line outside the building must hold 4 psi without leaking."
    )
    assert "tuvo fugas a 3,5 psi" in render(leak, "es")
    assert "在3.5 psi時滲漏" in render(leak, "zh-Hant")
    standing = _said(evaluation, "PRM-TEST-STANDING", "p-1")
    assert render(standing).startswith(
        "The standing test of 2025-03-05 developed 3.5 psi at the lower terminus and stood 2 in. "
        "above the upper terminus, but the test needs 4 psi (9.24 ft of water)"
    )
    assert "desarrolló 3,5 psi en el extremo inferior y alcanzó 2 pulg." in render(standing, "es")
    assert "9,24 pies de agua" in render(standing, "es")


def test_a_joint_check_and_an_approval_over_a_cover_in_each_language() -> None:
    check = {
        "type": "joint_check",
        "permit": "p-1",
        "date": "2025-03-04",
        "material": "vitrified_clay",
        "laid_upgrade": True,
        "sockets_upgrade": False,
        "gasket_caulked": True,
        "compound": "other",
        "watertight": True,
    }
    covered = {"type": "work_covered", "permit": "p-1", "date": "2025-03-06"}
    approved = {
        "type": "work_inspection",
        "permit": "p-1",
        "date": "2025-03-08",
        "result": "approved",
    }
    evaluation = evaluate([LOT, PERMIT, check, covered, approved, _test()], "2025-03-10")
    joints = next(f.message for f in evaluation.findings if f.requirement == "PRM-JOINTS")
    assert render(joints).endswith(
        "found the sockets not upgrade and the joints filled with another compound rather than "
        "hot-poured C.P.I. compound, an approved equal, sewer joint compound or Portland cement "
        "mortar."
    )
    spanish = render(joints, "es")
    assert spanish.startswith("La revisión de juntas de arcilla vitrificada del 4 de marzo de 2025")
    assert "rellenas con otro compuesto en lugar de compuesto C.P.I. vertido en caliente" in spanish
    assert "陶管接頭檢查發現承口端未朝上坡" in render(joints, "zh-Hant")
    approval = _said(evaluation, "PRM-APPROVAL", "p-1")
    assert render(approval).endswith(
        "was covered on 2025-03-06, before it was inspected and approved (on 2025-03-08)."
    )
    assert render(approval, "es").endswith(
        "fue cubierta el 6 de marzo de 2025, antes de ser inspeccionada y aprobada (el 8 de marzo "
        "de 2025)."
    )
    assert "（核准日為2025年3月8日）" in render(approval, "zh-Hant")


def test_the_permit_messages_hold_to_the_legal_glossary() -> None:
    """Where a permit message's English uses a legal term (a permit, a fee, a charge, a
    certificate of final inspection), its Spanish and Chinese use the glossary's words
    for it and never the forbidden ones (a fee or a charge is never a fine), and every
    message is translated."""

    from sanitas.notices.kinds import _held_to_glossary
    from sanitas.ordinance.messages import TEMPLATES, translations

    ours = [t for ident, t in TEMPLATES.items() if ident.startswith("prm.")]
    assert len(ours) > 140
    problems = []
    for language, template, english, text in catalog_forms(ours):
        words = re.sub(r"\{\w+\}", "", english)
        assert text != english or not any(c.isalpha() for c in words), template.id
        kept = set(re.findall(r"\{(\w+)\}", text))
        if template.plural is None:  # every placeholder kept, none made up
            assert kept == set(re.findall(r"\{(\w+)\}", english)), template.id
        else:  # a plural's form may say its count or leave it out
            fields = re.findall(r"\{(\w+)\}", template.english + template.plural)
            assert kept <= {*fields, template.count}, template.id
        problems += _held_to_glossary(language, template.id, english, text)
    for language in ("es", "zh-Hant"):
        catalog = translations(language)
        for english in (
            administration._FEES_UNPAID,
            administration._OUTSIDE_CITY,
            administration._NO_DESIGN,
            administration._NOT_APPROVED,
            common._DESIGN,
            common._UNACCEPTED,
        ):
            text = catalog.pgettext("word", english)
            assert text != english, english
            problems += _held_to_glossary(language, "word", english, text)
    assert not problems, "\n".join(problems)


# ----------------------------------------------------------------- readings and data problems


def test_the_readings_of_the_permit_rules_read_in_each_language() -> None:
    """The fee schedule, the dimensions a design leaves out (either reading), the
    clean-out at every meeting point and the test of record are messages, said in
    Spanish and Chinese with the glossary's words (a fee is never a fine)."""
    fee = administration._FEE_READING
    assert render(fee) == (
        "The amounts are those of the fee schedule entered for the city, set by Council resolution."
    )
    assert "cuadro de derechos" in render(fee, "es") and "Concejo" in render(fee, "es")
    assert "收費表" in render(fee, "zh-Hant") and "罰" not in render(fee, "zh-Hant")
    assert "inspección en obra" in render(common.UNSHOWN_READING, "es")
    assert "現場檢查" in render(common.UNSHOWN_READING, "zh-Hant")
    assert render(common.UNSHOWN_FAILS_READING, "es").startswith(
        "Un diseño que no muestra una dimensión o un registro de limpieza"
    )
    assert "不得核准" in render(common.UNSHOWN_FAILS_READING, "zh-Hant")
    assert "cambio de alineación" in render(design._EVERY_POINT_READING, "es")
    assert "地界線除外" in render(design._EVERY_POINT_READING, "zh-Hant")
    assert "prueba de presión más reciente" in render(testing._LATEST_READING, "es")
    assert "壓力測試" in render(testing._LATEST_READING, "zh-Hant")


def test_two_readings_of_one_finding_read_one_after_the_other_in_each_language() -> None:
    """PRM-CLEANOUTS relies on two readings at once: both are said, in order, in each
    language, and the finding's reading goes to JSON and back as the same message."""
    facts = [
        LOT,
        PERMIT,
        _design(
            _seg("street_sewer", "property_line", length_ft=50, fall_ft=1),
            _seg("property_line", "wye", length_ft=10, fall_ft=1, cleanout=True),
            _seg("wye", "building", length_ft=10, fall_ft=1),
        ),
    ]
    found = [f for f in evaluate(facts, "2025-03-10").findings if f.requirement == "PRM-CLEANOUTS"]
    assert len(found) == 1 and isinstance(found[0].reading, Message)
    reading = found[0].reading
    assert found[0].reading_text == (
        "Every point where two runs of the design meet, other than the property line, is taken "
        "as a change of alignment. A dimension or clean-out the design does not show is left to "
        "the field inspection, not failed on the plans."
    )
    spanish = reading_in(found[0], "es")
    assert spanish.startswith("Todo punto donde se unen dos tramos del diseño")
    assert spanish.endswith("no se da por incumplido en los planos.")
    chinese = reading_in(found[0], "zh-Hant")
    assert chinese.startswith("設計中兩段管段相接之處") and "現場檢查" in chinese
    back = Message.from_dict(json.loads(json.dumps(reading.to_dict())))
    assert back == reading and render(back, "es") == spanish


def test_cement_joints_made_after_their_test_are_a_data_problem_in_each_language() -> None:
    test = _test(kind="air", at="2025-03-02T08:00", cement_joints_made_at="2025-03-02T10:00")
    evaluation = evaluate([LOT, PERMIT, {**test, "date": "2025-03-02"}], "2025-03-10")
    (problem,) = evaluation.data_problems
    assert isinstance(problem.problem, Message)
    assert problem.text == (
        "The air test of 2025-03-02 08:00 records its cement joints as made on 2025-03-02 "
        "10:00, after the test."
    )
    assert render(problem.problem, "es") == (
        "La prueba de aire del 2 de marzo de 2025, 08:00 registra sus juntas de cemento como "
        "hechas el 2 de marzo de 2025, 10:00, después de la prueba."
    )
    assert render(problem.problem, "zh-Hant") == (
        "2025年3月2日 08:00的空氣測試記載其水泥接頭係於2025年3月2日 10:00完成，晚於該測試。"
    )


def test_an_event_before_its_permit_is_a_data_problem_in_each_language() -> None:
    started = {"id": "s-0", "type": "work_started", "permit": "p-1", "date": "2025-02-20"}
    evaluation = evaluate([LOT, PERMIT, started], "2025-03-10")
    (problem,) = evaluation.data_problems
    assert problem.facts == ("s-0", "p-1") and isinstance(problem.problem, Message)
    assert problem.text == (
        "The start of work on 2025-02-20 under the house connection permit for 12 Alhambra Rd "
        "issued 2025-03-01 is dated before the permit was issued on 2025-03-01."
    )
    assert render(problem.problem, "es") == (
        "El inicio de la obra el 20 de febrero de 2025 correspondiente al permiso de conexión "
        "domiciliaria para 12 Alhambra Rd expedido el 1 de marzo de 2025 tiene fecha anterior a "
        "la expedición del permiso, el 1 de marzo de 2025."
    )
    chinese = render(problem.problem, "zh-Hant")
    assert chinese.startswith("2025年2月20日的工程開始（屬於") and chinese.endswith(
        "所載日期早於該許可證的核發日期2025年3月1日。"
    )
    back = Message.from_dict(json.loads(json.dumps(problem.problem.to_dict())))
    assert back == problem.problem


def _scenario_evaluations() -> list[tuple[str, Any]]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import english_golden

    from sanitas.ordinance.document import load_document
    from sanitas.ordinance.engine import evaluate_facts

    out = []
    for path in english_golden.scenario_paths():
        if not path.name.startswith("prm-"):
            continue
        document = load_document(path)
        evaluation = evaluate_facts(
            document.facts,
            as_of=document.as_of or date(2025, 1, 1),
            pack=document.pack(),
            holidays=document.holidays,
        )
        out.append((path.name, evaluation))
    return out


def test_the_scenarios_permit_readings_and_data_problems_are_messages() -> None:
    """Every reading a permit finding of the scenarios relied on and every data problem
    the permit scenarios report is a message, said whole in Spanish and Chinese (no
    placeholder left, no English word but the names and numbers the records hold)."""
    said: list[tuple[str, Any, str]] = []
    for name, evaluation in _scenario_evaluations():
        said += [
            (name, f.reading, f.reading_text)
            for f in evaluation.findings
            if f.requirement.startswith("PRM-") and f.reading is not None
        ]
        said += [(name, p.problem, p.text) for p in evaluation.data_problems]
    ids = {said.id for _, said, _ in said if isinstance(said, Message)}
    assert {"prm.reading.fee-schedule", "prm.problem.before-issue"} <= ids, ids
    for name, message, english in said:
        assert isinstance(message, Message), (name, english)
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert "{" not in text and text != english, (name, language, text)
            assert not english_left(message, language), (name, language, text)


def test_english_left_is_found(monkeypatch) -> None:
    """The check above finds the English of a reading said in English where the
    reader's language was wanted (two readings whose catalogs say nothing), and lets
    a name pass."""
    import gettext

    from sanitas.ordinance import messages

    listed = common.readings(common.UNSHOWN_READING, testing._LATEST_READING)
    with monkeypatch.context() as patched:
        patched.setattr(messages, "translations", lambda *_: gettext.NullTranslations())
        assert {"dimension", "inspection", "latest"} <= english_left(listed, "es")
        assert {"dimension", "inspection", "latest"} <= english_left(listed, "zh-Hant")
    assert not english_left(listed, "es") and not english_left(listed, "zh-Hant")
    named = common._STREET_SEWER(street=Name("Mission Road"))
    assert not english_left(named, "es") and not english_left(named, "zh-Hant")

"""The sewer kinds: a permit ready for final inspection drafts the certificate of
final inspection (§ 6-8.133) and one that is not ready is refused with what keeps
it back; a failed pressure test drafts the permit correction notice (§ 6-8.132)."""

from __future__ import annotations

from datetime import date

import pytest

from sanitas.notices import services
from sanitas.notices.services import NoticeError
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from .conftest import draft

pytestmark = pytest.mark.django_db

AS_OF = date(2025, 4, 30)


def _permit(*, fees_paid: bool = True, leaked: bool = False) -> list[dict]:
    segments = [
        {
            "from": "street_sewer",
            "to": "property_line",
            "diameter_in": 6,
            "material": "vitrified_clay",
            "length_ft": 25,
            "fall_ft": 0.6,
            "depth_ft": 4,
            "in_street": True,
            "clearance_wall_in": 120,
            "cover_in": 48,
        },
        {
            "from": "property_line",
            "to": "building",
            "diameter_in": 4,
            "material": "vitrified_clay",
            "length_ft": 40,
            "fall_ft": 1.0,
            "clearance_wall_in": 12,
            "cover_in": 18,
            "cleanout": True,
        },
    ]
    return [
        {
            "id": "lot-60",
            "type": "premises",
            "address": "60 Las Tunas Dr",
            "owner_name": "Rosa Díaz",
            "owner_language": "es",
        },
        {
            "id": "p-60",
            "type": "permit",
            "kind": "house_connection",
            "number": "HC-2025-060",
            "premises": "lot-60",
            "issued_on": "2025-03-01",
            "fees_paid": fees_paid,
            "contractor": "Acme Sewer",
            "contractor_license_expires_on": "2025-12-31",
        },
        {"type": "work_started", "permit": "p-60", "date": "2025-03-05"},
        {
            "id": "d-60",
            "type": "connection_design",
            "permit": "p-60",
            "persons_served": 6,
            "public_sewer_diameter_in": 8,
            "public_sewer_depth_ft": 7,
            "method": "y_branch",
            "segments": segments,
        },
        {
            "type": "joint_check",
            "permit": "p-60",
            "date": "2025-03-18",
            "material": "vitrified_clay",
            "laid_upgrade": True,
            "sockets_upgrade": True,
            "gasket_caulked": True,
            "compound": "hot_poured",
            "watertight": True,
        },
        {
            "type": "pressure_test",
            "permit": "p-60",
            "date": "2025-03-20",
            "at": "2025-03-20T10:00",
            "kind": "standing",
            "psi_at_lower_terminus": 4,
            "head_above_upper_terminus_in": 6,
            "leaked": leaked,
            "cement_joints_made_at": "2025-03-18T16:00",
        },
        {"type": "work_inspection", "permit": "p-60", "date": "2025-03-21", "result": "approved"},
    ]


def _load(facts: list[dict]) -> None:
    record_facts(raw_facts=facts, actor="clerk", why="test permit")
    sweep(as_of=AS_OF)


def test_a_permit_ready_for_final_drafts_the_certificate_of_final_inspection():
    _load(_permit())
    notice = draft("PRM-APPROVAL", "p-60", actor="permits", kind_key="final_certificate")
    assert notice.kind == "final_certificate" and notice.state == "draft"
    content = services.preview(notice, served_on=AS_OF)
    assert any("6-8.133" in item["cite"] for item in content["law"]), content["law"]
    assert content["deadline_on"] is None


def test_a_permit_not_ready_is_refused_a_certificate_with_what_keeps_it_back():
    _load(_permit(fees_paid=False))
    with pytest.raises(NoticeError) as refused:
        draft("PRM-APPROVAL", "p-60", actor="permits", kind_key="final_certificate")
    assert "may issue yet" in str(refused.value.problems)
    assert "fees" in str(refused.value.problems)


def test_a_failed_pressure_test_drafts_the_permit_correction_notice():
    _load(_permit(leaked=True))
    notice = draft("PRM-PRESSURE", "p-60", actor="permits")
    assert notice.kind == "permit_correction"
    content = services.preview(notice, served_on=AS_OF)
    assert any("6-8.132" in item["cite"] for item in content["law"]), content["law"]
    assert content["deadline_on"] is not None and content["deadline_on"] > AS_OF.isoformat()
    assert "p-60" not in content["found"] and "HC-2025-060" in content["found"]

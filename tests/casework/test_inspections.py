"""Inspection visits: each kind walks its steps and records the facts of the
vocabulary it implies; the FOG figure by depth; a reading over 25 percent is a
violation the moment the visit is finished (no sweep); photos and signatures kept
as their original bytes under their SHA-256, never altered nor deleted; bad files
refused beside the field with nothing stored; who may do what."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import stat
import tarfile
from datetime import date, datetime

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils.timezone import localtime
from PIL import Image

from sanitas.access.doors import PAGES
from sanitas.casework import evidence, selectors, services
from sanitas.casework.inspection import VISIT_KINDS, InterceptorForm, observable, percent_by_depth
from sanitas.casework.models import EvidenceIsKept, InspectionVisit, Photo, Signature
from sanitas.ordinance.catalog import title
from sanitas.ordinance.document import read_data
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.models import RECORD_MODELS, Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return tmp_path


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    record_facts(
        raw_facts=[
            {
                "id": "hc-210",
                "type": "permit",
                "kind": "house_connection",
                "number": "HC-2025-022",
                "premises": "lot-210",
                "issued_on": "2025-01-10",
            }
        ],
        actor="clerk",
        why="permit issued",
    )
    sweep(as_of=AS_OF)


def _user(name: str, role: str | None = "fog_inspector", **extra) -> User:
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD, **extra)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


def _jpeg(*, taken: str | None = "2025:03:01 10:42:00", size=(64, 48), color=(120, 90, 30)):
    image = Image.new("RGB", size, color)
    exif = Image.Exif()
    if taken:
        exif.get_ifd(0x8769)[0x9003] = taken
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes())
    return out.getvalue()


def _png_data_url() -> str:
    image = Image.new("RGB", (120, 40), "white")
    for x in range(10, 110):
        image.putpixel((x, 20), (0, 0, 0))
    out = io.BytesIO()
    image.save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def _step_url(visit: InspectionVisit, step: str) -> str:
    return reverse("casework:inspection_step", args=[visit.pk, step])


def _start(client, subject: str, kind: str) -> InspectionVisit:
    response = client.post(
        reverse("casework:inspection_start", args=[subject]),
        {"kind": kind, "visit_date": AS_OF.isoformat()},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    visit = InspectionVisit.objects.latest("pk")
    assert response["Location"] == _step_url(visit, VISIT_KINDS[kind].steps[0].slug)
    return visit


def _post_step(client, visit, step, data, status=302):
    response = client.post(_step_url(visit, step), data)
    assert response.status_code == status, response.content.decode()[:3000]
    return response


def _finish(client, visit):
    response = client.post(_step_url(visit, "review"))
    assert response.status_code == 302, response.content.decode()[:3000]
    assert response["Location"] == reverse("casework:inspection_findings", args=[visit.pk])
    visit.refresh_from_db()
    assert visit.state == "finished"
    return visit


def _record(key: str):
    for model in RECORD_MODELS.values():
        row = model.objects.filter(key=key).first()
        if row is not None:
            return row
    raise AssertionError(f"no record {key}")


# --------------------------------------------------------------------------- the figure


def test_the_25_percent_figure_is_fog_and_solids_over_the_liquid_depth():
    assert percent_by_depth(floating=3, settled=2, total=20) == 25.0
    assert percent_by_depth(floating=4.5, settled=3, total=20) == 37.5
    assert percent_by_depth(floating=0, settled=0, total=30) == 0.0
    with pytest.raises(ValueError):
        percent_by_depth(floating=1, settled=1, total=0)


def test_the_interceptor_step_computes_it_again_and_refuses_impossible_depths():
    devices = [("jade-gi", "Grease interceptor")]
    form = InterceptorForm(
        {
            "device": "jade-gi",
            "floating_fog_in": "5",
            "settled_solids_in": "2.5",
            "total_depth_in": "30",
        },
        devices=devices,
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["percent_depth"] == 25.0
    deeper = InterceptorForm(
        {"floating_fog_in": "20", "settled_solids_in": "15", "total_depth_in": "30"},
        devices=devices,
    )
    assert not deeper.is_valid()
    assert "deeper than the total" in deeper.errors["total_depth_in"][0]
    partial = InterceptorForm({"floating_fog_in": "2"}, devices=devices)
    assert not partial.is_valid()
    assert set(partial.errors) == {"settled_solids_in", "total_depth_in"}


def test_the_violations_offered_are_the_catalogs_inspection_findings_of_the_program():
    assert "FOG-SANITARY-FIXTURES" in observable("fog")
    assert all(ident.startswith("FOG-") for ident in observable("fog"))
    assert all(ident.startswith("ORG-") for ident in observable("organics"))
    assert all(ident.startswith("SW-") for ident in observable("solid_waste"))
    assert "PRM-JOINTS" in observable("sewer")
    assert "FOG-25-PERCENT" not in observable("fog")  # computed from the measurement


# --------------------------------------------------------------------------- the FOG visit


def _fog_visit(client, *, floating="6", settled="4", total="24", photo=True, sign=True):
    visit = _start(client, "jade-garden", "fog")
    page = client.get(_step_url(visit, "interceptor"))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="fog-percent"' in text and "casework/inspection.js" in text
    assert "usa-step-indicator" in text
    _post_step(
        client,
        visit,
        "interceptor",
        {
            "device": "jade-gi",
            "floating_fog_in": floating,
            "settled_solids_in": settled,
            "total_depth_in": total,
        },
    )
    _post_step(
        client,
        visit,
        "condition",
        {
            "mechanical_condition": "needs_repair",
            "condition_notes": "Outlet tee cracked",
            "bmps": "followed",
            "training_log": "complete",
            "last_pump_out": "on_site",
            "sanitary_fixtures_connected": "no",
            "additives_used": "yes",
            "monitoring_facility": "",
        },
    )
    _post_step(
        client,
        visit,
        "findings",
        {"violations": ["FOG-DISCHARGE-PROHIBITION"], "notes": "Grease at the mop sink."},
    )
    if photo:
        upload = io.BytesIO(_jpeg())
        upload.name = "IMG_0042.jpg"
        _post_step(client, visit, "photos", {"photo": upload, "caption": "Outlet tee"})
    _post_step(client, visit, "photos", {"next": "1"})
    if sign:
        _post_step(
            client,
            visit,
            "signature",
            {"signer_name": "Wei Chen", "drawing": _png_data_url(), "note": ""},
        )
    return visit


def test_a_fog_visit_records_the_inspection_and_the_observation(client, block):
    inspector = _user("ana", first_name="Ana", last_name="Ruiz")
    client.force_login(inspector)
    visit = _finish(client, _fog_visit(client))
    inspection = _record(f"visit-{visit.pk}")
    assert inspection.subject == "jade-garden"
    assert inspection.date == AS_OF
    assert inspection.program == "fog"
    assert inspection.fog_solids_percent_depth == pytest.approx(41.7)
    assert inspection.violations == ["FOG-DISCHARGE-PROHIBITION"]
    assert inspection.inspector == "Ana Ruiz"
    assert "Mechanical condition: needs repair." in inspection.notes
    assert "Outlet tee cracked" in inspection.notes
    observed = _record(f"visit-{visit.pk}-observed")
    assert observed.fact_type == "fog_observation"
    assert observed.additives_used is True
    assert observed.sanitary_fixtures_connected is False
    assert observed.device == "jade-gi"
    assert set(visit.recorded_keys) == {f"visit-{visit.pk}", f"visit-{visit.pk}-observed"}
    # who recorded it: the signed-in inspector, from the visit
    assert inspection.recorded_by == "ana"
    assert inspection.import_source == f"inspection visit {visit.pk}"


def test_a_reading_over_25_percent_is_a_violation_at_once_without_a_sweep(client, block):
    ana = _user("ana")
    client.force_login(ana)
    day = AS_OF.isoformat()
    # the block's earlier reading (Feb 20) is found; nothing yet for the visit's day
    assert not Finding.objects.filter(
        current=True, requirement="FOG-25-PERCENT", period=day
    ).exists()
    visit = _finish(client, _fog_visit(client, floating="6", settled="4", total="24"))
    found = Finding.objects.get(
        current=True, requirement="FOG-25-PERCENT", status="violation", period=day
    )
    assert found.subject == "jade-gi"
    said = english(found)
    assert "41.7%" in said and "above the 25% limit" in said
    assert found.period == AS_OF.isoformat()
    page = client.get(reverse("casework:inspection_findings", args=[visit.pk]))
    text = page.content.decode()
    assert page.status_code == 200
    assert title("FOG-25-PERCENT") in text
    assert "What this visit found" in text and "from-visit" in text
    found_now = selectors.visit_findings(ana, visit=visit, today=AS_OF)
    from_visit = {r.requirement for r in found_now.from_visit}
    assert "FOG-25-PERCENT" in from_visit
    # the discharge marked and the additives observed; nothing the visit did not record
    assert from_visit <= {"FOG-25-PERCENT", "FOG-DISCHARGE-PROHIBITION", "FOG-ADDITIVES"}
    assert "Mar 1, 2025" in text
    # the business page and the worklist say the same, with no sweep run since
    business = client.get(reverse("web:business", args=["jade-garden"])).content.decode()
    assert title("FOG-25-PERCENT") in business
    worklist = client.get(reverse("staff:worklist")).content.decode()
    assert "FOG-25-PERCENT" in worklist


def test_a_reading_within_25_percent_is_met(client, block):
    client.force_login(_user("ana"))
    _finish(client, _fog_visit(client, floating="3", settled="3", total="24"))
    found = Finding.objects.filter(
        current=True, requirement="FOG-25-PERCENT", subject="jade-gi", period=AS_OF.isoformat()
    )
    assert [f.status for f in found] == ["met"]


# --------------------------------------------------------------------------- the other kinds


def test_an_sb1383_visit_records_contamination_and_the_route_review(client, block):
    client.force_login(_user("sam", "sb1383_coordinator"))
    visit = _start(client, "mission-market", "organics")
    _post_step(
        client,
        visit,
        "containers",
        {"by_hauler": "on", "containers": "missing", "contamination": "yes", "signage": "missing"},
    )
    _post_step(client, visit, "findings", {"violations": ["ORG-COM-CONTAINERS"]})
    _post_step(client, visit, "photos", {"next": "1"})
    _post_step(client, visit, "signature", {"refused": "on", "note": "Manager away"})
    _finish(client, visit)
    inspection = _record(f"visit-{visit.pk}")
    assert inspection.program == "organics"
    assert inspection.contamination is True
    assert inspection.by_hauler is True
    assert inspection.violations == ["ORG-COM-CONTAINERS"]
    assert "Containers: one missing." in inspection.notes
    assert Finding.objects.filter(
        current=True,
        requirement="ORG-COM-CONTAINERS",
        subject="mission-market",
        status="violation",
    ).exists()


def test_a_storage_visit_records_the_accumulation_and_set_out_at_the_premises(client, block):
    client.force_login(_user("cora", "code_enforcement"))
    visit = _start(client, "jade-garden", "storage")
    _post_step(
        client,
        visit,
        "storage",
        {
            "accumulation_seen": "on",
            "accumulated_since": "2025-02-20T08:00",
            "garbage": "on",
            "observed_at": "2025-03-01T09:30",
            "set_out_seen": "on",
            "collection_day": "2025-03-03",
            "placed_at": "2025-03-01T09:00",
            "location": "sidewalk",
        },
    )
    _post_step(client, visit, "findings", {})
    _post_step(client, visit, "photos", {"next": "1"})
    _post_step(client, visit, "signature", {"signer_name": "Wei Chen"})
    _finish(client, visit)
    accumulation = _record(f"visit-{visit.pk}-accumulation")
    assert accumulation.premises == "lot-101"
    assert accumulation.garbage is True
    # the city's clock, as typed
    assert localtime(accumulation.observed_at).isoformat().startswith("2025-03-01T09:30")
    set_out = _record(f"visit-{visit.pk}-set-out")
    assert set_out.premises == "lot-101" and set_out.location == "sidewalk"
    assert set_out.collection_day == date(2025, 3, 3)
    assert _record(f"visit-{visit.pk}").program == "solid_waste"


def test_a_sewer_work_visit_records_the_pressure_test_under_the_permit(client, block):
    client.force_login(_user("pat", "permit_clerk"))
    visit = _start(client, "lot-210", "sewer_work")
    _post_step(
        client,
        visit,
        "pressure_test",
        {
            "permit": "hc-210",
            "kind": "air",
            "psi_at_lower_terminus": "4",
            "leaked": "on",
            "at": "2025-03-01T11:00",
        },
    )
    _post_step(client, visit, "findings", {"violations": ["PRM-JOINTS"]})
    _post_step(client, visit, "photos", {"next": "1"})
    _post_step(client, visit, "signature", {"signer_name": "J. Builder"})
    _finish(client, visit)
    test = _record(f"visit-{visit.pk}-pressure-test")
    assert test.permit == "hc-210" and test.kind == "air" and test.leaked is True
    assert test.psi_at_lower_terminus == 4
    inspection = _record(f"visit-{visit.pk}")
    assert inspection.subject == "hc-210" and inspection.program == "sewer"
    assert inspection.violations == ["PRM-JOINTS"]


def test_a_step_left_unanswered_stops_the_finish_and_records_nothing(client, block):
    client.force_login(_user("ana"))
    visit = _start(client, "jade-garden", "fog")
    before = Finding.objects.count(), RECORD_MODELS["inspection"].objects.count()
    response = client.post(_step_url(visit, "review"))
    assert response.status_code == 400
    assert "Answer these steps first: Interceptor" in response.content.decode()
    assert (Finding.objects.count(), RECORD_MODELS["inspection"].objects.count()) == before
    visit.refresh_from_db()
    assert visit.state == "draft"


def test_a_finished_visit_no_longer_changes(client, block):
    ana = _user("ana")
    client.force_login(ana)
    visit = _finish(client, _fog_visit(client, photo=False))
    with pytest.raises(services.InspectionError, match="finished"):
        services.save_step(visit=visit, step="findings", answers={}, actor=ana)
    response = client.get(_step_url(visit, "interceptor"))
    assert response.status_code == 302
    assert response["Location"] == reverse("casework:inspection", args=[visit.pk])
    # its history keeps each step with who answered it
    reasons = list(
        visit.history.order_by("history_id").values_list("history_change_reason", flat=True)
    )
    assert reasons[0] == "started" and reasons[-1] == "finished"
    assert "answered interceptor" in reasons


# --------------------------------------------------------------------------- photos


def test_a_photo_is_kept_byte_for_byte_under_its_sha256(client, block, data_dir):
    client.force_login(_user("ana"))
    visit = _start(client, "jade-garden", "fog")
    data = _jpeg()
    upload = io.BytesIO(data)
    upload.name = "IMG_0042.jpg"
    _post_step(client, visit, "photos", {"photo": upload, "caption": "Outlet tee"})
    photo = Photo.objects.get(visit=visit)
    digest = hashlib.sha256(data).hexdigest()
    assert photo.sha256 == digest and photo.size == len(data)
    assert photo.content_type == "image/jpeg"
    assert photo.taken_at_from_camera
    assert localtime(photo.taken_at).isoformat().startswith("2025-03-01T10:42:00")
    assert photo.taken_by.username == "ana" and photo.caption == "Outlet tee"
    kept = data_dir / "evidence" / "photos" / digest[:2] / digest
    assert kept.read_bytes() == data
    assert not kept.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    served = client.get(reverse("casework:inspection_photo", args=[visit.pk, photo.pk]))
    assert served.status_code == 200 and served["Content-Type"] == "image/jpeg"
    assert served.content == data
    page = client.get(reverse("casework:inspection", args=[visit.pk])).content.decode()
    assert digest in page and "ana" in page


def test_a_photo_without_a_camera_time_is_dated_by_its_upload(client, block):
    ana = _user("ana")
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    photo = services.add_photo(
        visit=visit, data=_jpeg(taken=None), file_name="x.jpg", caption="", actor=ana
    )
    assert not photo.taken_at_from_camera
    assert abs((photo.taken_at - photo.uploaded_at).total_seconds()) < 1


@pytest.mark.parametrize(
    "data, words",
    [
        (b"%PDF-1.4 not a picture at all", "not a picture"),
        (b"", "empty"),
    ],
)
def test_a_file_that_is_no_picture_is_refused_beside_the_field(
    client, block, data_dir, data, words
):
    client.force_login(_user("ana"))
    visit = _start(client, "jade-garden", "fog")
    upload = io.BytesIO(data)
    upload.name = "report.jpg"
    response = _post_step(client, visit, "photos", {"photo": upload}, status=400)
    text = response.content.decode()
    assert words in text
    assert 'id="id_photo_error"' in text
    assert 'aria-describedby="id_photo_hint id_photo_error"' in text
    assert not Photo.objects.exists()
    assert not (data_dir / "evidence" / "photos").exists()


def test_a_photo_too_big_is_refused_as_it_streams_in_naming_the_field_and_limit(
    client, block, data_dir
):
    """Past 15 MB the upload stops being read (tests/operations/test_uploads.py counts
    the bytes): the answer is a 413 saying so, and nothing is kept."""
    client.force_login(_user("ana"))
    visit = _start(client, "jade-garden", "fog")
    upload = io.BytesIO(b"\xff\xd8\xff" + b"\x00" * evidence.PHOTO_LIMIT)
    upload.name = "big.jpg"
    response = client.post(_step_url(visit, "photos"), {"photo": upload, "caption": "too big"})
    assert response.status_code == 413
    assert "Photo: the file is larger than 15 MB, the most this field takes" in (
        response.content.decode()
    )
    assert not Photo.objects.exists()
    assert not (data_dir / "evidence" / "photos").exists()


def test_evidence_is_never_deleted_and_a_mistake_is_voided_with_a_reason(client, block):
    ana = _user("ana")
    client.force_login(ana)
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    photo = services.add_photo(visit=visit, data=_jpeg(), file_name="a.jpg", caption="", actor=ana)
    with pytest.raises(EvidenceIsKept):
        photo.delete()
    with pytest.raises(EvidenceIsKept):
        visit.delete()
    response = client.post(
        reverse("casework:inspection_photo_void", args=[visit.pk, photo.pk]),
        {"why": "Wrong restaurant"},
    )
    assert response.status_code == 302
    photo.refresh_from_db()
    assert photo.voided_why == "Wrong restaurant" and photo.voided_by == "ana"
    assert evidence.read("photos", photo.sha256) == _jpeg()  # the bytes stay
    assert photo.history.count() == 2
    page = client.get(reverse("casework:inspection", args=[visit.pk])).content.decode()
    assert "Wrong restaurant" in page and photo.sha256 in page


def test_a_photo_of_a_finished_visit_may_still_be_voided(client, block):
    ana = _user("ana")
    client.force_login(ana)
    visit = _finish(client, _fog_visit(client))
    photo = Photo.objects.get(visit=visit)
    page = client.get(reverse("casework:inspection", args=[visit.pk])).content.decode()
    assert "Void the photo" in page
    services.void_photo(photo=photo, why="Another site", actor=ana)
    photo.refresh_from_db()
    assert photo.voided_at is not None


def test_the_backup_carries_the_evidence_files(block, data_dir, tmp_path):
    import sqlite3

    from sanitas.operations.backup import make_backup

    ana = _user("ana")
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    photo = services.add_photo(visit=visit, data=_jpeg(), file_name="a.jpg", caption="", actor=ana)
    database = tmp_path / "db.sqlite3"
    sqlite3.connect(database).execute("create table t (x)").connection.close()
    result = make_backup(
        data_dir=data_dir,
        database={"ENGINE": "django.db.backends.sqlite3", "NAME": str(database)},
        output=tmp_path / "out" / "backup.tar.gz",
        now=datetime(2025, 3, 1, 12, 0),
    )
    with tarfile.open(result.path) as archive:
        names = archive.getnames()
        manifest_name = next(n for n in names if n.endswith("manifest.json"))
        manifest = json.load(archive.extractfile(manifest_name))
    wanted = f"evidence/photos/{photo.sha256[:2]}/{photo.sha256}"
    assert manifest["files"][wanted]["sha256"] == photo.sha256


# --------------------------------------------------------------------------- signatures


def test_a_drawn_signature_is_kept_as_a_png_with_name_and_time(client, block):
    client.force_login(_user("ana"))
    visit = _start(client, "jade-garden", "fog")
    drawing = _png_data_url()
    _post_step(client, visit, "signature", {"signer_name": "Wei Chen", "drawing": drawing})
    signature = Signature.objects.get(visit=visit)
    png = base64.b64decode(drawing.split(",", 1)[1])
    assert signature.sha256 == hashlib.sha256(png).hexdigest()
    assert signature.signer_name == "Wei Chen" and not signature.refused
    served = client.get(reverse("casework:inspection_signature", args=[visit.pk]))
    assert served["Content-Type"] == "image/png" and served.content == png
    # given once, it is kept as it was
    again = client.post(_step_url(visit, "signature"), {"signer_name": "Someone else"})
    assert again.status_code == 302
    signature.refresh_from_db()
    assert signature.signer_name == "Wei Chen"


def test_a_refusal_to_sign_is_noted_and_a_name_or_refusal_is_needed(client, block):
    client.force_login(_user("ana"))
    visit = _start(client, "jade-garden", "fog")
    empty = _post_step(client, visit, "signature", {"signer_name": "  "}, status=400)
    assert "or note that they refused" in empty.content.decode()
    bad = _post_step(
        client,
        visit,
        "signature",
        {"signer_name": "W", "drawing": "data:image/png;base64,@@"},
        status=400,
    )
    assert "could not be read" in bad.content.decode()
    assert not Signature.objects.exists()
    _post_step(client, visit, "signature", {"refused": "on", "note": "Said to call the owner"})
    signature = Signature.objects.get(visit=visit)
    assert signature.refused and signature.note == "Said to call the owner"
    assert signature.sha256 == ""
    page = client.get(reverse("casework:inspection", args=[visit.pk])).content.decode()
    assert "Refused to sign" in page


# --------------------------------------------------------------------------- who may


def test_an_auditor_reads_visits_but_may_not_start_or_answer_one(client, block):
    ana = _user("ana")
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    photo = services.add_photo(visit=visit, data=_jpeg(), file_name="a.jpg", caption="", actor=ana)
    client.force_login(_user("audrey", "auditor"))
    assert client.get(reverse("casework:inspection_start", args=["jade-garden"])).status_code == 403
    assert (
        client.post(
            reverse("casework:inspection_start", args=["jade-garden"]),
            {"kind": "fog", "visit_date": AS_OF.isoformat()},
        ).status_code
        == 403
    )
    assert client.post(_step_url(visit, "findings"), {}).status_code == 403
    assert (
        client.post(
            reverse("casework:inspection_photo_void", args=[visit.pk, photo.pk]), {"why": "x"}
        ).status_code
        == 403
    )
    assert client.get(reverse("casework:inspection", args=[visit.pk])).status_code == 200
    assert (
        client.get(reverse("casework:inspection_photo", args=[visit.pk, photo.pk])).status_code
        == 200
    )
    business = client.get(reverse("web:business", args=["jade-garden"])).content.decode()
    assert "Start an inspection" not in business
    assert InspectionVisit.objects.count() == 1


def test_each_role_makes_its_own_jobs_visits(client, block):
    clerk = _user("pat", "permit_clerk")
    client.force_login(clerk)
    # a permit clerk has no visit of a business to make
    assert client.get(reverse("casework:inspection_start", args=["jade-garden"])).status_code == 403
    with pytest.raises(services.InspectionError, match="another role"):
        services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=clerk)
    ana = _user("ana")
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    assert client.get(_step_url(visit, "interceptor")).status_code == 403
    client.force_login(_user("sue", "supervisor"))
    page = client.get(reverse("casework:inspection_start", args=["jade-garden"])).content.decode()
    assert "FOG inspection" in page and "SB 1383 compliance inspection" in page
    assert client.get(_step_url(visit, "interceptor")).status_code == 200


def test_a_visit_cannot_be_dated_in_the_future_nor_start_from_the_wrong_record(client, block):
    client.force_login(_user("ana"))
    url = reverse("casework:inspection_start", args=["jade-garden"])
    response = client.post(url, {"kind": "fog", "visit_date": "2999-01-01"})
    assert response.status_code == 400
    assert "future" in response.content.decode()
    assert (
        client.get(reverse("casework:inspection_start", args=["no-such-thing"])).status_code == 404
    )
    assert not InspectionVisit.objects.exists()


def test_every_inspection_address_is_a_door_of_the_access_policy():
    doors = {
        "casework:inspection_start": ("inspections.make", "inspections.make"),
        "casework:inspection": ("evidence.view", None),
        "casework:inspection_findings": ("evidence.view", None),
        "casework:inspection_step": ("inspections.make", "inspections.make"),
        "casework:inspection_photo": ("evidence.view", None),
        "casework:inspection_photo_void": (None, "inspections.make"),
        "casework:inspection_signature": ("evidence.view", None),
    }
    for name, (get, post) in doors.items():
        assert (PAGES[name].get, PAGES[name].post) == (get, post), name


def test_another_programs_staff_do_not_see_a_visits_evidence(client, block):
    ana = _user("ana")
    visit = services.start_visit(kind="fog", subject="jade-garden", visit_date=AS_OF, actor=ana)
    photo = services.add_photo(visit=visit, data=_jpeg(), file_name="a.jpg", caption="", actor=ana)
    client.force_login(_user("cora", "sb1383_coordinator"))
    for url in (
        reverse("casework:inspection", args=[visit.pk]),
        reverse("casework:inspection_photo", args=[visit.pk, photo.pk]),
        reverse("casework:inspection_findings", args=[visit.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 403, url
        assert "see inspection visits with their photos" in response.content.decode()


def test_the_business_timeline_shows_the_visit_its_photo_and_its_signature(client, block):
    client.force_login(_user("ana"))
    visit = _fog_visit(client)
    _finish(client, visit)
    response = client.get(reverse("web:timeline", args=["jade-garden"]), {"kind": "inspections"})
    assert response.status_code == 200
    text = response.content.decode()
    assert "FOG inspection of Mar 1, 2025 started" in text
    assert "Photo taken (FOG inspection): Outlet tee" in text
    assert "FOG inspection finished, its facts recorded; signed by Wei Chen" in text
    photo = visit.photos.get()
    assert reverse("casework:inspection_photo", args=[visit.pk, photo.pk]) in text
    assert photo.sha256 in text

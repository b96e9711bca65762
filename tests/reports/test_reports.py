"""Reports built as jobs: every figure of the SB 1383 annual report and of the FOG
program report checked against a count made here from the facts as recorded (or,
for what the engine decides, from the findings a sweep as of the same day stores),
the Implementation Record's workbook read back, the files downloaded, bad dates
refused with the field named, a failed build in words, and who may build what."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from sanitas.jobs.models import Job
from sanitas.jobs.services import JobError, jobs_dir, start_job
from sanitas.jobs.tasks import run_job
from sanitas.records.models import Finding
from sanitas.records.sweep import sweep
from sanitas.reports import services

from .conftest import AS_OF, END, FACTS, START, user

pytestmark = pytest.mark.django_db


def _built(report: str, who, *, start=START, end=END, as_of=AS_OF) -> Job:
    job = services.start_report(report=report, start=start, end=end, as_of=as_of, user=who)
    run_job.call(job.pk)  # what the worker does
    job.refresh_from_db()
    assert job.state == "finished", job.message
    return job


def _figures(job: Job) -> dict[str, tuple]:
    """label → (value, requirement) of a build's figures."""
    return {
        f["label"]: (f["value"], f["requirement"])
        for section in job.outcome["sections"]
        for f in section["figures"]
    }


def _facts(fact_type: str, **where) -> list[dict]:
    return [
        f for f in FACTS if f["type"] == fact_type and all(f.get(k) == v for k, v in where.items())
    ]


def _in_period(day: str | None) -> bool:
    return day is not None and START <= date.fromisoformat(day) <= END


def _in_effect(start: str | None, end: str | None) -> bool:
    return (start is None or date.fromisoformat(start) <= AS_OF) and (
        end is None or date.fromisoformat(end) >= AS_OF
    )


def _class_of(p: dict) -> str | None:
    """The SB 1383 class, as the definitions read for the test city's premises."""
    if p.get("non_local_entity"):
        return "non_local"
    if p.get("use") == "commercial":
        return "commercial"
    units = p.get("dwelling_units")
    if units is None:
        return None
    return "multi_family" if units >= 5 else "single_family"


def test_the_sb1383_figures_match_counts_made_from_the_records(city):
    coordinator = user("cora", "sb1383_coordinator")
    job = _built("sb1383", coordinator)
    got = _figures(job)
    assert job.unit == "sections" and job.done == job.total
    assert job.params["start"] == "2025-01-01" and job.outcome["period"] == "calendar year 2025"

    premises = _facts("premises")
    classes = {p["id"]: _class_of(p) for p in premises}
    for cls, label in (
        ("single_family", "Single-family premises"),
        ("multi_family", "Multi-family premises"),
        ("commercial", "Commercial premises"),
        ("non_local", "Premises of non-local entities"),
        (None, "Premises whose class the records do not decide"),
    ):
        expected = sum(1 for c in classes.values() if c == cls)
        assert got[label] == (expected, "ORG-CLASSIFY-PREMISES"), label
    with_organics = {
        s["premises"]
        for s in _facts("collection_service", stream="organics")
        if _in_effect(s["start"], s.get("end"))
    }
    sf = {k for k, c in classes.items() if c == "single_family"}
    mf = {k for k, c in classes.items() if c == "multi_family"}
    label = "Single-family premises with organics collection service on the as-of day"
    assert got[label] == (len(sf & with_organics), "ORG-SF-ENROLL") == (1, "ORG-SF-ENROLL")
    label = "Multi-family premises with organics collection service on the as-of day"
    assert got[label] == (len(mf & with_organics), "ORG-COM-ENROLL")

    waivers = _facts("waiver")
    granted = [w for w in waivers if w["kind"] == "de_minimis" and _in_period(w["granted_on"])]
    assert got["De minimis waivers granted in the period"][0] == len(granted) == 1
    standing = [
        w
        for w in waivers
        if w["kind"] == "de_minimis"
        and (w.get("revoked_on") is None or date.fromisoformat(w["revoked_on"]) > AS_OF)
    ]
    assert got["De minimis waivers in effect on the as-of day"][0] == len(standing) == 1
    assert got["Physical space waivers in effect on the as-of day"] == (1, "ORG-WAIVER-SPACE")
    assert got["Physical space waivers granted in the period"][0] == 0

    # tier one: the supermarket with $2,000,000 or more in sales and the distributor;
    # the supermarket closed in 2023 is not counted
    open_ = {
        e["id"]
        for e in _facts("establishment")
        if e.get("closed_on") is None or date.fromisoformat(e["closed_on"]) >= START
    }
    tier_one = {
        e["id"]
        for e in _facts("establishment")
        if e["id"] in open_
        and (
            e["category"] == "food_distributor"
            or (e["category"] == "supermarket" and Decimal(e["gross_annual_sales"]) >= 2_000_000)
        )
    }
    tier_two = {
        e["id"]
        for e in _facts("establishment", category="restaurant")
        if e["id"] in open_ and e.get("seats", 0) >= 250
    }
    assert got["Tier one commercial edible food generators"] == (len(tier_one), "ORG-EFG-TIER1")
    assert got["Tier two commercial edible food generators"] == (len(tier_two), "ORG-EFG-TIER2")
    agreed = {a["generator"] for a in _facts("food_recovery_agreement")}
    label = "Tier one generators with a food recovery agreement in force on the as-of day"
    assert got[label] == (len(tier_one & agreed), "ORG-EFG-AGREEMENT")
    reported = {
        r["subject"] for r in _facts("report", kind="edible_food_annual") if _in_period(r["date"])
    }
    label = "Tier one generators whose annual food recovery report was received in the period"
    assert (
        got[label]
        == (len(tier_one & reported), "ORG-EFG-ANNUAL-REPORT")
        == (
            1,
            "ORG-EFG-ANNUAL-REPORT",
        )
    )
    assert got["Food recovery organizations"][0] == 1
    pounds = sum(
        Decimal(str(q["pounds"]))
        for q in _facts("food_recovery_quantity")
        if START <= date(q["year"], q["month"], 1) <= END
    )
    label = "Pounds of edible food food recovery organizations recorded receiving in the period"
    assert Decimal(got[label][0]) == pounds == Decimal("200.5")

    visits = [
        i
        for i in _facts("inspection")
        if i.get("program") in (None, "organics") and _in_period(i["date"])
    ]
    label = "Inspections made by the city in the period"
    assert got[label] == (sum(1 for i in visits if not i.get("by_hauler")), "ORG-INSPECTIONS")
    label = "Route reviews and cart checks made by the franchised hauler in the period"
    assert got[label][0] == sum(1 for i in visits if i.get("by_hauler")) == 1
    label = "Inspections and route reviews that found prohibited contaminants"
    assert got[label][0] == sum(1 for i in visits if i.get("contamination")) == 2

    # what the engine decides: the findings a sweep as of the same day stores
    sweep(as_of=AS_OF)
    stored = Finding.objects.filter(current=True, requirement="ORG-CONTAMINATION-NOV")
    due_in_period = [f for f in stored if f.due and _in_period(f.due)]
    label = "Contamination occasions whose notice fell due in the period"
    assert got[label][0] == len(due_in_period) == 2
    label = "… of which the notice was not given within the time allowed"
    assert got[label][0] == sum(1 for f in due_in_period if f.status in ("late", "overdue"))

    notices = [n for n in _facts("notice") if _in_period(n["issued_on"])]
    assert got["Notices of violation issued in the period"] == (
        sum(1 for n in notices if n["kind"] == "nov"),
        "ORG-NOV-60-DAYS",
    )
    assert got["Educational notices issued in the period"][0] == 0  # issued in 2023
    citations = [c for c in _facts("citation") if _in_period(c["issued_on"])]
    assert got["Administrative citations issued in the period"] == (len(citations), "ORG-CITATION")
    first = "Citations for a first violation (up to $100)"
    assert got[first] == (1, "ORG-PENALTY-AMOUNTS")
    assert Decimal(got[f"{first}: penalties assessed"][0]) == sum(
        Decimal(c["amount"]) for c in citations
    )
    assert got["Citations for a third or later violation (up to $500)"][0] == 0
    extensions = [e for e in _facts("extension") if _in_period(e["date"])]
    assert got["Deadline extensions granted in the period"] == (
        sum(1 for e in extensions if e["granted"]),
        "ORG-EXTENSION",
    )
    assert got["Appeals of citations filed in the period"] == (
        len([a for a in _facts("appeal_request") if _in_period(a["date"])]),
        "ORG-APPEAL",
    )


def test_every_figure_names_its_requirement_by_title_and_section(city):
    job = _built("sb1383", user("cora", "sb1383_coordinator"))
    for section in job.outcome["sections"]:
        for figure in section["figures"]:
            if figure["answer"] != "figure":  # a line the state's form asks, with no figure
                assert figure["reason"] and not figure["requirement"], figure
                continue
            assert figure["title"] and figure["title"] != figure["requirement"]
            assert figure["section"].startswith("Ch. 50"), figure


def test_the_fog_figures_match_the_records_and_the_swept_findings(city):
    job = _built("fog", user("ines", "fog_inspector"))
    got = _figures(job)
    sweep(as_of=AS_OF)

    def swept(requirement: str, *statuses: str) -> list[Finding]:
        return list(
            Finding.objects.filter(current=True, requirement=requirement, status__in=statuses)
        )

    fses = [e for e in _facts("establishment") if e.get("cooks")]
    assert got["Food service establishments operating in the period"] == (
        len(fses),
        "FOG-FSE-DEFINITION",
    )
    interceptors = [
        d for d in _facts("device", kind="grease_interceptor") if d.get("removed_on") is None
    ]
    assert got["Grease interceptors in place on the as-of day"][0] == len(interceptors) == 1
    pump_outs = [p for p in _facts("pump_out") if _in_period(p["date"]) and p["full"]]
    assert got["Full pump-outs done in the period"] == (len(pump_outs), "FOG-MAINTENANCE-EFFICIENT")
    late = [f for f in swept("FOG-MIN-FREQUENCY", "late") if _in_period(f.due)]
    assert got["Pump-outs due in the period and done late"] == (len(late), "FOG-MIN-FREQUENCY")
    assert len(late) == 1  # due 2025-03-01, done 2025-08-15
    overdue = [f for f in swept("FOG-MIN-FREQUENCY", "overdue", "violation") if _in_period(f.due)]
    assert got["Pump-outs due in the period and not done by the as-of day"][0] == len(overdue) == 1
    incomplete = swept("FOG-HAULER-MANIFEST", "violation", "overdue", "late")
    label = "Pump-out manifests on record that are incomplete, as of the as-of day"
    assert got[label] == (len(incomplete), "FOG-HAULER-MANIFEST") == (1, "FOG-HAULER-MANIFEST")
    untrained = [
        f
        for f in swept("FOG-TRAINING-NEW-HIRE", "late", "overdue", "violation")
        if _in_period(f.due)
    ]
    label = "New employees not trained within the time allowed"
    assert got[label] == (len(untrained), "FOG-TRAINING-NEW-HIRE") == (1, "FOG-TRAINING-NEW-HIRE")
    fog_visits = [i for i in _facts("inspection", program="fog") if _in_period(i["date"])]
    assert got["FOG inspections made in the period"] == (len(fog_visits), "FOG-INSPECTION-ENTRY")


def test_a_figure_as_of_an_earlier_day_leaves_out_what_had_not_happened(city):
    """As of June 30 the citation (August) and the appeal had not happened, and the
    revoked waiver (revoked June 1) was no longer in effect."""
    job = _built("sb1383", user("cora", "sb1383_coordinator"), as_of=date(2025, 6, 30))
    got = _figures(job)
    assert got["Administrative citations issued in the period"][0] == 0
    assert got["Appeals of citations filed in the period"][0] == 0
    assert got["Notices of violation issued in the period"][0] == 1
    label = "Single-family premises with organics collection service on the as-of day"
    assert got[label][0] == 2  # 103 Abbot Ave's service ended on June 30, the as-of day


def test_the_implementation_record_workbook_reads_back_with_names_and_dates(city, client):
    coordinator = user("cora", "sb1383_coordinator")
    job = _built("implementation_record", coordinator)
    assert set(job.outcome["files"]) == {"report.xlsx", "report.html", "report.pdf"}
    folder = jobs_dir() / job.outcome["folder"]
    book = load_workbook(folder / "report.xlsx")
    assert book.sheetnames == [
        "Figures",
        "Premises",
        "Waivers",
        "Edible food generators",
        "Food recovery",
        "Inspections",
        "Notices",
        "Citations",
        "Extensions",
    ]
    premises = list(book["Premises"].iter_rows(values_only=True))
    assert premises[0][:2] == ("Address", "SB 1383 class")
    addresses = {row[0] for row in premises[1:]}
    assert addresses == {p["address"] for p in _facts("premises")}
    assert not any(p["id"] in addresses for p in _facts("premises")), "addresses, not keys"
    by_address = {row[0]: row for row in premises[1:]}
    assert by_address["200 Mission Dr"][1] == "multi-family"
    assert by_address["101 Abbot Ave"][2] == 64 and by_address["101 Abbot Ave"][5] == "Ana Ruiz"

    visits = list(book["Inspections"].iter_rows(values_only=True))[1:]
    expected = sorted(
        i["date"]
        for i in _facts("inspection")
        if i.get("program") == "organics" and _in_period(i["date"])
    )
    assert [row[0].date().isoformat() for row in visits] == expected
    assert all(isinstance(row[0], datetime) for row in visits), "dates are dates"
    assert visits[0][1] == "101 Abbot Ave" and visits[1][3].startswith("the franchised hauler")

    generators = list(book["Edible food generators"].iter_rows(values_only=True))[1:]
    market = next(row for row in generators if row[0] == "Mission Market")
    assert market[1] == "300 Las Tunas Dr" and market[2] == 1
    assert market[3].startswith("Community Pantry since 2022-01-01")
    assert "2024, received 2025-01-20" in market[4]
    assert {row[0] for row in generators} == {"Mission Market", "Valley Foods", "Big Diner"}

    citations = list(book["Citations"].iter_rows(values_only=True))[1:]
    assert len(citations) == 1
    issued, to, _address, requirement, number, ceiling, amount, appeal, _order = citations[0]
    assert issued.date() == date(2025, 8, 10) and to == "300 Las Tunas Dr"
    assert requirement.endswith("(ORG-COM-ENROLL)") and not requirement.startswith("ORG-")
    assert (number, ceiling, amount) == (1, 100, 80) and appeal.date() == date(2025, 8, 20)
    notices = list(book["Notices"].iter_rows(values_only=True))[1:]
    assert [(n[0].date(), n[1]) for n in notices] == [(date(2025, 3, 3), "Notice of violation")]
    waivers = list(book["Waivers"].iter_rows(values_only=True))[1:]
    assert {(w[0], w[2], w[7]) for w in waivers} == {
        ("103 Abbot Ave", "de minimis", "yes"),
        ("200 Mission Dr", "physical space", "yes"),
        ("101 Abbot Ave", "de minimis", "no"),
    }
    figures = list(book["Figures"].iter_rows(values_only=True))
    assert figures[1][1] == datetime(2025, 1, 1) and figures[2][1] == datetime(2025, 12, 31)
    assert job.outcome["rows"] == sum(
        len(list(book[name].iter_rows())) - 1 for name in book.sheetnames[1:]
    )

    client.force_login(coordinator)
    page = client.get(reverse("reports:build", args=[job.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Premises" in text and "ORG-CLASSIFY-PREMISES" in text and "<script>" not in text
    download = client.get(reverse("reports:file", args=[job.pk, "report.xlsx"]))
    assert download.status_code == 200 and "attachment" in download["Content-Disposition"]
    assert "implementation_record-2025-01-01-2025-12-31.xlsx" in download["Content-Disposition"]
    pdf = client.get(reverse("reports:file", args=[job.pk, "report.pdf"]))
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
    html = (folder / "report.html").read_text()
    assert "SB 1383 Implementation Record" in html and "calendar year 2025" in html
    outside = reverse("reports:file", args=[job.pk, "x.xlsx"]).replace("x.xlsx", "..%2F..%2Fx.xlsx")
    assert client.get(outside).status_code == 404
    assert client.get(reverse("reports:file", args=[job.pk, "other.csv"])).status_code == 404
    job_page = client.get(reverse("jobs:job", args=[job.pk])).content.decode()
    assert reverse("reports:build", args=[job.pk]) in job_page and "folder" not in job_page.lower()
    assert reverse("reports:file", args=[job.pk, "report.xlsx"]) in job_page


def test_the_report_page_starts_a_build_and_lists_past_builds(city, client):
    cora = user("cora", "sb1383_coordinator")
    cora.first_name, cora.last_name = "Cora", "Vega"
    cora.save()
    client.force_login(cora)
    page = client.get(reverse("reports:report", args=["sb1383"]))
    assert page.status_code == 200
    form = page.context["form"]
    # the year before the worklist's day (nothing is swept: today)
    from django.utils import timezone

    year = timezone.localdate().year - 1
    assert form.initial["start"] == date(year, 1, 1) and form.initial["end"] == date(year, 12, 31)
    answer = client.post(
        reverse("reports:start", args=["sb1383"]),
        {"start": "2025-01-01", "end": "2025-12-31", "as_of": "2025-12-31"},
    )
    job = Job.objects.get()
    assert answer.status_code == 302 and answer["Location"] == reverse("jobs:job", args=[job.pk])
    assert job.kind == "report" and job.state == "queued" and job.task_id
    run_job.call(job.pk)
    listed = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    assert "Cora Vega" in listed and "Jan 1, 2025 to Dec 31, 2025" in listed
    assert reverse("reports:build", args=[job.pk]) in listed
    index = client.get(reverse("reports:index")).content.decode()
    assert "Last built" in index and reverse("reports:report", args=["fog"]) in index


@pytest.mark.parametrize(
    ("dates", "field", "words"),
    [
        (
            {"start": "2025-12-31", "end": "2025-01-01", "as_of": "2025-12-31"},
            "end",
            "before it starts",
        ),
        ({"start": "1800-01-01", "end": "2025-12-31", "as_of": "2025-12-31"}, "start", "outside"),
        ({"start": "2025-01-01", "end": "2025-12-31", "as_of": "9999-12-31"}, "as_of", "outside"),
        (
            {"start": "2025-01-01", "end": "2025-12-31", "as_of": "99999-01-01"},
            "as_of",
            "valid date",
        ),
        ({"start": "", "end": "2025-12-31", "as_of": "2025-12-31"}, "start", "required"),
    ],
)
def test_bad_dates_are_a_form_error_naming_the_field(city, client, dates, field, words):
    client.force_login(user("cora", "sb1383_coordinator"))
    answer = client.post(reverse("reports:start", args=["sb1383"]), dates)
    assert answer.status_code == 400
    errors = answer.context["form"].errors
    assert list(errors) == [field] and words in " ".join(errors[field]), errors
    text = answer.content.decode()
    assert f'id="id_{field}_error"' in text
    assert f'aria-describedby="id_{field}_error id_{field}_hint"' in text
    assert "Traceback" not in text and not Job.objects.exists()


def test_the_service_refuses_bad_dates_and_who_may_not(city):
    cora = user("cora", "sb1383_coordinator")
    with pytest.raises(JobError) as refused:
        services.start_report(report="sb1383", start=END, end=START, as_of=END, user=cora)
    assert refused.value.problems[0].startswith("end: the period ends")
    with pytest.raises(JobError) as refused:
        services.start_report(report="fog", start=START, end=END, as_of=END, user=cora)
    assert "may not build the FOG program report" in refused.value.problems[0]
    assert not Job.objects.exists()


def test_a_build_that_cannot_finish_fails_in_words(city, client, caplog):
    sam = user("sam", "supervisor")
    bad = start_job(
        kind="report",
        params={
            "report": "sb1383",
            "start": "2025-12-31",
            "end": "2025-01-01",
            "as_of": "2025-12-31",
        },
        user=sam,
    )
    run_job.call(bad.pk)
    bad.refresh_from_db()
    assert bad.state == "failed" and "end: the period ends" in bad.message
    unknown = start_job(kind="report", params={"report": "census"}, user=sam)
    run_job.call(unknown.pk)
    unknown.refresh_from_db()
    assert unknown.state == "failed" and "'census' is not a report" in unknown.message

    # the folder it would write to cannot be made: a file is in the way
    blocked = start_job(
        kind="report",
        params={"report": "fog", "start": "2025-01-01", "end": "2025-12-31", "as_of": "2025-12-31"},
        user=sam,
    )
    (jobs_dir() / "reports").mkdir(parents=True, exist_ok=True)
    (jobs_dir() / "reports" / str(blocked.pk)).write_text("in the way")
    with pytest.raises(OSError):
        run_job.call(blocked.pk)
    blocked.refresh_from_db()
    assert blocked.state == "failed" and blocked.message.startswith("a file could not be used")
    client.force_login(sam)
    page = client.get(reverse("reports:build", args=[blocked.pk])).content.decode()
    assert "This build failed" in page and "Traceback" not in page
    listed = client.get(reverse("reports:report", args=["fog"])).content.decode()
    assert "Failed" in listed and "a file could not be used" in listed


def test_who_builds_which_report_and_who_sees_the_navigation(city, client):
    dates = {"start": "2025-01-01", "end": "2025-12-31", "as_of": "2025-12-31"}
    ines = user("ines", "fog_inspector")
    client.force_login(ines)
    assert client.post(reverse("reports:start", args=["sb1383"]), dates).status_code == 403
    assert client.post(reverse("reports:start", args=["fog"]), dates).status_code == 302
    assert 'href="/reports/"' in client.get(reverse("reports:index")).content.decode()

    auditor = user("audrey", "auditor")
    client.force_login(auditor)
    job = Job.objects.get()
    run_job.call(job.pk)
    page = client.get(reverse("reports:report", args=["fog"])).content.decode()
    assert "Build the report" not in page and reverse("reports:build", args=[job.pk]) in page
    assert client.get(reverse("reports:build", args=[job.pk])).status_code == 200
    assert client.post(reverse("reports:start", args=["fog"]), dates).status_code == 403

    clerk = user("pat", "permit_clerk")
    client.force_login(clerk)
    worklist = client.get(reverse("staff:worklist")).content.decode()
    assert 'href="/reports/"' not in worklist  # not a role that builds or reads reports
    assert client.post(reverse("reports:start", args=["fog"]), dates).status_code == 403
    assert client.get(reverse("reports:index")).status_code == 403
    client.force_login(auditor)
    assert client.get(reverse("reports:report", args=["nothing"])).status_code == 404


def test_a_group_whose_stored_records_cannot_be_evaluated_is_named_and_left_out(city, client):
    """A stored row the vocabulary refuses (negative dwelling units, written past the
    services) leaves its group out of the figures, named, and the rest are built."""
    from sanitas.records.documents import update_documents
    from sanitas.records.models import RECORD_MODELS

    rows = RECORD_MODELS["premises"].objects.filter(key="p-unk")
    rows.update(dwelling_units=-3)
    update_documents({}, rebuild=[rows.get().subject_group])  # the group read from its rows
    cora = user("cora", "sb1383_coordinator")
    job = _built("sb1383", cora)
    got = _figures(job)
    assert got["Premises whose class the records do not decide"][0] == 0
    assert got["Single-family premises"][0] == 2
    assert any("p-unk" in line and "dwelling_units" in line for line in job.outcome["problems"])
    assert "problems left some records out" in job.message
    client.force_login(cora)
    page = client.get(reverse("reports:build", args=[job.pk])).content.decode()
    assert "could not be evaluated" in page and "dwelling_units" in page

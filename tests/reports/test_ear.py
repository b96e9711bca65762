"""The SB 1383 annual report as the state asks it (14 CCR § 18994.2): the fixture lists
every subsection once, in three languages; every line of the report carries its
subsection's id and is a figure, a "not applicable" with its reason or an "enter in
the EAR yourself" with its reason; the receiving facilities are listed; the 2022 report
covers January to June and later ones calendar years; penalties count only for
violations from 2024; the workbook, the printable page and the PDF carry the ids; the
build's page and the report's form speak English, Spanish and Traditional Chinese; the
form offers the last complete reporting period and says why it holds no enforcement."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from datetime import date
from decimal import Decimal

import pytest
import yaml
from django.urls import reverse
from openpyxl import load_workbook

from sanitas.jobs.services import jobs_dir
from sanitas.records.models import RECORD_MODELS
from sanitas.records.services import record_facts, void_record
from sanitas.records.sweep import sweep
from sanitas.reports import ear
from sanitas.reports.forms import ReportForm, empty_period_note

from .conftest import AS_OF, END, START, user
from .test_reports import _built

pytestmark = pytest.mark.django_db

LETTERS = "abcdefghij"
#: the lines Sanitas cannot answer from its records, as the issue names them
ENTERED_BY_THE_CITY = ("18994.2(h)", "18994.2(i)", "18994.2(j)")


def _lines(job) -> list[dict]:
    return [f for section in job.outcome["sections"] for f in section["figures"]]


def test_the_fixture_lists_every_subsection_once_in_three_languages():
    raw = yaml.safe_load(ear.FIXTURE.read_text(encoding="utf-8"))
    lettered = [s["id"] for s in raw["subsections"]]
    assert lettered == [f"18994.2({letter})" for letter in LETTERS]
    ids = [item["id"] for s in raw["subsections"] for item in s["items"]]
    assert [i for i, n in Counter(ids).items() if n > 1] == []
    for sub in ear.subsections():
        for item in sub.items:
            assert re.fullmatch(re.escape(sub.id) + r"(\(\d+\))?", item.id), item.id
            assert item.answer in ear.ANSWERS
            assert set(item.words) == set(ear.LANGUAGES)
            assert len(set(item.words.values())) == 3, item.id  # translated, not copied
            if item.answer == "figure":
                assert item.source and not item.reason, item.id
            else:
                assert set(item.reason) == set(ear.LANGUAGES), item.id
                assert len(set(item.reason.values())) == 3, item.id
    # procurement, CALGreen and MWELO, capacity planning: the city enters them itself
    for prefix in ENTERED_BY_THE_CITY:
        answers = {i.answer for i in ear.items().values() if i.id.startswith(prefix)}
        assert answers == {"enter_yourself"}, prefix


def test_every_line_carries_its_subsection_and_is_a_figure_or_says_why_not(city):
    job = _built("sb1383", user("cora", "sb1383_coordinator"))
    sections = job.outcome["sections"]
    assert [s["subsection"] for s in sections] == [sub.id for sub in ear.subsections()]
    lines = _lines(job)
    # every item of the fixture, in its order, and nothing else
    order = list(dict.fromkeys(line["subsection"] for line in lines))
    assert order == list(ear.items())
    for line in lines:
        item = ear.items()[line["subsection"]]
        assert line["words"] == item.words["en"]
        assert line["answer"] == item.answer
        if item.answer == "figure":
            assert line["value"] is not None and not line["reason"], line
        else:
            assert line["value"] is None and line["reason"] == item.reason["en"], line
            assert sum(1 for other in lines if other["subsection"] == item.id) == 1
    by_label = {line["label"]: line for line in lines}
    assert by_label["Tier one commercial edible food generators"]["subsection"] == ("18994.2(g)(1)")
    assert by_label["Notices of violation issued in the period"]["subsection"] == "18994.2(f)(1)"
    assert by_label["Period this report covers"]["value"] == "calendar year 2025"
    assert (
        by_label[
            "Is it the state's reporting period of 2025 (January 1, 2025 to December 31, 2025)?"
        ]["value"]
        == "yes"
    )


def test_the_citys_inspections_of_edible_food_generators_are_counted(city):
    record_facts(
        raw_facts=[
            # the city's visit to the tier one supermarket counts; the hauler's route
            # review of it, its FOG visit and a visit of 2024 do not, nor a home's
            {
                "type": "inspection",
                "subject": "market",
                "date": "2025-02-03",
                "program": "organics",
            },
            {
                "type": "inspection",
                "subject": "market",
                "date": "2025-02-04",
                "program": "organics",
                "by_hauler": True,
            },
            {"type": "inspection", "subject": "market", "date": "2025-02-05", "program": "fog"},
            {"type": "inspection", "subject": "diner", "date": "2024-02-03", "program": "organics"},
        ],
        actor="clerk",
        why="visits of generators",
    )
    job = _built("sb1383", user("cora", "sb1383_coordinator"))
    (generators,) = [x for x in _lines(job) if x["subsection"] == "18994.2(g)(5)"]
    assert generators["label"] == (
        "Inspections made by the city in the period of tier one and tier two generators"
    )
    assert generators["value"] == 1


FACILITIES = [
    {"id": "h-1", "type": "hauler", "name": "Valley Vista Services", "franchised": True},
    {
        "id": "f-mrf",
        "type": "facility",
        "name": "Puente Hills Materials Recovery Facility",
        "address": "2800 Workman Mill Rd, Whittier",
        "kind": "materials_recovery",
        "recovers_recyclables": True,
        "takes_plastic_bags": False,
    },
    {
        "id": "f-compost",
        "type": "facility",
        "name": "American Organics",
        "address": "4200 Compost Way, Victorville",
        "kind": "compost",
        "recovers_organics": True,
        "rdrs_number": "RDRS-0042",
        "takes_compostable_plastics": True,
        "takes_plastic_bags": True,
    },
    {
        "id": "f-landfill",
        "type": "facility",
        "name": "Scholl Canyon Landfill",
        "kind": "landfill",
    },
    {
        "type": "facility_designation",
        "hauler": "h-1",
        "facility": "f-compost",
        "period": "2025",
        "stream": "organics",
        "date": "2025-01-20",
    },
    {
        "type": "facility_designation",
        "hauler": "h-1",
        "facility": "f-landfill",
        "period": "2024",
        "stream": "black",
        "date": "2024-01-20",
    },
    {
        "type": "delivery",
        "hauled_by": "h-1",
        "facility": "f-mrf",
        "date": "2025-05-01",
        "stream": "recyclables",
        "tons": 4,
    },
    {
        "type": "delivery",
        "hauled_by": "h-1",
        "facility": "f-compost",
        "date": "2025-05-02",
        "stream": "organics",
        "tons": 3,
    },
    {
        "type": "delivery",
        "hauled_by": "h-1",
        "facility": "f-compost",
        "date": "2025-09-02",
        "stream": "organics",
        "tons": 2,
    },
]


def test_the_receiving_facilities_are_listed_with_their_rdrs_numbers_and_plastics(city):
    record_facts(raw_facts=FACILITIES, actor="clerk", why="the hauler's facilities")
    job = _built("sb1383", user("cora", "sb1383_coordinator"))

    def said(item: str) -> list[tuple[str, object]]:
        return [(x["label"], x["value"]) for x in _lines(job) if x["subsection"] == item]

    # the landfill was named for 2024 only, and received nothing in 2025
    assert said("18994.2(b)(4)") == [
        ("Facilities named by the franchised hauler for the period or receiving loads in it", 2),
        (
            "American Organics, 4200 Compost Way, Victorville (compost), taking organics: "
            "loads delivered in the period",
            2,
        ),
        (
            "Puente Hills Materials Recovery Facility, 2800 Workman Mill Rd, Whittier "
            "(materials recovery), taking recyclables: loads delivered in the period",
            1,
        ),
    ]
    assert said("18994.2(b)(5)") == [
        ("RDRS number of American Organics", "RDRS-0042"),
        (
            "RDRS number of Puente Hills Materials Recovery Facility",
            "not on record: enter it in the EAR",
        ),
        ("Receiving facilities whose RDRS number is not on record", 1),
    ]
    assert said("18994.2(b)(6)") == [
        ("Receiving facilities that take compostable plastics", "American Organics"),
        (
            "Receiving facilities whose record does not say whether they take compostable plastics",
            1,
        ),
        ("Receiving facilities that take organic waste in plastic bags", "American Organics"),
        (
            "Receiving facilities whose record does not say whether they take organic waste "
            "in plastic bags",
            0,
        ),
    ]


def test_the_2022_report_covers_january_to_june_and_later_ones_calendar_years():
    assert ear.reporting_period(2022) == (date(2022, 1, 1), date(2022, 6, 30))
    assert ear.reporting_period(2023) == (date(2023, 1, 1), date(2023, 12, 31))
    assert ear.reporting_period(2026) == (date(2026, 1, 1), date(2026, 12, 31))
    # the form offers the last complete reporting period as of the worklist's day
    assert ReportForm.defaults(date(2022, 9, 1), report="sb1383") == {
        "start": date(2022, 1, 1),
        "end": date(2022, 6, 30),
        "as_of": date(2022, 6, 30),
    }
    assert ReportForm.defaults(date(2023, 3, 1), report="sb1383")["end"] == date(2022, 6, 30)
    assert ReportForm.defaults(date(2024, 3, 1), report="sb1383")["start"] == date(2023, 1, 1)
    # the FOG report is not the state's: its periods are calendar years
    assert ReportForm.defaults(date(2023, 3, 1), report="fog")["start"] == date(2022, 1, 1)


def test_the_2022_report_is_the_states_period_and_a_calendar_2022_is_not(city):
    coordinator = user("cora", "sb1383_coordinator")
    for end, said in ((date(2022, 6, 30), "yes"), (date(2022, 12, 31), "no")):
        job = _built("sb1383", coordinator, start=date(2022, 1, 1), end=end, as_of=end)
        (asked,) = [
            line
            for line in _lines(job)
            if line["label"].startswith("Is it the state's reporting period of 2022")
        ]
        assert "(January 1, 2022 to June 30, 2022)" in asked["label"]
        assert asked["value"] == said


PENALTIES = [
    {
        "id": "nov-0",
        "type": "notice",
        "subject": "p-com2",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2023-02-01",
        "kind": "nov",
    },
    {
        "id": "cit-0",
        "type": "citation",
        "subject": "p-com2",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2023-06-01",
        "notice": "nov-0",
        "amount": "50",
    },
    {
        "id": "nov-2",
        "type": "notice",
        "subject": "p-com2",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2024-02-01",
        "kind": "nov",
    },
    {
        "id": "cit-2",
        "type": "citation",
        "subject": "p-com2",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2024-06-01",
        "notice": "nov-2",
        "amount": "90",
    },
]


def test_penalties_count_only_violations_from_2024(city):
    record_facts(raw_facts=PENALTIES, actor="clerk", why="citations either side of 2024")
    job = _built(
        "sb1383",
        user("cora", "sb1383_coordinator"),
        start=date(2023, 1, 1),
        end=date(2024, 12, 31),
        as_of=date(2024, 12, 31),
    )
    penalties = {
        line["label"]: line["value"]
        for line in _lines(job)
        if line["subsection"] == "18994.2(f)(2)"
    }
    assert penalties["Administrative citations issued in the period"] == 2
    before = "… of which issued before penalties began on January 1, 2024, not counted as penalties"
    assert penalties[before] == 1
    counted = [
        v
        for label, v in penalties.items()
        if label.startswith("Citations for a") and "assessed" not in label
    ]
    assessed = [
        Decimal(v) for label, v in penalties.items() if label.endswith("penalties assessed")
    ]
    assert sum(counted) == 1  # cit-2 alone
    assert sum(assessed) == Decimal("90")  # cit-0's $50 of 2023 is not a penalty counted


def test_the_workbook_the_printable_page_and_the_pdf_carry_the_ids(city):
    job = _built("sb1383", user("cora", "sb1383_coordinator"))
    folder = jobs_dir() / job.outcome["folder"]
    rows = list(load_workbook(folder / "report.xlsx")["Figures"].iter_rows(values_only=True))
    heading = rows.index(next(r for r in rows if r and r[0] == "§ 18994.2"))
    assert rows[heading][:7] == (
        "§ 18994.2",
        "What the state asks",
        "Figure",
        "Value",
        "Unit",
        "Answer",
        "Reason",
    )
    lines = rows[heading + 1 :]
    assert len(lines) == len(_lines(job))
    for row in lines:
        item = ear.items()[row[0]]
        assert row[1] == item.words["en"]
        assert row[5] == {"figure": "figure", "not_applicable": "not applicable"}.get(
            item.answer, "enter in the EAR yourself"
        )
        assert (row[3] is None) == (item.answer != "figure") == bool(row[6])
    assert list(dict.fromkeys(row[0] for row in lines)) == list(ear.items())

    html = (folder / "report.html").read_text(encoding="utf-8")
    counts = Counter(item.answer for item in ear.items().values())
    assert (
        f"answered by figures from the records, {counts['figure']}; not applicable, "
        f"{counts['not_applicable']}; to enter in the EAR yourself, {counts['enter_yourself']}"
    ) in html
    for item in ear.items().values():
        assert item.id in html
        assert item.words["en"].replace("'", "&#x27;") in html
    assert html.count("Enter in the EAR yourself") == sum(
        1 for i in ear.items().values() if i.answer == "enter_yourself"
    )
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed to read the PDF")
    text = subprocess.run(
        ["pdftotext", "-layout", str(folder / "report.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for item in ear.items().values():
        assert item.id in text, item.id


HEADER = {"en": "en", "es": "es", "zh-Hant": "zh-TW,zh-Hant;q=0.9"}
#: Accept-Language → (a subsection's title, an item's words, "not applicable", the form's line)
SAID = {
    "en": (
        "Edible food recovery",
        "Pounds of edible food recovered.",
        "Not applicable",
        "Electronic Annual Report",
    ),
    "es": (
        "Recuperación de alimentos comestibles",
        "Las libras de alimentos comestibles recuperados.",
        "No aplica",
        "Informe Anual Electrónico",
    ),
    "zh-Hant": ("可食用食物回收", "回收的可食用食物磅數。", "不適用", "電子年度報告"),
}


@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_the_build_and_the_form_speak_the_readers_language(city, client, language):
    coordinator = user("cora", "sb1383_coordinator")
    job = _built("sb1383", coordinator)
    client.force_login(coordinator)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = HEADER[language]
    heading, words, not_applicable, form_line = SAID[language]
    page = client.get(reverse("reports:build", args=[job.pk])).content.decode()
    assert f"§ 18994.2(g) {heading}" in page
    assert words in page and not_applicable in page
    item = ear.items()["18994.2(d)(3)"]
    assert ear.said(item.reason, language).replace("'", "&#x27;") in page
    # how the items are answered, counted from the fixture, in the reader's words
    counts = Counter(item.answer for item in ear.items().values())
    summary = {
        "en": "answered by figures from the records, {figure}; not applicable, "
        "{not_applicable}; to enter in the EAR yourself, {enter_yourself}",
        "es": "respondidos con cifras de los registros, {figure}; no aplicables, "
        "{not_applicable}; para que usted los ingrese en el EAR, {enter_yourself}",
        "zh-Hant": "以紀錄中的數字回答者 {figure} 項；不適用者 {not_applicable} 項；"
        "須由您自行在 EAR 中填報者 {enter_yourself} 項",
    }[language]
    assert summary.format(**counts) in page
    assert counts["figure"] and counts["not_applicable"] and counts["enter_yourself"]
    form = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    assert form_line in form
    if language != "en":
        assert SAID["en"][1] not in page and "Enter in the EAR yourself" not in page
        assert SAID["en"][3] not in form


def test_the_form_offers_the_last_complete_period_and_says_why_it_is_empty(city, client):
    # the test city's notices and citations are of 2023 and 2025
    coordinator = user("cora", "sb1383_coordinator")
    client.force_login(coordinator)
    assert ReportForm.defaults(date(2026, 12, 5), report="sb1383", years=[2023, 2025]) == {
        "start": START,
        "end": END,
        "as_of": AS_OF,
    }
    assert empty_period_note({"end": END}, [2023, 2025, 2026], last=2025) == ""
    # the last complete year holds none: the last one that does is offered, and said
    offered = ReportForm.defaults(date(2027, 3, 1), report="sb1383", years=[2023, 2025])
    assert offered["end"] == END
    note = empty_period_note(offered, [2023, 2025], last=2026)
    assert note.startswith("No notice or citation on record falls in 2026:") and "2025" in note
    # enforcement only in the year under way: the last complete period, and why it is empty
    offered = ReportForm.defaults(date(2026, 12, 5), report="sb1383", years=[2026])
    assert offered["start"] == date(2025, 1, 1)
    note = empty_period_note(offered, [2026], last=2025)
    assert "falls in 2025" in note and "are from 2026" in note and "no enforcement" in note
    assert "No notice or citation is on record yet" in empty_period_note(offered, [], last=2025)
    # the page reads the records as of the worklist's day: 2025, with its notice
    sweep(as_of=date(2026, 3, 1))
    page = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    assert 'value="2025-01-01"' in page and 'value="2025-12-31"' in page
    assert "usa-alert--info" not in page
    # the notice and citation of 2025 voided: 2023's educational notice is the last
    answers = [
        key
        for fact_type in ("appeal_request", "extension")
        for key in RECORD_MODELS[fact_type].objects.values_list("key", flat=True)
    ]
    for key in [*answers, "cit-1", "nov-1"]:
        void_record(key=key, actor="clerk", why="entered in error")
    page = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    assert 'value="2023-01-01"' in page and 'value="2023-12-31"' in page
    assert "No notice or citation on record falls in 2024, 2025" in page
    # in Spanish too
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "es"
    page = client.get(reverse("reports:report", args=["sb1383"])).content.decode()
    assert "2024, 2025" in page and "No notice or citation" not in page

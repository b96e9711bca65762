"""The staff shell: USWDS served by the application, the search box on every page,
search, the list pages, a business's page, the worklist in people's words and in
the order of action, and exports (who may open each page: tests/access/test_doors.py)."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.contrib.staticfiles import finders
from django.urls import reverse
from openpyxl import load_workbook

from sanitas.kit import selectors as staff_selectors
from sanitas.kit.export import neutralised
from sanitas.kit.titles import titles
from sanitas.notices import urls as notices_urls
from sanitas.ordinance.document import read_data
from sanitas.records.models import Finding
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep
from sanitas.web import selectors

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"

#: a value for each URL's parameters, so that every address can be asked for
URL_KWARGS = {
    "staff:subject": {"key": "jade-garden"},
    "web:business": {"key": "jade-garden"},
    "web:timeline": {"key": "jade-garden"},
    "casework:case": {"subject": "jade-gi", "requirement": "FOG-MIN-FREQUENCY"},
    "casework:assign": {"subject": "jade-gi", "requirement": "FOG-MIN-FREQUENCY"},
    "casework:note": {"subject": "jade-gi", "requirement": "FOG-MIN-FREQUENCY"},
    # no notice 1 exists: a page that lets the user in answers 404, not 403
    **{
        f"notices:{p.name}": {
            k: 1
            for k in ("notice_id", "request_id", "appeal_id", "hearing_id")
            if f"<int:{k}>" in str(p.pattern)
        }
        for p in notices_urls.urlpatterns
    },
    "web:record_new": {"fact_type": "inspection"},
    "web:record_edit": {"key": "jade-gi"},
    "web:record_void": {"key": "jade-gi"},
    # which visit a role may start depends on the record (tests/casework/test_inspections.py);
    # here only the access level is asked, so the address names no record
    "casework:inspection_start": {"subject": "no-such-record"},
    "casework:inspection": {"pk": 1},
    "casework:inspection_findings": {"pk": 1},
    "casework:inspection_step": {"pk": 1, "step": "review"},
    "casework:inspection_photo": {"pk": 1, "photo": 1},
    "casework:inspection_photo_void": {"pk": 1, "photo": 1},
    "casework:inspection_signature": {"pk": 1},
    "jobs:job": {"pk": 1},
    "jobs:progress": {"pk": 1},
    "jobs:rejects": {"pk": 1},
    "jobs:again": {"pk": 1},
    "reports:report": {"report": "sb1383"},
    "reports:start": {"report": "sb1383"},
    # no build 1 exists: a page that lets the user in answers 404, not 403
    "reports:build": {"pk": 1},
    "reports:file": {"pk": 1, "name": "report.xlsx"},
}


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


def _user(name: str, *, role: str | None = None, superuser: bool = False) -> User:
    if superuser:
        return User.objects.create_superuser(name, f"{name}@example.org", PASSWORD)
    user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def staff_client(client):
    client.force_login(_user("inspector", role="fog_inspector"))
    return client


# --------------------------------------------------------------------------- the shell


def test_uswds_is_installed_from_npm_and_served_by_the_application():
    for path in ("uswds/css/uswds.min.css", "uswds/js/uswds.min.js", "uswds/js/uswds-init.min.js"):
        assert finders.find(path), f"{path} is missing: run scripts/assets.sh"
    assert (ROOT / "sanitas/web/static/uswds/VERSION").read_text().strip() == "3.14.0"


def test_every_uswds_file_the_stylesheet_or_a_page_names_is_copied():
    """scripts/assets.sh copies a selection of USWDS (not its Material icon sources):
    nothing the stylesheet or a template names may be left out of it."""
    import re

    css = ROOT / "sanitas/web/static/uswds/css/uswds.min.css"
    named = {
        "uswds/" + url.strip("\"'").removeprefix("../")
        for url in re.findall(r"url\(([^)]+)\)", css.read_text())
        if not url.strip("\"'").startswith(("data:", "#"))
    }
    for template in (ROOT / "sanitas").rglob("templates/**/*.html"):
        named |= set(re.findall(r"static '(uswds/[^']+)'", template.read_text()))
    assert len(named) > 40 and any("/fonts/" in n for n in named)
    assert sorted(n for n in named if not finders.find(n)) == []


def test_every_staff_page_has_the_shell_and_the_search_box(block, staff_client):
    for name in ("staff:worklist", "web:search", "web:establishments", "web:business"):
        content = staff_client.get(reverse(name, kwargs=URL_KWARGS.get(name))).content.decode()
        assert 'role="search"' in content and 'name="q"' in content, name
        assert "/static/uswds/css/uswds.min.css" in content
        assert "https://" not in content.split("<body")[0], "no asset from another site"
        # the shell leads to every area of work the user may use, the notices among them
        for area in ("staff:worklist", "casework:mine", "notices:list", "jobs:list"):
            assert f'href="{reverse(area)}"' in content, (name, area)


# --------------------------------------------------------------------------- titles


def test_records_are_titled_by_what_they_are(block):
    record_facts(
        raw_facts=[
            {
                "id": "emp-maria",
                "type": "employee",
                "establishment": "jade-garden",
                "name": "Maria Lopez",
                "job_title": "line cook",
                "hired_on": "2025-02-10",
            },
            {
                "id": "prm-del-mar",
                "type": "permit",
                "kind": "house_connection",
                "number": "HC-2025-022",
                "premises": "lot-224",
                "issued_on": "2025-01-02",
            },
        ],
        actor="clerk",
        why="test",
    )
    named = titles(["jade-gi", "emp-maria", "prm-del-mar", "jade-garden", "lot-101"])
    assert named["jade-gi"].text == "Grease interceptor, 1,000 gal, installed 2016-04-01"
    assert named["jade-gi"].owner == "Jade Garden"
    assert named["emp-maria"].text == "Maria Lopez, line cook, hired 2025-02-10"
    assert named["prm-del-mar"].text == "Permit HC-2025-022, 224 Abbot Ave"
    assert named["jade-garden"].text == "Jade Garden"
    assert named["lot-101"].text == "101 Las Tunas Dr"
    assert named["jade-garden"].url == reverse("web:business", args=["jade-garden"])


# --------------------------------------------------------------------------- search


def _search(client, q: str, **more) -> list:
    response = client.get(reverse("web:search"), {"q": q, **more})
    assert response.status_code == 200
    return [hit.title.key for hit in response.context["hits"]]


def test_a_misspelled_name_is_compared_with_a_bounded_number_of_names(db, monkeypatch):
    """The city's every name is not compared in Python: the database counts the
    query's two-letter pieces each name shares, and only the names sharing the most
    are compared, however large the city."""
    facts = [
        {
            "id": f"cafe-{n}",
            "type": "establishment",
            "name": f"Arroyo Cafe {n}",
            "category": "restaurant",
        }
        for n in range(60)
    ]
    facts += [
        {
            "id": "arroyo-pho",
            "type": "establishment",
            "name": "Arroyo Pho",
            "category": "restaurant",
        },
        {
            "id": "blue-door",
            "type": "establishment",
            "name": "Blue Door Laundry",
            "category": "other",
        },
    ]
    record_facts(raw_facts=facts, actor="clerk", why="many names")
    compared = []
    similarity = selectors._similarity
    monkeypatch.setattr(selectors, "FUZZY_CANDIDATES", 20)
    monkeypatch.setattr(
        selectors, "_similarity", lambda q, name: compared.append(name) or similarity(q, name)
    )
    user = _user("fog", role="fog_inspector")
    hits = [hit.title.key for hit in selectors.search(user, query="arroyo phoo")]
    assert hits[0] == "arroyo-pho"
    assert 0 < len(compared) <= 20 and "Blue Door Laundry" not in compared


def test_search_forgives_a_misspelled_business_name(block, staff_client):
    assert _search(staff_client, "Jade Gardn")[0] == "jade-garden"
    assert _search(staff_client, "taqueria el sool")[0] == "el-sol"
    assert "jade-garden" not in _search(staff_client, "Mission Markt")[:1]


def test_search_by_address_owner_key_and_phone(block, staff_client):
    assert "lot-101" in _search(staff_client, "101 Las Tunas")
    assert "lot-101" in _search(staff_client, "jade holdings")
    assert _search(staff_client, "jade-gi")[0] == "jade-gi"
    record_facts(
        raw_facts=[
            {
                "id": "license-bl-20931",
                "type": "establishment",
                "name": "Corner Deli",
                "category": "restaurant",
                "contact": "R. Ortiz, (626) 555-0142",
            }
        ],
        actor="clerk",
        why="licence list",
    )
    assert _search(staff_client, "BL-20931")[0] == "license-bl-20931"
    assert _search(staff_client, "626.555.0142")[0] == "license-bl-20931"
    assert _search(staff_client, "R. Ortiz")[0] == "license-bl-20931"


def test_search_with_nothing_or_nonsense_finds_nothing_and_a_bad_kind_is_a_form_error(
    block, staff_client
):
    assert _search(staff_client, "") == []
    assert _search(staff_client, "zzqx-nothing-like-it") == []
    response = staff_client.get(reverse("web:search"), {"q": "jade", "kind": "spaceship"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_search_results_export(block, staff_client):
    response = staff_client.get(reverse("web:search"), {"q": "Jade Gardn", "format": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:2] == ["Record", "Kind"] and "Key" in rows[0]
    assert rows[1][0] == "Jade Garden" and rows[1][rows[0].index("Key")] == "jade-garden"


# --------------------------------------------------------------------------- list pages


@pytest.mark.parametrize(
    ("name", "present", "absent"),
    [
        ("web:establishments", "Jade Garden", "101 Las Tunas Dr</a>"),
        ("web:premises", "224 Abbot Ave", "Jade Garden</a>"),
        ("web:permits", "House connection permit, 224 Abbot Ave", "Jade Garden</a>"),
        ("web:food_recovery", "Valley Community Pantry", "Jade Garden</a>"),
    ],
)
def test_list_pages_show_records_by_name_with_counts(block, staff_client, name, present, absent):
    response = staff_client.get(reverse(name))
    content = response.content.decode()
    assert response.status_code == 200
    assert present in content and absent not in content
    assert response.context["page"].paginator.count > 0
    assert 'aria-label="How many of each"' in content


def test_a_list_filters_and_its_export_follows_the_filters(block, staff_client):
    url = reverse("web:establishments")
    response = staff_client.get(url, {"category": "supermarket"})
    assert [row.key for row in response.context["page"]] == ["mission-market"]
    assert "Supermarket: <strong>1</strong>" in response.content.decode()
    xlsx = staff_client.get(url, {"category": "supermarket", "format": "xlsx"})
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    assert rows[0][0] == "Business" and rows[0][-1] == "Key"
    assert rows[1:] and [r[-1] for r in rows[1:]] == ["mission-market"]
    assert rows[1][2] == "140 Las Tunas Dr"  # the premises' address, not its key


def test_bad_list_filters_are_reported_beside_their_field(block, staff_client):
    response = staff_client.get(
        reverse("web:permits"), {"issued_from": "2025-02-30", "kind": "rocket"}
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert "Enter a valid date" in content and "Select a valid choice" in content


# --------------------------------------------------------------------------- a business


def test_a_business_page_leads_with_who_where_and_what_is_open(block, staff_client):
    response = staff_client.get(reverse("web:business", args=["jade-garden"]))
    content = response.content.decode()
    page = response.context["page"]
    assert page.name == "Jade Garden" and page.address == "101 Las Tunas Dr"
    assert page.owner_name == "Jade Holdings LLC"
    assert "PO Box 12, San Gabriel, CA 91778" in content
    # what is open, the most pressing first, each with the date it has been due since
    assert page.open_items
    severities = [staff_selectors.SEVERITY[i.status] for i in page.open_items]
    assert severities == sorted(severities)
    assert "Interceptor pump-out frequency" in content
    # then devices, employees, services, permits, then the history, in that order
    headings = ("What is open", "Devices", "Employees", "Services", "Permits", "History")
    order = [content.index(f">{h}</h2>") for h in headings]
    assert order == sorted(order)
    assert "Grease interceptor, 1,000 gal, installed 2016-04-01" in content
    assert content.index("Address") < content.index("What is open")


def test_a_business_page_gives_the_languages_notices_are_printed_in(block, staff_client):
    record_facts(
        raw_facts=[
            {**fact, "operator_language": "es"}
            for fact in read_data(BLOCK)["facts"]
            if fact.get("id") == "jade-garden"
        ],
        actor="clerk",
        why="the operator reads Spanish",
    )
    text = staff_client.get(reverse("web:business", kwargs={"key": "jade-garden"})).content
    assert "Operator: Español; owner: not recorded" in text.decode()


def test_an_unknown_business_is_a_404_page(block, staff_client):
    response = staff_client.get(reverse("web:business", args=["no-such-place"]))
    assert response.status_code == 404 and "No record" in response.content.decode()


# --------------------------------------------------------------------------- the worklist


def test_the_worklist_speaks_in_names_and_titles(block, staff_client):
    content = staff_client.get(reverse("staff:worklist")).content.decode()
    assert "Interceptor pump-out frequency" in content
    assert '<code class="requirement__id">FOG-MIN-FREQUENCY</code>' in content
    assert "Grease interceptor, 1,000 gal, installed 2016-04-01" in content
    assert "Mar 1, 2025" in content  # the day the worklist speaks for, for people


def test_the_worklist_puts_what_needs_action_first(block):
    root = _user("root", superuser=True)
    findings = list(staff_selectors.worklist(root, today=AS_OF, sort="action"))
    statuses = [f.status for f in findings]
    ranks = [staff_selectors.SEVERITY[s] for s in statuses]
    assert ranks == sorted(ranks) and "violation" in statuses
    overdue = [f.due for f in findings if f.status == "overdue" and f.due]
    assert overdue == sorted(overdue)  # the most days overdue first
    due = [f.due for f in findings if f.status == "due" and f.due]
    assert due == sorted(due)  # then the soonest due


def test_long_runs_of_one_obligation_collapse_into_one_line(block):
    group = "run-test"
    for quarter in range(13):
        year, q = 2022 + quarter // 4, quarter % 4 + 1
        Finding.objects.create(
            subject_group=group,
            requirement="ORG-SELF-INSPECTION",
            subject="mission-market",
            period=f"{year}-Q{q}",
            status="overdue",
            due=f"{year}-{q * 3:02d}-28",
            cite="§ 50.x",
            explanation=f"quarter {year}-Q{q}",
            evaluated_as_of=AS_OF,
        )
    root = _user("root", superuser=True)
    findings = list(staff_selectors.worklist(root, today=AS_OF, program="sb1383"))
    lines = staff_selectors.worklist_lines(findings)
    (run,) = [
        line
        for line in lines
        if line.first.requirement == "ORG-SELF-INSPECTION"
        and line.first.subject == "mission-market"
        and line.collapsed
    ]
    assert len(run.findings) == 13
    from sanitas.web.templatetags.web_tags import run_words

    assert run_words(run) == "overdue for 13 quarters, 2022-Q1 to 2025-Q1"
    assert sum(len(line.findings) for line in lines) == len(findings)


def test_the_worklist_exports_what_it_shows_with_keys(block, staff_client):
    shown = staff_client.get(reverse("staff:worklist"), {"status": "violation"})
    expected = {(f.subject, f.requirement) for line in shown.context["page"] for f in line.findings}
    response = staff_client.get(
        reverse("staff:worklist"), {"status": "violation", "format": "xlsx"}
    )
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    header = rows[0]
    assert header[:3] == ["Status", "Due", "Requirement"]
    assert {"Requirement ID", "Subject key"} <= set(header)
    got = {(r[header.index("Subject key")], r[header.index("Requirement ID")]) for r in rows[1:]}
    assert got == expected and all(r[0] == "violation" for r in rows[1:])


def test_exports_neutralise_what_a_spreadsheet_would_run():
    for text in ('=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tx"):
        assert neutralised(text) == "'" + text
    assert neutralised("Jade Garden") == "Jade Garden"
    assert neutralised(-2) == -2 and neutralised(date(2025, 1, 2)) == date(2025, 1, 2)


def test_an_export_with_a_formula_in_a_record_opens_as_text(block, staff_client):
    record_facts(
        raw_facts=[
            {
                "id": "evil",
                "type": "establishment",
                "name": "=cmd|' /C calc'!A0",
                "category": "other",
            }
        ],
        actor="clerk",
        why="test",
    )
    response = staff_client.get(reverse("web:establishments"), {"q": "evil", "format": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[1][0] == "'=cmd|' /C calc'!A0"


# --------------------------------------------------------------------------- the map

"""The staff pages: sign-in, the worklist, a subject's page (today and as of a past
day), the permission map, and the admin kept for superusers' repairs."""

from __future__ import annotations

import html
import re
from datetime import UTC, date, datetime, timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import timezone

from sanitas.kit import selectors
from sanitas.ordinance import engine
from sanitas.ordinance.document import parse_document, read_data
from sanitas.ordinance.messages import reading_in
from sanitas.ordinance.messages import said_in_english as english
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex
from sanitas.records.services import record_facts, void_record
from sanitas.records.sweep import group_facts, sweep

from ..conftest import ROOT
from ..records.amend import amend_engine, lone_finding

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
PASSWORD = "a-long-test-password"

#: the programs by requirement prefix, written out independently of the selectors
PREFIXES = {
    "fog": lambda r: r.startswith("FOG-") or r.startswith("SEW-GREASE"),
    "sewer": lambda r: r.startswith(("PRM-", "SEW-")) and not r.startswith("SEW-GREASE"),
    "solid_waste": lambda r: r.startswith(("SW-", "GEN-")),
    "sb1383": lambda r: r.startswith("ORG-"),
}
#: sample arguments for every URL name that takes some
URL_KWARGS = {"staff:subject": {"key": "jade-garden"}}


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def block():
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)


def _user(name: str, *, role: str | None = None, superuser: bool = False) -> User:
    if superuser:
        user = User.objects.create_superuser(name, f"{name}@example.org", PASSWORD)
    else:
        user = User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    if role:
        user.groups.add(Group.objects.get_or_create(name=role)[0])
    return user


@pytest.fixture
def inspector():
    return _user("inspector", role="fog_inspector")


@pytest.fixture
def staff_client(client, inspector):
    client.force_login(inspector)
    return client


def _open_findings(program: str | None = None, *, late: bool = False) -> set[tuple]:
    statuses = {"due", "overdue", "violation"} | ({"late"} if late else set())
    return {
        (f.requirement, f.subject, f.period, f.ordinal)
        for f in Finding.objects.filter(current=True)
        if f.status in statuses and (program is None or PREFIXES[program](f.requirement))
    }


def _keys(findings) -> set[tuple]:
    return {(f.requirement, f.subject, f.period, f.ordinal) for f in findings}


def _worklist(user, **filters):
    return list(selectors.worklist(user, today=AS_OF, **filters))


def _shown(response) -> list:
    """The findings on a worklist page, each line's in turn (a collapsed line holds
    an obligation's run of findings)."""
    return [f for line in response.context["page"].object_list for f in line.findings]


def _url(name: str) -> str:
    return reverse(name, kwargs=URL_KWARGS.get(name))


# --------------------------------------------------------------------------- who may see what
# (every door as every role: tests/access/test_doors.py)


@pytest.mark.parametrize("name", ["staff:worklist", "staff:subject"])
def test_a_staff_page_needs_sign_in_and_a_role(block, client, name):
    url = _url(name)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"

    client.force_login(_user("no-role"))
    response = client.get(url)
    assert response.status_code == 403
    assert "this account has no role" in response.content.decode()

    for user in (_user("clerk", role="permit_clerk"), _user("root", superuser=True)):
        client.force_login(user)
        assert client.get(url).status_code == 200


def test_public_pages_open_without_sign_in(client):
    assert client.get(reverse("login")).status_code == 200
    assert client.post(reverse("logout"))["Location"] == reverse("login")


def test_signing_in_and_out(block, client, inspector):
    response = client.post(
        reverse("login"), {"username": "inspector", "password": "wrong", "next": "/"}
    )
    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()

    response = client.post(
        reverse("login"), {"username": "inspector", "password": PASSWORD, "next": "/"}
    )
    assert response.status_code == 302 and response["Location"] == "/"
    page = client.get("/")
    assert (
        page.status_code == 200
        and "Signed in as <strong>inspector</strong>" in page.content.decode()
    )

    client.post(reverse("logout"))
    assert client.get("/").status_code == 302


def test_a_user_without_a_role_sees_no_findings(block):
    assert _worklist(_user("visitor")) == []
    assert selectors.visible_programs(_user("visitor2")) == ()


# --------------------------------------------------------------------------- the worklist


def test_every_requirement_belongs_to_exactly_one_program():
    from sanitas.ordinance.catalog import catalog

    for requirement in catalog():
        owners = [key for key, covers in PREFIXES.items() if covers(requirement)]
        assert len(owners) == 1, requirement
        assert selectors.program_of(requirement) == owners[0], requirement
    assert selectors.program_of("SEW-GREASE-TRAP-SIZE") == "fog"
    assert selectors.program_of("SEW-ACIDS") == "sewer"


@pytest.mark.parametrize("program", sorted(PREFIXES))
def test_the_worklist_filters_by_program(block, program):
    root = _user("root", superuser=True)
    expected = _open_findings(program)
    assert _keys(_worklist(root, program=program)) == expected
    assert expected


def test_the_worklist_filters_by_status_and_shows_late_only_when_asked(block):
    root = _user("root", superuser=True)
    everything = _keys(_worklist(root))
    assert everything == _open_findings()
    violations = _worklist(root, status="violation")
    assert violations and {f.status for f in violations} == {"violation"}
    assert _keys(_worklist(root, include_late=True)) == _open_findings(late=True)
    late = _worklist(root, status="late")
    assert late and {f.status for f in late} == {"late"}
    assert _keys(late) == _open_findings(late=True) - _open_findings()
    assert not any(f.status == "met" for f in _worklist(root, include_late=True))


def test_the_worklist_filters_by_due_window(block):
    root = _user("root", superuser=True)
    overdue = _worklist(root, window="overdue")
    current = {
        (f.requirement, f.subject, f.period, f.ordinal): f
        for f in Finding.objects.filter(current=True)
    }
    open_ = _open_findings()
    assert _keys(overdue) == {k for k in open_ if current[k].due and current[k].due < "2025-03-01"}
    assert {k for k in open_ if current[k].status == "overdue"} <= _keys(overdue)

    within_30 = _worklist(root, window="30")
    assert within_30
    assert all("2025-03-01" <= f.due[:10] <= "2025-03-31" for f in within_30)
    within_90 = _worklist(root, window="90")
    assert _keys(within_30) <= _keys(within_90)
    assert all(f.due[:10] <= "2025-05-30" for f in within_90)

    ranged = _worklist(root, due_from=date(2024, 1, 1), due_to=date(2024, 12, 31))
    assert ranged and all("2024-01-01" <= f.due[:10] <= "2024-12-31" for f in ranged)
    expected = {k for k in open_ if "2024-01-01" <= current[k].due[:10] <= "2024-12-31"}
    assert _keys(ranged) == expected


def test_the_worklist_sorts(block):
    root = _user("root", superuser=True)
    by_due = _worklist(root, sort="due")
    dues = [f.due for f in by_due]
    dated = [d for d in dues if d]
    assert dated == sorted(dated) and dues == dated + [""] * (len(dues) - len(dated))
    assert [f.due for f in _worklist(root, sort="-due")] == dues[::-1]
    requirements = [f.requirement for f in _worklist(root, sort="requirement")]
    assert requirements == sorted(requirements)
    subjects = [f.subject for f in _worklist(root, sort="-subject")]
    assert subjects == sorted(subjects, reverse=True)
    ranks = [selectors.SEVERITY[f.status] for f in _worklist(root, sort="status")]
    assert ranks == sorted(ranks) and len(set(ranks)) > 1


def test_the_worklist_page_sorts_by_a_column_header(block, client):
    client.force_login(_user("root", superuser=True))
    response = client.get("/", {"program": "all", "sort": "-requirement"})
    shown = [f.requirement for f in _shown(response)]
    assert shown == sorted(shown, reverse=True)
    content = response.content.decode()
    assert 'aria-sort="descending"' in content
    assert "sort=requirement" in content  # the header toggles to ascending


def test_the_worklist_is_paginated(block, client):
    client.force_login(_user("root", superuser=True))
    total = len(_open_findings())
    assert total > selectors.PAGE_SIZE
    response = client.get("/", {"program": "all"})
    first = response.context["page"]
    assert response.context["finding_count"] == total
    assert len(first.object_list) == selectors.PAGE_SIZE
    seen = []
    for number in first.paginator.page_range:
        seen.extend(_shown(client.get("/", {"program": "all", "page": number})))
    assert len(seen) == total and _keys(seen) == _open_findings()
    beyond = client.get("/", {"program": "all", "page": 999})
    assert beyond.status_code == 200
    assert beyond.context["page"].number == first.paginator.num_pages
    assert "page=2" in client.get("/", {"program": "all"}).content.decode()


def test_where_each_record_is_for_someone_going_there(block):
    from sanitas.web.selectors import Place, places

    found = places(["jade-garden", "jade-gi", "po-2024-06", "lot-130", "prm-224", "no-such"])
    # a business at its premises' address; its device and the device's pump-out there too
    jade = Place(name="Jade Garden", address="101 Las Tunas Dr")
    assert found["jade-garden"] == found["jade-gi"] == found["po-2024-06"] == jade
    # a premises, and a permit of one, by the address alone
    assert found["lot-130"] == Place(name="", address="130 Las Tunas Dr")
    assert found["prm-224"] == Place(name="", address="224 Abbot Ave")
    assert "no-such" not in found


def test_a_worklist_line_is_a_card_led_by_where_to_go(block, client):
    client.force_login(_user("root", superuser=True))
    content = client.get("/", {"program": "fog"}).content.decode()
    cards = re.findall(r'<summary class="line__card">(.*?)</summary>', content, re.S)
    assert len(cards) == len(re.findall(r'<tr class="line', content)) > 5
    words = [" ".join(re.sub(r"<[^>]+>", " ", card).split()) for card in cards]
    from sanitas.kit.titles import requirement_title

    minimum = next(w for w in words if requirement_title("FOG-MIN-FREQUENCY") in w)
    assert minimum.startswith("Jade Garden 101 Las Tunas Dr")
    assert re.search(r"(overdue|due) due \w{3} \d+, \d{4}", minimum, re.I), minimum
    # the explanation is folded under the card, not repeated beside it
    finding = Finding.objects.get(
        requirement="FOG-MIN-FREQUENCY", subject="jade-gi", status="overdue", current=True
    )
    assert content.count(html.escape(english(finding))) == 1


def test_each_row_shows_requirement_cite_subject_status_due_and_explanation(block, staff_client):
    response = staff_client.get("/")
    content = response.content.decode()
    finding = Finding.objects.get(
        requirement="FOG-MIN-FREQUENCY", subject="jade-gi", status="overdue"
    )
    for text in (finding.requirement, finding.cite, finding.status, finding.due):
        assert html.escape(text) in content
    assert html.escape(english(finding)) in content
    assert f'href="{reverse("staff:subject", kwargs={"key": "jade-gi"})}"' in content


@pytest.mark.parametrize(
    ("role", "program"),
    [
        ("fog_inspector", "fog"),
        ("sb1383_coordinator", "sb1383"),
        ("code_enforcement", "solid_waste"),
        ("permit_clerk", "sewer"),
    ],
)
def test_a_role_user_sees_their_program_by_default(block, client, role, program):
    client.force_login(_user("someone", role=role))
    response = client.get("/")
    assert response.context["form"].cleaned_data["program"] == program
    assert response.context["finding_count"] == len(_open_findings(program)) > 0
    assert _keys(_shown(response)) <= _open_findings(program)
    # and may look at every program when they ask
    everything = client.get("/", {"program": "all"}).context["finding_count"]
    assert everything == len(_open_findings())


def test_a_superuser_sees_every_program_by_default(block, client):
    client.force_login(_user("root", superuser=True))
    response = client.get("/")
    assert response.context["form"].cleaned_data["program"] == selectors.ALL
    assert response.context["finding_count"] == len(_open_findings())


def test_bad_worklist_parameters_are_reported_not_raised(block, staff_client):
    response = staff_client.get(
        "/", {"due_from": "2025-02-30", "sort": "nonsense", "program": "nope", "page": "x"}
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert "Enter a valid date" in content
    assert "Select a valid choice" in content
    # the bad program fell back to the user's own
    assert all(PREFIXES["fog"](f.requirement) for f in _shown(response))
    ranged = staff_client.get("/", {"due_from": "2025-03-01", "due_to": "2025-01-01"})
    assert "before its start" in ranged.content.decode()


# --------------------------------------------------------------------------- a subject's page


def test_a_subject_page_shows_its_record_findings_children_and_timeline(block, staff_client):
    response = staff_client.get(reverse("staff:subject", kwargs={"key": "jade-gi"}))
    assert response.status_code == 200
    content = response.content.decode()
    page = response.context["page"]
    assert page.fact_type == "device" and page.record.key == "jade-gi"
    for finding in Finding.objects.filter(current=True, subject="jade-gi"):
        assert html.escape(finding.cite) in content
        assert html.escape(english(finding)) in content
    assert {"FOG-MIN-FREQUENCY", "FOG-25-PERCENT"} <= {f.requirement for f in page.findings}
    children = {(c.fact_type, c.key) for c in page.children}
    assert {("pump_out", "po-2024-06"), ("pump_out", "po-2024-10")} <= children
    assert "inspection" in {c.fact_type for c in page.children}
    # the timeline: the device and its children, each with who and why
    assert {e.key for e in page.timeline} == {"jade-gi"} | {k for _, k in children}
    assert all(e.action == "recorded" and e.who == "clerk" for e in page.timeline)
    assert "block survey" in content
    # its establishment is a link
    assert f'href="{reverse("staff:subject", kwargs={"key": "jade-garden"})}"' in content


READING = "The frequency is counted from the last full pump-out, not from any pump-out."
CONTRADICTION = "The pump-out of 2024-06-12 is dated before the interceptor was installed."


def _section(content: str, heading: str) -> str:
    start = content.index(f'id="{heading}"')
    return content[start : content.index("</section>", start)]


def test_a_finding_shows_its_reading_beside_the_explanation(block, staff_client, monkeypatch):
    dated = [f for f in Finding.objects.filter(current=True) if f.due]
    key = lone_finding(dated, statuses=("due", "overdue", "violation"))
    requirement, subject, period = key
    amend_engine(monkeypatch).readings[key] = READING
    sweep(as_of=AS_OF, full=True)
    page = staff_client.get(reverse("staff:subject", kwargs={"key": subject}))
    rows = page.context["page"].findings
    (row,) = [f for f in rows if (f.requirement, f.subject, f.period) == key]
    assert row.reading == READING
    # and every finding shows the reading stored with it, or none
    stored = Finding.objects.filter(current=True, subject__in={f.subject for f in rows})
    assert sorted(
        (f.requirement, f.subject, f.period, f.status, f.reading) for f in rows
    ) == sorted((f.requirement, f.subject, f.period, f.status, reading_in(f)) for f in stored)
    content = page.content.decode()
    shown = html.escape(row.explanation) + '<p class="reading"><span class="reading__label">'
    assert shown in content
    assert f"Reading:</span> {html.escape(READING)}" in content
    # the worklist shows it in the same place
    stored = Finding.objects.get(requirement=requirement, subject=subject, period=period)
    worklist = staff_client.get(
        "/",
        {
            "program": "all",
            "status": stored.status,
            "due_from": stored.due[:10],
            "due_to": stored.due[:10],
        },
    )
    assert stored in _shown(worklist)
    assert f"Reading:</span> {html.escape(READING)}" in worklist.content.decode()
    readings = [f.reading for f in _shown(worklist) if f.reading]
    assert worklist.content.decode().count('class="reading"') == len(readings)


def test_a_subject_page_shows_its_data_problems_by_name(block, staff_client, monkeypatch):
    problem = engine.DataProblem(("jade-gi", "po-2024-06"), CONTRADICTION)
    amend_engine(monkeypatch, selectors).problems.append(problem)
    sweep(as_of=AS_OF, full=True)
    _backdate_history(RECORDED_ON)  # (for the page as of a past day)
    for key, url_as_of in (("jade-gi", None), ("jade-garden", None), ("jade-gi", "2025-03-01")):
        query = {"as_of": url_as_of} if url_as_of else {}
        response = staff_client.get(reverse("staff:subject", kwargs={"key": key}), query)
        (shown,) = response.context["page"].data_problems
        assert shown.problem == CONTRADICTION
        assert shown.records == [
            ("jade-gi", "the grease interceptor of Jade Garden"),
            ("po-2024-06", "the pump-out of 2024-06-12"),
        ]
        box = _section(response.content.decode(), "data-problems-heading")
        assert "Data problems" in box and html.escape(CONTRADICTION) in box
        # each record by its name (the one the page is about said so), never by its key
        assert "the pump-out of 2024-06-12</a>" in box
        link = reverse("staff:subject", kwargs={"key": "po-2024-06"})
        assert f'href="{link}' in box
        text = re.sub(r"<[^>]+>", "", box)
        assert "po-2024-06" not in text and "jade-gi" not in text
        if key == "jade-gi":
            assert "The grease interceptor of Jade Garden <span" in box
            assert "(this device)" in text
    # a record the problem does not concern has no box
    unrelated = staff_client.get(reverse("staff:subject", kwargs={"key": "el-sol"}))
    assert unrelated.context["page"].data_problems == []
    assert "Data problems" not in unrelated.content.decode()


def test_a_pump_out_dated_before_its_interceptor_was_installed_is_shown(block, staff_client):
    early = {"id": "po-early", "type": "pump_out", "device": "jade-gi", "date": "2016-03-20"}
    record_facts(raw_facts=[{**early, "full": True}], actor="hauler-portal")
    sweep(as_of=AS_OF)
    response = staff_client.get(reverse("staff:subject", kwargs={"key": "po-early"}))
    (shown,) = response.context["page"].data_problems
    assert shown.records == [
        ("po-early", "the pump-out of 2016-03-20"),
        ("jade-gi", "the grease interceptor of Jade Garden"),
    ]
    box = _section(response.content.decode(), "data-problems-heading")
    assert "The pump-out of 2016-03-20 <span" in box and "(this pump-out)" in box
    assert "the grease interceptor of Jade Garden</a>" in box
    # read in Spanish and Chinese, the problem and the records it names are in the
    # reader's words; the business's name as recorded
    said = {
        "es": (
            "el registro de vaciado del 20 de marzo de 2016",
            "el interceptor de grasa de Jade Garden",
        ),
        "zh-hant": ("2016年3月20日的抽除", "Jade Garden的油脂截流器"),
    }
    for language, names in said.items():
        page = staff_client.get(
            reverse("staff:subject", kwargs={"key": "po-early"}), HTTP_ACCEPT_LANGUAGE=language
        )
        (theirs,) = page.context["page"].data_problems
        assert [name for _key, name in theirs.records] == list(names), language
        their_box = _section(page.content.decode(), "data-problems-heading")
        assert "pump-out" not in their_box and "interceptor of" not in their_box, language
    assert html.escape(shown.problem) in box and "2016-04-01" in shown.problem


@pytest.mark.parametrize("key", ["jade-garden", "lot-101", "prm-224", "el-sol-trap"])
def test_pages_for_establishments_premises_permits_and_devices(block, staff_client, key):
    response = staff_client.get(reverse("staff:subject", kwargs={"key": key}))
    assert response.status_code == 200
    assert response.context["page"].record.key == key


def test_a_subject_page_filters_findings_by_what_the_user_may_see(block, client, monkeypatch):
    from sanitas.access.policy import GRANTS, OWN

    # a city that narrows its FOG inspectors to their own program's findings
    monkeypatch.setitem(GRANTS["fog_inspector"], "records.view", OWN)
    client.force_login(_user("inspector", role="fog_inspector"))
    page = client.get(reverse("staff:subject", kwargs={"key": "jade-garden"})).context["page"]
    assert page.findings and all(PREFIXES["fog"](f.requirement) for f in page.findings)
    assert Finding.objects.filter(
        current=True, subject="jade-garden", requirement__startswith="ORG-"
    )
    listed = client.get("/", {"program": "all"})
    assert all(PREFIXES["fog"](f.requirement) for f in _shown(listed))


def test_the_timeline_shows_changes_newest_first_with_who_and_why(block, staff_client):
    facts = read_data(BLOCK)["facts"]
    for fact in facts:
        if fact.get("id") == "jade-garden":
            fact["seats"] = 150
    record_facts(raw_facts=facts, actor="permit-desk", why="seats recounted")
    page = staff_client.get(reverse("staff:subject", kwargs={"key": "jade-garden"})).context["page"]
    own = [e for e in page.timeline if e.key == "jade-garden"]
    assert [e.action for e in own] == ["changed", "recorded"]
    assert own[0].who == "permit-desk" and own[0].why == "seats recounted"
    assert own[0].changes == ["seats: 140 → 150"]
    stamps = [e.at for e in page.timeline]
    assert stamps == sorted(stamps, reverse=True)


def test_an_unknown_key_is_a_404_page(block, staff_client):
    response = staff_client.get(reverse("staff:subject", kwargs={"key": "no-such-thing"}))
    assert response.status_code == 404
    assert "No record" in response.content.decode()


# --------------------------------------------------------------------------- as of a past day

RECORDED_ON = datetime(2025, 1, 15, 17, 0, tzinfo=UTC)


def _backdate_history(when: datetime) -> None:
    """As if the block had been recorded on ``when``."""
    for model in RECORD_MODELS.values():
        model.history.all().update(history_date=when)


def _later_changes() -> None:
    """After 2025-03-01 the city learns of more seats and a pump-out of Feb 28."""
    facts = read_data(BLOCK)["facts"]
    for fact in facts:
        if fact.get("id") == "jade-garden":
            fact["seats"] = 150
    record_facts(raw_facts=facts, actor="clerk", why="seats recounted")
    record_facts(
        raw_facts=[{"type": "pump_out", "device": "jade-gi", "date": "2025-02-28", "full": True}],
        actor="hauler-portal",
        why="late manifest",
    )
    sweep(as_of=AS_OF)


def test_as_of_shows_the_version_the_city_knew_then(block, staff_client):
    _backdate_history(RECORDED_ON)
    _later_changes()
    url = reverse("staff:subject", kwargs={"key": "jade-garden"})

    today = staff_client.get(url).context["page"]
    assert today.record.seats == 150

    then = staff_client.get(url, {"as_of": "2025-03-01"})
    page = then.context["page"]
    assert page.as_of == AS_OF and page.record.seats == 140
    assert page.version_at == RECORDED_ON
    content = then.content.decode()
    assert "As the city knew it on" in content and "1 March 2025" in content
    assert any(row.label == "seats" and row.text == "140" for row in page.fields)
    # the timeline stops at that day
    assert all(e.at < selectors.end_of_day(AS_OF) for e in page.timeline)
    assert [e.action for e in page.timeline if e.key == "jade-garden"] == ["recorded"]


def test_as_of_findings_are_what_the_law_made_of_what_the_city_knew(block, staff_client):
    _backdate_history(RECORDED_ON)
    _later_changes()
    url = reverse("staff:subject", kwargs={"key": "jade-gi"})

    # today the sweep knows the Feb 28 pump-out: the next is due in May
    stored = Finding.objects.filter(
        current=True, requirement="FOG-MIN-FREQUENCY", subject="jade-gi"
    )
    assert ("due", "2025-05-28") in set(stored.values_list("status", "due"))
    assert ("overdue", "2025-01-30") not in set(stored.values_list("status", "due"))

    page = staff_client.get(url, {"as_of": "2025-03-01"}).context["page"]
    frequency = [f for f in page.findings if f.requirement == "FOG-MIN-FREQUENCY"]
    assert ("overdue", "2025-01-30") in {(f.status, f.due) for f in frequency}
    assert ("due", "2025-05-28") not in {(f.status, f.due) for f in frequency}
    assert "po-2024-10" in {c.key for c in page.children}
    assert not [c for c in page.children if c.summary.startswith("date: 2025-02-28")]

    # exactly what the engine makes of the block's own file on that day
    shown = {(f.requirement, f.subject, f.period, f.status, f.due) for f in page.findings}
    keys = {"jade-gi"} | {c.key for c in page.children}
    evaluation = parse_document(read_data(BLOCK)).evaluate(as_of=AS_OF)
    expected = {
        (f.requirement, f.subject, f.period or "", f.status, f.as_dict()["due"] or "")
        for f in evaluation.findings
        if f.subject in keys
    }
    assert shown == expected


def test_as_of_before_a_record_existed(block, staff_client):
    _backdate_history(RECORDED_ON)
    response = staff_client.get(
        reverse("staff:subject", kwargs={"key": "jade-garden"}), {"as_of": "2025-01-01"}
    )
    assert response.status_code == 200
    page = response.context["page"]
    assert page.record is None and page.findings == [] and page.timeline == []
    assert "had not been recorded" in response.content.decode()


def test_as_of_shows_a_record_before_it_was_voided(block, staff_client):
    _backdate_history(RECORDED_ON)
    void_record(key="acc-130", actor="clerk", why="entered for the wrong address")
    sweep(as_of=AS_OF)
    url = reverse("staff:subject", kwargs={"key": "acc-130"})
    now = staff_client.get(url)
    assert now.context["page"].record.voided_at is not None
    assert "entered for the wrong address" in now.content.decode()
    assert now.context["page"].findings == []

    then = staff_client.get(url, {"as_of": "2025-03-01"}).context["page"]
    assert then.record.voided_at is None
    assert "SW-ACCUMULATION-TIME" in {f.requirement for f in then.findings}


def test_records_as_of_today_are_the_records_as_they_stand(block):
    _later_changes()
    group = RecordIndex.objects.get(key="jade-gi").subject_group
    today = timezone.localdate()
    from_history = selectors.group_facts_as_of(group, selectors.end_of_day(today))
    assert from_history == group_facts([group])[group]
    long_ago = selectors.end_of_day(today - timedelta(days=400))
    assert selectors.group_facts_as_of(group, long_ago) == []


def test_a_bad_as_of_is_reported_not_raised(block, staff_client):
    response = staff_client.get(
        reverse("staff:subject", kwargs={"key": "jade-gi"}), {"as_of": "2025-13-40"}
    )
    assert response.status_code == 200
    assert response.context["page"].as_of is None
    assert "Enter a valid date" in response.content.decode()


# --------------------------------------------------------------------------- the admin


def test_the_admin_is_for_superusers_only(block, client):
    clerk = _user("clerk", role="permit_clerk")
    clerk.is_staff = True
    clerk.save()
    client.force_login(clerk)
    assert client.get("/admin/").status_code == 302
    client.force_login(_user("root", superuser=True))
    assert client.get("/admin/").status_code == 200
    changelist = client.get("/admin/records/establishmentrecord/")
    assert changelist.status_code == 200
    assert "jade-garden" in changelist.content.decode()


def test_the_admin_never_adds_or_deletes_records(block, client):
    from django.contrib import admin

    root = _user("root", superuser=True)
    request = type("Request", (), {"user": root})()
    for model in RECORD_MODELS.values():
        model_admin = admin.site._registry[model]
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_delete_permission(request)
        assert model_admin.list_display[:2] == ("key", "subject_group")
    assert not admin.site._registry[Finding].has_change_permission(request)
    client.force_login(root)
    record = RECORD_MODELS["establishment"].objects.get(key="jade-garden")
    assert client.get(f"/admin/records/establishmentrecord/{record.pk}/delete/").status_code in (
        302,
        403,
    )
    assert RECORD_MODELS["establishment"].objects.filter(key="jade-garden").exists()


def _change_form_data(record) -> dict:
    data = {}
    for column in type(record)._meta.concrete_fields:
        if column.name in selectors._RECORD_COLUMNS:
            continue
        value = getattr(record, column.name)
        if value is None:
            data[column.name] = ""
        elif isinstance(value, bool):
            if value:
                data[column.name] = "on"
        elif isinstance(value, list | dict):
            import json

            data[column.name] = json.dumps(value)
        else:
            data[column.name] = str(value)
    return data


def test_an_admin_repair_goes_through_the_services_with_a_reason(block, client):
    client.force_login(_user("root", superuser=True))
    record = RECORD_MODELS["establishment"].objects.get(key="jade-garden")
    url = f"/admin/records/establishmentrecord/{record.pk}/change/"
    data = _change_form_data(record) | {"seats": "150"}

    refused = client.post(url, data)  # no reason given
    assert refused.status_code == 200
    record.refresh_from_db()
    assert record.seats == 140

    bad = client.post(url, data | {"premises": "no-such-lot", "change_reason": "typo"})
    assert bad.status_code == 200
    assert html.escape("no fact has the id 'no-such-lot'") in bad.content.decode()

    done = client.post(url, data | {"change_reason": "seats recounted on site"})
    assert done.status_code == 302
    record.refresh_from_db()
    assert record.seats == 150 and record.recorded_by == "root"
    latest = record.history.order_by("-history_date").first()
    assert latest.history_change_reason == "seats recounted on site"


def test_the_admin_voids_with_a_reason(block, client):
    client.force_login(_user("root", superuser=True))
    record = RECORD_MODELS["accumulation"].objects.get(key="acc-130")
    changelist = "/admin/records/accumulationrecord/"
    asked = client.post(changelist, {"action": "void_selected", "_selected_action": [record.pk]})
    assert asked.status_code == 200 and "Void them" in asked.content.decode()
    done = client.post(
        changelist,
        {
            "action": "void_selected",
            "_selected_action": [record.pk],
            "confirm": "1",
            "why": "duplicate report",
        },
    )
    assert done.status_code == 302
    record.refresh_from_db()
    assert record.voided_by == "root" and record.voided_why == "duplicate report"
    assert RecordIndex.objects.get(key="acc-130").voided

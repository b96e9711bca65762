"""The demo city, its sign-ins and the set-up behind ``sanitas serve``.

The demo is loaded the way ``sanitas serve`` loads it on a first run
(``prepare_serve`` on an empty database), once per run for every module that reads
it (``demo_copy``, tests/conftest.py); this module reads its own copy of what that
load left, put back whole after it.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from datetime import date, datetime
from io import StringIO

import pytest
from django.contrib.auth import get_user_model

from sanitas.access.roles import ROLES
from sanitas.demo import (
    DEMO_ACTOR,
    DEMO_STAFF,
    HERITAGES,
    PERMIT_PREFIXES,
    DemoCity,
    demo_staff,
    ensure_demo_staff,
    load_demo,
    prepare_serve,
    render_sign_ins,
    run_serve,
    serve_address,
)
from sanitas.kit.titles import titles
from sanitas.ordinance.document import parse_document
from sanitas.ordinance.engine import FactIndex
from sanitas.ordinance.facts import FACT_TYPES
from sanitas.ordinance.messages import said_in_english as english
from sanitas.ordinance.words import name_of
from sanitas.records.models import RECORD_MODELS, Finding, RecordIndex, SubjectGroup
from sanitas.records.sweep import export_facts, sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

AS_OF = date(2026, 6, 15)
OPEN = ("due", "overdue", "violation")

#: the city's programs, by the prefixes of their requirement IDs
PROGRAMS = {
    "FOG": lambda r: r.startswith(("FOG-", "SEW-GREASE")),
    "sewer permits": lambda r: r.startswith(("PRM-", "SEW-")) and not r.startswith("SEW-GREASE"),
    "solid waste": lambda r: r.startswith(("SW-", "GEN-")),
    "SB 1383": lambda r: r.startswith("ORG-"),
}


def _program(requirement: str) -> str:
    return next(name for name, belongs in PROGRAMS.items() if belongs(requirement))


@pytest.fixture(scope="module")
def first_run(demo_city, demo_copy, static_root):
    """``prepare_serve`` on an empty database (migrate, load the demo, static collected
    into the run's shared folder): what it answered and printed, made once per run
    (``demo_copy``, tests/conftest.py) and the module's copy of the database it left."""
    return demo_copy.setup, demo_copy.printed, static_root


@pytest.fixture
def demo(first_run):
    return first_run[0].demo


# --------------------------------------------------------------------------- the city


def test_the_first_serve_loads_the_demo_through_the_services(first_run, demo):
    _, printed, _ = first_run
    assert demo is not None and "Loading the demo city as of 2026-06-15" in printed
    assert demo.created == demo.facts
    # and the records the notices services made of its enforcement
    assert RecordIndex.objects.count() == demo.facts + demo.enforcement_records
    assert demo.enforcement_records > 40 and demo.refused == []
    assert (demo.updated, demo.unchanged) == (0, 0)
    establishments = RECORD_MODELS["establishment"].objects.all()
    assert establishments.count() >= 300
    assert set(RECORD_MODELS["establishment"].objects.values_list("recorded_by", flat=True)) == {
        DEMO_ACTOR
    }
    categories = Counter(establishments.values_list("category", flat=True))
    for category in (
        "restaurant",
        "supermarket",
        "grocery_store",
        "food_distributor",
        "hotel",
        "health_facility",
        "local_education_agency",
        "large_venue",
        "food_recovery_organization",
        "food_recovery_service",
        "other",
    ):
        assert categories[category] >= 1, category
    assert categories["restaurant"] >= 150
    devices = Counter(RECORD_MODELS["device"].objects.values_list("kind", flat=True))
    assert devices["grease_interceptor"] > 100 and devices["grease_trap"] > 10
    premises = RECORD_MODELS["premises"].objects.filter(use="residential")
    assert premises.filter(dwelling_units__lt=5).count() > 150
    assert premises.filter(dwelling_units__gte=5).count() > 20
    for fact_type in (
        "pump_out",
        "training",
        "employee",
        "collection_service",
        "waiver",
        "permit",
        "connection_design",
        "work_started",
        "pressure_test",
        "notice",
        "citation",
        "accumulation",
        "set_out",
        "food_recovery_agreement",
        "report",
    ):
        assert RECORD_MODELS[fact_type].objects.exists(), fact_type


def test_the_demo_is_swept_as_of_its_date(demo):
    assert demo.groups_swept == SubjectGroup.objects.count() > 100
    assert demo.findings_created == Finding.objects.count()
    assert set(SubjectGroup.objects.values_list("swept_as_of", flat=True)) == {AS_OF}
    # a finding is kept as of the day it was last stored: the demo's date, or the day of
    # an act of the city's enforcement that found it as it still stands
    city = DemoCity(as_of=AS_OF)
    acted = {act.day for act in city.acts(city.recording())}
    days = set(Finding.objects.values_list("evaluated_as_of", flat=True))
    assert AS_OF in days and days - {AS_OF} <= acted


def test_every_program_has_open_findings_of_several_statuses(demo):
    by_program: dict[str, Counter] = defaultdict(Counter)
    for requirement, status in Finding.objects.filter(current=True).values_list(
        "requirement", "status"
    ):
        by_program[_program(requirement)][status] += 1
    for name in PROGRAMS:
        counts = by_program[name]
        print(f"{name:14} {dict(sorted(counts.items()))}")
        open_statuses = [s for s in OPEN if counts[s]]
        assert len(open_statuses) >= 2, (name, counts)
        assert sum(counts[s] for s in OPEN) >= 10, (name, counts)
        assert counts["met"] > sum(counts[s] for s in OPEN) / 2, (name, counts)
    # each worklist, not only the programs, is real: most requirements show up
    requirements = set(Finding.objects.filter(current=True).values_list("requirement", flat=True))
    for requirement in (
        "FOG-MIN-FREQUENCY",
        "FOG-HAULER-MANIFEST",
        "FOG-TRAINING-NEW-HIRE",
        "FOG-TRAINING-SEMIANNUAL",
        "FOG-INTERCEPTOR-REQUIRED",
        "FOG-25-PERCENT",
        "SEW-GREASE-TRAP-SIZE",
        "PRM-LAPSE",
        "PRM-GRADE",
        "PRM-PRESSURE",
        "SEW-PIPE-LAYER-LICENSE",
        "SW-ACCUMULATION-TIME",
        "SW-CONTAINER-SETOUT",
        "SW-DISPOSAL-MEANS",
        "ORG-COM-ENROLL",
        "ORG-SF-ENROLL",
        "ORG-COM-SELF-INSPECT",
        "ORG-EFG-AGREEMENT",
        "ORG-EFG-ANNUAL-REPORT",
        "ORG-NOV-60-DAYS",
        "ORG-CONTAMINATION-NOV",
    ):
        assert requirement in requirements, requirement
    assert Finding.objects.filter(current=True, status="late").exists()


def test_the_database_and_the_engine_agree_on_the_demo(demo):
    """The worklist equals what the CLI finds in the same facts exported to a file."""
    exported = export_facts(as_of=AS_OF)
    evaluation = parse_document(exported).evaluate()
    engine = sorted(
        (f.requirement, f.subject, f.period or "", f.status, f.explanation)
        for f in evaluation.findings
    )
    stored = sorted(
        (f.requirement, f.subject, f.period, f.status, english(f))
        for f in Finding.objects.filter(current=True)
    )
    assert stored == engine


def test_a_full_sweep_in_worker_processes_finds_what_one_process_found(demo):
    """The demo was swept in this process; evaluated again by two forked workers, every
    group gives the same findings: nothing is created, changed or closed."""
    before = list(Finding.objects.order_by("pk").values_list("pk", "status", "updated_at"))
    again = sweep(as_of=AS_OF, full=True, workers=2)
    assert again.groups == SubjectGroup.objects.count()
    assert (again.findings_created, again.findings_updated, again.findings_closed) == (0, 0, 0)
    assert list(Finding.objects.order_by("pk").values_list("pk", "status", "updated_at")) == (
        before
    )


def test_loading_the_demo_again_changes_nothing(demo):
    versions = RECORD_MODELS["pump_out"].history.count()
    findings = list(Finding.objects.order_by("pk").values_list("pk", "status", "updated_at"))
    again = load_demo(as_of=AS_OF)
    assert (again.created, again.updated, again.unchanged) == (0, 0, demo.facts)
    assert (again.groups_swept, again.findings_created) == (0, 0)
    assert RecordIndex.objects.count() == demo.facts + demo.enforcement_records
    assert (again.acts, again.served) == (0, 0)
    assert RECORD_MODELS["pump_out"].history.count() == versions
    assert list(Finding.objects.order_by("pk").values_list("pk", "status", "updated_at")) == (
        findings
    )
    assert get_user_model().objects.count() == len(DEMO_STAFF)


# --------------------------------------------------------------------------- the sign-ins


def test_the_demo_sign_ins_and_their_role_groups(demo):
    users = {u.username: u for u in get_user_model().objects.all()}
    assert set(users) == {s.username for s in DEMO_STAFF}
    assert len(demo_staff()) == len(DEMO_STAFF)
    for staff in demo_staff():
        user = users[staff.username]
        assert user.check_password(staff.password), staff.username
        assert user.is_superuser == staff.superuser == user.is_staff
        groups = set(user.groups.values_list("name", flat=True))
        assert groups == ({staff.role} if staff.role else set())
        # a person's full name, first and last, by which the pages show their work
        assert user.get_full_name() == staff.name and len(staff.name.split()) == 2
    # one account for each role, the hearing officer's among them
    roles = [s.role for s in DEMO_STAFF if s.role]
    assert roles == list(ROLES) and "hearing_officer" in roles
    assert len({s.name for s in DEMO_STAFF}) == len(DEMO_STAFF)


def test_a_changed_password_is_kept_and_not_printed(demo):
    inspector = get_user_model().objects.get(username="inspector")
    inspector.set_password("a-password-of-my-own")
    inspector.save()
    sign_ins = dict((s.username, ok) for s, ok in ensure_demo_staff(actor="test"))
    assert sign_ins["inspector"] is False and sign_ins["permits"] is True
    inspector.refresh_from_db()
    assert inspector.check_password("a-password-of-my-own")
    printed = render_sign_ins(ensure_demo_staff(actor="test"))
    passwords = {s.username: s.password for s in demo_staff()}
    assert passwords["inspector"] not in printed and "(changed since the demo made it)" in printed
    assert passwords["permits"] in printed


# --------------------------------------------------------------------------- serve


def test_serve_set_up_prints_the_sign_ins_and_collects_static(first_run):
    setup, _, static = first_run
    assert [s.username for s, ok in setup.sign_ins if ok] == [s.username for s in DEMO_STAFF]
    assert (static / "admin" / "css" / "base.css").exists()


def test_serve_on_a_loaded_database_sweeps_and_does_not_reload(first_run):
    out = StringIO()
    setup = prepare_serve(as_of=AS_OF, out=out)
    assert setup.demo is None and setup.swept_groups == 0
    assert "Worklist swept as of 2026-06-15: 0 subject groups" in out.getvalue()
    assert "Loading" not in out.getvalue()


def test_serve_prints_the_address_and_sign_ins_before_it_serves(first_run, monkeypatch):
    from sanitas.operations import server

    calls = []
    monkeypatch.setattr(server, "serve", lambda **where: calls.append(where) or 0)
    out = StringIO()
    assert run_serve(host="127.0.0.1", port=8765, as_of=AS_OF, seed=1, out=out) == 0
    printed = out.getvalue()
    assert "Sanitas is at http://127.0.0.1:8765/" in printed
    for staff in demo_staff():
        assert f"{staff.username} " in printed and staff.password in printed
    assert calls == [{"host": "127.0.0.1", "port": 8765}]


def test_serve_addresses():
    assert serve_address("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert serve_address("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert serve_address("::1", 8000) == "http://[::1]:8000/"


# --------------------------------------------------------------------------- the generator


def test_the_demo_is_deterministic_for_a_seed_and_every_fact_has_a_unique_id():
    first = DemoCity(as_of=AS_OF, seed=5).facts()
    assert first == DemoCity(as_of=AS_OF, seed=5).facts()
    assert first != DemoCity(as_of=AS_OF, seed=6).facts()
    ids = [f.get("id") for f in first]
    assert None not in ids and len(set(ids)) == len(ids)


def test_nothing_in_the_demo_happens_after_its_date():
    for fact in DemoCity(as_of=AS_OF).facts():
        field = FACT_TYPES[fact["type"]].dated_by
        if field is None or field not in fact:
            continue
        value = fact[field]
        day = datetime.fromisoformat(value).date() if "T" in value else date.fromisoformat(value)
        assert day <= AS_OF, fact


def test_the_demo_names_its_staff_and_numbers_its_permits():
    facts = DemoCity(as_of=AS_OF).facts()
    employees = [f for f in facts if f["type"] == "employee"]
    assert len(employees) > 300
    assert all(f["name"].strip() and f["job_title"].strip() for f in employees)
    # no two people at one establishment share a name
    at = defaultdict(list)
    for employee in employees:
        at[employee["establishment"]].append(employee["name"])
    assert all(len(set(names)) == len(names) for names in at.values())
    # the city's peoples, each among the staff
    surnames = Counter(f["name"].split(" ", 1)[1] for f in employees)
    for _weight, _given, _second, _share, heritage in HERITAGES:
        assert sum(surnames[name] for name in heritage) >= 10, heritage[:3]
    assert len({f["job_title"] for f in employees}) >= 8
    permits = [f for f in facts if f["type"] == "permit"]
    assert permits and len({f["number"] for f in permits}) == len(permits)
    for permit in permits:
        prefix, year, serial = permit["number"].split("-")
        assert prefix == PERMIT_PREFIXES[permit["kind"]] and serial.isdigit()
        assert year == permit["issued_on"][:4]


def test_every_subject_of_a_finding_is_called_by_what_a_person_reads():
    """A business or a person by name, a premises by address, a permit by number, a
    device by what it is and whose, an event by what it is and its date."""
    document = parse_document(DemoCity(as_of=AS_OF).document())
    index = FactIndex(document.facts)
    evaluation = document.evaluate()
    subjects = {f.subject for f in evaluation.findings}
    assert len(subjects) > 1000
    for key in subjects:
        fact, name = index.get(key), name_of(index, key)
        assert fact is not None and key not in name and "not on file" not in name, (key, name)
        if fact.type in ("establishment", "employee"):
            assert name == fact.name
        elif fact.type == "premises":
            assert name == fact.address
        elif fact.type == "permit":
            assert name.startswith(f"permit {fact.number} for ")
        elif fact.type == "device":
            assert name.endswith(f" of {index.get(fact.establishment).name}")


def test_the_worklist_shows_the_staff_by_name_and_permits_by_number(demo):
    employees = RECORD_MODELS["employee"].objects.order_by("key")[:20]
    permits = RECORD_MODELS["permit"].objects.order_by("key")[:20]
    named = titles([r.key for r in [*employees, *permits]])
    assert all(named[e.key].text.split(", ")[0] == e.name for e in employees)
    assert all(named[p.key].text.startswith(f"Permit {p.number}, ") for p in permits)
    assert all(p.number.startswith("HC-") for p in permits)


@pytest.mark.parametrize("as_of", [date(2025, 2, 10), date(2026, 1, 2), date(2027, 9, 30)])
def test_every_program_has_open_findings_whatever_the_day(as_of):
    """The demo is set around any day (``sanitas demo`` defaults to today)."""
    evaluation = parse_document(DemoCity(as_of=as_of).document()).evaluate()
    by_program: dict[str, Counter] = defaultdict(Counter)
    for finding in evaluation.findings:
        by_program[_program(finding.requirement)][finding.status] += 1
    for name in PROGRAMS:
        assert len([s for s in OPEN if by_program[name][s]]) >= 2, (name, by_program[name])


def test_the_engine_commands_and_the_generator_never_load_django():
    code = (
        "import sys; from sanitas.cli import main; "
        f"main(['evaluate', {str(ROOT / 'examples' / 'city-block.yaml')!r}]); "
        "from sanitas.demo import DemoCity; import datetime; "
        "DemoCity(as_of=datetime.date(2026, 6, 15)).facts(); "
        "assert 'django' not in sys.modules, 'django was imported'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_bad_as_of_date_is_refused_with_a_clear_message(capsys):
    from sanitas.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["demo", "--as-of", "2026-02-30"])
    assert exit_.value.code == 2
    assert "2026-02-30" in capsys.readouterr().err

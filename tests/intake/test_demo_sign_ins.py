"""A demo data directory made before the demo had its hearing officer: the next start
makes the account, with a password of its own kept beside the others, and prints it;
the accounts made before keep their passwords and get their people's names."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings

from sanitas.demo import DEMO_STAFF, demo_account, prepare_serve
from sanitas.ordinance.document import read_data
from sanitas.records import keys
from sanitas.records.services import record_facts

from ..conftest import ROOT

pytestmark = pytest.mark.django_db


def test_a_demo_without_its_hearing_officer_gets_one_at_the_next_start(tmp_path):
    record_facts(raw_facts=read_data(ROOT / "examples" / "city-block.yaml")["facts"], actor="demo")
    hearing = demo_account("hearing_officer")
    before = [s for s in DEMO_STAFF if s.username != hearing]
    kept = keys.demo_passwords(tmp_path, [s.username for s in before], create=True)
    users = get_user_model().objects
    for staff in before:  # as an earlier version made them
        user = users.create_user(staff.username, password=kept[staff.username])
        user.first_name, user.last_name = "Demo", staff.title
        user.save()
    assert hearing not in json.loads((tmp_path / keys.DEMO_PASSWORDS_FILE).read_text())

    out = StringIO()
    with override_settings(DATA_DIR=tmp_path):
        setup = prepare_serve(out=out, demo=True)
    assert setup.demo is None  # the city is not loaded again
    made = json.loads((tmp_path / keys.DEMO_PASSWORDS_FILE).read_text())
    assert {k: made[k] for k in kept} == kept and made[hearing] not in kept.values()
    signed = {s.username: (s, works) for s, works in setup.sign_ins}
    assert set(signed) == {s.username for s in DEMO_STAFF}
    assert all(works for _, works in signed.values())
    officer = users.get(username=hearing)
    assert officer.check_password(made[hearing])
    assert set(officer.groups.values_list("name", flat=True)) == {"hearing_officer"}
    assert officer.get_full_name() == signed[hearing][0].name
    # the others keep their passwords, and are called by their people's names now
    for staff in before:
        user = users.get(username=staff.username)
        assert user.check_password(kept[staff.username])
        assert user.get_full_name() == staff.name


def test_the_readme_lists_every_demo_account_with_its_person_and_role():
    readme = (ROOT / "README.md").read_text()
    start = readme.index("| user | person | role |")
    rows = {}
    for line in readme[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        user, person, role = (cell.strip() for cell in line.strip("|").split("|"))
        rows[user.strip("`")] = (person, role)
    assert set(rows) == {s.username for s in DEMO_STAFF}
    for staff in DEMO_STAFF:
        person, role = rows[staff.username]
        assert person == staff.name
        if staff.role:
            assert f"`{staff.role}`" in role

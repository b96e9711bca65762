"""Open311 GeoReport v2 at /open311/v2/: discovery, the service list and definitions,
requests read and posted, in XML and JSON; the specification's error codes; what the
public may never read (a complainant's details, a residence's exact point); and the
complaint behind it: its tracking code, its staff case, its duplicates, its closing
and the removal of its complainant's details."""

from __future__ import annotations

import json
import math
import re
from datetime import datetime, timedelta
from xml.etree import ElementTree as ET

import pytest
from django.contrib.auth.models import Group, User
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from sanitas.casework.models import Case
from sanitas.public import services
from sanitas.public.models import ComplaintsAreKept, ServiceRequest

pytestmark = pytest.mark.django_db

ROOT = "/open311/v2"
# a house on Las Tunas Drive, San Gabriel: the residence's exact point
HOME_LAT, HOME_LONG = "34.100123", "-118.105678"
OFFSET = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$")


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def key() -> str:
    return services.issue_key(name="a 311 app", actor="supervisor")[1]


def spec_body(key: str, **changes: str) -> dict[str, str]:
    """The specification's own example POST body, with this city's jurisdiction, a
    service of its list and a point in it in place of the example city's."""
    body = {
        "api_key": key,
        "jurisdiction_id": "san-gabriel",
        "service_code": "grease_discharge",
        "lat": HOME_LAT,
        "long": HOME_LONG,
        "address_string": "1234 5th street",
        "email": "smit333@sfgov.edu",
        "device_id": "tt222111",
        "account_id": "123456",
        "first_name": "john",
        "last_name": "smith",
        "phone": "111111111",
        "description": "A large sinkhole is destroying the street",
        "media_url": "http://www.city.gov/media/12345.jpg",
        "attribute[WHISETN]": "123456",
        "attribute[ISTHISTHEFIRSTTIME]": "no",
    }
    body.update(changes)
    return body


def xml(response) -> ET.Element:
    assert response["Content-Type"].startswith("text/xml"), response["Content-Type"]
    return ET.fromstring(response.content)


def error_of(response, fmt: str) -> tuple[int, str]:
    if fmt == "xml":
        root = xml(response)
        assert root.tag == "errors"
        (error,) = root.findall("error")
        return int(error.findtext("code")), error.findtext("description")
    (error,) = response.json()
    return error["code"], error["description"]


def post(client, fmt: str, body: dict[str, str], **extra):
    return client.post(f"{ROOT}/requests.{fmt}", body, **extra)


# --------------------------------------------------------------------------- reading


def test_discovery_in_xml_and_json(client):
    root = xml(client.get(f"{ROOT}/discovery.xml"))
    endpoint = root.find("endpoints/endpoint")
    assert endpoint.findtext("specification") == "http://wiki.open311.org/GeoReport_v2"
    assert endpoint.findtext("url").endswith("/open311/v2")
    assert [f.text for f in endpoint.findall("formats/format")] == ["text/xml", "application/json"]
    assert OFFSET.match(root.findtext("changeset"))
    found = client.get(f"{ROOT}/discovery.json").json()
    assert found["endpoints"][0]["formats"] == ["text/xml", "application/json"]


def test_the_service_list_is_the_rule_packs_in_three_languages(client):
    root = xml(client.get(f"{ROOT}/services.xml"))
    codes = [s.findtext("service_code") for s in root.findall("service")]
    assert codes == [
        "contamination",
        "missing_container",
        "edible_food",
        "hauler",
        "grease_discharge",
        "sewer_backup",
    ]
    first = root.find("service")
    assert first.findtext("service_name") == "Contamination in a container"
    assert first.findtext("metadata") == "true"  # it asks which container
    assert first.findtext("type") == "realtime"
    assert first.findtext("group") == "Solid waste and organics"
    assert "organics" in first.findtext("keywords")
    listed = client.get(f"{ROOT}/services.json").json()
    assert [s["service_code"] for s in listed] == codes
    assert listed[4]["metadata"] is False
    names = {}
    for language in ("es", "zh-hant"):
        answer = client.get(f"{ROOT}/services.json", HTTP_ACCEPT_LANGUAGE=language).json()
        names[language] = [s["service_name"] for s in answer]
        descriptions = [s["description"] for s in answer]
        assert not set(names[language]) & {s["service_name"] for s in listed}
        assert not set(descriptions) & {s["description"] for s in listed}
    assert all(re.search(r"[\u4e00-\u9fff]", name) for name in names["zh-hant"])


def test_a_service_definition_in_xml_and_json(client):
    root = xml(client.get(f"{ROOT}/services/sewer_backup.xml"))
    assert root.tag == "service_definition"
    assert root.findtext("service_code") == "sewer_backup"
    (attribute,) = root.findall("attributes/attribute")
    assert attribute.findtext("code") == "where"
    assert attribute.findtext("datatype") == "singlevaluelist"
    assert attribute.findtext("variable") == "true"
    assert attribute.findtext("required") == "false"
    assert [v.findtext("key") for v in attribute.findall("values/value")] == [
        "inside",
        "yard",
        "street",
    ]
    found = client.get(f"{ROOT}/services/contamination.json").json()
    assert found["service_code"] == "contamination"
    assert found["attributes"][0]["datatype"] == "multivaluelist"
    assert found["attributes"][0]["values"][0] == {
        "key": "green",
        "name": "Green organics container",
    }
    assert client.get(f"{ROOT}/services/hauler.json").json()["attributes"] == []


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize("fmt", ["xml", "json"])
def test_the_specifications_error_codes(client, key, fmt):
    cases = [
        (post(client, fmt, spec_body("")), 403),
        (post(client, fmt, spec_body("not-a-key")), 403),
        (post(client, fmt, spec_body(key, jurisdiction_id="elsewhere.gov")), 404),
        (post(client, fmt, spec_body(key, service_code="001")), 404),
        (client.get(f"{ROOT}/services/001.{fmt}"), 404),
        (client.get(f"{ROOT}/requests/AAAA-BBBB-CCCC-DDDD.{fmt}"), 404),
        (client.get(f"{ROOT}/services.{fmt}", {"jurisdiction_id": "elsewhere.gov"}), 404),
        (client.get(f"{ROOT}/requests.{fmt}", {"service_code": "001"}), 404),
        (post(client, fmt, spec_body(key, service_code="")), 400),
        (post(client, fmt, spec_body(key, lat="", long="", address_string="")), 400),
        (post(client, fmt, spec_body(key, lat="37.76524078", long="-122.4212043")), 400),
        (post(client, fmt, spec_body(key, description="x" * 5000)), 400),
        (post(client, fmt, spec_body(key, email="not an address")), 400),
        (
            post(
                client,
                fmt,
                spec_body(key, service_code="sewer_backup", **{"attribute[where]": "roof"}),
            ),
            400,
        ),
        (client.get(f"{ROOT}/requests.{fmt}", {"status": "pending"}), 400),
        (client.get(f"{ROOT}/requests.{fmt}", {"start_date": "yesterday"}), 400),
        (
            client.get(
                f"{ROOT}/requests.{fmt}",
                {"start_date": "2026-01-01T00:00:00Z", "end_date": "2026-06-01T00:00:00Z"},
            ),
            400,
        ),
    ]
    for response, status in cases:
        assert response.status_code == status, response.content
        code, description = error_of(response, fmt)
        assert code == status
        assert 0 < len(description) <= 4000
    assert not ServiceRequest.objects.exists()  # none of them filed anything


def test_an_error_names_the_field(client, key):
    response = post(client, "json", spec_body(key, description="x" * 5000))
    assert error_of(response, "json")[1].startswith("description: ")
    response = post(client, "json", spec_body(key, email="nobody"))
    assert "email" in error_of(response, "json")[1]


def test_a_revoked_key_is_refused(client):
    issued, secret = services.issue_key(name="old app", actor="supervisor")
    services.revoke_key(key=issued, actor="supervisor", why="the app was retired")
    assert post(client, "xml", spec_body(secret)).status_code == 403
    with pytest.raises(ComplaintsAreKept):
        issued.delete()


# --------------------------------------------------------------------------- filing


def test_the_specifications_example_body_gets_a_service_request_id(client, key):
    response = post(client, "xml", spec_body(key))
    assert response.status_code == 200, response.content
    answer = xml(response)
    assert answer.tag == "service_requests"
    code = answer.findtext("request/service_request_id")
    assert re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){3}", code)
    assert "30 days" in answer.findtext("request/service_notice")
    filed = ServiceRequest.objects.get(code=code)
    assert filed.source == "open311" and filed.first_name == "john"
    assert filed.attributes == {}  # questions the service does not ask are not kept
    again = post(client, "json", spec_body(key, service_code="sewer_backup"))
    (json_answer,) = again.json()
    assert json_answer["service_request_id"] != code
    assert "2 days" in json_answer["service_notice"]


def test_attributes_in_both_forms(client, key):
    body = spec_body(key, service_code="contamination")
    body["attribute[container][]"] = ["green", "blue"]
    code = post(client, "json", body).json()[0]["service_request_id"]
    assert ServiceRequest.objects.get(code=code).attributes == {"container": ["green", "blue"]}
    body = spec_body(key, service_code="sewer_backup", address_string="9 Elsewhere Road")
    body["attribute[where]"] = "street"
    code = post(client, "json", body).json()[0]["service_request_id"]
    assert ServiceRequest.objects.get(code=code).attributes == {"where": "street"}


def test_a_request_read_back_in_xml_and_json_with_offsets_and_the_clock(client, key):
    code = xml(post(client, "xml", spec_body(key))).findtext("request/service_request_id")
    root = xml(client.get(f"{ROOT}/requests/{code}.xml"))
    (request,) = root.findall("request")
    names = [child.tag for child in request]
    for element in (
        "service_request_id",
        "status",
        "status_notes",
        "service_name",
        "service_code",
        "description",
        "agency_responsible",
        "service_notice",
        "requested_datetime",
        "updated_datetime",
        "expected_datetime",
        "address",
        "address_id",
        "zipcode",
        "lat",
        "long",
        "media_url",
    ):
        assert element in names
    assert request.findtext("status") == "open"
    assert request.findtext("agency_responsible") == "Public Works Department"
    assert request.findtext("media_url") == "http://www.city.gov/media/12345.jpg"
    moments = {
        name: request.findtext(name)
        for name in ("requested_datetime", "updated_datetime", "expected_datetime")
    }
    assert all(OFFSET.match(text) for text in moments.values()), moments
    requested = datetime.fromisoformat(moments["requested_datetime"])
    expected = datetime.fromisoformat(moments["expected_datetime"])
    assert expected - requested == timedelta(days=30)  # the pack's clock for grease
    (as_json,) = client.get(f"{ROOT}/requests/{code}.json").json()
    assert as_json["service_request_id"] == code
    assert as_json["expected_datetime"] == moments["expected_datetime"]
    listed = client.get(f"{ROOT}/requests.json", {"service_request_id": code}).json()
    assert [r["service_request_id"] for r in listed] == [code]
    assert client.get(f"{ROOT}/requests.json", {"status": "closed"}).json() == []
    assert (
        len(client.get(f"{ROOT}/requests.json", {"service_code": "grease_discharge"}).json()) == 1
    )


def test_the_public_reads_no_complainant_and_no_exact_point(client, key):
    secret = {
        "first_name": "Wilhelmina",
        "last_name": "Quackenbush",
        "email": "wilhelmina.q@example.org",
        "phone": "626-555-0199",
        "device_id": "device-77aa",
        "account_id": "acct-90210x",
        "address_string": "1234 Las Tunas Drive",
    }
    code = post(client, "json", spec_body(key, **secret)).json()[0]["service_request_id"]
    form = client.post(
        reverse("public:complain"),
        {
            "service_code": "sewer_backup",
            "description": "Sewage in the yard",
            "address": "1234 Las Tunas Drive",
            "lat": HOME_LAT,
            "long": HOME_LONG,
            "name": "Wilhelmina Quackenbush",
            "email": "wilhelmina.q@example.org",
            "phone": "626-555-0199",
        },
    )
    assert form.status_code == 201
    other = ServiceRequest.objects.exclude(code=code).get().code
    raw = b"".join(
        client.get(url).content
        for url in (
            f"{ROOT}/requests.xml",
            f"{ROOT}/requests.json",
            f"{ROOT}/requests/{code}.xml",
            f"{ROOT}/requests/{code}.json",
            f"{ROOT}/requests/{other}.xml",
            f"{ROOT}/requests/{other}.json",
            reverse("public:track") + f"?code={code}",
            reverse("public:track") + f"?code={other}",
        )
    )
    assert code.encode() in raw and other.encode() in raw
    leaks = [
        *secret.values(),
        "Wilhelmina",
        "Quackenbush",
        HOME_LAT,
        HOME_LONG,
        HOME_LAT[:-1],  # nor the point to within a metre
        HOME_LONG[:-1],
        "1234 Las",
    ]
    for value in leaks:
        at = raw.find(value.encode())
        assert at < 0, (value, raw[max(0, at - 200) : at + 100])
    assert b"1200 block of Las Tunas Drive" in raw
    assert b"34.100" in raw  # the point to about a hundred metres


def test_a_complaint_opens_a_staff_case_that_staff_see(client, key):
    code = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    filed = ServiceRequest.objects.get(code=code)
    case = Case.objects.get(subject=f"complaint:{code}", requirement="ORG-COMPLAINTS")
    assert case.opened_by == "the public (Open311)" and case.assignee is None
    assert (filed.case_subject, filed.case_requirement) == (case.subject, case.requirement)
    coordinator = User.objects.create_user("linh", "linh@example.org", "a-long-test-password")
    coordinator.groups.add(Group.objects.get_or_create(name="sb1383_coordinator")[0])
    client.force_login(coordinator)
    page = client.get(
        reverse("casework:case", kwargs={"subject": case.subject, "requirement": case.requirement})
    )
    assert page.status_code == 200
    assert "Written complaints" in page.content.decode()


def test_duplicates_at_the_same_place_are_linked_not_multiplied(client, key):
    first = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    # the same address written otherwise
    same_address = post(
        client, "json", spec_body(key, address_string="1234  5TH Street.", lat="", long="")
    ).json()[0]["service_request_id"]
    # about 30 m away, no address
    near = post(
        client,
        "json",
        spec_body(key, address_string="", lat="34.100393", long=HOME_LONG),
    ).json()[0]["service_request_id"]
    # about 200 m away: another place
    far = post(
        client,
        "json",
        spec_body(key, address_string="", lat="34.101923", long=HOME_LONG),
    ).json()[0]["service_request_id"]
    # the same place, another kind of complaint
    other_kind = post(client, "json", spec_body(key, service_code="sewer_backup")).json()[0][
        "service_request_id"
    ]
    original = ServiceRequest.objects.get(code=first)
    assert ServiceRequest.objects.get(code=same_address).duplicate_of == original
    assert ServiceRequest.objects.get(code=near).duplicate_of == original
    assert ServiceRequest.objects.get(code=far).duplicate_of is None
    assert ServiceRequest.objects.get(code=other_kind).duplicate_of is None
    assert Case.objects.filter(requirement="ORG-COMPLAINTS").count() == 3
    (dup,) = client.get(f"{ROOT}/requests/{near}.json").json()
    assert first in dup["status_notes"]
    assert (
        dup["expected_datetime"]
        == client.get(f"{ROOT}/requests/{first}.json").json()[0]["expected_datetime"]
    )


def test_a_closed_complaint_is_not_a_duplicates_original(key, client):
    first = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    staff = User.objects.create_user("aram", "aram@example.org", "a-long-test-password")
    staff.groups.add(Group.objects.get_or_create(name="code_enforcement")[0])
    services.close_request(
        request=ServiceRequest.objects.get(code=first), notes="Cleaned up.", actor=staff
    )
    later = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    assert ServiceRequest.objects.get(code=later).duplicate_of is None


# --------------------------------------------------------------------------- the code


def test_the_tracking_code_is_unguessable_and_unambiguous():
    codes = [services.new_code() for _ in range(5000)]
    assert len(set(codes)) == len(codes)
    for code in codes:
        assert re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){3}", code)
        assert not set(code) & set("01OIL5S")
    drawn = set("".join(codes).replace("-", ""))
    assert drawn == set(services.ALPHABET)  # every character of the alphabet is used
    assert services.CODE_LENGTH * math.log2(len(services.ALPHABET)) > 75
    assert services.normal_code(codes[0].lower().replace("-", " ")) == codes[0]


# --------------------------------------------------------------------------- closing


def test_closing_tells_the_reporters_who_left_an_address_in_their_language(
    client, key, django_capture_on_commit_callbacks
):
    first = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    duplicate = post(
        client,
        "json",
        spec_body(key, email="otra@example.org", lat="", long=""),
        HTTP_ACCEPT_LANGUAGE="es",
    ).json()[0]["service_request_id"]
    anonymous = post(
        client, "json", spec_body(key, email="", first_name="", last_name="", phone="")
    ).json()[0]["service_request_id"]
    staff = User.objects.create_user("aram", "aram@example.org", "a-long-test-password")
    staff.groups.add(Group.objects.get_or_create(name="code_enforcement")[0])
    auditor = User.objects.create_user("fer", "fer@example.org", "a-long-test-password")
    auditor.groups.add(Group.objects.get_or_create(name="auditor")[0])
    original = ServiceRequest.objects.get(code=first)
    with pytest.raises(services.CloseError):
        services.close_request(request=original, notes="x", actor=auditor)
    with pytest.raises(services.CloseError):
        services.close_request(
            request=ServiceRequest.objects.get(code=duplicate), notes="x", actor=staff
        )
    with pytest.raises(ComplaintsAreKept):
        original.delete()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.close_request(
            request=original, notes="The restaurant's interceptor was pumped.", actor=staff
        )
    assert {
        r.status for r in ServiceRequest.objects.filter(code__in=[first, duplicate, anonymous])
    } == {"closed"}
    sent = {message.to[0]: message for message in mail.outbox}
    assert set(sent) == {"smit333@sfgov.edu", "otra@example.org"}
    assert first in sent["smit333@sfgov.edu"].subject
    assert "interceptor was pumped" in sent["smit333@sfgov.edu"].body
    assert duplicate in sent["otra@example.org"].subject
    assert "queja" in sent["otra@example.org"].subject.lower()
    (read,) = client.get(f"{ROOT}/requests/{first}.json").json()
    assert read["status"] == "closed"
    assert read["status_notes"] == "The restaurant's interceptor was pumped."
    case = Case.objects.get(subject=f"complaint:{first}")
    assert case.notes.get().text == "The restaurant's interceptor was pumped."


def test_contact_details_are_removed_after_the_packs_period(client, key):
    code = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    staff = User.objects.create_user("aram", "aram@example.org", "a-long-test-password")
    staff.groups.add(Group.objects.get_or_create(name="code_enforcement")[0])
    filed = ServiceRequest.objects.get(code=code)
    services.close_request(request=filed, notes="Done.", actor=staff)
    closed_at = ServiceRequest.objects.get(code=code).closed_at
    assert services.remove_expired_contacts(now=closed_at + timedelta(days=89)) == 0
    assert ServiceRequest.objects.get(code=code).email == "smit333@sfgov.edu"
    assert services.remove_expired_contacts(now=closed_at + timedelta(days=90)) == 1
    kept = ServiceRequest.objects.get(code=code)
    assert (kept.first_name, kept.last_name, kept.email, kept.phone) == ("", "", "", "")
    assert (kept.device_id, kept.account_id) == ("", "")
    assert kept.contact_removed_at is not None
    assert kept.description == "A large sinkhole is destroying the street"  # the complaint stays
    assert Case.objects.filter(subject=f"complaint:{code}").exists()  # and its case
    reasons = [v.history_change_reason for v in kept.history.order_by("history_date")]
    assert reasons == ["filed", "closed", "contact details removed, 90 days after closing"]
    assert services.remove_expired_contacts(now=closed_at + timedelta(days=400)) == 0


def test_posting_too_often_is_refused(client, key):
    for number in range(10):
        body = spec_body(key, address_string=f"{number + 1}00 Mission Drive", lat="", long="")
        assert post(client, "json", body).status_code == 200
    refused = post(client, "xml", spec_body(key))
    assert refused.status_code == 429
    assert error_of(refused, "xml")[0] == 429
    assert ServiceRequest.objects.count() == 10


def test_the_json_answers_are_json(client, key):
    post(client, "json", spec_body(key))
    for path in ("services.json", "requests.json", "discovery.json", "services/hauler.json"):
        response = client.get(f"{ROOT}/{path}")
        assert response["Content-Type"].startswith("application/json")
        json.loads(response.content)


def test_every_service_word_of_the_pack_is_translated():
    """A service, group, agency or question added to the rule pack without its
    Spanish and Traditional Chinese in sanitas/public's catalog fails here."""
    from django.utils import translation

    from sanitas.records.sweep import jurisdiction_pack

    listed = jurisdiction_pack().value("public.services", services.city_day())
    english = []
    for spec in listed.values():
        english += [spec["name"], spec["description"], spec["group"], spec["agency"]]
        for asked in (spec.get("attributes") or {}).values():
            english += [asked["description"], *asked["values"].values()]
    for language in ("es", "zh-hant"):
        with translation.override(language):
            untranslated = [text for text in english if translation.gettext(text) == text]
        assert untranslated == [], language


def test_keys_are_issued_and_revoked_on_the_command_line(client):
    import io as _io

    from django.core.management import call_command

    out = _io.StringIO()
    call_command("issue_open311_key", "--name", "a 311 app", stdout=out)
    number, secret = re.search(r"Open311 key (\d+) for 'a 311 app': (\S+)", out.getvalue()).groups()
    assert services.key_digest(secret) == services.ApiKey.objects.get(pk=number).digest
    assert post(client, "json", spec_body(secret)).status_code == 200
    call_command("revoke_open311_key", number, "--why", "retired", stdout=out)
    assert post(client, "json", spec_body(secret)).status_code == 403
    call_command("remove_complainant_contacts", stdout=out)
    assert "Contact details removed from 0 closed complaint(s)." in out.getvalue()


def test_the_nightly_scheduler_removes_contact_details_past_the_period(client, key, settings):
    from sanitas.jobs import schedule

    settings.SANITAS_NIGHTLY_SWEEP_AT = "02:00"
    code = post(client, "json", spec_body(key)).json()[0]["service_request_id"]
    staff = User.objects.create_user("aram", "aram@example.org", "a-long-test-password")
    staff.groups.add(Group.objects.get_or_create(name="code_enforcement")[0])
    services.close_request(
        request=ServiceRequest.objects.get(code=code), notes="Done.", actor=staff
    )
    closed_at = ServiceRequest.objects.get(code=code).closed_at
    assert "complainants' contact details removed" in schedule.NIGHTLY
    assert schedule.run_due(closed_at + timedelta(days=30)) is not None
    assert ServiceRequest.objects.get(code=code).email == "smit333@sfgov.edu"
    assert schedule.run_due(closed_at + timedelta(days=91)) is not None
    kept = ServiceRequest.objects.get(code=code)
    assert kept.email == "" and kept.contact_removed_at == closed_at + timedelta(days=91)

"""Open311 from real clients against the live test server: the ``georeport`` client
from PyPI reads the service list, a service definition and requests in XML and JSON;
``requests`` posts the specification's example body; curl files an anonymous complaint
through requests.xml and follows it by its tracking code, and the staff's case is
there."""

from __future__ import annotations

import subprocess
from xml.etree import ElementTree as ET

import pytest
import requests as http
from django.core.cache import cache
from georeport import GeoReport

from sanitas.casework.models import Case
from sanitas.public import services

from .test_open311 import spec_body

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def root(live_server) -> str:
    return f"{live_server.url}/open311/v2"


@pytest.mark.parametrize("fmt", ["xml", "json"])
def test_the_georeport_client_reads_services_definitions_and_requests(root, fmt):
    key = services.issue_key(name="georeport", actor="test")[1]
    posted = http.post(f"{root}/requests.{fmt}", data=spec_body(key))
    assert posted.status_code == 200, posted.text
    if fmt == "xml":
        code = ET.fromstring(posted.content).findtext("request/service_request_id")
    else:
        code = posted.json()[0]["service_request_id"]
    client = GeoReport(root, jurisdiction="san-gabriel", output_format=fmt)
    listed = client.get_service_list()
    assert [s["service_code"] for s in listed][:2] == ["contamination", "missing_container"]
    assert len(listed) == 6
    definition = client.get_service_definition("sewer_backup")
    assert definition["service_code"] == "sewer_backup"
    found = client.get_service_requests()
    found = found if isinstance(found, list) else [found]  # XML: one request is one element
    assert [r["service_request_id"] for r in found] == [code]
    one = client.get_service_request(code)
    assert one["service_request_id"] == code
    assert one["status"] == "open"
    assert one["expected_datetime"].endswith(("-08:00", "-07:00"))
    for field in ("john", "smith", "smit333@sfgov.edu", "111111111", "tt222111", "123456"):
        assert field not in str(found) and field not in str(one)


def test_the_error_cases_give_the_specifications_codes(root):
    client = GeoReport(root, jurisdiction="elsewhere.gov", output_format="xml")
    with pytest.raises(http.HTTPError) as refused:
        client.get_service_list()
    assert refused.value.response.status_code == 404
    client = GeoReport(root, jurisdiction="san-gabriel", output_format="json")
    with pytest.raises(http.HTTPError) as refused:
        client.get_service_definition("001")
    assert refused.value.response.status_code == 404
    assert refused.value.response.json()[0]["code"] == 404
    no_key = http.post(f"{root}/requests.xml", data=spec_body(""))
    assert no_key.status_code == 403
    assert ET.fromstring(no_key.content).findtext("error/code") == "403"
    key = services.issue_key(name="georeport", actor="test")[1]
    bad = http.post(f"{root}/requests.json", data=spec_body(key, lat="91", long="0"))
    assert bad.status_code == 400 and bad.json()[0]["code"] == 400


def test_curl_files_an_anonymous_complaint_and_follows_it_by_its_code(live_server, root):
    key = services.issue_key(name="curl", actor="test")[1]
    filed = subprocess.run(
        [
            "curl", "-sS", "-X", "POST", f"{root}/requests.xml",
            "--data-urlencode", f"api_key={key}",
            "--data-urlencode", "jurisdiction_id=san-gabriel",
            "--data-urlencode", "service_code=sewer_backup",
            "--data-urlencode", "address_string=500 South Mission Drive",
            "--data-urlencode", "description=Sewage coming up from the manhole",
            "--data-urlencode", "attribute[where]=street",
        ],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    code = ET.fromstring(filed.stdout).findtext("request/service_request_id")
    assert code
    read = subprocess.run(
        ["curl", "-sS", f"{root}/requests/{code}.xml"],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert ET.fromstring(read.stdout).findtext("request/status") == "open"
    page = subprocess.run(
        ["curl", "-sS", f"{live_server.url}/complaints/track/?code={code}"],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert code in page.stdout and "500 block of South Mission Drive" in page.stdout
    assert Case.objects.filter(subject=f"complaint:{code}", requirement="ORG-COMPLAINTS").exists()

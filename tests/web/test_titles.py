"""Pages, exports and the timeline name records by their titles: no page leads with a
key (a key may follow in small print), no link in a page's content is named by a key,
and an export carries each record's title beside its key."""

from __future__ import annotations

import csv
import io
from datetime import date
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from sanitas.kit.titles import program_title, titles
from sanitas.ordinance.document import read_data
from sanitas.records.models import RecordIndex
from sanitas.records.services import record_facts
from sanitas.records.sweep import sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db

BLOCK = ROOT / "examples" / "city-block.yaml"
AS_OF = date(2025, 3, 1)
DEVICE = "Grease interceptor, 1,000 gal, installed 2016-04-01"


class _Main(HTMLParser):
    """The page's main content: the main heading's first text, and each link's text."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # inside <main>
        self.heading: list[str] | None = None
        self.heading_done = False
        self.link: list[str] | None = None
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "main":
            self.depth += 1
        if not self.depth:
            return
        if tag == "h1" and self.heading is None:
            self.heading = []
        elif self.heading is not None and not self.heading_done and "".join(self.heading).strip():
            self.heading_done = True  # the heading's first text ends at its first element
        if tag == "a":
            self.link = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self.depth -= 1
        if tag == "h1":
            self.heading_done = True
        if tag == "a" and self.link is not None:
            self.links.append(" ".join("".join(self.link).split()))
            self.link = None

    def handle_data(self, data: str) -> None:
        if not self.depth:
            return
        if self.heading is not None and not self.heading_done:
            self.heading.append(data)
        if self.link is not None:
            self.link.append(data)

    @property
    def lead(self) -> str:
        return " ".join("".join(self.heading or []).split())


def _main(response) -> _Main:
    assert response.status_code == 200, response.status_code
    parsed = _Main()
    parsed.feed(response.content.decode())
    return parsed


@pytest.fixture
def keys() -> set[str]:
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", why="block survey")
    sweep(as_of=AS_OF)
    return set(RecordIndex.objects.values_list("key", flat=True))


@pytest.fixture
def supervisor(client):
    user = User.objects.create_user("boss", "boss@example.org", "a-long-test-password")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    client.force_login(user)
    return client


def _no_key_leads(page: _Main, keys: set[str]) -> None:
    assert page.lead and page.lead not in keys, page.lead
    assert page.lead.split(" ")[0] not in keys, page.lead
    named_by_key = [text for text in page.links if text in keys]
    assert not named_by_key, f"links named by a key: {named_by_key}"


def test_a_record_page_leads_with_its_title(keys, supervisor):
    page = _main(supervisor.get(reverse("staff:subject", kwargs={"key": "jade-gi"})))
    _no_key_leads(page, keys)
    assert page.lead == DEVICE
    # what names it and what it names, by title: its business, its pump-outs
    assert {"Jade Garden", "Pump-out of 2024-06-12", "Pump-out of 2024-10-30"} <= set(page.links)


def test_a_record_page_as_of_a_past_day_leads_with_its_title(keys, supervisor):
    url = reverse("staff:subject", kwargs={"key": "jade-garden"})
    page = _main(supervisor.get(url, {"as_of": AS_OF.isoformat()}))
    _no_key_leads(page, keys)
    assert page.lead == "Jade Garden"


def test_the_business_page_leads_with_its_name(keys, supervisor):
    page = _main(supervisor.get(reverse("web:business", kwargs={"key": "jade-garden"})))
    _no_key_leads(page, keys)
    assert page.lead == "Jade Garden"


def test_the_timeline_names_its_records_by_title(keys, supervisor):
    url = reverse("web:timeline", kwargs={"key": "jade-garden"})
    _no_key_leads(_main(supervisor.get(url)), keys)
    page = _main(supervisor.get(url, {"kind": "records"}))  # the records' entries alone
    _no_key_leads(page, keys)
    assert {DEVICE, "Pump-out of 2024-06-12"} <= set(page.links)


def test_a_changed_reference_is_named_by_title_on_the_timeline(keys, supervisor):
    moved = {**next(f for f in read_data(BLOCK)["facts"] if f.get("id") == "jade-emp-3")}
    moved["establishment"] = "el-sol"
    record_facts(raw_facts=[moved], actor="clerk", why="moved")
    page = supervisor.get(reverse("web:timeline", kwargs={"key": "el-sol"})).content.decode()
    named = titles(["jade-garden", "el-sol"])
    assert f"{named['jade-garden'].text} → {named['el-sol'].text}" in page
    assert "jade-garden → el-sol" not in page


def test_the_worklist_names_subjects_by_title_and_programs_by_their_one_title(keys, supervisor):
    response = supervisor.get(reverse("staff:worklist"), {"program": "sb1383"})
    page = _main(response)
    _no_key_leads(page, keys)
    assert page.lead == "Worklist"
    assert program_title("sb1383") in response.content.decode()
    choices = dict(response.context["form"].fields["program"].choices)
    assert {key: choices[key] for key in ("fog", "sb1383")} == {
        "fog": program_title("fog"),
        "sb1383": program_title("organics"),
    }


def test_an_inspection_form_names_programs_by_their_one_title(keys, supervisor):
    response = supervisor.get(reverse("web:record_new", kwargs={"fact_type": "inspection"}))
    assert response.status_code == 200
    choices = dict(response.context["form"].fields["program"].choices)
    assert choices["organics"] == program_title("sb1383") == "SB 1383 organic waste"
    assert "Organics" not in choices.values()


def _csv(response) -> list[dict[str, str]]:
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_the_worklist_export_carries_titles_beside_keys(keys, supervisor):
    rows = _csv(supervisor.get(reverse("staff:worklist"), {"program": "all", "format": "csv"}))
    assert rows
    named = titles({row["Subject key"] for row in rows})
    for row in rows:
        assert row["Subject"] == named[row["Subject key"]].text != row["Subject key"]
        assert row["Requirement"] != row["Requirement ID"]


def test_a_list_export_carries_titles_beside_keys(keys, supervisor):
    rows = _csv(supervisor.get(reverse("web:establishments"), {"format": "csv"}))
    assert rows
    named = titles({row["Key"] for row in rows})
    assert all(row["Business"] == named[row["Key"]].text != row["Key"] for row in rows)

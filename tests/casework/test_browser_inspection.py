"""A FOG inspection in a real browser (Debian's Chromium, headless, through
Playwright) on a phone: the inspector signs in, finds a restaurant by a misspelled
name, opens it, starts a FOG inspection, types depths over 25 percent and sees the
figure as they type, takes a photo (a real JPEG file), has the operator sign on
the screen with a finger-drawn line, finishes, and sees the new violation on the
visit's findings, the business page and the worklist with no sweep run; assigns
it, downloads the worklist as XLSX and reads it back. Every new page passes
axe-core's WCAG 2.1 AA rules at a phone's width and a desk's.

Screenshots go to ``$SANITAS_SCREENSHOTS`` (a temporary folder if unset)."""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PIL import Image
from playwright.sync_api import Page, expect

from sanitas.casework.models import InspectionVisit, Photo, Signature
from sanitas.ordinance.catalog import title
from sanitas.records.models import Finding

from ..browser import (  # the block of Las Tunas Drive, signing in, axe-core
    axe,
    city,  # noqa: F401  (a fixture)
    search_from_the_shell,
    sign_in,
)

pytestmark = pytest.mark.django_db(transaction=True)

#: the day the test city's worklist speaks for (its sweep's), and so the visit's
VISIT_DAY = "2025-03-01"
TOO_FULL = title("FOG-25-PERCENT")


@pytest.fixture(autouse=True)
def evidence_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path


def _photo_file(folder: Path) -> tuple[Path, bytes]:
    image = Image.new("RGB", (320, 240), (90, 70, 40))
    for x in range(40, 280):
        for y in range(100, 140):
            image.putpixel((x, y), (230, 220, 160))
    exif = Image.Exif()
    exif.get_ifd(0x8769)[0x9003] = "2025:03:01 10:42:00"
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif.tobytes(), quality=85)
    path = folder / "IMG_0042.jpg"
    path.write_bytes(out.getvalue())
    return path, out.getvalue()


def _draw_signature(page: Page) -> None:
    canvas = page.locator("canvas.signature-pad__canvas")
    expect(canvas).to_be_visible()
    box = canvas.bounding_box()
    assert box is not None
    x0, y0 = box["x"] + 20, box["y"] + box["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    for step in range(1, 25):
        page.mouse.move(x0 + step * 10, y0 + (12 if step % 2 else -12), steps=2)
    page.mouse.up()


def _run_fog_inspection(page: Page, folder: Path, tmp_path: Path, width: str) -> InspectionVisit:
    page.get_by_role("link", name="Start an inspection").click()
    page.wait_for_url(re.compile(r"/inspections/start/jade-garden/$"))
    page.get_by_label("FOG inspection").check()
    page.get_by_label("Day of the visit").fill(VISIT_DAY)
    page.screenshot(path=folder / f"inspection-start-{width}.png", full_page=True)
    page.get_by_role("button", name="Start").click()
    page.wait_for_url(re.compile(r"/steps/interceptor/$"))

    figure = page.locator("#fog-percent")
    expect(figure).to_have_text("Type the three depths.")
    page.get_by_label("Floating FOG depth (inches)").fill("6")
    page.get_by_label("Settled solids depth (inches)").fill("4")
    expect(figure).to_have_text("Type the three depths.")
    page.get_by_label("Total liquid depth (inches)").fill("24")
    # computed as typed, before anything is sent
    expect(figure).to_have_text("41.7 percent: above the 25 percent limit")
    page.screenshot(path=folder / f"inspection-interceptor-{width}.png", full_page=True)
    page.get_by_role("button", name="Save and continue").click()
    page.wait_for_url(re.compile(r"/steps/condition/$"))
    page.get_by_label("Mechanical condition of the interceptor").select_option("needs_repair")
    page.get_by_label("What needs repair").fill("Outlet tee cracked")
    page.screenshot(path=folder / f"inspection-condition-{width}.png", full_page=True)
    page.get_by_role("button", name="Save and continue").click()
    page.wait_for_url(re.compile(r"/steps/findings/$"))
    page.screenshot(path=folder / f"inspection-findings-step-{width}.png", full_page=True)
    page.get_by_role("button", name="Save and continue").click()
    page.wait_for_url(re.compile(r"/steps/photos/$"))

    path, data = _photo_file(tmp_path)
    page.locator("input[type=file][name=photo]").set_input_files(str(path))
    page.get_by_label("Caption").fill("Interceptor, outlet side")
    page.get_by_role("button", name="Keep this photo").click()
    page.wait_for_url(re.compile(r"/steps/photos/$"))
    expect(page.get_by_role("img", name=re.compile("Interceptor, outlet side"))).to_be_visible()
    page.screenshot(path=folder / f"inspection-photos-{width}.png", full_page=True)
    page.get_by_role("button", name="Continue to signature").click()
    page.wait_for_url(re.compile(r"/steps/signature/$"))

    _draw_signature(page)
    page.get_by_label("Name of the person on site").fill("Wei Chen")
    page.screenshot(path=folder / f"inspection-signature-{width}.png", full_page=True)
    page.get_by_role("button", name="Save the signature").click()
    page.wait_for_url(re.compile(r"/steps/review/$"))
    expect(page.get_by_role("img", name="Signature of Wei Chen")).to_be_visible()
    expect(page.locator("main")).to_contain_text("41.7 percent")
    page.screenshot(path=folder / f"inspection-review-{width}.png", full_page=True)
    page.get_by_role("button", name="Finish the inspection").click()
    page.wait_for_url(re.compile(r"/inspections/\d+/findings/$"))

    visit = InspectionVisit.objects.latest("pk")
    photo = Photo.objects.get(visit=visit)
    assert photo.sha256 == hashlib.sha256(data).hexdigest()  # the bytes as the phone sent them
    signature = Signature.objects.get(visit=visit)
    assert signature.signer_name == "Wei Chen" and signature.sha256 and signature.size > 500
    return visit


def test_an_inspector_on_a_phone_runs_a_fog_inspection_to_the_finding(phone, shots, tmp_path):
    page = phone
    sign_in(page)
    search_from_the_shell(page, "jade gardn")  # misspelled
    page.locator("table.search-results tbody tr").first.get_by_role(
        "link", name="Jade Garden"
    ).tap()
    page.wait_for_url(re.compile(r"/businesses/jade-garden/$"))
    assert not Finding.objects.filter(current=True, period=VISIT_DAY).exists()

    visit = _run_fog_inspection(page, shots, tmp_path, "phone")
    new = page.locator("table.visit-findings tbody tr.from-visit", has_text=TOO_FULL)
    expect(new.first).to_contain_text("violation")
    expect(new.first).to_contain_text("41.7%")
    page.screenshot(path=shots / "inspection-findings-phone.png", full_page=True)
    assert Finding.objects.filter(
        current=True, requirement="FOG-25-PERCENT", period=VISIT_DAY, status="violation"
    ).exists()

    # the business page and the worklist already show it: no sweep has run
    page.goto("/businesses/jade-garden/")
    expect(page.locator("table.open-items")).to_contain_text(TOO_FULL)
    page.goto("/")
    line = page.locator(
        "table.findings tbody tr", has=page.locator("code", has_text="FOG-25-PERCENT")
    ).filter(has_text=VISIT_DAY)
    expect(line.first).to_contain_text("41.7%")
    page.screenshot(path=shots / "worklist-after-inspection-phone.png", full_page=True)

    # assign it, from the visit's findings
    page.goto(f"/inspections/{visit.pk}/findings/")
    page.locator("table.visit-findings tbody tr.from-visit", has_text=TOO_FULL).first.get_by_role(
        "link", name=re.compile("^Case")
    ).tap()
    page.wait_for_url(re.compile(r"/cases/jade-gi/FOG-25-PERCENT/$"))
    page.get_by_label("Assign to").select_option(label="inspector")
    page.get_by_role("button", name="Save assignment").tap()
    expect(page.locator(".assignee")).to_contain_text("inspector (you)")

    page.goto("/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Excel (XLSX)").tap()
    sheet = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes())).active
    rows = [[cell.value for cell in r] for r in sheet.iter_rows()]
    header = rows[0]
    mine = [
        r
        for r in rows[1:]
        if r[header.index("Subject key")] == "jade-gi"
        and r[header.index("Requirement ID")] == "FOG-25-PERCENT"
        and r[header.index("Period")] == VISIT_DAY
    ]
    assert mine, "the new finding is in the export"
    assert {r[header.index("Assigned to")] for r in mine} == {"inspector"}
    assert {r[header.index("Status")] for r in mine} >= {"violation"}

    # the visit's page: the photo and the signature with their SHA-256, who and when
    page.goto(f"/inspections/{visit.pk}/")
    photo = Photo.objects.get(visit=visit)
    expect(page.locator("main")).to_contain_text(photo.sha256)
    expect(page.locator("main")).to_contain_text("Wei Chen")
    page.screenshot(path=shots / "inspection-visit-phone.png", full_page=True)


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_every_inspection_page_passes_axe_wcag_21_aa(request, where, shots, tmp_path):
    page = request.getfixturevalue(where)
    sign_in(page)
    page.goto("/businesses/jade-garden/")
    problems = {}
    checked = []

    def audit(name: str) -> None:
        found = axe(page)
        if found:
            problems[name] = found
        checked.append(name)

    page.get_by_role("link", name="Start an inspection").click()
    audit("start")
    page.get_by_label("FOG inspection").check()
    page.get_by_label("Day of the visit").fill(VISIT_DAY)
    page.get_by_role("button", name="Start").click()
    for step in ("interceptor", "condition", "findings"):
        page.wait_for_url(re.compile(rf"/steps/{step}/$"))
        audit(step)
        page.get_by_role("button", name="Save and continue").click()
    page.wait_for_url(re.compile(r"/steps/photos/$"))
    path, _ = _photo_file(tmp_path)
    page.locator("input[type=file][name=photo]").set_input_files(str(path))
    page.get_by_role("button", name="Keep this photo").click()
    page.wait_for_url(re.compile(r"/steps/photos/$"))
    audit("photos")
    # a field error, as a person meets it
    page.get_by_role("button", name="Keep this photo").click()
    page.wait_for_url(re.compile(r"/steps/photos/$"))
    audit("photos-error")
    page.get_by_role("button", name="Continue to signature").click()
    page.wait_for_url(re.compile(r"/steps/signature/$"))
    audit("signature")
    page.locator("label[for=id_refused]").click()  # USWDS draws the box on the label
    page.get_by_role("button", name="Save the signature").click()
    page.wait_for_url(re.compile(r"/steps/review/$"))
    audit("review")
    page.get_by_role("button", name="Finish the inspection").click()
    page.wait_for_url(re.compile(r"/findings/$"))
    audit("findings")
    page.screenshot(path=shots / f"inspection-findings-refused-{where}.png", full_page=True)
    visit = InspectionVisit.objects.latest("pk")
    page.goto(f"/inspections/{visit.pk}/")
    audit("visit")
    page.screenshot(path=shots / f"inspection-visit-refused-{where}.png", full_page=True)
    assert len(checked) == 10
    assert problems == {}

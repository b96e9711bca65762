"""The scripts speak the page's language in a real browser (tests/browser.py): the FOG
step's figure, computed as the depths are typed, in Spanish (its decimal comma) and in
Traditional Chinese, and the picker's "… chosen." read to a screen reader; the
sentences are the page's (data-say-*), the numbers and names the script's to fill."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from sanitas.casework.services import start_visit
from sanitas.people.services import set_language

from ..browser import city, sign_in  # noqa: F401  (city: a fixture)

pytestmark = pytest.mark.django_db(transaction=True)

SAID = {
    "es": {
        "empty": "Escriba las tres profundidades.",
        "over": "41,7 por ciento: por encima del límite del 25 por ciento",
        "within": "12,5 por ciento: dentro del límite del 25 por ciento",
        "deeper": "El FOG y los sólidos no pueden tener más profundidad que la profundidad "
        "total del líquido.",
        "chosen": re.compile(r"^Se eligió .+\.$"),
    },
    "zh-hant": {
        "empty": "請輸入三項深度。",
        "over": "百分之 41.7：超過百分之 25 的上限",
        "within": "百分之 12.5：未超過百分之 25 的上限",
        "deeper": "油脂（FOG）與固體的深度不得超過液體總深度。",
        "chosen": re.compile(r"^已選擇「.+」。$"),
    },
}


@pytest.fixture(autouse=True)
def evidence_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path


@pytest.mark.parametrize("language", ["es", "zh-hant"])
def test_the_figure_and_the_picker_speak_the_pages_language(desk, language):
    said = SAID[language]
    sign_in(desk)
    inspector = User.objects.get(username="inspector")
    set_language(account=inspector, language=language)
    visit = start_visit(
        kind="fog", subject="jade-garden", visit_date=date(2025, 3, 1), actor=inspector
    )
    desk.goto(f"/inspections/{visit.pk}/steps/interceptor/")
    figure = desk.locator("#fog-percent")
    expect(figure).to_have_text(said["empty"])
    depth = {
        name: desk.locator(f"[data-fog-depth='{name}']")
        for name in ("floating_fog_in", "settled_solids_in", "total_depth_in")
    }
    depth["floating_fog_in"].fill("6")
    depth["settled_solids_in"].fill("4")
    expect(figure).to_have_text(said["empty"])
    depth["total_depth_in"].fill("24")
    expect(figure).to_have_text(said["over"])
    depth["total_depth_in"].fill("80")
    expect(figure).to_have_text(said["within"])
    depth["total_depth_in"].fill("8")
    expect(figure).to_have_text(said["deeper"])

    desk.goto("/record/pump_out/")
    device = desk.locator(".picker input[role=combobox]").first
    device.press_sequentially("jade", delay=30)
    option = desk.locator(".picker__option").first
    expect(option).to_be_visible()
    option.click()
    expect(device).to_have_value(re.compile("^jade-"))
    expect(desk.locator(".picker__status").first).to_have_text(said["chosen"])

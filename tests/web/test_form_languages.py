"""The record forms' labels, help texts and choices in the reader's language: a person
whose language is Spanish or Traditional Chinese opens the new-record form of a
device, a pump-out, a collection service and a permit and reads what it records, what
that is, its fields' labels, their help texts and their choices in that language, from
the engine's catalogs; an
English reader's form still says what it always has; every label, description and
choice of every fact type has its Spanish and its Chinese in the catalogs, held to
the legal glossary."""

from __future__ import annotations

from html import unescape

import pytest
from babel.messages.pofile import read_po
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.utils import translation

from sanitas.notices.kinds import _held_to_glossary
from sanitas.ordinance.facts import FACT_TYPES
from sanitas.ordinance.field_texts import choice_values, field_texts, form_fields, is_numeric
from sanitas.ordinance.messages import (
    FIELD_CONTEXT,
    HELP_CONTEXT,
    LOCALE_DIR,
    LOCALES,
    WORD_CONTEXT,
    field_words,
)
from sanitas.ordinance.words import capital, words
from sanitas.people import services
from sanitas.web.record_forms import form_class, label_of

#: what each form says, per language: labels, help texts and choices
SAID = {
    "device": {
        "en": [
            "Kind",
            "Grease interceptor",
            "Sand trap",
            "Installed on",
            "Compartments",
            "Grease capacity (pounds)",
            "Free text for people; never evaluated.",
        ],
        "es": [
            "Clase",
            "Interceptor de grasa",
            "Trampa de arena",
            "Instalado el",
            "Compartimentos",
            "Capacidad de grasa (libras)",
            "Texto libre para las personas; nunca se evalúa.",
        ],
        "zh-Hant": [
            "種類",
            "油脂截流器",
            "沉砂器",
            "安裝日期",
            "隔室數",
            "油脂容量（磅）",
            "供人閱讀的自由文字；不會被評估。",
        ],
    },
    "pump_out": {
        "en": [
            "Hauler name",
            "Manifest number",
            "FOG gallons",
            "Floating FOG inches",
            "Disposal facility",
            "Record a new pump-out",
            "A hauler's pump-out of a device, with the manifest fields of § 51.64(D).",
        ],
        "es": [
            "Nombre del transportista",
            "Número de manifiesto",
            "Galones de FOG",
            "Pulgadas de FOG flotante",
            "Instalación de eliminación",
            "Registrar: vaciado (nuevo)",
            "El vaciado de un dispositivo por un transportista, con los campos del manifiesto "
            "del § 51.64(D).",
        ],
        "zh-Hant": [
            "清運業者名稱",
            "清運聯單編號",
            "油脂（FOG）加侖數",
            "浮油層（FOG）英吋數",
            "處置設施",
            "登錄新的抽除",
            "清運業者對設備的抽除，含§ 51.64(D)所定的清運聯單欄位。",
        ],
    },
    "collection_service": {
        "en": [
            "Stream",
            "Recyclables",
            "Organics",
            "Black container",
            "Gallons per week",
            "How often the contractor collects (1 = weekly, 0.5 = every other week)",
        ],
        "es": [
            "Flujo de residuos",
            "Reciclables",
            "Residuos orgánicos",
            "Contenedor negro",
            "Galones por semana",
            "Con qué frecuencia recolecta el contratista (1 = semanal, 0.5 = cada dos semanas)",
        ],
        "zh-Hant": [
            "廢棄物類別",
            "可回收物",
            "有機廢棄物",
            "黑色容器",
            "每週加侖數",
            "承包商的收集頻率（1 = 每週，0.5 = 隔週）",
        ],
    },
    "permit": {
        "en": [
            "House connection",
            "Special manhole",
            "Fees paid",
            "Contractor license expires on",
            "The permit number printed on the permit, e.g. HC-2025-022.",
        ],
        "es": [
            "Conexión domiciliaria",
            "Pozo de visita especial",
            "Derechos pagados",
            "Vencimiento de la licencia del contratista",
            "El número de permiso impreso en el permiso, p. ej., HC-2025-022.",
        ],
        "zh-Hant": [
            "住宅接管",
            "特殊人孔",
            "規費已繳",
            "承包商執照到期日",
            "許可證上印製的許可證編號，例如 HC-2025-022。",
        ],
    },
}
#: the Django language code each person chooses
CODES = {"en": "en", "es": "es", "zh-Hant": "zh-hant"}
#: where a label's English uses a legal term in another sense ("persons served" are the
#: people a sewer serves, not a document's service; "charges admission" sells tickets)
OTHER_SENSE = {"Persons served": ("service",), "Charges admission": ("charge",)}


def _reader(language: str) -> User:
    user = User.objects.create_user(f"reader-{language}", f"{language}@example.org", "pw-x")
    user.groups.add(Group.objects.get_or_create(name="supervisor")[0])
    if language != "en":
        services.set_language(account=user, language=CODES[language])
    return user


def _page(client, fact_type: str) -> str:
    response = client.get(reverse("web:record_new", args=[fact_type]))
    assert response.status_code == 200, response.content[:300]
    return unescape(response.content.decode())


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es", "zh-Hant"])
def test_a_record_form_speaks_its_readers_language(client, language):
    client.force_login(_reader(language))
    for fact_type, said in SAID.items():
        page = _page(client, fact_type)
        for text in said[language]:
            assert text in page, (fact_type, language, text)
        if language != "en":
            for english, ours in zip(said["en"], said[language], strict=True):
                if english != ours:
                    assert english not in page, (fact_type, language, english)


@pytest.mark.django_db
def test_two_readers_each_read_their_own_language_from_the_same_form():
    """The labels, help texts and choices are drawn per request: a form built while one
    language is active says another's words when drawn in that one."""
    with translation.override("es"):
        cls = form_class("device")
        form = cls()
    said = {
        "zh-hant": ("隔室數", "供人閱讀的自由文字；不會被評估。", "油脂截流器"),
        "en": ("Compartments", "Free text for people; never evaluated.", "Grease interceptor"),
        "es": (
            "Compartimentos",
            "Texto libre para las personas; nunca se evalúa.",
            "Interceptor de grasa",
        ),
    }
    for language, (label, help_text, choice) in said.items():
        with translation.override(language):
            assert str(cls.base_fields["compartments"].label) == label
            assert str(cls.base_fields["notes"].help_text) == help_text
            assert choice in form["kind"].as_widget()


@pytest.mark.parametrize(
    ("language", "requirement", "program"),
    [
        ("en", "Interceptor pump-out frequency (FOG-MIN-FREQUENCY)", "SB 1383 organic waste"),
        (
            "es",
            "Frecuencia de vaciado del interceptor (FOG-MIN-FREQUENCY)",
            "Residuos orgánicos SB 1383",
        ),
        ("zh-hant", "截流器抽除頻率 (FOG-MIN-FREQUENCY)", "SB 1383 有機廢棄物"),
    ],
)
def test_requirements_and_programs_are_offered_by_their_titles_in_the_language(
    language, requirement, program
):
    """An inspection's violations are offered by the requirements' reviewed titles and
    its program by the program's title, in the reader's language; the IDs as they are."""
    cls = form_class("inspection")
    with translation.override(language):
        violations = [str(label) for _value, label in cls.base_fields["violations"].choices]
        programs = dict((value, str(label)) for value, label in cls.base_fields["program"].choices)
    assert requirement in violations
    assert programs["organics"] == program


def _english_texts_of(fact_type: str) -> set[tuple[str, str]]:
    """(context, English) of what the form of ``fact_type`` labels, describes and
    offers from the vocabulary, as the form itself makes it in English."""
    out = set()
    model = FACT_TYPES[fact_type]
    with translation.override("en"):
        fields = form_class(fact_type).base_fields
    for name, field in fields.items():
        if name not in model.model_fields or name in ("id", "type"):
            continue
        out.add((FIELD_CONTEXT, str(field.label)))
        if model.model_fields[name].description:
            out.add((HELP_CONTEXT, model.model_fields[name].description))
    return out


def test_the_english_form_is_as_the_vocabulary_names_it():
    """An English reader's labels are the field's name in words, its help text begins
    with the field's description, its choices are the values' words: what the pages
    said before they spoke other languages."""
    with translation.override("en"):
        device = form_class("device").base_fields
        establishment = form_class("establishment").base_fields
        delivery = form_class("delivery").base_fields
    assert str(establishment["floor_area_sqft"].label) == "Floor area (sq ft)"
    assert label_of("floor_area_sqft") == "Floor area sqft"
    assert str(device["kind"].label) == "Kind"
    assert [str(label) for _value, label in device["kind"].choices][1:] == [
        "Grease interceptor",
        "Grease trap",
        "Sand trap",
        "Neutralizing tank",
    ]
    assert str(delivery["date"].help_text) == "mm/dd/yyyy"
    assert str(delivery["receipt"].help_text) == (
        "A delivery receipt or weight ticket from the facility is kept."
    )


def test_every_english_form_says_the_vocabularys_words_unchanged():
    """Every fact type's form, read in English: each label is the field's name in words,
    each help text begins with the field's description, each choice is its value's
    words with a capital, as the pages said before they spoke other languages."""
    for fact_type, model in FACT_TYPES.items():
        with translation.override("en"):
            fields = form_class(fact_type).base_fields
            for name, info in form_fields(model):
                field = fields[name]
                assert str(field.label) == label_of(name, numeric=is_numeric(info)), name
                assert str(field.help_text).startswith(info.description or ""), name
                values = choice_values(info.annotation)
                if values and name != "program" and not getattr(field, "reference", False):
                    offered = [(v, str(label)) for v, label in field.choices if v != ""]
                    assert offered == [(str(v), capital(words(v))) for v in values], name


def _catalog(locale: str):
    with (LOCALE_DIR / locale / "LC_MESSAGES" / "messages.po").open("rb") as stream:
        return read_po(stream, locale=locale)


def test_every_label_description_and_choice_has_its_translations():
    wanted = field_texts()
    contexts = {context for context, _english in wanted}
    assert contexts == {FIELD_CONTEXT, HELP_CONTEXT, WORD_CONTEXT}
    # the form's own English is what the catalogs are made from
    made = {(c, e) for c, e in wanted}
    for fact_type in FACT_TYPES:
        assert _english_texts_of(fact_type) <= made, fact_type
    problems = []
    for language, locale in LOCALES.items():
        catalog = _catalog(locale)
        for context, english in wanted:
            message = catalog.get(english, context=context)
            if message is None or not message.string or message.fuzzy:
                problems.append(f"{locale} {context}: {english!r}")
                continue
            said = field_words(context, english, language)
            assert said == message.string, (language, context, english)
            problems += _held_to_glossary(
                language,
                f"{context}:{english}",
                english,
                said,
                ignore=OTHER_SENSE.get(english, ()),
            )
    assert not problems, "\n".join(problems)


def test_a_field_the_catalogs_lack_is_said_in_english_and_the_check_names_it(monkeypatch):
    """A field added to the vocabulary reads in English until it is translated, and the
    catalogs' check fails on it."""
    import importlib.util
    import sys

    from sanitas.ordinance import field_texts as module

    assert field_words(FIELD_CONTEXT, "Sludge depth", "es") == "Sludge depth"
    assert field_words(HELP_CONTEXT, "", "zh-Hant") == ""
    assert field_words(FIELD_CONTEXT, "Hauler name", "en") == "Hauler name"
    real = module.field_texts
    monkeypatch.setattr(module, "field_texts", lambda: [*real(), (FIELD_CONTEXT, "Sludge depth")])
    path = LOCALE_DIR.parents[2] / "scripts" / "engine_catalogs.py"
    spec = importlib.util.spec_from_file_location("engine_catalogs_under_test", path)
    script = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "engine_catalogs_under_test", script)
    spec.loader.exec_module(script)
    found = script.problems()
    assert "es field: 'Sludge depth': not in the catalog (run update)" in found
    assert "zh_Hant field: 'Sludge depth': not in the catalog (run update)" in found
    assert not [p for p in found if " field: " in p and "Sludge depth" not in p]

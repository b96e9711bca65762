"""The organics findings as messages: each reads in Spanish and Traditional Chinese
from the catalogs, a business's or an address's name as it is, the service level,
the container and the quarter translated inside the sentence, its plurals by the
count, and the message goes to JSON and back whole."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from sanitas.ordinance.document import load_document
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.messages import Count, Day, Items, Message, Name, Phrase, Word, render
from sanitas.ordinance.organics import (
    commercial,
    common,
    construction,
    haulers,
    self_haulers,
    single_family,
    waivers,
)

from .area_messages import (
    area_requirements,
    area_words,
    english_left,
    held_to_glossary,
    readings_and_problems,
)

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT.parent / "shared" / "scenarios").glob("org-*.yaml")) + sorted(
    (ROOT / "tests" / "scenarios").glob("org-*.yaml")
)
_CONVERTED = (
    "ORG-COM-",
    "ORG-SF-",
    "ORG-WAIVER-",
    "ORG-SELFHAUL-",
    "ORG-HAULER-FACILITIES",
    "ORG-HAULER-TRANSPORT",
    "ORG-FACILITY-",
    "ORG-CD-",
    "ORG-CALGREEN",
)


def _findings():
    for path in SCENARIOS:
        document = load_document(path)
        evaluation = evaluate_facts(
            document.facts,
            as_of=document.as_of or date(2025, 1, 1),
            pack=document.pack(),
            holidays=document.holidays,
        )
        for finding in evaluation.findings:
            if finding.requirement.startswith(_CONVERTED):
                yield path.name, finding


@pytest.fixture(scope="module")
def findings():
    return list(_findings())


def test_the_converted_findings_are_messages_read_in_every_language(findings) -> None:
    assert len({f.requirement for _, f in findings}) >= 5, "the scenarios exercise the rules"
    for where, finding in findings:
        message = finding.message
        assert message is not None, f"{where}: {finding.requirement} still a sentence"
        assert message.id.startswith("org."), message.id
        assert render(message) == finding.explanation
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert text != finding.explanation, f"{where}: {message.id} untranslated"
            assert "{" not in text and "}" not in text, text
        stored = json.loads(json.dumps(message.to_dict()))
        assert Message.from_dict(stored) == message


def _enroll(businesses: int, gallons: float) -> Message:
    premises = Name("410 S Del Mar Ave", capital=True)
    names = tuple(Name(n) for n in ("Arroyo Pho", "Bamboo Cafe")[:businesses])
    where = commercial._WHERE_BUSINESS(
        premises=premises, businesses=Items(names), count=Count(businesses)
    )
    level = Phrase(
        commercial._LEVEL(amount=commercial.gallons_a_week(gallons), stream=Word("organics"))
    )
    return commercial._COM_ENROLL[True, False](
        subject=Phrase(where), level=level, minimum=commercial.gallons_a_week(64)
    )


def test_a_service_shortfall_reads_with_its_businesses_and_gallons() -> None:
    one, two = _enroll(1, 32), _enroll(2, 1)
    assert render(one) == (
        "410 S Del Mar Ave, where Arroyo Pho does business, has 32 gallons a week of organics "
        "service, short of the 64 gallons a week that a commercial business needs unless it "
        "self-hauls."
    )
    assert render(two).startswith(
        "410 S Del Mar Ave, where Arroyo Pho and Bamboo Cafe do business, has 1 gallon a week"
    )
    assert render(one, "es").startswith("410 S Del Mar Ave, donde opera Arroyo Pho, tiene 32")
    assert "donde operan Arroyo Pho y Bamboo Cafe" in render(two, "es")
    assert "1 galón por semana de servicio de residuos orgánicos" in render(two, "es")
    assert "por debajo de los 64 galones por semana" in render(one, "es")
    assert "autotransportista" in render(one, "es")
    chinese = render(one, "zh-Hant")
    assert chinese.startswith(
        "410 S Del Mar Ave（Arroyo Pho在此營業）：有機廢棄物收集服務每週32加侖"
    )
    assert "自行清運者" in chinese and "每週64加侖" in chinese


def test_a_container_is_described_in_the_readers_words() -> None:
    container = Phrase(
        commercial._CONTAINER_BOUGHT(
            container=Word("organics container in a customer area"),
            holder=Name("Arroyo Pho"),
            date=Day(date(2019, 5, 1)),
        ),
        capital=True,
    )
    by = Phrase(commercial._BY_AT_THE_LATEST(date=Day(date(2036, 1, 1))))
    message = commercial._TO_REPLACE(container=container, by=by)
    assert render(message) == (
        "The organics container in a customer area of Arroyo Pho, bought 2019-05-01, has "
        "neither a conforming color nor labels and must be replaced by 2036-01-01 at the latest "
        "(or the end of its useful life, if sooner)."
    )
    assert render(message, "es").startswith(
        "El contenedor de residuos orgánicos en un área de clientes de Arroyo Pho, comprado el "
        "1 de mayo de 2019, no tiene un color conforme ni etiquetas y debe reemplazarse para "
        "el 1 de enero de 2036 a más tardar"
    )
    assert render(message, "zh-Hant").startswith(
        "Arroyo Pho的顧客區有機廢棄物容器（購於2019年5月1日）既無符合規定的顏色"
    )


def test_a_missed_quarter_reads_its_quarter_and_days() -> None:
    message = commercial._self_inspect_missing(
        Name("Arroyo Pho", capital=True),
        commercial.quarter_phrase(2024, 3),
        date(2024, 8, 2),
        date(2024, 9, 30),
        yet=False,
        later=date(2024, 10, 3),
    )
    assert render(message) == (
        "Arroyo Pho made no self-inspection of its green and black containers in the third "
        "quarter of 2024; the one of 2024-08-02 found contamination without employees being "
        "told, so it does not count; one was due by 2024-09-30, and the next, on 2024-10-03, "
        "counts for its own quarter only."
    )
    spanish = render(message, "es")
    assert "en el tercer trimestre de 2024" in spanish
    assert "la del 2 de agosto de 2024" in spanish and "la siguiente, del 3 de octubre" in spanish
    chinese = render(message, "zh-Hant")
    assert "於2024年第三季未自行檢查" in chinese and "2024年9月30日" in chinese
    done = commercial._SELF_INSPECTED(
        subject=Name("Arroyo Pho", capital=True),
        date=Day(date(2024, 1, 5)),
        quarter=commercial.quarter_phrase(2024, 1),
    )
    assert render(done, "es").endswith("dentro del primer trimestre de 2024.")


def test_a_new_tenants_days_follow_the_plural() -> None:
    def told(days: int) -> Message:
        return commercial._NEW_TENANT[False, False](
            tenant=Word("a new tenant", capital=True),
            premises=Name("12 Alhambra Rd"),
            date=Day(date(2025, 3, 1)),
            days=Count(days),
            due=Day(date(2025, 3, 1 + days)),
        )

    assert render(told(1)).startswith("A new tenant moved into 12 Alhambra Rd on 2025-03-01")
    assert "within 1 day, by 2025-03-02; none was given." in render(told(1))
    assert "within 14 days, by 2025-03-15" in render(told(14))
    assert render(told(1), "es").startswith("Un nuevo inquilino se mudó a 12 Alhambra Rd")
    assert "dentro de 1 día," in render(told(1), "es")
    assert "dentro de 14 días," in render(told(14), "es")
    assert "入住後14天內（即2025年3月15日前）" in render(told(14), "zh-Hant")


def test_a_single_family_shortfall_lists_each_streams_gap() -> None:
    level = {
        s: Phrase(commercial._LEVEL(amount=commercial.gallons_a_week(g), stream=Word(s)))
        for s, g in (("recyclables", 35), ("organics", 20))
    }
    message = single_family._SF_SHORT(
        subject=Name("12 Alhambra Rd", capital=True),
        have=Items((level["recyclables"], level["organics"])),
        need=Phrase(single_family._NEED_EACH(amount=commercial.gallons_a_week(35))),
        gaps=Items(
            (
                Phrase(
                    single_family._GAP(
                        stream=Word("organics"), amount=commercial.gallons_a_week(15)
                    )
                ),
            )
        ),
    )
    assert render(message) == (
        "12 Alhambra Rd has 35 gallons a week of recyclables service and 20 gallons a week of "
        "organics service; single-family premises need at least 35 gallons a week of each, so "
        "its organics service is 15 gallons a week short."
    )
    assert render(message, "es") == (
        "12 Alhambra Rd tiene 35 galones por semana de servicio de reciclables y 20 galones por "
        "semana de servicio de residuos orgánicos; los inmuebles unifamiliares necesitan al "
        "menos 35 galones por semana de cada uno, por lo que su servicio de residuos orgánicos "
        "queda 15 galones por semana por debajo."
    )
    assert render(message, "zh-Hant") == (
        "12 Alhambra Rd：可回收物收集服務每週35加侖和有機廢棄物收集服務每週20加侖；單戶住宅須有"
        "每類至少每週35加侖，因此其有機廢棄物收集服務不足每週15加侖。"
    )


def test_a_waivers_re_verification_follows_the_plural_and_reads_its_kind() -> None:
    def reverify(years: int) -> Message:
        return waivers._REVERIFY(
            waiver=Phrase(
                waivers._WAIVER_OF["physical_space"](subject=Name("1014 Las Tunas Dr")),
                capital=True,
            ),
            granted=Day(date(2022, 3, 1)),
            years=Count(years),
            due=Day(date(2022 + years, 3, 1)),
            received=Phrase(waivers._RECEIVED[False, False]()),
        )

    assert render(reverify(5)) == (
        "The physical space waiver of 1014 Las Tunas Dr, granted 2022-03-01, needs written "
        "re-verification every 5 years, due 2027-03-01: none received."
    )
    assert "every 1 year, due 2023-03-01" in render(reverify(1))
    assert render(reverify(5), "es") == (
        "La exención por falta de espacio físico de 1014 Las Tunas Dr, otorgada el 1 de marzo "
        "de 2022, necesita una nueva verificación por escrito cada 5 años, con vencimiento el "
        "1 de marzo de 2027: no se recibió."
    )
    assert "cada 1 año," in render(reverify(1), "es")
    assert render(reverify(5), "zh-Hant") == (
        "1014 Las Tunas Dr的實體空間豁免於2022年3月1日核發，須每5年以書面重新驗證一次，"
        "期限為2027年3月1日：未曾收到。"
    )


def test_a_de_minimis_waiver_beyond_its_limits_reads_its_amounts() -> None:
    message = waivers._BEYOND(
        waiver=Phrase(waivers._WAIVER_OF["de_minimis"](subject=Name("Arroyo Pho")), capital=True),
        total=waivers.cubic_yards(2.25, 4),
        organics=Word("no organics service"),
        limits=Phrase(
            waivers._LIMITS(yards=waivers.cubic_yards(2), gallons=commercial.gallons_a_week(10))
        ),
    )
    assert render(message) == (
        "The de minimis waiver of Arroyo Pho: its current service is 2.25 cubic yards a week in "
        "all and no organics service, beyond the waiver's limits (under 2 cubic yards a week in "
        "all and under 10 gallons a week of organics), so the waiver is to be rescinded."
    )
    spanish = render(message, "es")
    assert spanish.startswith("La exención de minimis de Arroyo Pho: su servicio actual es de 2,25")
    assert "ningún servicio de residuos orgánicos" in spanish and "dejarse sin efecto" in spanish
    chinese = render(message, "zh-Hant")
    assert chinese.startswith("Arroyo Pho的最低限量豁免：目前的服務為每週總計2.25立方碼")
    assert "有機廢棄物少於每週10加侖" in chinese


def test_a_self_haul_report_reads_whose_it_is_and_when_it_was_due() -> None:
    what = Phrase(
        self_haulers._QUARTERLY_REPORT(
            whose=Phrase(self_haulers._WHOSE_S(owner=Name("Casa Verde Farms", capital=True))),
            quarter=commercial.quarter_phrase(2025, 2),
        )
    )
    message = self_haulers._REPORT_DUE[False, True](
        what=what,
        due=Day(date(2025, 7, 30)),
        why=Phrase(self_haulers._AFTER_QUARTER(days=Count(30))),
        received=Phrase(waivers._RECEIVED[True, False](date=Day(date(2025, 8, 4)))),
    )
    assert render(message) == (
        "Casa Verde Farms' self-haul report for the second quarter of 2025 was due 2025-07-30, "
        "30 days after the quarter ended; received late, on 2025-08-04."
    )
    assert render(message, "es") == (
        "El informe de autotransporte de Casa Verde Farms correspondiente al segundo trimestre "
        "de 2025 venció el 30 de julio de 2025, 30 días después del fin del trimestre; se "
        "recibió tarde, el 4 de agosto de 2025."
    )
    assert render(message, "zh-Hant") == (
        "Casa Verde Farms的2025年第二季自行清運報告的期限原為2025年7月30日（季度結束後30天）；"
        "遲至2025年8月4日才收到。"
    )


def test_a_load_to_a_facility_that_does_not_recover_it() -> None:
    load = self_haulers._TOOK(
        who=Name("Canyon Haulers", capital=True),
        stream=Word(self_haulers.STREAM_WORDS["organics"]),
        facility=Name("Puente Hills Landfill"),
        date=Day(date(2025, 4, 2)),
    )
    message = self_haulers._RECOVERS_NOT(
        load=Phrase(load, capital=True),
        needs=Word("a facility that processes or recovers organic waste"),
    )
    assert render(message) == (
        "Canyon Haulers took source separated organic waste to Puente Hills Landfill on "
        "2025-04-02, which is not a facility that processes or recovers organic waste."
    )
    assert render(message, "es") == (
        "Canyon Haulers llevó residuos orgánicos separados en origen a Puente Hills Landfill el "
        "2 de abril de 2025, que no es una instalación que procesa o recupera residuos orgánicos."
    )
    assert "並非處理或回收有機廢棄物的設施" in render(message, "zh-Hant")


def test_a_capacity_request_reads_why_its_answer_is_due_then() -> None:
    message = haulers._CAPACITY[False](
        date=Day(date(2025, 1, 10)),
        subject=Name("Valley Compost"),
        due=Day(date(2025, 2, 28)),
        why=Phrase(haulers._SHORTER(days=Count(60), standard=Day(date(2025, 3, 11)))),
        answered=Phrase(haulers._ANSWERED[False, False]()),
    )
    assert render(message) == (
        "The city's capacity request of 2025-01-10 to Valley Compost was due 2025-02-28, the "
        "shorter date the request set (60 days would be 2025-03-11); no answer yet."
    )
    spanish = render(message, "es")
    assert "venció el 28 de febrero de 2025, la fecha más corta que fijó la solicitud" in spanish
    assert "(con 60 días sería el 11 de marzo de 2025); todavía sin respuesta." in spanish
    assert render(message, "zh-Hant").endswith(
        "原定回覆期限為2025年2月28日，即請求所定的較早日期（按60天計應為2025年3月11日）；迄今未回覆。"
    )


def test_a_city_projects_plan_and_a_building_applications_storage_areas() -> None:
    plan = construction._WMP_DEADLINE(
        project=Phrase(construction._PROJECT_AT(premises=Name("500 Mission Dr")), capital=True),
        began=Day(date(2025, 6, 2)),
        due=Day(date(2025, 6, 2)),
        submitted=Phrase(common._SUBMITTED[True, False](date=Day(date(2025, 6, 9)))),
    )
    assert render(plan) == (
        "The city project at 500 Mission Dr began work on 2025-06-02; its Waste Management Plan "
        "was due by 2025-06-02: submitted late, on 2025-06-09."
    )
    assert render(plan, "es") == (
        "El proyecto municipal en 500 Mission Dr comenzó las obras el 2 de junio de 2025; su Plan "
        "de Gestión de Residuos debía presentarse a más tardar el 2 de junio de 2025: se "
        "presentó tarde, el 9 de junio de 2025."
    )
    assert render(plan, "zh-Hant").startswith("位於500 Mission Dr的市府工程於2025年6月2日開工")
    units = {
        n: construction._CALGREEN[False, False](
            date=Day(date(2025, 3, 3)),
            construction=Word("new construction"),
            reason=Phrase(construction._UNITS(units=Count(n), minimum=Count(5))),
        )
        for n in (1, 12)
    }
    assert render(units[12]) == (
        "The building permit application of 2025-03-03 for new construction needs recycling and "
        "organics storage areas because it builds 12 multi-family dwelling units (5 or more), "
        "but its plans do not identify them."
    )
    assert "it builds 1 multi-family dwelling unit (5 or more)" in render(units[1])
    assert "construye 12 viviendas multifamiliares (5 o más)" in render(units[12], "es")
    assert "construye 1 vivienda multifamiliar" in render(units[1], "es")
    assert "因其興建12個多戶住宅單位（達5個以上）" in render(units[12], "zh-Hant")


def test_a_fraction_takes_the_plural_in_every_language() -> None:
    from sanitas.ordinance.organics.commercial import gallons_a_week

    assert gallons_a_week(1.5).render("en") == "1.5 gallons a week"
    assert gallons_a_week(1).render("en") == "1 gallon a week"
    spanish_one, spanish_half = gallons_a_week(1).render("es"), gallons_a_week(1.5).render("es")
    assert "1,5 galones" in spanish_half and "galón" in spanish_one, (spanish_one, spanish_half)


# --------------------------------------------------------------------------- readings, problems

_ORGANICS = ("sanitas.ordinance.organics",)


def test_the_scenarios_organics_readings_and_data_problems_are_messages() -> None:
    """Every reading an organics finding of the scenarios relied on and every data
    problem the organics scenarios report is a message, said whole in Spanish and
    Chinese: no placeholder left, no English word but the names and keys the records
    hold and the sections cited."""
    said = readings_and_problems(("org-",), area_requirements(*_ORGANICS))
    ids = {message.id for _, message, _ in said if isinstance(message, Message)}
    assert {
        "org.reading.undated-container",
        "org.reading.inform-employees",
        "org.reading.franchised-on-due-day",
        "org.problem.service-ends-before-start",
        "org.problem.container-replaced-before-bought",
        "org.problem.report-before-period",
        "org.problem.reverified-before-grant",
        "reading.sentences",
    } <= ids, ids
    for name, message, english in said:
        assert isinstance(message, Message), (name, english)
        assert render(message) == english
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert "{" not in text and text != english, (name, language, text)
            assert not english_left(message, language), (name, language, text)
        stored = json.loads(json.dumps(message.to_dict()))
        assert Message.from_dict(stored) == message


def test_english_left_is_found(monkeypatch) -> None:
    """The check above finds a reading said in English where the reader's language was
    wanted (two readings whose catalogs say nothing), and lets a name and a cited
    section pass."""
    import gettext

    from sanitas.ordinance import messages

    listed = common.sentences(commercial.INFORM_READING, waivers._TOTAL_READING())
    with monkeypatch.context() as patched:
        patched.setattr(messages, "translations", lambda *_: gettext.NullTranslations())
        assert {"contamination", "employees", "current"} <= english_left(listed, "es")
        assert {"contamination", "employees", "current"} <= english_left(listed, "zh-Hant")
    assert not english_left(listed, "es") and not english_left(listed, "zh-Hant")
    state = waivers._STATE_TEST_APPLIED(
        yards=waivers.cubic_yards(2), gallons=commercial.gallons_a_week(20)
    )
    named = common._REGISTRATION_BACKWARDS(
        subject=Name("Old Mill"), end=Day(date(2024, 6, 30)), start=Day(date(2024, 7, 1))
    )
    for message in (state, named):
        assert not english_left(message, "es") and not english_left(message, "zh-Hant")


def test_a_premises_readings_follow_one_another_in_the_readers_language() -> None:
    """A mixed-use premises whose businesses' services count together relies on two
    readings: one after the other, each in the reader's words; the class a mixed-use
    development is taken as is the reading's word."""
    mixed = common._MIXED_USE_READING(chosen=Word("single-family"))
    both = common.sentences(mixed, commercial._COUNTED_TOGETHER())
    assert render(both) == (
        "A mixed-use development is never multi-family premises; the development, its "
        "residential portion included, is taken as single-family. A premises' organics "
        "service is its own and that of the businesses at it, counted together."
    )
    spanish = render(both, "es")
    assert "se considera unifamiliar. El servicio de residuos orgánicos" in spanish
    chinese = render(both, "zh-Hant")
    assert "視為單戶住宅。一處場所的有機廢棄物收集服務" in chinese
    assert common.sentences(None, mixed) == mixed and common.sentences() is None


def test_the_state_rules_second_test_reads_its_amounts() -> None:
    """The de minimis readings name the state rule's second test by its amounts, in the
    reader's units."""
    tests = {"yards": waivers.cubic_yards(2), "gallons": commercial.gallons_a_week(20)}
    applied = waivers._STATE_TEST_APPLIED(**tests)
    assert render(applied) == (
        "14 CCR § 18984.11(a)(2)(A) is applied: 2 cubic yards a week or more also qualifies "
        "with under 20 gallons a week of organics."
    )
    assert "con 2 yardas cúbicas por semana o más" in render(applied, "es")
    assert "少於每週20加侖" in render(applied, "zh-Hant")
    skipped = waivers._STATE_TEST_NOT_APPLIED(**tests)
    assert render(skipped).startswith("The state rule's second test (2 cubic yards a week")
    assert "No se aplica la segunda prueba de la norma estatal" in render(skipped, "es")
    assert render(skipped, "zh-Hant").startswith("不適用州法規的第二項標準（總量每週2立方碼以上")


def test_a_data_problem_names_the_event_and_its_business() -> None:
    """A data problem reads the event as a word of the vocabulary, the business by its
    name and each date in the reader's form."""
    problem = common._BEFORE_OPENING(
        what=Word("the self-inspection", capital=True),
        subject=Name("Mission Deli"),
        date=Day(date(2024, 6, 30)),
        opened=Day(date(2024, 7, 1)),
    )
    assert render(problem) == (
        "The self-inspection of Mission Deli is dated 2024-06-30, before it opened on 2024-07-01."
    )
    assert render(problem, "es") == (
        "La autoinspección de Mission Deli tiene fecha del 30 de junio de 2024, antes de su "
        "apertura el 1 de julio de 2024."
    )
    assert render(problem, "zh-Hant") == (
        "Mission Deli的自行檢查日期為2024年6月30日，早於其於2024年7月1日開業之時。"
    )
    yearly = self_haulers._REPORT_BEFORE_PERIOD(
        report=Word("annual food recovery report"),
        subject=Name("Casa Verde"),
        period=self_haulers._period_ref("2024"),
        date=Day(date(2023, 12, 30)),
    )
    assert render(yearly) == (
        "The annual food recovery report of Casa Verde for 2024 is dated 2023-12-30, before "
        "that period began."
    )
    assert render(yearly, "es").startswith(
        "El informe anual de recuperación de alimentos de Casa Verde correspondiente a 2024"
    )


def test_the_organics_messages_hold_to_the_legal_glossary() -> None:
    """Every org.* message (explanations, readings, data problems) and every word the
    organics modules carry is translated in Spanish and Chinese, keeps its placeholders
    and uses the glossary's words where its English uses a legal term (organic waste is
    residuos orgánicos and 有機廢棄物; a violation is an infracción and 違規)."""
    words = area_words(common, commercial, construction, haulers, self_haulers, waivers)
    assert {"the self-inspection", "quarterly self-haul report", "single-family"} <= words
    problems = held_to_glossary("org.", words)
    assert not problems, "\n".join(problems)

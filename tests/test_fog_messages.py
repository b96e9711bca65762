"""The FOG findings as messages: each reads in Spanish and Traditional Chinese from
the catalogs, its clauses (how a frequency was set, since when an interval runs)
translated inside the sentence, its plurals by the count, and the message goes to
JSON and back whole."""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from pathlib import Path
from typing import Any, get_args

import msgspec

from sanitas.ordinance.fog import maintenance
from sanitas.ordinance.messages import Count, Day, Items, Message, Name, Phrase, Word, render

_DEVICE = Name("Arroyo Pho's interceptor", capital=True)


def _due(overdue: bool) -> Message:
    since = maintenance._SINCE[True, True](
        device=_DEVICE, date=Day(date(2026, 10, 2)), partial=Day(date(2027, 1, 5))
    )
    how = maintenance._HOW["default", False](every=maintenance._every(3, default=True))
    made = maintenance._WAS_DUE if overdue else maintenance._IS_DUE
    return made(since=Phrase(since), how=Phrase(how), due=Day(date(2027, 1, 2)))


def test_the_open_interval_reads_in_each_language() -> None:
    message = _due(overdue=True)
    assert render(message) == (
        "Arroyo Pho's interceptor was last fully pumped out on 2026-10-02 (the partial pump-out "
        "of 2027-01-05 does not count); with no frequency set by the Director it is pumped out "
        "quarterly, so the next full pump-out was due by 2027-01-02."
    )
    spanish = render(message, "es")
    assert spanish.startswith("Arroyo Pho's interceptor se vació por completo por última vez")
    assert "trimestralmente" in spanish and "vencía el 2 de enero de 2027" in spanish
    assert "el vaciado parcial del 5 de enero de 2027 no cuenta" in spanish
    chinese = render(message, "zh-Hant")
    assert "每季抽除一次" in chinese and "2027年1月2日" in chinese and "局長" in chinese
    assert "vence el" in render(_due(overdue=False), "es")
    assert "期限為" in render(_due(overdue=False), "zh-Hant")


def test_a_frequency_in_months_follows_the_plural() -> None:
    one, six = maintenance._every(1), maintenance._every(6)
    assert (one.render("en"), six.render("en")) == ("every month", "every 6 months")
    assert (one.render("es"), six.render("es")) == ("cada mes", "cada 6 meses")
    assert six.render("zh-Hant") == "每6個月"
    assert maintenance._every(3).render("en") == "every 3 months"
    assert maintenance._every(3, default=True).render("en") == "quarterly"


def test_days_late_follow_the_plural_in_spanish() -> None:
    how = maintenance._HOW["order", False](date=Day(date(2026, 1, 5)), every=maintenance._every(6))
    late = {
        n: maintenance._LATE_AFTER(
            device=_DEVICE,
            start=Day(date(2026, 1, 1)),
            due=Day(date(2026, 7, 1)),
            how=Phrase(how),
            done=Day(date(2026, 7, 1 + n)),
            days=Count(n),
        )
        for n in (1, 4)
    }
    assert render(late[1]).endswith("2026-07-02, 1 day late.")
    assert render(late[4]).endswith("2026-07-05, 4 days late.")
    assert render(late[1], "es").endswith("con 1 día de retraso.")
    assert render(late[4], "es").endswith("con 4 días de retraso.")
    assert render(late[4], "zh-Hant").endswith("逾期4天。")
    assert "局長於2026年1月5日發出的命令規定每6個月抽除一次" in render(late[4], "zh-Hant")


def test_a_manifest_lists_what_it_lacks_in_each_language() -> None:
    message = maintenance._MANIFEST_LACKS(
        date=Day(date(2026, 3, 1)),
        device=Name("the grease interceptor"),
        missing=Items((Word("the hauler's name"), Word("the disposal facility"))),
    )
    assert render(message).endswith("lacks the hauler's name and the disposal facility.")
    assert render(message, "es").endswith(
        "no incluye el nombre del transportista y la instalación de eliminación de los residuos."
    )
    assert render(message, "zh-Hant").endswith("缺少清運業者名稱和廢棄物處置設施。")


def test_a_message_with_clauses_goes_to_json_and_back() -> None:
    message = _due(overdue=True)
    data = json.loads(json.dumps(message.to_dict()))
    assert data["args"]["since"]["p"]["id"].startswith("fog.")  # a clause: a message inside
    back = Message.from_dict(data)
    assert back == message and render(back, "es") == render(message, "es")


def test_a_device_with_no_name_of_its_own_is_described_in_the_readers_words() -> None:
    from sanitas.ordinance.fog import common

    restaurant = Phrase(common._AT(what=Word("the restaurant"), address=Name("412 S Del Mar Ave")))
    device = Phrase(common._OF(kind=Word("the grease interceptor"), owner=restaurant))
    message = maintenance._MANIFEST_LACKS(
        date=Day(date(2026, 3, 1)), device=device, missing=Items((Word("the repairs made"),))
    )
    assert render(message) == (
        "The hauler's manifest for the pump-out of 2026-03-01 of the grease interceptor of the "
        "restaurant at 412 S Del Mar Ave lacks the repairs made."
    )
    # "de el" contracts to "del" in Spanish; a name's own "El" does not
    assert "vaciado del 1 de marzo de 2026 del interceptor de grasa del restaurante de 412 S" in (
        render(message, "es")
    )
    assert render(message, "zh-Hant").startswith("位於412 S Del Mar Ave的餐廳的油脂截流器")
    sized = Phrase(
        common._SIZED["grease_trap", True](gallons=Count(1500), owner=Name("El Monte Grill"))
    )
    assert sized.render("en") == "the 1,500-gallon grease trap of El Monte Grill"
    named = maintenance._NONE_IN_USE["additives",](
        date=Day(date(2026, 3, 1)), establishment=Name("El Monte Grill")
    )
    assert "en El Monte Grill" in render(named, "es")
    assert "de El Monte" in render(
        maintenance._MANIFEST_LACKS(
            date=Day(date(2026, 3, 1)), device=sized, missing=Items((Word("the repairs made"),))
        ),
        "es",
    )


def test_an_inspection_refused_or_a_facility_unsafe_reads_in_each_language() -> None:
    from sanitas.ordinance.fog import inspection

    args = {"date": Day(date(2027, 2, 1)), "establishment": Word("the restaurant")}
    refused = inspection._ENTRY_REFUSED(**args)
    assert render(refused) == (
        "On 2027-02-01 the restaurant refused the Director's authorized inspector access for a "
        "grease inspection."
    )
    assert render(refused, "es").startswith("El 1 de febrero de 2027, el restaurante negó")
    assert render(refused, "zh-Hant").startswith("餐廳於2027年2月1日拒絕局長授權的檢查員")
    unsafe = inspection._FACILITY_NOT["unsafe"](**args, since=Day(date(2026, 5, 1)))
    assert "exigió al restaurante el 1 de mayo de 2026 no era segura" in render(unsafe, "es")
    assert "並不安全" in render(unsafe, "zh-Hant")


def test_an_interceptor_required_reads_its_reason_and_defects_in_each_language() -> None:
    from sanitas.ordinance.fog import pretreatment

    why = Phrase(pretreatment._TRANSFERRED(date=Day(date(2026, 6, 1))))
    lapsed = Items(
        (
            Phrase(
                pretreatment._EXPIRED(
                    waiver=Word("the conditional FOG waiver"),
                    granted=Day(date(2020, 1, 1)),
                    date=Day(date(2025, 1, 1)),
                )
            ),
        )
    )
    basis = Phrase(
        pretreatment._BASIS_LAPSED(establishment=Name("Willow Tea House"), why=why, lapsed=lapsed)
    )
    device = Word("the grease interceptor")
    problems = Items(
        (
            Phrase(
                pretreatment._DEFECTS["not_approved", "few_compartments"](
                    device=device, count=Count(1), minimum=Count(2)
                )
            ),
        )
    )
    message = pretreatment._DEFECTIVE(basis=basis, problems=problems)
    assert render(message) == (
        "Willow Tea House must have an approved grease interceptor because operational control "
        "of it was transferred on 2026-06-01 (the conditional FOG waiver granted 2020-01-01 "
        "expired on 2025-01-01), but the grease interceptor is not approved and has 1 "
        "compartment, fewer than the 2 required."
    )
    spanish = render(message, "es")
    assert "la exención condicional de FOG otorgada el 1 de enero de 2020 venció" in spanish
    assert spanish.endswith("tiene 1 compartimento, menos de los 2 exigidos.")
    chinese = render(message, "zh-Hant")
    assert chinese.startswith(
        "Willow Tea House須設置經核准的油脂截流器，因為其營運控制權於2026年6月1日移轉"
    )
    assert "於2020年1月1日核發的FOG附條件豁免已於2025年1月1日到期" in chinese


def test_a_training_not_counted_is_said_in_each_language() -> None:
    from sanitas.ordinance.fog import practices

    unsigned = Phrase(practices._UNSIGNED(date=Day(date(2027, 2, 1))))
    uncovered = Phrase(
        practices._UNCOVERED(date=Day(date(2027, 3, 1)), topics=Items((Word("dry wiping"),)))
    )
    message = practices._training_words(
        Name("Eli Stone"),
        (practices._WHY_NEW_HIRE, {"days": Count(10)}),
        date(2027, 4, 1),
        date(2027, 2, 11),
        None,
        practices._semicolons([unsigned, uncovered]),
    )
    assert render(message) == (
        "Eli Stone was to receive FOG training within 10 days of being hired, by 2027-02-11, but "
        "no counted FOG training is on record (the training of 2027-02-01 is unsigned, so it "
        "does not count; the training of 2027-03-01 did not cover dry wiping, so it does not "
        "count)."
    )
    spanish = render(message, "es")
    assert "debía recibir capacitación sobre FOG en un plazo de 10 días" in spanish
    assert "no está firmada, por lo que no cuenta; la capacitación del 1 de marzo" in spanish
    chinese = render(message, "zh-Hant")
    assert chinese.startswith("Eli Stone原須在受僱後10天內接受FOG訓練，期限為2027年2月11日")
    assert "未經簽名，因此不予計算；2027年3月1日的訓練未涵蓋乾式擦拭" in chinese


def test_a_notice_of_noncompliance_names_its_requirement_in_each_language() -> None:
    from sanitas.ordinance.fog import noncompliance
    from sanitas.ordinance.messages import Title

    notice = Phrase(
        noncompliance._NOTICE_ABOUT(
            title=Title("FOG-MIN-FREQUENCY"),
            recipient=Name("Willow Tea House"),
            issued=Day(date(2027, 2, 1)),
            subject=Phrase(noncompliance._ITS(what=Word("grease interceptor"))),
        )
    )
    act = Phrase(
        noncompliance._PUMPED(device=Word("the grease interceptor"), date=Day(date(2027, 3, 5)))
    )
    message = noncompliance._ANSWERED(
        notice=notice,
        how=Phrase(noncompliance._DUE(due=Day(date(2027, 3, 3)))),
        done=Phrase(noncompliance._LATE(done=act, days=Count(2))),
    )
    assert render(message) == (
        "The notice of noncompliance (Interceptor pump-out frequency) issued to Willow Tea House "
        "on 2027-02-01 about its grease interceptor required compliance by 2027-03-03; the "
        "grease interceptor was fully pumped out on 2027-03-05, 2 days late."
    )
    spanish = render(message, "es")
    assert spanish.startswith(
        "El aviso de incumplimiento (Frecuencia de vaciado del interceptor) emitido a Willow Tea "
        "House el 1 de febrero de 2027 sobre su interceptor de grasa exigía"
    )
    assert spanish.endswith("se vació por completo el 5 de marzo de 2027, con 2 días de retraso.")
    chinese = render(message, "zh-Hant")
    assert "不合規通知（截流器抽除頻率）" in chinese and chinese.endswith("逾期2天。")


def test_a_noncompliance_charge_is_never_a_fine_and_is_written_to_the_cent() -> None:
    from sanitas.ordinance.fog import noncompliance
    from sanitas.ordinance.messages import Cents

    items = Items(
        (Phrase(noncompliance._COST(cost=Word("fines imposed on the city"), amount=Cents(10000))),)
    )
    message = noncompliance._UNPAID(
        date=Day(date(2027, 1, 2)),
        establishment=Name("Arroyo Pho"),
        total=Cents(10000),
        items=items,
        due=Day(date(2027, 2, 1)),
    )
    assert render(message) == (
        "The noncompliance charge assessed on 2027-01-02 to Arroyo Pho, $100.00 (fines imposed "
        "on the city $100.00), was due by 2027-02-01; no payment is on record."
    )
    spanish, chinese = render(message, "es"), render(message, "zh-Hant")
    assert spanish.startswith("El cargo por incumplimiento") and "multas impuestas" in spanish
    assert "100,00" in spanish and "multa por" not in spanish
    assert chinese.startswith("於2027年1月2日向Arroyo Pho核定的違規費用") and "罰款" in chinese
    back = Message.from_dict(json.loads(json.dumps(message.to_dict())))
    assert back == message


# ------------------------------------------------------------------ readings and data problems

#: English's commonest small words, none of them a Spanish word ("the", "of", "is")
_ENGLISH_WORDS = frozenset(
    re.findall(
        r"[a-z]+",
        "the of and to is was for with not this that by from are has have its their be been "
        "will may must an at on or it which what who when than before after only recorded",
    )
)


def scenarios() -> list[tuple[Any, Any]]:
    """Every scenario (the public ones and ours): its facts and its evaluation."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import english_golden

    from sanitas.ordinance.document import load_document
    from sanitas.ordinance.engine import evaluate_facts

    out = []
    for path in english_golden.scenario_paths():
        document = load_document(path)
        evaluation = evaluate_facts(
            document.facts,
            as_of=document.as_of or date(2025, 1, 1),
            pack=document.pack(),
            holidays=document.holidays,
        )
        out.append((document.facts, evaluation))
    return out


def recorded_words(facts: list[Any]) -> list[str]:
    """What the facts hold as typed (names, addresses, keys), longest first: a sentence
    in any language carries them as they are."""
    said: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            said.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, msgspec.Struct):
            walk(msgspec.structs.asdict(value))
        elif hasattr(value, "model_dump"):
            walk(value.model_dump())

    for fact in facts:
        walk(fact)
    return sorted(said, key=len, reverse=True)


def english_left(text: str, recorded: list[str], language: str) -> list[str]:
    """The English words left in ``text`` once the recorded names and keys, the
    ordinance's words quoted as it prints them and the sections cited are taken out: in
    Chinese any word of four or more Latin letters, in Spanish any of English's small
    words."""
    for value in recorded:
        text = text.replace(value, " ")
    text = re.sub(r'"[^"]*"', " ", text)
    text = re.sub(r"§ ?[\w.()-]+", " ", text)
    words = re.findall(r"[A-Za-z]+", text)
    if language == "zh-Hant":
        return [w for w in words if len(w) >= 4]
    return [w for w in words if w.lower() in _ENGLISH_WORDS]


def read_in_each_language(message: Any, english: str, recorded: list[str]) -> None:
    """``message`` says ``english``, goes to JSON and back whole, and reads in Spanish and
    Chinese with no placeholder and no English left but the names the facts hold."""
    assert isinstance(message, Message), english
    again = Message.from_dict(json.loads(json.dumps(message.to_dict())))
    assert again == message and render(again) == english
    for language in ("es", "zh-Hant"):
        text = render(message, language)
        assert "{" not in text and text != english, (language, text)
        assert not english_left(text, recorded, language), (language, text)


def _fog_event_types() -> set[str]:
    """The records of the FOG vocabulary that are events (a pump-out, a training), not
    the device or the waiver other areas' rules concern as well."""
    from sanitas.ordinance.facts import Fact
    from sanitas.ordinance.fog import vocabulary

    return {
        get_args(kind.model_fields["type"].annotation)[0]
        for kind in vars(vocabulary).values()
        if isinstance(kind, type)
        and issubclass(kind, Fact)
        and kind.__module__ == vocabulary.__name__
    } - {"device", "waiver"}


def test_the_scenarios_fog_readings_and_data_problems_read_in_each_language() -> None:
    """Every reading a FOG finding of the scenarios relied on, and every data problem
    about a FOG record (or said by a FOG rule), is a declared FOG message (or readings
    joined as sentences); it reads in Spanish and Chinese with no English left but the
    names and keys the facts hold, and goes to JSON and back saying the same English."""
    events = _fog_event_types()
    assert {"pump_out", "training", "blockage", "frequency_order"} <= events
    said: list[tuple[Any, str, list[str]]] = []
    for facts, evaluation in scenarios():
        recorded = recorded_words(facts)
        kinds = {fact.id: fact.type for fact in facts if fact.id is not None}
        for finding in evaluation.findings:
            if finding.requirement.startswith("FOG-") and finding.reading is not None:
                said.append((finding.reading, finding.reading_text, recorded))
        for problem in evaluation.data_problems:
            ours = getattr(problem.problem, "id", "").startswith("fog.")
            if ours or events & {kinds.get(name) for name in problem.facts}:
                said.append((problem.problem, problem.text, recorded))
    ids = {message.id for message, _, _ in said if isinstance(message, Message)}
    assert {i for i in ids if i.startswith("fog.reading.")} >= {
        "fog.reading.approval-not-recorded",
        "fog.reading.follow-up-due",
        "fog.reading.notice-met-by-act",
        "fog.reading.order-from-its-date",
        "fog.reading.repairs-may-be-absent",
        "fog.reading.serviced-immediately",
        "fog.reading.topics-must-be-covered",
        "fog.reading.unsigned-does-not-count",
        "fog.reading.any-device-in-lieu",
    }
    assert {i for i in ids if i.startswith("fog.problem.")} >= {
        "fog.problem.blockage-before-opening",
        "fog.problem.correction-before-notice",
        "fog.problem.dated-before-installation",
        "fog.problem.training-before-hire",
    }
    for message, english, recorded in said:
        assert isinstance(message, Message), english
        assert message.id.startswith(("fog.reading.", "fog.problem.", "reading.")), message.id
        read_in_each_language(message, english, recorded)


_JADE = {"id": "fse-1", "type": "establishment", "category": "restaurant", "cooks": True}
_GI = {
    "id": "gi-1",
    "type": "device",
    "establishment": "fse-1",
    "kind": "grease_interceptor",
    "installed_on": "2020-01-01",
}


def test_events_that_cannot_be_are_said_in_each_language() -> None:
    """A pump-out, an order or an inspection dated after the device was removed, a
    cleaning before it was installed and a training of an employee who had left: each
    a data problem naming the event and the thing in the reader's words, the English as
    it was always written."""
    from .support import evaluate

    facts = [
        {**_JADE, "name": "Jade Garden", "opened_on": "2024-01-10"},
        {**_GI, "removed_on": "2024-06-01"},
        {"id": "po-late", "type": "pump_out", "device": "gi-1", "date": "2024-06-02", "full": True},
        {
            "id": "fo-1",
            "type": "frequency_order",
            "device": "gi-1",
            "date": "2024-07-01",
            "months": 2,
        },
        {
            "id": "in-1",
            "type": "inspection",
            "subject": "gi-1",
            "date": "2024-06-05",
            "fog_solids_percent_volume": 30,
        },
        {"id": "cl-1", "type": "in_house_cleaning", "device": "gi-1", "date": "2019-06-05"},
        {
            "id": "emp-3",
            "type": "employee",
            "establishment": "fse-1",
            "hired_on": "2024-01-12",
            "left_on": "2024-01-25",
        },
        {
            "id": "tr-1",
            "type": "training",
            "establishment": "fse-1",
            "date": "2024-01-31",
            "employees": ["emp-3"],
            "signed": True,
        },
    ]
    evaluation = evaluate(facts, "2024-07-05")
    device = "the grease interceptor of Jade Garden"
    assert {p.facts: p.text for p in evaluation.data_problems} == {
        ("cl-1", "gi-1"): f"The in-house cleaning of 2019-06-05 is dated before {device} was "
        "installed on 2020-01-01.",
        ("fo-1", "gi-1"): f"The Director's frequency order of 2024-07-01 is dated after {device} "
        "was removed on 2024-06-01.",
        ("in-1", "gi-1"): f"The inspection of 2024-06-05 is dated after {device} was removed on "
        "2024-06-01.",
        ("po-late", "gi-1"): f"The pump-out of 2024-06-02 is dated after {device} was removed on "
        "2024-06-01.",
        ("tr-1", "emp-3"): "The training of 2024-01-31 at Jade Garden lists the employee of Jade "
        "Garden hired 2024-01-12, who had left on 2024-01-25.",
    }
    recorded = recorded_words(facts)
    for problem in evaluation.data_problems:
        read_in_each_language(problem.problem, problem.text, recorded)
    said = {
        p.facts: (render(p.problem, "es"), render(p.problem, "zh-Hant"))
        for p in evaluation.data_problems
    }
    spanish, chinese = said["fo-1", "gi-1"]
    assert spanish == (
        "La orden de frecuencia del Director del 1 de julio de 2024 tiene una fecha posterior al "
        "retiro del interceptor de grasa de Jade Garden, el 1 de junio de 2024."
    )
    assert chinese == (
        "局長於2024年7月1日發出的頻率命令所載日期晚於Jade Garden的油脂截流器的移除日期"
        "2024年6月1日。"
    )
    spanish, chinese = said["tr-1", "emp-3"]
    assert spanish.startswith("La capacitación del 31 de enero de 2024 en Jade Garden incluye a")
    assert spanish.endswith("que ya había dejado el empleo el 25 de enero de 2024.")
    assert chinese.endswith("但其已於2024年1月25日離職。")


def test_a_pump_out_clock_from_the_opening_names_its_reading_in_each_language() -> None:
    """FOG-MIN-FREQUENCY: an interceptor installed before its establishment opened is
    counted from the opening, and the finding relies on that reading."""
    from .support import evaluate, findings

    facts = [{**_JADE, "opened_on": "2024-01-10"}, _GI]
    (finding,) = findings(evaluate(facts, "2024-03-05"), "FOG-MIN-FREQUENCY", "gi-1")
    from sanitas.ordinance.fog import common

    assert finding.reading == common.CLOCK_FROM_START
    assert finding.reading_text == (
        "The pump-out clock runs from the day the FOG rules took effect or the establishment "
        "opened, whichever is later: where the last pump-out or the installation came earlier, "
        "the first period is counted from that day."
    )
    read_in_each_language(finding.reading, finding.reading_text, recorded_words(facts))
    assert "normas sobre FOG" in render(finding.reading, "es")
    assert "FOG規定生效之日" in render(finding.reading, "zh-Hant")


def test_the_readings_of_trainings_not_counted_follow_one_another_once_each() -> None:
    """Trainings not counted for two reasons rely on both readings, each said once, one
    sentence after the other in every language."""
    from sanitas.ordinance.fog import common, practices

    unsigned = Phrase(practices._UNSIGNED(date=Day(date(2027, 2, 1))))
    uncovered = Phrase(
        practices._UNCOVERED(date=Day(date(2027, 3, 1)), topics=Items((Word("dry wiping"),)))
    )
    _, reading = practices._not_counted(
        [
            (unsigned, common.UNSIGNED_DOES_NOT_COUNT),
            (uncovered, common.TOPICS_MUST_BE_COVERED),
            (unsigned, common.UNSIGNED_DOES_NOT_COUNT),
        ]
    )
    assert render(reading) == (
        "A training counts toward the training requirements only when the attendance sheet is "
        "signed. A training that lists its topics counts only when it covers all four subjects "
        "of § 51.62(B)(1)-(4); one that lists none is taken to cover them."
    )
    spanish = render(reading, "es")
    assert spanish.startswith("Una capacitación cuenta para los requisitos de capacitación")
    assert spanish.count("Una capacitación") == 2 and "hoja de asistencia" in spanish
    chinese = render(reading, "zh-Hant")
    assert chinese.startswith("訓練僅於出席簽到表經簽名時") and "§ 51.62(B)(1)-(4)" in chinese
    _, one = practices._not_counted([(unsigned, common.UNSIGNED_DOES_NOT_COUNT)])
    assert one == common.UNSIGNED_DOES_NOT_COUNT


def test_serviced_immediately_reads_its_days_by_the_plural() -> None:
    one, three = (maintenance._SERVICED_IMMEDIATELY(days=Count(n)) for n in (1, 3))
    assert render(one) == (
        '"Serviced immediately" is read as a full pump-out within 1 day of the inspection.'
    )
    assert render(three).endswith("within 3 days of the inspection.")
    assert render(one, "es").endswith("en un plazo de 1 día a partir de la inspección.")
    assert render(three, "es").endswith("en un plazo de 3 días a partir de la inspección.")
    assert render(three, "zh-Hant").endswith("於檢查後3天內完全抽除。")


def test_the_fog_messages_hold_to_the_legal_glossary() -> None:
    """Where a FOG message's English uses a legal term (a notice of noncompliance, a
    violation, a noncompliance charge), its Spanish and Chinese use the glossary's words
    for it and never the forbidden ones, and keep every placeholder."""
    from sanitas.notices.kinds import _held_to_glossary
    from sanitas.ordinance.messages import TEMPLATES

    from .catalog_forms import catalog_forms

    ours = [t for ident, t in TEMPLATES.items() if ident.startswith("fog.")]
    assert len(ours) > 100
    assert len([t for t in ours if t.id.startswith(("fog.reading.", "fog.problem."))]) == 16
    problems = []
    for language, template, english, text in catalog_forms(ours):
        words = re.sub(r"\{\w+\}", "", english)
        assert text != english or not any(c.isalpha() for c in words), template.id
        names = set(re.findall(r"\{\w+\}", template.english + (template.plural or "")))
        assert set(re.findall(r"\{\w+\}", text)) <= names, (language, template.id)
        assert set(re.findall(r"\{\w+\}", english)) <= set(re.findall(r"\{\w+\}", text)), (
            language,
            template.id,
        )
        problems += _held_to_glossary(language, template.id, english, text)
    assert not problems, "\n".join(problems)

"""The FOG findings as messages: each reads in Spanish and Traditional Chinese from
the catalogs, its clauses (how a frequency was set, since when an interval runs)
translated inside the sentence, its plurals by the count, and the message goes to
JSON and back whole."""

from __future__ import annotations

import json
from datetime import date

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

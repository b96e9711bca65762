"""The general sewer rules' findings as messages (connections, traps, works) and the
names of their things (a cesspool, a drain connection, an entry into a sewer): each
reads in Spanish and Traditional Chinese from the catalogs, with an address, a
business's or a contractor's name and an inspector's notes as they are in every
language, its clauses and lists in the reader's words, its plurals by the count, held
to the legal glossary, and goes to JSON and back whole."""

from __future__ import annotations

import json
import re
import sys
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any, get_args

from sanitas.ordinance.messages import Count, Day, Items, Message, Name, Phrase, Word, render
from sanitas.ordinance.sewers import common

from .catalog_forms import catalog_forms

_AT = Name("10 Alhambra Rd")


def test_a_drain_connection_is_named_by_what_is_connected() -> None:
    message = common._DRAINS["roof_conductor"](premises=_AT)
    assert render(message) == "the roof conductor at 10 Alhambra Rd"
    assert render(message, "es") == "La bajante pluvial del techo de 10 Alhambra Rd"
    assert render(message, "zh-Hant") == "10 Alhambra Rd的屋頂落水管"
    assert Phrase(message, capital=True).render("en") == "The roof conductor at 10 Alhambra Rd"


def test_every_drain_source_and_act_has_its_message() -> None:
    from typing import get_args

    from sanitas.ordinance.sewers.vocabulary import DrainSource, SewerAct

    assert set(common._DRAINS) == set(get_args(DrainSource))
    assert {act for act, _ in common._ENTRIES} == set(get_args(SewerAct))


def test_an_entry_names_who_entered_when_known() -> None:
    day = Day(date(2025, 5, 10))
    anonymous = common._ENTRIES["remove", False](date=day)
    by = common._ENTRIES["remove", True](date=day, person=Name("Canyon Sewer Contractors"))
    assert render(anonymous) == "the removal of part of a public sewer on 2025-05-10"
    assert "10 de mayo de 2025" in render(anonymous, "es")
    assert render(by, "es").endswith("por Canyon Sewer Contractors el 10 de mayo de 2025")
    assert render(by, "zh-Hant").startswith("Canyon Sewer Contractors於2025年5月10日")
    back = Message.from_dict(json.loads(json.dumps(by.to_dict())))
    assert back == by and render(back, "zh-Hant") == render(by, "zh-Hant")


def test_a_cesspool_reads_in_each_language() -> None:
    message = common._CESSPOOL(premises=_AT)
    assert render(message) == "the cesspool at 10 Alhambra Rd"
    assert render(message, "es") == "El pozo negro de 10 Alhambra Rd"
    assert render(message, "zh-Hant") == "10 Alhambra Rd的化糞池"


# --------------------------------------------------------------------------- the findings


@cache
def _scenarios() -> list[tuple[Path, Any, Any]]:
    """Every scenario (the public ones and ours): its file, facts and evaluation."""
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
        out.append((path, document.facts, evaluation))
    return out


def _sewer_findings() -> list:
    return [
        f
        for _, _, evaluation in _scenarios()
        for f in evaluation.findings
        if f.requirement.startswith("SEW-")
    ]


#: the requirements of the sewer modules converted to messages
_CONVERTED = {
    "SEW-CONNECT-REQUIRED",
    "SEW-STORMWATER",
    "SEW-POOL-PERMIT",
    "SEW-CELLAR-SANDTRAP",
    "SEW-SAFE-WASTE",
    "SEW-EXHAUST-SUMP",
    "SEW-ACIDS",
    "SEW-WASHRACK-SANDTRAP",
    "SEW-GREASE-TRAP-MEALS",
    "SEW-GREASE-TRAP-SIZE",
    "SEW-MATERIALS",
    "SEW-INSPECTION-NOTICE",
    "SEW-MANHOLE-ENTRY",
    "SEW-PIPE-LAYER-LICENSE",
}


def test_the_scenarios_sewer_findings_read_in_each_language() -> None:
    """Every sewer finding of the scenarios of a converted rule is a message; each
    renders whole in Spanish and Chinese (no placeholder left, no English sentence)
    and goes to JSON and back as the same message saying the same English."""
    findings = [f for f in _sewer_findings() if f.requirement in _CONVERTED]
    assert {f.requirement for f in findings} == _CONVERTED
    for finding in findings:
        message = finding.message
        assert message is not None, (finding.requirement, finding.explanation)
        again = Message.from_dict(json.loads(json.dumps(message.to_dict())))
        assert again == message and render(again) == finding.explanation
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert "{" not in text and text != finding.explanation, (language, text)


#: the sewer vocabulary's fact types: a data problem naming one is the area's
def _sewer_types() -> set[str]:
    from sanitas.ordinance.facts import Fact
    from sanitas.ordinance.sewers import vocabulary

    return {
        get_args(kind.model_fields["type"].annotation)[0]
        for kind in vars(vocabulary).values()
        if isinstance(kind, type)
        and issubclass(kind, Fact)
        and kind.__module__ == vocabulary.__name__
    }


#: English's commonest small words, none of them a Spanish word ("the", "of", "is")
_ENGLISH_WORDS = frozenset(
    (
        *("the", "of", "and", "to", "is", "was", "for", "with", "not", "this", "that", "by"),
        *("from", "are", "has", "have", "its", "their", "be", "been", "will", "may", "must"),
        *("an", "at", "on", "or", "it", "which", "what", "who", "when", "than", "before"),
        *("after", "only", "recorded"),
    )
)


def _recorded_words(path: Path) -> list[str]:
    """What a scenario's facts hold as typed (names, addresses, keys, notes), longest
    first: a sentence in any language carries them as they are."""
    import yaml

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

    walk(yaml.safe_load(path.read_text(encoding="utf-8"))["facts"])
    return sorted(said, key=len, reverse=True)


def _english_left(text: str, recorded: list[str], language: str) -> list[str]:
    """The English words left in ``text`` once the recorded names and keys and the
    sections cited are taken out: in Chinese any word of four or more Latin letters,
    in Spanish any of English's small words."""
    for value in recorded:
        text = text.replace(value, " ")
    text = re.sub(r"§ ?[\w.()-]+", " ", text)
    words = re.findall(r"[A-Za-z]+", text)
    if language == "zh-Hant":
        return [w for w in words if len(w) >= 4]
    return [w for w in words if w.lower() in _ENGLISH_WORDS]


def test_the_scenarios_sewer_readings_and_data_problems_read_in_each_language() -> None:
    """Every reading a sewer finding of the scenarios relied on, and every data problem
    about a record of the sewer vocabulary, is a declared sewer message (or readings
    joined as sentences); it reads in Spanish and Chinese with no English left but the
    names and keys the facts hold, and goes to JSON and back saying the same English."""
    types = _sewer_types()
    assert {"cesspool", "drain_connection", "sand_trap_inspection"} <= types
    said: list[tuple[Any, str, list[str]]] = []
    for path, facts, evaluation in _scenarios():
        recorded = _recorded_words(path)
        kinds = {fact.id: fact.type for fact in facts if fact.id is not None}
        for finding in evaluation.findings:
            if finding.requirement.startswith("SEW-") and finding.reading is not None:
                said.append((finding.reading, finding.reading_text, recorded))
        for problem in evaluation.data_problems:
            if types & {kinds.get(name) for name in problem.facts}:
                said.append((problem.problem, problem.text, recorded))
    ids = {message.id for message, _, _ in said if isinstance(message, Message)}
    # the readings of the cesspools, drains, traps, materials and licences, and the
    # problems of a cesspool, a drain and a sand trap's log
    assert len(ids) >= 12, sorted(ids)
    assert {i for i in ids if i.startswith("sew.problem.")} >= {
        "sew.problem.cesspool-abandoned-before-built",
        "sew.problem.drain-disconnected-before-connected",
        "sew.problem.sandtrap-log-installed",
    }
    for message, english, recorded in said:
        assert isinstance(message, Message), english
        assert message.id.startswith(("sew.reading.", "sew.problem.", "reading.")), message.id
        again = Message.from_dict(json.loads(json.dumps(message.to_dict())))
        assert again == message and render(again) == english
        for language in ("es", "zh-Hant"):
            text = render(message, language)
            assert "{" not in text and text != english, (language, text)
            assert not _english_left(text, recorded, language), (language, text)


def test_readings_joined_as_sentences_read_each_in_the_readers_language() -> None:
    """A grease trap's reading of one trap per outlet and of approval on record, joined,
    reads both sentences translated, the English's two one after the other."""
    from sanitas.ordinance.permits.common import readings
    from sanitas.ordinance.sewers import traps

    both = readings(Phrase(traps._PER_OUTLET_READING), Phrase(common.APPROVAL_READING))
    assert render(both) == (
        "One grease trap is required for each kitchen sink outlet wasting into the sewer (at "
        "least one where the outlets are not recorded). A device counts as approved only when "
        "its record says so: approval is the Director's act, and the city's records are its "
        "record."
    )
    assert render(both, "es") == (
        render(traps._PER_OUTLET_READING, "es") + " " + render(common.APPROVAL_READING, "es")
    )
    assert render(both, "zh-Hant").startswith("每個排入下水道的廚房水槽出水口均須設置一個隔油器")
    assert render(both, "zh-Hant").endswith("核准是局長的行為，而本市的紀錄即為該行為的紀錄。")


def test_the_sewer_messages_hold_to_the_legal_glossary() -> None:
    """Where a sewer message's English uses a legal term (a permit, a violation, a
    fee), its Spanish and Chinese use the glossary's words for it and never the
    forbidden ones (a permit is never a licence)."""
    from sanitas.notices.kinds import _held_to_glossary
    from sanitas.ordinance.messages import TEMPLATES

    ours = [t for ident, t in TEMPLATES.items() if ident.startswith("sew.")]
    assert len(ours) > 50
    problems = []
    for language, template, english, text in catalog_forms(ours):
        names = set(re.findall(r"\{\w+\}", template.english + (template.plural or "")))
        words = re.sub(r"\{\w+\}", "", english)
        assert text != english or not any(c.isalpha() for c in words), template.id
        assert set(re.findall(r"\{\w+\}", text)) <= names, (language, template.id)
        assert set(re.findall(r"\{\w+\}", english)) - {"{count}"} <= set(
            re.findall(r"\{\w+\}", text)
        ) | {"{date}"}, (language, template.id)
        problems += _held_to_glossary(language, template.id, english, text)
    assert not problems, "\n".join(problems)


# --------------------------------------------------------------------------- connections


def test_a_cesspool_reads_how_it_was_built_and_found() -> None:
    from sanitas.ordinance.sewers import connections

    pool = Phrase(common._CESSPOOL(premises=Name("1 Mission Dr")), capital=True)
    built = Day(date(1958, 4, 1))
    message = connections._EXISTING[True, "inadequate"](pool=pool, date=built)
    assert render(message) == (
        "The cesspool at 1 Mission Dr was built on 1958-04-01, before cesspools were prohibited, "
        "but it was found not sufficient and adequate to serve the premises, so the premises "
        "must connect with the public sewer."
    )
    assert render(message, "es").startswith(
        "El pozo negro de 1 Mission Dr se construyó el 1 de abril de 1958, antes de que se "
        "prohibieran los pozos negros, pero"
    )
    assert render(message, "zh-Hant").startswith("1 Mission Dr的化糞池於1958年4月1日建造")
    undated = connections._EXISTING[False, "not-found"](pool=pool)
    assert "no tiene fecha de construcción registrada" in render(undated, "es")
    assert render(undated, "zh-Hant").endswith("尚無任何檢查認定並非如此。")
    new = connections._NEW(pool=pool, date=Day(date(2024, 6, 1)))
    assert "después de que se prohibieran" in render(new, "es")
    assert "禁止設置化糞池之後" in render(new, "zh-Hant")


def test_how_a_drain_reaches_the_sewer_is_a_clause_in_each_language() -> None:
    from sanitas.ordinance.sewers import connections

    name = Phrase(common._DRAINS["cellar_drain"](premises=_AT), capital=True)
    device = Name("the grease trap of Mission Cafe")
    problem = Phrase(connections._NOT_KIND["sand_trap"](device=device))
    message = connections._CELLAR_UNTRAPPED(name=name, problem=problem)
    assert render(message) == (
        "The cellar drain at 10 Alhambra Rd passes through the grease trap of Mission Cafe, not "
        "a sand trap, but it must be trapped by an approved sand trap."
    )
    assert render(message, "es") == (
        "El desagüe del sótano de 10 Alhambra Rd pasa por the grease trap of Mission Cafe, que no "
        "es una trampa de arena, pero debe pasar por una trampa de arena aprobada."
    )
    assert render(message, "zh-Hant") == (
        "10 Alhambra Rd的地下室排水口流經the grease trap of Mission Cafe，而非沉砂器，"
        "但必須以經核准的沉砂器截留。"
    )
    direct = connections._NO_SUMP(name=name, problem=Phrase(connections._CONNECTS["direct"]()))
    assert render(direct, "es").startswith(
        "El desagüe del sótano de 10 Alhambra Rd se conecta directamente, pero"
    )
    assert "直接連接下水道，但必須先連接防水集水井" in render(direct, "zh-Hant")
    back = Message.from_dict(json.loads(json.dumps(message.to_dict())))
    assert back == message and render(back, "es") == render(message, "es")


def test_acids_tell_whether_the_automatic_intake_is_recorded() -> None:
    from sanitas.ordinance.sewers import connections

    name = Phrase(common._DRAINS["acid_waste"](premises=_AT), capital=True)
    unrecorded = connections._ACIDS_TREATED[False](name=name)
    assert render(unrecorded).endswith("tank; its automatic intake is not recorded.")
    assert render(unrecorded, "es").endswith("su entrada automática no consta en los registros.")
    assert render(connections._ACIDS_TREATED[True](name=name), "zh-Hant") == (
        "10 Alhambra Rd的酸性廢液管線流經稀釋中和槽。"
    )


# --------------------------------------------------------------------------- traps


def test_a_wash_racks_sand_trap_reads_whose_it_is() -> None:
    from sanitas.ordinance.sewers import traps

    for owner, english in (("Mission Car Wash", "Mission Car Wash's"), ("Acme Suds", "Acme Suds'")):
        message = traps._RACK_TRAPPED(whose=common.whose(Name(owner), owner))
        assert render(message) == f"{english} wash rack drains through an approved sand trap."
        assert render(message, "es") == (
            f"El área de lavado de {owner} desagua a través de una trampa de arena aprobada."
        )
        assert render(message, "zh-Hant") == f"{owner}的洗車架經由經核准的沉砂器排水。"


def test_unapproved_traps_follow_the_plural() -> None:
    from sanitas.ordinance.sewers import traps

    one, two = (traps._UNAPPROVED["grease trap"](count=Count(n)) for n in (1, 2))
    assert render(one) == "its grease trap on record is not recorded approved"
    assert render(two) == "its 2 grease traps on record are not recorded approved"
    assert render(one, "es") == "Su trampa de grasa registrada no consta como aprobada"
    assert render(two, "es") == "Sus 2 trampas de grasa registradas no constan como aprobadas"
    assert render(two, "zh-Hant") == "其紀錄上的2個隔油器未登錄為已核准"


def test_days_missed_are_listed_and_counted_past_five() -> None:
    from sanitas.ordinance.sewers import traps

    days = [date(2025, 3, d) for d in range(1, 9)]
    listed = traps.dates_of(days)
    assert listed.render("en") == (
        "2025-03-01, 2025-03-02, 2025-03-03, 2025-03-04, 2025-03-05 and 3 more"
    )
    assert listed.render("es").endswith("5 de marzo de 2025 y 3 más")
    assert listed.render("zh-Hant").startswith("2025年3月1日、2025年3月2日、")
    assert traps.dates_of(days[:2]).render("en") == "2025-03-01, 2025-03-02"
    message = traps._DAILY[True, "missed"](
        device=Phrase(
            Message("fog.name.of", {"kind": Word("the sand trap"), "owner": Name("Suds")}),
            capital=True,
        ),
        days=Count(8),
        first=Day(days[0]),
        last=Day(days[-1]),
        missed=Count(8),
        dates=listed,
    )
    assert render(message).startswith("The sand trap of Suds was in use on 8 days from 2025-03-01")
    assert render(message, "es").startswith(
        "La trampa de arena de Suds estuvo en uso 8 días, del 1 de marzo de 2025 al 8 de marzo"
    )
    assert "但其中8天未經檢查（2025年3月1日、" in render(message, "zh-Hant")
    back = Message.from_dict(json.loads(json.dumps(message.to_dict())))
    assert back == message and render(back, "zh-Hant") == render(message, "zh-Hant")


def test_grease_traps_read_their_basis_in_each_language() -> None:
    from sanitas.ordinance.sewers import traps

    basis = Phrase(traps._BASIS["both"](name=Name("Arroyo Pho"), meals=Count(150)))
    basis = Phrase(traps._PER_OUTLETS(basis=basis, outlets=Count(3)))
    found = Phrase(traps._FOUND(count=Count(1)))
    note = Phrase(traps._UNAPPROVED["grease trap"](count=Count(1)))
    message = traps._TRAPS_UNAPPROVED(basis=basis, found=found, unapproved=note)
    assert render(message) == (
        "Arroyo Pho serves 150 meals a day, so its kitchen sink and wash rack wastes must pass "
        "through approved grease traps, one for each of its 3 kitchen sink outlets; it has 1 "
        "approved grease trap; its grease trap on record is not recorded approved."
    )
    assert render(message, "es") == (
        "Arroyo Pho sirve 150 comidas al día, por lo que sus aguas residuales de los fregaderos "
        "de cocina y del área de lavado deben pasar por trampas de grasa aprobadas, una por cada "
        "una de sus 3 salidas de fregadero de cocina; tiene 1 trampa de grasa aprobada; su trampa "
        "de grasa registrada no consta como aprobada."
    )
    assert render(message, "zh-Hant").startswith(
        "Arroyo Pho每日供應150份餐點，因此其廚房水槽及洗車架廢水"
    )


def test_a_grease_traps_capacity_is_a_number_of_the_readers_language() -> None:
    from sanitas.ordinance.sewers import traps

    message = traps._SIZE["small", "meals"](
        device=Name("The grease trap of Arroyo Pho"),
        capacity=traps._pounds(12.5),
        owner=Name("Arroyo Pho"),
        meals=Count(150),
        minimum=Count(20),
    )
    assert render(message) == (
        "The grease trap of Arroyo Pho holds 12.5 lb of grease, but Arroyo Pho serves 150 meals "
        "a day, so its grease traps must hold at least 20 lb."
    )
    assert "12,5 lb de grasa, pero Arroyo Pho sirve 150 comidas al día" in render(message, "es")
    assert render(message, "zh-Hant").startswith(
        "The grease trap of Arroyo Pho可容納12.5磅油脂，但"
    )
    assert traps._pounds(1234.5) == "1234.5"


# --------------------------------------------------------------------------- works


def _permit() -> Phrase:
    return Phrase(Message("gen.name.permit", {"number": Name("HC-2025-060")}))


def test_a_pipe_layers_licence_reads_how_the_work_ended() -> None:
    from sanitas.ordinance.sewers import works

    holder = common.whose(Name("Acme Sewers", capital=True), "Acme Sewers")
    examined = Phrase(
        works._EXAMINED_WORK(
            examined=Items((Name("the inspection of 2025-05-02"), Name("the check of 2025-05-03"))),
            count=Count(2),
        )
    )
    message = works._RAN_TO_EXAMINED(
        holder=holder,
        expires=Day(date(2025, 4, 30)),
        who=Name("Acme Sewers"),
        permit=_permit(),
        span=Phrase(works._FROM(first=Day(date(2025, 3, 5)), last=Day(date(2025, 4, 20)))),
        ended=Phrase(works._FINALED(date=Day(date(2025, 6, 1)))),
        examined=examined,
    )
    english = render(message)
    assert english.startswith("Acme Sewers' city business licence ran to 2025-04-30, and no work")
    assert english.endswith(
        "recorded from 2025-03-05 to 2025-04-20, was finaled on 2025-06-01; the inspection of "
        "2025-05-02 and the check of 2025-05-03 were the city's examinations of work already done."
    )
    spanish = render(message, "es")
    assert spanish.startswith(
        "La licencia comercial municipal de Acme Sewers vencía el 30 de abril"
    )
    assert "registrada del 5 de marzo de 2025 al 20 de abril de 2025" in spanish
    assert spanish.endswith(
        "the inspection of 2025-05-02 y the check of 2025-05-03 fueron inspecciones municipales "
        "de obras ya realizadas."
    )
    chinese = render(message, "zh-Hant")
    assert chinese.startswith("Acme Sewers的本市營業執照有效至2025年4月30日")
    assert (
        "該工程的紀錄日期為2025年3月5日至2025年4月20日，其後已於2025年6月1日完成最終檢查" in chinese
    )
    back = Message.from_dict(json.loads(json.dumps(message.to_dict())))
    assert back == message and render(back, "es") == spanish


def test_an_unnamed_pipe_layer_is_the_catalogs_word() -> None:
    from sanitas.ordinance.sewers import works

    who = Word(works._PIPE_LAYER)
    message = works._EXPIRED_UNDER_WAY(
        holder=common.whose(Word(works._PIPE_LAYER, capital=True), works._PIPE_LAYER),
        expires=Day(date(2025, 4, 30)),
        permit=_permit(),
        who=who,
    )
    assert render(message).startswith(
        "The pipe layer's city business licence expired on 2025-04-30"
    )
    assert render(message, "es").startswith(
        "La licencia comercial municipal del instalador de tuberías venció el 30 de abril de 2025"
    )
    assert "no consta ninguna obra del instalador de tuberías" in render(message, "es")
    assert render(message, "zh-Hant").startswith("管線施工人員的本市營業執照於2025年4月30日到期時")


def test_an_inspection_reads_what_it_found_with_the_defects_as_noted() -> None:
    from sanitas.ordinance.sewers import works

    message = works._FOUND["defective", True](
        date=Day(date(2025, 3, 20)), permit=_permit(), defects=Name("cracked socket at run 2")
    )
    assert render(message) == (
        "The inspection of 2025-03-20 found the work under permit HC-2025-060 defective (cracked "
        "socket at run 2); it must be removed or repaired to conform before approval."
    )
    assert "(cracked socket at run 2); debe retirarse o repararse" in render(message, "es")
    assert "有缺陷（cracked socket at run 2）；核准前必須拆除或修復" in render(message, "zh-Hant")


def test_materials_not_of_the_standard_specifications_are_listed() -> None:
    from sanitas.ordinance.sewers import works

    run = Phrase(
        Message("prm.name.run", {"start": Word("the property line"), "end": Word("the building")})
    )
    message = works._NOT_STANDARD(
        runs=Items((Phrase(works._RUN_IS(run=run, material=Word("PVC")), True),)),
        allowed=Items((Word("vitrified clay"), Word("cast iron")), "or"),
    )
    assert render(message) == (
        "The run from the property line to the building is PVC, not a material of the city's "
        "Standard Specifications for sanitary sewers (vitrified clay or cast iron)."
    )
    assert "Especificaciones Estándar" in render(message, "es")
    assert "標準規範" in render(message, "zh-Hant")


def test_work_recorded_resumed_but_never_started_has_no_void_day_to_print():
    """A permit whose work was recorded resumed, never started, has no day it became
    void: the licence's finding says the work stopped with no later record (it once
    printed "void on None")."""
    from sanitas.ordinance.document import parse_document

    document = parse_document(
        {
            "as_of": "2025-04-30",
            "facts": [
                {"id": "lot-3", "type": "premises", "address": "63 Cypress Ln"},
                {
                    "id": "p1",
                    "type": "permit",
                    "kind": "house_connection",
                    "number": "HC-2025-401",
                    "premises": "lot-3",
                    "issued_on": "2025-04-01",
                    "fees_paid": True,
                    "contractor": "Canyon Sewer Contractors",
                    "contractor_license_expires_on": "2025-04-20",
                },
                {"id": "p1-resumed", "type": "work_resumed", "permit": "p1", "date": "2025-04-02"},
            ],
        },
        source="resumed-never-started",
    )
    [finding] = [
        f for f in document.evaluate().findings if f.requirement == "SEW-PIPE-LAYER-LICENSE"
    ]
    assert finding.status == "met"
    assert finding.explanation.endswith("recorded on 2025-04-02, stopped with no later record.")
    assert "None" not in finding.explanation
    assert render(finding.message, "es").endswith("se detuvo sin ningún registro posterior.")
    assert render(finding.message, "zh-Hant").endswith("停止，其後再無紀錄。")

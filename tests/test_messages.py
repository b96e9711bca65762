"""Explanations as messages with arguments: made without rendering, compared and
written as JSON, rendered in English as the rules declared it and in Spanish and
Traditional Chinese from the catalogs."""

from __future__ import annotations

import ast
import json
import sys
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from sanitas.ordinance import engine
from sanitas.ordinance.engine import Finding, finding_dicts
from sanitas.ordinance.messages import (
    TEMPLATES,
    Cents,
    Count,
    Day,
    Items,
    Message,
    Money,
    Name,
    Phrase,
    Quantity,
    Title,
    Word,
    declare,
    render,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import engine_catalogs  # noqa: E402

_DUMPED = declare("sw.dumping", "{what} was found dumped {where} on {date}, which is unlawful.")
_BURIED = TEMPLATES["sw.no-burial"]


def test_a_message_is_its_id_and_arguments() -> None:
    one = _DUMPED(
        what=Word("garbage", capital=True), where=Word("in the street"), date=Day(date(2025, 5, 4))
    )
    same = _DUMPED(
        date=Day(date(2025, 5, 4)), where=Word("in the street"), what=Word("garbage", capital=True)
    )
    assert one == same and hash(one) == hash(same)
    assert one.id == "sw.dumping" and one.args["where"] == Word("in the street")
    assert one != _DUMPED(what=Word("garbage"), where=Word("in a park"), date=Day(date(2025, 5, 4)))
    with pytest.raises(TypeError, match="missing date"):
        _DUMPED(what=Word("garbage"), where=Word("in a park"))


def test_a_message_goes_to_json_and_back() -> None:
    inner = Message("x.inner", {"owner": Name("Jade Garden")})
    message = Message(
        "x.any",
        {
            "day": Day(date(2027, 2, 1)),
            "when": Day(datetime(2027, 2, 1, 9, 30)),
            "never": Day(None),
            "fine": Money(Decimal("100.50")),
            "whole": Money(100),
            "paid": Cents(155575),
            "n": Count(3),
            "half": Count(Decimal("0.5")),
            "volume": Quantity(Decimal("2.5"), "gallon"),
            "who": Name("Arroyo Pho", capital=True),
            "what": Items((Name("a"), Word("garbage", capital=True)), "or"),
            "all": Items((Count(1), Count(2))),
            "clauses": Items(("a", "b"), ";"),
            "sentences": Items(("A.", "B."), "."),
            "device": Phrase(inner, capital=True),
            "plain_device": Phrase(inner),
            "rule": Title("FOG-MIN-FREQUENCY"),
            "nested": inner,
            "plain": "text",
            "number": 7,
        },
    )
    data = json.loads(json.dumps(message.to_dict()))
    args = data["args"]
    assert data["id"] == "x.any"
    assert args["day"] == {"d": "2027-02-01"} and args["when"] == {"at": "2027-02-01T09:30:00"}
    assert args["who"] == {"name": "Arroyo Pho", "cap": 1}
    assert args["what"] == {"items": [{"name": "a"}, {"w": "garbage", "cap": 1}], "or": 1}
    phrase = {"id": "x.inner", "args": {"owner": {"name": "Jade Garden"}}}
    assert args["device"] == {"p": phrase, "cap": 1} and args["plain_device"] == {"p": phrase}
    assert Message.from_dict(data) == message
    assert Message.from_dict(json.loads(json.dumps(Message("x.bare").to_dict()))) == Message(
        "x.bare"
    )


def test_a_message_stored_in_the_first_form_is_read_as_it_was() -> None:
    """Findings stored before the short form carry each kind by name; they read back
    the same."""
    first = {
        "id": "fog.manifest.lacking",
        "args": {
            "date": {"kind": "Day", "value": {"date": "2024-01-01"}},
            "device": {
                "kind": "Phrase",
                "message": {
                    "id": "fog.name.of",
                    "args": {
                        "kind": {
                            "kind": "Word",
                            "text": "the grease interceptor",
                            "capital": False,
                        },
                        "owner": {"kind": "Name", "text": "Jade Garden", "capital": False},
                    },
                },
                "capital": False,
            },
            "missing": {
                "kind": "Items",
                "items": [{"kind": "Word", "text": "the hauler's address", "capital": False}],
                "conjunction": "or",
            },
            "fine": {"kind": "Money", "amount": {"decimal": "100.50"}},
        },
    }
    read = Message.from_dict(first)
    assert read.args["date"] == Day(date(2024, 1, 1))
    assert read.args["missing"] == Items((Word("the hauler's address"),), "or")
    assert read.args["device"] == Phrase(
        Message(
            "fog.name.of",
            {"kind": Word("the grease interceptor"), "owner": Name("Jade Garden")},
        )
    )
    assert read.args["fine"] == Money(Decimal("100.50"))
    assert Message.from_dict(read.to_dict()) == read


def test_a_stored_argument_of_no_known_form_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="not a stored message argument"):
        Message.from_dict({"id": "x.any", "args": {"day": {"weekday": 3}}})


def test_english_is_the_declared_template_with_todays_forms() -> None:
    message = _DUMPED(
        what=Word("a chemical compound", capital=True),
        where=Word("in a park"),
        date=Day(date(2025, 5, 3)),
    )
    assert (
        render(message)
        == str(message)
        == "A chemical compound was found dumped in a park on 2025-05-03, which is unlawful."
    )
    assert Money(Decimal("1000")).render("en") == "$1,000"
    assert Money(Decimal("2.5")).render("en") == "$2.50"
    assert Items((Name("a"), Name("b"), Name("c")), "or").render("en") == "a, b or c"
    assert Day(datetime(2025, 1, 2, 8, 5)).render("en") == "2025-01-02 08:05"
    assert render("a rule not yet converted") == "a rule not yet converted"


def test_dates_numbers_and_lists_per_language() -> None:
    day = Day(date(2027, 2, 1))
    assert day.render("es") == "1 de febrero de 2027"
    assert day.render("zh-Hant") == "2027年2月1日"
    assert Count(1000).render("es") == "1000" or Count(1000).render("es") == "1.000"
    assert Count(Decimal("2.5")).render("es") == "2,5"
    assert Count(1000).render("zh-Hant") == "1,000"
    assert Items((Name("A"), Name("B"), Name("C"))).render("es") == "A, B y C"
    assert Items((Name("A"), Name("B")), "or").render("es") == "A o B"
    assert Items((Name("A"), Name("B"))).render("zh-Hant") == "A和B"
    assert "100" in Money(100).render("es") and "$" in Money(100).render("es")


def test_the_catalogs_translate_the_converted_rules() -> None:
    message = _DUMPED(
        what=Word("garbage", capital=True), where=Word("in the street"), date=Day(date(2025, 5, 4))
    )
    assert (
        render(message, "es")
        == "Se constató el vertido de basura en la calle el 4 de mayo de 2025, lo cual es ilegal."
    )
    assert render(message, "zh-Hant") == "經查於2025年5月4日有垃圾遭傾倒於街道上，此屬違法行為。"
    buried = Message(
        _BURIED.id, {"premises": Name("12 Alhambra Rd"), "date": Day(date(2025, 5, 10))}
    )
    assert "12 Alhambra Rd" in render(buried, "es") and "10 de mayo de 2025" in render(buried, "es")
    with pytest.raises(ValueError, match="unknown language"):
        render(message, "fr")


def test_the_fog_discharge_findings_read_in_each_language() -> None:
    message = Message(
        "fog.discharge.observed",
        {"date": Day(date(2027, 2, 1)), "establishment": Name("Arroyo Pho")},
    )
    assert render(message) == (
        "On 2027-02-01 the inspector observed Arroyo Pho discharging fats, oils and grease into "
        "the sanitary sewer."
    )
    assert render(message, "es").startswith(
        "El 1 de febrero de 2027, el inspector observó que Arroyo Pho"
    )
    assert render(message, "zh-Hant").startswith("檢查員於2027年2月1日觀察到Arroyo Pho")


def test_plurals_follow_the_count() -> None:
    make = declare("test.outlets", "It has {n} outlet.", plural="It has {n} outlets.", count="n")
    assert render(make(n=Count(1))) == "It has 1 outlet."
    assert render(make(n=Count(3))) == "It has 3 outlets."
    with pytest.raises(ValueError, match="plural needs its count"):
        declare("test.bad", "It has {n} outlet.", plural="It has {n} outlets.")


def test_declaring_an_id_again_with_other_english_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        declare("sw.dumping", "Something else.")


def test_a_finding_keeps_the_message_and_renders_where_read() -> None:
    message = _DUMPED(
        what=Word("garbage", capital=True), where=Word("in the street"), date=Day(date(2025, 5, 4))
    )
    finding = Finding("SW-DUMPING", "d-1", "violation", None, None, "Ch. 50", message)
    assert finding.message is message
    text = "Garbage was found dumped in the street on 2025-05-04, which is unlawful."
    assert finding.explanation == text
    assert finding.as_dict()["explanation"] == text
    assert finding_dicts([finding])[0]["explanation"] == text
    plain = Finding("SW-DUMPING", "d-1", "violation", None, None, "Ch. 50", text)
    assert plain.message is None and plain.explanation == text


def test_the_catalogs_hold_every_message_translated() -> None:
    problems = [p for p in engine_catalogs.problems() if " test." not in p]
    assert not problems, "\n".join(problems)


#: the rule modules whose explanations are still sentences built in place: the list
#: can only shrink, as each module moves to messages
NOT_CONVERTED: set[str] = set()


def _modules_building_sentences() -> set[str]:
    """The area modules that build a sentence in place (an f-string outside the error
    a ``raise`` gives a programmer) and declare no message."""
    out = set()
    for path in sorted((ROOT / "sanitas" / "ordinance").glob("*/*.py")):
        if path.stem == "vocabulary":  # the fact types: their f-strings are data problems
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        raised = {
            id(node)
            for error in ast.walk(tree)
            if isinstance(error, ast.Raise)
            for node in ast.walk(error)
        }
        if any(
            isinstance(node, ast.JoinedStr) and id(node) not in raised for node in ast.walk(tree)
        ) and "declare(" not in path.read_text(encoding="utf-8"):
            out.add(f"{path.parent.name}.{path.stem}")
    return out


def test_the_rules_not_yet_converted_only_shrink() -> None:
    now = _modules_building_sentences()
    assert now <= NOT_CONVERTED, f"new sentences built in place: {sorted(now - NOT_CONVERTED)}"
    assert now >= NOT_CONVERTED, f"converted, take off the list: {sorted(NOT_CONVERTED - now)}"
    assert engine.RULES


def test_the_compiled_catalogs_render_as_the_po_does(tmp_path, monkeypatch) -> None:
    from sanitas.ordinance import messages

    message = Message(
        "sw.no-burial", {"premises": Name("12 Alhambra Rd"), "date": Day(date(2025, 5, 10))}
    )
    from_po = {language: render(message, language) for language in ("es", "zh-Hant")}
    monkeypatch.setattr(messages, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(engine_catalogs, "LOCALE_DIR", tmp_path)
    for locale in ("es", "zh_Hant"):
        folder = tmp_path / locale / "LC_MESSAGES"
        folder.mkdir(parents=True)
        source = ROOT / "sanitas" / "ordinance" / "locale" / locale / "LC_MESSAGES" / "messages.po"
        (folder / "messages.po").write_bytes(source.read_bytes())
    engine_catalogs.compile_all()
    (tmp_path / "es" / "LC_MESSAGES" / "messages.po").unlink()
    (tmp_path / "zh_Hant" / "LC_MESSAGES" / "messages.po").unlink()
    messages.translations.cache_clear()
    try:
        assert {language: render(message, language) for language in from_po} == from_po
    finally:
        messages.translations.cache_clear()


def test_readings_are_messages_said_in_the_readers_language() -> None:
    """A reading made of clauses is one sentence (capital, semicolons, full stop) in
    English as the rules wrote it, and the catalog's in Spanish and Chinese; readings
    that are whole sentences follow one another; each reads back from its stored form."""
    from sanitas.ordinance.messages import reading_clauses, reading_in, reading_sentences

    clause = Word("no date")
    said = reading_clauses([clause, "the second", clause, None])
    assert str(said) == "No date; the second."
    assert render(said, "zh-Hant").endswith("。") and "；" in render(said, "zh-Hant")
    assert render(said, "es").startswith("S")  # "sin fecha", with its capital
    assert reading_clauses([None, ""]) is None
    both = reading_sentences(Phrase(Message("list.clauses", {"first": "A", "rest": "b"})), "C.")
    assert str(both) == "A; b C."
    assert reading_sentences(None, "Only.") == "Only." and reading_sentences() is None
    for reading in (said, both):
        stored = json.loads(json.dumps(reading.to_dict()))
        assert Message.from_dict(stored) == reading
        assert reading_in({"reading": None, "reading_message": stored}) == str(reading)
        assert reading_in({"reading_message": stored}, "zh-Hant") == render(reading, "zh-Hant")
    assert reading_in({"reading": "As written.", "reading_message": None}, "es") == "As written."
    assert reading_in({"reading_message": {"id": "no.such.message"}}) == ""


def test_a_message_inside_a_list_reads_in_the_list_language() -> None:
    """A message given bare among a list's items (a reading's clauses or sentences) is
    rendered in the reader's language, as a Phrase would be; a single Phrase given as
    the only reading is its message."""
    from sanitas.ordinance.messages import reading_clauses, reading_sentences

    first, second = Message("enf.ordinal.3"), Message("enf.ordinal.4")
    for language in ("es", "zh-Hant"):
        clauses = render(reading_clauses([first, second]), language)
        sentences = render(reading_sentences(first, second), language)
        for said in (clauses, sentences):
            assert "third" not in said and "fourth" not in said, (language, said)
    assert str(reading_sentences(first, second)) == "third fourth"
    assert reading_sentences(Phrase(first)) == first

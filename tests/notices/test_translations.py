"""Every notice kind speaks English, Spanish and Traditional Chinese: the check fails
when a kind lacks a language, a string is missing, empty or left in English, or a
placeholder is dropped; when a message the engine names has no words; and when a
legal term is rendered as another legal category (a fine or a penalty as a fee or a
charge), held to the reviewed glossary."""

from __future__ import annotations

import pytest

from sanitas.notices import kinds as notice_kinds
from sanitas.notices.kinds import (
    KIND_PARTS,
    LANGUAGES,
    TRANSLATIONS,
    glossary,
    glossary_problems,
    kinds,
    strings,
    translation_problems,
)
from sanitas.ordinance.notice_terms import message_ids


def test_every_kind_has_every_language_and_nothing_is_untranslated():
    assert set(LANGUAGES) == {"en", "es", "zh-Hant"}
    for language in LANGUAGES:
        assert (TRANSLATIONS / f"{language}.yaml").is_file()
    assert translation_problems() == []
    for key in kinds():
        for language in LANGUAGES:
            for part in KIND_PARTS:
                assert strings(language)[f"kinds.{key}.{part}"].strip(), (language, key, part)


def test_every_message_the_engine_names_has_words_in_every_language():
    """The corrections, deadlines and consequences of notice_kinds.yaml are printed
    from these catalogs: each one the engine can name is written in all three."""
    named = message_ids()
    assert {"service_interceptor", "new_permit", "pay_penalty"} <= named["corrections"]
    assert {"ladder_higher", "ladder_top", "permit_void"} <= named["consequences"]
    for language in LANGUAGES:
        for section, ids in named.items():
            for name in ids:
                assert strings(language)[f"{section}.{name}"].strip(), (language, section, name)


def test_every_catalog_string_holds_to_the_glossary():
    assert glossary_problems() == []


def test_the_glossary_covers_the_legal_terms_in_three_languages():
    terms = glossary()
    for key in (
        "notice of violation",
        "administrative citation",
        "fine",
        "penalty",
        "noncompliance charge",
        "misdemeanor",
        "hearing",
        "appeal",
        "hearing officer",
        "final written order",
        "deadline",
        "service",
        # the programs and the officials who sign for them
        "organic waste",
        "fats, oils and grease",
        "solid waste",
        "code enforcement",
        "public works director",
        "community development director",
    ):
        term = terms[key]
        assert term.english and term.required["es"] and term.required["zh-Hant"], key
    # a fine or a penalty is never a fee or a charge, in either language
    for key in ("fine", "penalty"):
        assert {"cargo", "tarifa"} <= set(terms[key].forbidden["es"])
        assert {"費用", "收費"} <= set(terms[key].forbidden["zh-Hant"])


def test_every_notice_says_the_english_version_controls_in_each_language():
    for language in LANGUAGES:
        assert strings(language)["common.controls"].strip()
    assert "English version controls" in strings("en")["common.controls"]
    assert "prevalece la versión en inglés" in strings("es")["common.controls"]
    assert "以英文版本為準" in strings("zh-Hant")["common.controls"]


@pytest.fixture
def patched(monkeypatch):
    """Replace one language's strings (the caches are cleared before and after)."""

    def patch(language: str, change) -> list[str]:
        real = notice_kinds.catalog
        data = {k: v for k, v in real(language).items()}

        def edited(lang: str):
            if lang == language:
                return change(data)
            return real(lang)

        notice_kinds.strings.cache_clear()
        monkeypatch.setattr(notice_kinds, "catalog", edited)
        try:
            return translation_problems()
        finally:
            notice_kinds.strings.cache_clear()

    return patch


def _without_kind(data):
    kinds_ = dict(data["kinds"])
    kinds_.pop("citation")
    return {**data, "kinds": kinds_}


def _english_left(data):
    kinds_ = {k: dict(v) for k, v in data["kinds"].items()}
    kinds_["sb1383_nov"]["title"] = "Notice of Violation"
    return {**data, "kinds": kinds_}


def _placeholder_dropped(data):
    kinds_ = {k: dict(v) for k, v in data["kinds"].items()}
    kinds_["sb1383_nov"]["appeal"] = "Escriba a la ciudad."
    return {**data, "kinds": kinds_}


def _consequence(data, name: str, words: str):
    consequences = {**data["consequences"], name: words}
    return {**data, "consequences": consequences}


def test_a_kind_without_its_spanish_fails(patched):
    problems = patched("es", _without_kind)
    assert "es: kinds.citation.title: missing" in problems


def test_a_string_left_in_english_fails(patched):
    problems = patched("zh-Hant", _english_left)
    assert "zh-Hant: kinds.sb1383_nov.title: untranslated (same as the English)" in problems


def test_a_dropped_placeholder_fails(patched):
    problems = patched("es", _placeholder_dropped)
    assert any(p.startswith("es: kinds.sb1383_nov.appeal: placeholders []") for p in problems)


@pytest.fixture
def held(monkeypatch):
    """The glossary's problems with one language's strings replaced."""

    def hold(language: str, change) -> list[str]:
        real = notice_kinds.catalog

        def edited(lang: str):
            return change(dict(real(lang))) if lang == language else real(lang)

        notice_kinds.strings.cache_clear()
        monkeypatch.setattr(notice_kinds, "catalog", edited)
        try:
            return glossary_problems()
        finally:
            notice_kinds.strings.cache_clear()

    return hold


def test_spanish_charges_for_fines_fail(held):
    """The contamination notice's "fines or penalties" once read "cargos o multas" in
    Spanish: a charge, not a fine."""
    old = (
        "A partir de la ocasión consecutiva número {fine_from}, la ciudad puede imponer "
        "cargos o multas por el procesamiento de la contaminación. Ocasión {occasion}."
    )
    problems = held("es", lambda d: _consequence(d, "contamination_fines", old))
    assert (
        "es: consequences.contamination_fines: 'cargo' is used where the English says 'fine', "
        "which it must never render"
    ) in problems


def test_chinese_fees_for_penalties_fail(held):
    """… and "污染處理費或罰款" in Chinese: a processing fee, not a fine."""
    old = (
        "這是連續第 {occasion} 次發現污染。"
        "自連續第 {fine_from} 次起，市政府可徵收污染處理費或罰款。"
    )
    problems = held("zh-Hant", lambda d: _consequence(d, "contamination_fines", old))
    assert any(
        p.startswith("zh-Hant: consequences.contamination_fines: '處理費' is used")
        for p in problems
    ), problems


def test_a_legal_term_left_out_fails(held):
    """The English says misdemeanor; a Spanish that says only "infracción" drops the
    crime the section makes it."""
    words = (
        "Una infracción de esta sección se castiga con hasta {fine}, {months} meses "
        "({penalty_cite})."
    )
    problems = held("es", lambda d: _consequence(d, "misdemeanor", words))
    assert any(
        p.startswith("es: consequences.misdemeanor: the English says 'misdemeanor'")
        for p in problems
    ), problems


def test_a_charge_beside_the_fines_it_recovers_is_allowed():
    """§ 51.67(B): the noncompliance charge recovers, among the city's costs, the fines
    imposed on it; "cargo" renders the charge there, not the fines."""
    assert "cargo por incumplimiento" in strings("es")["consequences.fog_charges"]
    assert "multas" in strings("es")["consequences.fog_charges"]
    assert not [p for p in glossary_problems() if "fog_charges" in p]


def test_a_kind_without_english_words_fails(monkeypatch):
    real = dict(kinds())
    extra = real["removal"]
    monkeypatch.setattr(notice_kinds, "kinds", lambda: {**real, "new_kind": extra})
    assert "en: kinds.new_kind.title: missing" in translation_problems()


def test_a_deadline_in_chinese_includes_its_last_day():
    """ "By 2027-01-03" includes the day; "即 2027-01-03 之前" ("before it") can be read as
    ending the day before. Every Chinese sentence that ends a period on a date says
    "at the latest on" it (最遲), and never "before" it."""
    dated = ("{deadline}", "{review_by}", "{appeal_by}")
    chinese = strings("zh-Hant")
    found = {  # the sentences that give so many days, ending on a date
        key: words
        for key, words in chinese.items()
        if "天內" in words and any(d in words for d in dated)
    }
    assert {"deadlines.within_days", "kinds.sb1383_nov.appeal", "kinds.citation.appeal"} <= set(
        found
    )
    for key, words in found.items():
        for placeholder in dated:
            if placeholder in words:
                assert "最遲" in words, key
                assert f"{placeholder} 之前" not in words and f"{placeholder}之前" not in words, key


def test_the_citation_that_follows_a_deadline_is_told_from_its_last_day_in_chinese():
    """ "If you have not complied by the deadline": 期限屆滿時 (when it has run out), not
    期限前 ("before" it)."""
    words = strings("zh-Hant")["consequences.citation_ladder"]
    assert "期限屆滿時" in words and "期限前" not in words


def test_a_certificate_and_a_citation_have_their_own_words_in_every_language():
    """A certificate recites, it does not warn; a citation names the notice it follows."""
    for language in LANGUAGES:
        words = strings(language)
        assert words["common.recites"].strip() and words["common.follows_notice"].strip()
        assert "{served_on}" in words["common.follows_line"]
        assert "{deadline}" in words["common.follows_line"]
    assert strings("es")["common.follows_notice"] == "Aviso de Infracción"
    assert strings("zh-Hant")["common.follows_notice"] == "違規通知"


# --------------------------------------------------------------------------- requirement titles


def test_every_requirement_title_is_translated_into_spanish_and_chinese():
    from sanitas.kit import requirement_titles
    from sanitas.kit.titles import requirement_title_in
    from sanitas.ordinance.catalog import titles

    assert requirement_titles.catalog_problems() == []
    for requirement, english in titles().items():
        for language in ("es", "zh-Hant"):
            words = requirement_title_in(requirement, language)
            assert words.strip() and words != english, (language, requirement)
        assert requirement_title_in(requirement, "en") == english
    assert (
        requirement_title_in("FOG-MIN-FREQUENCY", "es") == "Frecuencia de vaciado del interceptor"
    )
    assert requirement_title_in("FOG-MIN-FREQUENCY", "zh-Hant") == "截流器抽除頻率"


def test_every_requirement_title_holds_to_the_glossary():
    assert notice_kinds.title_glossary_problems() == []


def test_a_title_rendering_a_penalty_as_a_charge_fails(monkeypatch):
    from sanitas.kit import requirement_titles

    real = requirement_titles.entries

    def entries(language):
        held = dict(real(language))
        if language == "es":
            held["ORG-PENALTY-AMOUNTS"] = ("Penalty amounts", "Montos de los cargos", False)
        return held

    monkeypatch.setattr(requirement_titles, "entries", entries)
    problems = notice_kinds.title_glossary_problems()
    assert any("ORG-PENALTY-AMOUNTS" in p and "'penalty'" in p for p in problems), problems
    # the meals a kitchen serves are not the service of a notice; everything else holds
    assert not any("SEW-GREASE-TRAP-MEALS" in p for p in problems)


def test_a_reworded_title_prints_in_english_until_translated_again(tmp_path, monkeypatch):
    from sanitas.kit import requirement_titles

    english = {"FOG-MIN-FREQUENCY": "Interceptor pump-out frequency", "SW-DUMPING": "No dumping"}
    monkeypatch.setattr(requirement_titles, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(requirement_titles, "titles", lambda: dict(english))
    requirement_titles.entries.cache_clear()
    try:
        requirement_titles.write_catalogs(
            {"es": {"FOG-MIN-FREQUENCY": "Frecuencia de vaciado del interceptor"}}
        )
        problems = requirement_titles.catalog_problems()
        assert any("es/LC_MESSAGES/titles.po: SW-DUMPING: untranslated" in p for p in problems)
        assert any("zh_Hant" in p and "FOG-MIN-FREQUENCY: untranslated" in p for p in problems)
        assert (
            requirement_titles.translated("FOG-MIN-FREQUENCY", english["FOG-MIN-FREQUENCY"], "es")
            == "Frecuencia de vaciado del interceptor"
        )
        # the English is reworded: the translation is kept for review, marked fuzzy,
        # and the title prints in English meanwhile
        english["FOG-MIN-FREQUENCY"] = "How often an interceptor is pumped out"
        requirement_titles.write_catalogs()
        po = (tmp_path / "es" / "LC_MESSAGES" / "titles.po").read_text(encoding="utf-8")
        assert "#, fuzzy" in po and "Frecuencia de vaciado del interceptor" in po
        assert '#| msgid "Interceptor pump-out frequency"' in po
        assert (
            requirement_titles.translated("FOG-MIN-FREQUENCY", english["FOG-MIN-FREQUENCY"], "es")
            == english["FOG-MIN-FREQUENCY"]
        )
        assert "es/LC_MESSAGES/titles.po: FOG-MIN-FREQUENCY: fuzzy" in " ".join(
            requirement_titles.catalog_problems()
        )
        # written again from the same titles, the catalog does not change
        requirement_titles.write_catalogs()
        assert (tmp_path / "es" / "LC_MESSAGES" / "titles.po").read_text(encoding="utf-8") == po
    finally:
        requirement_titles.entries.cache_clear()


def test_a_program_named_in_other_words_fails(held):
    def rename(words):
        programs = {key: dict(value) for key, value in words["programs"].items()}
        programs["sb1383"]["office"] = "Programa de basura orgánica SB 1383"
        return {**words, "programs": programs}

    problems = held("es", rename)
    assert (
        "es: programs.sb1383.office: the English says 'organic waste', rendered as "
        "residuos orgánicos; none is used"
    ) in problems
    assert (
        "es: programs.sb1383.office: 'basura orgánica' is used where the English says "
        "'organic waste', which it must never render"
    ) in problems

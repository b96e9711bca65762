"""Every notice kind speaks English, Spanish and Traditional Chinese: the check fails
when a kind lacks a language, a string is missing, empty or left in English, or a
placeholder is dropped."""

from __future__ import annotations

import pytest

from sanitas.notices import kinds as notice_kinds
from sanitas.notices.kinds import LANGUAGES, TRANSLATIONS, kinds, strings, translation_problems


def test_every_kind_has_every_language_and_nothing_is_untranslated():
    assert set(LANGUAGES) == {"en", "es", "zh-Hant"}
    for language in LANGUAGES:
        assert (TRANSLATIONS / f"{language}.yaml").is_file()
    assert translation_problems() == []
    for key in kinds():
        for language in LANGUAGES:
            for part in ("title", "intro", "to_do", "follows", "appeal"):
                assert strings(language)[f"kinds.{key}.{part}"].strip(), (language, key, part)


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
    kinds_["sb1383_nov"]["to_do"] = "Cumpla con el requisito."
    return {**data, "kinds": kinds_}


def test_a_kind_without_its_spanish_fails(patched):
    problems = patched("es", _without_kind)
    assert "es: kinds.citation.title: missing" in problems


def test_a_string_left_in_english_fails(patched):
    problems = patched("zh-Hant", _english_left)
    assert "zh-Hant: kinds.sb1383_nov.title: untranslated (same as the English)" in problems


def test_a_dropped_placeholder_fails(patched):
    problems = patched("es", _placeholder_dropped)
    assert any(p.startswith("es: kinds.sb1383_nov.to_do: placeholders []") for p in problems)


def test_a_kind_without_english_words_fails(monkeypatch):
    real = dict(kinds())
    extra = real["removal"]
    monkeypatch.setattr(notice_kinds, "kinds", lambda: {**real, "new_kind": extra})
    assert "en: kinds.new_kind.title: missing" in translation_problems()

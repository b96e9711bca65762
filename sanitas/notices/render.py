"""The one PDF helper: a notice's content → its HTML → a tagged, letter-size PDF.

WeasyPrint lays out the HTML with the fonts the machine has; the stylesheet names
Noto Sans CJK TC (Debian's fonts-noto-cjk) for Traditional Chinese, DejaVu Sans for
the rest, and no generic family, so that a Chinese notice embeds the Traditional
Chinese face alone. The PDF is PDF/UA-1: tagged, with the document's language and
title, so that a screen reader reads it in order.

Each language's part is wholly in its language but for names, the law's own words
and what staff wrote: its dates as the language writes them (:func:`date_words`),
the requirement's title (:func:`requirement_words`), the program and the signing
official (:func:`signature_words`), the sections quoted in English under the
section's title in the language (:func:`law_quoted`). What was found is rendered at
one place, :func:`found_words`.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from django.template.loader import render_to_string

from sanitas.notices.kinds import (
    LANGUAGE_NAMES,
    LANGUAGES,
    PLACEHOLDER,
    kind,
    missing_values,
    strings,
    text,
)
from sanitas.ordinance.messages import Day
from sanitas.ordinance.words import dollars

PARTS = ("title", "intro", "to_do", "follows", "appeal")
COMMON = (
    "to",
    "copy_to",
    "regarding",
    "requirement",
    "case_code",
    "found",
    "found_language_note",
    "law",
    "law_note",
    "to_do",
    "if_not",
    "recites",
    "follows_notice",
    "appeal",
    "signature",
    "remarks",
    "english_follows",
    "controls",
    "remarks_note",
)


# --------------------------------------------------------------------------- the terms' words


def terms_of(content: dict[str, Any]) -> dict[str, Any]:
    """The legal terms a content carries (the engine's); for content composed before
    it carried them, the kind's defaults with the values it printed."""
    if content.get("terms"):
        return content["terms"]
    law = kind(content["kind"]).law
    values = content.get("values") or {}
    rule = "days" if content.get("deadline_on") else "none"
    consequences = []
    for name in law.consequences:
        if name == "section_penalty":
            if "fine" in values:
                consequences.append({"message": "misdemeanor", "args": {}})
        elif name != "no_certificate":
            consequences.append({"message": name, "args": {}})
    deadline_message = {"days": "within_days", "none": None}[rule]
    if deadline_message and content["kind"] == "citation":
        deadline_message = "pay_within_days"
    return {
        "deadline": {
            "rule": rule,
            "on": content.get("deadline_on"),
            "immediately": False,
            "message": deadline_message,
            "args": {},
        },
        "correction": {"message": law.correction, "args": {}},
        "consequences": consequences,
        "refusals": content.get("refusals") or [],
    }


def _args(values: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    """A message's values: the content's, then the message's own; a value the records
    left empty is no value (its placeholder stays for :func:`blank_problems`)."""
    merged = {**values, **(part.get("args") or {})}
    return {k: v for k, v in merged.items() if v is not None and str(v).strip() != ""}


def pieces(content: dict[str, Any], language: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Every sentence the document prints in ``language`` that has blanks to fill, as
    (part, catalog key, its values): the kind's title, introduction and appeal; the
    correction and its deadline; each consequence; the deadline line and the contact
    line."""
    kind_key = content["kind"]
    terms = terms_of(content)
    values = dict(content.get("values") or {})
    deadline = terms["deadline"]
    out = [
        ("title", f"kinds.{kind_key}.title", values),
        ("intro", f"kinds.{kind_key}.intro", values),
        (
            "to_do",
            f"corrections.{terms['correction']['message']}",
            _args(values, terms["correction"]),
        ),
    ]
    if deadline.get("message"):
        out.append(("to_do", f"deadlines.{deadline['message']}", _args(values, deadline)))
    for consequence in terms["consequences"]:
        out.append(
            ("follows", f"consequences.{consequence['message']}", _args(values, consequence))
        )
    out.append(("appeal", f"kinds.{kind_key}.appeal", _args(values, {})))
    if deadline.get("immediately"):
        out.append(("deadline", "common.deadline_immediately", {"deadline": deadline.get("on")}))
    elif deadline.get("on") or content.get("deadline_on"):
        on = deadline.get("on") or content.get("deadline_on")
        out.append(("deadline", "common.deadline", {"deadline": on}))
    elif not deadline.get("message"):
        out.append(("deadline", "common.no_deadline", {}))
    elif f"common.deadline_{deadline.get('rule')}" in strings("en"):
        # a condition, not a date (the next collection; before work is recommenced)
        out.append(("deadline", f"common.deadline_{deadline['rule']}", {}))
    out.append(("contact", "common.contact", _args(values, {})))
    return out


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def date_words(value: Any, language: str) -> str:
    """A date as the language writes it: English as notices have always printed it
    (2027-02-01), Spanish "1 de febrero de 2027", Traditional Chinese "2027年2月1日".
    A value that is not a date is returned as it is."""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, str) and _ISO_DATE.match(value.strip()):
        try:
            value = date.fromisoformat(value.strip())
        except ValueError:
            return value
    if not isinstance(value, date):
        return "" if value is None else str(value)
    return Day(value).render(language)  # as the engine's messages write a day


def dated(values: dict[str, Any], language: str) -> dict[str, Any]:
    """``values`` with every date in it written as ``language`` writes dates."""
    return {
        key: date_words(value, language)
        if isinstance(value, (date, datetime))
        or (isinstance(value, str) and _ISO_DATE.match(value.strip()))
        else value
        for key, value in values.items()
    }


def _sentence(language: str, key: str, values: dict[str, Any]) -> str:
    return text(language, key, **dated(values, language))


def _part(language: str, content: dict[str, Any], served: dict[str, Any] | None) -> dict[str, Any]:
    labels = {name: text(language, f"common.{name}") for name in COMMON}
    if served is not None:
        method = text(language, f"common.methods.{served['method']}")
        labels["served"] = text(
            language,
            "common.served",
            served_on=date_words(served["served_on"], language),
            method=method,
        )
    else:
        labels["served"] = text(language, "common.draft")
    labels["date_of_notice"] = text(
        language, "common.date_of_notice", served_on=date_words(content["served_on"], language)
    )
    follows = terms_of(content).get("follows")
    if follows:  # a citation names the notice it follows, its service and deadline
        labels["follows_line"] = text(
            language,
            "common.follows_line",
            served_on=date_words(follows["served_on"], language),
            deadline=date_words(follows["deadline"], language),
        )
    out: dict[str, Any] = {
        "language": language,
        "name": LANGUAGE_NAMES[language],
        "labels": labels,
        # a certificate orders nothing and offers no appeal: what follows is what it
        # recites, and it carries no deadline
        "certificate": kind(content["kind"]).fact_type == "final_certificate",
    }
    said: dict[str, list[str]] = {}
    complete: dict[str, bool] = {}
    for part, key, values in pieces(content, language):
        words = _sentence(language, key, values)
        complete[part] = complete.get(part, True) and not missing_values(language, key, values)
        if part in ("deadline", "contact"):
            labels[part] = words
        else:
            said.setdefault(part, []).append(words)
    terms = terms_of(content)
    if "deadline" not in labels:  # a condition, not a date: the sentence says it
        key = f"deadlines.{terms['deadline']['message']}"
        labels["deadline"] = _sentence(language, key, {})
    for part in PARTS:
        out[part] = " ".join(said.get(part, []))
        out[f"{part}_complete"] = complete.get(part, True)
    return out


def blank_problems(content: dict[str, Any]) -> list[str]:
    """Every blank the document would print unfilled, in EVERY language (en, es,
    zh-Hant), one line each naming the language and the part: a placeholder no value
    fills, a value the records left empty, a sentence with no words in the language,
    and a recipient, address or finding missing. Empty when the document is whole (the
    services refuse approval and service otherwise)."""
    problems: list[str] = []
    recipient = content.get("recipient") or {}
    for language in LANGUAGES:
        words = strings(language)
        for part, key, values in pieces(content, language):
            if key not in words:
                problems.append(f"{language}: {part}: no words for {key}")
                continue
            for name in PLACEHOLDER.findall(words[key]):
                if name not in values:
                    problems.append(f"{language}: {part}: {{{name}}} is left unfilled ({key})")
        if not str(recipient.get("name") or "").strip():
            problems.append(f"{language}: to: the recipient's name is missing")
        if not str(recipient.get("address") or "").strip():
            problems.append(f"{language}: to: the recipient's address is missing")
        if not str(content.get("found") or "").strip():
            problems.append(f"{language}: found: what was found is missing")
    return list(dict.fromkeys(problems))


def languages_of(content: dict[str, Any]) -> list[str]:
    """The recipient's language first, then English beside it (English alone when
    the recipient reads English)."""
    first = content["language"] if content["language"] in ("es", "zh-Hant") else "en"
    return [first] if first == "en" else [first, "en"]


def document_html(
    content: dict[str, Any], *, digest: str | None = None, served: dict[str, Any] | None = None
) -> str:
    """The notice as HTML, for the PDF."""
    return render_to_string(
        "notices/pdf/notice.html", document_context(content, digest=digest, served=served)
    )


def found_words(content: dict[str, Any], language: str) -> tuple[str, str]:
    """What was found, as the notice prints it in ``language``, and the language its
    words are in: the one place a notice renders the explanation. The finding's
    explanation is the engine's English sentence as recorded; where the engine said it
    as a message (``found_message``, kept with the draft), it is rendered in
    ``language`` from the engine's catalogs (:func:`sanitas.kit.said.finding_words`).
    A rule that still writes its own sentence, or a notice served before findings
    carried messages, prints the English (with a note that it is in English)."""
    from sanitas.kit.said import finding_words

    english = str(content.get("found") or "")
    message = content.get("found_message")
    if language == "en" or not message:
        return english, "en"
    words = finding_words({"message": message, "explanation": english}, language)
    return words, (language if words != english else "en")


def subject_words(content: dict[str, Any], language: str) -> tuple[str, str]:
    """What the notice is about (its "Regarding" line) in ``language`` and the language
    it is in: the subject as the engine names it (``subject_message``) rendered from its
    catalogs; the English as recorded in English, and for a notice drafted before
    subjects carried messages."""
    from sanitas.ordinance.messages import Message, render

    english = str(content.get("subject_name") or "")
    message = content.get("subject_message")
    if language == "en" or not message:
        return english, "en"
    try:
        return render(Message.from_dict(message), language), language
    except (KeyError, TypeError, ValueError):  # a message this engine no longer declares
        return english, "en"


def requirement_words(content: dict[str, Any], language: str) -> tuple[str, str]:
    """The requirement's title in ``language`` and the language it is in: the
    catalog's translation of the title (:func:`sanitas.kit.titles.requirement_title_in`)
    where the notice names the requirement by its title; what the notice names instead
    (what a recipient did, for a finding that is the city's own duty) in English."""
    # the catalog's titles alone, not sanitas.kit.titles (which names records too), so
    # that a document renders without the records' models (scripts/review_notices.py)
    from sanitas.kit.requirement_titles import english_title, translated

    printed = str(content.get("requirement_title") or "")
    requirement = content.get("requirement") or ""
    titled = english_title(requirement)
    if language == "en" or printed != titled:
        return printed, "en"
    words = translated(requirement, titled, language)
    return words, (language if words != printed else "en")


def signature_words(content: dict[str, Any], language: str) -> dict[str, str]:
    """The program of the letterhead (``office``) and the signing official's title
    (``title``) in ``language``, with the language of each: the catalog's words for
    the program while the rule pack's English is the English the catalog translates,
    the pack's English otherwise."""
    signature = content.get("signature") or {}
    english = strings("en")
    theirs = strings(language)
    out: dict[str, str] = {}
    for field in ("office", "title"):
        printed = str(signature.get(field) or "")
        out[field], out[f"{field}_lang"] = printed, "en"
        for key, words in english.items():
            if key.startswith("programs.") and key.endswith(f".{field}") and words == printed:
                if theirs.get(key):
                    out[field], out[f"{field}_lang"] = theirs[key], language
                break
    return out


def law_quoted(content: dict[str, Any], language: str) -> list[dict[str, str]]:
    """The sections the notice quotes, their words in English as adopted, each headed
    by its cite and, for the section of the notice's own requirement, the
    requirement's title in ``language``."""
    title, title_lang = requirement_words(content, language)
    out = []
    for item in content.get("law") or []:
        own = item.get("cite") == content.get("cite")
        out.append(
            {
                "cite": item.get("cite") or "",
                "words": item.get("words") or "",
                "title": title if own and title_lang != "en" else "",
                "title_lang": title_lang,
            }
        )
    return out


def document_context(
    content: dict[str, Any], *, digest: str | None = None, served: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the notice's template prints (the PDF's and the page's preview alike)."""
    parts = [_part(language, content, served) for language in languages_of(content)]
    for part in parts:
        language = part["language"]
        part["found"], part["found_lang"] = found_words(content, language)
        part["subject"], part["subject_lang"] = subject_words(content, language)
        part["requirement_title"], part["requirement_lang"] = requirement_words(content, language)
        part["signature"] = signature_words(content, language)
        part["law"] = law_quoted(content, language)
        part["en_title"] = text("en", f"kinds.{content['kind']}.title")
        part["digest_line"] = (
            text(language, "common.digest", digest=digest)
            if digest
            else text(language, "common.digest_draft")
        )
    return {"c": content, "parts": parts, "lead": parts[0], "digest": digest, "served": served}


def frozen_body(html: str) -> str:
    """The body of a served notice's frozen HTML, as a page shows it: every word as
    served (the catalogs may have changed since; a served notice never does), its
    headings two levels down, under the page's own."""
    body = html.split("<body>", 1)[-1].rsplit("</body>", 1)[0]
    return re.sub(r"<(/?)h([1-4])\b", lambda m: f"<{m[1]}h{int(m[2]) + 2}", body)


def pdf(html: str) -> bytes:
    """A tagged (PDF/UA-1), letter-size PDF of ``html``."""
    import weasyprint

    return weasyprint.HTML(string=html).write_pdf(pdf_variant="pdf/ua-1")


def batch_pdf(htmls: list[str]) -> bytes:
    """One PDF of many documents, for the mail house: each starts on a new page."""
    import weasyprint

    documents = [weasyprint.HTML(string=html).render(pdf_variant="pdf/ua-1") for html in htmls]
    if not documents:
        raise ValueError("a batch needs at least one notice")
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(pdf_variant="pdf/ua-1")


def order_html(
    *,
    hearing: Any,
    citation: Any,
    officer_name: str | None = None,
    officer_title: str | None = None,
) -> str:
    """The hearing officer's final written order, as HTML: in the respondent's
    language frame like the citation (its language first, then English), with the
    officer's findings and reasons, signed with the officer's full name and title."""
    from sanitas.records.sweep import jurisdiction_pack

    pack = jurisdiction_pack()
    content = citation.content_snapshot
    name = officer_name if officer_name is not None else getattr(hearing, "officer_name", "")
    title = officer_title if officer_title is not None else getattr(hearing, "officer_title", "")
    amount = dollars(hearing.amount) if getattr(hearing, "amount", None) is not None else ""
    cited = dollars(citation.amount) if getattr(citation, "amount", None) is not None else None
    served_on = citation.served_on.isoformat() if citation.served_on else ""
    decided_on = hearing.decided_on.isoformat() if hearing.decided_on else ""
    parts = []
    for language in languages_of(content):
        labels = {key.split(".", 1)[1]: value for key, value in _order_words(language).items()}
        labels["served"] = text(
            language,
            "order.served",
            code=citation.code,
            served_on=date_words(served_on, language),
        )
        labels["date"] = text(language, "order.date", decided_on=date_words(decided_on, language))
        labels["decision"] = (
            text(language, f"order.{hearing.decision}", amount=amount) if hearing.decision else ""
        )
        labels["penalty"] = cited if cited is not None else labels["none"]
        labels["controls"] = text(language, "common.controls")
        parts.append({"language": language, "name": LANGUAGE_NAMES[language], "labels": labels})
    return render_to_string(
        "notices/pdf/order.html",
        {
            "hearing": hearing,
            "citation": citation,
            "c": content,
            "parts": parts,
            "lead": parts[0],
            "findings": getattr(hearing, "findings", "") or "",
            "reasons": getattr(hearing, "reasons", "") or "",
            "directs": getattr(hearing, "order_text", "") or "",
            "officer_name": name or "",
            "officer_title": title or "",
            "letterhead": pack.value("notice.letterhead", hearing.decided_on),
        },
    )


def _order_words(language: str) -> dict[str, str]:
    return {k: v for k, v in strings(language).items() if k.startswith("order.")}

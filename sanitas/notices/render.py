"""The one PDF helper: a notice's content → its HTML → a tagged, letter-size PDF.

WeasyPrint lays out the HTML with the fonts the machine has; the stylesheet names
Noto Sans CJK TC (Debian's fonts-noto-cjk) for Traditional Chinese, DejaVu Sans for
the rest. The PDF is PDF/UA-1: tagged, with the document's language and title, so
that a screen reader reads it in order.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from sanitas.notices.kinds import LANGUAGE_NAMES, missing_values, text

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
    "appeal",
    "signature",
    "remarks",
    "english_follows",
)


def _part(language: str, content: dict[str, Any], served: dict[str, Any] | None) -> dict[str, Any]:
    values = dict(content["values"])
    kind = content["kind"]
    labels = {name: text(language, f"common.{name}") for name in COMMON}
    if served is not None:
        method = text(language, f"common.methods.{served['method']}")
        labels["served"] = text(
            language, "common.served", served_on=served["served_on"], method=method
        )
    else:
        labels["served"] = text(language, "common.draft")
    labels["date_of_notice"] = text(
        language, "common.date_of_notice", served_on=content["served_on"]
    )
    labels["contact"] = text(language, "common.contact", **values)
    deadline_key = "common.deadline" if content["deadline_on"] else "common.no_deadline"
    labels["deadline"] = text(language, deadline_key, deadline=content["deadline_on"])
    out = {"language": language, "name": LANGUAGE_NAMES[language], "labels": labels}
    for part in PARTS:
        key = f"kinds.{kind}.{part}"
        out[part] = text(language, key, **values)
        out[f"{part}_complete"] = not missing_values(language, key, values)
    return out


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


def document_context(
    content: dict[str, Any], *, digest: str | None = None, served: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What the notice's template prints (the PDF's and the page's preview alike)."""
    parts = [_part(language, content, served) for language in languages_of(content)]
    for part in parts:
        language = part["language"]
        part["en_title"] = text("en", f"kinds.{content['kind']}.title")
        part["digest_line"] = (
            text(language, "common.digest", digest=digest)
            if digest
            else text(language, "common.digest_draft")
        )
    return {"c": content, "parts": parts, "lead": parts[0], "digest": digest, "served": served}


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


def order_html(*, hearing: Any, citation: Any) -> str:
    """The hearing officer's final written order, as HTML."""
    from sanitas.records.sweep import jurisdiction_pack

    pack = jurisdiction_pack()
    content = citation.content_snapshot
    return render_to_string(
        "notices/pdf/order.html",
        {
            "hearing": hearing,
            "citation": citation,
            "c": content,
            "letterhead": pack.value("notice.letterhead", hearing.decided_on),
        },
    )

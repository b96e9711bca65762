"""Draw the legal review's drafted notices: one of each kind the demo city can call for.

    .venv/bin/python scripts/review_notices.py [--seed 2612] [--count 10] [--as-of 2026-12-04]
        [--languages es,zh-Hant] [--no-text]

The demo city is built for the as-of date (`sanitas demo` builds the same one) and
evaluated by the engine alone. Every finding a kind of notice answers (the kinds'
``answers`` in sanitas/ordinance/notice_kinds.yaml; the first kind offered, as
drafting offers it) is a candidate, and a draft is composed for service on the
as-of date (``sanitas.notices.compose.content`` over the law's ``notice_document``) as
the notices app drafts one from
a stored finding: what was found is the finding's explanation, the requirement its
cite. A certificate of final inspection is a candidate only for a permit whose
certificate may issue, a citation only for a notice on record whose deadline passed
uncorrected, and no finding is one while a notice of the same kind on record still
gives time to comply with it, as drafting refuses the others.

The draw, with a fixed seed, takes one candidate of each stratum (each kind; the
notice of noncompliance twice: once for FOG-25-PERCENT, whose section says
"immediately", once for another FOG finding), the first of the stratum that may
issue on the day where one may, then the rest of ``count`` from every candidate
left, so that the same command draws the same notices while the rules and the
city's records stand. For each it prints the finding and the facts behind it, the
engine's terms (deadline, correction, consequences, ladder, review or appeal, cites,
recipient, refusals), the blanks the document would print unfilled, and the full
text of the document as rendered (the template the PDF is made from): in the
recipient's language with English after it, and for each of ``--languages`` with
that language set. For a permit already finaled, the certificate of final
inspection as drafted for the day it was issued is printed too (the records as they
stood before it), so that a certificate that may issue is read. The verdicts are
the reviewer's, written into docs/legal-review.md ("Drafted notices").
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from datetime import date
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from review_sample import _fields, _references, related_facts  # noqa: E402

from sanitas.ordinance.catalog import title  # noqa: E402
from sanitas.ordinance.document import parse_document  # noqa: E402
from sanitas.ordinance.engine import evaluate_facts  # noqa: E402
from sanitas.ordinance.pack import load_pack  # noqa: E402

#: the letters of a case code, as the notices app draws them (no 0/O, 1/I/L)
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: the stratum FOG-25-PERCENT is drawn from apart: its section says "immediately"
IMMEDIATE = "FOG-25-PERCENT"


def _setup_templates() -> None:
    """Django's template engine alone, over the notices app's templates: the same
    template the PDF is made from, without a database or the site's settings."""
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure(
            TEMPLATES=[
                {
                    "BACKEND": "django.template.backends.django.DjangoTemplates",
                    "DIRS": [str(ROOT / "sanitas" / "notices" / "templates")],
                }
            ],
            USE_TZ=True,
        )
        django.setup()


class _Text(HTMLParser):
    """A rendered document as the text a reader reads: one line per block, the
    stylesheet and the document's head left out."""

    BLOCKS = frozenset(
        {"p", "h1", "h2", "h3", "dt", "dd", "div", "blockquote", "section", "header", "br"}
    )

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = [""]
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("style", "title", "head"):
            self.skip += 1
        elif tag in self.BLOCKS or tag == "cite":
            self.lines.append("")
        if tag == "span" and ("class", "subtitle") in attrs:
            self.lines.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "title", "head"):
            self.skip -= 1
        elif tag in self.BLOCKS or tag == "cite":
            self.lines.append("")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.lines[-1] += data

    def text(self) -> str:
        lines = [" ".join(line.split()) for line in self.lines]
        return "\n".join(line for line in lines if line)


def document_text(content: dict[str, Any]) -> str:
    """The document's text as the PDF prints it (its HTML, rendered by the template)."""
    from sanitas.notices.render import document_html

    parser = _Text()
    parser.feed(document_html(content))
    return parser.text()


def candidates(evaluation, raw: list[dict], as_of: date, pack) -> list[dict[str, Any]]:
    """Every finding a notice answers, with the kind drafting would offer first, as one
    dict each (``kind``, ``finding``, ``target``); certificates one per permit that may
    have one; citations only on a notice whose deadline passed uncorrected."""
    from sanitas.notices import compose
    from sanitas.notices.kinds import kinds_for
    from sanitas.ordinance.notice_terms import TermsError, resolve_target, running_notice

    ctx = compose.context(raw, as_of, pack)
    ready = {
        d.subject for d in evaluation.derived if d.name == "certificate_ready" and d.value is True
    }
    out: list[dict[str, Any]] = []
    permits_seen: set[str] = set()
    for finding in evaluation.findings:
        offered = kinds_for(finding.requirement, finding.status, pack, as_of)
        if not offered:
            continue
        try:  # the first kind offered, as drafting offers it (compose.target_of)
            found = resolve_target(offered[0].key, finding.requirement, finding.subject, ctx)
        except TermsError:
            continue
        if running_notice(found, ctx) is not None:  # drafting refuses it (compose.target_of)
            continue
        target = compose.Target(offered[0], found.subject, found.requirement, found.notice)
        if target.kind.key == "final_certificate":
            if target.subject in permits_seen:
                continue
            permits_seen.add(target.subject)
            if target.subject not in ready:  # drafting refuses it (services)
                continue
        out.append({"kind": target.kind.key, "finding": finding, "target": target})
    return out


def stratum(candidate: dict[str, Any]) -> str:
    if candidate["kind"] == "fog_noncompliance" and candidate["finding"].requirement == IMMEDIATE:
        return f"fog_noncompliance ({IMMEDIATE})"
    return candidate["kind"]


def draw(pool: list[dict[str, Any]], count: int, seed: int, issuable) -> list[dict[str, Any]]:
    """With ``random.Random(seed)``: for each stratum, in the order it first occurs in
    the engine's findings, its candidates shuffled and the first that may issue on
    the day (``issuable``: no refusal), so that every kind's printed terms are read,
    or the first of them where none may (its refusal is judged); then the rest of
    ``count`` from every candidate left, refused or not, so that refusals are judged
    too."""
    rng = random.Random(seed)
    strata: dict[str, list[dict[str, Any]]] = {}
    for candidate in pool:
        strata.setdefault(stratum(candidate), []).append(candidate)
    chosen: list[dict[str, Any]] = []
    for group in strata.values():
        shuffled = rng.sample(group, len(group))
        pick = next((c for c in shuffled if issuable(c)), shuffled[0])
        if len(chosen) < count:
            chosen.append(pick)
    left = [c for c in pool if not any(c is d for d in chosen)]
    chosen += rng.sample(left, min(count - len(chosen), len(left)))
    return chosen


def _code(seed: int, candidate: dict[str, Any]) -> str:
    """A case code as the notices app draws one, fixed for the seed and the finding."""
    finding = candidate["finding"]
    rng = random.Random(f"{seed}/{finding.requirement}/{finding.subject}/{finding.period}")
    return "SG-" + "".join(rng.choice(CODE_LETTERS) for _ in range(6))


class Drafts:
    """The drafts' contents for service on the as-of date, each composed once, as the
    notices app composes a draft from a stored finding."""

    def __init__(self, evaluation, facts: list, raw: list[dict], as_of: date, pack, seed: int):
        self.evaluation = evaluation
        self.facts = {f.id: f for f in facts if f.id is not None}
        self.raw = raw
        self.as_of = as_of
        self.pack = pack
        self.seed = seed
        self.derived = {(d.subject, d.name): d.value for d in evaluation.derived}
        self.made: dict[int, dict[str, Any]] = {}

    def content(self, candidate: dict[str, Any]) -> dict[str, Any]:
        key = id(candidate)
        if key not in self.made:
            self.made[key] = self._compose(candidate)
        return self.made[key]

    def issuable(self, candidate: dict[str, Any]) -> bool:
        return not self.content(candidate)["refusals"]

    def _compose(self, candidate: dict[str, Any]) -> dict[str, Any]:
        """As ``services.preview`` composes a draft: what was found is the finding's
        explanation, the requirement its cite; a citation says what the notice it
        follows found and that its deadline passed, and states the amount the ladder
        allows (as drafting a citation sets it)."""
        from sanitas.notices.kinds import kind

        finding, target = candidate["finding"], candidate["target"]
        key = target.kind.key
        code = _code(self.seed, candidate)
        prefix = {"citation": "citation", "final_certificate": "certificate"}.get(key, "notice")
        common: dict[str, Any] = {
            "code": code,
            "fact_key": f"{prefix}-{code.lower()}",
            "served_on": self.as_of,
            "raw": self.raw,
        }
        if key == "citation":
            found, cite = self._followed(target)
            draft = self._content(target, found=found, cite=cite, **common)
            amount = Decimal(str(draft["ceiling"])) if draft["ceiling"] else None
            return self._content(target, found=found, cite=cite, amount=amount, **common)
        cite = kind(key).authority["cite"] if key == "final_certificate" else finding.cite
        # as the app previews a draft: the finding the terms answer is the target's,
        # in the status the records show on the day (the law's default)
        said = finding.message
        return self._content(
            target,
            found=finding.explanation,
            cite=cite,
            found_message=said.to_dict() if said is not None else None,
            **common,
        )

    def _content(
        self,
        target,
        *,
        code: str,
        fact_key: str,
        served_on: date,
        raw: list[dict[str, Any]],
        found: str,
        cite: str,
        amount: Decimal | None = None,
        found_message: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """What the document prints, as the app's preview composes it: the law's
        document for the day (``notice_document``), laid out by ``compose.content``."""
        from sanitas.notices import compose
        from sanitas.ordinance.notice_terms import notice_document

        asked = compose.ask(
            target, fact_key=fact_key, served_on=served_on, cite=cite, amount=amount
        )
        return compose.content(
            notice_document(asked, raw, self.pack),
            code=code,
            found=found,
            found_message=found_message,  # as a draft keeps the finding's message
        )

    def as_issued(self, candidate: dict[str, Any]) -> tuple[date, dict[str, Any]] | None:
        """For a permit the records show finaled: its certificate of final inspection
        as drafted for the day it was issued, on the records as they stood before it
        (the certificate itself left out), so that a certificate that may issue is
        read where none may on the as-of date; None for any other candidate."""
        from sanitas.notices.kinds import kind

        target = candidate["target"]
        if target.kind.key != "final_certificate":
            return None
        issued = [
            f
            for f in self.facts.values()
            if f.type == "final_certificate" and f.permit == target.subject
        ]
        if not issued:
            return None
        day = min(f.date for f in issued)
        left_out = {f.id for f in issued}
        raw = [f for f in self.raw if f.get("id") not in left_out]
        code = _code(self.seed + 1, candidate)
        content = self._content(
            target,
            code=code,
            fact_key=f"certificate-{code.lower()}",
            served_on=day,
            raw=raw,
            found=candidate["finding"].explanation,
            cite=kind("final_certificate").authority["cite"],
        )
        return day, content

    def _followed(self, target) -> tuple[str, str]:
        """A citation's "what was found" and cite, as drafting a citation writes them:
        what the notice it follows found (here the finding of its requirement it
        answered, the last one due by its issue), then that its deadline passed."""
        from sanitas.notices.kinds import kind
        from sanitas.ordinance.notice_terms import requirement_cite

        notice = self.facts[target.notice_fact]
        answered = [
            f
            for f in self.evaluation.findings
            if f.requirement == notice.requirement
            and f.subject == notice.subject
            and f.status != "met"
            and (f.due is None or f.due <= notice.issued_on)
        ]
        deadline = self.derived.get((notice.id, "nov_compliance_due"))
        found = (
            f"{answered[-1].explanation if answered else ''} {kind('sb1383_nov').title()}, "
            f"served {notice.issued_on}, set a deadline of {deadline} that passed without "
            "compliance."
        ).strip()
        cite = answered[-1].cite if answered else requirement_cite(notice.requirement)
        return found, cite


def _terms_lines(content: dict[str, Any]) -> list[str]:
    terms = content["terms"]
    deadline = terms["deadline"]
    lines = [
        f"- deadline: rule {deadline['rule']}, on {deadline['on'] or '—'}"
        + (f", {deadline['days']} days" if deadline.get("days") is not None else "")
        + (" (immediately)" if deadline.get("immediately") else "")
        + (f"; reading: {deadline['reading']}" if deadline.get("reading") else ""),
        f"- correction: {terms['correction']['message']} {terms['correction']['args'] or ''}",
        "- consequences: "
        + (
            "; ".join(
                f"{c['message']} {c['args'] or ''} [{c['cite']}]" for c in terms["consequences"]
            )
            or "none"
        ),
    ]
    if terms.get("penalty"):
        p = terms["penalty"]
        lines.append(
            f"- ladder: violation {p['ordinal']}, step {p['step']}, ceiling ${p['ceiling']}, "
            f"higher step: {p['next_ceiling'] if p['further'] else 'none (top)'}"
        )
    appeal = terms["appeal"]
    lines.append(f"- review/appeal: {appeal['rule']} {appeal.get('args') or ''}")
    lines.append("- cites: " + "; ".join(c["cite"] for c in terms["cites"]))
    recipient = content["recipient"]
    copies = ", ".join(f"{c['name']} ({c['language']})" for c in recipient.get("copies", []))
    lines.append(
        f"- recipient: {recipient['name']}, {recipient['address']} "
        f"(rule {recipient.get('rule')}, reads {recipient['language']})"
        + (f"; copy to {copies}" if copies else "")
    )
    lines.append(f"- engine fact: {terms['fact']}")
    lines.append("- refusals: " + ("; ".join(content["refusals"]) or "none"))
    return lines


def _print_text(number: int, note: str, content: dict[str, Any], languages: list[str]) -> None:
    """The document's text in the recipient's language (English after it), then with
    each of ``languages`` set as the recipient's."""
    printed = [content["language"]] + [lang for lang in languages if lang != content["language"]]
    for language in printed:
        shown = dict(content)
        if language != content["language"]:
            shown["language"] = language
            shown["recipient"] = {**content["recipient"], "language": language}
        head = "as drafted" if language == content["language"] else "set to"
        print(f"\n### {number}{note}. {head} {language}\n")
        print("```")
        print(document_text(shown))
        print("```")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=2612)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--as-of", type=date.fromisoformat, default=date(2026, 12, 4))
    parser.add_argument(
        "--languages",
        default="es,zh-Hant",
        help="the languages each document is also printed in, set as the recipient's",
    )
    parser.add_argument("--no-text", action="store_true", help="leave out the documents' text")
    args = parser.parse_args(argv)
    languages = [lang for lang in args.languages.split(",") if lang]

    from sanitas.demo import DemoCity
    from sanitas.notices.kinds import LANGUAGES
    from sanitas.notices.render import blank_problems

    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown:
        parser.error(f"--languages: {', '.join(unknown)}: not one of {', '.join(LANGUAGES)}")
    _setup_templates()
    pack = load_pack("san-gabriel")
    raw_document = DemoCity(as_of=args.as_of).document()
    raw = list(raw_document["facts"])
    document = parse_document(raw_document, source="demo city")
    evaluation = evaluate_facts(document.facts, as_of=args.as_of, pack=pack)
    pool = candidates(evaluation, raw, args.as_of, pack)
    drafts = Drafts(evaluation, document.facts, raw, args.as_of, pack, args.seed)
    sample = draw(pool, args.count, args.seed, drafts.issuable)
    by_id = {f.id: f for f in document.facts if f.id is not None}
    referring: dict[str, list] = {}
    for fact in document.facts:
        for ident in _references(_fields(fact), by_id):
            referring.setdefault(ident, []).append(fact)

    counts = Counter(stratum(c) for c in pool)
    listed = ", ".join(f"{n} {name}" for name, n in counts.items())
    print(
        f"{len(evaluation.findings)} findings as of {args.as_of}; {len(pool)} a notice "
        f"answers ({listed}); {len(sample)} drawn with seed {args.seed}, composed for "
        f"service on {args.as_of}\n"
    )
    for number, candidate in enumerate(sample, 1):
        finding, target = candidate["finding"], candidate["target"]
        content = drafts.content(candidate)
        named = f"{finding.requirement} — {title(finding.requirement)}"
        print(f"## {number}. {candidate['kind']}: {named}")
        print(
            f"- finding: subject `{finding.subject}`, **{finding.status}**, "
            f"due {finding.due or '—'}, {finding.cite}"
            + (f", period {finding.period}" if finding.period else "")
        )
        print(f"- explanation: {finding.explanation}")
        if finding.reading:
            print(f"- reading: {finding.reading}")
        if target.subject != finding.subject or target.requirement != finding.requirement:
            print(
                f"- the document names: subject `{target.subject}`, {target.requirement}"
                + (f", following notice `{target.notice_fact}`" if target.notice_fact else "")
            )
        print("\n".join(_terms_lines(content)))
        blanks = blank_problems(content)
        print("- blanks unfilled: " + ("; ".join(blanks) or "none"))
        subject = finding.subject if finding.subject in by_id else target.subject
        if subject in by_id:
            print("- facts:")
            print("\n".join(related_facts(subject, by_id, referring)))
        if not args.no_text:
            _print_text(number, "", content, languages)
        issued = drafts.as_issued(candidate)
        if issued is not None:
            day, earlier = issued
            print(f"\n### {number}. the certificate as drafted for the day it was issued, {day}\n")
            print("\n".join(_terms_lines(earlier)))
            print("- blanks unfilled: " + ("; ".join(blank_problems(earlier)) or "none"))
            if not args.no_text:
                _print_text(number, f" (as issued {day})", earlier, languages)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

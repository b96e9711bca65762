"""The reports' contents, computed from the city as the engine saw it on the report's
day (:class:`sanitas.reports.selectors.City`): no database, no clock, so a test can
give it a city and check every figure.

A report is sections; a section is figures (a count or an amount, each labelled
with the requirement it reports on) and, for the Implementation Record, a table of
the records behind them. Events (inspections, notices, waivers granted, reports
received) count when they fall in the reporting period; standing things (premises,
generators, services and waivers in effect) as they stood on the as-of day.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy

from sanitas.ordinance.catalog import cite, title
from sanitas.ordinance.words import words
from sanitas.reports import ear

#: the report kinds, in the order the reports' page lists them
#: (their names and descriptions in the language of the page that shows them; the
#: files a build writes name the report in English, :func:`english_name`)
REPORTS: dict[str, Any] = {
    "sb1383": gettext_lazy("SB 1383 annual report figures"),
    "implementation_record": gettext_lazy("SB 1383 Implementation Record"),
    "fog": gettext_lazy("FOG program report"),
}
DESCRIPTIONS: dict[str, Any] = {
    "sb1383": gettext_lazy(
        "What the city reports to the state each year about its Chapter 50 SB 1383 "
        "program: premises and their service, waivers, edible food generators and food "
        "recovery, inspections, contamination, notices, citations, extensions and appeals."
    ),
    "implementation_record": gettext_lazy(
        "The records behind the SB 1383 figures, one sheet per area: "
        "premises, waivers, generators and their agreements, food recovery organizations, "
        "inspections, notices, citations, extensions and appeals."
    ),
    "fog": gettext_lazy(
        "Chapter 51's fats, oils and grease program: food service establishments, "
        "interceptors, pump-outs done and late, incomplete manifests, training gaps, "
        "inspections and notices."
    ),
}


def english_name(report: str) -> str:
    """A report's name in English, as its files (the workbook's and the PDF's titles)
    and its job's parameters keep it, whatever the language of the page that started
    the build or of the worker that builds it."""
    with translation.override("en"):
        return str(REPORTS[report])


#: the engine's findings the reports count (the rest of the law need not run)
COUNTED_REQUIREMENTS = (
    "ORG-CONTAMINATION-NOV",
    "FOG-INTERCEPTOR-REQUIRED",
    "FOG-MIN-FREQUENCY",
    "FOG-HAULER-MANIFEST",
    "FOG-TRAINING-NEW-HIRE",
    "FOG-TRAINING-SEMIANNUAL",
)
#: findings of an obligation not met: done late, overdue, or in violation
UNMET = ("late", "overdue", "violation")
CLASSES = (
    ("single_family", "Single-family premises"),
    ("multi_family", "Multi-family premises"),
    ("commercial", "Commercial premises"),
    ("non_local", "Premises of non-local entities"),
    (None, "Premises whose class the records do not decide"),
)
CLASS_WORDS = {
    "single_family": "single-family",
    "multi_family": "multi-family",
    "commercial": "commercial",
    "non_local": "non-local entity",
}
FOOD_RECOVERY = ("food_recovery_organization", "food_recovery_service")


@dataclass(frozen=True)
class Period:
    start: date
    end: date
    as_of: date

    def holds(self, day: Any) -> bool:
        day = _day(day)
        return day is not None and self.start <= day <= self.end

    @property
    def words(self) -> str:
        whole = (self.start.month, self.start.day, self.end.month, self.end.day) == (1, 1, 12, 31)
        if whole and self.start.year == self.end.year:
            return f"calendar year {self.start.year}"
        return f"{_people(self.start)} to {_people(self.end)}"


@dataclass
class Figure:
    label: str
    #: a count or an amount; text for unit "text"; None for a line the report does not
    #: answer with a figure (answer "not_applicable" or "enter_yourself")
    value: int | Decimal | str | None
    requirement: str
    #: "count", "dollars", "pounds" or "text"
    unit: str = "count"
    #: the § 18994.2 subsection the figure answers (the SB 1383 annual report's lines)
    subsection: str = ""
    #: "figure", or how the state's question is answered without one (sanitas.reports.ear)
    answer: str = "figure"
    #: why a line has no figure, in English (the pages say it in the reader's language)
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        out = {
            "label": self.label,
            "value": str(self.value) if isinstance(self.value, Decimal) else self.value,
            "unit": self.unit,
            "requirement": self.requirement,
            "title": title(self.requirement) if self.requirement else "",
            "section": cite(self.requirement) if self.requirement else "",
        }
        if self.subsection:
            out |= {
                "subsection": self.subsection,
                "words": ear.items()[self.subsection].words["en"],
                "answer": self.answer,
                "reason": self.reason,
            }
        return out


@dataclass
class Table:
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)


@dataclass
class Section:
    title: str
    #: the requirement the section's records answer to (its sheet's heading)
    requirement: str
    figures: list[Figure] = field(default_factory=list)
    table: Table | None = None
    #: the lettered § 18994.2 subsection the section is (the SB 1383 annual report's)
    subsection: str = ""

    def add(
        self,
        label: str,
        value: int | Decimal | str,
        requirement: str = "",
        unit: str = "count",
        *,
        ear: str = "",
    ):
        self.figures.append(
            Figure(label, value, requirement or self.requirement, unit, subsection=ear)
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "subsection": self.subsection,
            "requirement": self.requirement,
            "requirement_title": title(self.requirement) if self.requirement else "",
            "section": cite(self.requirement) if self.requirement else "",
            "figures": [f.as_dict() for f in self.figures],
            "rows": len(self.table.rows) if self.table is not None else None,
        }


def _day(value: Any) -> date | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return date.fromisoformat(value[:10])
    return value.date() if hasattr(value, "date") and callable(value.date) else value


def _people(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _in_effect(start: Any, end: Any, day: date) -> bool:
    start, end = _day(start), _day(end)
    return (start is None or start <= day) and (end is None or end >= day)


# --------------------------------------------------------------------------- what the records hold


class Facts:
    """The city's records read for the reports: who is where, what serves whom."""

    def __init__(self, city: Any, period: Period) -> None:
        self.city = city
        self.period = period
        self.premises = city.by_key("premises")
        self.establishments = city.by_key("establishment")

    def premises_of(self, key: str | None) -> str | None:
        """The premises a premises or business key stands on."""
        if key in self.premises:
            return key
        est = self.establishments.get(key or "")
        return est.premises if est is not None else None

    def address(self, key: str | None) -> str:
        est = self.establishments.get(key or "")
        if est is not None and est.address:
            return est.address
        where = self.premises.get(self.premises_of(key) or "")
        return (where.address or "") if where is not None else ""

    def operating(self, est: Any) -> bool:
        """Open for some of the period, and opened by the as-of day."""
        opened, closed = _day(est.opened_on), _day(est.closed_on)
        return (opened is None or opened <= min(self.period.end, self.period.as_of)) and (
            closed is None or closed >= self.period.start
        )

    def in_force(self, key: str, name: str) -> Any:
        return self.city.value(key, name)

    def services(self, stream: str) -> dict[str, list[Any]]:
        """Premises → the services of ``stream`` in effect on the as-of day."""
        out: dict[str, list[Any]] = defaultdict(list)
        for _key, service in self.city.of("collection_service"):
            if service.stream != stream:
                continue
            if not _in_effect(service.start, service.end, self.period.as_of):
                continue
            where = service.premises or self.premises_of(service.establishment)
            if where:
                out[where].append(service)
        return out

    def self_haulers(self) -> set[str]:
        return {
            self.premises_of(hauler.subject) or hauler.subject
            for _key, hauler in self.city.of("self_hauler")
            if _in_effect(hauler.start, hauler.end, self.period.as_of)
        }

    def waiver_in_effect(self, waiver: Any) -> bool:
        day = self.period.as_of
        if _day(waiver.granted_on) > day:
            return False
        if waiver.revoked_on is not None and _day(waiver.revoked_on) <= day:
            return False
        return waiver.expires_on is None or _day(waiver.expires_on) >= day

    def generators(self, tier: int) -> list[tuple[str, Any]]:
        return [
            (key, est)
            for key, est in self.city.of("establishment")
            if self.city.value(key, "edible_food_tier") == tier and self.operating(est)
        ]

    def agreements_in_force(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = defaultdict(list)
        for _key, agreement in self.city.of("food_recovery_agreement"):
            if _in_effect(agreement.start, agreement.end, self.period.as_of):
                out[agreement.generator].append(agreement)
        return out

    def reports_received(self, kind: str) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = defaultdict(list)
        for _key, report in self.city.of("report"):
            if report.kind == kind and self.period.holds(report.date):
                out[report.subject].append(report)
        return out

    def organics_inspections(self) -> list[tuple[str, Any]]:
        return [
            (key, visit)
            for key, visit in self.city.of("inspection")
            if visit.program in (None, "organics") and self.period.holds(visit.date)
        ]

    def notices(self, prefix: str) -> list[tuple[str, Any]]:
        return [
            (key, notice)
            for key, notice in self.city.of("notice")
            if notice.requirement.startswith(prefix) and self.period.holds(notice.issued_on)
        ]

    def citations(self, prefix: str) -> list[tuple[str, Any]]:
        return [
            (key, citation)
            for key, citation in self.city.of("citation")
            if citation.requirement.startswith(prefix) and self.period.holds(citation.issued_on)
        ]

    def findings(self, requirement: str) -> list[Any]:
        return [f for f in self.city.findings if f.requirement == requirement]


_NTH = ("first", "second", "third", "fourth", "fifth")


def _ordinal_words(level: int, ladder: list[Any]) -> str:
    """ "Citations for a second violation (up to $200)"; the ladder's last step is
    every later violation too."""
    nth = _NTH[level - 1] if level <= len(_NTH) else f"{level}th"
    later = " or later" if level == len(ladder) else ""
    return f"Citations for a {nth}{later} violation (up to ${Decimal(str(ladder[level - 1])):,.0f})"


def _level(ordinal: Any, ladder: list[Any]) -> int | None:
    if ordinal is None:
        return None
    return min(int(ordinal), len(ladder)) if ladder else int(ordinal)


# --------------------------------------------------------------------------- SB 1383 figures


def sb1383(city: Any, period: Period, *, ladder: list[Any], penalties_start: date) -> list[Section]:
    """The annual report as the state asks it: one section per lettered subsection of
    14 CCR § 18994.2, each item of it (``ear.yaml``) answered in its order by the
    figures that carry its id, or by a line saying it is not applicable or is the
    city's to enter in the Electronic Annual Report, with the reason."""
    facts = Facts(city, period)
    computed = [
        _period_section(period),
        _premises_section(facts),
        _facilities_section(facts),
        _waivers_section(facts),
        _edible_food_section(facts),
        _monitoring_section(facts),
        _enforcement_section(facts, ladder, penalties_start),
    ]
    by_item: dict[str, list[Figure]] = defaultdict(list)
    for section in computed:
        for figure in section.figures:
            if figure.subsection not in ear.items():
                raise ValueError(f"{figure.label}: no § 18994.2 item {figure.subsection!r}")
            by_item[figure.subsection].append(figure)
    sections = []
    for sub in ear.subsections():
        section = Section(f"§ {sub.id} {sub.title['en']}", "", subsection=sub.id)
        for item in sub.items:
            if item.answer != "figure":
                section.figures.append(
                    Figure(
                        item.words["en"],
                        None,
                        "",
                        "none",
                        subsection=item.id,
                        answer=item.answer,
                        reason=item.reason["en"],
                    )
                )
            elif not by_item.get(item.id):
                raise ValueError(f"§ {item.id} is answered by figures, and none carries its id")
            else:
                section.figures.extend(by_item[item.id])
        sections.append(section)
    return sections


def _period_section(period: Period) -> Section:
    section = Section("Reporting period", "ORG-EFFECTIVE")
    year = period.end.year
    section.add("Period this report covers", period.words, unit="text", ear="18994.2(a)")
    if year < ear.first_year():
        section.add(
            f"The state's reports begin with {ear.first_year()}: no report is due for {year}",
            "no",
            unit="text",
            ear="18994.2(a)",
        )
        return section
    start, end = ear.reporting_period(year)
    section.add(
        f"Is it the state's reporting period of {year} ({_people(start)} to {_people(end)})?",
        "yes" if (period.start, period.end) == (start, end) else "no",
        unit="text",
        ear="18994.2(a)",
    )
    return section


def _premises_section(facts: Facts) -> Section:
    section = Section("Premises and collection service", "ORG-CLASSIFY-PREMISES")
    classes = Counter(facts.city.value(key, "premises_class") for key in facts.premises)
    organics, recyclables = facts.services("organics"), facts.services("recyclables")
    for cls, label in CLASSES:
        section.add(label, classes.get(cls, 0), ear="18994.2(b)(2)")
    for cls, label in CLASSES[:3]:
        enroll = "ORG-SF-ENROLL" if cls == "single_family" else "ORG-COM-ENROLL"
        held = [k for k in facts.premises if facts.city.value(k, "premises_class") == cls]
        section.add(
            f"{label} with organics collection service on the as-of day",
            sum(1 for k in held if k in organics),
            enroll,
            ear="18994.2(b)(2)",
        )
        section.add(
            f"{label} with recyclables collection service on the as-of day",
            sum(1 for k in held if k in recyclables),
            enroll,
            ear="18994.2(b)(2)",
        )
    section.add(
        "Premises self-hauling their organic waste on the as-of day",
        len(facts.self_haulers()),
        "ORG-SELFHAUL-SEPARATE",
        ear="18994.2(b)(3)",
    )
    return section


_STREAMS = {
    "organics": "organics",
    "recyclables": "recyclables",
    "mixed": "mixed waste",
    "black": "black container waste",
}


def _facilities_section(facts: Facts) -> Section:
    """The facilities that received the city's waste: named by the franchised hauler
    for a year of the period, or delivered to in the period; each with its streams."""
    section = Section("Receiving facilities", "ORG-HAULER-FACILITIES")
    period = facts.period
    years = {str(y) for y in range(period.start.year, period.end.year + 1)}
    streams: dict[str, set[str]] = defaultdict(set)
    loads: Counter[str] = Counter()
    for _k, named in facts.city.of("facility_designation"):
        if str(named.period)[:4] in years:
            streams[named.facility].add(named.stream)
    for _k, load in facts.city.of("delivery"):
        if period.holds(load.date):
            streams[load.facility].add(load.stream)
            loads[load.facility] += 1
    facilities = facts.city.by_key("facility")
    section.add(
        "Facilities named by the franchised hauler for the period or receiving loads in it",
        len(streams),
        ear="18994.2(b)(4)",
    )
    listed = sorted(streams, key=lambda k: (getattr(facilities.get(k), "name", None) or k, k))

    def name_of(key: str) -> str:
        where = facilities.get(key)
        return (where.name if where is not None else None) or key

    for key in listed:
        where = facilities.get(key)
        address = f", {where.address}" if where is not None and where.address else ""
        kind = f" ({words(where.kind)})" if where is not None and where.kind else ""
        taken = ", ".join(_STREAMS.get(s, s) for s in sorted(streams[key]))
        section.add(
            f"{name_of(key)}{address}{kind}, taking {taken}: loads delivered in the period",
            loads.get(key, 0),
            "ORG-HAULER-TRANSPORT",
            ear="18994.2(b)(4)",
        )
    # what the facility's record says (the records hold it; a facility whose record
    # does not say is counted apart, for the city to enter in the EAR)
    for key in listed:
        number = getattr(facilities.get(key), "rdrs_number", None)
        section.add(
            f"RDRS number of {name_of(key)}",
            number or "not on record: enter it in the EAR",
            unit="text",
            ear="18994.2(b)(5)",
        )
    section.add(
        "Receiving facilities whose RDRS number is not on record",
        sum(1 for key in listed if not getattr(facilities.get(key), "rdrs_number", None)),
        ear="18994.2(b)(5)",
    )
    for field_name, what in (
        ("takes_compostable_plastics", "compostable plastics"),
        ("takes_plastic_bags", "organic waste in plastic bags"),
    ):
        said = {key: getattr(facilities.get(key), field_name, None) for key in listed}
        section.add(
            f"Receiving facilities that take {what}",
            "; ".join(name_of(k) for k in listed if said[k] is True) or "none",
            unit="text",
            ear="18994.2(b)(6)",
        )
        section.add(
            f"Receiving facilities whose record does not say whether they take {what}",
            sum(1 for k in listed if said[k] is None),
            ear="18994.2(b)(6)",
        )
    return section


_WAIVERS = (
    ("de_minimis", "De minimis", "ORG-WAIVER-DE-MINIMIS", "18994.2(d)(1)"),
    ("physical_space", "Physical space", "ORG-WAIVER-SPACE", "18994.2(d)(2)"),
)


def _waivers_section(facts: Facts) -> Section:
    section = Section("Waivers", "ORG-WAIVER-DE-MINIMIS")
    waivers = [w for _k, w in facts.city.of("waiver")]
    for kind, label, requirement, item in _WAIVERS:
        of_kind = [w for w in waivers if w.kind == kind]
        section.add(
            f"{label} waivers granted in the period",
            sum(1 for w in of_kind if facts.period.holds(w.granted_on)),
            requirement,
            ear=item,
        )
        section.add(
            f"{label} waivers in effect on the as-of day",
            sum(1 for w in of_kind if facts.waiver_in_effect(w)),
            requirement,
            ear=item,
        )
    return section


def _edible_food_section(facts: Facts) -> Section:
    section = Section("Edible food recovery", "ORG-EFG-AGREEMENT")
    agreements = facts.agreements_in_force()
    reports = facts.reports_received("edible_food_annual")
    generators: set[str] = set()
    for tier, requirement, item in (
        (1, "ORG-EFG-TIER1", "18994.2(g)(1)"),
        (2, "ORG-EFG-TIER2", "18994.2(g)(2)"),
    ):
        of_tier = [key for key, _est in facts.generators(tier)]
        generators.update(of_tier)
        name = ("Tier one", "Tier two")[tier - 1]
        section.add(
            f"{name} commercial edible food generators", len(of_tier), requirement, ear=item
        )
        section.add(
            f"{name} generators with a food recovery agreement in force on the as-of day",
            sum(1 for key in of_tier if agreements.get(key)),
            "ORG-EFG-AGREEMENT",
            ear=item,
        )
        section.add(
            f"{name} generators whose annual food recovery report was received in the period",
            sum(1 for key in of_tier if reports.get(key)),
            "ORG-EFG-ANNUAL-REPORT",
            ear=item,
        )
    organizations = [
        (key, est)
        for key, est in facts.city.of("establishment")
        if est.category in FOOD_RECOVERY and facts.operating(est)
    ]
    partners = {a.partner for items in agreements.values() for a in items}
    section.add(
        "Food recovery organizations",
        sum(1 for _k, e in organizations if e.category == "food_recovery_organization"),
        "ORG-FRO-RECORDS",
        ear="18994.2(g)(3)",
    )
    section.add(
        "Food recovery services",
        sum(1 for _k, e in organizations if e.category == "food_recovery_service"),
        "ORG-FRS-RECORDS",
        ear="18994.2(g)(3)",
    )
    section.add(
        "Food recovery organizations and services with a generator's agreement in force",
        sum(1 for k, _e in organizations if k in partners),
        "ORG-EFG-AGREEMENT",
        ear="18994.2(g)(3)",
    )
    fros = {k for k, e in organizations if e.category == "food_recovery_organization"}
    pounds = sum(
        (Decimal(str(q.pounds)) for q in _quantities(facts) if q.kept_by in fros),
        Decimal(0),
    )
    section.add(
        "Pounds of edible food food recovery organizations recorded receiving in the period",
        pounds.quantize(Decimal("0.1")),
        "ORG-FRO-RECORDS",
        unit="pounds",
        ear="18994.2(g)(4)",
    )
    section.add(
        "Inspections made by the city in the period of tier one and tier two generators",
        sum(
            1
            for _k, v in facts.organics_inspections()
            if not v.by_hauler and v.subject in generators
        ),
        "ORG-INSPECTIONS",
        ear="18994.2(g)(5)",
    )
    return section


def _quantities(facts: Facts) -> list[Any]:
    return [
        q
        for _k, q in facts.city.of("food_recovery_quantity")
        if facts.period.holds(date(q.year, q.month, 1))
    ]


def _monitoring_section(facts: Facts) -> Section:
    section = Section("Inspections and monitoring", "ORG-INSPECTIONS")
    visits = [v for _k, v in facts.organics_inspections()]
    by_city = [v for v in visits if not v.by_hauler]
    section.add("Inspections made by the city in the period", len(by_city), ear="18994.2(e)(1)")
    section.add(
        "Inspections where access, records or remote monitoring was refused",
        sum(
            1
            for v in visits
            if v.access_refused or v.records_refused or v.remote_monitoring_refused
        ),
        ear="18994.2(e)(1)",
    )
    section.add(
        "Route reviews and cart checks made by the franchised hauler in the period",
        sum(1 for v in visits if v.by_hauler),
        "ORG-ENFORCEMENT-MONITORING",
        ear="18994.2(e)(2)",
    )
    section.add(
        "Inspections and route reviews that found prohibited contaminants",
        sum(1 for v in visits if v.contamination),
        "ORG-SF-PARTICIPATE",
        ear="18994.2(e)(2)",
    )
    # the engine's finding of each occasion is about the premises or business, due
    # the days allowed after the inspection: an occasion of the period is one due in it
    contamination = [
        f for f in facts.findings("ORG-CONTAMINATION-NOV") if facts.period.holds(f.due)
    ]
    section.add(
        "Contamination occasions whose notice fell due in the period",
        len(contamination),
        "ORG-CONTAMINATION-NOV",
        ear="18994.2(e)(2)",
    )
    section.add(
        "… of which the notice was not given within the time allowed",
        sum(1 for f in contamination if f.status in UNMET),
        "ORG-CONTAMINATION-NOV",
        ear="18994.2(e)(2)",
    )
    return section


def _enforcement_section(facts: Facts, ladder: list[Any], penalties_start: date) -> Section:
    section = Section("Notices, citations, extensions and appeals", "ORG-NOV-60-DAYS")
    notices = [n for _k, n in facts.notices("ORG-")]
    section.add(
        "Educational notices issued in the period",
        sum(1 for n in notices if n.kind == "education"),
        "ORG-EDUCATION-PERIOD",
        ear="18994.2(c)(1)",
    )
    section.add(
        "Notices of violation issued in the period",
        sum(1 for n in notices if n.kind == "nov"),
        ear="18994.2(f)(1)",
    )
    section.add(
        "Contamination notices (cart tags) issued in the period",
        sum(1 for n in notices if n.kind == "cart_tag"),
        "ORG-CONTAMINATION-NOV",
        ear="18994.2(f)(1)",
    )
    citations = facts.citations("ORG-")
    section.add(
        "Administrative citations issued in the period",
        len(citations),
        "ORG-CITATION",
        ear="18994.2(f)(2)",
    )
    # penalties count only for violations from the day penalties began (the pack's
    # org.penalties_start): a citation of the education period is left out of them
    before = [c for _k, c in citations if _day(c.issued_on) < penalties_start]
    section.add(
        f"… of which issued before penalties began on {_people(penalties_start)}, "
        "not counted as penalties",
        len(before),
        "ORG-CIVIL-PENALTIES",
        ear="18994.2(f)(2)",
    )
    levels: dict[int, list[Any]] = defaultdict(list)
    for key, citation in citations:
        if _day(citation.issued_on) < penalties_start:
            continue
        level = _level(facts.city.value(key, "citation_ordinal"), ladder)
        if level is not None:
            levels[level].append(citation)
    for level in range(1, len(ladder) + 1):
        label = _ordinal_words(level, ladder)
        section.add(label, len(levels[level]), "ORG-PENALTY-AMOUNTS", ear="18994.2(f)(2)")
        section.add(
            f"{label}: penalties assessed",
            sum((Decimal(str(c.amount or 0)) for c in levels[level]), Decimal(0)),
            "ORG-PENALTY-AMOUNTS",
            unit="dollars",
            ear="18994.2(f)(2)",
        )
    org_notices = {key for key, n in facts.city.of("notice") if n.requirement.startswith("ORG-")}
    extensions = [
        e
        for _k, e in facts.city.of("extension")
        if e.notice in org_notices and facts.period.holds(e.date)
    ]
    section.add(
        "Deadline extensions asked for in the period",
        len(extensions),
        "ORG-EXTENSION",
        ear="18994.2(f)(3)",
    )
    section.add(
        "Deadline extensions granted in the period",
        sum(1 for e in extensions if e.granted),
        "ORG-EXTENSION",
        ear="18994.2(f)(3)",
    )
    org_citations = {k for k, c in facts.city.of("citation") if c.requirement.startswith("ORG-")}
    appeals = [
        a
        for _k, a in facts.city.of("appeal_request")
        if a.citation in org_citations and facts.period.holds(a.date)
    ]
    orders = [
        o
        for _k, o in facts.city.of("hearing_order")
        if o.citation in org_citations and facts.period.holds(o.date)
    ]
    section.add(
        "Appeals of citations filed in the period", len(appeals), "ORG-APPEAL", ear="18994.2(f)(4)"
    )
    for decision in ("upheld", "modified", "dismissed"):
        section.add(
            f"Hearing officers' orders in the period: citation {decision}",
            sum(1 for o in orders if o.decision == decision),
            "ORG-APPEAL",
            ear="18994.2(f)(4)",
        )
    return section


# --------------------------------------------------------------------------- FOG


def fog(city: Any, period: Period) -> list[Section]:
    facts = Facts(city, period)
    as_of = period.as_of
    fses = [
        (key, est)
        for key, est in city.of("establishment")
        if city.value(key, "is_fse") and facts.operating(est)
    ]
    fse_keys = {key for key, _est in fses}
    places = Section("Food service establishments", "FOG-FSE-DEFINITION")
    places.add("Food service establishments operating in the period", len(fses))
    places.add(
        "… of which an interceptor is required",
        sum(1 for key in fse_keys if city.value(key, "fog_interceptor_required")),
        "FOG-PRETREAT-APPLICABILITY",
    )
    waivers = [w for _k, w in city.of("waiver") if w.subject in fse_keys]
    places.add(
        "Conditional waivers in effect on the as-of day",
        sum(1 for w in waivers if w.kind == "fog_conditional" and facts.waiver_in_effect(w)),
        "FOG-WAIVER",
    )
    places.add(
        "Variances (alternative devices) in effect on the as-of day",
        sum(1 for w in waivers if w.kind == "fog_variance" and facts.waiver_in_effect(w)),
        "FOG-VARIANCE",
    )

    devices = Section("Interceptors and traps", "FOG-INTERCEPTOR-REQUIRED")
    in_place = [
        d
        for _k, d in city.of("device")
        if d.establishment in fse_keys and _in_effect(d.installed_on, d.removed_on, as_of)
    ]
    devices.add(
        "Grease interceptors in place on the as-of day",
        sum(1 for d in in_place if d.kind == "grease_interceptor"),
    )
    devices.add(
        "Grease traps in place on the as-of day",
        sum(1 for d in in_place if d.kind == "grease_trap"),
        "FOG-VARIANCE",
    )
    devices.add(
        "Establishments without the interceptor they need on the as-of day",
        len({f.subject for f in facts.findings("FOG-INTERCEPTOR-REQUIRED") if f.status in UNMET}),
    )

    pumping = Section("Pump-outs and manifests", "FOG-MIN-FREQUENCY")
    devices_of_fses = {k for k, d in city.of("device") if d.establishment in fse_keys}
    pump_outs = {k: p for k, p in city.of("pump_out") if period.holds(p.date)}
    pumping.add(
        "Full pump-outs done in the period",
        sum(1 for p in pump_outs.values() if p.full),
        "FOG-MAINTENANCE-EFFICIENT",
    )
    frequency = [f for f in facts.findings("FOG-MIN-FREQUENCY") if period.holds(f.due)]
    pumping.add(
        "Pump-outs due in the period and done late",
        sum(1 for f in frequency if f.status == "late"),
    )
    pumping.add(
        "Pump-outs due in the period and not done by the as-of day",
        sum(1 for f in frequency if f.status in ("overdue", "violation")),
    )
    # the engine judges every manifest the device's records keep (FOG-COMPLIANCE-RECORD
    # keeps them three years), about the device: counted as of the day, not by period
    pumping.add(
        "Pump-out manifests on record that are incomplete, as of the as-of day",
        sum(
            1
            for f in facts.findings("FOG-HAULER-MANIFEST")
            if f.status in UNMET and f.subject in devices_of_fses
        ),
        "FOG-HAULER-MANIFEST",
    )

    training = Section("Employee training", "FOG-TRAINING-SEMIANNUAL")
    training.add(
        "Training sessions held in the period",
        sum(
            1
            for _k, t in city.of("training")
            if t.establishment in fse_keys and period.holds(t.date)
        ),
        "FOG-TRAINING-RECORDS",
    )
    for requirement, label in (
        ("FOG-TRAINING-NEW-HIRE", "New employees not trained within the time allowed"),
        ("FOG-TRAINING-SEMIANNUAL", "Twice-yearly trainings missed or late"),
    ):
        training.add(
            label,
            sum(
                1 for f in facts.findings(requirement) if f.status in UNMET and period.holds(f.due)
            ),
            requirement,
        )

    enforcement = Section("Inspections and notices", "FOG-INSPECTION-ENTRY")
    visits = [v for _k, v in city.of("inspection") if v.program == "fog" and period.holds(v.date)]
    enforcement.add("FOG inspections made in the period", len(visits))
    enforcement.add(
        "FOG inspections where entry or records were refused",
        sum(1 for v in visits if v.access_refused or v.records_refused),
    )
    enforcement.add(
        "Notices of noncompliance issued in the period",
        sum(1 for _k, n in facts.notices("FOG-") if n.kind == "noncompliance"),
        "FOG-NONCOMPLIANCE-NOTICE",
    )
    return [places, devices, pumping, training, enforcement]


# ------------------------------------------------------------------ the Implementation Record


def implementation_record(
    city: Any, period: Period, *, named: Callable[[list[str]], dict[str, str]]
) -> list[Section]:
    """One section (a sheet) per area, each with the records behind the SB 1383
    figures; ``named`` gives what people call records (keys never appear alone)."""
    facts = Facts(city, period)
    agreements = facts.agreements_in_force()
    reports = facts.reports_received("edible_food_annual")
    wanted: set[str] = set(facts.premises) | set(facts.establishments)
    for _k, w in city.of("waiver"):
        wanted.add(w.subject)
    for _k, v in facts.organics_inspections():
        wanted.add(v.subject)
    for _k, n in city.of("notice"):
        wanted.add(n.subject)
    for _k, c in city.of("citation"):
        wanted.add(c.subject)
    name = named(sorted(k for k in wanted if k))

    def called(key: str | None) -> str:
        return name.get(key or "", key or "")

    premises = Section("Premises", "ORG-CLASSIFY-PREMISES")
    premises.table = Table(
        [
            "Address",
            "SB 1383 class",
            "Organics service (gal/week)",
            "Recyclables service (gal/week)",
            "Self-hauler",
            "Owner",
        ]
    )
    organics, recyclables = facts.services("organics"), facts.services("recyclables")
    haulers = facts.self_haulers()
    for key, where in sorted(facts.premises.items(), key=lambda kv: (kv[1].address or "", kv[0])):
        cls = city.value(key, "premises_class")
        premises.table.rows.append(
            [
                where.address or called(key),
                CLASS_WORDS.get(cls, words(cls)) if cls else "not decided by the records",
                _gallons(organics.get(key, [])),
                _gallons(recyclables.get(key, [])),
                "yes" if key in haulers else "no",
                where.owner_name or "",
            ]
        )
    premises.add("Premises", len(premises.table.rows))

    waivers = Section("Waivers", "ORG-WAIVER-DE-MINIMIS")
    waivers.table = Table(
        ["Holder", "Address", "Kind", "Granted", "Expires", "Revoked", "Re-verified", "In effect"]
    )
    for _k, w in sorted(city.of("waiver"), key=lambda kw: (_day(kw[1].granted_on), kw[0])):
        if w.kind not in ("de_minimis", "physical_space"):
            continue
        if _day(w.granted_on) > period.end:
            continue
        waivers.table.rows.append(
            [
                called(w.subject),
                facts.address(w.subject),
                words(w.kind),
                _day(w.granted_on),
                _day(w.expires_on),
                _day(w.revoked_on),
                _day(w.reverified_on),
                "yes" if facts.waiver_in_effect(w) else "no",
            ]
        )
    waivers.add("Waivers", len(waivers.table.rows))

    generators = Section("Edible food generators", "ORG-EFG-AGREEMENT")
    generators.table = Table(
        [
            "Generator",
            "Address",
            "Tier",
            "Agreements in force (partner, since)",
            "Annual reports received in the period",
        ]
    )
    partner_names = named(sorted({a.partner for items in agreements.values() for a in items}))
    for tier in (1, 2):
        for key, est in sorted(facts.generators(tier), key=lambda ke: (ke[1].name or "", ke[0])):
            generators.table.rows.append(
                [
                    est.name or called(key),
                    facts.address(key),
                    tier,
                    "; ".join(
                        f"{partner_names.get(a.partner, a.partner)} since {_day(a.start)}"
                        for a in agreements.get(key, [])
                    )
                    or "none",
                    "; ".join(f"{r.period}, received {_day(r.date)}" for r in reports.get(key, []))
                    or "none",
                ]
            )
    generators.add("Generators", len(generators.table.rows))

    recovery = Section("Food recovery", "ORG-FRO-RECORDS")
    recovery.table = Table(
        ["Organization", "Address", "Kind", "Generators with agreements", "Pounds in the period"]
    )
    served: dict[str, set[str]] = defaultdict(set)
    for generator, items in agreements.items():
        for a in items:
            served[a.partner].add(generator)
    pounds: dict[str, Decimal] = defaultdict(Decimal)
    for q in _quantities(facts):
        pounds[q.kept_by] += Decimal(str(q.pounds))
    for key, est in sorted(facts.establishments.items(), key=lambda ke: (ke[1].name or "", ke[0])):
        if est.category not in FOOD_RECOVERY or not facts.operating(est):
            continue
        recovery.table.rows.append(
            [
                est.name or called(key),
                facts.address(key),
                words(est.category),
                "; ".join(sorted(called(g) for g in served.get(key, ()))) or "none",
                float(pounds.get(key, Decimal(0))),
            ]
        )
    recovery.add("Organizations and services", len(recovery.table.rows))

    visits = Section("Inspections", "ORG-INSPECTIONS")
    visits.table = Table(
        [
            "Date",
            "Subject",
            "Address",
            "Made by",
            "Contamination",
            "Refused",
            "Violations found",
            "Inspector",
        ]
    )
    for _k, v in sorted(facts.organics_inspections(), key=lambda kv: (kv[1].date, kv[0])):
        refused = [
            what
            for what, flag in (
                ("access", v.access_refused),
                ("records", v.records_refused),
                ("remote monitoring", v.remote_monitoring_refused),
            )
            if flag
        ]
        visits.table.rows.append(
            [
                _day(v.date),
                called(v.subject),
                facts.address(v.subject),
                "the franchised hauler (route review)" if v.by_hauler else "the city",
                "yes" if v.contamination else ("no" if v.contamination is False else ""),
                ", ".join(refused),
                "; ".join(f"{title(r)} ({r})" for r in v.violations or []),
                v.inspector or "",
            ]
        )
    visits.add("Inspections and route reviews", len(visits.table.rows))

    notices = Section("Notices", "ORG-NOV-60-DAYS")
    notices.table = Table(["Issued", "Kind", "Requirement", "To", "Address", "Comply by"])
    for key, n in sorted(facts.notices("ORG-"), key=lambda kn: (kn[1].issued_on, kn[0])):
        notices.table.rows.append(
            [
                _day(n.issued_on),
                _NOTICE_KINDS.get(n.kind, words(n.kind)),
                f"{title(n.requirement)} ({n.requirement})",
                called(n.subject),
                facts.address(n.subject),
                _day(city.value(key, "nov_compliance_due") or n.due_on),
            ]
        )
    notices.add("Notices", len(notices.table.rows))

    citations = Section("Citations", "ORG-CITATION")
    citations.table = Table(
        [
            "Issued",
            "To",
            "Address",
            "Requirement",
            "Violation number",
            "Ceiling ($)",
            "Amount ($)",
            "Appeal filed",
            "Hearing order",
        ]
    )
    appeals = {a.citation: a for _k, a in city.of("appeal_request")}
    orders = {o.citation: o for _k, o in city.of("hearing_order")}
    for key, c in sorted(facts.citations("ORG-"), key=lambda kc: (kc[1].issued_on, kc[0])):
        ceiling = city.value(key, "penalty_ceiling")
        order = orders.get(key)
        citations.table.rows.append(
            [
                _day(c.issued_on),
                called(c.subject),
                facts.address(c.subject),
                f"{title(c.requirement)} ({c.requirement})",
                city.value(key, "citation_ordinal"),
                ceiling,
                float(c.amount) if c.amount is not None else None,
                _day(appeals[key].date) if key in appeals else None,
                f"{order.decision}, {_day(order.date)}" if order is not None else "",
            ]
        )
    citations.add("Citations", len(citations.table.rows))

    extensions = Section("Extensions", "ORG-EXTENSION")
    extensions.table = Table(
        ["Asked on", "Notice to", "Address", "Reason", "Granted", "New deadline"]
    )
    org_notices = {k: n for k, n in city.of("notice") if n.requirement.startswith("ORG-")}
    for _k, e in sorted(city.of("extension"), key=lambda ke: (ke[1].date, ke[0])):
        notice = org_notices.get(e.notice)
        if notice is None or not period.holds(e.date):
            continue
        extensions.table.rows.append(
            [
                _day(e.date),
                called(notice.subject),
                facts.address(notice.subject),
                words(e.reason),
                "yes" if e.granted else "no",
                _day(e.new_due_on) if e.granted else None,
            ]
        )
    extensions.add("Extensions", len(extensions.table.rows))
    return [premises, waivers, generators, recovery, visits, notices, citations, extensions]


_NOTICE_KINDS = {
    "nov": "Notice of violation",
    "cart_tag": "Contamination notice (cart tag)",
    "education": "Educational notice",
    "noncompliance": "Notice of noncompliance",
}


def _gallons(services: list[Any]) -> float | None:
    values = [s.gallons_per_week for s in services if s.gallons_per_week is not None]
    return float(sum(values)) if values else None

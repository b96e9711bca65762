"""The demo city: a synthetic San Gabriel a new user can sign in to and work.

``sanitas demo`` records, through the same service as every other write
(:func:`sanitas.records.services.record_facts`, actor ``demo``), a city of a
few hundred businesses and homes with a history shaped like a real one: most
keep up with the law, some are late, some have let things slide, and the
city has begun enforcing. Every program's worklist has real content:

- FOG: restaurants with grease interceptors or traps, a year of pump-outs by
  three haulers (a few overdue, partial or with incomplete manifests), staff
  and their trainings (a few new hires trained late or not yet), BMP programs,
  inspections of FOG and solids above 25 percent, notices of noncompliance.
- Sewer permits: house-connection permits with designs, work events, pressure
  tests and inspections; a few lapsed, suspended, failing a design rule or a
  test, or laid by a contractor whose licence ran out.
- Solid waste: collection services, accumulations (some past the limit), a
  fire-hazard notice, set-outs observed early or left out, a dumping report.
- SB 1383: commercial and residential service levels and waivers, quarterly
  self-inspections and annual education, edible food generators of both tiers
  with their food recovery partners, agreements, monthly pounds and annual
  reports, contamination found on route reviews, notices of violation and
  citations.

The city's enforcement is the notices app's (:meth:`DemoCity.enforcement`): every
notice and citation is drafted from the finding it answers by the program's demo
account, approved by the supervisor where the pack requires it and served on its
own day, through the notices services, so that it has its PDF, its frozen content
and its engine fact; then complied with, extended, cited, paid, appealed and heard
(before the demo's hearing officer) on the days that followed. A newcomer finds an
SB 1383 case at each stage, from a Notice of Violation within its deadline to a
hearing officer's final written order, and a FOG notice for an interceptor above
25 percent.

Everything is invented: business names are made of common words; employees have
a given name and a surname of the city's peoples (Chinese, Latino, Vietnamese,
Anglo, Armenian) and a job title, contacts and operators an initial and a
surname; permits have printed numbers ("HC-2025-007"); streets are San Gabriel's
own. The city is
deterministic for a seed and an as-of date (the day the demo is set around;
every date is counted back from it), and every fact has an ``id``, so
recording it again changes nothing.

This module also holds the demo staff sign-ins, one for each role of
:data:`sanitas.access.roles.ROLES`, each held by an invented person (the only
place users are made but the staff page's invitations), and the set-up behind
``sanitas serve``.
"""

from __future__ import annotations

import logging
import random
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, TextIO

from dateutil.relativedelta import relativedelta

import sanitas.ordinance.rules  # noqa: F401  (every area registers its fact types)
from sanitas.access.roles import ROLES
from sanitas.ordinance.facts import FACT_TYPES
from sanitas.ordinance.pack import RulePack, load_pack

logger = logging.getLogger(__name__)

DEMO_ACTOR = "demo"
DEFAULT_SEED = 91776  # San Gabriel's ZIP code

FOG_IN_FORCE = date(2013, 10, 31)
ORG_IN_FORCE = date(2022, 1, 1)
TIER_START = {1: date(2022, 1, 1), 2: date(2024, 1, 1)}
FIRST_REPORT_DUE = {1: date(2023, 2, 1), 2: date(2025, 2, 1)}

BMP_ELEMENTS = [
    "drain_screens",
    "grease_segregation",
    "food_waste_to_trash",
    "exhaust_filters",
    "employee_training",
    "kitchen_signage",
]
TRAINING_TOPICS = ["dry_wipe", "food_waste_bagging", "absorbents", "grease_disposal"]


# --------------------------------------------------------------------------- the sign-ins


@dataclass(frozen=True)
class StaffSignIn:
    """A demo sign-in: its user name, its role group, the role's title and the
    invented person who holds it; with this installation's password once
    :func:`demo_staff` has read it from the data directory."""

    username: str
    role: str | None
    title: str
    name: str = ""
    superuser: bool = False
    password: str = ""

    @property
    def first_name(self) -> str:
        return self.name.partition(" ")[0]

    @property
    def last_name(self) -> str:
        return self.name.partition(" ")[2]


#: each role's demo account (:data:`sanitas.access.roles.ROLES`, one each): its user name
#: and the invented person who holds it, by whose full name the pages show their work (a
#: notice is approved, a hearing order signed, by name)
DEMO_ACCOUNTS: dict[str, tuple[str, str]] = {
    "fog_inspector": ("inspector", "Marisol Gutierrez"),
    "permit_clerk": ("permits", "Kevin Tsai"),
    "sb1383_coordinator": ("sb1383", "Linh Pham"),
    "code_enforcement": ("enforcement", "Aram Hovsepian"),
    "supervisor": ("supervisor", "Grace Kwan"),
    "hearing_officer": ("hearing", "Katherine Bennett"),
    "auditor": ("auditor", "Fernando Castillo"),
}

#: the demo's accounts, in the order of the roles, and the administrator; their
#: passwords are made for each installation (see :func:`demo_staff`) and are never
#: these names or anything published
DEMO_STAFF = (
    *(
        StaffSignIn(DEMO_ACCOUNTS[group][0], group, role.title, DEMO_ACCOUNTS[group][1])
        for group, role in ROLES.items()
    ),
    StaffSignIn("admin", None, "Administrator (repairs only)", "Ryan Mitchell", superuser=True),
)


def demo_account(group: str) -> str:
    """The user name of the demo account that holds the role ``group``."""
    return DEMO_ACCOUNTS[group][0]


def program_account(program: str) -> str:
    """The user name of the demo account whose own work is ``program``'s notices (the
    role of that program alone)."""
    return next(demo_account(group) for group, role in ROLES.items() if role.programs == (program,))


#: the passwords versions of Sanitas before 0.2 printed in their README for the demo
#: sign-ins: a demo account found still opening with its one is given this
#: installation's password instead (kept only to find them)
RETIRED_PASSWORDS = {
    "inspector": "fog-inspector-demo",
    "permits": "permit-clerk-demo",
    "sb1383": "sb1383-coordinator-demo",
    "enforcement": "code-enforcement-demo",
    "admin": "admin-repairs-demo",
}


# --------------------------------------------------------------------------- invented words

STREETS_COMMERCIAL = [
    "Las Tunas Dr",
    "Valley Blvd",
    "San Gabriel Blvd",
    "Del Mar Ave",
    "Mission Dr",
    "Broadway",
    "Santa Anita St",
    "Junipero Serra Dr",
    "Walnut Grove Ave",
    "Huntington Dr",
]
STREETS_RESIDENTIAL = [
    "Abbot Ave",
    "Bencamp St",
    "Roses Rd",
    "Wells St",
    "Ramona St",
    "Country Club Dr",
    "Euclid Ave",
    "Pine St",
    "Hermosa Dr",
    "Gladys Ave",
    "Prospect Ave",
    "California St",
    "Live Oak St",
    "Marshall St",
    "Alhambra Rd",
    "Lafayette St",
    "Fern Ave",
    "Loma Ave",
]
NAME_WORDS = [
    "Jade",
    "Golden Lotus",
    "Lucky Star",
    "Bamboo",
    "Sierra",
    "Mission",
    "Vista",
    "Red Lantern",
    "Orchid",
    "Sunrise",
    "Casa Verde",
    "Old Town",
    "Blue Heron",
    "Silver Moon",
    "Olive Branch",
    "Twin Oaks",
    "Plum Blossom",
    "Harbor",
    "Saffron",
    "Copper Pot",
    "Willow",
    "Evergreen",
    "Canyon",
    "Pepper Tree",
    "Hillside",
    "Magnolia",
    "Cedar",
    "Lotus Pond",
    "Sea Breeze",
    "Morning Glory",
    "Pearl",
    "Five Spice",
    "Little Oak",
    "Poppy",
    "Arroyo",
    "Crescent",
]
RESTAURANT_KINDS = [
    "Kitchen",
    "Noodle House",
    "Taqueria",
    "Dim Sum",
    "Grill",
    "Bakery",
    "Cafe",
    "Pho",
    "Dumpling House",
    "Diner",
    "Hot Pot",
    "Barbecue",
    "Pizzeria",
    "Bistro",
    "Tea House",
    "Ramen",
]
BANQUET_KINDS = ["Seafood Palace", "Banquet Hall", "Grand Restaurant", "Event Kitchen"]
SHOP_KINDS = [
    "Dental Office",
    "Insurance",
    "Hair Salon",
    "Pharmacy",
    "Florist",
    "Tax Services",
    "Hardware",
    "Optometry",
    "Bookstore",
    "Tailor",
    "Realty",
    "Print Shop",
    "Nail Spa",
    "Law Office",
    "Cleaners",
    "Travel Agency",
    "Pet Grooming",
    "Phone Repair",
]
SURNAMES = [
    "Ortega",
    "Chen",
    "Patel",
    "Nguyen",
    "Garcia",
    "Lin",
    "Ramirez",
    "Wong",
    "Flores",
    "Tran",
    "Huang",
    "Morales",
    "Kim",
    "Alvarez",
    "Liu",
    "Reyes",
    "Castillo",
    "Zhou",
    "Herrera",
    "Vargas",
]
HAULERS = [
    ("Valley Grease Haulers", "12 Industrial Way, El Monte, CA", "VGH"),
    ("Foothill Pumping Services", "480 Rail Yard Rd, Irwindale, CA", "FPS"),
    ("Arroyo Liquid Waste Co.", "77 Commerce Ct, City of Industry, CA", "ALW"),
]
DISPOSAL_FACILITIES = [
    "Joint Water Pollution Control Plant",
    "Regional Grease Receiving Station",
]
CONTRACTORS = [
    "Ortega Plumbing & Sewer",
    "Mission Pipe Layers",
    "Five Star Rooter",
    "Del Mar Underground",
    "Canyon Sewer Contractors",
]
FOOD_TYPES = [["produce", "bakery"], ["prepared_food"], ["produce", "dairy", "packaged"]]
#: the city's inspectors of the work under sewer permits, and who calls for a contractor
PERMIT_INSPECTORS = ["Ana Ruiz", "Bo Chen", "Marcus Lee"]
CALLERS = ["the office of", "the foreman of"]


def _names(text: str) -> list[str]:
    return text.split(", ")


#: the staff's names, by heritage, weighted roughly as San Gabriel's people are:
#: (weight, given names, given names of the second generation, share of those, surnames)
ENGLISH_GIVEN = _names(
    "Kevin, Amy, Jason, Michelle, Eric, Jenny, Vincent, Grace, Alan, Tiffany, Daniel, Karen, "
    "Steven, Annie"
)
ANGLO_GIVEN = _names(
    "Emily, James, Sarah, Michael, Jessica, Robert, Ashley, David, Megan, Ryan, Laura, Brian, "
    "Katherine, Tyler"
)
HERITAGES: list[tuple[float, list[str], list[str], float, list[str]]] = [
    (  # Chinese
        0.42,
        _names(
            "Wei, Mei, Jian, Xiuying, Hong, Lina, Jun, Yan, Hui, Ming, Ling, Zhiqiang, Fang, Tao"
        ),
        ENGLISH_GIVEN,
        0.45,
        _names(
            "Chen, Wang, Li, Zhang, Liu, Lin, Huang, Wu, Zhou, Yang, Lee, Wong, Chan, Ho, Lam, "
            "Cheung, Tsai, Hsu, Kwan, Yu"
        ),
    ),
    (  # Vietnamese
        0.14,
        _names(
            "Thanh, Linh, Minh, Tuan, Hoa, Lan, Huong, Duc, Trang, Khanh, Phuong, Quang, Thao, "
            "Long, Mai, Hieu"
        ),
        ENGLISH_GIVEN,
        0.3,
        _names("Nguyen, Tran, Le, Pham, Hoang, Phan, Vu, Vo, Dang, Bui, Do, Ngo, Duong, Ly"),
    ),
    (  # Latino
        0.27,
        _names(
            "Maria, Jose, Guadalupe, Luis, Ana, Carlos, Rosa, Miguel, Veronica, Juan, Alejandra, "
            "Jesus, Marisol, Ricardo, Yesenia, Fernando, Leticia, Javier"
        ),
        ANGLO_GIVEN,
        0.15,
        _names(
            "Garcia, Hernandez, Martinez, Lopez, Gonzalez, Rodriguez, Ramirez, Flores, Torres, "
            "Ortega, Morales, Reyes, Castillo, Herrera, Vargas, Alvarez, Mendoza, Cruz, "
            "Gutierrez, Sandoval"
        ),
    ),
    (  # Armenian
        0.05,
        _names("Armen, Ani, Narine, Vartan, Aram, Lilit, Hagop, Tamar, Garo, Anahit, Levon, Sona"),
        ANGLO_GIVEN,
        0.1,
        _names(
            "Petrosyan, Sarkisian, Hakobyan, Kazarian, Grigoryan, Avetisyan, Manukyan, "
            "Hovsepian, Karapetyan, Der Bedrossian"
        ),
    ),
    (  # Anglo
        0.12,
        ANGLO_GIVEN,
        ANGLO_GIVEN,
        0.0,
        _names(
            "Smith, Johnson, Miller, Davis, Anderson, Taylor, Walker, Carter, Mitchell, Brooks, "
            "Parker, Bennett, Hughes, Collins"
        ),
    ),
]
#: what a kitchen's staff do: the first two hired at the opening, then the rest
KITCHEN_LEADS = [_names("owner, general manager"), _names("kitchen manager, head cook, chef")]
KITCHEN_STAFF = _names(
    "line cook, line cook, prep cook, dishwasher, server, server, cashier, busser, sous chef, host"
)
BANQUET_LEADS = [["general manager"], ["executive chef"]]
BANQUET_STAFF = _names(
    "banquet cook, line cook, prep cook, dishwasher, steward, banquet server, banquet server, "
    "catering coordinator, sous chef"
)
#: a printed permit number's prefix, by the kind of permit (special permits have their own)
PERMIT_PREFIXES = {
    "house_connection": "HC",
    "special_pool": "SPP",
    "special_grade": "SPG",
    "special_depth": "SPD",
    "special_manhole": "SPM",
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _d(day: date) -> str:
    return day.isoformat()


def _t(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M")


def _quarter(day: date) -> tuple[int, int]:
    return day.year, (day.month - 1) // 3 + 1


def _quarter_start(year: int, quarter: int) -> date:
    return date(year, 3 * quarter - 2, 1)


def _quarter_end(year: int, quarter: int) -> date:
    return _quarter_start(year, quarter) + relativedelta(months=3) - timedelta(days=1)


def _quarters(start: date, end: date) -> Iterator[tuple[int, int]]:
    year, quarter = _quarter(start)
    while (year, quarter) <= _quarter(end):
        yield year, quarter
        year, quarter = (year + 1, 1) if quarter == 4 else (year, quarter + 1)


def _month_end(year: int, month: int) -> date:
    return date(year, month, 1) + relativedelta(months=1) - timedelta(days=1)


# --------------------------------------------------------------------------- the layout


@dataclass
class Premises:
    key: str
    address: str
    zone: str
    use: str
    units: int = 1
    owner: str = ""
    businesses: list[Business] = field(default_factory=list)
    story: str = "ok"  # service story: ok, short_organics, no_disposal, de_minimis, space


@dataclass
class Business:
    key: str
    name: str
    category: str
    premises: Premises
    opened_on: date
    attrs: dict[str, Any] = field(default_factory=dict)
    cooks: bool = False
    tier: int | None = None


# --------------------------------------------------------------------------- enforcement

#: the engine's ``notice.kind`` a served document of each kind becomes
NOTICE_FACT_KINDS = {
    "sb1383_nov": "nov",
    "contamination": "cart_tag",
    "fog_noncompliance": "noncompliance",
}
#: the program whose staff draft and serve each kind the demo serves
KIND_PROGRAMS = {"sb1383_nov": "sb1383", "contamination": "sb1383", "fog_noncompliance": "fog"}
#: where the city's hearings are held
HEARING_ROOM = "City Hall, Council Chambers"
#: a citation is served this many days or more after the deadline it follows (the day
#: after, and room for a deadline that falls on a weekend)
RIPE_AFTER = 4
#: how long before the demo's date an NOV's deadline passed, for each stage it is made:
#: room for the citation, the appeal, the hearing and its order; for the appeal filed
#: before the hearing set in the coming weeks; for the citation; for the referral
STAGE_AFTER_DEADLINE = {"decided": 55, "hearing": 15, "unpaid": 8, "ripe": 4}
#: the time a granted extension adds to an NOV's deadline
EXTENSION_DAYS = 30
#: the days after its own date a business or a service is on record at the latest
#: (entered on the next office day, up to ten days on)
PAPERS_DAYS = 17
#: the request for a hearing, by the requirement the citation enforces
APPEAL_GROUNDS = {
    "ORG-COM-ENROLL": (
        "The owner states that a larger green container was ordered before the deadline "
        "and that the hauler delivered it late."
    ),
    "ORG-COM-SELF-INSPECT": (
        "The business states that its manager inspected the containers every quarter and "
        "kept the log on paper, which was lost."
    ),
}


def _case_order(case: Case) -> tuple[date, str]:
    return case.served_on, case.key


def _weekday(day: date) -> date:
    """``day``, or the Monday after it if it falls on a weekend."""
    return day + timedelta(days=max(0, 7 - day.weekday()) if day.weekday() >= 5 else 0)


@dataclass
class ExtensionPlan:
    """A request to extend a notice's deadline, and the supervisor's decision."""

    requested_on: date
    reason: str
    explanation: str
    decided_on: date
    granted: bool
    new_due_on: date | None = None


@dataclass
class HearingPlan:
    """A request for a hearing on a citation, the hearing set before the hearing
    officer, and (once held) the final written order."""

    filed_on: date
    grounds: str
    scheduled_on: date
    #: when it is held, in the city's time
    held_at: datetime
    decided_on: date | None = None
    decision: str = ""


@dataclass
class CitationPlan:
    """An administrative citation served after a notice's deadline passed uncorrected."""

    served_on: date
    #: the ladder's ceiling the services give it (the engine fact's amount)
    amount: int
    paid_on: date | None = None
    payment_method: str = ""
    receipt_number: str = ""
    hearing: HearingPlan | None = None


@dataclass
class Case:
    """A document the demo city served and what followed it, each on its day, as the
    notices services record them: drafted from the finding it answers, approved where
    the pack requires it, served, then complied with, extended or cited."""

    #: the case's own name in the demo (what the engine fact is called in the document)
    key: str
    kind: str
    requirement: str
    subject: str
    served_on: date
    method: str
    #: the first day the law allowed it (a finding it answers on record by then)
    earliest: date
    #: the days to comply it gives from service (none for a cart tag)
    due_days: int | None = None
    #: the finding's period it answers, where one is known (an inspection's day)
    period: str | None = None
    #: the record that found it (an inspection), entered before it is served
    found_by: str | None = None
    complied_on: date | None = None
    #: the record that shows the compliance, entered before it is recorded
    evidence: dict[str, Any] | None = None
    #: whether that record was made by the compliance (a service enlarged), rather than
    #: being there anyway (a pump-out)
    fix: bool = False
    extension: ExtensionPlan | None = None
    citation: CitationPlan | None = None
    #: what the demo made of it, in words (the stage a newcomer follows)
    stage: str = ""

    @property
    def program(self) -> str:
        return KIND_PROGRAMS[self.kind]

    def deadline(self, *, extended: bool = True) -> date | None:
        """The deadline it sets from service (none for a cart tag), moved by a granted
        extension unless ``extended`` is False."""
        if self.due_days is None:
            return None
        if extended and self.extension is not None and self.extension.granted:
            return self.extension.new_due_on
        return self.served_on + timedelta(days=self.due_days)

    def shift(self, days: int) -> None:
        """Move the case and what followed it by ``days``."""
        step = timedelta(days=days)
        self.served_on += step
        if self.complied_on is not None:
            self.complied_on += step
            if self.evidence is not None:
                for name in ("start", "date"):
                    if name in self.evidence:
                        moved = date.fromisoformat(self.evidence[name]) + step
                        self.evidence[name] = _d(moved)
        if self.extension is not None:
            self.extension.requested_on += step
            self.extension.decided_on += step
            if self.extension.new_due_on is not None:
                self.extension.new_due_on += step
        if self.citation is not None:
            self.citation.served_on += step
            if self.citation.paid_on is not None:
                self.citation.paid_on += step

    def engine_facts(self) -> list[dict[str, Any]]:
        """The engine facts the notices services record for the case, named after it:
        the served notice, its compliance, the extension decided, the citation, the
        request for a hearing and the hearing order."""
        notice: dict[str, Any] = {
            "id": self.key,
            "type": "notice",
            "subject": self.subject,
            "requirement": self.requirement,
            "issued_on": _d(self.served_on),
            "kind": NOTICE_FACT_KINDS[self.kind],
        }
        if self.kind == "fog_noncompliance":  # the NOV's is the engine's own 60 days
            notice["due_on"] = _d(self.deadline(extended=False))
        out = [notice]
        if self.extension is not None:
            plan = self.extension
            out.append(
                {
                    "id": f"{self.key}-extension",
                    "type": "extension",
                    "notice": self.key,
                    "date": _d(plan.decided_on),
                    "new_due_on": _d(plan.new_due_on or self.deadline(extended=False)),
                    "reason": plan.reason,
                    "granted": plan.granted,
                }
            )
        if self.complied_on is not None:
            out.append(
                {
                    "id": f"{self.key}-corrected",
                    "type": "correction",
                    "notice": self.key,
                    "date": _d(self.complied_on),
                }
            )
        if self.citation is not None:
            cited = self.citation
            key = f"{self.key}-citation"
            out.append(
                {
                    "id": key,
                    "type": "citation",
                    "subject": self.subject,
                    "requirement": self.requirement,
                    "notice": self.key,
                    "issued_on": _d(cited.served_on),
                    "amount": cited.amount,
                }
            )
            if cited.hearing is not None:
                heard = cited.hearing
                out.append(
                    {
                        "id": f"{key}-appeal",
                        "type": "appeal_request",
                        "citation": key,
                        "date": _d(heard.filed_on),
                    }
                )
                if heard.decided_on is not None:
                    out.append(
                        {
                            "id": f"{key}-order",
                            "type": "hearing_order",
                            "citation": key,
                            "date": _d(heard.decided_on),
                            "decision": heard.decision,
                        }
                    )
        return out


class DemoCity:
    """The demo city's facts for one seed, set around one as-of date."""

    def __init__(self, *, as_of: date, seed: int = DEFAULT_SEED) -> None:
        self.as_of = as_of
        self.seed = seed
        self.layout = random.Random(seed)
        self.premises: list[Premises] = []
        self.businesses: list[Business] = []
        self.recovery: list[Business] = []
        self._used_keys: set[str] = set()
        self._used_addresses: set[str] = set()
        self._build_layout()

    # ------------------------------------------------------------------ helpers

    def _rng(self, key: str) -> random.Random:
        """A generator of its own for each record, so one record's details never
        shift another's."""
        return random.Random(f"{self.seed}:{key}")

    def _key(self, text: str) -> str:
        base = _slug(text)
        key, n = base, 2
        while key in self._used_keys:
            key, n = f"{base}-{n}", n + 1
        self._used_keys.add(key)
        return key

    def ago(self, days: int) -> date:
        return self.as_of - timedelta(days=days)

    def _address(self, streets: list[str]) -> str:
        """A street address no other premises has."""
        while True:
            address = f"{self.layout.randrange(100, 2999)} {self.layout.choice(streets)}"
            if address not in self._used_addresses:
                self._used_addresses.add(address)
                return address

    def _person(self, rng: random.Random) -> str:
        return f"{rng.choice('ABCDEFGHJKLMNPRSTVW')}. {rng.choice(SURNAMES)}"

    def _full_name(self, rng: random.Random, taken: set[str]) -> str:
        """A given name and a surname of one of the city's heritages, not in ``taken``."""
        weights = [heritage[0] for heritage in HERITAGES]
        while True:
            _weight, given, second, share, surnames = rng.choices(HERITAGES, weights)[0]
            first = rng.choice(second if rng.random() < share else given)
            name = f"{first} {rng.choice(surnames)}"
            if name not in taken:
                taken.add(name)
                return name

    def _name(self, kinds: list[str]) -> str:
        return f"{self.layout.choice(NAME_WORDS)} {self.layout.choice(kinds)}"

    def _opened(self, low_days: int, high_days: int) -> date:
        return self.ago(self.layout.randrange(low_days, high_days))

    def _new_premises(
        self, *, commercial: bool, use: str, zone: str, units: int = 1, story: str = "ok"
    ) -> Premises:
        address = self._address(STREETS_COMMERCIAL if commercial else STREETS_RESIDENTIAL)
        premises = Premises(
            key=self._key(f"lot {address}"),
            address=address,
            zone=zone,
            use=use,
            units=units,
            owner=f"{self.layout.choice(SURNAMES)} Family Trust"
            if not commercial
            else f"{self.layout.choice(NAME_WORDS)} Properties LLC",
            story=story,
        )
        self.premises.append(premises)
        return premises

    def _premises_story(self, small: bool = False) -> str:
        roll = self.layout.random()
        if roll < 0.07:
            return "short_organics"
        if roll < 0.09:
            return "no_disposal"
        if small and roll < 0.30:
            return "de_minimis"
        return "ok"

    def _add(self, business: Business) -> Business:
        business.premises.businesses.append(business)
        self.businesses.append(business)
        return business

    # ------------------------------------------------------------------ layout

    def _build_layout(self) -> None:
        lay = self.layout
        # food recovery organizations and services, partners of the generators
        for name, category in (
            ("San Gabriel Valley Community Pantry", "food_recovery_organization"),
            ("Mission Food Bank", "food_recovery_organization"),
            ("Del Mar Neighborhood Kitchen", "food_recovery_organization"),
            ("Las Tunas Community Fridge", "food_recovery_organization"),
            ("Arroyo Meals Network", "food_recovery_organization"),
            ("Good Harvest Food Rescue", "food_recovery_service"),
            ("Second Plate Couriers", "food_recovery_service"),
        ):
            premises = self._new_premises(commercial=True, use="commercial", zone="C-1")
            business = self._add(
                Business(
                    key=self._key(name),
                    name=name,
                    category=category,
                    premises=premises,
                    opened_on=self._opened(1500, 6000),
                    attrs={"located_in_city": True},
                )
            )
            self.recovery.append(business)

        # plazas: one premises, several businesses sharing its collection service
        plazas = []
        for _ in range(14):
            story = self._premises_story()
            premises = self._new_premises(
                commercial=True, use="commercial", zone=lay.choice(["C-1", "C-3"]), story=story
            )
            premises.owner = f"{lay.choice(NAME_WORDS)} Plaza Partners"
            plazas.append(premises)

        def restaurant_premises() -> Premises:
            if lay.random() < 0.3:
                return lay.choice(plazas)
            return self._new_premises(
                commercial=True,
                use="commercial",
                zone=lay.choice(["C-1", "C-3", "C-3", "C-2", "MD"]),
                story=self._premises_story(),
            )

        for _ in range(165):
            name = self._name(RESTAURANT_KINDS)
            old = lay.random() < 0.16
            opened = self._opened(4400, 9000) if old else self._opened(20, 4300)
            if opened < FOG_IN_FORCE and not old:
                opened = FOG_IN_FORCE + timedelta(days=lay.randrange(1, 200))
            if old and opened >= FOG_IN_FORCE:
                opened = FOG_IN_FORCE - timedelta(days=lay.randrange(30, 3000))
            self._add(
                Business(
                    key=self._key(name),
                    name=name,
                    category="restaurant",
                    premises=restaurant_premises(),
                    opened_on=opened,
                    cooks=True,
                    attrs={
                        "meals_per_day": lay.randrange(60, 520),
                        "seats": lay.randrange(16, 190),
                        "floor_area_sqft": lay.randrange(700, 4800),
                        "kitchen_sink_outlets": 1,
                    },
                )
            )
        for _ in range(8):  # banquet restaurants: tier two edible food generators
            name = self._name(BANQUET_KINDS)
            self._add(
                Business(
                    key=self._key(name),
                    name=name,
                    category="restaurant",
                    premises=self._new_premises(
                        commercial=True, use="commercial", zone="C-3", story=self._premises_story()
                    ),
                    opened_on=self._opened(200, 4000),
                    cooks=True,
                    tier=2,
                    attrs={
                        "meals_per_day": lay.randrange(350, 1200),
                        "seats": lay.randrange(260, 600),
                        "floor_area_sqft": lay.randrange(6000, 14000),
                        "kitchen_sink_outlets": 2,
                    },
                )
            )
        # supermarkets, groceries, distributors: tier one (and small groceries: none)
        for category, count, kinds in (
            ("supermarket", 8, ["Market", "Supermarket", "Fresh Foods"]),
            ("grocery_store", 24, ["Grocery", "Produce", "Mercado", "Asian Market"]),
            ("food_distributor", 3, ["Food Distributors", "Produce Wholesale"]),
            ("wholesale_food_vendor", 2, ["Wholesale Foods"]),
        ):
            for _ in range(count):
                name = self._name(kinds)
                attrs: dict[str, Any] = {}
                tier: int | None = 1
                if category == "supermarket":
                    attrs = {
                        "gross_annual_sales": lay.choice([2_800_000, 6_500_000, 14_000_000]),
                        "floor_area_sqft": lay.randrange(18000, 45000),
                    }
                elif category == "grocery_store":
                    large = lay.random() < 0.35
                    attrs = {
                        "floor_area_sqft": lay.randrange(10000, 16000)
                        if large
                        else lay.randrange(1200, 7000),
                        "gross_annual_sales": lay.choice([600_000, 1_200_000, 1_900_000]),
                    }
                    tier = 1 if large else None
                else:
                    attrs = {"floor_area_sqft": lay.randrange(8000, 30000)}
                zone = "M-1" if category in ("food_distributor", "wholesale_food_vendor") else "C-3"
                self._add(
                    Business(
                        key=self._key(name),
                        name=name,
                        category=category,
                        premises=self._new_premises(
                            commercial=True,
                            use="industrial" if zone == "M-1" else "commercial",
                            zone=zone,
                            story=self._premises_story(),
                        ),
                        opened_on=self._opened(300, 8000),
                        tier=tier,
                        attrs=attrs,
                    )
                )
        # hotels, a hospital and a nursing home, schools, a venue: tier two where they qualify
        institutions = [
            ("hotel", "Mission Gate Suites", {"rooms": 240, "on_site_food_facility": True}, 2),
            ("hotel", "Bencamp Garden Hotel", {"rooms": 210, "on_site_food_facility": True}, 2),
            ("hotel", "Walnut Grove Plaza Hotel", {"rooms": 320, "on_site_food_facility": True}, 2),
            ("hotel", "Las Tunas Motor Lodge", {"rooms": 38, "on_site_food_facility": False}, None),
            ("hotel", "Del Mar Travel Inn", {"rooms": 62, "on_site_food_facility": False}, None),
            (
                "health_facility",
                "Valley Crest Community Hospital",
                {"beds": 274, "on_site_food_facility": True},
                2,
            ),
            (
                "health_facility",
                "Wells Street Care Center",
                {"beds": 64, "on_site_food_facility": True},
                None,
            ),
            (
                "local_education_agency",
                "Hermosa Drive Elementary School",
                {"on_site_food_facility": True},
                2,
            ),
            (
                "local_education_agency",
                "Roses Road Elementary School",
                {"on_site_food_facility": True},
                2,
            ),
            (
                "local_education_agency",
                "Live Oak Middle School",
                {"on_site_food_facility": True},
                2,
            ),
            (
                "local_education_agency",
                "Arroyo Vista High School",
                {"on_site_food_facility": True},
                2,
            ),
            (
                "large_venue",
                "Las Tunas Civic Playhouse",
                {"average_daily_attendance": 2400},
                2,
            ),
        ]
        for category, name, attrs, tier in institutions:
            use = "hotel" if category == "hotel" else "commercial"
            self._add(
                Business(
                    key=self._key(name),
                    name=name,
                    category=category,
                    premises=self._new_premises(
                        commercial=True, use=use, zone="C-3", story=self._premises_story()
                    ),
                    opened_on=self._opened(3000, 12000),
                    tier=tier,
                    attrs=dict(attrs),
                )
            )
        # shops and offices
        for _ in range(80):
            name = self._name(SHOP_KINDS)
            if lay.random() < 0.45:
                premises = lay.choice(plazas)
            else:
                premises = self._new_premises(
                    commercial=True,
                    use="commercial",
                    zone=lay.choice(["C-1", "C-2", "C-3"]),
                    story=self._premises_story(small=True),
                )
            self._add(
                Business(
                    key=self._key(name),
                    name=name,
                    category="other",
                    premises=premises,
                    opened_on=self._opened(60, 7000),
                    attrs={"floor_area_sqft": lay.randrange(600, 4000)},
                )
            )
        # homes: single-family and multi-family
        for _ in range(190):
            self._new_premises(
                commercial=False,
                use="residential",
                zone=lay.choice(["R-1", "R-1", "R-1", "R-2"]),
                units=lay.choice([1, 1, 1, 1, 2, 3]),
                story=self._residential_story(),
            )
        for _ in range(36):
            self._new_premises(
                commercial=False,
                use="residential",
                zone=lay.choice(["R-3", "R-3", "R-2"]),
                units=lay.choice([6, 8, 12, 16, 24, 40]),
                story=self._residential_story(multi=True),
            )

    def _residential_story(self, multi: bool = False) -> str:
        roll = self.layout.random()
        if roll < 0.07:
            return "short_organics"
        if roll < 0.08:
            return "no_disposal"
        if multi and roll < 0.16:
            return "space"
        return "ok"

    # ------------------------------------------------------------------ the facts

    def facts(self) -> list[dict[str, Any]]:
        """Every record of the demo city, things before the events that name them. Its
        enforcement (the notices served and what followed them) is not among them: it
        is :meth:`enforcement`, which the notices services record."""
        out: list[dict[str, Any]] = []
        self._collected: dict[str, dict[tuple[int, int], int]] = {}
        self._cases: list[Case] = []
        self._over_limit: list[Case] = []
        self._service_start: dict[str, date] = {}
        for business in self.recovery:
            out.extend(self._premises_facts(business.premises))
            out.append(self._business_fact(business))
        seen = {b.premises.key for b in self.recovery}
        for premises in self.premises:
            if premises.key in seen:
                continue
            out.extend(self._premises_facts(premises))
            for business in premises.businesses:
                out.append(self._business_fact(business))
        for premises in self.premises:
            out.extend(self._service_facts(premises))
            out.extend(self._premises_organics(premises))
        for business in self.businesses:
            out.extend(self._organics_duties(business))
            if business.cooks:
                out.extend(self._fog(business))
            if business.tier is not None:
                out.extend(self._edible_food(business))
        for business in self.recovery:
            out.extend(self._recovery_reports(business))
        out.extend(self._route_reviews())
        out.extend(self._solid_waste())
        out.extend(self._permits())
        made = {id(c.evidence) for c in self._cases if c.fix and c.evidence is not None}
        self.cases = self._settle(self._cases)
        kept = {id(c.evidence) for c in self.cases if c.fix and c.evidence is not None}
        # the record a compliance made is not made where the compliance does not come
        return [f for f in out if id(f) not in made or id(f) in kept]

    def enforcement(self) -> list[Case]:
        """The notices the demo city served and what followed each, in the order they
        were served (:meth:`facts` makes them)."""
        if not hasattr(self, "cases"):
            self.facts()
        return self.cases

    def document(self) -> dict[str, Any]:
        """The demo city as a facts document (the scenario format): its records and
        the engine facts its enforcement became."""
        facts = self.facts()
        served = [fact for case in self.cases for fact in case.engine_facts()]
        return {
            "name": "Demo city: a synthetic San Gabriel (invented businesses and people)",
            "as_of": _d(self.as_of),
            "facts": facts + served,
        }

    @property
    def pack(self) -> RulePack:
        """The city's rule pack: the days its notices give and the penalties they warn of."""
        if not hasattr(self, "_pack"):
            self._pack = load_pack()
        return self._pack

    def _param(self, name: str, on: date) -> Any:
        return self.pack.value(name, on)

    # ------------------------------------------------------------------ the recording

    def recording(self, facts: list[dict[str, Any]] | None = None) -> list[Entry]:
        """The city's past as its staff would have entered it, in order: each fact on a
        plausible day after its own date (never before the records it names, never
        after the demo's date), the day's facts in one batch at the end of the working
        day (what the city knew before Sanitas went live: carried over that morning);
        some entered weeks late; a few corrected later with a reason (the first
        version had a slip), and a few entered twice and the copy voided. Recording
        every entry leaves the records equal to ``facts``."""
        facts = self.facts() if facts is None else facts
        ids = {fact["id"] for fact in facts}
        carried: set[str] = set()
        wanted = {fact["id"]: self._entered_on(fact) for fact in facts}
        go_live = self.go_live()
        for key, day in wanted.items():
            if day is not None and day < go_live:  # in the files carried over at go-live
                wanted[key] = go_live
                carried.add(key)

        def why_of(key: str) -> str:
            return CARRIED_OVER if key in carried else ""

        def order(key: str) -> tuple[datetime, bool, str]:
            return (moments[key], bool(why_of(key)), why_of(key))

        # an undated thing (a premises, a design) is entered with the first record naming it
        undated = {key for key, day in wanted.items() if day is None}
        for fact in facts:
            day = wanted[fact["id"]]
            for target in _named(fact, ids):
                if target in undated and day is not None:
                    wanted[target] = min(day, wanted[target] or day)
        carried.update(key for key in undated if wanted[key] == go_live)
        entered: dict[str, date] = {}
        moments: dict[str, datetime] = {}
        for fact in facts:  # things come before the events that name them
            key = fact["id"]
            named = [t for t in _named(fact, ids) if t in entered]
            days = [wanted[key], *(entered[t] for t in named)]
            day = min(max([d for d in days if d is not None], default=self.as_of), self.as_of)
            # the earlier files are entered in the morning, a day's papers at its end
            moment = self._working_moment(day, morning=key in carried)
            happened = _own_moment(fact)
            if happened is not None and happened >= moment:  # an evening's observation
                day = min(day + timedelta(days=1), self.as_of)
                moment = max(self._working_moment(day), happened + timedelta(minutes=30))
            entered[key], moments[key] = moment.date(), moment
            for target in named:  # never before, nor in a batch after, what it names
                if order(target) > order(key):
                    moments[key] = max(moments[key], moments[target] + timedelta(minutes=1))
            entered[key] = moments[key].date()

        batches: dict[tuple[datetime, str], list[dict[str, Any]]] = {}
        later: list[Entry] = []
        for fact in facts:
            key = fact["id"]
            day, moment = entered[key], moments[key]
            why = why_of(key)
            first, correction = self._slip(fact)
            batches.setdefault((moment, why), []).append(first)
            if correction is not None:
                later.append(
                    Entry(at=self._afterwards(key, day, moment), why=correction, facts=[fact])
                )
            copy = self._copy(fact)
            if copy is not None:
                batches[moment, why].append(copy)
                later.append(
                    Entry(
                        at=self._afterwards(copy["id"], day, moment),
                        why=f"entered twice: the same manifest as {key}",
                        void=copy["id"],
                    )
                )
        entries = [Entry(at=at, why=why, facts=batch) for (at, why), batch in batches.items()]
        entries.extend(later)
        # in time order; at one moment, a day's batch before its corrections and voids
        entries.sort(key=lambda e: (e.at, e.void is not None, bool(e.why), e.why))
        return entries

    def acts(self, entries: list[Entry]) -> list[Act]:
        """The enforcement's acts (:meth:`enforcement`), each on its day after that
        day's batch of records, and after the records it rests on were entered (the
        subject and the inspection that found it, the record that shows a compliance);
        in time order, a case's steps in their order."""
        entered: dict[str, datetime] = {}
        for entry in entries:
            for fact in entry.facts:
                entered.setdefault(fact["id"], entry.at)
        acts: list[Act] = []

        def act(case: Case, step: str, day: date, *after: str | None) -> None:
            moment = self._working_moment(day) + timedelta(minutes=ACT_STEPS[step])
            for key in after:
                if key is not None and key in entered:
                    moment = max(moment, entered[key] + timedelta(minutes=10))
            acts.append(Act(at=moment, case=case, step=step))

        for case in self.enforcement():
            act(case, "serve", case.served_on, case.subject, case.found_by)
            if case.extension is not None:
                act(case, "request_extension", case.extension.requested_on)
                act(case, "decide_extension", case.extension.decided_on)
            if case.complied_on is not None:
                evidence = case.evidence["id"] if case.evidence is not None else None
                act(case, "comply", case.complied_on, evidence)
            cited = case.citation
            if cited is None:
                continue
            act(case, "cite", cited.served_on)
            if cited.hearing is not None:
                act(case, "appeal", cited.hearing.filed_on)
                act(case, "schedule", cited.hearing.scheduled_on)
                if cited.hearing.decided_on is not None:
                    act(case, "decide", cited.hearing.decided_on)
            if cited.paid_on is not None:
                act(case, "pay", cited.paid_on)
        order = {step: n for n, step in enumerate(ACT_STEPS)}
        acts.sort(key=lambda a: (a.at, a.case.served_on, a.case.key, order[a.step]))
        return acts

    def go_live(self) -> date:
        """The day the city began keeping its records in Sanitas (the first office day
        of the year five years before the demo's date): what it knew before then was
        carried over from its earlier files that morning."""
        start = date(self.as_of.year - 5, 1, 1)
        return start + timedelta(days=(OFFICE_DAY - start.weekday()) % 7)

    def _entered_on(self, fact: dict[str, Any]) -> date | None:
        """The day the city would have entered ``fact`` (None: with what names it)."""
        day = own_date(fact)
        if day is None:
            return None
        lag = RECORDING_LAG.get(fact["type"])
        if lag is None:  # done in the field: entered that day
            return max(day, EARLIEST_ENTRY)
        rng = self._rng(fact["id"] + "/entered")
        day += timedelta(days=rng.randint(*lag))
        if fact["type"] in ENTERED_FROM_PAPERS and rng.random() < LATE_SHARE:
            day += timedelta(days=rng.randint(20, 60))
        day += timedelta(days=(OFFICE_DAY - day.weekday()) % 7)
        return max(day, EARLIEST_ENTRY)

    def _working_moment(self, day: date, *, morning: bool = False) -> datetime:
        """When a day's batch is entered: late in the working day, after the field work
        (the files carried over at go-live: in the morning)."""
        rng = random.Random(f"{self.seed}:entered:{day.isoformat()}")
        afternoon, early = rng.randrange(0, 90), rng.randrange(0, 60)
        start = (
            timedelta(hours=8, minutes=early) if morning else timedelta(hours=16, minutes=afternoon)
        )
        return datetime.combine(day, datetime.min.time()) + start

    def _afterwards(self, key: str, day: date, moment: datetime) -> datetime:
        """When a slip in a record entered on ``day`` was put right: days or weeks later
        (the same evening if the demo's date comes first)."""
        later = day + timedelta(days=self._rng(key + "/fixed").randint(3, 40))
        if later > self.as_of:
            return moment + timedelta(minutes=45)
        return self._working_moment(later) + timedelta(minutes=45)

    def _slip(self, fact: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
        """The version of ``fact`` first entered, and the reason of its correction (None
        if it was entered right): a manifest's FOG gallons left blank, a name misspelt."""
        share = CORRECTED_SHARE.get(fact["type"], 0.0)
        rng = self._rng(fact["id"] + "/slip")
        if not share or rng.random() >= share:
            return fact, None
        first = dict(fact)
        if fact["type"] == "pump_out" and "fog_gallons" in fact:
            del first["fog_gallons"]
            return first, "manifest read again: the FOG gallons had been left blank"
        if fact["type"] == "employee":
            given, _, surname = fact["name"].partition(" ")
            if len(surname) > 3:
                cut = rng.randrange(1, len(surname) - 1)
                first["name"] = f"{given} {surname[:cut]}{surname[cut + 1 :]}"
                return first, "name corrected to its spelling on the hiring papers"
        return fact, None

    def _copy(self, fact: dict[str, Any]) -> dict[str, Any] | None:
        """A copy of ``fact`` entered by mistake under another key, or None."""
        share = DUPLICATED_SHARE.get(fact["type"], 0.0)
        if not share or self._rng(fact["id"] + "/twice").random() >= share:
            return None
        return {**fact, "id": f"{fact['id']}-entered-twice"}

    # ------------------------------------------------------------------ premises and businesses

    def _premises_facts(self, premises: Premises) -> list[dict[str, Any]]:
        fact: dict[str, Any] = {
            "id": premises.key,
            "type": "premises",
            "address": f"{premises.address}, San Gabriel, CA 91776",
            "zone": premises.zone,
            "use": premises.use,
            "owner_name": premises.owner,
            "owner_tax_address": f"PO Box {self._rng(premises.key).randrange(100, 999)}, "
            "San Gabriel, CA 91778",
        }
        if premises.use == "residential":
            fact["dwelling_units"] = premises.units
            fact["alley"] = premises.key.endswith(("1", "4", "7"))
        return [fact]

    def _business_fact(self, business: Business) -> dict[str, Any]:
        rng = self._rng(business.key)
        fact: dict[str, Any] = {
            "id": business.key,
            "type": "establishment",
            "premises": business.premises.key,
            "name": business.name,
            "category": business.category,
            "opened_on": _d(business.opened_on),
            "contact": f"{self._person(rng)}, (626) 555-{rng.randrange(100, 199):04d}",
        }
        if business.cooks:
            fact["cooks"] = True
        fact.update(business.attrs)
        return fact

    def _service_facts(self, premises: Premises) -> list[dict[str, Any]]:
        """Collection services by the franchised contractor, and waivers."""
        rng = self._rng(premises.key + "/service")
        start = max(
            [ORG_IN_FORCE - timedelta(days=rng.randrange(30, 400))]
            + [b.opened_on for b in premises.businesses]
        )
        start = min(start, self.ago(10))
        self._service_start[premises.key] = start
        story = premises.story
        facts: list[dict[str, Any]] = []

        def service(stream: str, **amount: float) -> None:
            facts.append(
                {
                    "id": f"{premises.key}-svc-{stream}",
                    "type": "collection_service",
                    "premises": premises.key,
                    "stream": stream,
                    "start": _d(start),
                    **amount,
                }
            )

        residential = premises.use == "residential"
        single = residential and premises.units < 5
        if single:
            if story != "no_disposal":
                service("black", gallons_per_week=rng.choice([35, 64, 96]))
            service("recyclables", gallons_per_week=rng.choice([64, 96]))
            organics = 32 if story == "short_organics" else rng.choice([35, 64, 96])
            service("organics", gallons_per_week=organics)
            return facts
        if story == "de_minimis":
            service("total", cubic_yards_per_week=1.5)
            service("recyclables", gallons_per_week=35)
            facts.append(
                {
                    "id": f"{premises.key}-waiver",
                    "type": "waiver",
                    "subject": premises.key,
                    "kind": "de_minimis",
                    "granted_on": _d(self._between(rng, ORG_IN_FORCE, self.ago(60))),
                }
            )
            return facts
        size = max(1, len(premises.businesses)) * (premises.units if residential else 1)
        if story != "no_disposal":
            service("black", cubic_yards_per_week=float(rng.choice([2, 3, 4, 6]) + size // 4))
        service("recyclables", cubic_yards_per_week=float(rng.choice([1, 2, 3])))
        if story == "short_organics":
            service("organics", gallons_per_week=rng.choice([0, 32, 48]))
        elif story == "space":
            service("organics", gallons_per_week=32)
            facts.append(
                {
                    "id": f"{premises.key}-waiver",
                    "type": "waiver",
                    "subject": premises.key,
                    "kind": "physical_space",
                    "granted_on": _d(self._between(rng, ORG_IN_FORCE, self.ago(90))),
                }
            )
        else:
            service("organics", gallons_per_week=float(rng.choice([64, 96, 128, 192, 288])))
        return facts

    def _between(self, rng: random.Random, first: date, last: date) -> date:
        if last <= first:
            return first
        return first + timedelta(days=rng.randrange((last - first).days + 1))

    # ------------------------------------------------------------------ SB 1383: commercial duties

    def _organics_duties(self, business: Business) -> list[dict[str, Any]]:
        """Quarterly self-inspections and annual education of a commercial business."""
        rng = self._rng(business.key + "/organics")
        start = max(ORG_IN_FORCE, business.opened_on)
        if start > self.as_of:
            return []
        facts: list[dict[str, Any]] = []
        roll = rng.random()
        story = "never" if roll < 0.02 else "lapsed" if roll < 0.10 else "ok"
        current = _quarter(self.as_of)
        quarters = list(_quarters(start, self.as_of))
        lapsed = set(quarters[-1 - rng.randrange(1, 3) : -1]) if story == "lapsed" else set()
        elapsed = (self.as_of - _quarter_start(*current)).days / 91
        for year, quarter in quarters:
            if story == "never" or (year, quarter) in lapsed:
                continue
            first = max(_quarter_start(year, quarter), start)
            last = min(_quarter_end(year, quarter), self.as_of)
            if (year, quarter) == current and rng.random() > elapsed:
                continue  # not yet this quarter: due
            day = self._between(rng, first, last)
            found = rng.random() < 0.12
            fact: dict[str, Any] = {
                "id": f"{business.key}-si-{year}-q{quarter}",
                "type": "self_inspection",
                "subject": business.key,
                "date": _d(day),
                "contamination_found": found,
            }
            if found:
                fact["employees_informed"] = True
            facts.append(fact)
        missed_year = self.as_of.year - 1 if rng.random() < 0.06 else None
        year_elapsed = (self.as_of - date(self.as_of.year, 1, 1)).days / 365
        for year in range(start.year, self.as_of.year + 1):
            if story == "never" or year == missed_year:
                continue
            if year == self.as_of.year and rng.random() > year_elapsed + 0.1:
                continue
            first = max(date(year, 1, 1), start)
            last = min(date(year, 12, 31), self.as_of)
            facts.append(
                {
                    "id": f"{business.key}-edu-{year}",
                    "type": "organics_education",
                    "subject": business.key,
                    "date": _d(self._between(rng, first, last)),
                    "audiences": ["employees", "customers"],
                }
            )
        if story == "never" and rng.random() < 0.6:
            # a quarter without one is overdue from the day after it ends, the business
            # on record by then (its papers entered within a fortnight or so)
            first_overdue = _quarter_end(*_quarter(start)) + timedelta(days=1)
            facts.extend(
                self._nov(
                    rng,
                    key=f"{business.key}-nov-self-inspect",
                    subject=business.key,
                    requirement="ORG-COM-SELF-INSPECT",
                    earliest=max(first_overdue, business.opened_on + timedelta(days=PAPERS_DAYS)),
                    lawful=not self._outside_the_duties([business], start),
                )
            )
        return facts

    def _premises_organics(self, premises: Premises) -> list[dict[str, Any]]:
        """A multi-family owner's annual education of tenants; notices on short service."""
        rng = self._rng(premises.key + "/organics")
        facts: list[dict[str, Any]] = []
        if premises.use == "residential" and premises.units >= 5:
            for year in range(ORG_IN_FORCE.year, self.as_of.year + 1):
                if year == self.as_of.year and self.as_of.month < 6:
                    continue
                if year == self.as_of.year - 1 and rng.random() < 0.1:
                    continue
                facts.append(
                    {
                        "id": f"{premises.key}-edu-{year}",
                        "type": "organics_education",
                        "subject": premises.key,
                        "date": _d(date(year, rng.randrange(1, 6), rng.randrange(1, 28))),
                        "audiences": ["tenants"],
                    }
                )
        residential_single = premises.use == "residential" and premises.units < 5
        if premises.story == "short_organics" and not residential_single and rng.random() < 0.7:
            # short from the day its organics service began, once that is on record
            started = self._service_start[premises.key]
            outside = self._outside_the_duties(premises.businesses, started)
            facts.extend(
                self._nov(
                    rng,
                    key=f"{premises.key}-nov-enroll",
                    subject=premises.key,
                    requirement="ORG-COM-ENROLL",
                    earliest=started + timedelta(days=PAPERS_DAYS),
                    lawful=not outside,
                    fix=lambda day: {
                        "id": f"{premises.key}-svc-organics-upsized",
                        "type": "collection_service",
                        "premises": premises.key,
                        "stream": "organics",
                        "gallons_per_week": 64,
                        "start": _d(day),
                    },
                )
            )
        return facts

    def _nov(
        self,
        rng: random.Random,
        *,
        key: str,
        subject: str,
        requirement: str,
        earliest: date,
        lawful: bool = True,
        fix: Any = None,
    ) -> list[dict[str, Any]]:
        """A Notice of Violation (a case of :meth:`enforcement`) and what followed:
        compliance in time, or a citation once its deadline passed, or nothing yet. The
        records it returns are those of the compliance (the service enlarged). Drawn
        all the same where the law gives the subject no such duty (``lawful`` False),
        so that the draws after it stay as they were, and then not served."""
        issued = self.ago(rng.randrange(8, 200))
        days = self._param("enf.nov_compliance_days", issued)
        deadline = issued + timedelta(days=days)
        case = Case(
            key=key,
            kind="sb1383_nov",
            requirement=requirement,
            subject=subject,
            served_on=issued,
            method="first_class_mail",
            earliest=earliest,
            due_days=days,
        )
        self._cases.append(case)
        facts: list[dict[str, Any]] = []
        roll = rng.random()
        if roll < 0.4:
            corrected = issued + timedelta(days=rng.randrange(10, 58))
            if corrected <= self.as_of:
                case.complied_on = corrected
                if fix is not None:
                    case.evidence, case.fix = fix(corrected), True
                    facts.append(case.evidence)
        elif roll < 0.75 and deadline + timedelta(days=20) <= self.as_of:
            cited = deadline + timedelta(days=rng.randrange(5, 20))
            case.citation = CitationPlan(served_on=cited, amount=self._first_step(cited))
        if not lawful:
            self._cases.remove(case)
            return []
        return facts

    def _outside_the_duties(self, businesses: list[Business], on: date) -> bool:
        """Whether the commercial duties of Chapter 50 bind none of ``businesses`` (each
        of a category outside them: a school district, a state agency)."""
        outside = self._param("org.non_commercial_categories", on)
        return bool(businesses) and all(b.category in outside for b in businesses)

    # ------------------------------------------------------------------ enforcement

    def _settle(self, cases: list[Case]) -> list[Case]:
        """The demo's enforcement as the city could have served it: each case on a day
        the law allowed it (one drawn before the finding it answers was on record moves
        to the first day it was; one that would then come after the demo's date is not
        served), with what followed it in order; and the stages of SB 1383 enforcement
        a newcomer follows from finding to hearing, each at least once where the demo's
        date leaves room for it. In the order they were served."""
        rng = self._rng("enforcement")
        kept: list[Case] = []
        for case in cases:
            if case.served_on < case.earliest:
                case.shift((case.earliest - case.served_on).days)
            if case.served_on <= self.as_of:
                self._prune(case)
                kept.append(case)
        novs = sorted((c for c in kept if c.kind == "sb1383_nov"), key=_case_order)
        self._stages(novs, rng)
        if not any(c.requirement == "FOG-25-PERCENT" for c in kept) and self._over_limit:
            kept.append(max(self._over_limit, key=_case_order))
        for n, case in enumerate(sorted(kept, key=_case_order), 1):
            cited = case.citation
            # of the citations no stage is made of, most are paid within the month
            if cited is not None and not case.stage and rng.random() < 0.6:
                paid = cited.served_on + timedelta(days=rng.randint(3, 25))
                cited.paid_on = paid if paid <= self.as_of else None
            if cited is not None and cited.paid_on is not None:
                cited.payment_method = cited.payment_method or rng.choice(
                    ["check", "card", "online", "money_order"]
                )
                cited.receipt_number = f"R-{cited.paid_on.year}-{n:05d}"
        return sorted(kept, key=_case_order)

    def _prune(self, case: Case) -> None:
        """What follows a case only as far as the demo's date, and only as the law
        allows it: a citation once the deadline passed uncorrected, a payment of a
        citation served, an order on a hearing held."""
        days = self.as_of
        if case.complied_on is not None and case.complied_on > days:
            case.complied_on = None
            if case.fix:
                case.evidence = None
        if case.extension is not None and case.extension.decided_on > days:
            case.extension = None
        cited = case.citation
        deadline = case.deadline()
        if cited is not None and (
            cited.served_on > days
            or deadline is None
            or cited.served_on < deadline + timedelta(days=RIPE_AFTER)
            or (case.complied_on is not None and case.complied_on <= deadline)
        ):
            case.citation = cited = None
        if cited is not None and cited.paid_on is not None and cited.paid_on > days:
            cited.paid_on = None
        if cited is not None and cited.hearing is not None:
            heard = cited.hearing
            if heard.filed_on > days:
                cited.hearing = None
            elif heard.decided_on is not None and heard.decided_on > days:
                heard.decided_on, heard.decision = None, ""

    def _stages(self, novs: list[Case], rng: random.Random) -> None:
        """Make the stages of SB 1383 enforcement out of the Notices of Violation drawn,
        oldest first: one appealed and decided, one whose hearing is set in the coming
        weeks, one cited and unpaid, one past its deadline with a citation to propose
        (after an extension denied), one still within its deadline; and one extended and
        complied with by the new deadline. A notice is moved back to the day its stage
        needs where none was drawn early enough (never before the law allowed it)."""
        days = self.as_of
        free = list(novs)
        nov = self._param("enf.nov_compliance_days", days)

        def move(case: Case, to: date) -> None:
            case.shift((max(to, case.earliest) - case.served_on).days)
            case.extension, case.citation = None, None
            self._prune(case)

        def take(limit: date, *, oldest: bool) -> Case | None:
            """An open notice served by ``limit`` (the oldest or the latest); else one
            that may be moved back to it, its compliance left out if need be."""
            open_ = [c for c in free if c.complied_on is None]
            early = [c for c in open_ if c.served_on <= limit]
            if early:
                chosen = early[0] if oldest else early[-1]
            else:
                movable = [c for c in open_ if c.earliest <= limit] or [
                    c for c in free if c.earliest <= limit
                ]
                if not movable:
                    return None
                chosen = movable[-1]
                chosen.complied_on = None
                if chosen.fix:
                    chosen.evidence = None
                move(chosen, limit - timedelta(days=rng.randint(0, 10)))
            free.remove(chosen)
            chosen.extension, chosen.citation = None, None
            return chosen

        def cited_on(case: Case, *, not_before: date | None = None) -> date:
            ripe = case.deadline() + timedelta(days=RIPE_AFTER + rng.randint(0, 6))
            return max(ripe, not_before) if not_before is not None else ripe

        decided = take(days - timedelta(days=nov + STAGE_AFTER_DEADLINE["decided"]), oldest=True)
        if decided is not None:
            served = cited_on(decided)
            filed = served + timedelta(days=rng.randint(4, 12))
            held = _weekday(filed + timedelta(days=rng.randint(18, 28)))
            ruled = held + timedelta(days=rng.randint(0, 3))
            paid = ruled + timedelta(days=rng.randint(5, 15))
            decided.citation = CitationPlan(
                served_on=served,
                amount=self._first_step(served),
                paid_on=paid,
                payment_method="check",
                hearing=HearingPlan(
                    filed_on=filed,
                    grounds=APPEAL_GROUNDS[decided.requirement],
                    scheduled_on=filed + timedelta(days=rng.randint(1, 4)),
                    held_at=datetime.combine(held, time(10, 0)),
                    decided_on=ruled,
                    decision="upheld",
                ),
            )
            decided.stage = "cited, appealed and upheld by the hearing officer's order"
            self._prune(decided)
        coming = take(days - timedelta(days=nov + STAGE_AFTER_DEADLINE["hearing"]), oldest=False)
        if coming is not None:
            served = cited_on(coming, not_before=days - timedelta(days=rng.randint(8, 14)))
            filed = min(served + timedelta(days=rng.randint(2, 6)), days)
            coming.citation = CitationPlan(
                served_on=served,
                amount=self._first_step(served),
                hearing=HearingPlan(
                    filed_on=filed,
                    grounds=APPEAL_GROUNDS[coming.requirement],
                    scheduled_on=min(filed + timedelta(days=rng.randint(1, 3)), days),
                    held_at=datetime.combine(
                        _weekday(days + timedelta(days=rng.randint(8, 20))), time(14, 0)
                    ),
                ),
            )
            coming.stage = "cited and appealed; the hearing is set in the coming weeks"
            self._prune(coming)
        unpaid = take(days - timedelta(days=nov + STAGE_AFTER_DEADLINE["unpaid"]), oldest=False)
        if unpaid is not None:
            served = min(cited_on(unpaid), days)
            unpaid.citation = CitationPlan(served_on=served, amount=self._first_step(served))
            unpaid.stage = "cited; the penalty is unpaid"
            self._prune(unpaid)
        ripe = take(days - timedelta(days=nov + STAGE_AFTER_DEADLINE["ripe"]), oldest=False)
        if ripe is not None:
            asked = ripe.served_on + timedelta(days=rng.randint(20, 35))
            ripe.extension = ExtensionPlan(
                requested_on=asked,
                reason="permit_delay",
                explanation=(
                    "The owner asks for more time to enlarge the trash enclosure; no permit "
                    "application is on file."
                ),
                decided_on=asked + timedelta(days=rng.randint(3, 7)),
                granted=False,
            )
            ripe.stage = "past its deadline (an extension denied): a citation is ripe"
            self._prune(ripe)
        open_ = [c for c in free if c.complied_on is None]
        recent = [c for c in open_ if c.deadline() >= days + timedelta(days=5)]
        within = recent[-1] if recent else (open_ or free or [None])[-1]
        if within is not None and within not in recent:  # served again, later
            within.complied_on = None
            if within.fix:
                within.evidence = None
            move(within, days - timedelta(days=rng.randint(10, 40)))
        if within is not None:
            free.remove(within)
            within.stage = "served; within its deadline"
        extended = next(
            (
                c
                for c in free
                if c.complied_on is not None
                and c.citation is None
                and c.deadline() + timedelta(days=EXTENSION_DAYS) <= days
            ),
            None,
        )
        if extended is not None:
            free.remove(extended)
            asked = extended.served_on + timedelta(days=rng.randint(15, 30))
            deadline = extended.deadline()
            extended.extension = ExtensionPlan(
                requested_on=asked,
                reason="permit_delay",
                explanation=(
                    "A larger green container needs a larger enclosure, whose building "
                    "permit is in plan review."
                ),
                decided_on=asked + timedelta(days=rng.randint(2, 5)),
                granted=True,
                new_due_on=deadline + timedelta(days=EXTENSION_DAYS),
            )
            complied = deadline + timedelta(days=rng.randint(3, EXTENSION_DAYS - 5))
            if extended.evidence is not None and extended.fix:
                extended.evidence["start"] = _d(complied)
            extended.complied_on = complied
            extended.stage = "extended, and complied with by the new deadline"

    def _first_step(self, on: date) -> int:
        """A first violation's penalty ceiling on the SB 1383 ladder (the demo's citations
        are each their subject's first)."""
        return int(self._param("org.penalty_ladder", on)[0])

    # ------------------------------------------------------------------ FOG

    def _fog(self, business: Business) -> list[dict[str, Any]]:
        rng = self._rng(business.key + "/fog")
        est = business.key
        facts: list[dict[str, Any]] = []
        new_fse = business.opened_on >= FOG_IN_FORCE
        meals = business.attrs.get("meals_per_day", 0)
        roll = rng.random()
        device = f"{est}-gi"
        interceptor = True
        device_fact: dict[str, Any] = {
            "id": device,
            "type": "device",
            "establishment": est,
            "kind": "grease_interceptor",
            "installed_on": _d(business.opened_on),
            "compartments": 2,
            "capacity_gallons": rng.choice([750, 1000, 1000, 1500, 2000]),
            "approved": True,
        }
        if new_fse:
            if roll < 0.03:
                device_fact = {}  # never installed one: FOG-INTERCEPTOR-REQUIRED
            elif roll < 0.06:
                device_fact["approved"] = False
            elif roll < 0.08:
                device_fact["compartments"] = 1
            elif roll < 0.10:
                interceptor = False
                device = f"{est}-trap"
                device_fact = self._trap(device, est, business, rng, undersized=False)
                facts.append(
                    {
                        "id": f"{est}-variance",
                        "type": "waiver",
                        "subject": est,
                        "kind": "fog_variance",
                        "granted_on": _d(business.opened_on + timedelta(days=30)),
                    }
                )
        else:
            interceptor = False
            device = f"{est}-trap"
            device_fact = self._trap(device, est, business, rng, undersized=roll < 0.2)
            if 0.2 <= roll < 0.35:
                # sold since the FOG subchapter: an interceptor is now required
                sold = self._between(rng, date(2016, 1, 1), self.ago(120))
                facts.append(
                    {
                        "id": f"{est}-transfer",
                        "type": "ownership_transfer",
                        "establishment": est,
                        "date": _d(sold),
                    }
                )
                if roll < 0.28:
                    upgraded = sold + timedelta(days=rng.randrange(60, 110))
                    facts.append({**device_fact, "removed_on": _d(upgraded)})
                    device_fact = {
                        "id": f"{est}-gi",
                        "type": "device",
                        "establishment": est,
                        "kind": "grease_interceptor",
                        "installed_on": _d(upgraded),
                        "compartments": 2,
                        "capacity_gallons": 1000,
                        "approved": True,
                    }
                    device, interceptor = f"{est}-gi", True
        if device_fact:
            facts.append(device_fact)
        if meals < 100 and not interceptor and device_fact:
            device_fact["grease_capacity_lbs"] = 20
        if interceptor and device_fact:
            installed = date.fromisoformat(device_fact["installed_on"])
            facts.extend(self._pump_outs(device, installed, rng))
        facts.extend(self._staff(business, rng))
        # the BMP program
        bmp = rng.random()
        if bmp >= 0.06:
            elements = list(BMP_ELEMENTS)
            if bmp < 0.12:
                elements.remove(rng.choice(["kitchen_signage", "exhaust_filters"]))
            submitted = min(business.opened_on + timedelta(days=rng.randrange(5, 45)), self.as_of)
            facts.append(
                {
                    "id": f"{est}-bmp",
                    "type": "bmp_submittal",
                    "establishment": est,
                    "date": _d(submitted),
                    "elements": elements,
                }
            )
        if rng.random() < 0.012:
            facts.append(
                {
                    "id": f"{est}-blockage",
                    "type": "blockage",
                    "establishment": est,
                    "date": _d(self.ago(rng.randrange(20, 200))),
                }
            )
        return facts

    def _trap(
        self, key: str, est: str, business: Business, rng: random.Random, *, undersized: bool
    ) -> dict[str, Any]:
        meals = business.attrs.get("meals_per_day", 0)
        needed = 60 if meals > 300 else 20
        capacity = (20 if needed == 60 else 10) if undersized else needed + rng.choice([0, 0, 10])
        return {
            "id": key,
            "type": "device",
            "establishment": est,
            "kind": "grease_trap",
            "installed_on": _d(business.opened_on),
            "grease_capacity_lbs": capacity,
            "approved": True,
        }

    def _pump_outs(self, device: str, installed: date, rng: random.Random) -> list[dict]:
        facts: list[dict[str, Any]] = []
        months = 3
        order = rng.random()
        if order < 0.08:
            months = rng.choice([1, 2])
            facts.append(
                {
                    "id": f"{device}-frequency",
                    "type": "frequency_order",
                    "device": device,
                    "date": _d(self.ago(rng.randrange(400, 1500))),
                    "months": months,
                }
            )
        elif order < 0.12:
            months = 6
            facts.append(
                {
                    "id": f"{device}-frequency",
                    "type": "frequency_order",
                    "device": device,
                    "date": _d(self.ago(rng.randrange(400, 1500))),
                    "months": 6,
                }
            )
        step = relativedelta(months=months)
        story = rng.random()
        if story < 0.11:  # overdue
            last = self.as_of - timedelta(days=rng.randrange(8, 75)) - step
        elif story < 0.19:  # falls due within three weeks
            last = self.as_of + timedelta(days=rng.randrange(1, 21)) - step
        else:
            last = self.as_of - timedelta(days=rng.randrange(2, max(3, months * 30 - 25)))
        dates = []
        day = last
        while day >= max(self.ago(400), installed + timedelta(days=10)):
            dates.append(day)
            day = day - step + timedelta(days=rng.randrange(-3, 12))
        dates.reverse()
        hauler_name, hauler_address, prefix = rng.choice(HAULERS)
        operator = self._person(rng)
        for n, day in enumerate(dates, 1):
            facts.append(
                self._pump_out(
                    device,
                    f"{device}-po-{n}",
                    day,
                    rng,
                    hauler=(hauler_name, hauler_address, prefix),
                    operator=operator,
                    full=True,
                )
            )
        if 0.19 <= story < 0.23 and dates:
            # a partial pump-out after the last full one does not count
            partial = self.as_of - timedelta(days=rng.randrange(2, 20))
            if partial > dates[-1]:
                facts.append(
                    self._pump_out(
                        device,
                        f"{device}-po-partial",
                        partial,
                        rng,
                        hauler=(hauler_name, hauler_address, prefix),
                        operator=operator,
                        full=False,
                    )
                )
        overdue_notice = None
        if story < 0.11 and rng.random() < 0.5:
            overdue_notice = self.ago(rng.randrange(1, 25))
        # an inspection of FOG and solids
        serviced_by = None
        if rng.random() < 0.35:
            inspected = self.ago(rng.randrange(1, 170))
            high = rng.random() < 0.22
            percent = rng.randrange(27, 45) if high else rng.randrange(6, 24)
            facts.append(
                {
                    "id": f"{device}-inspection",
                    "type": "inspection",
                    "subject": device,
                    "date": _d(inspected),
                    "program": "fog",
                    "fog_solids_percent_volume": percent,
                    "fog_solids_percent_depth": max(1, percent - rng.randrange(0, 6)),
                    "inspector": "FOG inspector " + self._person(rng),
                }
            )
            follow = rng.random()
            if high and follow < 0.75:
                serviced = inspected + timedelta(
                    days=rng.randrange(1, 6) if follow < 0.5 else rng.randrange(9, 25)
                )
                if serviced <= self.as_of and (not dates or serviced > dates[-1]):
                    serviced_by = self._pump_out(
                        device,
                        f"{device}-po-service",
                        serviced,
                        rng,
                        hauler=(hauler_name, hauler_address, prefix),
                        operator=operator,
                        full=True,
                    )
                    facts.append(serviced_by)
            if high:
                self._over_limit_notice(device, inspected, serviced_by)
        if overdue_notice is not None:
            self._overdue_notice(
                device, overdue_notice, dates[-1] if dates else installed, step, serviced_by
            )
        return facts

    def _overdue_notice(
        self,
        device: str,
        issued: date,
        last_full: date,
        step: relativedelta,
        serviced: dict[str, Any] | None,
    ) -> None:
        """A notice of noncompliance for an interceptor overdue for its pump-out: not
        before the day after the next one was due (with a margin for the law's counting
        of months), counted from the service after an inspection where that came first;
        complied with by that service where it came after."""
        serviced_on = date.fromisoformat(serviced["date"]) if serviced is not None else None
        earliest = last_full + step + timedelta(days=3)
        complied = None
        if serviced_on is not None and serviced_on <= max(issued, earliest):
            earliest = serviced_on + step + timedelta(days=3)
        elif serviced_on is not None:
            complied = serviced_on
        self._cases.append(
            Case(
                key=f"{device}-noncompliance",
                kind="fog_noncompliance",
                requirement="FOG-MIN-FREQUENCY",
                subject=device,
                served_on=issued,
                method="personal",
                earliest=earliest,
                due_days=self._param("notice.fog_noncompliance_days", issued),
                complied_on=complied,
                evidence=serviced if complied is not None else None,
            )
        )

    def _over_limit_notice(
        self, device: str, inspected: date, serviced: dict[str, Any] | None
    ) -> None:
        """The notice of noncompliance an inspector serves on finding an interceptor
        above the accumulation limit: that day, in person, to service it immediately;
        complied with by the pump-out that followed, if one did. Served for some (the
        rest are left a candidate, so that the demo always has one)."""
        case = Case(
            key=f"{device}-over-limit",
            kind="fog_noncompliance",
            requirement="FOG-25-PERCENT",
            subject=device,
            served_on=inspected,
            method="personal",
            earliest=inspected,
            due_days=self._param("fog.immediate_service_days", inspected),
            period=_d(inspected),
            found_by=f"{device}-inspection",
            complied_on=date.fromisoformat(serviced["date"]) if serviced else None,
            evidence=serviced,
        )
        if self._rng(device + "/over-limit").random() < 0.3:
            self._cases.append(case)
        else:
            self._over_limit.append(case)

    def _pump_out(
        self,
        device: str,
        key: str,
        day: date,
        rng: random.Random,
        *,
        hauler: tuple[str, str, str],
        operator: str,
        full: bool,
    ) -> dict[str, Any]:
        name, address, prefix = hauler
        fact: dict[str, Any] = {
            "id": key,
            "type": "pump_out",
            "device": device,
            "date": _d(day),
            "full": full,
            "hauler_name": name,
            "hauler_address": address,
            "operator_name": operator,
            "operator_signed": True,
            "manifest_number": f"{prefix}-{_slug(key)[-40:]}",
            "water_gallons": rng.randrange(400, 1400),
            "fog_gallons": rng.randrange(60, 260),
            "floating_fog_inches": rng.randrange(2, 10),
            "settled_solids_inches": rng.randrange(1, 8),
            "disposal_facility": rng.choice(DISPOSAL_FACILITIES),
        }
        if rng.random() < 0.06:
            missing = rng.choice(["operator_signed", "fog_gallons", "disposal_facility"])
            if missing == "operator_signed":
                fact["operator_signed"] = False
            else:
                del fact[missing]
        return fact

    def _staff(self, business: Business, rng: random.Random) -> list[dict[str, Any]]:
        """Employees, new-hire trainings and the twice-yearly trainings."""
        est = business.key
        facts: list[dict[str, Any]] = []
        employees: list[tuple[str, date, date | None]] = []
        count = rng.randrange(3, 10) if business.tier is None else rng.randrange(10, 18)
        earliest = max(business.opened_on, self.ago(1500))
        # names and job titles from a generator of their own: the staff's other details
        # (and every other record's) are what they were before people had names
        naming = self._rng(f"{est}/staff")
        names: set[str] = set()
        leads, others = (
            (BANQUET_LEADS, BANQUET_STAFF) if business.tier else (KITCHEN_LEADS, KITCHEN_STAFF)
        )
        for n in range(1, count + 1):
            hired = self._between(rng, earliest, self.ago(2))
            if n <= 2:
                hired = earliest  # the opening crew
            left = None
            if rng.random() < 0.15:
                left = self._between(rng, hired + timedelta(days=40), self.as_of)
                if left >= self.as_of:
                    left = None
            key = f"{est}-emp-{n}"
            employees.append((key, hired, left))
            fact: dict[str, Any] = {
                "id": key,
                "type": "employee",
                "establishment": est,
                "name": self._full_name(naming, names),
                "job_title": naming.choice(leads[n - 1] if n <= len(leads) else others),
                "hired_on": _d(hired),
            }
            if left is not None:
                fact["left_on"] = _d(left)
            facts.append(fact)
        topics = list(TRAINING_TOPICS)
        sessions: list[date] = []
        missed_session = rng.random() < 0.05
        unsigned_session = rng.random() < 0.04
        first_year = earliest.year
        for year in range(first_year, self.as_of.year + 1):
            for month in (3, 9):
                day = date(year, month, rng.randrange(4, 26))
                if day < earliest or day > self.as_of:
                    continue
                sessions.append(day)
        if missed_session and len(sessions) > 2:
            # last year's autumn session never happened
            sessions = [s for s in sessions if not (s.year == self.as_of.year - 1 and s.month == 9)]
        for n, day in enumerate(sessions, 1):
            present = [
                k for k, hired, left in employees if hired <= day and (left is None or left > day)
            ]
            if not present:
                continue
            facts.append(
                {
                    "id": f"{est}-training-{day.year}-{'spring' if day.month < 6 else 'fall'}",
                    "type": "training",
                    "establishment": est,
                    "date": _d(day),
                    "employees": present,
                    "signed": not (unsigned_session and n == len(sessions) - 1),
                    "topics": topics,
                }
            )
        for key, hired, left in employees:
            if hired == earliest:
                continue  # the opening crew trained at the first session or on opening
            covered = any(hired <= s <= hired + timedelta(days=10) for s in sessions)
            if covered:
                continue
            roll = rng.random()
            if roll < 0.06 and hired >= self.ago(60):
                continue  # not trained yet
            trained = hired + timedelta(
                days=rng.randrange(12, 30) if roll < 0.12 else rng.randrange(1, 9)
            )
            if trained > self.as_of or (left is not None and trained >= left):
                continue
            facts.append(
                {
                    "id": f"{key}-orientation",
                    "type": "training",
                    "establishment": est,
                    "date": _d(trained),
                    "employees": [key],
                    "signed": True,
                    "topics": topics,
                }
            )
        # the opening crew: trained within days of opening (or of the first record)
        crew = [k for k, hired, _ in employees if hired == earliest]
        first = earliest + timedelta(days=rng.randrange(1, 8))
        if (
            crew
            and first <= self.as_of
            and not any(earliest <= s <= earliest + timedelta(days=10) for s in sessions)
        ):
            facts.append(
                {
                    "id": f"{est}-training-opening",
                    "type": "training",
                    "establishment": est,
                    "date": _d(first),
                    "employees": crew,
                    "signed": True,
                    "topics": topics,
                }
            )
        return facts

    # ------------------------------------------------------------------ edible food recovery

    def _edible_food(self, business: Business) -> list[dict[str, Any]]:
        rng = self._rng(business.key + "/efg")
        tier = business.tier or 0
        start = max(TIER_START[tier], business.opened_on)
        if start > self.as_of:
            return []
        facts: list[dict[str, Any]] = []
        partner = self.recovery[int(rng.random() * len(self.recovery))]
        roll = rng.random()
        agreement_start = start - timedelta(days=rng.randrange(0, 60))
        if roll < 0.05:
            return facts  # no agreement at all: ORG-EFG-AGREEMENT
        agreement: dict[str, Any] = {
            "id": f"{business.key}-agreement",
            "type": "food_recovery_agreement",
            "generator": business.key,
            "partner": partner.key,
            "start": _d(agreement_start),
            "food_types": rng.choice(FOOD_TYPES),
            "collection_frequency": rng.choice(["weekly", "twice weekly", "daily"]),
            "good_samaritan_clause": rng.random() > 0.08,
        }
        if roll < 0.09:
            agreement["end"] = _d(self.ago(rng.randrange(30, 200)))
        elif roll < 0.13:
            del agreement["collection_frequency"]
        facts.append(agreement)
        end = date.fromisoformat(agreement["end"]) if "end" in agreement else self.as_of
        # monthly pounds in both parties' records
        gap_from = None
        if rng.random() < 0.1:
            gap_from = self.as_of - relativedelta(months=rng.randrange(2, 5))
        year, month = start.year, start.month
        while _month_end(year, month) + timedelta(days=25) < self.as_of and (
            date(year, month, 1) <= end
        ):
            pounds = rng.randrange(80, 2400) if tier == 1 else rng.randrange(40, 900)
            if gap_from is None or date(year, month, 1) < gap_from:
                facts.append(
                    {
                        "id": f"{business.key}-lbs-{year}-{month:02d}",
                        "type": "food_recovery_quantity",
                        "kept_by": business.key,
                        "other_party": partner.key,
                        "year": year,
                        "month": month,
                        "pounds": pounds,
                    }
                )
            if partner.category == "food_recovery_service":
                months = self._collected.setdefault(partner.key, {})
                months[(year, month)] = months.get((year, month), 0) + pounds
            facts.append(
                {
                    "id": f"{partner.key}-lbs-{business.key}-{year}-{month:02d}",
                    "type": "food_recovery_quantity",
                    "kept_by": partner.key,
                    "other_party": business.key,
                    "year": year,
                    "month": month,
                    "pounds": pounds,
                }
            )
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
        # annual reports, due Feb 1
        first_year = max(FIRST_REPORT_DUE[tier].year - 1, start.year)
        for report_year in range(first_year, self.as_of.year):
            due_on = date(report_year + 1, 2, 1)
            if due_on > self.as_of:
                continue
            r = rng.random()
            if r < 0.06 and report_year == self.as_of.year - 1:
                continue  # not received: overdue
            filed = due_on - timedelta(days=rng.randrange(2, 28))
            if r < 0.14:
                filed = due_on + timedelta(days=rng.randrange(3, 40))
            if filed > self.as_of:
                continue
            facts.append(
                {
                    "id": f"{business.key}-report-{report_year}",
                    "type": "report",
                    "subject": business.key,
                    "kind": "edible_food_annual",
                    "period": str(report_year),
                    "date": _d(filed),
                }
            )
        return facts

    def _recovery_reports(self, business: Business) -> list[dict[str, Any]]:
        rng = self._rng(business.key + "/reports")
        facts: list[dict[str, Any]] = []
        # a food recovery service passes what it collects on to an organization
        organizations = [b for b in self.recovery if b.category == "food_recovery_organization"]
        receiver = organizations[rng.randrange(len(organizations))]
        for (year, month), pounds in sorted(self._collected.get(business.key, {}).items()):
            facts.append(
                {
                    "id": f"{business.key}-delivered-{year}-{month:02d}",
                    "type": "food_recovery_quantity",
                    "kept_by": business.key,
                    "other_party": receiver.key,
                    "year": year,
                    "month": month,
                    "pounds": pounds,
                }
            )
        for year in range(2022, self.as_of.year):
            due_on = date(year + 1, 2, 1)
            if due_on > self.as_of or (year == self.as_of.year - 1 and rng.random() < 0.2):
                continue
            facts.append(
                {
                    "id": f"{business.key}-report-{year}",
                    "type": "report",
                    "subject": business.key,
                    "kind": "food_recovery_annual",
                    "period": str(year),
                    "date": _d(due_on - timedelta(days=rng.randrange(1, 25))),
                }
            )
        if business.category == "food_recovery_organization" and rng.random() < 0.6:
            asked = self.ago(rng.randrange(10, 90))
            facts.append(
                {
                    "id": f"{business.key}-capacity-request",
                    "type": "capacity_request",
                    "subject": business.key,
                    "kind": "food_recovery",
                    "date": _d(asked),
                }
            )
            if rng.random() < 0.5 and asked + timedelta(days=20) <= self.as_of:
                facts.append(
                    {
                        "id": f"{business.key}-capacity-response",
                        "type": "capacity_response",
                        "request": f"{business.key}-capacity-request",
                        "date": _d(asked + timedelta(days=rng.randrange(5, 20))),
                    }
                )
        return facts

    # ------------------------------------------------------------------ contamination checks

    def _route_reviews(self) -> list[dict[str, Any]]:
        """The hauler's route reviews: contamination found in green containers."""
        rng = self._rng("route-reviews")
        facts: list[dict[str, Any]] = []
        candidates = [p for p in self.premises if p.story not in ("no_disposal",)]
        for premises in rng.sample(candidates, 28):
            day = self.ago(rng.randrange(1, 60))
            found = rng.random() < 0.65
            key = f"{premises.key}-route-review"
            facts.append(
                {
                    "id": key,
                    "type": "inspection",
                    "subject": premises.key,
                    "date": _d(day),
                    "program": "organics",
                    "by_hauler": True,
                    "contamination": found,
                }
            )
            if found and rng.random() < 0.7:
                tagged = day + timedelta(days=rng.choice([0, 0, 1, 4]))
                if tagged <= self.as_of:
                    self._cases.append(
                        Case(
                            key=f"{key}-cart-tag",
                            kind="contamination",
                            requirement="ORG-CONTAMINATION-NOV",
                            subject=premises.key,
                            served_on=tagged,
                            method="cart_tag",
                            earliest=day,
                            period=_d(day),
                            found_by=key,
                        )
                    )
        return facts

    # ------------------------------------------------------------------ solid waste

    def _solid_waste(self) -> list[dict[str, Any]]:
        rng = self._rng("solid-waste")
        facts: list[dict[str, Any]] = []
        commercial = [p for p in self.premises if p.use != "residential"]
        homes = [p for p in self.premises if p.use == "residential" and p.units < 5]
        # accumulations of garbage behind businesses
        for n, premises in enumerate(rng.sample(commercial, 12), 1):
            since = datetime.combine(self.ago(rng.randrange(2, 40)), datetime.min.time()).replace(
                hour=rng.choice([7, 9, 14, 18])
            )
            observed = datetime.combine(
                min(since.date() + timedelta(days=rng.randrange(1, 6)), self.as_of),
                datetime.min.time(),
            ).replace(hour=rng.randrange(8, 17))
            key = f"{premises.key}-accumulation-{n}"
            facts.append(
                {
                    "id": key,
                    "type": "accumulation",
                    "premises": premises.key,
                    "since": _t(since),
                    "garbage": rng.random() < 0.8,
                    "observed_at": _t(observed),
                }
            )
            if rng.random() < 0.55:
                removed = observed + timedelta(hours=rng.randrange(2, 30))
                if removed.date() <= self.as_of:
                    facts.append(
                        {
                            "id": f"{key}-removed",
                            "type": "accumulation_removal",
                            "accumulation": key,
                            "removed_at": _t(removed),
                        }
                    )
            if n <= 3:
                notified = observed.date() if n < 3 else self.as_of
                facts.append(
                    {
                        "id": f"{key}-fire-hazard",
                        "type": "fire_hazard_notice",
                        "premises": premises.key,
                        "accumulation": key,
                        "date": _d(notified),
                        "danger": "fire_hazard",
                    }
                )
                if n == 1 and notified < self.as_of:
                    facts.append(
                        {
                            "id": f"{key}-collection-arranged",
                            "type": "hazard_collection_arranged",
                            "notice": f"{key}-fire-hazard",
                            "date": _d(notified),
                            "means": "contractor",
                        }
                    )
        # set-outs seen on collection days
        for premises in rng.sample(homes, 40):
            collection_day = self.ago(rng.randrange(1, 28))
            roll = rng.random()
            placed = datetime.combine(collection_day - timedelta(days=1), datetime.min.time())
            placed = placed.replace(hour=rng.choice([18, 19, 20, 21]))
            removed = datetime.combine(collection_day, datetime.min.time()).replace(
                hour=rng.choice([15, 17, 19])
            )
            if roll < 0.12:
                placed = placed.replace(hour=rng.choice([9, 12, 15]))  # out too early
            elif roll < 0.22:
                removed = removed + timedelta(hours=rng.choice([14, 20, 26]))  # left out
            location = "alley_line" if premises.key.endswith(("1", "4", "7")) else "curb"
            if rng.random() < 0.05:
                location = "front_yard"
            fact: dict[str, Any] = {
                "id": f"{premises.key}-set-out",
                "type": "set_out",
                "premises": premises.key,
                "collection_day": _d(collection_day),
                "placed_at": _t(placed),
                "location": location,
            }
            if removed.date() <= self.as_of:
                fact["removed_at"] = _t(removed)
            facts.append(fact)
        # reports of dumping, a pile, greenwaste checks, an unfranchised hauler
        for n in range(1, 4):
            facts.append(
                {
                    "id": f"dumping-{n}",
                    "type": "dumping",
                    "date": _d(self.ago(rng.randrange(1, 45))),
                    "place": rng.choice(["alley", "parkway", "vacant_lot"]),
                    "material": rng.choice(["rubbish", "miscellaneous_debris"]),
                    "notes": f"Reported behind the {rng.randrange(100, 900)} block of "
                    f"{rng.choice(STREETS_COMMERCIAL)}",
                }
            )
        for premises in rng.sample(homes, 12):
            facts.append(
                {
                    "id": f"{premises.key}-greenwaste-check",
                    "type": "greenwaste_check",
                    "premises": premises.key,
                    "date": _d(self.ago(rng.randrange(1, 60))),
                    "greenwaste_separated": rng.random() < 0.75,
                }
            )
        for premises in rng.sample(commercial, 3):
            facts.append(
                {
                    "id": f"{premises.key}-roll-off",
                    "type": "hauling_service",
                    "premises": premises.key,
                    "date": _d(self.ago(rng.randrange(1, 90))),
                    "provider": rng.choice(["Quick Bin Rentals", "Budget Roll-Off Co."]),
                    "franchisee": False,
                    "kind": "one_time_container",
                }
            )
        return facts

    # ------------------------------------------------------------------ sewer permits

    def _permits(self) -> list[dict[str, Any]]:
        rng = self._rng("permits")
        # the inspection requests draw from their own stream, so the permits' stay as they were
        asking = self._rng("inspection-requests")
        homes = [p for p in self.premises if p.use == "residential"]
        facts: list[dict[str, Any]] = []
        permits: list[dict[str, Any]] = []
        for n, premises in enumerate(rng.sample(homes, 46), 1):
            permit = f"prm-{self.as_of.year - 1}-{n:03d}"
            roll = rng.random()
            if roll < 0.12:
                story, issued = "issued", self.ago(rng.randrange(1, 55))
            elif roll < 0.20:
                story, issued = "lapsed", self.ago(rng.randrange(75, 300))
            elif roll < 0.28:
                story, issued = "suspended", self.ago(rng.randrange(60, 160))
            elif roll < 0.55:
                story, issued = "active", self.ago(rng.randrange(20, 90))
            else:
                story, issued = "finaled", self.ago(rng.randrange(90, 400))
            licence_ok = rng.random() > 0.06
            permits.append(
                {
                    "id": permit,
                    "type": "permit",
                    "kind": "house_connection",
                    "premises": premises.key,
                    "issued_on": _d(issued),
                    "fees_paid": True,
                    "contractor": rng.choice(CONTRACTORS),
                    "contractor_license_expires_on": _d(
                        self.as_of + timedelta(days=rng.randrange(30, 400))
                        if licence_ok
                        else issued + timedelta(days=rng.randrange(10, 40))
                    ),
                }
            )
            facts.append(permits[-1])
            design = self._design(permit, premises, rng)
            first_run = design["segments"][0]
            design_fails = first_run["fall_ft"] / first_run["length_ft"] < 0.02 or (
                first_run["depth_ft"] < 3
            )
            facts.append(design)
            if story in ("issued", "lapsed"):
                continue
            started = issued + timedelta(days=rng.randrange(3, 50))
            if started > self.as_of:
                continue
            facts.append(
                {
                    "id": f"{permit}-started",
                    "type": "work_started",
                    "permit": permit,
                    "date": _d(started),
                }
            )
            if story == "suspended":
                suspended = started + timedelta(days=rng.randrange(3, 12))
                if suspended <= self.as_of:
                    facts.append(
                        {
                            "id": f"{permit}-suspended",
                            "type": "work_suspended",
                            "permit": permit,
                            "date": _d(suspended),
                        }
                    )
                continue
            tested = started + timedelta(days=rng.randrange(4, 12))
            if tested > self.as_of:
                continue
            test_roll = rng.random()
            facts.append(
                {
                    "id": f"{permit}-test",
                    "type": "pressure_test",
                    "permit": permit,
                    "date": _d(tested),
                    "kind": "standing",
                    "psi_at_lower_terminus": 3.5 if test_roll < 0.06 else rng.choice([4, 4.5, 5]),
                    "head_above_upper_terminus_in": rng.choice([6, 8, 12]),
                    "leaked": 0.06 <= test_roll < 0.11,
                }
            )
            contractor = permits[-1]["contractor"]
            facts.append(
                self._inspection_request(
                    asking,
                    permit,
                    "pressure_test",
                    day=tested,
                    result="failed" if test_roll < 0.11 else "passed",
                    caller=contractor,
                )
            )
            if story == "active" and test_roll >= 0.11:
                # the connection is ready to be seen before it is covered: asked for soon
                facts.append(
                    self._inspection_request(
                        asking,
                        permit,
                        "before_backfill",
                        day=self.as_of + timedelta(days=asking.randrange(0, 4)),
                        caller=contractor,
                    )
                )
            if story == "active" or test_roll < 0.11:
                continue  # still at work, or waiting on a passing test
            inspected = tested + timedelta(days=rng.randrange(1, 5))
            defective = rng.random() < 0.1
            if inspected > self.as_of:
                continue
            facts.append(
                {
                    "id": f"{permit}-inspection",
                    "type": "work_inspection",
                    "permit": permit,
                    "date": _d(inspected),
                    "result": "defective" if defective else "approved",
                    **(
                        {"defects": "Joint at the property line not watertight"}
                        if defective
                        else {}
                    ),
                }
            )
            if defective or not licence_ok or design_fails:
                continue  # no certificate of final inspection while anything is open
            covered = inspected + timedelta(days=1)
            final = inspected + timedelta(days=rng.randrange(3, 15))
            if final <= self.as_of:
                facts.append(
                    {
                        "id": f"{permit}-covered",
                        "type": "work_covered",
                        "permit": permit,
                        "date": _d(covered),
                    }
                )
                facts.append(
                    {
                        "id": f"{permit}-final",
                        "type": "final_certificate",
                        "permit": permit,
                        "date": _d(final),
                    }
                )
        _number_permits(permits)
        return facts

    def _inspection_request(
        self,
        rng: random.Random,
        permit: str,
        stage: str,
        *,
        day: date,
        caller: str,
        result: str | None = None,
    ) -> dict[str, Any]:
        """A request for the inspection of ``stage`` on ``day``, asked a day or two
        before (never after the demo's date), by the contractor's call or at the counter."""
        asked = min(day - timedelta(days=rng.randrange(1, 3)), self.as_of)
        request: dict[str, Any] = {
            "id": f"{permit}-asked-{stage.replace('_', '-')}",
            "type": "inspection_request",
            "permit": permit,
            "stage": stage,
            "requested_on": _d(asked),
            "day": _d(day),
            "window": rng.choice(["morning", "afternoon", "all_day"]),
            "inspector": rng.choice(PERMIT_INSPECTORS),
        }
        if rng.random() < 0.6:
            request["called_by"] = f"{rng.choice(CALLERS)} {caller}"
        if result is not None:
            request["result"] = result
        return request

    def _design(self, permit: str, premises: Premises, rng: random.Random) -> dict[str, Any]:
        roll = rng.random()
        fall = 0.4 if roll < 0.06 else rng.choice([0.6, 0.75, 1.0])
        depth = 2.5 if 0.06 <= roll < 0.11 else rng.choice([4, 5, 6])
        diameter = 4 if premises.units < 5 else 6
        return {
            "id": f"{permit}-design",
            "type": "connection_design",
            "permit": permit,
            "persons_served": max(3, premises.units * 3),
            "public_sewer_diameter_in": 8,
            "public_sewer_depth_ft": rng.choice([6, 7, 8]),
            "method": "y_branch",
            "segments": [
                {
                    "from": "street_sewer",
                    "to": "property_line",
                    "diameter_in": 6,
                    "material": "vitrified_clay",
                    "length_ft": 25,
                    "fall_ft": fall,
                    "depth_ft": depth,
                    "in_street": True,
                    "clearance_wall_in": 14,
                    "cover_in": 48,
                },
                {
                    "from": "property_line",
                    "to": "building",
                    "diameter_in": diameter,
                    "material": "cast_iron",
                    "length_ft": rng.choice([30, 45, 60]),
                    "fall_ft": 1.2,
                },
            ],
        }


# --------------------------------------------------------------------------- the recording

#: the fields a fact's own date is read from, in order (its type's ``dated_by`` first)
OWN_DATE_FIELDS = (
    "date",
    "issued_on",
    "opened_on",
    "start",
    "granted_on",
    "installed_on",
    "hired_on",
    "observed_at",
    "placed_at",
    "removed_at",
)

#: the papers the office enters: how many days after its own date such a fact reaches
#: the office (fewest, most; a manifest a few days after the pump-out, a training log
#: within a week or so), to be entered on the next office day. What staff do in the
#: field (inspections, notices, citations, permits, observations) is entered the same day.
RECORDING_LAG: dict[str, tuple[int, int]] = {
    "pump_out": (2, 5),
    "training": (2, 8),
    "employee": (3, 14),
    "self_inspection": (0, 14),
    "organics_education": (3, 21),
    "food_recovery_quantity": (3, 21),
    "report": (0, 3),
    "bmp_submittal": (1, 7),
    "establishment": (0, 10),
    "device": (0, 10),
    "collection_service": (0, 5),
    "hauling_service": (0, 5),
    "food_recovery_agreement": (1, 10),
    "capacity_request": (0, 2),
    "capacity_response": (0, 2),
    "ownership_transfer": (2, 14),
}
#: the weekday the office enters the papers that came in (Thursday)
OFFICE_DAY = 3
EARLIEST_ENTRY = date(1990, 1, 4)  # the services take no recording before 1990
#: the papers that can sit in a tray for weeks
ENTERED_FROM_PAPERS = frozenset(
    {"pump_out", "training", "employee", "self_inspection", "food_recovery_quantity", "report"}
)
LATE_SHARE = 0.04  # of those, entered weeks late
CARRIED_OVER = "carried over from the city's earlier files when Sanitas went live"
CORRECTED_SHARE = {"pump_out": 0.04, "employee": 0.02}
DUPLICATED_SHARE = {"pump_out": 0.015}


@dataclass
class Act:
    """One act of the demo's enforcement, at ``at`` (city time): a step of ``case``
    (:data:`ACT_STEPS`) done through the notices services."""

    at: datetime
    case: Case
    step: str

    @property
    def day(self) -> date:
        """The day the act is of (it is done on that day, or on the first day the
        records it rests on were entered)."""
        case, cited = self.case, self.case.citation
        extension = case.extension
        hearing = cited.hearing if cited is not None else None
        days = {
            "serve": lambda: case.served_on,
            "request_extension": lambda: extension.requested_on,
            "decide_extension": lambda: extension.decided_on,
            "comply": lambda: case.complied_on,
            "cite": lambda: cited.served_on,
            "pay": lambda: cited.paid_on,
            "appeal": lambda: hearing.filed_on,
            "schedule": lambda: hearing.scheduled_on,
            "decide": lambda: hearing.decided_on,
        }
        return days[self.step]()


#: the steps of a case, in the order they are done; the minutes after the day's batch of
#: records each is done at
ACT_STEPS = {
    "serve": 20,
    "request_extension": 25,
    "decide_extension": 40,
    "comply": 30,
    "cite": 20,
    "pay": 35,
    "appeal": 25,
    "schedule": 45,
    "decide": 50,
}


@dataclass
class Entry:
    """One write of the demo's past: a batch of facts recorded, or a record voided,
    at ``at`` (city time, on a day no later than the demo's date), and why."""

    at: datetime
    why: str
    facts: list[dict[str, Any]] = field(default_factory=list)
    #: the key voided (then ``facts`` is empty)
    void: str | None = None


def own_date(fact: dict[str, Any]) -> date | None:
    """The day a fact happened or took effect (None for a thing with no date: a
    premises, a design)."""
    model = FACT_TYPES.get(fact["type"])
    dated_by = model.dated_by if model is not None else None
    for name in (dated_by, *OWN_DATE_FIELDS):
        value = fact.get(name) if name else None
        if isinstance(value, str) and len(value) >= 10:
            return date.fromisoformat(value[:10])
    if isinstance(fact.get("year"), int) and isinstance(fact.get("month"), int):
        return _month_end(fact["year"], fact["month"])
    return None


def _named(fact: dict[str, Any], ids: set[str]) -> list[str]:
    """The keys of the demo's other facts that ``fact`` names."""
    named = []
    for name, value in fact.items():
        if name in ("id", "type"):
            continue
        values = value if isinstance(value, list) else [value]
        named.extend(v for v in values if isinstance(v, str) and v in ids and v != fact["id"])
    return named


def _own_moment(fact: dict[str, Any]) -> datetime | None:
    """The time of day a fact happened, for those dated to the minute."""
    for name in OWN_DATE_FIELDS:
        value = fact.get(name)
        if isinstance(value, str) and "T" in value:
            return datetime.fromisoformat(value)
    return None


def _number_permits(permits: list[dict[str, Any]]) -> None:
    """Each permit's printed number: its kind's prefix, the year it was issued and
    its place among that year's permits of the kind, in the order they were issued
    ("HC-2025-007")."""
    counts: dict[tuple[str, str], int] = {}
    for permit in sorted(permits, key=lambda p: (p["issued_on"], p["id"])):
        prefix = PERMIT_PREFIXES[permit["kind"]]
        year = permit["issued_on"][:4]
        counts[prefix, year] = counts.get((prefix, year), 0) + 1
        permit["number"] = f"{prefix}-{year}-{counts[prefix, year]:03d}"


# --------------------------------------------------------------------------- services (Django)


@dataclass
class DemoResult:
    #: the records the demo keeps: the city's facts and the few entered twice and voided
    facts: int
    #: what the load did to the records as they were before it
    created: int
    updated: int
    unchanged: int
    groups_swept: int
    findings_created: int
    sign_ins: list[tuple[StaffSignIn, bool]]
    #: the writes of the city's past: batches recorded, corrections, voids
    batches: int = 0
    corrected: int = 0
    voided: int = 0
    #: the enforcement's acts done through the notices services, and the documents
    #: (notices and citations) among them served
    acts: int = 0
    served: int = 0
    #: the records the notices services recorded for them (the served documents, the
    #: compliance, extensions, requests for a hearing and orders)
    enforcement_records: int = 0
    #: an act the notices services refused, one line each (none in a demo as planned)
    refused: list[str] = field(default_factory=list)


class _Enforcement:
    """The demo's enforcement done act by act through the notices services, each in a
    replay of its moment (:mod:`sanitas.records.replay`) and with the case's subject
    group evaluated as of its day first (the worklist as it stood that day, which the
    services evaluate as of): drafted from the finding it answers, approved by the
    supervisor where the pack requires it, served; then complied with, extended, cited,
    paid, appealed and heard. An act already done (the demo loaded again) is left as
    it is."""

    def __init__(self, *, as_of: date, result: DemoResult) -> None:
        from sanitas.notices.kinds import kind

        self.as_of = as_of
        self.result = result
        self.kind = kind
        self.supervisor = demo_account("supervisor")
        self.hearing_officer = demo_account("hearing_officer")

    def run(self, act: Act, *, at: datetime) -> None:
        from django.utils import timezone

        from sanitas.notices.services import NoticeError
        from sanitas.records import replay

        day = act.day
        if day > timezone.localdate(at):
            self._refused(act, f"its day, {day}, has not come yet")
            return
        try:
            with replay.at(at):
                if self._done(act):
                    return
                self._evaluate(act.case, day)
                getattr(self, f"_{act.step}")(act.case, at)
        except NoticeError as exc:
            self._refused(act, "; ".join(exc.problems))
            return
        self.result.acts += 1

    def finish(self) -> int:
        """The groups the acts evaluated as of their own days, evaluated again as of the
        demo's date with the rest of the city; how many."""
        from sanitas.records.models import SubjectGroup
        from sanitas.records.sweep import sweep_groups

        behind = SubjectGroup.objects.filter(swept_as_of__lt=self.as_of)
        groups = set(behind.values_list("key", flat=True))
        if groups:
            sweep_groups(groups, as_of=self.as_of)
        return len(groups)

    # ------------------------------------------------------------------ helpers

    def _done(self, act: Act) -> bool:
        """Whether the act was done already (the demo loaded again), or cannot be for
        want of what it follows (refused already)."""
        notice = self._notice(act.case)
        if act.step == "serve" or notice is None:
            return notice is not None
        citation = self._citation(act.case)
        appeals = citation.appeals if citation is not None else None
        return {
            "request_extension": lambda: notice.extensions.exists(),
            "decide_extension": lambda: not notice.extensions.filter(state="requested").exists(),
            "comply": lambda: notice.state != "served",
            "cite": lambda: citation is not None,
            "pay": lambda: citation is None or citation.payments.exists(),
            "appeal": lambda: citation is None or appeals.exists(),
            "schedule": lambda: citation is None or not appeals.filter(state="filed").exists(),
            "decide": lambda: citation is None or not appeals.filter(state="scheduled").exists(),
        }[act.step]()

    def _evaluate(self, case: Case, day: date) -> None:
        """The case's subject group evaluated as of ``day``."""
        from sanitas.notices.services import NoticeError
        from sanitas.records.models import RecordIndex
        from sanitas.records.sweep import sweep_groups

        group = (
            RecordIndex.objects.filter(key=case.subject)
            .values_list("subject_group", flat=True)
            .first()
        )
        if group is None:
            raise NoticeError([f"{case.subject}: not on record"])
        sweep_groups([group], as_of=day)

    def _refused(self, act: Act, why: str) -> None:
        line = f"{act.case.key}: {act.step.replace('_', ' ')} refused: {why}"
        logger.warning("demo enforcement: %s", line)
        self.result.refused.append(line)

    def _actor(self, case: Case) -> str:
        return program_account(self.kind(case.kind).program)

    def _notice(self, case: Case) -> Any:
        """The case's served notice, if it was served."""
        from sanitas.notices.models import SERVED_STATES, Notice

        return (
            Notice.objects.filter(
                kind=case.kind,
                subject=case.subject,
                served_on=case.served_on,
                state__in=SERVED_STATES,
            )
            .order_by("pk")
            .first()
        )

    def _citation(self, case: Case) -> Any:
        from sanitas.notices.models import SERVED_STATES

        notice = self._notice(case)
        if notice is None:
            return None
        return notice.citations.filter(state__in=SERVED_STATES).order_by("pk").first()

    def _issue(self, notice: Any, *, actor: str, method: str, day: date, at: datetime) -> None:
        """Approve (the supervisor, where the pack requires it) and serve a draft."""
        from sanitas.notices import services
        from sanitas.records import replay

        if services.requires_approval(notice.kind, day) and notice.state == "draft":
            with replay.at(at + timedelta(minutes=10)):
                services.approve_notice(notice_id=notice.pk, actor=self.supervisor, today=day)
        with replay.at(at + timedelta(minutes=20)):
            services.serve_notice(
                notice_id=notice.pk, actor=actor, method=method, served_on=day, today=day
            )
        self.result.served += 1

    # ------------------------------------------------------------------ the steps

    def _serve(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services
        from sanitas.records.models import Finding

        day = case.served_on
        found = Finding.objects.filter(
            current=True,
            subject=case.subject,
            requirement=case.requirement,
            status__in=self.kind(case.kind).statuses,
        )
        finding = (
            found.filter(period=case.period).first() if case.period is not None else None
        ) or found.order_by("-period", "pk").first()
        if finding is None:
            raise services.NoticeError(
                [
                    f"no finding of {case.requirement} on {case.subject} as of {day} that a "
                    f"{self.kind(case.kind).title()} answers"
                ]
            )
        actor = self._actor(case)
        notice = services.draft_notice(
            finding_id=finding.pk, actor=actor, kind_key=case.kind, as_of=day, today=day
        )
        self._issue(notice, actor=actor, method=case.method, day=day, at=at)

    def _request_extension(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services

        plan = case.extension
        services.request_extension(
            notice_id=self._notice(case).pk,
            actor=self._actor(case),
            requested_on=plan.requested_on,
            reason=plan.reason,
            explanation=plan.explanation,
        )

    def _decide_extension(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services

        plan = case.extension
        services.decide_extension(
            request_id=self._notice(case).extensions.get(state="requested").pk,
            actor=self.supervisor,
            granted=plan.granted,
            decided_on=plan.decided_on,
            new_due_on=plan.new_due_on,
        )

    def _comply(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services

        services.record_compliance(
            notice_id=self._notice(case).pk, actor=self._actor(case), complied_on=case.complied_on
        )

    def _cite(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services

        day, actor = case.citation.served_on, self._actor(case)
        citation = services.draft_citation(notice_id=self._notice(case).pk, actor=actor, today=day)
        self._issue(citation, actor=actor, method="certified_mail", day=day, at=at)

    def _pay(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services

        citation, plan = self._citation(case), case.citation
        services.record_payment(
            citation_id=citation.pk,
            actor=self._actor(case),
            amount=citation.amount,
            paid_on=plan.paid_on,
            method=plan.payment_method,
            receipt_number=plan.receipt_number,
        )

    def _appeal(self, case: Case, at: datetime) -> None:
        from sanitas.notices import services

        plan = case.citation.hearing
        services.file_appeal(
            citation_id=self._citation(case).pk,
            actor=self._actor(case),
            filed_on=plan.filed_on,
            grounds=plan.grounds,
        )

    def _schedule(self, case: Case, at: datetime) -> None:
        from django.utils import timezone

        from sanitas.notices import services

        plan = case.citation.hearing
        services.schedule_hearing(
            appeal_id=self._citation(case).appeals.get(state="filed").pk,
            actor=self.supervisor,
            hearing_officer=self.hearing_officer,
            scheduled_at=timezone.make_aware(plan.held_at),
            place=HEARING_ROOM,
        )

    def _decide(self, case: Case, at: datetime) -> None:
        from django.contrib.auth import get_user_model

        from sanitas.notices import services

        citation, plan = self._citation(case), case.citation.hearing
        hearing = citation.appeals.get(state="scheduled").hearing
        notice = citation.cites_notice
        officer = get_user_model().objects.get(username=hearing.hearing_officer)
        services.decide_hearing(
            hearing_id=hearing.pk,
            actor=hearing.hearing_officer,
            decision=plan.decision,
            decided_on=plan.decided_on,
            findings=(
                f"{self.kind(notice.kind).title()} {notice.code}, served on "
                f"{_words(notice.served_on)}, required compliance by "
                f"{_words(notice.deadline_on)}. The records show none by that day, nor an "
                f"extension. Citation {citation.code} was served on "
                f"{_words(citation.served_on)} for ${citation.amount}, the first step of the "
                f"ladder. The respondent's grounds: {plan.grounds}"
            ),
            reasons=(
                "What the respondent says of the time after the deadline does not show "
                "compliance within it, and no extension was asked for before it passed; "
                "the penalty is within the ladder's ceiling for a first violation. The "
                "citation stands."
            ),
            officer_name=officer.get_full_name(),
            officer_title=ROLES["hearing_officer"].title,
        )


def _words(day: date | None) -> str:
    """A day as the orders write it: "2 September 2026"."""
    return f"{day.day} {day:%B %Y}" if day is not None else "no day"


def load_demo(
    *,
    as_of: date,
    seed: int = DEFAULT_SEED,
    actor: str = DEMO_ACTOR,
    why: str = "demo city",
    sweep_after: bool = True,
    bar: Any = None,
) -> DemoResult:
    """Record the demo city through :func:`record_facts` and its enforcement through
    the notices services (in one transaction: all of it or none), make the demo
    sign-ins, and sweep as of ``as_of``; ``bar`` (a
    :class:`~sanitas.records.progress.Bar`) is told each stage.

    The records not yet on file are recorded as the city would have entered them
    over the years (:meth:`DemoCity.recording`): each batch at its own past time, so
    that the history shows what the city knew on any day. Between them, on their own
    days, the notices the city served are drafted, approved, served and followed up
    (:meth:`DemoCity.acts`, :class:`_Enforcement`), so that each is a notice of the
    notices pages with its PDF, its frozen content and its engine fact. Those already
    on file are brought to the demo's version in one batch, now, and an act already
    done is left as it is: running it again with the same seed and date changes
    nothing."""
    from django.db import transaction
    from django.utils import timezone

    from sanitas.records import bulk
    from sanitas.records.models import Finding, RecordIndex
    from sanitas.records.services import record_facts, void_record
    from sanitas.records.sweep import sweep

    city = DemoCity(as_of=as_of, seed=seed)
    facts = city.facts()
    entries = city.recording(facts)
    acts = city.acts(entries)
    if bar is not None:
        bar.stage(
            f"recording {len(facts):,} facts in {len(entries):,} batches and "
            f"{len(city.enforcement()):,} notices served"
        )
    source = f"sanitas demo --seed {seed}"
    keys = sorted({f["id"] for e in entries for f in e.facts})
    on_file = {
        key: bool(voided)
        for key, voided in bulk.select_in(RecordIndex, "key", keys, ("key", "voided"))
    }
    now = timezone.now()
    zone = timezone.get_current_timezone()
    result = DemoResult(len(keys), 0, 0, 0, 0, 0, [])
    records_before, findings_before = RecordIndex.objects.count(), Finding.objects.count()
    hashes = hash_passwords_ahead()  # while the city is recorded
    # the batches and the acts in time order (a day's acts after its batch)
    timeline: list[tuple[datetime, int, int, Entry | Act]] = sorted(
        [(e.at, 0, n, e) for n, e in enumerate(entries)]
        + [(a.at, 1, n, a) for n, a in enumerate(acts)],
        key=lambda item: item[:3],
    )
    with transaction.atomic():
        enforcement = _Enforcement(as_of=as_of, result=result)
        for moment, _order, _n, entry in timeline:
            at = min(moment.replace(tzinfo=zone), now)  # a demo set around today
            if isinstance(entry, Act):
                if not result.sign_ins:  # the staff who act are there first
                    result.sign_ins = ensure_demo_staff(actor=actor, hashed=hashes())
                enforcement.run(entry, at=at)
                continue
            if entry.void is not None:
                if entry.void not in on_file:
                    void_record(
                        key=entry.void, actor=actor, why=entry.why, voided_at=at, evaluate=False
                    )
                    result.voided += 1
                continue
            batch = [f for f in entry.facts if f["id"] not in on_file]
            if not batch:
                continue
            recorded = record_facts(
                raw_facts=batch,
                actor=actor,
                why=entry.why or why,
                source=source,
                recorded_at=at,
                evaluate=False,  # the city is swept once, at the end
            )
            result.batches += 1
            result.created += recorded.created
            if entry.why and not recorded.created:
                result.corrected += recorded.updated
        again = [f for f in facts if f["id"] in on_file]
        if again:
            recorded = record_facts(
                raw_facts=again, actor=actor, why=why, source=source, evaluate=False
            )
            result.updated += recorded.updated
            result.unchanged += recorded.unchanged
        # a copy entered twice that is on file stays as it is (void, normally)
        final = {f["id"] for f in again}
        for key in [key for key in on_file if key not in final]:
            if on_file[key]:
                result.unchanged += 1
            else:
                void_record(key=key, actor=actor, why="entered twice", evaluate=False)
                result.updated += 1
        if result.acts:
            result.groups_swept = enforcement.finish()
        result.enforcement_records = RecordIndex.objects.count() - records_before - result.created
    if not result.sign_ins:
        result.sign_ins = ensure_demo_staff(actor=actor, hashed=hashes())
    if sweep_after:
        if bar is not None:
            bar.stage(f"sweeping as of {as_of.isoformat()}")
        swept = sweep(as_of=as_of, progress=bar)
        result.groups_swept += swept.groups
    # the findings the load made: the sweep's, and those of the days the acts were done
    result.findings_created = Finding.objects.count() - findings_before
    return result


def demo_staff(*, create: bool = False) -> tuple[StaffSignIn, ...]:
    """The demo sign-ins with this installation's passwords, kept in the data
    directory (``demo-sign-ins.json``, readable by its owner only) so that every
    start prints the same ones. ``create`` makes them, random, the first time;
    without it a data directory that has none (a production one) has no demo
    sign-ins."""
    from dataclasses import replace

    from django.conf import settings

    from sanitas.records.keys import demo_passwords

    passwords = demo_passwords(
        settings.DATA_DIR, [staff.username for staff in DEMO_STAFF], create=create
    )
    return tuple(
        replace(staff, password=passwords[staff.username])
        for staff in DEMO_STAFF
        if staff.username in passwords
    )


#: the name versions of Sanitas before 0.3 gave every demo account: "Demo" and the title
RETIRED_FIRST_NAME = "Demo"


def hash_passwords_ahead() -> Callable[[], dict[str, str]]:
    """Start hashing the passwords of the demo accounts not yet made, side by side in
    threads (the key derivation, slow on purpose, releases the interpreter's lock), so
    that it runs while the city is recorded; the call returned waits for the hashes
    (user name → hash)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    staff = demo_staff(create=True)
    made = set(
        get_user_model()
        .objects.filter(username__in=[s.username for s in staff])
        .values_list("username", flat=True)
    )
    wanted = [s for s in staff if s.username not in made]
    if not wanted:
        return dict
    pool = ThreadPoolExecutor(max_workers=len(wanted), thread_name_prefix="demo-password")
    futures = {s.username: pool.submit(make_password, s.password) for s in wanted}
    pool.shutdown(wait=False)

    def hashes() -> dict[str, str]:
        return {username: future.result() for username, future in futures.items()}

    return hashes


def ensure_demo_staff(
    *, actor: str = DEMO_ACTOR, hashed: dict[str, str] | None = None
) -> list[tuple[StaffSignIn, bool]]:
    """Make the demo sign-ins and their role groups (the only code that makes users but
    the staff page's invitations), with this installation's passwords (``hashed``:
    those already hashed, by user name) and each its person's full name. A user that
    exists keeps its password, unless it still opens with the password earlier
    versions published, which is replaced; and its name, unless it is still the one
    earlier versions gave. Each sign-in comes back with whether its printed password
    opens it."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Group
    from django.db import transaction

    user_model = get_user_model()
    hashed = hashed or {}
    out: list[tuple[StaffSignIn, bool]] = []
    with transaction.atomic():
        groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLES}
        for staff in demo_staff(create=True):
            user = user_model.objects.filter(username=staff.username).first()
            if user is None:
                user = user_model(
                    username=staff.username,
                    email="",
                    first_name=staff.first_name,
                    last_name=staff.last_name,
                    is_staff=staff.superuser,
                    is_superuser=staff.superuser,
                    password=hashed.get(staff.username) or make_password(staff.password),
                )
                user.save()
                works = True  # made with the password just printed
                logger.info("demo sign-in %s made by %s", staff.username, actor)
            else:
                if staff.username in RETIRED_PASSWORDS and user.check_password(
                    RETIRED_PASSWORDS[staff.username]
                ):
                    user.set_password(staff.password)
                    user.save(update_fields=["password"])
                    logger.warning(
                        "demo sign-in %s: its published password replaced", staff.username
                    )
                if user.first_name == RETIRED_FIRST_NAME and user.last_name != staff.last_name:
                    user.first_name, user.last_name = staff.first_name, staff.last_name
                    user.save(update_fields=["first_name", "last_name"])
                works = user.check_password(staff.password)
            if staff.role is not None:
                user.groups.add(groups[staff.role])
            out.append((staff, works))
    return out


def demo_sign_ins() -> list[tuple[StaffSignIn, bool]]:
    """The demo sign-ins of this data directory that exist, each with whether its
    printed password still opens it (none in a production data directory)."""
    from django.contrib.auth import get_user_model

    staff = demo_staff()
    users = {
        u.username: u
        for u in get_user_model().objects.filter(username__in=[s.username for s in staff])
    }
    return [(s, users[s.username].check_password(s.password)) for s in staff if s.username in users]


def _demo_accounts_missing() -> bool:
    """Whether this demo data directory (one that keeps demo sign-ins) lacks an account
    the demo now has, in its sign-ins file or among its users."""
    from django.contrib.auth import get_user_model

    kept = demo_staff()
    if not kept:
        return False
    names = {s.username for s in DEMO_STAFF}
    made = set(
        get_user_model().objects.filter(username__in=names).values_list("username", flat=True)
    )
    return {s.username for s in kept} != names or made != names


def _retired_passwords_in_use() -> bool:
    """Whether a demo account still opens with a password earlier versions published
    (a demo data directory made before passwords were made per installation)."""
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.filter(username__in=list(RETIRED_PASSWORDS))
    return any(user.check_password(RETIRED_PASSWORDS[user.username]) for user in users)


def render_sign_ins(sign_ins: list[tuple[StaffSignIn, bool]], *, users: int = 0) -> str:
    if not sign_ins:
        if users:
            return f"Sign in with an account of this installation ({users:,} accounts).\n"
        return "No accounts yet: create the first with `manage.py createsuperuser`.\n"
    lines = ["Demo sign-ins (user / password, made for this installation):"]
    for staff, works in sign_ins:
        password = staff.password if works else "(changed since the demo made it)"
        role = f"  group {staff.role}" if staff.role else "  superuser: the admin, for repairs"
        lines.append(f"  {staff.username:<12} {password:<32} {staff.title} ({staff.name});{role}")
    return "\n".join(lines) + "\n"


def today_in_city() -> date:
    """Today in the city's time zone: the CLI edge reads the clock, nothing else does."""
    from django.utils import timezone

    return timezone.localdate()


# --------------------------------------------------------------------------- serve


@dataclass
class ServeSetup:
    demo: DemoResult | None
    swept_groups: int
    sign_ins: list[tuple[StaffSignIn, bool]]
    #: the accounts the database holds (the operator's, in a production data directory)
    users: int = 0


def demo_wanted() -> bool:
    """``SANITAS_DEMO=0`` (or ``sanitas serve --no-demo``) makes a production data
    directory: no demo city, no demo sign-ins."""
    import os

    return os.environ.get("SANITAS_DEMO", "1").strip().lower() not in ("0", "false", "no", "off")


def prepare_serve(
    *,
    as_of: date | None = None,
    seed: int = DEFAULT_SEED,
    out: TextIO = sys.stdout,
    demo: bool | None = None,
) -> ServeSetup:
    """Everything ``sanitas serve`` does before it serves: migrate; in a demo data
    directory, load the demo city when the database holds no records (and no
    account but the demo's); bring the worklist up to date (an incremental sweep);
    collect static files. A production data directory (``demo=False``) gets no demo
    city and no account: its operator creates the first."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from sanitas.operations.server import collect_static
    from sanitas.records.models import RecordIndex
    from sanitas.records.progress import progress_bar
    from sanitas.records.sweep import sweep

    demo = demo_wanted() if demo is None else demo
    as_of = as_of or today_in_city()
    call_command("migrate", interactive=False, verbosity=0)
    loaded = None
    swept = 0
    accounts = get_user_model().objects
    foreign = accounts.exclude(username__in=[s.username for s in DEMO_STAFF]).exists()
    if demo and not RecordIndex.objects.exists() and not foreign:
        out.write(f"Loading the demo city as of {as_of} (first run; a minute or two)...\n")
        out.flush()
        with progress_bar("the demo city", unit="") as bar:
            loaded = load_demo(as_of=as_of, seed=seed, bar=bar)
        out.write(
            f"  {loaded.created:,} records, {loaded.findings_created:,} findings in "
            f"{loaded.groups_swept:,} subject groups.\n"
        )
    else:
        if demo and not RecordIndex.objects.exists():
            out.write("This data directory has accounts but no records: no demo city loaded.\n")
        elif demo and not demo_staff() and _retired_passwords_in_use():
            ensure_demo_staff()  # a demo made before passwords were made per installation
        elif demo and _demo_accounts_missing():
            ensure_demo_staff()  # a demo made before its newer accounts (its hearing officer)
        with progress_bar(f"sweeping as of {as_of.isoformat()}", unit="groups") as bar:
            swept = sweep(as_of=as_of, progress=bar).groups
        out.write(f"Worklist swept as of {as_of}: {swept:,} subject groups re-evaluated.\n")
    collect_static()
    return ServeSetup(
        demo=loaded,
        swept_groups=swept,
        sign_ins=demo_sign_ins() if demo else [],
        users=accounts.count(),
    )


def serve_address(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def run_serve(
    *,
    host: str,
    port: int,
    as_of: date | None,
    seed: int,
    out: TextIO,
    demo: bool | None = None,
) -> int:
    """Set up, print the address and the sign-ins, then serve under gunicorn until
    interrupted."""
    from sanitas.operations import server

    setup = prepare_serve(as_of=as_of, seed=seed, out=out, demo=demo)
    out.write("\n")
    out.write(f"Sanitas is at {serve_address(host, port)}  (Ctrl-C stops it)\n")
    out.write("Background jobs and the nightly sweep run beside it (see the Jobs page).\n")
    out.write(render_sign_ins(setup.sign_ins, users=setup.users))
    if setup.sign_ins and host not in ("127.0.0.1", "localhost", "::1"):
        out.write(
            "Note: the server listens beyond this machine, and the demo sign-ins above "
            "open the demo city to anyone who can reach it and has them.\n"
        )
    out.write("\n")
    out.flush()
    return server.serve(host=host, port=port)


def run_demo(*, as_of: date | None, seed: int, out: TextIO) -> int:
    """``sanitas demo``: load (or re-load) the demo city and print what it did."""
    from django.core.management import call_command

    as_of = as_of or today_in_city()
    call_command("migrate", interactive=False, verbosity=0)
    from sanitas.records.progress import progress_bar

    out.write(f"Loading the demo city (seed {seed}) as of {as_of}...\n")
    out.flush()
    with progress_bar("the demo city", unit="") as bar:
        result = load_demo(as_of=as_of, seed=seed, bar=bar)
    out.write(
        f"{result.facts:,} facts: {result.created:,} records created, {result.updated:,} "
        f"updated, {result.unchanged:,} unchanged.\n"
        f"Entered as over the city's past: {result.batches:,} batches, "
        f"{result.corrected:,} corrections, {result.voided:,} voided.\n"
        f"Enforcement through the notices: {result.served:,} notices and citations served, "
        f"{result.acts:,} acts in all.\n"
        f"Swept as of {as_of}: {result.groups_swept:,} subject groups evaluated, "
        f"{result.findings_created:,} new findings.\n"
    )
    for line in result.refused:
        out.write(f"Not done: {line}\n")
    out.write(render_sign_ins(result.sign_ins))
    return 0

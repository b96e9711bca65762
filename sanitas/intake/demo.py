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

Everything is invented: business names are made of common words; employees have
a given name and a surname of the city's peoples (Chinese, Latino, Vietnamese,
Anglo, Armenian) and a job title, contacts and operators an initial and a
surname; permits have printed numbers ("HC-2025-007"); streets are San Gabriel's
own. The city is
deterministic for a seed and an as-of date (the day the demo is set around;
every date is counted back from it), and every fact has an ``id``, so
recording it again changes nothing.

This module also holds the demo staff sign-ins (the only place users are
made) and the set-up behind ``sanitas serve``.
"""

from __future__ import annotations

import logging
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any, TextIO

from dateutil.relativedelta import relativedelta

import sanitas.ordinance.rules  # noqa: F401  (every area registers its fact types)
from sanitas.ordinance.facts import FACT_TYPES

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
    """A demo sign-in: who it is and its role group; with this installation's
    password once :func:`demo_staff` has read it from the data directory."""

    username: str
    role: str | None
    title: str
    superuser: bool = False
    password: str = ""


#: the role groups the staff pages filter by (one program each)
ROLE_GROUPS = {
    "fog_inspector": "FOG inspector: grease interceptors, pump-outs, trainings",
    "permit_clerk": "Permit clerk: house-connection and special sewer permits",
    "sb1383_coordinator": "SB 1383 coordinator: organics service, edible food recovery",
    "code_enforcement": "Code enforcement: solid waste, notices and citations",
    "supervisor": "Supervisor: every program's work",
    "auditor": "Auditor: reads every page and export, changes nothing",
}

#: the demo's accounts; their passwords are made for each installation (see
#: :func:`demo_staff`) and are never these names or anything published
DEMO_STAFF = (
    StaffSignIn("inspector", "fog_inspector", "FOG inspector"),
    StaffSignIn("permits", "permit_clerk", "Permit clerk"),
    StaffSignIn("sb1383", "sb1383_coordinator", "SB 1383 coordinator"),
    StaffSignIn("enforcement", "code_enforcement", "Code enforcement"),
    StaffSignIn("supervisor", "supervisor", "Supervisor"),
    StaffSignIn("auditor", "auditor", "Auditor (reads only)"),
    StaffSignIn("admin", None, "Administrator (repairs only)", True),
)

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
        """Every fact of the demo city, things before the events that name them."""
        out: list[dict[str, Any]] = []
        self._collected: dict[str, dict[tuple[int, int], int]] = {}
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
        return out

    def document(self) -> dict[str, Any]:
        """The demo city as a facts document (the scenario format)."""
        return {
            "name": "Demo city: a synthetic San Gabriel (invented businesses and people)",
            "as_of": _d(self.as_of),
            "facts": self.facts(),
        }

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
            facts.extend(
                self._nov(
                    rng,
                    key=f"{business.key}-nov-self-inspect",
                    subject=business.key,
                    requirement="ORG-COM-SELF-INSPECT",
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
            facts.extend(
                self._nov(
                    rng,
                    key=f"{premises.key}-nov-enroll",
                    subject=premises.key,
                    requirement="ORG-COM-ENROLL",
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
        fix: Any = None,
    ) -> list[dict[str, Any]]:
        """A notice of violation and what followed: compliance in time, late, or a citation."""
        issued = self.ago(rng.randrange(8, 200))
        deadline = issued + timedelta(days=60)
        facts: list[dict[str, Any]] = [
            {
                "id": key,
                "type": "notice",
                "subject": subject,
                "requirement": requirement,
                "issued_on": _d(issued),
                "kind": "nov",
            }
        ]
        roll = rng.random()
        if roll < 0.4:
            corrected = issued + timedelta(days=rng.randrange(10, 58))
            if corrected <= self.as_of:
                facts.append(
                    {
                        "id": f"{key}-corrected",
                        "type": "correction",
                        "notice": key,
                        "date": _d(corrected),
                    }
                )
                if fix is not None:
                    facts.append(fix(corrected))
        elif roll < 0.75 and deadline + timedelta(days=20) <= self.as_of:
            facts.append(
                {
                    "id": f"{key}-citation",
                    "type": "citation",
                    "subject": subject,
                    "requirement": requirement,
                    "notice": key,
                    "issued_on": _d(deadline + timedelta(days=rng.randrange(5, 20))),
                    "amount": 100,
                }
            )
        return facts

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
        if story < 0.11 and rng.random() < 0.5:
            issued = self.ago(rng.randrange(1, 25))
            facts.append(
                {
                    "id": f"{device}-noncompliance",
                    "type": "notice",
                    "subject": device,
                    "requirement": "FOG-MIN-FREQUENCY",
                    "issued_on": _d(issued),
                    "kind": "noncompliance",
                    "due_on": _d(issued + timedelta(days=14)),
                }
            )
        # an inspection of FOG and solids
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
                    facts.append(
                        self._pump_out(
                            device,
                            f"{device}-po-service",
                            serviced,
                            rng,
                            hauler=(hauler_name, hauler_address, prefix),
                            operator=operator,
                            full=True,
                        )
                    )
        return facts

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
                    facts.append(
                        {
                            "id": f"{key}-cart-tag",
                            "type": "notice",
                            "subject": premises.key,
                            "requirement": "ORG-CONTAMINATION-NOV",
                            "issued_on": _d(tagged),
                            "kind": "cart_tag",
                        }
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


def load_demo(
    *,
    as_of: date,
    seed: int = DEFAULT_SEED,
    actor: str = DEMO_ACTOR,
    why: str = "demo city",
    sweep_after: bool = True,
    bar: Any = None,
) -> DemoResult:
    """Record the demo city through :func:`record_facts` (in one transaction: all of
    it or none), make the demo sign-ins, and sweep as of ``as_of``; ``bar`` (a
    :class:`~sanitas.operations.progress.Bar`) is told each stage.

    The records not yet on file are recorded as the city would have entered them
    over the years (:meth:`DemoCity.recording`): each batch at its own past time, so
    that the history shows what the city knew on any day. Those already on file are
    brought to the demo's version in one batch, now: running it again with the same
    seed and date changes nothing."""
    from django.db import transaction
    from django.utils import timezone

    from sanitas.records import bulk
    from sanitas.records.models import RecordIndex
    from sanitas.records.services import record_facts, void_record
    from sanitas.records.sweep import sweep

    city = DemoCity(as_of=as_of, seed=seed)
    facts = city.facts()
    entries = city.recording(facts)
    if bar is not None:
        bar.stage(f"recording {len(facts):,} facts in {len(entries):,} batches")
    source = f"sanitas demo --seed {seed}"
    keys = sorted({f["id"] for e in entries for f in e.facts})
    on_file = {
        key: bool(voided)
        for key, voided in bulk.select_in(RecordIndex, "key", keys, ("key", "voided"))
    }
    now = timezone.now()
    zone = timezone.get_current_timezone()
    result = DemoResult(len(keys), 0, 0, 0, 0, 0, [])
    with transaction.atomic():
        for entry in entries:
            at = min(entry.at.replace(tzinfo=zone), now)  # a demo set around today
            if entry.void is not None:
                if entry.void not in on_file:
                    void_record(key=entry.void, actor=actor, why=entry.why, voided_at=at)
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
            )
            result.batches += 1
            result.created += recorded.created
            if entry.why and not recorded.created:
                result.corrected += recorded.updated
        again = [f for f in facts if f["id"] in on_file]
        if again:
            recorded = record_facts(raw_facts=again, actor=actor, why=why, source=source)
            result.updated += recorded.updated
            result.unchanged += recorded.unchanged
        # a copy entered twice that is on file stays as it is (void, normally)
        final = {f["id"] for f in again}
        for key in [key for key in on_file if key not in final]:
            if on_file[key]:
                result.unchanged += 1
            else:
                void_record(key=key, actor=actor, why="entered twice")
                result.updated += 1
    result.sign_ins = ensure_demo_staff(actor=actor)
    if sweep_after:
        if bar is not None:
            bar.stage(f"sweeping as of {as_of.isoformat()}")
        swept = sweep(as_of=as_of, progress=bar)
        result.groups_swept, result.findings_created = swept.groups, swept.findings_created
    return result


def demo_staff(*, create: bool = False) -> tuple[StaffSignIn, ...]:
    """The demo sign-ins with this installation's passwords, kept in the data
    directory (``demo-sign-ins.json``, readable by its owner only) so that every
    start prints the same ones. ``create`` makes them, random, the first time;
    without it a data directory that has none (a production one) has no demo
    sign-ins."""
    from dataclasses import replace

    from django.conf import settings

    from sanitas.operations.keys import demo_passwords

    passwords = demo_passwords(
        settings.DATA_DIR, [staff.username for staff in DEMO_STAFF], create=create
    )
    return tuple(
        replace(staff, password=passwords[staff.username])
        for staff in DEMO_STAFF
        if staff.username in passwords
    )


def ensure_demo_staff(*, actor: str = DEMO_ACTOR) -> list[tuple[StaffSignIn, bool]]:
    """Make the demo sign-ins and their role groups (the only code that makes users),
    with this installation's passwords. A user that exists keeps its password, unless
    it still opens with the password earlier versions published, which is replaced;
    each sign-in comes back with whether its printed password opens it."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.db import transaction

    user_model = get_user_model()
    out: list[tuple[StaffSignIn, bool]] = []
    with transaction.atomic():
        groups = {name: Group.objects.get_or_create(name=name)[0] for name in ROLE_GROUPS}
        for staff in demo_staff(create=True):
            user = user_model.objects.filter(username=staff.username).first()
            if user is None:
                if staff.superuser:
                    user = user_model.objects.create_superuser(
                        username=staff.username, password=staff.password, email=""
                    )
                else:
                    user = user_model.objects.create_user(
                        username=staff.username, password=staff.password, email=""
                    )
                user.first_name = "Demo"
                user.last_name = staff.title
                user.save(update_fields=["first_name", "last_name"])
                logger.info("demo sign-in %s made by %s", staff.username, actor)
            elif staff.username in RETIRED_PASSWORDS and user.check_password(
                RETIRED_PASSWORDS[staff.username]
            ):
                user.set_password(staff.password)
                user.save(update_fields=["password"])
                logger.warning("demo sign-in %s: its published password replaced", staff.username)
            if staff.role is not None:
                user.groups.add(groups[staff.role])
            out.append((staff, user.check_password(staff.password)))
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
        lines.append(f"  {staff.username:<12} {password:<32} {staff.title};{role}")
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

    from sanitas.operations.progress import progress_bar
    from sanitas.operations.server import collect_static
    from sanitas.records.models import RecordIndex
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
    from sanitas.operations.progress import progress_bar

    out.write(f"Loading the demo city (seed {seed}) as of {as_of}...\n")
    out.flush()
    with progress_bar("the demo city", unit="") as bar:
        result = load_demo(as_of=as_of, seed=seed, bar=bar)
    out.write(
        f"{result.facts:,} facts: {result.created:,} records created, {result.updated:,} "
        f"updated, {result.unchanged:,} unchanged.\n"
        f"Entered as over the city's past: {result.batches:,} batches, "
        f"{result.corrected:,} corrections, {result.voided:,} voided.\n"
        f"Swept as of {as_of}: {result.groups_swept:,} subject groups evaluated, "
        f"{result.findings_created:,} new findings.\n"
    )
    out.write(render_sign_ins(result.sign_ins))
    return 0

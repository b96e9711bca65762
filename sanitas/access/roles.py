"""The roles a city needs, each a Django group of the same name.

A role says what the person is for: the programs they work in (a finding, a notice or an
inspection belongs to one program), and the fact types they record. What each role may
read and do is the table in :mod:`sanitas.access.policy`, which reads these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the programs, as the worklist names them (``sanitas.records.worklist.PROGRAMS``)
PROGRAMS = ("fog", "sewer", "solid_waste", "sb1383")
#: other names the engine, the visits and API tokens use for the same programs
PROGRAM_ALIASES = {"organics": "sb1383", "general": "solid_waste"}


def program_key(name: str | None) -> str | None:
    """The worklist's name of a program, whichever name it is given by."""
    if name is None:
        return None
    return PROGRAM_ALIASES.get(name, name)


#: the businesses and premises every program meets in the field
_EVERYONE = frozenset({"establishment", "premises", "inspection"})

_FOG_TYPES = _EVERYONE | {
    "device",
    "employee",
    "pump_out",
    "training",
    "bmp_submittal",
    "frequency_order",
    "renovation",
    "blockage",
    "ownership_transfer",
    "waiver",
    "fog_decision",
    "fog_observation",
    "in_house_cleaning",
    "noncompliance_charge",
    "operations_change",
    "sand_trap_inspection",
    "wash_rack_use",
}
_SEWER_TYPES = _EVERYONE | {
    "contractor",
    "permit",
    "work_started",
    "work_suspended",
    "work_resumed",
    "connection_design",
    "pressure_test",
    "cesspool",
    "drain_connection",
    "sewer_entry",
    "connection_route",
    "final_certificate",
    "joint_check",
    "sewer_connection",
    "street_excavation",
    "unaccepted_street_sewer",
    "work_covered",
    "work_inspection",
    "permit_payment",
    "inspection_request",
}
_SB1383_TYPES = _EVERYONE | {
    "collection_service",
    "waiver",
    "self_hauler",
    "report",
    "food_recovery_agreement",
    "food_recovery_quantity",
    "good_samaritan_notice",
    "hauler",
    "facility",
    "facility_designation",
    "delivery",
    "container",
    "capacity_request",
    "capacity_response",
    "building_application",
    "cd_project",
    "move_in",
    "organics_checklist",
    "organics_education",
    "self_inspection",
}
_SOLID_WASTE_TYPES = _EVERYONE | {
    "accumulation",
    "accumulation_removal",
    "set_out",
    "burial",
    "collection_access",
    "collection_observation",
    "compost_observation",
    "dumping",
    "fire_hazard_notice",
    "follow_up_observation",
    "greenwaste_check",
    "hauling_service",
    "hazard_collection_arranged",
    "pile_observation",
    "recyclables_sale",
}
#: every type: the supervisor's
ANY_TYPE = "*"


@dataclass(frozen=True)
class Role:
    group: str
    title: str
    #: what the role is for, in a few words (the README's staff section says the same)
    does: str
    #: the programs whose notices, inspections and reports are the role's own work
    programs: tuple[str, ...] = ()
    #: the fact types the role records, changes and voids (``ANY_TYPE``: all of them)
    records: frozenset[str] = frozenset()
    #: the program the worklist opens on ("all": every program)
    opens_on: str = "all"


ROLES: dict[str, Role] = {
    role.group: role
    for role in (
        Role(
            "fog_inspector",
            "FOG inspector",
            "grease interceptors and traps, pump-outs, trainings and FOG inspections",
            programs=("fog",),
            records=_FOG_TYPES,
            opens_on="fog",
        ),
        Role(
            "permit_clerk",
            "Permit clerk",
            "house-connection and special sewer permits, designs, tests and inspections",
            programs=("sewer",),
            records=_SEWER_TYPES,
            opens_on="sewer",
        ),
        Role(
            "sb1383_coordinator",
            "SB 1383 coordinator",
            "Chapter 50 organics: collection services, waivers, edible food recovery",
            programs=("sb1383",),
            records=_SB1383_TYPES,
            opens_on="sb1383",
        ),
        Role(
            "code_enforcement",
            "Code enforcement officer",
            "solid-waste storage, accumulation and set-out",
            programs=("solid_waste",),
            records=_SOLID_WASTE_TYPES,
            opens_on="solid_waste",
        ),
        Role(
            "supervisor",
            "Supervisor",
            "every program's work; approves notices and citations; manages staff accounts",
            programs=PROGRAMS,
            records=frozenset({ANY_TYPE}),
        ),
        Role(
            "hearing_officer",
            "Hearing officer",
            "hears the appeals assigned to them and issues the final written orders",
        ),
        Role(
            "auditor",
            "Auditor",
            "reads every page, export and the audit; changes nothing",
            programs=PROGRAMS,
        ),
    )
}


def roles_of(user: Any) -> list[Role]:
    """The user's roles, in the order of :data:`ROLES` (none for an inactive or
    anonymous user). Read once per user object (which lives for one request); a change
    of the user's groups forgets it (:func:`forget_roles`)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return []
    cached = getattr(user, "_sanitas_roles", None)
    if cached is None:
        names = set(user.groups.filter(name__in=list(ROLES)).values_list("name", flat=True))
        cached = [group for group in ROLES if group in names]
        user._sanitas_roles = cached
    return [ROLES[group] for group in cached]


def forget_roles(sender: Any, instance: Any, **kwargs: Any) -> None:
    """``m2m_changed`` of a user's groups: the roles read before are no longer so."""
    if hasattr(instance, "_sanitas_roles"):
        del instance._sanitas_roles


def records_types(role: Role, fact_type: str) -> bool:
    return ANY_TYPE in role.records or fact_type in role.records

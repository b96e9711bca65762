"""Every fact type's form, from a declaration of its data: the form opens for a role
that records the type, valid data is stored as given and its group evaluated before
the page answers, invalid data is refused beside its field, and a role that does not
record the type is refused (the tests: ``tests/generic.py``'s ``RecordFormTests``).

A new fact type is tested by declaring its class here: a fact from a scenario or an
example city, the file whose other facts it names, a field and a value the form must
refuse, the role that records it and roles that do not. The first test fails while a
fact type of the records has no declaration."""

from __future__ import annotations

from sanitas.records.models import RECORD_MODELS

from ..conftest import OWN_SCENARIOS as SCENARIOS
from ..conftest import ROOT
from ..generic import RecordFormTests

EXAMPLES = ROOT / "examples"


def test_every_fact_type_of_the_records_has_its_form_declared():
    declared = RecordFormTests.declared
    assert sorted(set(RECORD_MODELS) - set(declared)) == [], "declare these forms here"
    assert sorted(set(declared) - set(RECORD_MODELS)) == [], "no such fact types"


class TestAccumulationForm(RecordFormTests):
    city = SCENARIOS / "notice-removal-solid-waste.yaml"
    fact = {
        "id": "acc-1",
        "type": "accumulation",
        "premises": "shop",
        "since": "2025-02-24T18:00",
        "garbage": True,
        "observed_at": "2025-02-28T09:00",
    }
    invalid = ("since", "2025-02-30T08:00")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestAccumulationRemovalForm(RecordFormTests):
    city = SCENARIOS / "notice-removal-solid-waste.yaml"
    fact = {
        "type": "accumulation_removal",
        "accumulation": "acc-2",
        "removed_at": "2025-03-01T10:00",
    }
    invalid = ("removed_at", "2025-02-30T08:00")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestAppealRequestForm(RecordFormTests):
    city = SCENARIOS / "enf-appeal.yaml"
    fact = {"type": "appeal_request", "citation": "c-1", "date": "2024-05-21"}
    invalid = ("date", "2025-02-30")
    role = "supervisor"
    refused = ("auditor", "fog_inspector")


class TestBlockageForm(RecordFormTests):
    city = SCENARIOS / "fog-bmp-before-law.yaml"
    fact = {"type": "blockage", "establishment": "fse-1", "date": "2013-09-01"}
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestBmpSubmittalForm(RecordFormTests):
    city = SCENARIOS / "fog-bmp-program.yaml"
    fact = {
        "type": "bmp_submittal",
        "establishment": "complete",
        "date": "2019-02-01",
        "elements": [
            "drain_screens",
            "grease_segregation",
            "food_waste_to_trash",
            "exhaust_filters",
            "employee_training",
            "kitchen_signage",
        ],
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestBuildingApplicationForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {
        "id": "a-1",
        "type": "building_application",
        "date": "2021-10-01",
        "construction": "new",
        "occupancy": "commercial",
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestBurialForm(RecordFormTests):
    city = SCENARIOS / "sw-dumping-and-burial.yaml"
    fact = {"id": "b-1", "type": "burial", "premises": "home", "date": "2025-05-10"}
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestCapacityRequestForm(RecordFormTests):
    city = SCENARIOS / "efg-fro-capacity.yaml"
    fact = {
        "id": "req-open",
        "type": "capacity_request",
        "subject": "pantry",
        "kind": "food_recovery",
        "date": "2025-01-02",
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestCapacityResponseForm(RecordFormTests):
    city = SCENARIOS / "efg-fro-capacity.yaml"
    fact = {"type": "capacity_response", "request": "req-answered-day-of", "date": "2025-03-03"}
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestCdProjectForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {"id": "p-1", "type": "cd_project", "city_project": True, "work_began_on": "2021-06-01"}
    invalid = ("planned_start_on", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestCesspoolForm(RecordFormTests):
    city = SCENARIOS / "sew-cesspool-ban-date-edges.yaml"
    fact = {
        "id": "day-before",
        "type": "cesspool",
        "premises": "lot-2",
        "constructed_on": "1964-12-31",
        "adequate": True,
    }
    invalid = ("constructed_on", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestCitationForm(RecordFormTests):
    city = SCENARIOS / "enf-appeal.yaml"
    fact = {
        "id": "c-1",
        "type": "citation",
        "subject": "p-1",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2024-05-01",
        "amount": 100,
    }
    invalid = ("issued_on", "2025-02-30")
    role = "supervisor"
    refused = ("auditor", "fog_inspector")


class TestCollectionAccessForm(RecordFormTests):
    city = SCENARIOS / "sw-placement-access-binds-from-date.yaml"
    fact = {
        "type": "collection_access",
        "premises": "p-day-before",
        "date": "2024-06-01",
        "rear_or_side_accessible": True,
        "damage_unlikely": True,
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestCollectionObservationForm(RecordFormTests):
    city = SCENARIOS / "sw-recyclables-property.yaml"
    fact = {
        "id": "cart-thief",
        "type": "collection_observation",
        "date": "2025-05-06",
        "collector": "Night Cans LLC",
        "materials": ["recyclables"],
        "from_collection_container": True,
        "locations": ["1 Elm St"],
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestCollectionServiceForm(RecordFormTests):
    city = SCENARIOS / "enf-citation-needs-notice.yaml"
    fact = {
        "type": "collection_service",
        "premises": "d",
        "stream": "organics",
        "gallons_per_week": 32,
        "start": "2022-01-01",
    }
    invalid = ("start", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestCompostObservationForm(RecordFormTests):
    city = SCENARIOS / "sw-compost-cover-branches.yaml"
    fact = {
        "id": "cover-at",
        "type": "compost_observation",
        "premises": "home",
        "date": "2025-04-20",
        "location": "rear_yard",
        "receptacle": "pit",
        "cover": "soil",
        "cover_in": 0.5,
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestConnectionDesignForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "d-shallow",
        "type": "connection_design",
        "permit": "hc-design",
        "persons_served": 30,
        "segments": [
            {
                "from": "street_sewer",
                "to": "property_line",
                "diameter_in": 6,
                "material": "vitrified_clay",
                "length_ft": 25,
                "fall_ft": 0.3,
                "depth_ft": 2,
                "in_street": True,
            },
            {
                "from": "property_line",
                "to": "building",
                "diameter_in": 4,
                "material": "pvc",
                "length_ft": 40,
                "fall_ft": 1,
            },
        ],
    }
    invalid = ("persons_served", "１２")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestConnectionRouteForm(RecordFormTests):
    city = SCENARIOS / "prm-same-lot.yaml"
    fact = {"type": "connection_route", "design": "d-own", "lots": ["lot-80"]}
    invalid = ("design", "nothing like it")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestContainerForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {
        "id": "c-1",
        "type": "container",
        "holder": "flats",
        "stream": "organics",
        "acquired_on": "2019-01-01",
        "color_conforms": False,
        "labeled": False,
        "functional": False,
    }
    invalid = ("acquired_on", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestCorrectionForm(RecordFormTests):
    city = SCENARIOS / "enf-citation-referral.yaml"
    fact = {"type": "correction", "notice": "n-4", "date": "2024-04-10"}
    invalid = ("date", "2025-02-30")
    role = "supervisor"
    refused = ("auditor", "fog_inspector")


class TestDeliveryForm(RecordFormTests):
    city = SCENARIOS / "org-deliveries-self-haul-and-hauler.yaml"
    fact = {
        "id": "d-1",
        "type": "delivery",
        "hauled_by": "yard",
        "facility": "compost",
        "date": "2025-02-03",
        "stream": "organics",
        "tons": 2.5,
        "receipt": True,
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestDeviceForm(RecordFormTests):
    city = SCENARIOS / "fog-25-percent-immediate-service.yaml"
    fact = {
        "id": "gi-1",
        "type": "device",
        "establishment": "fse-1",
        "kind": "grease_interceptor",
        "compartments": 2,
        "approved": True,
        "installed_on": "2018-01-01",
    }
    invalid = ("installed_on", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestDrainConnectionForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "roof-1",
        "type": "drain_connection",
        "premises": "lot-1",
        "source": "roof_conductor",
        "connected_on": "2025-03-01",
    }
    invalid = ("connected_on", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestDumpingForm(RecordFormTests):
    city = SCENARIOS / "sw-dumping-and-burial.yaml"
    fact = {
        "id": "d-lot",
        "type": "dumping",
        "premises": "lot-9",
        "date": "2025-05-02",
        "place": "vacant_lot",
        "material": "miscellaneous_debris",
        "responsible": "J. Doe",
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestEmployeeForm(RecordFormTests):
    city = SCENARIOS / "fog-fse-definition.yaml"
    fact = {
        "id": "emp-1",
        "type": "employee",
        "establishment": "deli-cold",
        "hired_on": "2025-02-01",
    }
    invalid = ("hired_on", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestEstablishmentForm(RecordFormTests):
    city = SCENARIOS / "efg-agreement-before-tier2-start.yaml"
    fact = {"id": "diner", "type": "establishment", "category": "restaurant", "seats": 300}
    invalid = ("opened_on", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor",)


class TestExtensionForm(RecordFormTests):
    city = SCENARIOS / "enf-data-problems.yaml"
    fact = {
        "id": "x-c",
        "type": "extension",
        "notice": "n-c",
        "date": "2024-02-20",
        "new_due_on": "2024-08-31",
        "reason": "act_of_god",
    }
    invalid = ("date", "2025-02-30")
    role = "supervisor"
    refused = ("auditor", "fog_inspector")


class TestFacilityForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {"id": "compost", "type": "facility", "recovers_organics": True}
    invalid = ("kind", "no-such-choice")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestFacilityDesignationForm(RecordFormTests):
    city = SCENARIOS / "org-hauler-facilities-notice.yaml"
    fact = {
        "id": "fd-1",
        "type": "facility_designation",
        "hauler": "hauler-1",
        "facility": "compost",
        "period": "2024",
        "stream": "organics",
        "date": "2024-01-31",
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestFinalCertificateForm(RecordFormTests):
    city = SCENARIOS / "notice-certificate-once.yaml"
    fact = {"id": "cert-71", "type": "final_certificate", "permit": "p-71", "date": "2025-04-01"}
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestFireHazardNoticeForm(RecordFormTests):
    city = SCENARIOS / "notice-removal-solid-waste.yaml"
    fact = {
        "id": "fh-1",
        "type": "fire_hazard_notice",
        "premises": "barn",
        "accumulation": "acc-4",
        "date": "2025-02-27",
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestFogDecisionForm(RecordFormTests):
    city = SCENARIOS / "fog-additives.yaml"
    fact = {
        "type": "fog_decision",
        "establishment": "approved",
        "kind": "additives_approved",
        "date": "2024-01-10",
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestFogObservationForm(RecordFormTests):
    city = SCENARIOS / "fog-additives.yaml"
    fact = {
        "type": "fog_observation",
        "establishment": "approved",
        "date": "2025-02-01",
        "additives_used": True,
        "emulsifiers_used": False,
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestFollowUpObservationForm(RecordFormTests):
    city = SCENARIOS / "notice-removal-solid-waste.yaml"
    fact = {
        "type": "follow_up_observation",
        "subject": "acc-3",
        "observed_at": "2025-03-02T08:00",
        "still_there": False,
    }
    invalid = ("observed_at", "2025-02-30T08:00")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestFoodRecoveryAgreementForm(RecordFormTests):
    city = SCENARIOS / "efg-agreement-data-problems.yaml"
    fact = {
        "id": "ag-early",
        "type": "food_recovery_agreement",
        "generator": "gen-early",
        "partner": "pantry-new",
        "start": "2024-05-31",
    }
    invalid = ("start", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestFoodRecoveryQuantityForm(RecordFormTests):
    city = SCENARIOS / "efg-fro-records.yaml"
    fact = {
        "type": "food_recovery_quantity",
        "kept_by": "fro-ok",
        "other_party": "gen-a",
        "year": 2024,
        "month": 12,
        "pounds": 300,
    }
    invalid = ("year", "１２")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestFrequencyOrderForm(RecordFormTests):
    city = SCENARIOS / "fog-impossible-dates.yaml"
    fact = {
        "id": "order-early",
        "type": "frequency_order",
        "device": "gi-3",
        "date": "2024-11-01",
        "months": 1,
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestGoodSamaritanNoticeForm(RecordFormTests):
    city = SCENARIOS / "efg-good-samaritan.yaml"
    fact = {
        "type": "good_samaritan_notice",
        "partner": "pantry-letter",
        "generator": "gen-b",
        "date": "2025-01-10",
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestGreenwasteCheckForm(RecordFormTests):
    city = SCENARIOS / "sw-greenwaste-separation.yaml"
    fact = {
        "id": "g-ok",
        "type": "greenwaste_check",
        "premises": "home",
        "date": "2025-05-01",
        "greenwaste_separated": True,
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestHaulerForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {"id": "hauler-1", "type": "hauler", "franchised": True}
    invalid = ("franchise_start", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestHaulingServiceForm(RecordFormTests):
    city = SCENARIOS / "sw-exclusive-hauler.yaml"
    fact = {
        "id": "franchise-bin",
        "type": "hauling_service",
        "premises": "site",
        "date": "2025-05-01",
        "provider": "Valley Disposal",
        "franchisee": True,
        "kind": "scheduled_container",
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestHazardCollectionArrangedForm(RecordFormTests):
    city = SCENARIOS / "sw-data-problems-fire-hazard.yaml"
    fact = {
        "id": "hz-early-answer-arranged",
        "type": "hazard_collection_arranged",
        "notice": "hz-early-answer",
        "date": "2025-05-11",
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestHearingOrderForm(RecordFormTests):
    city = SCENARIOS / "enf-appeal.yaml"
    fact = {"type": "hearing_order", "citation": "c-1", "date": "2024-06-10", "decision": "upheld"}
    invalid = ("date", "2025-02-30")
    role = "supervisor"
    refused = ("auditor", "fog_inspector")


class TestInHouseCleaningForm(RecordFormTests):
    city = SCENARIOS / "fog-impossible-dates.yaml"
    fact = {
        "id": "clean-early",
        "type": "in_house_cleaning",
        "device": "gt-1",
        "date": "2024-11-20",
        "time": "21:00",
        "employee_name": "Rosa Kim",
        "volume_gallons": 5,
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestInspectionForm(RecordFormTests):
    city = SCENARIOS / "efg-no-spoil.yaml"
    fact = {
        "type": "inspection",
        "subject": "g-found",
        "date": "2025-02-10",
        "program": "organics",
        "violations": ["ORG-EFG-NO-SPOIL"],
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor",)


class TestJointCheckForm(RecordFormTests):
    city = SCENARIOS / "notice-certificate-once.yaml"
    fact = {
        "type": "joint_check",
        "permit": "p-70",
        "date": "2025-03-18",
        "material": "vitrified_clay",
        "laid_upgrade": True,
        "sockets_upgrade": True,
        "gasket_caulked": True,
        "compound": "hot_poured",
        "watertight": True,
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestMoveInForm(RecordFormTests):
    city = SCENARIOS / "org-annual-education.yaml"
    fact = {
        "id": "mi-1",
        "type": "move_in",
        "premises": "mall",
        "date": "2024-03-01",
        "establishment": "cafe",
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestNoncomplianceChargeForm(RecordFormTests):
    city = SCENARIOS / "fog-noncompliance-charge.yaml"
    fact = {
        "id": "ch-paid",
        "type": "noncompliance_charge",
        "establishment": "fse-1",
        "notice": "n-1",
        "assessed_on": "2025-01-20",
        "due_on": "2025-02-19",
        "paid_on": "2025-02-19",
        "costs": [
            {"category": "inspection_follow_up", "amount_cents": 25000},
            {"category": "laboratory_analysis", "amount_cents": 18050},
            {"category": "inspection_follow_up", "amount_cents": 12525},
            {"category": "agency_fine", "amount_cents": 100000},
        ],
    }
    invalid = ("assessed_on", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestNoticeForm(RecordFormTests):
    city = SCENARIOS / "enf-citation-before-penalties.yaml"
    fact = {
        "id": "n-1",
        "type": "notice",
        "subject": "p-1",
        "requirement": "ORG-COM-ENROLL",
        "issued_on": "2023-03-01",
    }
    invalid = ("issued_on", "2025-02-30")
    role = "supervisor"
    refused = ("auditor", "fog_inspector")


class TestOperationsChangeForm(RecordFormTests):
    city = SCENARIOS / "fog-conditional-waiver-void.yaml"
    fact = {
        "type": "operations_change",
        "establishment": "menu",
        "date": "2023-05-05",
        "change": "food_preparation",
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestOrganicsChecklistForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {
        "id": "chk-1",
        "type": "organics_checklist",
        "subject": "shop",
        "date": "2021-12-01",
        "containers_adequate": False,
        "employee_sorting_measures": False,
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestOrganicsEducationForm(RecordFormTests):
    city = SCENARIOS / "enf-nov-complied-by-self-inspection.yaml"
    fact = {
        "type": "organics_education",
        "subject": "before",
        "date": "2024-08-01",
        "audiences": ["employees", "contractors", "tenants", "customers"],
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestOwnershipTransferForm(RecordFormTests):
    city = SCENARIOS / "fog-conditional-waiver-void.yaml"
    fact = {"type": "ownership_transfer", "establishment": "sold", "date": "2024-11-30"}
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestContractorForm(RecordFormTests):
    city = SCENARIOS / "sew-contractor-licence-before-work.yaml"
    fact = {
        "id": "ctr-canyon",
        "type": "contractor",
        "name": "Canyon Sewer Contractors",
        "license_number": "BL-31877",
        "license_expires_on": "2026-06-30",
        "contact_name": "Rosa Ortega",
        "phone": "626-555-0142",
        "email": "office@canyonsewer.example",
        "address": "412 S Del Mar Ave, San Gabriel, CA 91776",
    }
    invalid = ("license_expires_on", "2026-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestPermitForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "hc-design",
        "type": "permit",
        "kind": "house_connection",
        "number": "HC-2025-301",
        "premises": "lot-1",
        "issued_on": "2025-04-01",
        "fees_paid": True,
    }
    invalid = ("issued_on", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestPileObservationForm(RecordFormTests):
    city = SCENARIOS / "notice-removal-solid-waste.yaml"
    fact = {
        "id": "pile-1",
        "type": "pile_observation",
        "premises": "home",
        "date": "2025-03-01",
        "total_cubic_yards": 3,
        "location": "rear_yard",
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestPremisesForm(RecordFormTests):
    city = SCENARIOS / "efg-fro-location-on-record.yaml"
    fact = {"id": "hall", "type": "premises", "address": "9 Mission Dr"}
    invalid = ("dwelling_units", "１２")
    role = "fog_inspector"
    refused = ("auditor",)


class TestPressureTestForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "hc-test-1",
        "type": "pressure_test",
        "permit": "hc-test",
        "date": "2025-04-10",
        "at": "2025-04-10T09:00",
        "kind": "standing",
        "psi_at_lower_terminus": 3.5,
        "head_above_upper_terminus_in": 2,
        "leaked": True,
        "cement_joints_made_at": "2025-04-10T08:00",
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestPumpOutForm(RecordFormTests):
    city = SCENARIOS / "fog-25-percent-immediate-service.yaml"
    fact = {"type": "pump_out", "device": "gi-1", "date": "2025-02-27", "full": False}
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestRecyclablesSaleForm(RecordFormTests):
    city = SCENARIOS / "sw-recyclables-sale.yaml"
    fact = {
        "id": "sale-ok",
        "type": "recyclables_sale",
        "seller": "store",
        "buyer": "Metal Buyers",
        "date": "2025-05-01",
        "segregated": True,
        "seller_paid_buyer": False,
    }
    invalid = ("date", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestRenovationForm(RecordFormTests):
    city = SCENARIOS / "fog-conditional-waiver-before-void.yaml"
    fact = {"type": "renovation", "establishment": "plumb", "date": "2024-09-09", "plumbing": True}
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestReportForm(RecordFormTests):
    city = SCENARIOS / "efg-agreement-data-problems.yaml"
    fact = {
        "id": "rpt-early",
        "type": "report",
        "subject": "diner-early",
        "kind": "edible_food_annual",
        "period": "2024",
        "date": "2023-12-31",
    }
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestSandTrapInspectionForm(RecordFormTests):
    city = SCENARIOS / "sew-data-problems.yaml"
    fact = {
        "id": "log-before",
        "type": "sand_trap_inspection",
        "device": "trap-1",
        "date": "2025-03-02",
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestSelfHaulerForm(RecordFormTests):
    city = SCENARIOS / "org-before-in-force.yaml"
    fact = {"type": "self_hauler", "subject": "shop", "start": "2020-01-01"}
    invalid = ("start", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestSelfInspectionForm(RecordFormTests):
    city = SCENARIOS / "enf-nov-complied-by-self-inspection.yaml"
    fact = {"type": "self_inspection", "subject": "before", "date": "2024-12-13"}
    invalid = ("date", "2025-02-30")
    role = "sb1383_coordinator"
    refused = ("auditor", "fog_inspector")


class TestSetOutForm(RecordFormTests):
    city = SCENARIOS / "notice-removal-solid-waste.yaml"
    fact = {
        "id": "so-1",
        "type": "set_out",
        "premises": "home",
        "collection_day": "2025-03-04",
        "placed_at": "2025-03-03T15:00",
        "location": "curb",
    }
    invalid = ("collection_day", "2025-02-30")
    role = "code_enforcement"
    refused = ("auditor", "fog_inspector")


class TestSewerConnectionForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-leak-connected-day-after.yaml"
    fact = {
        "id": "hc-leak-connection",
        "type": "sewer_connection",
        "premises": "lot-3",
        "date": "2025-03-10",
        "permit": "hc-leak",
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestSewerEntryForm(RecordFormTests):
    city = SCENARIOS / "sew-manhole-entry.yaml"
    fact = {
        "id": "entry-ok",
        "type": "sewer_entry",
        "date": "2025-03-15",
        "act": "open_or_enter",
        "permit": "mh-1",
        "person": "Valley Plumbing",
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestPermitPaymentForm(RecordFormTests):
    city = SCENARIOS / "prm-charges-fee-schedule.yaml"
    fact = {
        "type": "permit_payment",
        "permit": "c-patch",
        "date": "2025-02-10",
        "amount": "650.00",
        "method": "check",
        "receipt_number": "R-2025-0147",
        "payer": "Gladys Ortiz",
    }
    invalid = ("amount", "12.345")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector", "code_enforcement")


class TestStreetExcavationForm(RecordFormTests):
    city = SCENARIOS / "prm-charges-fee-schedule.yaml"
    fact = {"type": "street_excavation", "permit": "c-patch", "date": "2025-02-10", "area_sqft": 30}
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestTrainingForm(RecordFormTests):
    city = SCENARIOS / "fog-impossible-dates.yaml"
    fact = {
        "id": "tr-early",
        "type": "training",
        "establishment": "fse-1",
        "date": "2025-01-31",
        "employees": ["emp-1"],
        "signed": True,
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestUnacceptedStreetSewerForm(RecordFormTests):
    city = SCENARIOS / "prm-unaccepted-street.yaml"
    fact = {
        "id": "tract-sewer",
        "type": "unaccepted_street_sewer",
        "design": "d-tract",
        "supervised": True,
        "plans_approved": True,
        "street": "Tract 5512 Lane A",
    }
    invalid = ("design", "nothing like it")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestWaiverForm(RecordFormTests):
    city = SCENARIOS / "fog-approval-not-recorded.yaml"
    fact = {
        "id": "v-refused",
        "type": "waiver",
        "subject": "trap-refused",
        "kind": "fog_variance",
        "granted_on": "2016-02-01",
    }
    invalid = ("granted_on", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestWashRackUseForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "wash-use",
        "type": "wash_rack_use",
        "establishment": "wash",
        "date": "2025-04-20",
        "until": "2025-04-22",
    }
    invalid = ("date", "2025-02-30")
    role = "fog_inspector"
    refused = ("auditor", "permit_clerk")


class TestWorkCoveredForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "hc-covered-cover",
        "type": "work_covered",
        "permit": "hc-covered",
        "date": "2025-04-09",
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestInspectionRequestForm(RecordFormTests):
    city = SCENARIOS / "prm-inspection-request.yaml"
    fact = {
        "id": "ir-working-final",
        "type": "inspection_request",
        "permit": "ir-working",
        "stage": "final",
        "requested_on": "2025-03-25",
        "day": "2025-03-27",
        "window": "morning",
        "called_by": "Luis at Acme Sewer",
        "inspector": "Ana Ruiz",
    }
    invalid = ("day", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestWorkInspectionForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "hc-approved-ok",
        "type": "work_inspection",
        "permit": "hc-approved",
        "date": "2025-04-11",
        "result": "approved",
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestWorkResumedForm(RecordFormTests):
    city = SCENARIOS / "prm-lapse-suspension.yaml"
    fact = {"type": "work_resumed", "permit": "s-resumed", "date": "2025-05-31"}
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestWorkStartedForm(RecordFormTests):
    city = SCENARIOS / "gen-referral-acts.yaml"
    fact = {
        "id": "hc-test-started",
        "type": "work_started",
        "permit": "hc-test",
        "date": "2025-04-02",
    }
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")


class TestWorkSuspendedForm(RecordFormTests):
    city = SCENARIOS / "prm-lapse-suspension.yaml"
    fact = {"type": "work_suspended", "permit": "s-day-of", "date": "2025-05-01"}
    invalid = ("date", "2025-02-30")
    role = "permit_clerk"
    refused = ("auditor", "fog_inspector")

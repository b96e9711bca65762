"""The sweep evaluates the groups of a batch together and sends back only what
changed: each group's findings, problems, next look and digest are those of its
evaluation alone, and a group that finds what was stored sends back nothing."""

from __future__ import annotations

from datetime import date

import pytest

from sanitas.bench.engine import CityGenerator
from sanitas.ordinance.document import read_data
from sanitas.ordinance.engine import evaluate_facts
from sanitas.ordinance.facts import parse_facts
from sanitas.records import sweep as sweeping
from sanitas.records.models import Finding, SubjectGroup
from sanitas.records.services import record_facts
from sanitas.records.sweep import evaluate_groups, jurisdiction_pack, read_groups, sweep

from ..conftest import ROOT

pytestmark = pytest.mark.django_db
BLOCK = ROOT / "examples" / "city-block.yaml"


def _load() -> list[str]:
    # stored only: the sweeps under test evaluate them
    record_facts(raw_facts=CityGenerator(11).city(60)["facts"], actor="bench", evaluate=False)
    record_facts(raw_facts=read_data(BLOCK)["facts"], actor="clerk", evaluate=False)
    return sorted(SubjectGroup.objects.values_list("key", flat=True))


def _counting(monkeypatch) -> list[int]:
    """Count the engine's evaluations (each call's number of facts)."""
    calls: list[int] = []
    evaluate = sweeping.evaluate_facts

    def counted(facts, **kwargs):
        calls.append(len(facts))
        return evaluate(facts, **kwargs)

    monkeypatch.setattr(sweeping, "evaluate_facts", counted)
    return calls


@pytest.mark.parametrize("as_of", [date(2025, 3, 1), date(2025, 11, 17), date(2027, 1, 4)])
def test_groups_evaluated_together_find_what_each_finds_alone(monkeypatch, as_of):
    groups = _load()
    payload = read_groups(groups)
    pack = jurisdiction_pack()
    assert sum(bool(lent) for _g, _raw, lent in payload) > 3, "the city lends records"
    alone = [evaluate_groups([item], as_of, pack)[0] for item in payload]
    calls = _counting(monkeypatch)
    together = evaluate_groups(payload, as_of, pack)
    assert together == alone
    # and they were evaluated together: far fewer evaluations than groups
    assert len(calls) < len(payload) / 2
    assert sum(keyed is not None and len(keyed) > 0 for _g, keyed, *_ in together) > 30


@pytest.mark.parametrize("as_of", [date(2024, 2, 10), date(2025, 6, 30), date(2026, 11, 20)])
def test_no_rule_runs_on_lent_records_and_a_group_finds_the_same(monkeypatch, as_of):
    """A food bank is lent every generator it serves; its rules read them, but none
    runs on them. What each group finds for its own records (findings, problems, next
    look, digest) is what it finds when every rule runs on every fact it holds."""
    groups = _load()
    payload = read_groups(groups)
    pack = jurisdiction_pack()
    about_lent = []
    evaluate = sweeping.evaluate_facts

    def everything(facts, **kwargs):
        context = set(kwargs.pop("context", ()))
        evaluation = evaluate(facts, **kwargs)
        about_lent.extend(f for f in evaluation.findings if f.subject in context)
        return evaluation

    monkeypatch.setattr(sweeping, "evaluate_facts", everything)
    every_rule = [evaluate_groups([item], as_of, pack)[0] for item in payload]
    # the work left out: the findings the food banks' rules made about their
    # generators, each found again by the generator's own group
    assert len(about_lent) > 100
    monkeypatch.setattr(sweeping, "evaluate_facts", evaluate)
    assert [evaluate_groups([item], as_of, pack)[0] for item in payload] == every_rule
    assert evaluate_groups(payload, as_of, pack) == every_rule
    assert sum(keyed is not None and len(keyed) > 0 for _g, keyed, *_ in every_rule) > 30


def test_the_engine_runs_no_rule_on_facts_given_as_context():
    """Facts given as context are read by the rules on the others, and no rule runs
    on them: what is found about every other subject is what is found without the
    context, and less is found about them."""
    facts = parse_facts(CityGenerator(5).city(12)["facts"])
    pack = jurisdiction_pack()
    whole = evaluate_facts(facts, as_of=date(2025, 6, 30), pack=pack, report_derived=False)
    establishments = sorted(f.id for f in facts if f.type == "establishment")
    context = set(establishments[::2])
    part = evaluate_facts(
        facts, as_of=date(2025, 6, 30), pack=pack, report_derived=False, context=context
    )

    def others(evaluation):
        return [f for f in evaluation.findings if f.subject not in context]

    assert others(part), "the others are found about"
    assert others(part) == others(whole)
    about = [f for f in part.findings if f.subject in context]
    assert len(about) < len(whole.findings) - len(others(whole))


def test_groups_that_name_a_key_in_common_are_evaluated_apart(monkeypatch):
    groups = _load()
    as_of = date(2025, 3, 1)
    pack = jurisdiction_pack()
    payload = read_groups(groups)[:8]
    alone = [evaluate_groups([item], as_of, pack)[0] for item in payload]
    # two groups that name the same key (as two generators lent one food bank do)
    # cannot be told apart in one evaluation: they go to two parts
    group, raw, lent = payload[1]
    shared = {**payload[0][1][0]}
    crossed = [payload[0], (group, [*raw, shared], lent), *payload[2:]]
    parts = sweeping._disjoint(crossed)
    assert len(parts) == 2
    assert [g for g, *_ in parts[0][0]] == [payload[0][0], *(g for g, *_ in payload[2:])]
    assert [g for g, *_ in parts[1][0]] == [group]
    calls = _counting(monkeypatch)
    together = sweeping._evaluate_together(crossed, as_of, pack)
    assert group not in together and len(together) == 7
    assert len(calls) == 1
    assert evaluate_groups(payload, as_of, pack) == alone


def test_a_group_that_finds_its_stored_digest_sends_back_no_findings():
    groups = _load()
    as_of = date(2025, 3, 1)
    pack = jurisdiction_pack()
    payload = read_groups(groups)
    full = evaluate_groups(payload, as_of, pack)
    stored = {group: digest for group, *_rest, digest in full[::2]}
    stored[full[1][0]] = "a digest of other findings"
    sent = evaluate_groups(payload, as_of, pack, stored)
    for (group, keyed, problems, next_check, digest), whole in zip(sent, full, strict=True):
        assert (group, next_check, digest) == (whole[0], whole[3], whole[4])
        if stored.get(group) == digest:
            assert (keyed, problems) == (None, None)
        else:
            assert (keyed, problems) == (whole[1], whole[2])


def test_a_group_stored_by_another_since_its_read_is_evaluated_again():
    groups = _load()
    as_of = date(2025, 3, 1)
    pack = jurisdiction_pack()
    sweep(as_of=as_of, full=True)
    state = {
        key: (pk, changed, digest)
        for key, pk, changed, digest in SubjectGroup.objects.values_list(
            "key", "id", "changed_at", "findings_digest"
        )
    }
    payload = read_groups(groups[:5])
    full = evaluate_groups(payload, as_of, pack)
    # the worker saw the digest of the read, which another sweep has replaced since
    read_digests = {group: digest for group, *_rest, digest in full}
    sent = evaluate_groups(payload, as_of, pack, read_digests)
    assert all(keyed is None for _g, keyed, *_ in sent)
    changed = {**state, groups[2]: (*state[groups[2]][:2], "stored by another sweep")}
    again = sweeping._with_findings(sent, changed, as_of, pack)
    assert again[2] == full[2]
    assert [item[1] for i, item in enumerate(again) if i != 2] == [None] * 4


def test_jobs_are_cut_by_groups_and_by_facts(monkeypatch):
    monkeypatch.setattr(sweeping, "BATCH", 3)
    monkeypatch.setattr(sweeping, "BATCH_FACTS", 10)
    sizes = {"a": 2, "b": 3, "c": 4, "d": 1, "e": 25, "f": 1, "g": 1, "h": 1, "i": 1}
    facts = {group: [None] * size for group, size in sizes.items() if group != "c"}
    lent = {group: {} for group in sizes}
    lent["c"] = {f"k{n}": None for n in range(4)}  # lent records count as facts
    batches = sweeping._batches(list(sizes), facts, lent)
    # in order, each group once; a group over the cap is a job alone
    assert batches == [["a", "b", "c"], ["d"], ["e"], ["f", "g", "h"], ["i"]]
    assert sweeping._batches([], {}, {}) == []


def test_a_sweep_with_small_jobs_stores_what_one_with_large_jobs_stores(monkeypatch):
    """A food bank is lent the records of every generator it serves: its job is cut
    from the others' by the facts, and what is stored is the same."""
    _load()
    as_of = date(2025, 3, 1)
    sweep(as_of=as_of, full=True)
    large = sorted(SubjectGroup.objects.values_list("key", "findings_digest", "next_check_on"))
    SubjectGroup.objects.update(findings_digest="")  # everything is stored again
    monkeypatch.setattr(sweeping, "BATCH_FACTS", 12)
    sizes = []
    cut = sweeping._batches

    def noted(groups, facts, lent):
        batches = cut(groups, facts, lent)
        sizes.extend(
            (len(b), sum(len(facts.get(g, ())) + len(lent[g]) for g in b)) for b in batches
        )
        return batches

    monkeypatch.setattr(sweeping, "_batches", noted)
    again = sweep(as_of=as_of, full=True)
    assert again.findings_created == 0 and again.findings_closed == 0
    assert (
        sorted(SubjectGroup.objects.values_list("key", "findings_digest", "next_check_on")) == large
    )
    # more jobs than the groups alone would make, and only a lone group over the cap
    assert len(sizes) > 2 * len(large) / sweeping.BATCH
    assert all(count == 1 for count, size in sizes if size > 12)
    assert any(size > 12 for _count, size in sizes) and any(count > 1 for count, _ in sizes)


def test_no_rule_on_a_type_the_sweep_lends_names_another_subject_itself():
    """What lets the sweep run no rule on lent records: a rule on a type it lends
    finds about the fact it runs on. A rule that names another subject, or reports a
    data problem, in its own body would need the lent records run again."""
    import ast
    import inspect
    import textwrap

    import sanitas.ordinance.rules  # noqa: F401
    from sanitas.ordinance.engine import RULES
    from sanitas.records.bridge import _lent_types

    lent = _lent_types()
    on_lent = [spec for spec in RULES if spec.on in lent]
    assert len(on_lent) > 20

    def names_a_subject(source: str) -> bool:
        """A call given ``subject=`` other than a declared message's (a constant's
        name: ``_SHORT(subject=…)`` is a sentence's word, not the finding's subject)."""
        for node in ast.walk(ast.parse(textwrap.dedent(source))):
            if isinstance(node, ast.Call) and any(k.arg == "subject" for k in node.keywords):
                callee = node.func
                if not (isinstance(callee, ast.Name) and callee.id.lstrip("_").isupper()):
                    return True
        return False

    naming = [
        spec.qualname
        for spec in on_lent
        if names_a_subject(source := inspect.getsource(spec.func)) or "data_problem" in source
    ]
    assert naming == []


def test_a_chunk_reads_what_its_groups_are_lent_part_by_part(monkeypatch):
    """The food banks, side by side in the order of keys, are read apart: a chunk's
    groups are cut where the records lent them would pass the cap, counted before
    they are read; worker processes sent each job as bytes store what one process
    stores."""
    groups = _load()
    as_of = date(2025, 3, 1)
    facts = sweeping.placed_facts(groups)
    lent = {group: len(keys) for group, keys in sweeping.lent_facts(groups, facts).items()}
    banks = [group for group in groups if lent[group] > 5]
    assert len(banks) > 3, "the city's food banks are lent records"
    # what a group is lent is counted before it is read: its own records, and each
    # agreement naming it with the generator's establishment and premises (a
    # generator is lent the food bank it names, one record, not counted)
    weights = sweeping._reading_weights(groups, facts)
    for group in groups:
        held = len(facts.get(group, ())) + lent[group]
        assert weights[group] == held if group in banks else held - 1 <= weights[group] <= held
    assert sweeping._reading_parts(groups, facts) == [groups], "a small city reads at once"
    cap = 2 * min(weights[group] for group in banks) - 1  # no two food banks together
    monkeypatch.setattr(sweeping, "PART_FACTS", cap)
    parts = sweeping._reading_parts(groups, facts)
    assert [group for part in parts for group in part] == groups
    assert all(sum(weights[g] for g in part) <= cap for part in parts if len(part) > 1)
    assert all(sum(group in banks for group in part) <= 1 for part in parts)
    assert len(banks) < len(parts) < len(groups)
    sweep(as_of=as_of, full=True)
    stored = sorted(SubjectGroup.objects.values_list("key", "findings_digest", "next_check_on"))
    findings = sorted(Finding.objects.values_list("requirement", "subject", "period", "status"))
    Finding.objects.update(status="stale")
    SubjectGroup.objects.update(findings_digest="")  # everything is stored again
    monkeypatch.setattr(sweeping, "BATCH", 3)
    monkeypatch.setattr(sweeping, "CHUNK", 40)
    again = sweep(as_of=as_of, full=True, workers=2)
    assert again.findings_created == 0 and again.findings_updated == len(findings)
    assert (
        sorted(SubjectGroup.objects.values_list("key", "findings_digest", "next_check_on"))
        == stored
    )
    assert (
        sorted(Finding.objects.values_list("requirement", "subject", "period", "status"))
        == findings
    )

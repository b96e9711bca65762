"""The sweep split into chunk tasks that any number of worker processes take.

The engine is a pure function of a subject group's facts, so a sweep is as many
independent pieces of work as it has groups. :func:`start_distributed_sweep`
plans a run (:class:`~sanitas.records.models.SweepRun`): the groups to sweep, in
key order, cut into chunks (:class:`~sanitas.records.models.SweepChunk`), each
enqueued as a task on the ``sweep`` queue of the task framework (django-tasks,
its database backend). Workers on this machine or on others sharing the
PostgreSQL database (``sanitas sweep-worker``) take the tasks; each reads its
own chunk's groups, evaluates them and stores their findings.

What a chunk keeps of the single-process sweep's guarantees:

- its groups are read in one consistent snapshot (PostgreSQL: a repeatable-read
  transaction, so workers read side by side; SQLite: under the write lock), with
  each group's ``changed_at`` as read;
- the engine runs outside any transaction, so workers evaluate side by side and
  writers of records are never held up by it;
- the store is one transaction under the records' write lock: a group whose
  ``changed_at`` is no longer the one read (a record committed since) or that was
  merged away is left to the next sweep; a group whose findings have the digest
  of those stored has nothing to store; every stored group is stamped swept as of
  the time it was read; and the chunk is marked done in that same transaction.
  A chunk is therefore done with all its groups or not at all, and a retried or
  duplicated chunk stores nothing (it finds the chunk done, or the digests equal).

A worker that dies (``kill -9``, a machine lost) leaves its chunk ``running``
with a lease that is no longer renewed; :func:`reclaim_stale_chunks` (run by
every idle ``sanitas sweep-worker`` and by a waiting ``sanitas sweep
--distributed``) hands such a chunk to the queue again. The task framework's own
row for the dead task stays "running": the chunk table, not the task's row, is
what says whether the work was done.

The rule pack travels by name and version: a worker loads the run's pack by name
and refuses the chunk, with the reason, when the version it computes differs
(another edition of the pack, or of the engine).
"""

from __future__ import annotations

import hashlib
import os
import socket
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from django.db import connection, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

import sanitas
from sanitas.ordinance.pack import RulePack, load_pack
from sanitas.records import bulk, deferred
from sanitas.records.models import SubjectGroup, SweepChunk, SweepRun
from sanitas.records.services import lock_records
from sanitas.records.sweep import (
    SweepResult,
    evaluate_groups,
    groups_to_sweep,
    jurisdiction_pack,
    read_groups,
    store_evaluated,
)

#: groups per chunk: as the single-process sweep reads them
DEFAULT_CHUNK = 400
#: seconds a worker holds a chunk without renewing its lease (a chunk of 400 groups
#: takes a few seconds; the lease is renewed between reading, evaluating and storing)
DEFAULT_LEASE = int(os.environ.get("SANITAS_SWEEP_LEASE_SECONDS", "").strip() or "120")
#: tries of a chunk before its run fails (a refusal or an error each count one)
MAX_ATTEMPTS = 5


class SweepRefused(Exception):
    """A worker cannot sweep a chunk (its rule pack differs from the run's)."""


# --------------------------------------------------------------------------- the pack's version


@cache
def _engine_digest() -> str:
    """A digest of the engine's source: two machines whose engines differ in any
    line may find differently, so their packs' versions differ too."""
    digest = hashlib.blake2b(digest_size=8)
    root = Path(__file__).resolve().parent.parent / "ordinance"
    for path in sorted(root.rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def pack_version(pack: RulePack) -> str:
    """The version a rule pack travels with: Sanitas's version, then a digest of
    everything the engine takes from the pack (its parameters and their values by
    date, its calendar) and of the engine's own source."""
    content = {
        "jurisdiction": pack.jurisdiction,
        "name": pack.name,
        "timezone": pack.timezone,
        "holidays": [
            pack.holiday_country,
            pack.holiday_subdivision,
            pack.holiday_observed,
            pack.holiday_dates,
            pack.holiday_extra,
        ],
        "parameters": {
            name: [param.unit, [[on, value] for on, value in param.values]]
            for name, param in sorted(pack.parameters.items())
        },
    }
    digest = hashlib.blake2b(
        orjson.dumps(content, default=str, option=orjson.OPT_SORT_KEYS), digest_size=8
    )
    digest.update(_engine_digest().encode())
    return f"{sanitas.__version__}+{digest.hexdigest()}"


def worker_name() -> str:
    """How a worker is named in the chunks it holds: its machine and process."""
    return f"{socket.gethostname()}:{os.getpid()}"


# --------------------------------------------------------------------------- planning


def start_distributed_sweep(
    *,
    as_of: date,
    full: bool,
    chunk_size: int = DEFAULT_CHUNK,
    lease_seconds: int = DEFAULT_LEASE,
    actor: str = "sweep",
    pack: RulePack | None = None,
) -> SweepRun:
    """Plan a run: the groups to sweep (every group with ``full``), in key order, in
    chunks of ``chunk_size``, each enqueued on the ``sweep`` queue. The run, its
    chunks and their tasks commit together, so no worker sees a task whose chunk is
    not there. A run with no group to sweep is done at once."""
    if chunk_size < 1:
        raise ValueError("a chunk holds at least one subject group")
    pack = pack or jurisdiction_pack()
    deferred.build_missing()  # those a sweep killed before it built them
    with transaction.atomic():
        groups = groups_to_sweep(as_of, full=full)
        run = SweepRun.objects.create(
            as_of=as_of,
            full=full,
            pack_name=pack.jurisdiction,
            pack_version=pack_version(pack),
            chunk_size=chunk_size,
            lease_seconds=lease_seconds,
            groups=len(groups),
            started_by=actor,
        )
        chunks = SweepChunk.objects.bulk_create(
            [
                SweepChunk(run=run, number=number, groups=groups[start : start + chunk_size])
                for number, start in enumerate(range(0, len(groups), chunk_size))
            ],
            batch_size=500,
        )
        if not chunks:
            run.state, run.finished_at = SweepRun.DONE, timezone.now()
            run.save(update_fields=["state", "finished_at"])
            return run
        if connection.vendor != "postgresql" or any(c.pk is None for c in chunks):
            chunks = list(run.chunks.order_by("number"))
        for chunk in chunks:
            chunk.task_id = _enqueue(chunk.pk)
        SweepChunk.objects.bulk_update(chunks, ["task_id"], batch_size=500)
    return run


def _enqueue(chunk_id: int) -> str:
    from sanitas.records.tasks import sweep_chunk

    return str(sweep_chunk.enqueue(chunk_id).id)


# --------------------------------------------------------------------------- a chunk


@dataclass
class _Read:
    read_at: datetime
    #: each group's changed_at as read: a different one at the store means a record
    #: committed since, and the group is left to the next sweep
    changed: dict[str, datetime]
    payload: list[tuple[str, list[dict[str, Any]], set[str]]]


def run_chunk(*, chunk_id: int, worker: str) -> dict[str, Any]:
    """Sweep one chunk as ``worker``: claim it, read its groups, evaluate them and
    store what they found (see the module docstring). What it did, for the task's
    result. A chunk that is done, or held by a live worker, is left alone."""
    chunk = _claim(chunk_id, worker)
    if chunk is None:
        return {"chunk": chunk_id, "outcome": "done or held by another worker"}
    run = chunk.run
    try:
        pack = _pack_for(run, worker)
        read = _read(chunk.groups)
        _renew(chunk, worker)
        evaluated = evaluate_groups(read.payload, run.as_of, pack)
        _renew(chunk, worker)
        outcome = _store(chunk, worker, read, evaluated)
    except Exception as exc:
        _release(chunk, worker, exc)
        raise
    return {"chunk": chunk_id, **outcome}


def _claim(chunk_id: int, worker: str) -> SweepChunk | None:
    with transaction.atomic():
        chunk = SweepChunk.objects.select_for_update().select_related("run").get(pk=chunk_id)
        now = timezone.now()
        finished = chunk.state in (SweepChunk.DONE, SweepChunk.FAILED)
        if finished or chunk.run.state != SweepRun.RUNNING:
            return None
        held = chunk.state == SweepChunk.RUNNING and chunk.lease_until and chunk.lease_until > now
        if held and chunk.claimed_by != worker:
            return None
        chunk.state = SweepChunk.RUNNING
        chunk.claimed_by = worker
        chunk.lease_until = now + timedelta(seconds=chunk.run.lease_seconds)
        chunk.attempts += 1
        chunk.save(update_fields=["state", "claimed_by", "lease_until", "attempts"])
    return chunk


def _pack_for(run: SweepRun, worker: str) -> RulePack:
    try:
        pack = load_pack(run.pack_name)
    except Exception as exc:
        raise SweepRefused(
            f"worker {worker} cannot load the rule pack {run.pack_name!r} that sweep "
            f"{run.pk} was planned with: {exc}"
        ) from None
    version = pack_version(pack)
    if version != run.pack_version:
        raise SweepRefused(
            f"worker {worker} has rule pack {run.pack_name} version {version}, but sweep "
            f"{run.pk} was planned with version {run.pack_version}: run the same edition "
            "of Sanitas and of the rule pack on every worker"
        )
    return pack


def _read(groups: list[str]) -> _Read:
    """The chunk's groups, read in one consistent snapshot, and each one's
    ``changed_at`` as read."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            if not _in_outer_transaction():
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        else:
            lock_records()  # SQLite: the transaction already holds the write lock
        read_at = timezone.now()
        changed = {
            key: changed_at
            for start in range(0, len(groups), bulk.IN_CHUNK)
            for key, changed_at in SubjectGroup.objects.filter(
                key__in=groups[start : start + bulk.IN_CHUNK]
            ).values_list("key", "changed_at")
        }
        payload = read_groups(groups)
    return _Read(read_at, changed, payload)


def _in_outer_transaction() -> bool:
    """Whether the read runs inside a transaction begun by a caller (a test's, or a
    command's): then it reads in that one, and may not set its isolation level."""
    return len(connection.atomic_blocks) > 1


def _renew(chunk: SweepChunk, worker: str) -> None:
    """A sign of life: the worker's lease on the chunk runs on."""
    SweepChunk.objects.filter(pk=chunk.pk, claimed_by=worker, state=SweepChunk.RUNNING).update(
        lease_until=timezone.now() + timedelta(seconds=chunk.run.lease_seconds)
    )


def _store(chunk: SweepChunk, worker: str, read: _Read, evaluated: list) -> dict[str, Any]:
    run = chunk.run
    with transaction.atomic():
        lock_records()
        current = SweepChunk.objects.select_for_update().get(pk=chunk.pk)
        if current.state in (SweepChunk.DONE, SweepChunk.FAILED):
            # another worker took the chunk over (this one was slow past its lease) and
            # stored it: what this one found is the same, or older
            return {"outcome": f"already {current.state}: nothing stored"}
        state = {
            key: (pk, changed_at, digest)
            for start in range(0, len(chunk.groups), bulk.IN_CHUNK)
            for key, pk, changed_at, digest in SubjectGroup.objects.filter(
                key__in=chunk.groups[start : start + bulk.IN_CHUNK]
            ).values_list("key", "id", "changed_at", "findings_digest")
        }
        fresh = {
            g: state[g][0]
            for g in chunk.groups
            if g in state and g in read.changed and state[g][1] == read.changed[g]
        }
        result = SweepResult()
        now = timezone.now()
        store_evaluated(
            evaluated,
            fresh=fresh,
            digests={g: state[g][2] for g in fresh},
            as_of=run.as_of,
            read_at=read.read_at,
            now=now,
            result=result,
        )
        current.state = SweepChunk.DONE
        current.claimed_by = worker
        current.lease_until = None
        current.error = ""
        current.swept = result.groups
        current.skipped = len(chunk.groups) - result.groups
        current.findings_created = result.findings_created
        current.findings_updated = result.findings_updated
        current.findings_closed = result.findings_closed
        current.finished_at = now
        current.save()
        # the last chunk stored finishes the run (the records' lock orders the stores)
        if not run.chunks.exclude(state=SweepChunk.DONE).exists():
            SweepRun.objects.filter(pk=run.pk, state=SweepRun.RUNNING).update(
                state=SweepRun.DONE, finished_at=now
            )
    return {
        "outcome": "stored",
        "swept": current.swept,
        "skipped": current.skipped,
        "findings_created": current.findings_created,
        "findings_updated": current.findings_updated,
        "findings_closed": current.findings_closed,
    }


def _release(chunk: SweepChunk, worker: str, exc: Exception) -> None:
    """Give back a chunk that could not be swept, with the reason, to the queue for
    another try; after :data:`MAX_ATTEMPTS` the chunk, and its run, fail."""
    message = str(exc) or type(exc).__name__
    with transaction.atomic():
        current = SweepChunk.objects.select_for_update().get(pk=chunk.pk)
        if current.state != SweepChunk.RUNNING or current.claimed_by != worker:
            return  # taken over meanwhile
        current.error = message
        current.claimed_by = ""
        current.lease_until = None
        if current.attempts >= MAX_ATTEMPTS:
            current.state = SweepChunk.FAILED
            current.save(update_fields=["state", "error", "claimed_by", "lease_until"])
            SweepRun.objects.filter(pk=current.run_id, state=SweepRun.RUNNING).update(
                state=SweepRun.FAILED,
                finished_at=timezone.now(),
                error=f"chunk {current.number} failed {current.attempts} times: {message}",
            )
            return
        current.state = SweepChunk.PENDING
        current.task_id = _enqueue(current.pk)
        current.save(update_fields=["state", "error", "claimed_by", "lease_until", "task_id"])


# --------------------------------------------------------------------------- workers that died


def reclaim_stale_chunks(*, now: datetime | None = None) -> list[int]:
    """Hand back to the queue every chunk of a running run whose worker is gone: one
    held past its lease (the worker died, or hangs, mid-chunk), or one waiting for a
    task that will not run it (its task ended, vanished, or was taken by a worker
    that died before claiming the chunk). The chunks' ids."""
    from django_tasks_db.models import DBTaskResult

    now = now or timezone.now()
    reclaimed: list[int] = []
    with transaction.atomic():
        live = SweepChunk.objects.filter(run__state=SweepRun.RUNNING)
        held_past_lease = live.filter(state=SweepChunk.RUNNING, lease_until__lt=now)
        waiting = list(
            live.filter(state=SweepChunk.PENDING).values_list("id", "task_id", "run__lease_seconds")
        )
        tasks = {
            str(task_id).replace("-", ""): (status, started_at)
            for task_id, status, started_at in DBTaskResult.objects.filter(
                id__in=[task_id for _c, task_id, _l in waiting if task_id]
            ).values_list("id", "status", "started_at")
        }
        orphans = []
        for chunk_id, task_id, lease in waiting:
            status, started_at = tasks.get(task_id.replace("-", ""), ("GONE", None))
            if status == "READY":
                continue  # in the queue
            if status == "RUNNING" and started_at and started_at >= now - timedelta(seconds=lease):
                continue  # just taken: the worker is claiming the chunk
            orphans.append(chunk_id)
        stale = SweepChunk.objects.select_for_update().filter(
            Q(pk__in=held_past_lease.values("pk")) | Q(pk__in=orphans)
        )
        for chunk in stale.order_by("pk"):
            chunk.state = SweepChunk.PENDING
            chunk.error = (
                f"taken back from {chunk.claimed_by}, whose lease ran out"
                if chunk.claimed_by
                else chunk.error
            )
            chunk.claimed_by = ""
            chunk.lease_until = None
            chunk.task_id = _enqueue(chunk.pk)
            chunk.save(update_fields=["state", "error", "claimed_by", "lease_until", "task_id"])
            reclaimed.append(chunk.pk)
    return reclaimed


# --------------------------------------------------------------------------- progress


def run_progress(run: SweepRun) -> tuple[int, int]:
    """(chunks done, chunks) of ``run``: what a progress bar shows."""
    counts = run.chunks.aggregate(total=Count("id"), done=Count("id", filter=Q(state="done")))
    return counts["done"], counts["total"]


def run_totals(run: SweepRun) -> dict[str, int]:
    """What the run's stored chunks did, added up."""
    totals = run.chunks.filter(state=SweepChunk.DONE).aggregate(
        swept=Sum("swept"),
        skipped=Sum("skipped"),
        findings_created=Sum("findings_created"),
        findings_updated=Sum("findings_updated"),
        findings_closed=Sum("findings_closed"),
    )
    return {key: value or 0 for key, value in totals.items()}


def run_workers(run: SweepRun) -> dict[str, int]:
    """Chunks stored by each worker."""
    rows = (
        run.chunks.filter(state=SweepChunk.DONE)
        .values("claimed_by")
        .annotate(n=Count("id"))
        .values_list("claimed_by", "n")
    )
    return dict(rows)


# --------------------------------------------------------------------------- a worker


def serve_sweep_queue(*, interval: float = 1.0, until_idle: bool = False) -> None:
    """Take chunks from the ``sweep`` queue until stopped (SIGTERM or SIGINT let the
    chunk in hand finish first): django-tasks-db's own worker loop, and whenever the
    queue is empty, the chunks of dead workers taken back. With ``until_idle``,
    return once no run is left running."""
    import time

    from django.db import close_old_connections
    from django_tasks_db.management.commands.db_worker import Worker

    worker = Worker(
        queue_names=["sweep"],
        interval=0,
        batch=True,  # return when the queue is empty, to look for dead workers' chunks
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_name()[-64:],
        excluded_queue_names=[],
    )
    worker.configure_signals()
    while worker.running:
        worker.run()
        close_old_connections()
        if reclaim_stale_chunks():
            continue
        if until_idle and not SweepRun.objects.filter(state=SweepRun.RUNNING).exists():
            return
        time.sleep(interval)
